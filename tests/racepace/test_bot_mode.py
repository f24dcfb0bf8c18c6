"""RP Game Play Variants, Bot Mode: React out of order, Bot actions from the
start lights, and every Bot rule."""
from __future__ import annotations

import pytest

from chequered.engine.protocol import IllegalAction
from chequered.games.racepace.actions import Select

from .helpers import (AER, CHARGE, DEFEND, EBS, G, MEC_B, PU, PU_B, REACT, T, XP_B, kinds, moved,
                      new_race, place, play_round, set_card, to_decide)

# With the calm cards si_01 / sii_02 the start lights read:
#   deck I : Dutch (orange) 8 Defend, Bastian (red) 6 Charge, Eddy (yellow) 5 XP, Kimi (white) 3 AER
#   deck II: Bjorn (blue) 4 SKI, Valentino (purple) 8 Defend, Celine (pink) 6 Charge, Jesús (green) 2 PU


def bots(drivers, seats, teams=None, **kw):
    return new_race(drivers, teams=teams, seats=seats, **kw)


def test_bot_mode_lights_colour_of_the_driver_number_is_the_action():
    s = bots(["kimi", "bastian", "jesus"], ["human", "bot", "bot"])
    assert T.colour_deck == {"orange": "I", "red": "I", "yellow": "I", "white": "I",
                             "blue": "II", "purple": "II", "pink": "II", "green": "II"}
    assert to_decide(s) == [2, 0, 1]                      # a bot can be the start player
    assert G.legal_actions(s, 2) == [Select(2)]      # Jesús: green light on sii_02
    set_card(s, "II", "sii_09")                      # green 9 on this card
    assert G.legal_actions(s, 2) == [Select(9)]
    with pytest.raises(IllegalAction, match="Bot mode"):
        G.apply(s, 2, Select(2))


def test_bot_mode_react_out_of_order():
    s = bots(["kimi", "bastian"], ["human", "bot"])
    G.apply(s, 1, G.legal_actions(s, 1)[0])
    assert REACT not in {a.button for a in G.legal_actions(s, 0)}
    with pytest.raises(IllegalAction, match="out of order"):
        G.apply(s, 0, Select(REACT))


def test_bot_mode_bot_takes_its_action_even_if_it_cannot_upgrade():
    s = bots(["kimi", "jesus"], ["human", "bot"], teams=["silverline_gp", "orange_motors"])
    s.cars[1].bars[PU] = 4
    ev = play_round(s, {0: MEC_B})
    assert [e.data for e in kinds(ev, "select") if e.data["seat"] == 1] == \
        [{"seat": 1, "button": PU_B, "tyre": None}]
    assert s.cars[1].bars[PU] == 4


def test_bot_mode_bot_gets_its_action_even_if_taken():
    # seats: Kimi (human) chooses before Bastian (bot); both on Charge EBS
    s = bots(["kimi", "bastian", "jesus"], ["human", "bot", "bot"])
    G.apply(s, 2, Select(PU_B))
    G.apply(s, 0, Select(CHARGE))
    assert G.legal_actions(s, 1) == [Select(CHARGE)]
    ev = G.apply(s, 1, Select(CHARGE))
    assert [e.data["seat"] for e in kinds(ev, "select")] == [1]
    assert s.cars[0].bars[EBS] == s.cars[1].bars[EBS] == 2       # both charged B -> C


def test_bot_mode_human_cannot_take_a_button_a_bot_took():
    """Our choice: the one-player-per-button rule binds the humans; only bots
    are exempt from it."""
    s = bots(["kimi", "jesus"], ["human", "bot"])
    G.apply(s, 1, Select(PU_B))
    with pytest.raises(IllegalAction, match="already taken"):
        G.apply(s, 0, Select(PU_B))


def test_bot_mode_start_two_bots_both_plus_one_first_gets_the_card():
    s = bots(["bastian", "bjorn", "kimi"], ["bot", "bot", "human"],
             teams=["silverline_gp", "polar_motorsport", "violet_vector"])
    set_card(s, "I", "si_03")                        # red (Bastian) 9
    set_card(s, "II", "sii_05")                      # blue (Bjorn) 9
    assert to_decide(s) == [2, 0, 1]
    ev = play_round(s, {2: MEC_B})
    assert s.start_player == 0                       # the first bot to choose Start
    assert [e.data for e in kinds(ev, "start_player")] == [{"seat": 0}]
    assert moved(ev)[0] == 1 + 1 and moved(ev)[1] == 1 + 1


def test_bot_mode_bots_drive_with_rp_plus_0_from_tyres():
    s = bots(["kimi", "jesus"], ["human", "bot"], teams=["silverline_gp", "orange_motors"],
             tyres="S")
    assert s.cars[1].tyre is None and s.cars[1].td == 0
    s.weather = ["rain"] * 4
    ev = play_round(s, {0: MEC_B})
    # the bot moves in the rain, no tyre bonus or malus; the human on softs does not
    assert moved(ev) == {1: 4, 0: 0}
    assert s.cars[1].td == 0


def test_bot_mode_bots_never_pit():
    for card in T.content.situations:
        assert all(1 <= n <= 9 for n in card.lights.values())
    s = bots(["kimi", "jesus"], ["human", "bot"])
    from chequered.games.racepace.rules import actions
    ev = []
    actions.perform(s, T, s.cars[1], 11, "H", ev, first=True)
    assert s.cars[1].tyre is None and not s.cars[1].pit
    assert ev[0].kind == "no_pit"


def test_bot_mode_bots_do_not_use_their_skill_but_you_can():
    s = bots(["kimi", "bastian"], ["bot", "human"], teams=["silverline_gp", "polar_motorsport"])
    place(s, 0, 8)                                   # a corner lap
    ev = play_round(s, {1: MEC_B})
    assert moved(ev)[0] == 1 + 1                     # AER B -> C, no Kimi +1
    s = bots(["kimi", "bastian"], ["human", "bot"], teams=["silverline_gp", "polar_motorsport"])
    place(s, 0, 8)
    ev = play_round(s, {0: AER + 1})                 # human Kimi: AER C + corner
    assert moved(ev)[0] == 1 + 1 + 1


def test_bot_mode_bots_ebs_not_reduced_after_use():
    s = bots(["kimi", "bastian"], ["human", "bot"], teams=["silverline_gp", "polar_motorsport"])
    set_card(s, "I", "si_06")                        # red (Bastian) 7: Use EBS
    s.cars[1].bars[EBS] = 3
    ev = play_round(s, {0: MEC_B})
    assert moved(ev)[1] == 1 + 2
    assert s.cars[1].bars[EBS] == 3


def test_bot_mode_bots_never_receive_penalty_tokens_defend():
    # human Bastian defends on lap 10; bot Jesús (Orange, RP 4) passes him
    s = bots(["bastian", "jesus"], ["human", "bot"], teams=["polar_motorsport", "orange_motors"])
    place(s, 0, 10)
    place(s, 1, 8)
    ev = play_round(s, {0: DEFEND})
    assert kinds(ev, "overtake") and not kinds(ev, "defend_penalty")
    assert s.cars[1].tokens == [] and s.cars[0].tokens == [1]


def test_bot_mode_bots_never_receive_penalty_tokens_backmarkers():
    """Our choice: a bot takes no backmarker token and leaves it for the next car."""
    s = bots(["bastian", "jesus"], ["human", "bot"], teams=["polar_motorsport", "orange_motors"])
    place(s, 1, 14)                                  # 14 -> 18 through lap 16
    place(s, 0, 15)
    play_round(s, {0: MEC_B})
    assert s.cars[1].tokens == [] and s.backmarkers[16] == [-2, -1]
    assert s.cars[0].tokens == [-3]


def test_bot_mode_bot_defend_still_earns_its_plus_one():
    """Our choice: the +1 token of Defend is not a penalty, so a bot gets it."""
    s = bots(["kimi", "dutch"], ["human", "bot"])    # Dutch (orange) 8: Defend
    play_round(s, {0: MEC_B})
    assert s.cars[1].tokens == [1]


def test_bot_mode_bots_rp_affected_by_situation_cards():
    s = bots(["kimi", "jesus"], ["human", "bot"], teams=["silverline_gp", "orange_motors"])
    set_card(s, "I", "si_12")                        # bottom three: PU -1
    # Jesús takes PU (C -> D), then the card takes one level off again
    ev = play_round(s, {0: MEC_B})
    assert s.cars[1].bars[PU] == 2 and moved(ev)[1] == 4
    s = bots(["kimi", "jesus"], ["human", "bot"], teams=["silverline_gp", "orange_motors"])
    set_card(s, "II", "sii_06")                      # last car +2: green light 4 (SKI C->D)
    place(s, 1, 0)
    place(s, 0, 5)
    ev = play_round(s, {0: MEC_B})
    assert moved(ev)[1] == 4 + 2


def test_bot_mode_bots_subject_to_safety_car():
    s = bots(["kimi", "jesus"], ["human", "bot"], teams=["silverline_gp", "orange_motors"])
    place(s, 1, 40)
    place(s, 0, 20)
    s.safety_car = True
    ev = play_round(s, {0: MEC_B})
    assert moved(ev)[1] == 3                         # the leader, even a bot: max 3


def test_bot_mode_bots_no_tyre_wear_from_situation_cards():
    s = bots(["kimi", "jesus"], ["human", "bot"], teams=["silverline_gp", "orange_motors"])
    set_card(s, "II", "sii_14")                      # every compound wears 2 laps
    play_round(s, {0: MEC_B})
    assert s.cars[1].td == 0 and s.cars[0].td == 1 + 2


def test_bot_mode_bots_exempt_from_two_compounds_rule():
    s = bots(["kimi", "jesus"], ["human", "bot"], teams=["silverline_gp", "orange_motors"])
    s.cars[0].used = ["M", "H"]
    place(s, 1, 53)
    play_round(s, {0: MEC_B})
    r = G.result(s)
    assert r.classification == [1, 0] and r.points == {1: 25, 0: 18} and not r.notes


def test_bot_mode_bot_use_ebs_under_safety_car_gives_nothing():
    s = bots(["kimi", "bastian"], ["human", "bot"], teams=["silverline_gp", "polar_motorsport"])
    set_card(s, "I", "si_06")                        # red (Bastian) 7: Use EBS
    s.cars[1].bars[EBS] = 3
    place(s, 1, 20)
    place(s, 0, 30)
    s.safety_car = True
    ev = play_round(s, {0: MEC_B})
    assert moved(ev)[1] == 1


def test_bot_mode_bot_defend_not_active_under_safety_car():
    """'Bots are also subject to the Safety Car conditions', and one of them is
    'Certain action buttons are not active in Safety Car situations' (Defend's
    SC light is out). A bot whose light shows Defend under the Safety Car takes
    the action, but the button does nothing: no +1 token, no -2 for passing it."""
    s = bots(["kimi", "dutch", "jesus"], ["human", "bot", "human"],
             teams=["orange_motors", "silverline_gp", "polar_motorsport"])
    assert G.legal_actions(s, 2) and to_decide(s) == [2, 0, 1]
    place(s, 2, 40)                                  # Jesús leads the Safety Car train
    place(s, 1, 30)                                  # bot Dutch (orange 8: Defend) 30 -> 32
    place(s, 0, 28)                                  # Kimi 28 -> 34 (RP 5 + corner 1)
    s.cars[0].bars[PU] = s.cars[0].bars[AER] = 4
    s.safety_car = True
    ev = play_round(s, {2: MEC_B, 0: XP_B})
    assert [e.data for e in kinds(ev, "overtake")] == [{"seat": 0, "passed": 1}]
    assert s.cars[1].tokens == []                    # the bot's Defend did nothing
    assert s.cars[0].tokens == []                    # ... so no penalty for passing it


def test_bot_mode_any_driver_against_up_to_seven_bots():
    from chequered.engine.protocol import BadInput
    cfg = G.config(seats=["human"] + ["bot"] * 7)
    assert cfg.bot_mode and len(cfg.seats) == 8
    with pytest.raises(BadInput):
        G.config(seats=["human"] + ["bot"] * 8)
    assert not G.config(seats=["human", "random"]).bot_mode


def test_bot_mode_bot_legal_list_is_its_start_light_on_every_card():
    # rules/actions.legal_selects reads bot_select, which inlines bot_button:
    # the two agree for every driver on every Race Situation card
    from chequered.games.racepace.rules.actions import bot_button, legal_selects
    drivers = list(T.drivers)
    s = bots(drivers, ["bot"] * len(drivers))
    for deck in ("I", "II"):
        for card in T.deck_cards[deck]:
            set_card(s, deck, card)
            for car in s.cars:
                assert legal_selects(s, car.seat) == [Select(bot_button(s, T, car))]


@pytest.mark.parametrize("seats", [["bot"] * 6, ["random", "bot", "random", "bot", "bot"]])
def test_bot_mode_the_select_steps_single_hint_is_the_legal_list(seats, monkeypatch):
    # The select step's `single` (rules/actions.bot_select) names a bot's one
    # legal selection for forced() and run_forced without a list: at every
    # selection of races it is the legal list, and nothing for a driver who
    # chooses; the races, events included, are those played without the hint.
    import dataclasses

    from chequered.engine.play import play
    machine = G.machine
    step = machine.steps["select"]
    hinted = 0
    for seed in range(1, 4):
        cfg = G.config(seats=seats)
        state = G.new(cfg, seed)
        agents = {i: G.make_agent(k, i, seed) for i, k in enumerate(seats)}
        while not G.is_over(state):
            seat = min(G.to_act(state))
            if machine.pending_step(state) is step:
                one = step.single(state, seat)
                legal = step.legal(state, seat)
                assert (one is not None) == state.cars[seat].bot
                if one is not None:
                    assert legal == [one]
                    hinted += 1
            G.apply(state, seat, agents[seat].choose(G, state, seat))
    assert hinted > 50
    cfg = G.config(seats=seats)
    logs = []
    for hint in (step, dataclasses.replace(step, single=None)):
        monkeypatch.setitem(machine.steps, "select", hint)
        log = []
        played = play(G, cfg, 7, on_step=lambda seat, action, events, _step: log.append(
            (seat, action, [e.to_doc() for e in events])))
        logs.append((log, G.state_hash(played.state), played.forced))
    assert logs[0] == logs[1]
