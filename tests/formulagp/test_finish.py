"""FGP 12 the finish: final lap/round, penalties at the end, classification
(digest A30, A31, A45). Distances use a 40-tile lap: distance = laps*40 + tile."""
from __future__ import annotations

from chequered.games.formulagp.rules import finish as F
from chequered.games.formulagp.rules.finish import Finisher

LAP = 40


def fin(seat, d, **kw):
    return Finisher(seat, laps=d // LAP, tile=d % LAP, **kw)


def test_12_1_final_lap_and_final_round():
    assert not F.final_lap(23) and F.final_lap(24) and F.final_lap(26)
    assert not F.final_round(23, leader_crossed=True)
    assert not F.final_round(24, leader_crossed=False)
    assert F.final_round(24, leader_crossed=True)
    assert F.places_yellow_flag(final_round=False)
    assert not F.places_yellow_flag(final_round=True)


def test_12_2_1_revealed_penalty_icons():
    # one token from the race, a Draw Failure card with 2 icons in hand,
    # one held EVENT card with 1 icon
    assert F.revealed_penalties(1, [2], [1]) == 4
    assert F.revealed_penalties(0, [], []) == 0


def test_12_2_1_five_tiles_a_token_behind_a_car_with_fewer():
    cars = [fin(0, 130, penalties=1), fin(1, 127), fin(2, 125)]
    placed = F.apply_end_penalties(cars, LAP)
    assert [(p.seat, p.distance) for p in placed] == [(1, 127), (2, 125), (0, 125)]
    assert F.classify(cars, LAP) == [1, 2, 0]


def test_12_2_1_two_tokens_ten_tiles():
    cars = [fin(0, 130, penalties=2), fin(1, 122), fin(2, 119)]
    placed = F.apply_end_penalties(cars, LAP)
    assert [(p.seat, p.distance) for p in placed] == [(1, 122), (0, 120), (2, 119)]


def test_12_2_1_same_tokens_same_tile_go_ahead():
    # both on tile 120 with one token: the rear car (2) is moved first, then car 1
    # lands on its tile and, holding as many tokens, goes ahead of it
    cars = [fin(0, 125), fin(1, 120, penalties=1), fin(2, 120, penalties=1)]
    placed = F.apply_end_penalties(cars, LAP)
    assert [(p.seat, p.distance) for p in placed] == [(0, 125), (1, 115), (2, 115)]


def test_12_2_1_several_cars_on_the_tile():
    cars = [fin(0, 130, penalties=1), fin(1, 125), fin(2, 125), fin(3, 110)]
    placed = F.apply_end_penalties(cars, LAP)
    assert [p.seat for p in placed] == [1, 2, 0, 3]


def test_12_2_1_back_across_the_line_costs_a_lap():
    placed = F.apply_end_penalties([fin(0, 4 * LAP + 2, penalties=1)], LAP)
    assert (placed[0].laps, placed[0].tile) == (3, 37)


def test_12_2_2_farthest_wins_same_tile_sequence_order():
    cars = [fin(0, 131, crossed=True), fin(1, 131, crossed=True), fin(2, 133, crossed=True)]
    assert F.classify(cars, LAP) == [2, 0, 1]


def test_12_2_2_spinners_behind_crossers_on_track_before_off():
    cars = [fin(0, 130, crossed=True, spin="on_track"), fin(1, 125, crossed=True),
            fin(2, 128, crossed=True, spin="off_track"), fin(3, 131, crossed=True),
            fin(4, 129, crossed=True, spin="on_track")]
    assert F.classify(cars, LAP) == [3, 1, 0, 4, 2]


def test_12_2_2_non_crossers_behind_all_crossers():
    cars = [fin(0, 119), fin(1, 121, crossed=True, spin="off_track"), fin(2, 120, crossed=True)]
    assert F.classify(cars, LAP) == [2, 1, 0]


def test_12_2_2_blue_flags_last_even_behind_non_crossers():
    cars = [fin(0, 110, crossed=True, laps_down=1), fin(1, 118), fin(2, 90, laps_down=2),
            fin(3, 121, crossed=True), fin(4, 95, crossed=True, laps_down=1)]
    assert F.classify(cars, LAP) == [3, 1, 0, 4, 2]


def test_12_2_2_penalty_can_drop_a_crosser_behind_the_line_but_it_stays_a_crosser():
    # A31: the crossed flag is kept after penalties; distance ranks crossers
    cars = [fin(0, 121, crossed=True, penalties=1), fin(1, 120, crossed=True), fin(2, 119)]
    assert F.classify(cars, LAP) == [1, 0, 2]
