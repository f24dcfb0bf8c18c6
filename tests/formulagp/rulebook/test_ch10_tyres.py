"""FGP 10 Tyre Management (10.1 Tyre Wear; 10.2 and 10.2.1 are [ADV]): scenarios
played through the protocol. The positions and helpers are test_ch11_pits'; the
fast track's tiles 37 to 3 are 8th-gear straights, tile 36 a 6th-gear curve.

Board "vireo" (seat 0's default) wear track, 0-based: soft and medium start on
3, hard on 1; 7 degrades soft/medium, 10 wears soft out, 11 degrades hard, 13
wears medium out, 16 wears hard out, 17 is the RED die icon. Fresh tyre bonus:
soft 3, medium 2, hard 1 (degraded one less)."""
from __future__ import annotations

from chequered.engine import chance
from chequered.games.formulagp import actions as A
from chequered.games.formulagp.rules import cards as C

from .test_ch11_pits import GAME, PIT_LANE, kinds, position, roll, sp, to_step

RED_ICON = 17


def _moves(st, seat, *spaces):
    for to in spaces:
        GAME.apply(st, seat, A.Step(to))


def test_fgp_10_1_the_marker_starts_on_the_fitted_compound_space():
    """At the start the wear marker sits on the starting space of the chosen compound:
    one for hard tyres, a shared one for soft and medium."""
    cfg = GAME.config(track="fast", seats=["human"] * 3, tyres=["hard", "soft", "medium"])
    st = GAME.new(cfg, 3)
    for car in st.cars:
        assert car.wear == C.board_side(st, car).start_position(car.tyre)
    side = C.board_side(st, st.cars[0])
    assert side.start_position("soft") == side.start_position("medium") \
        != side.start_position("hard")


def test_fgp_10_1_a_lane_change_wears_with_red_or_orange_not_green():
    """Each lane change costs one wear with a RED or an ORANGE card, none with GREEN."""
    for card, decl, worn in (("R01", (), 1), ("O01", ("green",), 1), ("G01", (), 0)):
        st = position([{"at": sp(1, 2), "hand": [card], "wear": 3}, {"at": sp(20, 2)}])
        GAME.apply(st, 0, A.Done())
        GAME.apply(st, 0, A.Play((card,), decl))
        _moves(st, 0, sp(1, 3), sp(2, 3), sp(2, 2))
        assert st.cars[0].wear == 3 + 2 * worn, card


def test_fgp_10_1_playing_a_tyre_wear_card_wears_one():
    """A Tyre Wear card played from the hand (to make room in it) moves the marker one space."""
    hand = ["T01", "G01", "G02", "R01", "R02", "R03"]
    st = position([{"at": sp(1, 2), "hand": hand, "wear": 3}, {"at": sp(20, 2)}])
    assert len(hand) == C.hand_limit(st, st.cars[0])
    GAME.apply(st, 0, A.PlayCard("T01", "tyre_wear"))
    assert st.cars[0].wear == 4 and "T01" not in st.cars[0].hand


def test_fgp_10_1_braking_with_a_tyre_wear_card_wears_one():
    """Brake!: a Tyre Wear card's secondary function cuts the move by one point for one wear."""
    st = position([{"at": sp(1, 2), "hand": ["G01", "T01"], "wear": 3, "ers": 3},
                   {"at": sp(20, 2)}])
    car = st.cars[0]
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G01",)))                  # 3 + 2 = 5 MP
    _moves(st, 0, sp(2, 2), sp(3, 2), sp(3, 2, 1), sp(4, 2))
    GAME.apply(st, 0, A.Reduce(0, ("T01",)))
    assert car.wear == 4 and car.space == sp(4, 2)


def test_fgp_10_1_extending_from_a_curve_with_a_tyre_wear_card_wears_one():
    """On a curved tile a Tyre Wear card buys one more point of movement, for one wear."""
    st = position([{"at": sp(34, 1), "hand": ["G01", "T01"], "wear": 3}, {"at": sp(20, 2)}])
    car = st.cars[0]
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G01",)))                  # 4th gear GREEN 1 + 2 = 3 MP
    _moves(st, 0, sp(35, 1), sp(35, 2), sp(36, 2))
    assert GAME.legal_actions(st, 0) == [A.Extend("tyre_wear", "T01"), A.Done()]
    GAME.apply(st, 0, A.Extend("tyre_wear", "T01"))
    GAME.apply(st, 0, A.Step(sp(37, 2)))
    assert car.wear == 4 and car.space == sp(37, 2)


def test_fgp_10_1_a_yellow_die_tyre_wear_result_wears_one():
    """A die result showing tyre wear (here a pair's YELLOW die) moves the marker on."""
    st = position([{"at": sp(1, 2), "hand": ["G01", "G02"], "wear": 3}, {"at": sp(20, 2)}])
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G01", "G02")))            # RED pace 5 + 2 = 7 MP
    steps = [sp(2, 2), sp(3, 2), sp(3, 2, 1), sp(4, 2), sp(4, 2, 1), sp(5, 2), sp(6, 2)]
    with chance.scripted(st.chance, rolls=[roll("yellow", "tyre_wear")]):
        _moves(st, 0, *steps)
        if GAME.pending_step(st).name == "extend":
            GAME.apply(st, 0, A.Done())
    assert st.cars[0].wear == 4


def test_fgp_10_1_a_counter_steer_wears_the_tyres():
    """Saving a loss of control with a counter-steer still costs one tyre wear."""
    st = position([{"at": sp(6, 2), "hand": ["G01", "G02", "T01"], "wear": 3, "ers": 0},
                   {"at": sp(20, 2)}])
    car = st.cars[0]
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G01",)))                  # 5 MP
    GAME.apply(st, 0, A.Step(sp(7, 2)))                  # where the skid marks begin
    with chance.scripted(st.chance, rolls=[roll("red", "loss_of_control"), roll("white", 3)]):
        GAME.apply(st, 0, A.Reduce(3, ("T01",)))         # 3 ERS and a Brake! (+1 wear)
        assert car.wear == 4 and GAME.pending_step(st).name == "control"
        GAME.apply(st, 0, next(a for a in GAME.legal_actions(st, 0)
                               if getattr(a, "card", None) == "G02"))
    assert car.wear == 5 and not car.spun and car.space is not None


def test_fgp_10_1_a_pair_with_the_tyre_icon_regains_wear_but_not_past_the_first_space():
    """Two cards with the tyre icon spent together take one wear off; with the marker on
    the first space of the track there is nothing to regain and it is not offered."""
    st = position([{"at": sp(1, 2), "hand": ["G08", "G09", "G01"], "wear": 1},
                   {"at": sp(20, 2)}])
    spend = A.Spend("tyre_2x", ("G08", "G09"), None)
    assert spend in GAME.legal_actions(st, 0)
    GAME.apply(st, 0, spend)
    assert st.cars[0].wear == 0               # below soft/medium's start (3): allowed
    st = position([{"at": sp(1, 2), "hand": ["G08", "G09", "G01"], "wear": 0},
                   {"at": sp(20, 2)}])
    assert not any(isinstance(a, A.Spend) and a.function == "tyre_2x"
                   for a in GAME.legal_actions(st, 0))


def _mp(wear, tyre="medium", hand=("G01",)):
    st = position([{"at": sp(1, 2), "hand": list(hand), "wear": wear, "tyre": tyre},
                   {"at": sp(20, 2)}])
    GAME.apply(st, 0, A.Done())
    ev = GAME.apply(st, 0, A.Play((hand[0],)))
    return st, next(e for e in ev if e.kind == "move_play").data["mp"]


def test_fgp_10_1_the_degrade_icon_lowers_the_tyre_bonus_and_going_back_restores_it():
    """Reaching the soft/medium degrade icon flips the bonus token to its lower side
    (GREEN in 8th: 3 + 1 instead of 3 + 2); regaining wear back past it flips it back."""
    assert _mp(6)[1] == 5 and _mp(7)[1] == 4
    st = position([{"at": sp(1, 2), "hand": ["G08", "G09", "G01"], "wear": 7},
                   {"at": sp(20, 2)}])
    ev = GAME.apply(st, 0, A.Spend("tyre_2x", ("G08", "G09"), None))
    assert st.cars[0].wear == 6
    assert [e.data["side"] for e in ev if e.kind == "tyre_bonus"] == ["fresh"]
    GAME.apply(st, 0, A.Done())
    ev = GAME.apply(st, 0, A.Play(("G01",)))
    assert next(e for e in ev if e.kind == "move_play").data["mp"] == 5


def test_fgp_10_1_worn_out_tyres_lose_the_bonus_and_the_tyre_wear_card_uses():
    """Worn-out tyres (medium on 13): no tyre bonus, no Brake! and no extension with a Tyre
    Wear card; such cards may now be thrown away face down before the move."""
    st, mp = _mp(13, hand=("G01", "T01"))
    assert mp == 3                                       # GREEN in 8th, no bonus
    assert not any(isinstance(a, A.Reduce) and a.brake for a in GAME.legal_actions(st, 0))
    st = position([{"at": sp(1, 2), "hand": ["G01", "T01"], "wear": 13}, {"at": sp(20, 2)}])
    assert A.PlayCard("T01", "worn_discard") in GAME.legal_actions(st, 0)
    ev = GAME.apply(st, 0, A.PlayCard("T01", "worn_discard"))
    assert "T01" not in st.cars[0].hand and st.cars[0].wear == 13
    assert [e.kind for e in ev] and all(e.kind != "tyre_wear" for e in ev)
    st = position([{"at": sp(1, 2), "hand": ["G01", "T01"], "wear": 12}, {"at": sp(20, 2)}])
    assert A.PlayCard("T01", "worn_discard") not in GAME.legal_actions(st, 0)


def test_fgp_10_1_no_tyre_wear_extension_from_a_curve_with_worn_out_tyres():
    """Ending on a curve with worn-out tyres, a Tyre Wear card cannot buy the extra point."""
    st = position([{"at": sp(33, 1), "hand": ["G01", "T01"], "wear": 13}, {"at": sp(20, 2)}])
    GAME.apply(st, 0, A.Done())
    ev = GAME.apply(st, 0, A.Play(("G01",)))             # 2nd gear GREEN 1, no bonus
    assert next(e for e in ev if e.kind == "move_play").data["mp"] == 1
    ev = GAME.apply(st, 0, A.Step(sp(34, 1)))             # a curved tile
    assert "turn_end" in kinds(ev) and "T01" in st.cars[0].hand
    assert st.cars[0].space == sp(34, 1) and st.cars[0].wear == 13


def test_fgp_10_1_tyres_on_the_red_die_icon_roll_red_after_every_move():
    """On the last space of the wear track the car rolls the RED die after each move."""
    st = position([{"at": sp(1, 2), "hand": ["G01"], "wear": RED_ICON}, {"at": sp(20, 2)}])
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G01",)))
    with chance.scripted(st.chance, rolls=[roll("red", "tyre_wear")]):
        _moves(st, 0, sp(2, 2), sp(3, 2))                # GREEN 3, worn: no bonus
        ev = GAME.apply(st, 0, A.Step(sp(3, 2, 1)))
        if GAME.pending_step(st).name == "extend":
            ev += GAME.apply(st, 0, A.Done())
    assert [e.data["die"] for e in ev if e.kind == "roll"] == ["red"]


def test_fgp_10_1_a_red_roll_that_kept_the_car_out_of_the_pits_spares_only_the_pit_entry():
    """The tyres' RED roll that stopped a pit entry is not rolled again when the car enters
    on its next turn; if it drives on past the pits instead, it rolls after its move."""
    def kept_out():
        st = position([{"at": sp(39, 4), "hand": ["R01"], "wear": RED_ICON},
                       {"at": sp(10, 2)}], done=(1,))
        GAME.apply(st, 0, A.Done())
        GAME.apply(st, 0, A.Play(("R01",)))
        # RED: loss of control; no counter-steer: a spin to the left (WHITE red), yellow flag
        with chance.scripted(st.chance, rolls=[roll("red", "loss_of_control"),
                                               roll("white", 2), roll("white", 6)]):
            ev = GAME.apply(st, 0, A.Step(PIT_LANE))
        assert "pit_entry" not in kinds(ev) and st.cars[0].spun
        to_step(st, 0, "play")                           # round 6
        GAME.apply(st, 0, next(a for a in GAME.legal_actions(st, 0)
                               if isinstance(a, A.Play) and not a.characteristic))
        return st
    st = kept_out()                                      # turns round, then into the pits
    GAME.apply(st, 0, A.Step(sp(39, 4)))
    ev = GAME.apply(st, 0, A.Step(PIT_LANE))
    assert "pit_entry" in kinds(ev) and "roll" not in kinds(ev)
    st = kept_out()                                      # turns round, then drives on
    ev = []
    while GAME.to_act(st) == {0} and GAME.pending_step(st).name in ("move", "extend"):
        legal = GAME.legal_actions(st, 0)
        a = next((x for x in legal if isinstance(x, A.Step) and x.to != PIT_LANE),
                 A.Done() if A.Done() in legal else legal[0])
        ev += GAME.apply(st, 0, a)
    assert [e.data["die"] for e in ev if e.kind == "roll"][:1] == ["red"]
