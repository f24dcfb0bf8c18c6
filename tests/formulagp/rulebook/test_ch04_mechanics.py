"""FGP 4 (game mechanics: cards, ERS, dice, parameters, the car
characteristic) as scenarios: a position set up by hand, played through the
protocol (GAME.legal_actions / GAME.apply), the outcome checked against the
rulebook."""
from __future__ import annotations

import chequered
from chequered.engine import chance
from chequered.games.formulagp import actions as A
from chequered.games.formulagp.position import parse_space, position
from chequered.games.formulagp.track import track

from chequered.games.formulagp.rules.steps import MACHINE as machine

from ..test_matrix_turn import scenario

GAME = chequered.game("formulagp")


def _straight(trk):
    for t in trk.tiles:
        nxt = [trk.tiles[trk.tile_ahead(t.index, k)] for k in range(1, 4)]
        if t.straight and all(x.straight for x in nxt) and t.lanes[1]:
            return t.lanes[1][-1]
    raise AssertionError("no straight")


# ---- FGP 4.3.4 / 4.7 -------------------------------------------------------------------
def test_fgp_4_3_4_a_no_failure_card_does_not_reapply_the_old_failure():
    """A Draw Failure card that draws a 'no failure' card applies that card
    (here stress -1) and nothing else: the FAILURE card already by the board
    (Overheating: +1 wear when drawn) does not act again."""
    st = scenario([_straight(track("fast"))], hands=[["G01"]])
    car = st.cars[0]
    st.decks["failure"].pile.remove("X16")
    car.failures, car.failure_tokens = ["X16"], ["tyre_bonus"]
    car.deck.pile.remove("F01")
    car.hand.append("F01")
    wear, stress = car.wear, car.stress
    st.move = {"seat": 0, "stage": "begin"}
    st.turn.pending, st.turn.cache = None, None
    with chance.scripted(st.chance, cards=["X01"]):
        machine.advance(st)
    assert car.failures == ["X16"] and car.failure_tokens == ["tyre_bonus"]
    assert "F01" not in car.hand and st.turn.pending.step == "prep"
    assert (car.wear, car.stress) == (wear, stress - 1)


# ---- FGP 4.3.3 / 7.3.1 -----------------------------------------------------------------
def test_fgp_4_3_3_option_in_the_no_movement_procedure_resolves_its_event():
    """With no movement card, playing the Option card draws an EVENT card that
    is resolved like any other (Grandstand Pressure: stress +1)."""
    st = scenario([_straight(track("fast"))], hands=[["P01", "T01"]])
    car = st.cars[0]
    before = car.stress
    legal = GAME.legal_actions(st, 0)
    assert A.NoMove(("play", "P01")) in legal
    with chance.scripted(st.chance, cards=["E13", "G01"]):
        GAME.apply(st, 0, A.NoMove(("play", "P01")))
    assert car.stress == before + 1
    assert "G01" in car.hand and "P01" not in car.hand


# ---- FGP 4.11.3 ------------------------------------------------------------------------
def _red_face(result):
    from chequered.games.formulagp.rules.cards import content_of
    from chequered.games.formulagp.rules.setup import new_race
    return content_of(new_race("fast", 1)).dice.red.index(result) + 1


def test_fgp_4_11_3_worn_tyres_roll_red_before_a_battle_not_after():
    """Tyres on the RED die icon: the RED roll the turn needs comes before the
    battle (right after the car stops behind its opponent), and once only."""
    from chequered.games.formulagp.rules import cards as C
    from chequered.games.formulagp.rules.tyres import red_die_after_move
    from ..test_round import _battle_site
    trk = track("fast")
    s0, s1, other = _battle_site(trk)
    st = scenario([s0, other], hands=[["R01", "G01"], ["G02"]], done=(1,))
    car = st.cars[0]
    side = C.board_side(st, car)
    car.wear = next(w for w in range(len(side.tyre_track)) if red_die_after_move(side, w))
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("R01",)))
    GAME.apply(st, 0, A.Step(s1))
    with chance.scripted(st.chance, rolls=[_red_face("tyre_wear")]):
        ev = GAME.apply(st, 0, A.Stop())
    rolls = [e.data["die"] for e in ev if e.kind == "roll"]
    assert rolls == ["red"] and st.turn.pending.step == "attack"
    ev = GAME.apply(st, 0, A.Attack(None))              # no battle after all
    assert not [e for e in ev if e.kind == "roll" and e.data.get("seat") == 0]


# ---- FGP 4.13 --------------------------------------------------------------------------
def test_fgp_4_13_late_braker_extends_a_move_that_ends_on_a_curve_once():
    """Borealis' characteristic (+1 to finish a move ending on a curved tile)
    is an extension of one point after the regular move, once per turn."""
    st = position("""
round = 5
[[car]]
name = "borealis"
at = "6.2.1"
hand = ["G01"]
ers = 0
""")
    car = st.cars[0]
    GAME.apply(st, 0, A.Done())
    assert all(not p.characteristic for p in GAME.legal_actions(st, 0))  # not before moving
    GAME.apply(st, 0, A.Play(("G01",)))
    while st.turn.pending.step == "move":
        GAME.apply(st, 0, next(a for a in GAME.legal_actions(st, 0) if isinstance(a, A.Step)))
    trk = track("fast")
    assert not trk.tile_of(car.space).straight                    # the move ended on a curve
    assert A.Extend("characteristic") in GAME.legal_actions(st, 0)
    here = car.space
    GAME.apply(st, 0, A.Extend("characteristic"))
    assert car.characteristic_used and st.move["left"] == 1
    GAME.apply(st, 0, next(a for a in GAME.legal_actions(st, 0) if isinstance(a, A.Step)))
    assert car.space != here
    if st.move and st.turn.pending.step == "extend":             # a second time: no
        assert A.Extend("characteristic") not in GAME.legal_actions(st, 0)
