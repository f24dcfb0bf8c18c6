"""Scenario tests for the optional rules FGP 15.8-15.13 (the second half),
written from the rulebook: each option's position is played with and without
the option, through GAME.legal_actions / GAME.apply.

The fast track, as in test_ch13_safety_car.py: tiles 0-6, 11-14, 17-20 and
37-40 are straights in 8th gear; with medium tyres a GREEN card moves 5
spaces in 8th gear."""
from __future__ import annotations

from ._flags_help import A, GAME, at, drive, event_id, finish, kinds, play_on, pos

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
