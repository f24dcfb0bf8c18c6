"""RP Tyres and Pit Stops, Tyre Information, Tyre Degradation Bar, and the
RP limits of the Racing Team and Driver Status note (rain, Box-Box tokens);
Steering Wheel MEC (red button)."""
from __future__ import annotations

import pytest

from chequered.engine.protocol import IllegalAction
from chequered.games.racepace.actions import Select

from .helpers import (BOXBOX, CHARGE, EBS, G, MEC, MEC_B, T, XP_B, kinds, moved, new_race, now,
                      place, play_round, rp_now, stack, to_decide)


def duo(tyres="M", drivers=("jesus", "bjorn"), **kw):
    # Jesús with Orange Motors: RP 4 on mediums in the dry; Bjorn (Polar): RP 1
    return new_race(list(drivers), teams=["orange_motors", "polar_motorsport"], tyres=tyres, **kw)


# ---- Tyre Information table ---------------------------------------------------
@pytest.mark.parametrize("tyre,dry,rain", [("S", 1, 0), ("M", 0, 0), ("H", 0, -1), ("W", -2, 1)])
def test_tyres_compound_rp_in_dry_and_rain(tyre, dry, rain):
    s = duo(tyres=tyre)
    assert rp_now(s, 0) == 4 + dry
    s.weather[0] = "rain"
    assert rp_now(s, 0) == max(0, 4 + rain)


@pytest.mark.parametrize("tyre,laps", [("S", 0), ("M", 0), ("H", 4 - 1), ("W", 4 + 1)])
def test_tyres_rain_no_movement_on_softs_and_mediums(tyre, laps):
    s = duo(tyres=tyre)
    s.weather = ["rain", "sun", "sun", "sun"]
    ev = play_round(s, {0: MEC_B, 1: XP_B})
    assert moved(ev)[0] == laps
    if laps == 0:
        assert 0 in [e.data["seat"] for e in kinds(ev, "stopped")]


def test_tyres_dutch_drives_mediums_in_rain_as_hards_minus_one():
    s = duo(tyres="M", drivers=("dutch", "bjorn"))     # Orange + Dutch: RP 4
    s.weather = ["rain", "rain", "sun", "sun"]
    ev = play_round(s, {0: MEC_B, 1: XP_B})
    assert moved(ev)[0] == 4 - 1
    # ... but not softs
    s = duo(tyres="S", drivers=("dutch", "bjorn"))
    s.weather = ["rain", "rain", "sun", "sun"]
    assert moved(play_round(s, {0: MEC_B, 1: XP_B}))[0] == 0


# ---- Tyre Degradation Bar: Box-Box tokens ----------------------------------------
@pytest.mark.parametrize("track", ["usa_austin", "japan", "bahrain"])
def test_tyres_box_box_tokens_soft_medium_from_circuit_hard_wet_37(track):
    c = T.circuits[track]
    assert T.tyre_life(track, "S") == c.boxbox_soft
    assert T.tyre_life(track, "M") == c.boxbox_medium
    assert T.tyre_life(track, "H") == T.tyre_life(track, "W") == 37


@pytest.mark.parametrize("tyre,life", [("M", 29), ("H", 37), ("W", 37)])
def test_tyres_car_stops_when_td_marker_reaches_the_box_box_token(tyre, life):
    s = duo(tyres=tyre)
    place(s, 0, 30, td=life - 2)
    s.weather = ["rain"] * 4 if tyre == "W" else ["sun"] * 4
    ev = play_round(s, {0: MEC_B, 1: XP_B})
    assert moved(ev)[0] == 2 and s.cars[0].td == life
    s.weather = ["rain"] * 4 if tyre == "W" else ["sun"] * 4
    assert moved(play_round(s, {0: XP_B, 1: MEC_B}))[0] == 0


def test_tyres_after_pit_stop_td_marker_back_to_zero():
    s = duo(tyres="S")
    place(s, 0, 30, td=17)                        # worn out at Austin
    ev = play_round(s, {0: (BOXBOX, "M"), 1: XP_B})
    # new mediums: 4 - 3 (MEC A) = 1 lap
    assert moved(ev)[0] == 1
    assert (s.cars[0].tyre, s.cars[0].td) == ("M", 1)


# ---- Tyres and Pit Stops --------------------------------------------------------
def test_tyres_pit_stop_must_change_tyres_same_compound_allowed():
    s = duo(tyres="S")
    opts = [a.tyre for a in G.legal_actions(s, now(s)) if a.button == BOXBOX]
    assert opts == ["S", "M", "H", "W"]            # softs again: the second set
    place(s, 0, 10, td=9)
    play_round(s, {0: (BOXBOX, "S"), 1: XP_B})
    assert s.cars[0].td == 4 + 1 - 3 and s.cars[0].tyre == "S"
    assert s.cars[0].sets == {"S": 0, "M": 2}
    assert s.cars[0].used == ["S"]


def test_tyres_two_sets_of_softs_and_mediums_hards_and_wets_reusable():
    s = duo(tyres="S")
    assert to_decide(s) == [1, 0]
    play_round(s, {0: (BOXBOX, "S"), 1: XP_B})
    play_round(s, {0: (BOXBOX, "M"), 1: MEC_B})
    play_round(s, {0: (BOXBOX, "M"), 1: CHARGE})
    assert s.cars[0].sets == {"S": 0, "M": 0}
    # the used softs/mediums are spent: only hards and wets remain, again and again
    for other in (XP_B, MEC_B):
        G.apply(s, 1, Select(other))
        assert [a.tyre for a in G.legal_actions(s, 0) if a.button == BOXBOX] == ["H", "W"]
        with pytest.raises(IllegalAction, match="Pit"):
            G.apply(s, 0, Select(BOXBOX, "S"))
        G.apply(s, 0, Select(BOXBOX, "H"))
    assert s.cars[0].tyre == "H" and s.cars[0].used == ["S", "M", "H"]


def test_tyres_tyre_after_pit_stop_counts_this_round():
    # In the rain on softs: stuck. Box Box to wets: 4 + 1 (wets in rain) - 3 = 2 laps.
    s = duo(tyres="S")
    s.weather = ["rain"] * 4
    ev = play_round(s, {0: (BOXBOX, "W"), 1: XP_B})
    assert moved(ev)[0] == 2 and s.cars[0].tyre == "W"


def test_tyres_only_box_box_changes_tyres():
    s = duo()
    for a in G.legal_actions(s, now(s)):
        assert (a.tyre is not None) == (a.button == BOXBOX)


@pytest.mark.parametrize("mec,pit", [(0, -3), (1, -3), (2, -2), (3, -2), (4, -2)])
def test_tyres_mec_bar_box_box_penalty(mec, pit):
    s = duo(tyres="M")
    s.cars[0].bars[MEC] = mec
    s.cars[0].bars[EBS] = 0                      # no EBS to add at MEC E
    ev = play_round(s, {0: (BOXBOX, "M"), 1: XP_B})
    assert moved(ev)[0] == 4 + pit
    assert list(T.mec_pit) == [-3, -3, -2, -2, -2]


def test_tyres_mec_E_allows_ebs_with_box_box():
    s = duo(tyres="M")
    s.cars[0].bars[MEC] = 4
    s.cars[0].bars[EBS] = 3                      # D: +2
    ev = play_round(s, {0: (BOXBOX, "H"), 1: XP_B})
    assert moved(ev)[0] == 4 - 2 + 2
    assert s.cars[0].bars[EBS] == 3              # not drained
    s = duo(tyres="M")
    s.cars[0].bars[MEC] = 3                      # D: no EBS
    s.cars[0].bars[EBS] = 3
    assert moved(play_round(s, {0: (BOXBOX, "H"), 1: XP_B}))[0] == 4 - 2


def test_tyres_bastian_free_pit_stop_when_rain_card_drawn_this_round():
    s = new_race(["bastian", "bjorn"], teams=["orange_motors", "polar_motorsport"], tyres="M")
    # Bastian (SKI B) with Orange Motors: RP 3
    stack(s, "weather", "rain_4")                # drawn next round: dry now, rain later
    play_round(s, {1: MEC_B, 0: XP_B}, calm_after=False)
    assert s.rain_drawn and s.weather[0] == "sun"
    s.situation = {"I": "si_01", "II": "sii_02"}
    s.safety_car = False
    ev = play_round(s, {1: XP_B, 0: (BOXBOX, "H")})
    assert moved(ev)[0] == 3                     # free pit stop
    # a round without a rain card: the usual -3
    assert not s.rain_drawn
    ev = play_round(s, {1: MEC_B, 0: (BOXBOX, "H")})
    assert moved(ev)[0] == 0


def test_tyres_two_compounds_rule_one_compound_disqualified():
    s = duo(tyres="M")
    play_round(s, {0: MEC_B, 1: (BOXBOX, "H")})     # Bjorn: mediums then hards
    place(s, 0, 54)
    place(s, 1, 55)
    play_round(s, {0: XP_B, 1: MEC_B})
    assert G.is_over(s)
    r = G.result(s)
    assert s.cars[0].dist == 58 and s.cars[0].used == ["M"]
    assert r.classification == [1, 0]            # first across the line, but disqualified
    assert r.points == {1: 25, 0: 0}
    assert "DSQ" in r.notes[0]
