"""FGP 15.1-15.7.2 (optional rules, first half), written from the rulebook: each
option played with and without it on a position or a game from its start, through
GAME.apply; then whole races with every option of this file on.

Vireo (side A) is the car of most scenarios: medium tyres +2 while fresh and no
bonus once worn (wear 13 on), the RED die icon on wear 17; soft and medium start
on wear space 3; OT 2 (LEDs 0/1/2). GREEN in 8th gear: 3 points, RED 5."""
from __future__ import annotations

import pytest

from chequered.engine import chance
from chequered.engine.play import play as play_race
from chequered.engine.protocol import BadInput
from chequered.engine.records import record_of, replay
from chequered.games.formulagp import actions as A
from chequered.games.formulagp.checks import invariants
from chequered.games.formulagp.content import load_content
from chequered.games.formulagp.rules import cards as C
from chequered.games.formulagp.rules import hazards as H
from chequered.games.formulagp.rules import optional_rules as O
from chequered.games.formulagp.track import track

from ._util import GAME, all_done, new, no_pushes, qualify, white, white_icon
from .common import kinds, legal, name, play, position, space
from .test_ch13_incidents import stop_at

CONTENT = load_content()


# ---- FGP 15.2 street circuits ---------------------------------------------------------------
TRICKY_STREET = """
track = "street"
round = 5
leader = "none"
options = [{options}]
rolls = ["red:loss_of_control"]
[[car]]
name = "vireo"
at = "22.2.1"
wear = 13
ers = 0
hand = ["G01"]
"""


def test_fgp_15_2_a_spin_that_would_leave_the_track_hits_the_wall_and_stays():
    """On a street circuit every edge is a wall: the spin off a tricky corner's skid
    marks, which normally leaves the car off the track, instead puts it into the
    wall in its own space, spun, with a DAMAGE card (FGP 13.4.4 b)."""
    st = position(TRICKY_STREET.format(options=""))
    stop_at(st, ["23.2.1"])
    car = st.cars[0]
    assert car.off_track and car.space is None and car.spun
    st = position(TRICKY_STREET.format(options='"street_circuit"'))
    damage = len(st.decks["damage"].pile)
    stop_at(st, ["23.2.1"])
    car = st.cars[0]
    assert not car.off_track and name(st, 0) == "23.2.1" and car.spun
    assert car.rejoin == "c" and len(st.decks["damage"].pile) == damage - 1


def test_fgp_15_2_every_edge_is_a_wall_whatever_the_tiles_show():
    """The street track's pit tiles have grass beside lane 4; with the rule the
    same forced lane change hits a wall."""
    trk = track("street")
    at = space(position('track = "street"\n[[car]]\nat = "1.2.1"'), "0.3.1")
    assert H.forced_shift(trk, at, "green").result == "off_track"
    assert H.forced_shift(O.walled(trk), at, "green").result == "wall"
    assert O.walled(trk) is O.walled(trk) and trk.spaces[at].edge_right == "off_track"


def test_fgp_15_2_only_two_close_call_cards_in_the_damage_deck():
    """For a street race all but two 'Close Call!' cards leave the DAMAGE deck;
    the other DAMAGE cards all stay; other tracks keep the whole deck."""
    close = {c.id for c in CONTENT.damage.cards if c.close_call}
    assert len(close) > O.STREET_CLOSE_CALLS          # our deck has more to remove
    for trk, opts, kept in (("street", ["street_circuit"], 2), ("street", [], len(close)),
                            ("fast", ["street_circuit"], len(close))):
        st = new(2, track=trk, options=opts)
        deck = st.decks["damage"]
        cards = set(deck.pile) | set(deck.discards)
        assert len(cards & close) == kept
        assert cards - close == {c.id for c in CONTENT.damage.cards} - close
        assert not invariants(st)


STREET_BATTLE = """
track = "street"
round = 5
options = [{options}]
[[car]]
name = "vireo"
at = "1.2.1"
tyre = "hard"
hand = ["G01", "G03"]
[[car]]
name = "halcyon"
at = "3.3.1"
hand = ["G05"]
"""


@pytest.mark.parametrize("options,outcome,defence", [
    ("", "attacker", 2), ('"street_circuit"', "tie", 3),
    ('"street_circuit", "street_defence_2"', "defender", 4)])
def test_fgp_15_2_the_defender_gets_one_or_two_leds_on_a_street(options, outcome, defence):
    """Passing on a street is harder: the defender's LEDs rise by 1, or by 2 when
    the group so decides. Vireo attacks with OT 2 (2 LEDs) and a 1-LED card: 3
    LEDs against halcyon's 2-LED card, 3 or 4."""
    st = position(STREET_BATTLE.format(options=options))
    play(st, A.Done(), A.Play(("G01",), (), False), A.Step(space(st, "2.2.1")), A.Stop())
    ev = play(st, A.Attack(1), A.Done())
    ev += play(st, A.Cards(("G03",)), seat=0)
    ev += play(st, A.Cards(("G05",)), seat=1)
    while st.turn.pending and st.turn.pending.step == "battle_boost":
        ev += play(st, A.Boost(False, False, ()), seat=min(GAME.to_act(st)))
    res = next(e for e in ev if e.kind == "battle_result")
    assert (res.data["outcome"], res.data["attack"], res.data["defence"]) == \
        (outcome, 3, defence)


def test_fgp_15_2_the_stronger_defence_needs_the_street_rule():
    """street_defence_2 only raises the street circuit's bonus."""
    with pytest.raises(BadInput, match="street_circuit"):
        GAME.config(track="street", seats=["heuristic"] * 2, options=["street_defence_2"])


# ---- FGP 15.3 qualifying by a die roll ------------------------------------------------------
def _die_qualifying(n=3):
    st = new(n, options=["quali_die_roll"])
    all_done(st)
    assert st.turn.pending.step == "quali_wear"
    return st


def _attempt(st, action, face):
    seat = st.turn.pending.seats[0]
    with chance.scripted(st.chance, rolls=[face]):
        GAME.apply(st, seat, action)
    return seat


def test_fgp_15_3_base_plus_wear_points_plus_the_white_die_in_pit_box_order():
    """No qualifying cards: in pit-box order (nearest the exit first) each driver
    takes the base (tyre bonus + maximum OT), adds tyre wear for a point each and
    rolls the WHITE die; the highest score takes pole, ties go to the box nearer
    the exit. The played cards stay in hand for the start."""
    st = _die_qualifying()
    hands = {c.seat: list(c.hand) for c in st.cars}
    order = list(st.pit_order)
    base = {c.seat: C.board_side(st, c).tyre_bonus("medium", c.wear) + C.max_ot(st, c)
            for c in st.cars}
    wear0 = {c.seat: c.wear for c in st.cars}
    seen = []
    for wear, value in ((2, 3), (0, 5), (1, 4)):
        assert st.turn.pending.step == "quali_wear"
        seen.append(_attempt(st, A.QualiWear(wear), white("red" if value % 2 == 0 else "green",
                                                            value)))
    assert seen == order
    scores = {s: base[s] + w + v for s, (w, v) in zip(order, ((2, 3), (0, 5), (1, 4)))}
    assert {c.seat: c.quali_score for c in st.cars} == scores
    assert {c.seat: c.wear - wear0[c.seat] for c in st.cars} == \
        dict(zip(order, (2, 0, 1)))
    while st.turn.pending.step == "quali_again":          # nobody tries again
        GAME.apply(st, st.turn.pending.seats[0], A.Push(False))
    grid = sorted(range(3), key=lambda s: st.cars[s].grid)
    assert grid == sorted(order, key=lambda s: (-scores[s], order.index(s)))
    pole = st.cars[grid[0]]
    assert all(st.cars[s].hand == hands[s] for s in range(3) if s != grid[0])
    assert st.turn.pending.step == "pole_keep" and pole.seat == grid[0]   # FGP 7.2.1


def test_fgp_15_3_a_failed_attempt_scores_zero_then_minus_one_then_a_crash():
    """The die's icon face is a failed attempt: score 0. The driver may try again
    (+1 tyre wear) with -1 on the total; a second failure is a crash: score 0,
    tyre wear +1, a pit-lane start."""
    st = _die_qualifying()
    first = _attempt(st, A.QualiWear(0), white_icon())
    car = st.cars[first]
    base = C.board_side(st, car).tyre_bonus("medium", car.wear) + C.max_ot(st, car)
    assert car.quali_score == 0 and not car.crashed
    for _ in range(2):
        _attempt(st, A.QualiWear(0), white("red", 2))
    assert st.turn.pending.step == "quali_again" and st.turn.pending.seats == [first]
    wear = car.wear
    _attempt(st, A.Push(True), white("green", 5))       # +1 wear: a point, then -1
    assert car.quali_score == base + 1 + 5 - 1 and car.wear == wear + 1
    st = _die_qualifying()
    first = _attempt(st, A.QualiWear(0), white_icon())
    car = st.cars[first]
    for _ in range(2):
        _attempt(st, A.QualiWear(0), white("red", 2))
    wear = car.wear
    _attempt(st, A.Push(True), white_icon())
    assert car.crashed and car.pit_lane_start and car.quali_score == 0
    assert car.wear == wear + 2                           # the try and the crash


def test_fgp_15_3_another_attempt_later_keeps_the_better_score():
    """After everyone's attempt, drivers may in pit-box order try again for +1
    tyre wear; the better of the scores counts (ours), and the passes end when
    nobody tries."""
    st = _die_qualifying(2)
    a = _attempt(st, A.QualiWear(0), white("red", 6))
    _attempt(st, A.QualiWear(0), white("red", 2))
    car = st.cars[a]
    best = car.quali_score
    _attempt(st, A.Push(True), white("red", 2))
    assert car.quali_score == best                        # lower: the better one stays
    GAME.apply(st, st.turn.pending.seats[0], A.Push(False))
    assert st.turn.pending.step == "quali_again"          # a's try opened another pass
    GAME.apply(st, st.turn.pending.seats[0], A.Push(False))
    GAME.apply(st, st.turn.pending.seats[0], A.Push(False))
    assert st.turn.pending.step == "pole_keep"


# ---- FGP 15.4 race start by grid order --------------------------------------------------------
def _round_one(options):
    hands = [["R10", "G05", "G06", "G07", "G08", "G09"],
             ["R09", "T01", "G01", "G11", "G12", "R04"],
             ["G05", "G06", "G07", "G08", "G09", "G10"]]
    st = new(3, hands=hands, options=options)
    all_done(st)
    qualify(st, {0: ["R10"], 1: ["R09", "T01"], 2: ["G05"]})
    no_pushes(st)
    if st.turn.pending.step == "pole_keep":
        seat = st.turn.pending.seats[0]
        GAME.apply(st, seat, GAME.fine_actions(st, seat)[0])
    GAME.apply(st, 0, A.Cards(("G06",)))           # 2 LEDs, P2
    GAME.apply(st, 1, A.Cards(("G01",)))           # 1 LED, pole
    GAME.apply(st, 2, A.Cards(("G07",)))           # 2 LEDs, P3
    return st


def test_fgp_15_4_round_one_moves_in_grid_order_not_by_leds():
    """With the option the start round goes by grid position: the pole sitter
    moves first although its card shows the fewest LEDs."""
    st = _round_one([])
    assert sorted(range(3), key=lambda s: st.cars[s].grid) == [1, 0, 2]
    assert st.sequence == [0, 2, 1]                # FGP 7.2.1: most LEDs first
    st = _round_one(["grid_order_start"])
    assert st.sequence == [1, 0, 2]                # FGP 15.4: the grid


# ---- FGP 15.5 medium tyre wear placement ----------------------------------------------------
def test_fgp_15_5_medium_tyres_start_one_wear_space_earlier():
    """Choosing Medium tyres puts the wear marker one space before their start
    space; Soft tyres, which share that space, stay on it."""
    for opts, medium in (([], 3), (["medium_wear_placement"], 2)):
        st = new(2, tyres=["medium", "soft"], options=opts)
        assert [c.wear for c in st.cars] == [medium, 3]


def test_fgp_15_5_a_pit_stop_on_mediums_and_the_players_own_choice():
    """The same when Mediums are fitted at a pit stop, and when the players pick
    their starting tyres themselves."""
    text = 'round = 5\noptions = [{o}]\n[[car]]\nat = "pit"\ntyre = "soft"\nwear = 12\n' \
           'tyres_left = ["medium", "hard"]'
    for o, wear in (("", 3), ('"medium_wear_placement"', 2)):
        st = position(text.format(o=o))
        play(st, A.PitStop("medium", (), "none"), seat=0)
        assert st.cars[0].tyre == "medium" and st.cars[0].wear == wear
    st = GAME.new(GAME.config(track="fast", seats=["human"] * 2,
                              options=["medium_wear_placement"]), 1)
    GAME.apply(st, 0, A.StartTyre("medium"))
    GAME.apply(st, 1, A.StartTyre("hard"))
    hard = C.board_side(st, st.cars[1]).tyre_start.hard
    assert st.cars[0].wear == 2 and st.cars[1].wear == hard


# ---- FGP 15.6 counter-steer toward the outside ------------------------------------------------
CORNER = """
round = 5
leader = "none"
options = [{options}]
rolls = [{rolls}]
[[car]]
name = "vireo"
at = "{at}"
wear = 17
ers = 0
hand = ["G01", "G02"]
"""


def _counter_steer(at, to, options="", rolls='"red:loss_of_control", "white:green"'):
    st = position(CORNER.format(options=options, rolls=rolls, at=at))
    stop_at(st, [to])
    assert st.turn.pending.step == "control"
    ev = play(st, A.CounterSteer("G02"), seat=0)
    return st, [e.data["die"] for e in ev if e.kind == "roll"]


def test_fgp_15_6_on_a_corner_the_counter_steer_goes_to_the_outside():
    """On a corner tile the counter-steer moves the car toward the outside of the
    corner, no WHITE die: on the right-hand 9 that is the left lane, where the die's
    green face would have sent it right."""
    st, dice = _counter_steer("8.2.1", "9.2.1")
    assert name(st, 0) == "9.3.1" and dice == ["white"]
    st, dice = _counter_steer("8.2.1", "9.2.1", '"counter_steer_outside"',
                              '"red:loss_of_control"')
    assert name(st, 0) == "9.1.1" and dice == [] and st.cars[0].wear == 17


def test_fgp_15_6_a_left_corner_goes_right_and_a_straight_still_rolls():
    """The outside of a left turn is to the right; on a straight tile the WHITE die
    still decides."""
    st, _ = _counter_steer("25.2.1", "26.2.1", '"counter_steer_outside"',
                           '"red:loss_of_control"')
    assert name(st, 0) == "26.3.1"
    st, dice = _counter_steer("28.2.1", "29.2.1", '"counter_steer_outside"',
                              '"red:loss_of_control", "white:red"')
    assert name(st, 0) == "29.1.1" and dice == ["white"]


# ---- FGP 15.7.1 OT management ---------------------------------------------------------------
OT_BATTLE = """
round = 5
options = [{options}]
[[car]]
name = "vireo"
at = "1.2.1"
tyre = "hard"
hand = ["G01", "G05", "T01", "T02"]
[[car]]
name = "halcyon"
at = "3.3.1"
hand = ["G02"]
[[car]]
name = "orrery"
at = "3.2.2"
"""


def _full_ot(options):
    """Vireo (4 points) drives one space and stops behind halcyon: 3 points left,
    OT 2, its maximum."""
    st = position(OT_BATTLE.format(options=options))
    play(st, A.Done(), A.Play(("G01",), (), False), A.Step(space(st, "2.2.1")), A.Stop())
    assert st.turn.pending.step == "attack" and st.cars[0].ot == 2
    return st


def test_fgp_15_7_1_a_full_ot_indicator_must_attack_unless_braked_below_it():
    """With the OT fully charged the driver cannot let the battle go; a Brake! (+1
    wear a card) takes points off before the charge: two of them leave OT 1, and
    then the attack may be declined."""
    st = _full_ot("")
    assert A.Attack(None) in legal(st) and not any(isinstance(a, A.Spend) for a in legal(st))
    st = _full_ot('"ot_management"')
    car, wear = st.cars[0], st.cars[0].wear
    assert A.Attack(None) not in legal(st) and A.Spend("brake", ("T01",)) in legal(st)
    play(st, A.Spend("brake", ("T01",)))                 # 2 points left: still OT 2
    assert car.ot == 2 and A.Attack(None) not in legal(st)
    play(st, A.Spend("brake", ("T02",)))                 # 1 point: OT 1
    assert car.ot == 1 and car.wear == wear + 2 and A.Attack(None) in legal(st)


def _win(options):
    st = _full_ot(options)
    ev = play(st, A.Attack(1), A.Done())
    ev += play(st, A.Cards(("G05",)), seat=0)            # 2 LEDs + OT 2 against 1
    ev += play(st, A.Cards(("G02",)), seat=1)
    while st.turn.pending and st.turn.pending.step == "battle_boost":
        ev += play(st, A.Boost(False, False, ()), seat=min(GAME.to_act(st)))
    return st, ev


def test_fgp_15_7_1_the_winner_uses_every_ot_point_into_the_car_ahead():
    """The winner moves its OT in its lane; orrery blocks the second space. The
    point left is normally lost; with the option it is used anyway: a collision,
    a Penalty token and a DAMAGE card each, and orrery loses control."""
    st, ev = _win("")
    assert name(st, 0) == "3.2.1" and st.cars[0].penalties == 0 and not st.cars[2].damage
    st, ev = _win('"ot_management"')
    assert name(st, 0) == "3.2.1" and st.cars[0].penalties == 1
    assert st.cars[0].damage and st.cars[2].damage and "loss_of_control" in kinds(ev)


def test_fgp_15_7_1_a_lane_that_ends_sends_the_winner_off_or_into_the_wall():
    """Where the winner's lane ends, the OT left takes it off the track beside the
    next tile, or into the wall where the edge is one (every edge on a street)."""
    trk = track("fast")
    at = space(position('[[car]]\nat = "1.2.1"'), "6.1.1")
    assert O.ot_overrun(trk, at, {}) == ("off_track", (7, 1))
    assert O.ot_overrun(trk, at, {}, walls=True) == ("wall", None)
    ahead = space(position('[[car]]\nat = "1.2.1"'), "7.2.1")
    assert O.ot_overrun(trk, space(position('[[car]]\nat = "1.2.1"'), "6.2.1"), {}) == \
        ("collision", ahead)


def test_fgp_15_7_1_not_for_a_car_in_a_slipstream_space():
    """The rule does not apply to a car in a slipstream space: it may still decline."""
    assert O.ot_management(["ot_management"], in_slipstream=False)
    assert not O.ot_management(["ot_management"], in_slipstream=True)
    assert not O.ot_management([], in_slipstream=False)


# ---- whole races ----------------------------------------------------------------------------
OURS = ["quali_die_roll", "street_circuit", "street_defence_2", "grid_order_start", "medium_wear_placement",
        "counter_steer_outside", "ot_management"]


@pytest.mark.parametrize("trk", ["fast", "twisty", "street"])
@pytest.mark.parametrize("cars", [2, 6, 10])
def test_fgp_15_a_whole_race_with_these_options_on_every_track(trk, cars):
    """Heuristic drivers race to the flag with every option of this file; the
    invariants hold throughout and the record replays to the same state."""
    cfg = GAME.config(track=trk, seats=["heuristic"] * cars, options=OURS)
    st = GAME.new(cfg, 3)
    problems: list = []
    played = play_race(GAME, cfg, 3, state=st,
                       on_step=lambda seat, a, ev, step: problems.extend(invariants(st)))
    assert GAME.is_over(st) and not problems and not invariants(st)
    assert sorted(GAME.result(st).classification) == list(range(cars))
    rec = record_of(GAME, cfg, 3, played.actions, st)
    assert GAME.state_hash(replay(rec)) == GAME.state_hash(st)
