"""BOT 1 (playing with BOT cars: setup, qualifying, card management, the race
start), written from the BOT rules: a game started from a config with BOT
seats, the BOT cards and dice forced, then played through GAME.apply."""
from __future__ import annotations

import json

import pytest

from chequered.engine import chance
from chequered.games.formulagp import actions as A
from chequered.games.formulagp.bot.agent import BotAgent
from chequered.games.formulagp.bot.content import load_bot_content
from chequered.games.formulagp.config import FormulaGPConfig
from chequered.games.formulagp.rules.setup import new_game
from chequered.games.formulagp.rules.steps import MACHINE as machine
from chequered.games.formulagp.rules.plays import gear_for

from ._util import GAME, white_icon

BC = load_bot_content()


def battle(leds: int, skip=()) -> str:
    """A BATTLE card id showing this many LEDs."""
    return next(c.id for c in BC.battle if c.leds == leds and c.id not in skip)


def rookie_card(i=0) -> str:
    return [c.id for c in BC.tactics if c.rookie][i]


def pro_setup(strategy="STR01", tactics="TAC12", tyre_face=2, pit_face=5):
    """The scripted outcomes of one Pro BOT's setup, in the order of BOT 1.3."""
    return [("card", strategy), ("card", tactics), ("roll", tyre_face), ("roll", pit_face)]


def start(seats, order=(), *, options=(), seed=1, track="fast"):
    """A game at its first decision, the BOT setup's outcomes forced."""
    cfg = FormulaGPConfig(seats=seats, track=track, options=list(options),
                          tyres=["medium"] * len(seats))
    st = new_game(cfg, seed)
    with chance.scripted(st.chance, order=list(order)):
        machine.advance(st)
    return st


def human_choice(st, seat, legal):
    """What the person at the table does in these scenarios: returns nothing,
    plays the weakest qualifying cards, never pushes, plays the first start
    cards, moves on."""
    step = st.turn.pending.step
    if step == "quali_cards":
        return min(legal, key=lambda a: len(a.cards))
    if step == "push":
        return A.Push(False)
    if A.Done() in legal:
        return A.Done()
    return legal[0]


def play_until(st, stop, order=(), events=None):
    """Decisions until `stop(st)`: BOTs by their agent, people by human_choice;
    everybody keeps the drawn cards (no returns) so forced BOT cards stay next.
    `order`: outcomes forced meanwhile."""
    agents = {}
    with chance.scripted(st.chance, order=list(order)):
        while not stop(st) and not GAME.is_over(st):
            seat = min(GAME.to_act(st))
            legal = GAME.fine_actions(st, seat)
            if st.turn.pending.step == "returns":
                action = A.Done()
            elif st.cars[seat].controller in ("pro", "rookie"):
                agents.setdefault(seat, BotAgent(st.cars[seat].controller, seat, 1))
                action = agents[seat].choose(GAME, st, seat)
            else:
                action = human_choice(st, seat, legal)
            got = GAME.apply(st, seat, action)
            if events is not None:
                events.extend(got)
    return st


def rec(st, seat):
    return st.bots["cars"][str(seat)]


def at(step):
    return lambda st: st.turn.pending is not None and st.turn.pending.step == step


def in_round(n, step="move"):
    return lambda st: st.round == n and st.turn.pending is not None \
        and st.turn.pending.step == step


# ---- BOT 1.3 ---------------------------------------------------------------------------
def test_bot_1_3_a_pro_bot_takes_its_team_control_card_strategy_up_tactics_down():
    """A Pro BOT has its team's control card (max OT, faster side), a STRATEGY card
    face up and a TACTICS card face down that nobody sees."""
    st = start(["human", "pro"], pro_setup())
    r = rec(st, 1)
    assert r["card"] == BC.pro_for(st.cars[1].board).id and r["side"] == "fast"
    assert r["bonus"] is False
    assert r["strategy"] == "STR01" and r["tactics"] == "TAC12" and not r["tactics_up"]
    for viewer in (0, 1, None):
        v = GAME.view(st, viewer)["bots"]["cars"]["1"]
        assert v["strategy"] == "STR01" and v["tactics"] is None and v["tactics_face_down"]
        assert "TAC12" not in json.dumps(GAME.view(st, viewer))


def test_bot_1_3_b_f_the_slower_side_and_the_bonus_point_are_options():
    """Difficulty: the slower side (option bot_pro_slow) and the optional +1 MP
    (bot_pro_bonus) are chosen before the race."""
    st = start(["human", "pro"], pro_setup(), options=["bot_pro_slow", "bot_pro_bonus"])
    assert rec(st, 1)["side"] == "slow" and rec(st, 1)["bonus"] is True


@pytest.mark.parametrize("face,tyre", [(1, "soft"), (2, "soft"), (3, "medium"), (4, "medium"),
                                       (5, "medium"), (6, "hard")])
def test_bot_1_3_1_starting_tyre_is_the_one_the_strategy_card_shows_for_the_die(face, tyre):
    """STR03 starts Soft on 1-2, Medium on 3-5, Hard on 6: the WHITE die picks."""
    st = start(["human", "pro"], pro_setup("STR03", tyre_face=face))
    car = st.cars[1]
    assert car.tyre == tyre
    assert tyre not in car.tyres_left                   # the tyre token is on the card


def test_bot_1_3_2_the_rulebook_example_medium_plus_five_is_round_12_pit_side():
    """Medium tyres (7) and a die of 5: the Pit token goes on round 12, past the
    Medium icon on round 11, so it is flipped to PIT at once."""
    st = start(["human", "pro"], pro_setup("STR01", tyre_face=2, pit_face=5))
    assert st.cars[1].tyre == "medium"
    pit = rec(st, 1)["pit"]
    assert pit["round"] == 12 and pit["icon"] == "pit"
    assert pit["space"] == 9 + 12 - 1                   # A120: a Standard race starts on 9


def test_bot_1_3_2_the_die_icon_counts_zero_and_the_token_stays_on_tyre():
    """Soft (5) and the die-icon face (a result of 0): round 5, before the Soft
    icon, TYRE side up."""
    st = start(["human", "pro"], pro_setup("STR01", tyre_face=1, pit_face=white_icon()))
    assert st.cars[1].tyre == "soft"
    assert rec(st, 1)["pit"]["round"] == 5 and rec(st, 1)["pit"]["icon"] == "tyre"


def test_bot_1_3_2_on_the_icon_is_flipped_too():
    """Soft and a 3: round 8, on the Soft icon: PIT side up."""
    st = start(["human", "pro"], pro_setup("STR01", tyre_face=1, pit_face=3))
    assert rec(st, 1)["pit"] == {"round": 8, "space": 16, "icon": "pit"}


def test_bot_1_3_2_an_advanced_radar_counts_from_space_one():
    """A120: the rounds are game rounds: a race whose flag starts on space 1 has
    the token of round 12 on space 12."""
    from chequered.games.formulagp.bot.setup import pit_icon, pit_round, radar_space
    assert radar_space(1, pit_round(7, 5)) == 12 and pit_icon(12, 11) == "pit"
    assert pit_round(10, 4, now=9) == 23                # BOT 5.2: from the current round


# ---- BOT 1.4 ---------------------------------------------------------------------------
def test_bot_1_4_1_rookies_share_one_control_card_and_one_single_led_tactics_card():
    """Every Rookie uses the same control card and the single-LED TACTICS card drawn
    at random; Rookies have no tyre strategy or pit stop."""
    card = rookie_card(3)
    st = start(["human", "rookie", "rookie"], [("card", card)])
    assert st.bots["rookie"] == {"tactics": card, "side": "fast"}
    for s in (1, 2):
        r = st.bots["cars"][str(s)]
        assert r["kind"] == "rookie" and r["card"] == BC.rookie.id and r["side"] == "fast"
        assert "strategy" not in r and "pit" not in r
    # A122: the other single-LED cards leave the TACTICS deck
    tactics = st.decks["tactics"]
    assert len(tactics.pile) == 20 and not any(BC.tactics_card(c).rookie for c in tactics.pile)
    assert len(st.decks["strategy"].pile) == 14               # no STRATEGY card drawn


def test_bot_1_4_1_the_rookie_card_is_drawn_from_the_single_led_cards_only():
    """A card without the single-LED icon cannot be the Rookie TACTICS card."""
    other = next(c.id for c in BC.tactics if not c.rookie)
    cfg = FormulaGPConfig(seats=["human", "rookie"], tyres=["medium"] * 2)
    st = new_game(cfg, 1)
    with pytest.raises(chance.ScriptError):
        with chance.scripted(st.chance, cards=[other]):
            machine.advance(st)


def test_bot_1_4_1_b_the_slower_side_and_without_rookies_all_thirty_cards():
    """Option bot_rookie_slow: the slower side. Without Rookies the single-LED cards
    stay in the TACTICS deck (BOT 1.1)."""
    st = start(["human", "rookie"], [("card", rookie_card())], options=["bot_rookie_slow"])
    assert st.bots["rookie"]["side"] == "slow"
    st = start(["human", "pro"], pro_setup())
    assert len(st.decks["tactics"].pile) == 29                # 30 less the Pro's


# ---- BOT 1.5 ---------------------------------------------------------------------------
def _qualified(seats, setup, cards, options=()):
    st = start(seats, setup, options=options)
    return play_until(st, lambda s: s.turn.phase not in ("qualifying", "q_cards", "q_reveal")
                      and s.round == 0 and s.turn.pending is not None
                      and s.turn.pending.step == "push" or s.cars[0].grid is not None,
                      [("card", c) for c in cards])


def test_bot_1_5_1_pro_score_is_max_ot_plus_tyre_bonus_plus_battle_leds():
    """Max OT + the starting tyre's bonus (Medium 2) + the BATTLE card's LEDs."""
    st = _qualified(["human", "pro"], pro_setup(tyre_face=2), [battle(4)])
    max_ot = BC.pro_for(st.cars[1].board).max_ot
    assert st.cars[1].quali_score == max_ot + 2 + 4
    assert not st.cars[1].crashed
    assert battle(4) in st.decks["battle"].discards


def test_bot_1_5_1_a_card_without_leds_is_replaced_by_the_next():
    """No LEDs on the first card: the LEDs of a second card count instead."""
    st = _qualified(["human", "pro"], pro_setup(tyre_face=2), [battle(0), battle(3)])
    assert st.cars[1].quali_score == BC.pro_for(st.cars[1].board).max_ot + 2 + 3


def test_bot_1_5_1_no_leds_twice_is_a_crash():
    """Two cards without LEDs: the BOT crashes, scores 0 and starts from the pit lane
    as a player would (FGP 6.2, 7.2)."""
    z1 = battle(0)
    st = _qualified(["human", "pro"], pro_setup(tyre_face=2), [z1, battle(0, skip=[z1])])
    car = st.cars[1]
    assert car.quali_score == 0 and car.crashed and car.pit_lane_start


def test_bot_1_5_2_rookie_score_is_max_ot_plus_side_leds_plus_battle_leds():
    """Rookie: max OT 2 + its side's LEDs (faster 2, slower 1) + the card's LEDs; a
    card without LEDs is not replaced for a Rookie."""
    st = _qualified(["human", "rookie"], [("card", rookie_card())], [battle(3)])
    assert st.cars[1].quali_score == 2 + 2 + 3
    st = _qualified(["human", "rookie"], [("card", rookie_card())], [battle(3)],
                    options=["bot_rookie_slow"])
    assert st.cars[1].quali_score == 2 + 1 + 3
    st = _qualified(["human", "rookie"], [("card", rookie_card())], [battle(0)])
    assert st.cars[1].quali_score == 2 + 2 and not st.cars[1].crashed


def test_bots_do_not_push_the_limit():
    """A127: only players are asked to push (the BOT score is the BOT rules')."""
    st = start(["human", "pro"], pro_setup())
    play_until(st, lambda s: s.cars[0].grid is not None, [("card", battle(2))])
    # nobody but the person was asked; the BOT's score is untouched by a roll
    assert st.cars[1].quali_score == BC.pro_for(st.cars[1].board).max_ot + 2 + 2


# ---- BOT 1.7.2 ------------------------------------------------------------------------
def _to_round_one(start_cards, pace, *, options=(), seats=("pro", "rookie")):
    """Pro (seat 0, Medium) on pole with a 6-LED qualifying card, the Rookie
    second; the start BATTLE cards and the first mover's pace die forced."""
    setup = [("card", rookie_card())] + pro_setup(tyre_face=2)
    order = [("card", battle(6)), ("card", battle(2))] + [("card", c) for c in start_cards] \
        + [("roll", pace)]
    # BOTs draw no ACTION cards (A182): with BOT seats only, nobody is asked
    # anything until round 1, so the whole start runs under the script
    cfg = FormulaGPConfig(seats=list(seats), track="fast", options=list(options),
                          tyres=["medium"] * len(seats))
    st = new_game(cfg, 1)
    with chance.scripted(st.chance, order=setup + order):
        ev = machine.advance(st)
    assert in_round(1)(st)
    return st, ev


def test_bot_1_7_2_1_pole_plus_two_leds_ties_go_to_the_better_grid_place():
    """The BOTs' start LEDs are their BATTLE cards', +2 on pole; equal LEDs: the better
    grid position first. The Pro turns its TACTICS card over."""
    st, ev = _to_round_one([battle(1), battle(3)], pace=2)
    assert [c.grid for c in st.cars] == [1, 2]
    leds = {e.data["seat"]: e.data["leds"] for e in ev if e.kind == "bot_start_leds"}
    assert leds == {0: 1 + 2, 1: 3}
    assert st.sequence == [0, 1]
    assert rec(st, 0)["tactics_up"] and any(e.kind == "bot_tactics_shown" for e in ev)


def test_bot_1_7_2_1_more_leds_start_first():
    """The Rookie's 4 LEDs beat the pole sitter's 1 + 2."""
    st, ev = _to_round_one([battle(1), battle(4)], pace=2)
    assert st.sequence == [1, 0]


def test_bot_1_7_2_1_second_gear_pace_by_the_white_die_mp_from_the_control_card():
    """Round 1: 2nd gear, a red face gives the RED pace: the control card's MP plus,
    for a Pro, its tyre bonus (Medium 2) and the bonus point when used."""
    st, _ = _to_round_one([battle(1), battle(3)], pace=2)       # face 2 is red
    mv = st.move
    card = BC.pro_for(st.cars[0].board)
    assert mv["seat"] == 0 and mv["gear"] == 2 and mv["pace"] == "red"
    assert mv["mp"] == card.fast.mp(2, "red") + 2
    st, _ = _to_round_one([battle(1), battle(3)], pace=3, options=["bot_pro_bonus"])
    assert st.move["pace"] == "green" and st.move["mp"] == card.fast.mp(2, "green") + 2 + 1


def test_bot_1_7_2_1_rookie_moves_by_its_card_without_tyre_bonus():
    """The Rookie's MP are its control card's, nothing added."""
    st, _ = _to_round_one([battle(1), battle(5)], pace=4)       # the Rookie moves first
    assert st.move["seat"] == 1 and st.move["pace"] == "red"
    assert st.move["mp"] == BC.rookie.side("fast").speed.mp(2, "red")


def test_bot_1_7_2_1_the_start_battle_cards_go_at_the_end_of_round_one():
    """The start card's LEDs are all that is used; it is discarded when round 1 ends."""
    st, _ = _to_round_one([battle(1), battle(3)], pace=2)
    assert rec(st, 0)["battle"] == [battle(1)]
    play_until(st, lambda s: s.round == 2)
    assert rec(st, 0)["battle"] == [] and battle(1) in st.decks["battle"].discards


def test_bot_1_7_2_2_second_round_new_tactics_gear_of_the_tile_white_pace():
    """Round 2: each Pro discards its TACTICS card and draws another at the start of
    its turn; the Rookie keeps its card; gear of the start tile, pace by the die."""
    st, _ = _to_round_one([battle(1), battle(3)], pace=2)
    first = rec(st, 0)["tactics"]
    ev = []
    play_until(st, lambda s: in_round(2)(s) and s.move["seat"] == 0, events=ev)
    new = [e for e in ev if e.kind == "bot_tactics"]
    assert [e.data for e in new] == [{"seat": 0, "card": rec(st, 0)["tactics"], "old": first}]
    assert first in st.decks["tactics"].discards
    rolls = [e for e in ev if e.kind == "roll" and e.rule == "BOT 1.7.2.2"
             and e.data.get("seat") == 0]
    pace = rolls[-1].data["colour"]
    gear = gear_for(st, st.cars[0])
    assert st.move["gear"] == gear and st.move["pace"] == pace
    assert st.move["mp"] == BC.pro_for(st.cars[0].board).fast.mp(gear, pace) + 2
    assert st.bots["rookie"]["tactics"] == rookie_card()        # the Rookie keeps its card


def test_bot_1_7_2_3_no_corner_changes_and_no_card_extension_in_rounds_one_and_two():
    """Summary: rounds 1-2 run by the BOT start rules (no extension of the move);
    round 3 on: still no movement cards, the RED pace without a die (BOT 2.1)."""
    st, _ = _to_round_one([battle(1), battle(3)], pace=2)
    ev = []
    play_until(st, lambda s: s.round == 3, events=ev)
    moves = [e for e in ev if e.kind in ("bot_move", "move_play")]
    assert all(e.kind == "bot_move" for e in moves)
    assert not any(e.kind == "extend" for e in ev)
    ev = []
    play_until(st, lambda s: s.round == 4, events=ev)
    moves = [e for e in ev if e.kind in ("bot_move", "move_play")]
    assert [(e.kind, e.data["pace"], e.rule) for e in moves] == [("bot_move", "red", "BOT 2.1")] * 2
    assert not any(e.kind == "roll" and e.rule.startswith("BOT 1.7") for e in ev)


# ---- BOT 1.7.1 ------------------------------------------------------------------------
def test_bot_1_7_1_cards_drawn_at_the_moments_the_rules_name():
    """STRATEGY once before the race (Pros only); TACTICS at the start and in round 2
    (Pros); BATTLE in qualifying and for the start sequence."""
    st = new_game(GAME.config(seats=["pro", "rookie", "pro"], tyres=["medium"] * 3), 5)
    ev = list(machine.advance(st))
    play_until(st, lambda s: s.round == 3, events=ev)
    draws = [e for e in ev if e.kind == "draw"]
    what = [(e.data.get("what"), e.rule) for e in draws if "BOT" in e.rule]
    assert what.count(("STRATEGY card", "BOT 1.3")) == 2
    assert what.count(("TACTICS card", "BOT 1.3")) == 2
    # every Pro that drives in round 2 draws its new TACTICS card first (a Pro in
    # its pit box, here one sent there by a TACTICS Failure card, BOT 5.4, does not)
    movers = {e.data["seat"] for e in ev if e.kind == "bot_move" and e.rule == "BOT 1.7.2.2"
              and st.cars[e.data["seat"]].controller == "pro"}
    drew = [e.data["seat"] for e in draws if e.rule == "BOT 1.7.2.2"]
    assert movers and sorted(drew) == sorted(movers)
    assert sum(1 for w in what if w[0] == "BATTLE card" and w[1].startswith("BOT 1.5")) >= 3
    assert sum(1 for w in what if w == ("BATTLE card", "BOT 1.7.2.1")) == 3
    assert len(st.decks["strategy"].pile) == 12


def test_bot_1_4_1_c_a_rookie_never_chooses_the_pit_lane():
    """Rookie BOTs make no pit stops: of the steps offered a Rookie is never shown
    the one into the pit lane, unless the players' movement rules leave no other
    (then BOT 2 / 5.1 must decide: todo)."""
    from chequered.games.formulagp.bot.agent import _Without, into_pit_lane
    from chequered.games.formulagp.rules.where import track_of
    st = start(["human", "rookie"], [("card", rookie_card())])
    spaces = track_of(st).spaces
    pit = next(s.id for s in spaces if s.pit_lane)
    road = next(s.id for s in spaces if not s.pit_lane and not s.pit_exit)

    class Offer:
        def __init__(self, legal):
            self.legal = legal

        def legal_actions(self, state, seat):
            return self.legal
        fine_actions = legal_actions
    both = _Without(Offer([A.Step(pit), A.Step(road)]), into_pit_lane)
    assert both.legal_actions(st, 1) == [A.Step(road)]
    only = _Without(Offer([A.Step(pit)]), into_pit_lane)
    assert only.legal_actions(st, 1) == [A.Step(pit)]
