"""RP Step 1 - Turn Cards: weather forecast, Race Situation cards, decks."""
from __future__ import annotations

from .helpers import (AER, AER_B, BOXBOX, CHARGE, EBS, MEC, MEC_B, PU, PU_B, T, USE_EBS, XP, XP_B,
                      a_card, kinds, make_calm, moved, new_race, place, play_round, reshuffled,
                      set_card, stack, turned)

# Three cars with known Race Pace on mediums in the dry:
#   seat 0 Kimi  (Silverline GP, all B)   RP 1, XP B
#   seat 1 Dutch (Polar Motorsport)       RP 2, XP A
#   seat 2 Eddy  (Violet Vector)          RP 1, XP C
# Grid: Dutch (39) pole, Kimi (11) second, Eddy (10) third (one lap back).
TRIO = dict(drivers=["kimi", "dutch", "eddy"],
            teams=["silverline_gp", "polar_motorsport", "violet_vector"])
QUIET = {0: MEC_B, 1: CHARGE, 2: USE_EBS}     # actions that do not change this round's RP


def trio(**kw):
    return new_race(**TRIO, **kw)


def test_step1_trio_baseline():
    s = trio()
    assert moved(play_round(s, QUIET)) == {1: 2, 0: 1, 2: 1}


# ---- turning the cards -----------------------------------------------------
def test_step1_cards_not_turned_in_round_1_then_every_round():
    s = trio(calm=False)
    first = (s.weather_card, s.situation["I"], s.situation["II"])
    piles = [len(s.decks[d].pile) for d in ("weather", "I", "II")]
    assert s.round == 1
    ev = play_round(s, QUIET, calm_after=False)
    assert s.round == 2
    cards = turned(ev)
    assert sorted(deck for deck, _ in cards) == ["I", "II", "weather"]
    assert dict(cards) == {"weather": s.weather_card, **s.situation}
    assert [len(s.decks[d].pile) for d in ("weather", "I", "II")] == [p - 1 for p in piles]
    # the round-1 cards are discarded
    assert s.decks["weather"].discards == [first[0]]
    assert s.decks["I"].discards == [first[1]] and s.decks["II"].discards == [first[2]]


def test_step1_sun_card_current_token_moves_to_round_plus_3_sun_up():
    s = trio()
    s.weather = ["rain", "sun", "rain", "rain"]
    s.cars[0].tyre = s.cars[1].tyre = s.cars[2].tyre = "W"
    sun = a_card(s, "weather", "sun")
    stack(s, "weather", sun)
    play_round(s, {0: MEC_B, 1: CHARGE, 2: XP_B}, calm_after=False)
    assert s.weather_card == sun
    assert s.weather == ["sun", "rain", "rain", "sun"]
    assert s.rain_drawn is False


def test_step1_rain_card_forecast_supersedes_the_current_one():
    s = trio()
    s.weather = ["sun", "sun", "sun", "sun"]
    stack(s, "weather", "rain_1")          # forecast rain, rain, rain, sun
    play_round(s, QUIET, calm_after=False)
    assert s.weather_card == "rain_1"
    assert s.weather == ["rain", "rain", "rain", "sun"]
    assert s.rain_drawn is True
    stack(s, "weather", "rain_4")          # sun, sun, rain, rain
    s.situation = {"I": "si_01", "II": "sii_02"}
    play_round(s, {0: MEC_B, 1: XP_B, 2: MEC_B + 1}, calm_after=False)
    assert s.weather == ["sun", "sun", "rain", "rain"]


def test_step1_forecast_current_round_decides_the_weather():
    # rain now: mediums do not move; the same forecast one round later moves them
    s = trio()
    s.weather = ["rain", "sun", "sun", "sun"]
    stack(s, "weather", a_card(s, "weather", "sun"))
    ev = play_round(s, QUIET, calm_after=False)
    # (Dutch Speed keeps going on mediums in the rain, 1 RP slower)
    assert moved(ev) == {1: 2 - 1, 0: 0, 2: 0}
    assert s.weather == ["sun", "sun", "sun", "sun"]
    make_calm(s)
    assert moved(play_round(s, QUIET)) == {1: 2, 0: 1, 2: 1}


def test_step1_empty_stack_reshuffled_two_face_down_then_third_face_up():
    s = trio()
    d = s.decks["I"]
    # use up the draw pile: everything but the current card and the two aside
    d.discards.extend(d.pile)
    d.pile.clear()
    aside = list(s.hidden["I"])
    ev = play_round(s, QUIET, calm_after=False)
    assert reshuffled(ev) == ["I"]
    assert len(s.hidden["I"]) == 2                    # two face-down again
    assert d.discards == []
    assert len(d.pile) == 16 - 3                      # all 16 back, 3 dealt
    everything = d.pile + s.hidden["I"] + [s.situation["I"]]
    assert sorted(everything) == sorted(T.deck_cards["I"])
    # the cards put aside at setup were kept in the game and came back
    assert set(aside) <= set(everything)


def test_step1_weather_stack_reshuffled_keeps_only_the_circuit_rain_cards():
    s = trio(track="usa_austin")
    w = s.decks["weather"]
    removed = sorted(w.removed)
    w.discards.extend(w.pile)
    w.pile.clear()
    play_round(s, QUIET, calm_after=False)
    assert sorted(w.removed) == removed
    in_game = w.pile + s.hidden["weather"] + [s.weather_card]
    assert len(in_game) == 11 and sum(k.startswith("rain") for k in in_game) == 2


# ---- Race Situation effects --------------------------------------------------
def test_step1_situation_effects_apply_after_the_actions_counter_with_xp():
    # si_04: drivers with XP below C lose 1 RP. Kimi (XP B) selects XP -> C and
    # escapes it; Dutch (XP A) does not.
    s = trio()
    set_card(s, "I", "si_04")
    ev = play_round(s, {0: XP_B, 1: CHARGE, 2: USE_EBS})
    assert s.cars[0].bars[XP] == 2
    assert moved(ev) == {1: 2 - 1, 0: 1, 2: 1}
    assert [e.data["seat"] for e in kinds(ev, "card_rp")] == [1]


def test_step1_situation_xp_below_penalty():
    s = trio()
    set_card(s, "II", "sii_05")            # XP below B: -2
    assert moved(play_round(s, QUIET)) == {1: 0, 0: 1, 2: 1}


def test_step1_situation_xp_at_least_bonus():
    s = trio()
    set_card(s, "I", "si_06")              # XP C or higher: +1
    assert moved(play_round(s, QUIET)) == {1: 2, 0: 1, 2: 2}


def test_step1_situation_all_drivers():
    s = trio()
    set_card(s, "II", "sii_04")            # everyone +1
    assert moved(play_round(s, QUIET)) == {1: 3, 0: 2, 2: 2}


def test_step1_situation_leader_only_unless_xp():
    s = trio()
    set_card(s, "I", "si_07")              # leader -1 if XP below D
    assert moved(play_round(s, QUIET)) == {1: 1, 0: 1, 2: 1}
    s = trio()
    set_card(s, "I", "si_07")
    s.cars[1].bars[XP] = 3                 # leader at XP D: spared
    assert moved(play_round(s, QUIET)) == {1: 2, 0: 1, 2: 1}


def test_step1_situation_last_car_and_bottom_three():
    s = trio()
    set_card(s, "II", "sii_06")            # last car +2
    assert moved(play_round(s, QUIET)) == {1: 2, 0: 1, 2: 3}
    s = new_race(["kimi", "dutch", "eddy", "bastian"],
                 teams=["silverline_gp", "polar_motorsport", "violet_vector", "ironworks_racing"])
    set_card(s, "I", "si_05")              # last three +1
    # grid: Dutch 39, Bastian 13, Kimi 11, Eddy 10; Bastian (Ironworks PU A) RP 1
    ev = play_round(s, {0: MEC_B, 1: CHARGE, 2: USE_EBS, 3: XP_B})
    assert moved(ev) == {1: 2, 3: 2, 0: 2, 2: 2}


def test_step1_situation_action_penalty_unless_xp_E():
    s = trio()
    set_card(s, "I", "si_08")              # Box Box this round: -2 unless XP E
    s.cars[2].bars[XP] = 4
    ev = play_round(s, {0: (BOXBOX, "H"), 1: CHARGE, 2: (BOXBOX, "H")})
    # Kimi: 1 - 3 (pit, MEC B) - 2 = floor 0; Eddy (XP E): 1 - 3 = floor 0 but no card RP
    assert [e.data["seat"] for e in kinds(ev, "card_rp")] == [0]
    assert s.cars[0].dist == 0 and s.cars[2].dist == -1


def test_step1_situation_action_penalty_amount():
    s = trio()
    set_card(s, "I", "si_09")              # Use EBS this round: -2 unless XP E
    s.cars[1].bars[PU] = 4                 # Dutch RP 4
    ev = play_round(s, {0: MEC_B, 1: USE_EBS, 2: XP_B})
    assert moved(ev)[1] == 4 - 2


def test_step1_situation_bar_down_by_xp():
    s = trio()
    set_card(s, "I", "si_11")              # XP below C: AER -1
    aer = [c.bars[AER] for c in s.cars]
    play_round(s, QUIET)
    assert [c.bars[AER] for c in s.cars] == [aer[0] - 1, aer[1] - 1, aer[2]]


def test_step1_situation_bar_top_three_mec_and_last_aer_up():
    s = trio()
    set_card(s, "II", "sii_11")            # top three MEC -1 (never below A)
    play_round(s, QUIET)
    assert [c.bars[MEC] for c in s.cars] == [1 + 1 - 1, 0, 0]   # Kimi took MEC B->C first
    s = trio()
    set_card(s, "II", "sii_12")            # last car AER +1
    play_round(s, QUIET)
    assert [c.bars[AER] for c in s.cars] == [1, 1, 2]


def test_step1_situation_pu_down_changes_this_round_rp():
    s = trio()
    s.cars[1].bars[PU] = 2                 # Dutch PU C: RP 3
    set_card(s, "I", "si_12")              # bottom three PU -1 -> B: RP 2
    assert moved(play_round(s, QUIET))[1] == 2


def test_step1_situation_ebs_bar_down():
    s = trio()
    set_card(s, "I", "si_13")              # XP below B: EBS -1
    play_round(s, {0: MEC_B, 1: XP_B, 2: CHARGE})
    # Dutch XP A -> B by his action: spared; Kimi (XP B) unaffected; Eddy
    # (Violet Vector EBS A) charged to B
    assert [c.bars[EBS] for c in s.cars] == [1, 1, 1]
    s = trio()
    set_card(s, "I", "si_13")
    play_round(s, {0: MEC_B, 1: AER_B, 2: CHARGE})
    assert s.cars[1].bars[EBS] == 0


def test_step1_situation_tyre_wear():
    s = trio(tyres={0: "S", 1: "M", 2: "H"})
    set_card(s, "I", "si_14")              # soft and medium +2 laps
    play_round(s, {0: MEC_B, 1: XP_B, 2: PU_B})
    # Kimi on softs moves 2, Dutch on mediums 2: both +2 wear; Eddy on hards
    # (PU B -> C) moves 2 without extra wear
    assert [c.td for c in s.cars] == [2 + 2, 2 + 2, 2]


def test_step1_situation_tyre_wear_by_xp_and_wets():
    s = trio(tyres={0: "H", 1: "H", 2: "W"})
    set_card(s, "I", "si_15")              # XP below C: S/M/H +3
    set_card(s, "II", "sii_16")            # wets +4
    play_round(s, {0: MEC_B, 1: XP_B, 2: PU_B})
    # Kimi H: 3 + 1 moved; Dutch H (XP A -> B by XP action, still below C): 3 + 2
    # Eddy on wets in the dry: RP 1 - 2 = 0, 4 laps of wear
    assert [c.td for c in s.cars] == [4, 5, 4]
    assert s.cars[2].dist == -1


# ---- decks in a hand-written position ---------------------------------------------
def test_step1_decks_dealt_for_a_hand_written_position_hold_every_card_once():
    """A hand-written position may leave the decks out and gets fresh ones. The
    cards already shown (situation I/II, the weather card) must not be dealt a
    second time, and the weather stack must hold the circuit's rain cards only
    (Setup J): every deck still counts its 16 / 15 cards once each."""
    from pathlib import Path

    from chequered.engine.positions import load_position_file

    from .helpers import G
    s = load_position_file(G, Path(__file__).parent / "positions" / "deckless_start.json")
    assert s.cars[0].bars[PU] == 2 and s.weather[2] == "rain"
    for name in ("I", "II"):
        cards = s.decks[name].pile + s.decks[name].discards + s.hidden[name] + [s.situation[name]]
        assert sorted(cards) == sorted(T.deck_cards[name])
    w = s.decks["weather"]
    in_game = w.pile + w.discards + s.hidden["weather"] + [s.weather_card]
    assert len(in_game) == len(set(in_game)) == 9 + T.circuits["usa_austin"].rain_cards
    assert sorted(in_game + w.removed) == sorted(T.weather)
    assert G.invariants(s) == []
