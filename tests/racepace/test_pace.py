"""RP How to Play / Steering Wheel N / Reference Card: counting the Race Pace,
and RP Race Pace Tokens."""
from __future__ import annotations

from .helpers import (AER, BOXBOX, CHARGE, EBS, MEC_B, PU, SKI, START, T, USE_EBS, XP_B, kinds,
                      moved, new_race, place, play_round, rp_now, set_card)


def pair(**kw):
    # Bastian (Silverline, all B: RP 1) and Bjorn (Polar: RP 1)
    return new_race(["bastian", "bjorn"], teams=["silverline_gp", "polar_motorsport"], **kw)


def test_pace_base_one_plus_pu_aer_ski():
    s = pair()
    assert rp_now(s, 0) == 1
    s.cars[0].bars[PU] = 2                       # C +1
    s.cars[0].bars[AER] = 3                      # D +1
    s.cars[0].bars[SKI] = 4                      # E +2
    assert rp_now(s, 0) == 1 + 1 + 1 + 2
    assert list(T.green) == [0, 0, 1, 1, 2]      # A, B, C, D, E


def test_pace_tyres_and_weather_in_the_count():
    s = pair(tyres="S")
    assert rp_now(s, 0) == 1 + 1
    s.weather[0] = "rain"
    assert rp_now(s, 0) == 1 + 0


def test_pace_sum_of_every_source():
    # 1 base + PU C 1 + tyre soft 1 + card +1 + token +1 + EBS D 2 + Start 1 - pit 0
    s = pair(tyres="S")
    s.cars[1].bars[PU] = 2
    s.cars[1].bars[EBS] = 3
    s.cars[1].tokens = [1]
    set_card(s, "II", "sii_04")
    ev = play_round(s, {1: USE_EBS, 0: START})
    assert moved(ev)[1] == 1 + 1 + 1 + 1 + 1 + 2
    assert moved(ev)[0] == 1 + 1 + 1 + 1


def test_pace_max_ten_numbered_circles():
    s = pair(tyres="S")
    car = s.cars[0]
    car.bars[PU] = car.bars[AER] = car.bars[SKI] = 4
    car.tokens = [1, 1]
    set_card(s, "II", "sii_04")                  # +1
    # 1 + 6 + 1 (softs) + 2 (tokens) + 1 (card) + 1 (Start) = 12, limited to 10
    ev = play_round(s, {1: MEC_B, 0: START})
    assert moved(ev)[0] == 10
    assert T.content.board.rp_max == 10


def test_pace_tokens_resolved_next_round():
    s = pair()
    s.cars[0].next_tokens = [-1, 1, 1]           # taken this round
    ev = play_round(s, {1: MEC_B, 0: XP_B})
    assert moved(ev)[0] == 1
    assert s.cars[0].tokens == [-1, 1, 1] and s.cars[0].next_tokens == []
    ev = play_round(s, {1: MEC_B, 0: XP_B})
    assert moved(ev)[0] == 1 + 1
    assert s.cars[0].tokens == []                # used once, then gone


def test_pace_tokens_penalty_not_payable_is_discarded_rp_floor_zero():
    s = pair()
    s.cars[0].tokens = [-3]                      # RP 1 cannot pay 3
    ev = play_round(s, {1: MEC_B, 0: XP_B})
    assert moved(ev)[0] == 0
    assert s.cars[0].dist == 0
    ev = play_round(s, {1: MEC_B, 0: CHARGE})
    assert moved(ev)[0] == 1                     # the unpaid rest is not carried over


def test_pace_pit_stop_in_the_count():
    s = pair()
    s.cars[1].bars[PU] = s.cars[1].bars[AER] = s.cars[1].bars[SKI] = 4   # RP 7
    ev = play_round(s, {1: (BOXBOX, "S"), 0: MEC_B})
    # 7 + 1 (new softs) - 3 (MEC B)
    assert moved(ev)[1] == 5
    assert kinds(ev, "pit")
