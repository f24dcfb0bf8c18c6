"""FGP 10 Tyre Management (10.1 Tyre Wear; 10.2 and 10.2.1 are [ADV]): positions
(docs/rules/formulagp-positions.md) played through the protocol. Track and board
facts: rulebook/pitlane.py; tiles 1 to 6 of the fast track are 8th-gear
straights (tiles 3 and 4 have two spaces a lane), tile 7 a tricky 4th-gear curve
whose skid marks begin on 7.2.1, tiles 32-34 curves (2nd, 2nd, 4th gear).

Board "vireo" wear track, 0-based: soft and medium start on 3, hard on 1; 7
degrades soft/medium, 10 wears soft out, 11 degrades hard, 13 wears medium out,
16 wears hard out, 17 is the RED die icon."""
from __future__ import annotations

from chequered.games.formulagp import actions as A
from chequered.games.formulagp.position import position
from chequered.games.formulagp.rules import cards as C

from .pitlane import GAME, PIT_LANE, S, kinds, steps, to_step

RED_ICON = 17


def red_on(at: str, hand: str, extra: str = "", head: str = ""):
    """Red (board vireo) starts its turn on `at`; Blue is far ahead and moves after it."""
    return position(f"""
        round = 5
        {head}
        [[car]]
        name = "Red"
        at = "{at}"
        hand = {hand}
        {extra}
        [[car]]
        name = "Blue"
        at = "20.2.1"
    """)


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
        st = red_on("1.2.1", f'["{card}"]')
        GAME.apply(st, 0, A.Done())
        GAME.apply(st, 0, A.Play((card,), decl))
        steps(st, 0, "1.3.1", "2.3.1", "2.2.1")
        assert st.cars[0].wear == 3 + 2 * worn, card


def test_fgp_10_1_playing_a_tyre_wear_card_wears_one():
    """A Tyre Wear card played from a full hand (to make room) moves the marker one space."""
    st = red_on("1.2.1", '["T01", "G01", "G02", "R01", "R02", "R03"]')
    assert len(st.cars[0].hand) == C.hand_limit(st, st.cars[0])
    GAME.apply(st, 0, A.PlayCard("T01", "tyre_wear"))
    assert st.cars[0].wear == 4 and "T01" not in st.cars[0].hand


def test_fgp_10_1_braking_with_a_tyre_wear_card_wears_one():
    """Brake!: a Tyre Wear card's secondary function cuts the move by one point for one wear."""
    st = red_on("1.2.1", '["G01", "T01"]')               # ERS full: no charging
    car = st.cars[0]
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G01",)))                  # 3 + 2 = 5 MP
    steps(st, 0, "2.2.1", "3.2.1", "3.2.2", "4.2.1")
    GAME.apply(st, 0, A.Reduce(0, ("T01",)))
    assert car.wear == 4 and car.space == S("4.2.1")


def test_fgp_10_1_extending_from_a_curve_with_a_tyre_wear_card_wears_one():
    """On a curved tile a Tyre Wear card buys one more point of movement, for one wear."""
    st = red_on("34.1.1", '["G01", "T01"]')
    car = st.cars[0]
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G01",)))                  # 4th gear GREEN 1 + 2 = 3 MP
    steps(st, 0, "35.1.1", "35.2.1", "36.2.1")
    assert GAME.fine_actions(st, 0) == [A.Extend("tyre_wear", "T01"), A.Done()]
    GAME.apply(st, 0, A.Extend("tyre_wear", "T01"))
    steps(st, 0, "37.2.1")
    assert car.wear == 4 and car.space == S("37.2.1")


def test_fgp_10_1_a_yellow_die_tyre_wear_result_wears_one():
    """A die result showing tyre wear (here a pair's YELLOW die) moves the marker on."""
    st = red_on("1.2.1", '["G01", "G02"]', head='rolls = ["yellow:tyre_wear"]')
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G01", "G02")))            # RED pace 5 + 2 = 7 MP
    steps(st, 0, "2.2.1", "3.2.1", "3.2.2", "4.2.1", "4.2.2", "5.2.1", "6.2.1")
    if GAME.pending_step(st).name == "extend":
        GAME.apply(st, 0, A.Done())
    assert st.cars[0].wear == 4 and not st.chance.script


def test_fgp_10_1_a_counter_steer_wears_the_tyres():
    """Saving a loss of control with a counter-steer still costs one tyre wear."""
    st = red_on("6.2.1", '["G01", "G02", "T01"]', "ers = 0",
                head='rolls = ["red:loss_of_control", "white:3"]')
    car = st.cars[0]
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G01",)))                  # 5 MP
    steps(st, 0, "7.2.1")                                # where the skid marks begin
    GAME.apply(st, 0, A.Reduce(3, ("T01",)))             # 3 ERS and a Brake! (+1 wear)
    assert car.wear == 4 and GAME.pending_step(st).name == "control"
    GAME.apply(st, 0, next(a for a in GAME.fine_actions(st, 0)
                           if getattr(a, "card", None) == "G02"))
    assert car.wear == 5 and not car.spun and car.space is not None


def test_fgp_10_1_a_pair_with_the_tyre_icon_regains_wear_but_not_past_the_first_space():
    """Two cards with the tyre icon spent together take one wear off, even below the
    compound's start; with the marker on the first space there is nothing to regain."""
    st = red_on("1.2.1", '["G08", "G09", "G01"]', "wear = 1")
    spend = A.Spend("tyre_2x", ("G08", "G09"), None)
    assert spend in GAME.fine_actions(st, 0)
    GAME.apply(st, 0, spend)
    assert st.cars[0].wear == 0
    st = red_on("1.2.1", '["G08", "G09", "G01"]', "wear = 0")
    assert not any(isinstance(a, A.Spend) and a.function == "tyre_2x"
                   for a in GAME.fine_actions(st, 0))


def _green_mp(wear: int) -> int:
    st = red_on("1.2.1", '["G01"]', f"wear = {wear}")
    GAME.apply(st, 0, A.Done())
    ev = GAME.apply(st, 0, A.Play(("G01",)))
    return next(e for e in ev if e.kind == "move_play").data["mp"]


def test_fgp_10_1_the_degrade_icon_lowers_the_tyre_bonus_and_going_back_restores_it():
    """Reaching the soft/medium degrade icon flips the bonus token to its lower side
    (GREEN in 8th: 3 + 1 instead of 3 + 2); regaining wear back past it flips it back."""
    assert _green_mp(6) == 5 and _green_mp(7) == 4
    st = red_on("1.2.1", '["G08", "G09", "G01"]', "wear = 7")
    ev = GAME.apply(st, 0, A.Spend("tyre_2x", ("G08", "G09"), None))
    assert st.cars[0].wear == 6
    assert [e.data["side"] for e in ev if e.kind == "tyre_bonus"] == ["fresh"]
    GAME.apply(st, 0, A.Done())
    ev = GAME.apply(st, 0, A.Play(("G01",)))
    assert next(e for e in ev if e.kind == "move_play").data["mp"] == 5


def test_fgp_10_1_worn_out_tyres_lose_the_bonus_and_the_tyre_wear_card_uses():
    """Worn-out tyres (medium on 13): no tyre bonus and no Brake! with a Tyre Wear card;
    such cards may now be thrown away face down before the move, not before."""
    assert _green_mp(13) == 3                            # GREEN in 8th, no bonus
    st = red_on("1.2.1", '["G01", "T01"]', "wear = 13")
    assert A.PlayCard("T01", "worn_discard") in GAME.fine_actions(st, 0)
    ev = GAME.apply(st, 0, A.PlayCard("T01", "worn_discard"))
    assert "T01" not in st.cars[0].hand and "tyre_wear" not in kinds(ev)
    st = red_on("1.2.1", '["G01", "T01"]', "wear = 13")
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G01",)))
    steps(st, 0, "2.2.1", "3.2.1")
    assert not any(isinstance(a, A.Reduce) and a.brake for a in GAME.fine_actions(st, 0))
    st = red_on("1.2.1", '["G01", "T01"]', "wear = 12")
    assert A.PlayCard("T01", "worn_discard") not in GAME.fine_actions(st, 0)


def test_fgp_10_1_no_tyre_wear_extension_from_a_curve_with_worn_out_tyres():
    """Ending on a curve with worn-out tyres, a Tyre Wear card cannot buy the extra point."""
    st = red_on("33.1.1", '["G01", "T01"]', "wear = 13")
    GAME.apply(st, 0, A.Done())
    ev = GAME.apply(st, 0, A.Play(("G01",)))             # 2nd gear GREEN 1, no bonus
    assert next(e for e in ev if e.kind == "move_play").data["mp"] == 1
    ev = steps(st, 0, "34.1.1")                          # a curved tile
    assert "turn_end" in kinds(ev) and "T01" in st.cars[0].hand
    assert st.cars[0].space == S("34.1.1") and st.cars[0].wear == 13


def test_fgp_10_1_tyres_on_the_red_die_icon_roll_red_after_every_move():
    """On the last space of the wear track the car rolls the RED die after each move."""
    st = red_on("1.2.1", '["G01"]', f"wear = {RED_ICON}", head='rolls = ["red:tyre_wear"]')
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G01",)))
    ev = steps(st, 0, "2.2.1", "3.2.1", "3.2.2")         # GREEN 3, worn: no bonus
    if GAME.pending_step(st).name == "extend":
        ev += GAME.apply(st, 0, A.Done())
    assert [e.data["die"] for e in ev if e.kind == "roll"] == ["red"]


def _kept_out():
    """Red, on the RED die icon, tries to enter the pits: the RED die makes it spin to the
    left (WHITE red; no counter-steer card) and it stays out; its next move is played."""
    st = red_on("39.4.1", '["R01"]', f"wear = {RED_ICON}",
                head='sequence = ["Blue", "Red"]\nto_move = "Red"\n'
                     'rolls = ["red:loss_of_control", "white:2", "white:6"]')
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("R01",)))
    ev = GAME.apply(st, 0, A.Step(PIT_LANE))
    assert "pit_entry" not in kinds(ev) and st.cars[0].spun
    to_step(st, 0, "play")                               # round 6
    GAME.apply(st, 0, next(a for a in GAME.fine_actions(st, 0)
                           if isinstance(a, A.Play) and not a.characteristic))
    return st


def test_fgp_10_1_a_red_roll_that_kept_the_car_out_of_the_pits_spares_only_the_pit_entry():
    """The tyres' RED roll that stopped a pit entry is not rolled again when the car enters
    on its next turn; if it drives on past the pits instead, it rolls after its move."""
    st = _kept_out()                                     # turns round, then into the pits
    ev = steps(st, 0, "39.4.1", "pit_entry")
    assert "pit_entry" in kinds(ev) and "roll" not in kinds(ev)
    st = _kept_out()                                     # turns round, then drives on
    ev = []
    while GAME.to_act(st) == {0} and GAME.pending_step(st).name in ("move", "extend"):
        legal = GAME.fine_actions(st, 0)
        a = next((x for x in legal if isinstance(x, A.Step) and x.to != PIT_LANE),
                 A.Done() if A.Done() in legal else legal[0])
        ev += GAME.apply(st, 0, a)
    assert [e.data["die"] for e in ev if e.kind == "roll"][:1] == ["red"]
