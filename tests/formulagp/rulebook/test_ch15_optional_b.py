"""Scenario tests for the optional rules FGP 15.8-15.13 (the second half),
written from the rulebook: each option's position is played with and without
the option, through GAME.legal_actions / GAME.apply.

The fast track, as in test_ch13_safety_car.py: tiles 0-6, 11-14, 17-20 and
37-40 are straights in 8th gear; with medium tyres a GREEN card moves 5
spaces in 8th gear."""
from __future__ import annotations

import pytest

from chequered.engine.play import play
from chequered.engine.records import record_of, replay
from chequered.games.formulagp.checks import invariants
from chequered.games.formulagp.track import track_keys

from .pitlane import in_pit
from ._flags_help import A, GAME, at, drive, event_id, finish, kinds, play_on, pos, sid

# ---- FGP 15.11.1 the Safety Car EVENT card, drawn a second time ----------------------------
CARD = """
round = 5
[[car]]
name = "vireo"
at = "13.2.1"
hand = ["P03", "P04", "G05"]
[[car]]
name = "halcyon"
at = "10.2.1"
hand = ["G06"]
"""
SC = event_id("Safety Car")


def test_fgp_15_11_1_the_first_safety_car_card_goes_back_and_is_shuffled():
    """With the option the first 'Safety Car' card drawn goes back into the
    EVENT draw pile, reshuffled, and nothing comes of it; the second one is
    played as normal (a green WHITE face deploys the Safety Car)."""
    st = pos(CARD, options=["safety_car_card_twice"],
             forced=[f"card:{SC}", f"card:{SC}", "white:3"])
    ev = GAME.apply(st, 0, A.PlayCard("P03", "play"))
    assert "sc_card_returned" in kinds(ev) and "shuffle" in kinds(ev)
    assert st.safety_car is None and SC in st.decks["event"].pile
    assert SC not in st.decks["event"].discards
    ev = GAME.apply(st, 0, A.PlayCard("P04", "play"))          # drawn a second time
    assert "sc_card_returned" not in kinds(ev)
    assert st.safety_car is not None and SC in st.decks["event"].discards


def test_fgp_15_11_1_without_the_option_the_first_card_deploys():
    """The normal rule: the first 'Safety Car' card drawn is played at once."""
    st = pos(CARD, forced=[f"card:{SC}", "white:3"])
    ev = GAME.apply(st, 0, A.PlayCard("P03", "play"))
    assert "sc_card_returned" not in kinds(ev) and st.safety_car is not None


def test_fgp_15_11_1_the_memory_survives_a_saved_position():
    """Whether the card already went back is part of the race (a position
    saved and loaded between the two draws still plays the second as normal)."""
    from chequered.games.formulagp.state import Race
    st = pos(CARD, options=["safety_car_card_twice"], forced=[f"card:{SC}"])
    GAME.apply(st, 0, A.PlayCard("P03", "play"))
    again = Race.from_doc(st.to_doc())
    assert again.optional == {"sc_card_returned": True} and again == st


# ---- FGP 15.11.3 faster Virtual Safety Car procedure ----------------------------------------
VSC = event_id("Virtual Safety Car")
THREE = """
round = 5
[[car]]
name = "vireo"
at = "13.2.1"
hand = ["P03", "G05", "G07"]
[[car]]
name = "halcyon"
at = "10.2.1"
hand = ["G06"]
[[car]]
name = "kestrel"
at = "5.2.1"
hand = ["G08"]
"""


def _vsc_drawn(options):
    st = pos(THREE, options=options, forced=[f"card:{VSC}"])
    assert st.sequence[:1] == [0] or GAME.to_act(st) == [0]
    ev = GAME.apply(st, 0, A.PlayCard("P03", "play"))
    ev += drive(st, 0, ["G05"]) + finish(st, 0)
    return st, ev


def _steps(ev):
    out = {}
    for e in ev:
        if e.kind == "vsc_step":
            out[e.data["seat"]] = out.get(e.data["seat"], 0) + 1
    return out


def test_fgp_15_11_3_one_vsc_round_every_car_drives_four_spaces():
    """The drawer completes its turn; the flag moves to the next round, in
    which every car drives 4 spaces without cards or a draw, in the current
    sequence (after the drawer, the drawer last); the round after is normal."""
    st, ev = _vsc_drawn(["fast_virtual_safety_car"])
    assert "fast_vsc" in kinds(ev) and _steps(ev) == {}        # nobody drives this round
    ev += play_on(st, lambda s: s.round == 7 and s.turn.phase == "turns")
    rounds = [i for i, e in enumerate(ev) if e.kind == "round"]
    assert [ev[i].data["round"] for i in rounds] == [6, 7]
    vsc_round = ev[rounds[0]:rounds[1]]
    order = [e.data["seat"] for e in vsc_round if e.kind == "vsc_step"]
    assert order == [1] * 4 + [2] * 4 + [0] * 4
    assert not any(e.kind in ("draw", "move_play") for e in vsc_round)   # no cards
    assert "vsc_end" in kinds(vsc_round) and st.vsc_plan is None and not st.vsc
    assert any(e.kind == "draw" for e in ev[rounds[1]:])                 # normal again


def test_fgp_15_11_3_without_the_option_the_others_drive_the_drawers_distance():
    """The normal VSC (FGP 13.9.3): in the same round the others drive what
    the drawer drove (5 spaces with a GREEN card here)."""
    st, ev = _vsc_drawn([])
    ev += play_on(st, lambda s: s.turn.phase == "turns" and s.round == 6)
    assert _steps(ev) == {1: 5, 2: 5}


# ---- FGP 15.9 penalties decided by the race director ---------------------------------------
# vireo changes lane from 1.3.1 into halcyon on 1.4.1 and pushes it off the track
# (FGP 8.3.1: one Penalty token for the pusher); the last roll is the off-track one.
PUSH = """
round = 5
rolls = {rolls}
{optional}
[[car]]
name = "vireo"
at = "1.3.1"
hand = ["G05"]
w2w = "vs"
[[car]]
name = "halcyon"
at = "1.4.1"
w2w = "vs"
"""


def _push(white, *, options=("race_director_penalties",), warnings=None):
    from .common import turn_over
    rolls = ([f"white:{white}"] if white else []) + ["white:1"]
    text = PUSH.format(rolls=rolls, optional=f"optional = {{warnings = {{\"0\" = {warnings}}}}}"
                       if warnings else "")
    st = pos(text, options=list(options))
    ev = GAME.apply(st, 0, A.Done())
    ev += GAME.apply(st, 0, A.Play(("G05",), (), False))
    step = next(a for a in GAME.fine_actions(st, 0) if isinstance(a, A.Step)
                and a.to == sid("1.4.1"))
    ev += GAME.apply(st, 0, step)
    ev += turn_over(st, 0, moving=lambda options: options[0],
                    choose=lambda step, seat, options: options[0] if step == "control" else None)
    assert st.cars[1].off_track
    return st, ev


def test_fgp_15_9_without_the_option_a_push_off_is_one_penalty():
    """The normal rule: pushing a car off the track is one Penalty token."""
    st, ev = _push(None, options=())
    assert st.cars[0].penalties == 1 and "race_director" not in kinds(ev)


def test_fgp_15_9_the_first_range_is_a_racing_incident():
    """The race director's WHITE roll in the first range: no penalty."""
    st, ev = _push(2)
    assert st.cars[0].penalties == 0
    assert next(e for e in ev if e.kind == "race_director").data["verdict"] == "racing_incident"


def test_fgp_15_9_the_second_range_is_a_warning_the_second_warning_a_penalty():
    """A roll in the second range is a warning (black & white flag); a
    driver's second warning gives a Penalty token at once, and so does each
    later one."""
    st, ev = _push(3)
    assert st.cars[0].penalties == 0 and st.optional["warnings"] == {"0": 1}
    st, ev = _push(4, warnings=1)
    assert st.cars[0].penalties == 1 and st.optional["warnings"] == {"0": 2}
    st, ev = _push(3, warnings=2)
    assert st.cars[0].penalties == 1 and st.optional["warnings"] == {"0": 3}


def test_fgp_15_9_the_third_range_is_a_penalty_doubled_after_a_warning():
    """A roll in the third range is a penalty: one token, two for a driver
    who already has a warning."""
    st, _ = _push(5)
    assert st.cars[0].penalties == 1
    st, _ = _push(6, warnings=1)
    assert st.cars[0].penalties == 2 and st.optional["warnings"] == {"0": 1}


# ---- the engine options of FGP 15.8-15.13 together, whole races ------------------------------
ENGINE_OPTIONS = ["safety_car_card_twice", "fast_virtual_safety_car", "race_director_penalties",
                  "fast_safety_car", "limited_tyre_sets"]
KINDS = {"sc_card_returned", "fast_vsc", "race_director", "fast_sc_move", "tyre_sets"}


@pytest.mark.parametrize("track", track_keys())
@pytest.mark.parametrize("cars", [2, 6, 10])
def test_fgp_15_b_options_together_whole_races_keep_the_invariants_and_replay(track, cars):
    """Heuristic drivers race to the end with every engine option of this half
    on; after every action the race is sound, and its record replays it. The
    10-car race on the fast track meets every option's situation."""
    cfg = GAME.config(track=track, seats=["heuristic"] * cars, options=ENGINE_OPTIONS)
    seed = 1 if (track, cars) == ("fast", 10) else 3
    st = GAME.new(cfg, seed)
    seen: set[str] = set()

    def check(seat, action, events, step):
        seen.update(e.kind for e in events if e.kind in KINDS)
        assert not invariants(st), invariants(st)
    played = play(GAME, cfg, seed, on_step=check, state=st)
    assert GAME.is_over(st) and sorted(GAME.result(st).classification) == list(range(cars))
    rec = record_of(GAME, cfg, seed, played.actions, st)
    assert GAME.state_hash(replay(rec)) == GAME.state_hash(st)
    if (track, cars) == ("fast", 10):
        assert seen == KINDS


# ---- FGP 15.11.2 faster Safety Car procedure ------------------------------------------------
UNDER_SC = """
round = 6
safety_car = { tile = 30, until = 16 }
[[car]]
name = "vireo"
at = "5.2.1"
hand = ["G05", "R01", "T01", "T02"]
[[car]]
name = "halcyon"
at = "1.2.1"
hand = ["G06"]
"""


def test_fgp_15_11_2_no_cards_under_the_safety_car_six_spaces_a_turn():
    """With the option a car behind the Safety Car plays no card: it drives
    6 spaces; it may discard any card from its hand but the Draw Failure card,
    and only one Tyre Wear card."""
    st = pos(UNDER_SC, options=["fast_safety_car"])
    legal = GAME.fine_actions(st, 0)
    discards = {a.card for a in legal if isinstance(a, A.PlayCard)}
    assert discards == {"G05", "R01", "T01", "T02"}
    assert not any(isinstance(a, (A.Spend, A.QuickRepair)) for a in legal)
    GAME.apply(st, 0, A.PlayCard("R01", "sc_discard"))
    GAME.apply(st, 0, A.PlayCard("T01", "sc_discard"))
    discards = {a.card for a in GAME.fine_actions(st, 0) if isinstance(a, A.PlayCard)}
    assert discards == {"G05"}                                      # one Tyre Wear card
    ev = GAME.apply(st, 0, A.Done())
    assert "fast_sc_move" in kinds(ev) and st.move["mp"] == 6
    ev += finish_moving(st, 0)
    assert len([e for e in ev if e.kind == "step"]) == 6
    assert set(st.cars[0].hand) == {"G05", "T02"}


def test_fgp_15_11_2_the_draw_failure_card_is_no_discard():
    """FAILURE cards are not discarded under the fast Safety Car: the Draw
    Failure card in a hand stays (it is played first in any turn, FGP 7.3.3.1)."""
    from chequered.games.formulagp.rules.optional_rules_b import fast_sc_discards
    kinds_of = {"F01": "draw_failure", "G05": "movement", "T01": "tyre_wear", "P03": "option"}
    assert fast_sc_discards(list(kinds_of), kinds_of, tyre_wear_discarded=False) == \
        ["G05", "T01", "P03"]
    assert fast_sc_discards(list(kinds_of), kinds_of, tyre_wear_discarded=True) == ["G05", "P03"]


def test_fgp_15_11_2_without_the_option_a_movement_card_is_played():
    """The normal Safety Car turn (FGP 13.9.2): a movement card is played, and
    only Option cards and one Tyre Wear card may be discarded."""
    st = pos(UNDER_SC)
    discards = {a.card for a in GAME.fine_actions(st, 0) if isinstance(a, A.PlayCard)
                and a.how == "sc_discard"}
    assert discards == {"T01", "T02"}
    GAME.apply(st, 0, A.Done())
    assert any(isinstance(a, A.Play) for a in GAME.fine_actions(st, 0))


def finish_moving(st, seat):
    from ._flags_help import forward
    ev = []
    while st.turn.pending and st.turn.pending.step == "move" and st.turn.pending.seats == [seat]:
        step = forward(st, seat)
        if step is None:
            break
        ev += GAME.apply(st, seat, step)
    return ev


# ---- FGP 15.10 limited tyre sets for a dry race ---------------------------------------------
def test_fgp_15_10_option_a_or_b_before_qualifying_the_start_tyre_from_the_sets():
    """With the option every player first takes Option A (2 soft, 1 medium,
    1 hard) or B (1 soft, 2 medium, 1 hard); the starting tyres are one of
    those sets and the rest wait in the pit box."""
    st = GAME.new(GAME.config(track="fast", seats=["human"] * 2,
                              options=["limited_tyre_sets"]), 1)
    assert GAME.pending_step(st).name == "tyre_sets" and GAME.to_act(st) == {0, 1}
    assert set(GAME.fine_actions(st, 0)) == {A.TyreSets("A"), A.TyreSets("B")}
    GAME.apply(st, 0, A.TyreSets("A"))
    GAME.apply(st, 1, A.TyreSets("B"))
    assert GAME.pending_step(st).name == "start_tyre"
    GAME.apply(st, 0, A.StartTyre("soft"))
    GAME.apply(st, 1, A.StartTyre("medium"))
    assert sorted(st.cars[0].tyres_left) == ["hard", "medium", "soft"]
    assert sorted(st.cars[1].tyres_left) == ["hard", "medium", "soft"]


def test_fgp_15_10_wet_tyres_are_not_one_of_the_dry_sets():
    """[ADV] 15.10 limits the sets of a dry race: a car that starts a wet
    Advanced race on Wet tyres keeps all four of its dry sets."""
    st = GAME.new(GAME.config(track="fast", seats=["human"] * 2, rules="advanced",
                              options=["limited_tyre_sets"]), 1)
    GAME.apply(st, 0, A.TyreSets("A"))
    GAME.apply(st, 1, A.TyreSets("B"))
    assert A.StartTyre("wet") in GAME.fine_actions(st, 0)
    GAME.apply(st, 0, A.StartTyre("wet"))
    GAME.apply(st, 1, A.StartTyre("soft"))
    assert st.cars[0].tyre == "wet" and sorted(st.cars[0].tyres_left) == [
        "hard", "medium", "soft", "soft"]
    assert sorted(st.cars[1].tyres_left) == ["hard", "medium", "medium"]


def test_fgp_15_10_without_the_option_the_starting_tyres_come_first():
    """The normal setup (FGP 5.1.3): no choice of sets; any compound may be
    fitted at every stop."""
    st = GAME.new(GAME.config(track="fast", seats=["human"] * 2), 1)
    assert GAME.pending_step(st).name == "start_tyre"
    st = in_pit('tyre = "medium"\nwear = 12\ntyres_left = ["hard"]')
    assert {a.tyre for a in GAME.fine_actions(st, 0)} == {None, "soft", "medium", "hard"}


def test_fgp_15_10_a_stop_fits_only_a_set_left_and_none_come_back():
    """In the box only the compounds with a set left can be fitted; the set
    fitted leaves the box and the one taken off is not used again; with
    every set used the car keeps its tyres, worn out or not."""
    head = 'options = ["limited_tyre_sets"]'
    st = in_pit('tyre = "medium"\nwear = 12\ntyres_left = ["hard", "soft"]', head=head)
    assert {a.tyre for a in GAME.fine_actions(st, 0)} == {None, "soft", "hard"}
    GAME.apply(st, 0, A.PitStop("hard", (), "none"))
    assert st.cars[0].tyre == "hard" and st.cars[0].tyres_left == ["soft"]
    st = in_pit('tyre = "soft"\nwear = 17\ntyres_left = []', head=head)
    assert {a.tyre for a in GAME.fine_actions(st, 0)} == {None}
