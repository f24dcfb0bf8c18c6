"""RP Race Positions and Overtaking, and the Leaderboard."""
from __future__ import annotations

from .helpers import (CHARGE, EBS, G, MEC_B, USE_EBS, XP_B, kinds, moved, new_race, place,
                      play_round, seat_order)


def duo():
    # Jesús (Orange Motors, RP 4) and Bastian (Polar, RP 1)
    return new_race(["jesus", "bastian"], teams=["orange_motors", "polar_motorsport"])


def test_positions_same_lap_first_to_enter_ranks_higher():
    s = duo()
    place(s, 1, 11)                    # Bastian 11 -> 12 first (he leads)
    place(s, 0, 8)                     # Jesús 8 -> 12 afterwards
    ev = play_round(s, {0: MEC_B, 1: XP_B})
    assert [c.dist for c in s.cars] == [12, 12]
    assert seat_order(s) == [1, 0]
    assert not kinds(ev, "overtake")


def test_positions_entering_the_lap_with_ebs_ranks_higher():
    s = duo()
    s.cars[0].bars[EBS] = 2            # C: +1
    place(s, 1, 11)                    # Bastian -> 12
    place(s, 0, 7)                     # Jesús 7 + 4 + 1 (EBS) -> 12
    ev = play_round(s, {0: USE_EBS, 1: XP_B})
    assert [c.dist for c in s.cars] == [12, 12]
    assert seat_order(s) == [0, 1]
    assert [e.data for e in kinds(ev, "overtake")] == [{"seat": 0, "passed": 1}]


def test_positions_feb_boost_entry_counts_as_ebs_entry():
    """Our choice: any EBS bonus used that round (Use EBS, a FEB lap, MEC E with
    Box Box) marks the entry as an EBS entry."""
    s = duo()
    s.cars[0].bars[EBS] = 2
    place(s, 1, 9)                     # Bastian 9 -> 10 first
    place(s, 0, 5)                     # Jesús in FEB lap 5: 5 + 4 + 1 (free EBS) = 10
    play_round(s, {0: MEC_B, 1: XP_B})
    assert [c.dist for c in s.cars] == [10, 10]
    assert seat_order(s) == [0, 1]


def test_positions_overtaking_rearranges_the_leaderboard_immediately():
    s = duo()
    place(s, 1, 10)                    # Bastian 10 -> 11
    place(s, 0, 9)                     # Jesús 9 -> 13: overtakes
    ev = play_round(s, {0: MEC_B, 1: XP_B})
    assert [e.data for e in kinds(ev, "overtake")] == [{"seat": 0, "passed": 1}]
    assert seat_order(s) == [0, 1]
    assert G.view(s, None)["cars"][0]["dist"] == 13


def test_positions_valentino_plus_one_after_overtaking():
    # Valentino with Azure Dynamics: RP 3. Bastian (Polar, RP 1) 12 -> 13.
    s = new_race(["valentino", "bastian"], teams=["azure_dynamics", "polar_motorsport"])
    place(s, 1, 12)
    place(s, 0, 11)                    # 11 + 3 = 14: passed Bastian -> +1 -> 15
    ev = play_round(s, {0: MEC_B, 1: XP_B})
    assert moved(ev)[0] == 3 + 1 and s.cars[0].dist == 15
    assert [e.data["skill"] for e in kinds(ev, "skill")] == ["valentino_overtake"]


def test_positions_valentino_nothing_without_overtaking():
    s = new_race(["valentino", "bastian"], teams=["azure_dynamics", "polar_motorsport"])
    place(s, 1, 12)
    place(s, 0, 10)                    # 10 + 3 = 13: same lap as Bastian, behind him
    ev = play_round(s, {0: MEC_B, 1: XP_B})
    assert moved(ev)[0] == 3 and seat_order(s) == [1, 0]


def test_positions_valentino_extra_lap_obeys_tyre_life():
    """Our choice: the extra RP moves the car like any other lap (TD marker, Box-Box token)."""
    s = new_race(["valentino", "bastian"], teams=["azure_dynamics", "polar_motorsport"])
    place(s, 1, 12)
    place(s, 0, 11, td=29 - 3)         # mediums at Austin: 3 laps left
    ev = play_round(s, {0: MEC_B, 1: XP_B})
    assert moved(ev)[0] == 3 and s.cars[0].td == 29


def test_positions_rank_kept_by_moves_equals_car_place():
    # move_all sets a car's rank inline (every move): pinned equal to Car.place
    import chequered
    from chequered.bench import bench_seats, parse_seats, race_states
    from chequered.games.racepace.state import Car
    game = chequered.game("racepace")
    states = race_states(game, game.config(seats=parse_seats(bench_seats(game))), limit=60)
    assert any(c.dist > 0 for st in states for c in st.cars)
    for st in states:
        for c in st.cars:
            fresh = Car(c.seat, c.bot)
            fresh.place(c.dist, c.stamp, c.ebs_entry)
            assert c.rank == fresh.rank


def test_positions_rank_key_orders_as_the_rule():
    # RP Race Positions: furthest lap first, then EBS entry, then first to enter;
    # the int key sorts as that tuple for every stamp a position may hold
    from itertools import product
    from chequered.games.racepace.state import STAMP_ROOM, rank_key
    places = list(product((-3, -1, 0, 1, 12, 13, 250), (0, 1, 7, STAMP_ROOM - 1), (False, True)))
    by_key = sorted(places, key=lambda p: rank_key(*p))
    assert by_key == sorted(places, key=lambda p: (-p[0], not p[2], p[1]))


def test_positions_refuse_a_stamp_beyond_the_key():
    import pytest
    from chequered.engine.protocol import BadInput
    from chequered.games.racepace.state import STAMP_ROOM
    s = duo()
    doc = G.dump_position(s)
    doc["state"]["cars"][0]["stamp"] = STAMP_ROOM
    with pytest.raises(BadInput, match="stamp"):
        G.load_position(doc)


def test_positions_invariants_catch_a_car_moved_without_its_rank():
    # the leaderboard sorts by Car.rank: a car put on a lap without it
    # (car.dist written alone) is reported by the invariants random play checks
    s = duo()
    place(s, 0, 8)
    assert G.invariants(s) == []
    s.cars[0].dist = 9
    assert any("leaderboard key" in b for b in G.invariants(s))
