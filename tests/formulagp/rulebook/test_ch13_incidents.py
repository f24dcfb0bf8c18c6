"""FGP 13, 13.2-13.5 (hazards, stress, loss of control, collisions; damage and
failures are test_ch13_damage.py)
as scenarios: a position written by hand (formulagp.position), played through
GAME.legal_actions / GAME.apply, the outcome checked against the rulebook;
docstrings say what the book demands.

Vireo Racing (side A) is the car of most scenarios: 8th gear GREEN 3 / RED 5 MP,
4th gear GREEN 1, medium tyres +2 when fresh, no bonus once worn (wear 13 and
on), the RED die icon on wear 17; ERS 3. The stress track is the same on every
DRIVER card: 1 focus, 2 middle (the start), 3 STRESSED."""
from __future__ import annotations

from chequered.games.formulagp import actions as A
from chequered.games.formulagp.position import position
from chequered.games.formulagp.track import track

from ._ch13_incident_help import GAME, sp, drive


def stop_at(st, names, card="G01", seat=0):
    """Seat plays `card`, drives through the named spaces and stops there,
    every point left charged into the ERS (it must have room) or braked."""
    GAME.apply(st, seat, A.Done())
    GAME.apply(st, seat, A.Play((card,)))
    for name in names:
        GAME.apply(st, seat, A.Step(sp(name, st.track)))
    p = st.turn.pending
    if p and p.step == "move" and p.seats == [seat]:
        GAME.apply(st, seat, next(a for a in GAME.fine_actions(st, seat)
                                  if isinstance(a, A.Reduce)))


def rolled(ev, seat=0):
    return [(e.data["die"], e.data.get("face")) for e in ev
            if e.kind == "roll" and e.data.get("seat") == seat]


# ---- FGP 13 / 13.2 ------------------------------------------------------------------------
TRICKY = """
track = "twisty"
round = 5
leader = "none"
rolls = [{rolls}]
[[car]]
name = "vireo"
at = "12.2.2"
wear = {wear}
hand = ["G01", "T01"]
"""


def test_fgp_13_a_high_risk_event_rolls_the_red_die():
    """Ending the move where skid marks begin is a high-risk event: the RED die
    is rolled (its tyre-wear face: +1 wear)."""
    st = position(TRICKY.format(rolls='"red:tyre_wear"', wear=13))   # worn: GREEN 4th = 1 MP
    car = st.cars[0]
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G01",)))
    ev = GAME.apply(st, 0, A.Step(sp("13.2.1", "twisty")))
    assert rolled(ev) == [("red", "tyre_wear")] and car.wear == 14


def test_fgp_13_2_worked_example_tricky_corner_and_red_icon_tyres_roll_red_twice():
    """The book's example: finishing on a tricky corner with the tyre-wear token
    on the RED die icon rolls the RED die twice, once per kind of event."""
    st = position(TRICKY.format(rolls='"red:tyre_wear", "red:tyre_wear"', wear=17))
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G01",)))
    ev = GAME.apply(st, 0, A.Step(sp("13.2.1", "twisty")))
    assert [d for d, _ in rolled(ev)] == ["red", "red"]


def test_fgp_13_2_no_high_risk_event_no_red_die():
    """Ending on an ordinary space with tyres short of the RED die icon: no die."""
    st = position('round = 5\n[[car]]\nat = "13.2.1"\nwear = 16\nhand = ["G01"]')
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G01",)))
    ev = []
    for name in ("14.2.1", "15.2.1", "15.2.2"):
        ev += GAME.apply(st, 0, A.Step(sp(name)))
    assert rolled(ev) == []


# ---- FGP 13.3 -----------------------------------------------------------------------------
def test_fgp_13_3_the_third_space_is_stressed_no_pairs():
    """A driver whose stress token stands on the 3rd space (one right of the
    middle) is STRESSED: only single cards may be played."""
    st = position('[[car]]\nat = "13.2.1"\nstress = 3\nhand = ["G01", "G02"]')
    GAME.apply(st, 0, A.Done())
    plays = GAME.fine_actions(st, 0)
    assert plays and all(len(p.cards) == 1 for p in plays)
    st = position('[[car]]\nat = "13.2.1"\nstress = 2\nhand = ["G01", "G02"]')
    GAME.apply(st, 0, A.Done())
    assert A.Play(("G01", "G02")) in GAME.fine_actions(st, 0)


def test_fgp_13_3_a_gain_beyond_the_third_space_leaves_the_token_and_rolls_red():
    """A STRESSED driver who spins (+1 stress) stays on the 3rd space and rolls
    the RED die at once (here its RISK face: a RISK card drawn)."""
    st = lose_control(forced='"red:loss_of_control", "white:green", "white:3", "red:risk", '
                             '"card:K03"', hand='["R01"]', card="R01",
                      path=("29.2.1", "29.2.2"), extra="stress = 3")
    car = st.cars[0]
    assert car.spun and car.stress == 3 and "K03" in st.decks["risk"].discards
    assert not st.chance.script                          # every forced outcome was used


def test_fgp_13_3_focus_space_gives_one_point_until_stress_comes_back():
    """On the first space the driver is focused (+1 movement point); a stress
    gain back to the middle takes the bonus away at once."""
    st = position('round = 5\nleader = "none"\nrolls = ["yellow:stress"]\n'
                  '[[car]]\nat = "13.2.1"\nstress = 1\nhand = ["G01", "G02", "G03"]')
    car = st.cars[0]
    assert car.focus
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G01", "G02")))
    assert st.move["mp"] == 5 + 2 + 1                    # RED pace, medium, focus
    drive(st)
    assert (car.stress, car.focus) == (2, False)


def test_fgp_13_3_the_race_leader_cannot_stand_on_the_focus_space():
    """The race leader's single GREEN card does not take it to the focus space
    (nor give it the bonus); another driver's does."""
    for leader, stress, focus in (("vireo", 2, False), ("halcyon", 1, True)):
        st = position(f'leader = "{leader}"\n[[car]]\nname = "vireo"\nat = "13.2.1"\n'
                      'hand = ["G01"]\n[[car]]\nname = "halcyon"\nat = "30.2.1"')
        GAME.apply(st, 0, A.Done())
        GAME.apply(st, 0, A.Play(("G01",)))
        assert (st.cars[0].stress, st.cars[0].focus) == (stress, focus)


# ---- FGP 13.4 -----------------------------------------------------------------------------
def lose_control(options="", rolls='"red:loss_of_control"', hand='["G01", "G02"]',
                 at="28.2.1", path=("29.2.1",), extra="", forced=None, card="G01"):
    """Vireo's tyres on the RED die icon (worn: GREEN in 8th = 3 MP, no bonus,
    ERS empty): it drives `path`, charges the points left into the ERS, and the
    RED roll after its move is forced. (A single GREEN card eases stress first.)"""
    queue = f"forced = [{forced}]" if forced is not None else f"rolls = [{rolls}]"
    st = position(f"""
round = 5
leader = "none"
options = [{options}]
{queue}
[[car]]
name = "vireo"
at = "{at}"
wear = 17
ers = 0
hand = {hand}
{extra}
""")
    stop_at(st, path, card)
    return st


def test_fgp_13_4_the_driver_may_spin_with_a_counter_steer_card_in_hand():
    """A loss of control: the driver spends a counter-steer card or spins; with
    a card in hand either is allowed (A64)."""
    st = lose_control()
    assert st.turn.pending.step == "control"
    assert GAME.fine_actions(st, 0) == [A.CounterSteer("G02"), A.CounterSteer(None)]


def test_fgp_13_4_2_option_must_counter_steer_spins_only_without_a_card():
    """Option must_counter_steer: a driver holding a counter-steer card must use
    it; without one the car spins."""
    st = lose_control(options='"must_counter_steer"')
    assert GAME.fine_actions(st, 0) == [A.CounterSteer("G02")]
    st = lose_control(options='"must_counter_steer"', hand='["G01", "T01"]',
                      rolls='"red:loss_of_control", "white:green", "white:3"')
    assert st.cars[0].spun


def test_fgp_13_4_a_counter_steered_off_the_track_then_a_second_card():
    """A counter-steer that shifts the car off the track asks for a second
    counter-steer card: with it the car stays off track facing forward, with
    no DAMAGE card and no yellow flag, and rejoins by 13.4.5 b."""
    st = lose_control(rolls='"red:loss_of_control", "white:green"', at="28.4.1",
                      path=("29.4.1",), hand='["G01", "G02", "G03"]')
    car = st.cars[0]
    damage = len(st.decks["damage"].pile)
    GAME.apply(st, 0, A.CounterSteer("G02"))
    assert car.off_track and st.turn.pending.step == "control"
    GAME.apply(st, 0, A.CounterSteer("G03"))
    assert car.off_track and not car.spun and not car.facing_back and car.rejoin == "b"
    assert len(st.decks["damage"].pile) == damage and st.yellow_flags == []


PUSH_OFF = """
round = 5
{extra}
[[car]]
name = "vireo"
at = "13.3.1"
w2w = "vs"
hand = ["G01"]
[[car]]
name = "halcyon"
at = "13.4.1"
w2w = "vs"
hand = {hand}
moved = true
"""


def test_fgp_13_4_a_pushed_off_and_saved_costs_the_pusher_one_penalty():
    """Pushed off the track by a wheel-to-wheel partner, the driver saves the
    car with a counter-steer card: it stays off track facing forward, with no
    DAMAGE card and no yellow flag, and the pusher has one Penalty token."""
    st = position(PUSH_OFF.format(extra="", hand='["G02"]'))
    pusher, pushed = st.cars
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G01",)))
    GAME.apply(st, 0, A.Step(sp("13.4.1")))                      # pushes Halcyon off
    assert pushed.off_track and pushed.off_spot == [13, 5] and pusher.penalties == 1
    drive(st)
    assert st.turn.pending.step == "control" and st.turn.pending.seats == [1]
    damage = len(st.decks["damage"].pile)
    GAME.apply(st, 1, A.CounterSteer("G02"))
    assert pushed.off_track and not pushed.facing_back and pushed.rejoin == "b"
    assert len(st.decks["damage"].pile) == damage and st.yellow_flags == []
    assert (pusher.penalties, pushed.penalties) == (1, 0)


def test_fgp_13_4_b_pushed_off_without_a_card_spins_off_track():
    """No counter-steer card after the push: the car spins off the track:
    turned round, +1 wear, +1 stress, a DAMAGE card, a yellow flag; the pusher
    still has the one Penalty token of the push."""
    st = position(PUSH_OFF.format(extra='cards = ["D05"]', hand='["T01"]'))
    pusher, pushed = st.cars
    wear, stress = pushed.wear, pushed.stress
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G01",)))
    GAME.apply(st, 0, A.Step(sp("13.4.1")))
    drive(st)
    assert pushed.off_track and pushed.spun and pushed.facing_back and pushed.rejoin == "b"
    assert (pushed.wear, pushed.stress) == (wear + 1, stress + 1) and pushed.damage == ["D05"]
    assert [z["yellow_tile"] for z in st.yellow_flags] == [13]
    assert pusher.penalties == 1


# ---- FGP 13.4.1 ---------------------------------------------------------------------------
def test_fgp_13_4_1_counter_steer_spends_the_card_shifts_by_white_and_wears():
    """Counter-steer: the card is spent, the car stays facing forward and moves
    one lane as the WHITE die says (red: left), +1 tyre wear; no spin, no
    yellow flag."""
    st = lose_control(rolls='"red:loss_of_control", "white:red"')
    car = st.cars[0]
    before = car.space
    GAME.apply(st, 0, A.CounterSteer("G02"))
    trk = track("fast")
    assert trk.spaces[car.space].lane == 1 and trk.spaces[car.space].tile == \
        trk.spaces[before].tile
    assert not car.spun and not car.facing_back and "G02" in car.deck.discards
    assert car.wear == 17 and st.yellow_flags == []      # +1 wear: already on the last space


def test_fgp_13_4_1_a_counter_steer_into_another_car_is_a_collision():
    """The counter-steer's lane change into a car's space (a car that spun
    there, so the move could end beside it) is a collision: both cars draw
    DAMAGE, the counter-steering car takes a Penalty token and stays, the car
    hit loses control."""
    st = lose_control(rolls='"red:loss_of_control", "white:green"',
                      extra='[[car]]\nname = "halcyon"\nat = "29.3.1"\nhand = ["G03"]\n'
                            'spun = true\nfacing_back = true\nrejoin = "a"\nmoved = true')
    car, other = st.cars
    GAME.apply(st, 0, A.CounterSteer("G02"))
    assert car.space == sp("29.2.1") and car.penalties == 1
    assert car.damaged_this_round and other.damaged_this_round
    assert st.turn.pending.step == "control" and st.turn.pending.seats == [1]


# ---- FGP 13.4.2 ---------------------------------------------------------------------------
def test_fgp_13_4_2_spin_on_track_shift_turn_round_wear_stress_yellow_flag():
    """A spin: one lane by the WHITE die (green: right), the car turned round,
    +1 wear, +1 stress, a yellow flag on the tile; it rejoins by 13.4.5 a."""
    st = lose_control(rolls='"red:loss_of_control", "white:green", "white:3"',
                      hand='["G01", "T01"]')
    car = st.cars[0]
    assert car.space == sp("29.3.1") and car.spun and car.facing_back
    assert car.stress == 2 and car.rejoin == "a"          # 2 -1 (single GREEN) +1
    assert [z["yellow_tile"] for z in st.yellow_flags] == [29]


# ---- FGP 13.4.3 ---------------------------------------------------------------------------
def test_fgp_13_4_3_a_spin_off_the_track_damage_yellow_flag_rejoin_b():
    """Spinning off the grass edge: off track, turned round, +1 wear, +1 stress,
    one DAMAGE card, a yellow flag; the car rejoins by 13.4.5 b."""
    st = lose_control(forced='"red:loss_of_control", "white:green", "card:D05", "white:3"',
                      hand='["G01", "T01"]', at="28.4.1", path=("29.4.1",))
    car = st.cars[0]
    assert car.off_track and car.space is None and car.off_spot == [29, 5]
    assert car.spun and car.facing_back and car.rejoin == "b" and car.stress == 2
    assert car.damage == ["D05"] and [z["yellow_tile"] for z in st.yellow_flags] == [29]


def test_fgp_13_4_3_a_tricky_corner_spin_lands_on_the_skid_marks_shadow():
    """A loss of control on a tricky corner without a counter-steer: the car
    spins onto the shadow at the end of the skid marks (off the track) and
    follows 13.4.3 b (A26: no WHITE shift)."""
    st = position(TRICKY.format(rolls='"red:loss_of_control", "white:3"', wear=13)
                  .replace('["G01", "T01"]', '["G01", "G02"]'))
    car = st.cars[0]
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G01",)))
    GAME.apply(st, 0, A.Step(sp("13.2.1", "twisty")))
    assert st.turn.pending.step == "control"
    GAME.apply(st, 0, A.CounterSteer(None))
    assert car.off_track and car.off_spot == [13, 4] and car.spun and car.rejoin == "b"


# ---- FGP 13.4.4 ---------------------------------------------------------------------------
WALL = """
track = "street"
round = 5
leader = "none"
forced = [{rolls}]
[[car]]
name = "vireo"
at = "13.1.2"
wear = 17
ers = 0
hand = {hand}
"""


def test_fgp_13_4_4_a_a_counter_steer_into_the_wall_damage_no_spin_rejoin_c():
    """Counter-steered into a wall: the car stays on its space facing forward,
    draws one DAMAGE card, no further loss of control and no yellow flag; it
    rejoins by 13.4.5 c."""
    st = position(WALL.format(rolls='"red:loss_of_control", "white:red", "card:D05"',
                              hand='["G01", "G02"]'))
    car = st.cars[0]
    stop_at(st, ["14.1.1"])
    GAME.apply(st, 0, A.CounterSteer("G02"))
    assert car.space == sp("14.1.1", "street") and not car.spun and car.rejoin == "c"
    assert car.damage == ["D05"] and st.yellow_flags == [] and st.turn.pending.step != "control"


def test_fgp_13_4_4_b_a_spin_into_the_wall_damage_wear_stress_yellow_flag():
    """Spun into a wall: the car stays, turned round, +1 wear, +1 stress, one
    DAMAGE card and a yellow flag; it rejoins by 13.4.5 c."""
    st = position(WALL.format(rolls='"red:loss_of_control", "white:red", "card:D05", "white:3"',
                              hand='["G01"]'))
    car = st.cars[0]
    stop_at(st, ["14.1.1"])
    assert car.space == sp("14.1.1", "street") and car.spun and car.facing_back
    assert car.stress == 2 and car.damage == ["D05"] and car.rejoin == "c"   # -1 +1
    assert [z["yellow_tile"] for z in st.yellow_flags] == [14]


# ---- FGP 13.4.5 ---------------------------------------------------------------------------
def test_fgp_13_4_5_spun_and_off_track_cars_move_last_next_round():
    """Cars that spun or went off track move after every other car in the next
    round, in normal order among themselves."""
    st = position('phase = "round_start"\nround = 6\n'
                  '[[car]]\nname = "vireo"\nat = "30.2.1"\nspun = true\nfacing_back = true\n'
                  'rejoin = "a"\n'
                  '[[car]]\nname = "halcyon"\nat = "20.2.1"\n'
                  '[[car]]\nname = "corsa_nera"\nat = "off:25.0"\nrejoin = "b"\n'
                  '[[car]]\nname = "ostra"\nat = "10.2.1"')
    while st.turn.phase != "turns" or st.move is None:
        s = st.turn.pending.seats[0]
        GAME.apply(st, s, A.Done())
    assert st.sequence == [1, 3, 0, 2]


def test_fgp_13_4_5_a_a_spun_car_turns_with_its_first_point_without_tyre_bonus():
    """After a spin on track: one movement card, the first point turns the car
    round, no tyre bonus (GREEN in 8th: 3 MP, 2 left to drive)."""
    st = position('[[car]]\nat = "13.2.1"\nspun = true\nfacing_back = true\nrejoin = "a"\n'
                  'hand = ["G01", "G02"]')
    car = st.cars[0]
    GAME.apply(st, 0, A.Done())
    assert all(len(p.cards) == 1 for p in GAME.fine_actions(st, 0))
    GAME.apply(st, 0, A.Play(("G01",)))
    assert st.move["mp"] == 3 and st.move["left"] == 2 and not car.facing_back


def test_fgp_13_4_5_b_off_track_first_point_back_on_the_nearest_space():
    """Off the track facing forward: the first point puts the car back on the
    closest track space, no tyre bonus; facing backwards, one point to turn
    first."""
    st = position('[[car]]\nat = "off:13.0"\nrejoin = "b"\nhand = ["G01"]')
    car = st.cars[0]
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G01",)))
    assert st.move["mp"] == 3 and GAME.fine_actions(st, 0) == [A.Rejoin(sp("13.1.1"))]
    GAME.apply(st, 0, A.Rejoin(sp("13.1.1")))
    assert car.space == sp("13.1.1") and not car.off_track and st.move["left"] == 2
    st = position('[[car]]\nat = "off:13.0"\nrejoin = "b"\nspun = true\nfacing_back = true\n'
                  'hand = ["G01"]')
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G01",)))
    assert st.turn.pending.step == "rejoin" and st.move["left"] == 2
    GAME.apply(st, 0, A.Rejoin(sp("13.1.1")))
    assert st.move["left"] == 1


def test_fgp_13_4_5_b_worked_example_blue_pushes_red_from_the_closest_space():
    """The book's example: Blue rejoins onto the closest space where Red is:
    Red is pushed into the next lane, and as it stays on track and hits no
    one, Blue takes no Penalty token."""
    st = position('[[car]]\nname = "Blue"\nat = "off:13.0"\nrejoin = "b"\nhand = ["G01"]\n'
                  '[[car]]\nname = "Red"\nat = "13.1.1"\nmoved = true')
    blue, red = st.cars
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G01",)))
    GAME.apply(st, 0, A.Rejoin(sp("13.1.1")))
    assert blue.space == sp("13.1.1") and red.space == sp("13.2.1") and blue.penalties == 0


def test_fgp_13_4_5_b_rejoin_push_into_another_car_is_a_collision_and_a_penalty():
    """The worked example's other case: Red cannot go one lane over because a
    car is there: a collision: Blue takes the Penalty token and stays off the
    track, both draw DAMAGE, Red loses control."""
    st = position('[[car]]\nname = "Blue"\nat = "off:13.0"\nrejoin = "b"\nhand = ["G01"]\n'
                  '[[car]]\nname = "Red"\nat = "13.1.1"\nmoved = true\nhand = ["G02"]\n'
                  '[[car]]\nname = "Grey"\nat = "13.2.1"\nmoved = true')
    blue, red, grey = st.cars
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G01",)))
    GAME.apply(st, 0, A.Rejoin(sp("13.1.1")))
    assert blue.off_track and blue.penalties == 1 and red.space == sp("13.1.1")
    assert blue.damaged_this_round and red.damaged_this_round and not grey.damaged_this_round
    assert st.turn.pending.step == "control" and st.turn.pending.seats == [1]


def test_fgp_13_4_5_c_after_a_wall_facing_forward_the_move_is_normal():
    """Hit the wall with a counter-steer (facing forward): the next turn is a
    normal move: pairs allowed and the tyre bonus counted (GREEN in 8th = 3,
    medium fresh +2: 5 MP)."""
    st = position('track = "street"\nround = 5\n[[car]]\nat = "14.1.1"\nrejoin = "c"\n'
                  'hand = ["G01", "G02"]')
    GAME.apply(st, 0, A.Done())
    assert A.Play(("G01", "G02")) in GAME.fine_actions(st, 0)
    GAME.apply(st, 0, A.Play(("G01",)))
    assert st.move["mp"] == 5


def test_fgp_13_4_5_c_after_a_spin_into_the_wall_turn_first_without_tyre_bonus():
    """Spun against the wall: a single movement card, the first point turns the
    car round, and no tyre bonus (GREEN in 8th: 3 MP, 2 left after turning)."""
    st = position('track = "street"\nround = 5\n[[car]]\nat = "14.1.1"\nrejoin = "c"\n'
                  'spun = true\nfacing_back = true\nhand = ["G01", "G02"]')
    GAME.apply(st, 0, A.Done())
    assert all(len(p.cards) == 1 for p in GAME.fine_actions(st, 0))
    GAME.apply(st, 0, A.Play(("G01",)))
    assert st.move["mp"] == 3 and st.move["left"] == 2 and not st.cars[0].facing_back


# ---- FGP 13.5 -----------------------------------------------------------------------------
def test_fgp_13_5_spin_into_a_car_damage_both_penalty_initiator_stays():
    """A spin whose lane change runs into a car (one that had spun there): both
    draw DAMAGE, the spinning car takes a Penalty token and stays in its space,
    the car hit loses control (once: a shift back into the first car changes
    nothing more)."""
    st = lose_control(rolls='"red:loss_of_control", "white:green", "white:red"',
                      hand='["G01", "T01"]',
                      extra='[[car]]\nname = "halcyon"\nat = "29.3.1"\nhand = ["T02"]\n'
                            'spun = true\nfacing_back = true\nrejoin = "a"\nmoved = true')
    car, other = st.cars
    assert car.space == sp("29.2.1") and car.penalties == 1 and other.penalties == 0
    assert car.damaged_this_round and other.damaged_this_round
    # the car hit loses control (no counter-steer card) and its WHITE shift runs
    # back into the first car: nothing more (no second collision, no Penalty)
    assert other.space == sp("29.3.1") and other.penalties == 0 and car.penalties == 1


def test_fgp_13_5_into_a_slipstream_space_with_a_free_shadow_is_no_collision():
    """A car shifted into a slipstream space with a free car shadow just takes
    it: no collision."""
    st = lose_control(rolls='"red:loss_of_control", "white:green", "white:3"',
                      hand='["G01", "T01"]', at="18.2.1", path=("19.2.1",),
                      extra='[[car]]\nname = "halcyon"\nat = "19.3.1"\nspun = true\n'
                            'facing_back = true\nrejoin = "a"\nmoved = true')
    car, other = st.cars
    assert car.space == sp("19.3.1") == other.space and car.penalties == 0
    assert not other.damaged_this_round
