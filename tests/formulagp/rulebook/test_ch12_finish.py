"""FGP 12 (Race Finish), section by section, written from the rulebook: each
test writes a position by hand and plays it through the protocol.

The fast track has 41 movement-point tiles a lap (0 = the first after the
line); tile 7 is a right-hand corner (inside lane 4), tile 15 another whose
lane 4 has ended; 7.2.1 starts skid marks. To end a race without playing a
move, the last car of the final round has lost its turn (`lose_turn`)."""
from __future__ import annotations

from .common import A, GAME, kinds, legal, name, play, position, space, turn_over


def steps(st, *names):
    return play(st, *[A.Step(space(st, n)) for n in names])


def single(card: str) -> A.Play:
    return A.Play((card,), (), False)


def finished(cars: str, *, last: str) -> object:
    """The final round with every car but `last` done; `last` loses its turn,
    so the race ends and is classified at once."""
    st = position(f"""
round = 16
final_round = true
to_move = "{last}"
{cars}""")
    assert GAME.is_over(st)
    return st


def car(board: str, at: str, *, laps: int = 2, more: str = "", last: bool = False) -> str:
    return f"""
[[car]]
name = "{board}"
at = "{at}"
laps = {laps}
{"lose_turn = true" if last else ""}
{more}"""


# ---- FGP 12.1 -----------------------------------------------------------------------------
RACE_END = """
round = {round}
[[car]]
name = "vireo"
at = "40.2.1"
laps = 2
hand = ["G05"]
[[car]]
name = "halcyon"
at = "37.2.1"
laps = 2
hand = ["G01"]
"""


def test_fgp_12_1_the_leader_crossing_on_the_final_lap_starts_the_final_round():
    """From radar space 24 the lap is the last; the leader crossing the line makes the round the final one: the cars after it still play their turn, then the race is over."""
    st = position(RACE_END.format(round=16))                 # flag 8 + 16 = 24
    assert st.flag == 24
    play(st, A.Done(), single("G05"))
    steps(st, "0.2.1", "1.2.1", "2.2.1", "3.2.1", "3.2.2")
    turn_over(st, 0)
    assert st.final_round and not GAME.is_over(st)
    assert st.move["seat"] == 1                              # halcyon still plays
    turn_over(st, 1, moving=lambda options: options[0])
    assert GAME.is_over(st) and st.classification == [0, 1]
    # one space earlier on the radar the same crossing ends nothing
    st = position(RACE_END.format(round=15))
    play(st, A.Done(), single("G05"))
    steps(st, "0.2.1", "1.2.1", "2.2.1", "3.2.1", "3.2.2")
    turn_over(st, 0)
    assert not st.final_round


def test_fgp_12_1_battles_still_happen_in_the_final_round_after_the_line():
    """In the final round a car that has crossed the line can still be caught and attacked."""
    st = position("""
round = 16
final_round = true
sequence = ["vireo", "halcyon"]
to_move = "halcyon"
[[car]]
name = "vireo"
at = "1.3.1"
laps = 3
crossed_final = true
[[car]]
name = "halcyon"
at = "40.2.1"
laps = 2
hand = ["G05", "G06"]
""")
    play(st, A.Done(), single("G05"))
    steps(st, "0.2.1")
    play(st, A.Stop())
    assert {a.defender for a in legal(st)} == {0, None}


def test_fgp_12_1_a_spin_in_the_final_round_shows_no_yellow_flag():
    """A car that spins in the final round is simply passed: no yellow flag goes up."""
    text = """
round = {round}
{final}
rolls = ["red:loss_of_control", "white:1", "white:2"]
[[car]]
name = "vireo"
at = "5.2.1"
ers = 0
hand = ["G05"]
[[car]]
name = "halcyon"
at = "30.2.1"
"""
    for final, flags in (("final_round = true", 0), ("", 1)):
        st = position(text.format(round=16 if final else 10, final=final))
        play(st, A.Done(), single("G05"))
        steps(st, "6.2.1", "7.2.1")                          # skid marks: RED die
        play(st, A.Reduce(3, ()))
        assert st.cars[0].spun
        assert len(st.yellow_flags) == flags


# ---- FGP 12.2 -----------------------------------------------------------------------------
def test_fgp_12_2_when_the_final_round_is_over_the_race_is_classified():
    """The finishing order is set once every car has played its final turn."""
    st = position("""
round = 16
final_round = true
sequence = ["vireo", "halcyon", "corsa_nera"]
to_move = "corsa_nera"
[[car]]
name = "vireo"
at = "3.2.1"
laps = 3
[[car]]
name = "halcyon"
at = "2.2.1"
laps = 3
[[car]]
name = "corsa_nera"
at = "36.2.1"
laps = 2
hand = ["G05"]
""")
    assert not GAME.is_over(st)
    play(st, A.Done(), single("G05"))
    ev = turn_over(st, 2, moving=lambda options: options[0])
    assert GAME.is_over(st) and "finish" in kinds(ev)
    assert st.classification == [0, 1, 2]


# ---- FGP 12.2.1 ---------------------------------------------------------------------------
def test_fgp_12_2_1_penalty_icons_left_in_hand_cost_tokens_and_five_tiles_each():
    """At the finish the hands are shown: the Draw Failure card's icon is a Penalty token, and every token sends the car 5 tiles back."""
    st = finished(car("vireo", "20.2.1", more='hand = ["F01"]')
                  + car("halcyon", "17.2.1", last=True), last="halcyon")
    assert st.cars[0].penalties == 1
    assert st.classification == [1, 0]                        # tile 20 - 5 = 15, behind 17


def test_fgp_12_2_1_penalties_count_tiles_not_lanes_or_spaces_and_cross_the_line():
    """Going back counts whole tiles (two tokens: 10), lanes and spaces ignored; back across the line costs the lap."""
    st = finished(car("vireo", "4.1.2", laps=3, more="penalties = 2")
                  + car("halcyon", "36.4.1", laps=2, last=True), last="halcyon")
    # 4 - 10 = tile 35 of the lap before: one tile behind halcyon on 36
    assert st.classification == [1, 0]


def test_fgp_12_2_1_a_penalised_car_goes_behind_a_car_with_fewer_tokens():
    """Sent back onto a tile with a car holding fewer tokens, the penalised car is placed behind it."""
    st = finished(car("vireo", "20.2.1", more="penalties = 1")
                  + car("halcyon", "15.1.1", last=True), last="halcyon")
    assert st.classification == [1, 0]
    # the same on a tile where the other car holds fewer tokens but some
    st = finished(car("vireo", "25.2.1", more="penalties = 2")
                  + car("halcyon", "20.1.1", more="penalties = 1", last=True), last="halcyon")
    assert st.classification == [1, 0]                        # both on tile 15, 1 ahead of 2


def test_fgp_12_2_1_equal_tokens_from_one_tile_keep_their_order():
    """Two cars from one tile with one token each: the one processed later (nearer the front) goes ahead of the other on the new tile."""
    # tile 11: lane 3 is nearer the inside of the next corner (tile 15, right-hand,
    # lane 4 ended) than lane 2
    st = finished(car("vireo", "11.2.1", more="penalties = 1")
                  + car("halcyon", "11.3.1", more="penalties = 1", last=True), last="halcyon")
    assert st.classification == [1, 0]


# ---- FGP 12.2.2 ---------------------------------------------------------------------------
def test_fgp_12_2_2_the_car_that_went_farthest_wins():
    """After the penalties the order is by distance driven: laps, then tiles."""
    st = finished(car("vireo", "5.2.1", laps=2) + car("halcyon", "30.2.1", laps=2)
                  + car("corsa_nera", "2.2.1", laps=3, last=True), last="corsa_nera")
    assert st.classification == [2, 1, 0]


def test_fgp_12_2_2_cars_on_one_tile_are_classified_in_driver_sequence():
    """Cars finishing on one tile are ranked as they would move: the car in the inside lane of the next corner (tile 7 turns right: lane 4) beats the one in lane 2."""
    st = finished(car("vireo", "6.2.1") + car("halcyon", "6.4.1", last=True), last="halcyon")
    assert st.classification == [1, 0]


def test_fgp_12_2_2_equal_penalties_on_one_tile_keep_the_driver_sequence():
    """Two cars with one token each sent back 5 tiles onto one tile stay in driver-sequence order."""
    # tile 11 -> tile 6: lane 3 before lane 2 (corner 15 turns right, its lane 4 ended)
    st = finished(car("vireo", "11.2.1", more="penalties = 1")
                  + car("halcyon", "11.3.1", more="penalties = 1", last=True), last="halcyon")
    assert st.classification == [1, 0]


def test_fgp_12_2_2_on_one_tile_more_tokens_go_behind():
    """On a shared tile the car with more Penalty tokens is classified behind, whatever the sequence says."""
    # vireo in the inside lane would go first, but it holds the tokens
    st = finished(car("vireo", "26.4.1", more="penalties = 2")
                  + car("halcyon", "16.1.1", more="penalties = 0")
                  + car("corsa_nera", "21.1.1", more="penalties = 1", last=True),
                  last="corsa_nera")
    # all three end on tile 16: 0 tokens, then 1, then 2
    assert st.classification == [1, 2, 0]


def test_fgp_12_2_2_crossers_that_spun_go_behind_on_track_spins_first():
    """Of the cars that crossed the line, one that ended its final turn spun is behind those that did not; spun on the track beats spun off it."""
    st = finished(car("vireo", "5.2.1", laps=3, more="crossed_final = true\nspun = true\n"
                      "facing_back = true\nrejoin = \"a\"")
                  + car("halcyon", "off:6.0", laps=3, more="crossed_final = true\nspun = true\n"
                        "facing_back = true\nrejoin = \"b\"")
                  + car("corsa_nera", "1.2.1", laps=3, more="crossed_final = true", last=True),
                  last="corsa_nera")
    assert st.classification == [2, 0, 1]


def test_fgp_12_2_2_off_the_track_facing_forward_is_not_a_spin():
    """A car off the track after a saved slide has not spun: it is classified by distance among the crossers that did not spin."""
    st = finished(car("vireo", "off:6.0", laps=3, more='crossed_final = true\nrejoin = "b"')
                  + car("halcyon", "1.2.1", laps=3, more="crossed_final = true", last=True),
                  last="halcyon")
    assert st.classification == [0, 1]


def test_fgp_12_2_2_cars_that_did_not_cross_in_the_final_round_come_after():
    """A car that did not cross the line in the final round is behind every car that did, however far it is."""
    st = finished(car("vireo", "40.2.1", laps=2)
                  + car("halcyon", "1.2.1", laps=3, more="crossed_final = true", last=True),
                  last="halcyon")
    assert st.classification == [1, 0]


def test_fgp_12_2_2_blue_flag_cars_are_last_of_all():
    """Lapped cars with blue flags are classified behind all others, even cars that did not cross the line."""
    st = finished(car("vireo", "3.2.1", laps=3, more="crossed_final = true\nlaps_down = 1")
                  + car("halcyon", "39.2.1", laps=2)
                  + car("corsa_nera", "2.2.1", laps=3, more="crossed_final = true", last=True),
                  last="corsa_nera")
    assert st.classification == [2, 1, 0]
