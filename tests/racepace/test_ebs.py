"""RP Energy Boost System (Charge, Use, notes), Steering Wheel EBS (red
button), Circuit: Free Energy Boost laps."""
from __future__ import annotations

import pytest

from chequered.engine.protocol import IllegalAction
from chequered.games.racepace.actions import Select

from .helpers import (BOXBOX, CHARGE, EBS, G, MEC, MEC_B, T, USE_EBS, XP_B, moved, new_race, place,
                      play_round, set_card)


def duo(tyres="M", drivers=("jesus", "bjorn"), **kw):
    # Jesús with Orange Motors (EBS A): RP 4 on mediums in the dry; Bjorn (Polar): RP 1
    return new_race(list(drivers), teams=["orange_motors", "polar_motorsport"], tyres=tyres, **kw)


# ---- Use ----------------------------------------------------------------------
@pytest.mark.parametrize("level,bonus,after", [(0, 0, 0), (1, 0, 0), (2, 1, 0), (3, 2, 1),
                                               (4, 2, 2)])
def test_ebs_use_plus_1_at_C_plus_2_from_D_then_two_levels_down(level, bonus, after):
    s = duo()
    s.cars[0].bars[EBS] = level
    ev = play_round(s, {0: USE_EBS, 1: XP_B})
    assert moved(ev)[0] == 4 + bonus
    assert s.cars[0].bars[EBS] == after
    assert list(T.ebs) == [0, 0, 1, 2, 2]


def test_ebs_use_one_time_bonus_only_this_round():
    s = duo()
    s.cars[0].bars[EBS] = 4
    assert moved(play_round(s, {0: USE_EBS, 1: XP_B}))[0] == 6
    assert moved(play_round(s, {0: MEC_B, 1: XP_B}))[0] == 4


def test_ebs_use_not_on_hard_tyres():
    s = duo(tyres="H")
    G.apply(s, 1, Select(XP_B))
    with pytest.raises(IllegalAction, match="Hard"):
        G.apply(s, 0, Select(USE_EBS))


def test_ebs_bonus_limited_by_tyre_life():
    # Austin mediums last 29 laps: TD 27 leaves 2 laps, EBS or not
    s = duo()
    s.cars[0].bars[EBS] = 3
    place(s, 0, 40, td=27)
    assert moved(play_round(s, {0: USE_EBS, 1: XP_B}))[0] == 2


# ---- Charge ---------------------------------------------------------------------
def test_ebs_charge_level_up_and_td_marker_not_moved():
    s = duo()
    ev = play_round(s, {0: CHARGE, 1: XP_B})
    assert s.cars[0].bars[EBS] == 1
    assert moved(ev)[0] == 4 and s.cars[0].td == 0
    ev = play_round(s, {0: MEC_B, 1: XP_B})
    assert s.cars[0].td == 4


def test_ebs_charge_no_tyre_degradation_even_from_situation_cards():
    """'you will not suffer from tyre degradation this game round (TD Marker is
    not moved on the Tyre Degradation Bar)'; situation effects come after the
    actions, so Charge EBS counters a tyre-wear card (RP Step 1 note)."""
    s = duo()
    set_card(s, "I", "si_14")                # softs and mediums wear 2 extra laps
    play_round(s, {0: CHARGE, 1: XP_B})
    assert s.cars[1].td == 1 + 2             # Bjorn did not charge
    assert s.cars[0].td == 0                 # Jesús charged: TD marker not moved


# ---- Free Energy Boost laps ------------------------------------------------------
@pytest.mark.parametrize("level,bonus", [(1, 0), (2, 1), (3, 2), (4, 2)])
def test_ebs_feb_lap_free_boost_without_depleting(level, bonus):
    s = duo()
    s.cars[0].bars[EBS] = level
    place(s, 0, 22)                           # a FEB lap
    assert 22 in T.feb
    ev = play_round(s, {0: MEC_B, 1: XP_B})
    assert moved(ev)[0] == 4 + bonus
    assert s.cars[0].bars[EBS] == level


def test_ebs_feb_only_when_the_round_starts_in_the_feb_lap():
    s = duo()
    s.cars[0].bars[EBS] = 3
    place(s, 0, 18)                           # passes FEB lap 22 during the move
    assert moved(play_round(s, {0: MEC_B, 1: XP_B}))[0] == 4
    assert s.cars[0].dist == 22
    assert moved(play_round(s, {0: MEC_B, 1: XP_B}))[0] == 4 + 2          # now it starts there


def test_ebs_feb_not_on_wets_but_on_hards():
    s = duo(tyres="W")
    s.cars[0].bars[EBS] = 3
    s.weather = ["rain"] * 4
    place(s, 0, 22)
    assert moved(play_round(s, {0: MEC_B, 1: XP_B}))[0] == 4 + 1          # no FEB on wets
    s = duo(tyres="H")
    s.cars[0].bars[EBS] = 3
    place(s, 0, 22)
    assert moved(play_round(s, {0: MEC_B, 1: XP_B}))[0] == 4 + 2          # FEB on hards


def test_ebs_bonuses_do_not_combine_use_ebs_in_feb_lap():
    s = duo()
    s.cars[0].bars[EBS] = 3
    place(s, 0, 22)
    ev = play_round(s, {0: USE_EBS, 1: XP_B})
    assert moved(ev)[0] == 4 + 2              # not 4 + 2 + 2
    assert s.cars[0].bars[EBS] == 1


def test_ebs_bonuses_do_not_combine_mec_box_box_in_feb_lap():
    s = duo()
    s.cars[0].bars[EBS] = 2
    s.cars[0].bars[MEC] = 4
    place(s, 0, 22)
    ev = play_round(s, {0: (BOXBOX, "S"), 1: XP_B})
    assert moved(ev)[0] == 4 + 1 - 2 + 1      # softs +1, pit -2, one EBS +1


def test_ebs_not_during_safety_car():
    s = duo()
    s.cars[0].bars[EBS] = 3
    place(s, 0, 22)
    place(s, 1, 30)
    s.safety_car = True
    ev = play_round(s, {0: MEC_B, 1: XP_B})
    assert moved(ev)[0] == 4                  # no FEB boost under the Safety Car


def test_ebs_charge_td_not_moved_so_box_box_token_not_reached():
    """Our choice: with Charge EBS the TD marker stays put, so the car is not
    held at the Box-Box token this round (it has not reached it)."""
    s = duo()
    place(s, 0, 40, td=27)                   # mediums at Austin: 2 laps left
    ev = play_round(s, {0: CHARGE, 1: XP_B})
    assert moved(ev)[0] == 4 and s.cars[0].td == 27
    s = duo()
    place(s, 0, 40, td=29)                   # already at the token: no movement
    assert moved(play_round(s, {0: CHARGE, 1: XP_B}))[0] == 0
