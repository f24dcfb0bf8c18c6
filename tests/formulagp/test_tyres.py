"""FGP 10.1 tyre wear on the board's wear track (vireo side A as authored:
18 spaces; degrade soft/medium at 7, soft worn at 10, degrade hard/wet at 11,
medium worn at 13, hard/wet worn at 16, RED die at 17; starts hard 1,
soft/medium 3, wet 2; tokens soft 3/2, medium 2/1, hard 1/0)."""
from __future__ import annotations

import pytest

from chequered.games.formulagp.content import load_content
from chequered.games.formulagp.rules import tyres as T


class _Car:
    def __init__(self, tyre, wear, seat=0):
        self.tyre, self.wear, self.seat = tyre, wear, seat


@pytest.fixture
def side():
    return load_content().board("vireo").side("A")


def test_10_1_start_positions(side):
    assert T.start_position(side, "hard") == 1
    assert T.start_position(side, "soft") == 3
    assert T.start_position(side, "medium") == 3
    assert T.start_position(side, "wet") == 2
    assert T.fit_tyres(side, "soft") == 3
    with pytest.raises(ValueError):
        T.start_position(side, "slick")


def test_10_1_icons_met_forward_and_back(side):
    assert T.icons_between(side.tyre_track, 3, 11) == [
        (7, "degrade_soft_medium"), (10, "worn_soft"), (11, "degrade_hard_wet")]
    assert T.icons_between(side.tyre_track, 11, 9) == [(11, "degrade_hard_wet"),
                                                       (10, "worn_soft")]
    assert T.icons_between(side.tyre_track, 3, 6) == []


def test_10_1_soft_degrades_then_wears_out(side):
    assert T.tyre_bonus(side, "soft", 6) == 3
    ch = T.wear_change(side, "soft", 6, 1)
    assert (ch.new, ch.reached, ch.bonus_after, ch.flipped) == (
        7, ((7, "degrade_soft_medium"),), "degraded", True)
    assert T.tyre_bonus(side, "soft", 7) == 2
    ch = T.wear_change(side, "soft", 9, 1)
    assert ch.bonus_after == "none" and ch.worn_out
    assert T.tyre_bonus(side, "soft", 10) == 0


def test_10_1_medium_worn_later_than_soft(side):
    assert T.bonus_side(side, "medium", 10) == "degraded"
    assert T.tyre_bonus(side, "medium", 10) == 1
    assert not T.worn_out(side, "medium", 12)
    assert T.worn_out(side, "medium", 13)


def test_10_1_hard_ignores_soft_icons(side):
    assert T.bonus_side(side, "hard", 10) == "fresh"
    assert T.tyre_bonus(side, "hard", 10) == 1
    assert T.bonus_side(side, "hard", 11) == "degraded"
    assert T.tyre_bonus(side, "hard", 11) == 0
    assert T.worn_out(side, "hard", 16)


def test_10_1_going_back_across_an_icon_undoes_it(side):
    ch = T.wear_change(side, "soft", 8, -2)
    assert ch.new == 6 and ch.undone == ((7, "degrade_soft_medium"),)
    assert ch.bonus_before == "degraded" and ch.bonus_after == "fresh"


def test_10_1_below_start_but_not_before_first_space(side):
    assert T.wear_change(side, "soft", 3, -2).new == 1      # behind the soft start
    assert T.wear_change(side, "soft", 1, -5).new == 0


def test_10_1_red_die_icon_and_track_end(side):
    assert not T.red_die_tyres(side, 16)
    ch = T.wear_change(side, "hard", 15, 4)
    assert ch.new == 17 and ch.red_die          # stops on the last space
    assert T.wear_change(side, "hard", 17, 3).new == 17
    assert T.red_die_after_move(side, 17)
    assert not T.red_die_after_move(side, 17, skip_once=True)
    assert not T.red_die_after_move(side, 16)


def test_10_1_no_wear_under_safety_car(side):
    assert T.wear_change(side, "soft", 5, 2, safety_car=True).new == 5
    assert T.wear_change(side, "soft", 5, -1, safety_car=True).new == 4


def test_10_1_damage_malus_never_below_zero(side):
    assert T.tyre_bonus(side, "soft", 3, malus=-1) == 2
    assert T.tyre_bonus(side, "hard", 12, malus=-1) == 0


def test_10_1_apply_wear_events(side):
    car = _Car("soft", 6, seat=2)
    ev = T.apply_wear(side, car, 1)
    assert car.wear == 7
    assert [e.kind for e in ev] == ["tyre_wear", "tyre_bonus"]
    assert ev[1].data == {"seat": 2, "side": "degraded"}
    car = _Car("hard", 16)
    ev = T.apply_wear(side, car, 1)
    assert [e.kind for e in ev] == ["tyre_wear", "red_die_tyres"]


def test_10_1_worn_out_tyre_wear_cards_may_be_discarded(side):
    hand = ["T01", "G02", "T03", "F01"]
    worn = T.worn_out(side, "soft", 10)
    assert T.worn_out_discards(hand, {"T01", "T03"}, worn=worn) == ["T01", "T03"]
    assert T.worn_out_discards(hand, {"T01", "T03"}, worn=T.worn_out(side, "soft", 9)) == []


def test_10_1_wear_changes_from_the_table_are_worked_out_afresh():
    # wear_change keeps each answer per board side: asked twice (the second
    # from the table), it equals the change worked out with no table, on
    # every board side, compound, position and move (the SC's too)
    for board in load_content().boards:
        for side in board.sides:
            for tyre in ("soft", "medium", "hard", "wet"):
                for pos in range(len(side.tyre_track)):
                    for delta in range(-3, 5):
                        for sc in (False, True):
                            want = T._wear_change(side, tyre, pos, 0 if sc and delta > 0 else delta)
                            assert T.wear_change(side, tyre, pos, delta, safety_car=sc) == want
                            assert T.wear_change(side, tyre, pos, delta, safety_car=sc) == want
