"""RP Game Setup: 1 Prepare Circuit (G-J), 2 Prepare Player Boards (K-O),
3 Select Tyre Compound."""
from __future__ import annotations

import pytest

from chequered.engine import chance
from chequered.games.racepace.actions import ChooseTyre, PickDriver, PickTeam, Select

from .helpers import (AER, EBS, G, MEC, MEC_B, PU, SKI, START, T, XP, choose_tyres, make_calm,
                      moved, new_race, now, phase, play_round, rp_now, seat_order, to_decide)


# ---- 1. Prepare Circuit ---------------------------------------------------
@pytest.mark.parametrize("track,rain", [("usa_austin", 2), ("belgium", 6), ("bahrain", 0),
                                        ("japan", 5)])
def test_setup_J_circuit_rain_cards_plus_all_sun_cards(track, rain):
    s = new_race(["kimi", "eddy"], track=track, calm=False)
    w = s.decks["weather"]
    in_game = w.pile + s.hidden["weather"] + [s.weather_card]
    assert T.circuits[track].rain_cards == rain
    assert sorted(k for k in in_game if k.startswith("rain")).__len__() == rain
    assert sorted(k for k in in_game if k.startswith("sun")) == sorted(T.sun_keys)   # all 9
    # the other rain cards are out of the game
    assert len(w.removed) == 6 - rain and all(k.startswith("rain") for k in w.removed)


def test_setup_J_random_rain_cards_differ_between_seeds():
    picked = set()
    for seed in range(12):
        s = new_race(["kimi", "eddy"], track="usa_austin", seed=seed, calm=False)
        picked.add(tuple(sorted(s.decks["weather"].removed)))
    assert len(picked) > 3


@pytest.mark.parametrize("deck,size", [("I", 16), ("II", 16), ("weather", 11)])
def test_setup_J_first_two_cards_face_down_third_face_up(deck, size):
    s = new_race(["kimi", "eddy"], track="usa_austin", calm=False)
    # two cards drawn face-down, kept in the game (aside), the third shown
    assert len(s.hidden[deck]) == 2
    assert len(s.decks[deck].pile) == size - 3
    current = s.weather_card if deck == "weather" else s.situation[deck]
    assert current is not None and current not in s.hidden[deck]
    assert current not in s.decks[deck].pile


def test_setup_J_dry_first_weather_card_four_sun_tokens():
    s = new_race(["kimi", "eddy"], track="bahrain", calm=False)   # no rain cards at all
    assert T.weather[s.weather_card].kind == "sun"
    assert s.weather == ["sun", "sun", "sun", "sun"]


def test_setup_J_rain_first_weather_card_sets_its_forecast():
    # Belgium keeps all six rain cards; the last driver pick sets the race up.
    cfg = G.config(seats=["human", "human"], track="belgium",
                   teams=["silverline_gp", "polar_motorsport"], drivers=["kimi", None])
    s = G.new(cfg, 1)
    # the two weather cards dealt face down, then rain_1 turned face up
    with chance.scripted(s.chance, cards=["sun_1", "sun_2", "rain_1"]):
        G.apply(s, 1, PickDriver("eddy"))
    card = T.weather["rain_1"]
    assert s.weather_card == "rain_1" and card.kind == "rain"
    assert s.hidden["weather"] == ["sun_1", "sun_2"]
    assert s.weather == list(card.forecast)
    assert s.rain_drawn is True


def test_setup_H_finish_token_side_from_circuit_card():
    assert new_race(["kimi", "eddy"], track="usa_austin").finish_side == "A"
    assert new_race(["kimi", "eddy"], track="mexico").finish_side == "B"


def test_setup_backmarker_penalty_tokens_placed_at_start():
    s = new_race(["kimi", "eddy"])
    assert s.backmarkers == {16: [-3, -2, -1], 33: [-3, -2, -1], 49: [-3, -2, -1]}


# ---- 2. Prepare Player Boards ----------------------------------------------
def test_setup_K_team_pick_clockwise_from_first_player():
    cfg = G.config(seats=["human"] * 3)
    s = G.new(cfg, 3)
    assert phase(s) == "team" and to_decide(s) == [0, 1, 2]
    G.apply(s, 0, PickTeam("orange_motors"))
    # a team board is taken once
    assert PickTeam("orange_motors") not in G.legal_actions(s, 1)
    G.apply(s, 1, PickTeam("azure_dynamics"))
    G.apply(s, 2, PickTeam("silverline_gp"))
    assert phase(s) == "driver"


def test_setup_L_last_team_picker_picks_driver_first_counter_clockwise_start_card():
    cfg = G.config(seats=["human"] * 3)
    s = G.new(cfg, 3)
    for seat, team in enumerate(["orange_motors", "azure_dynamics", "silverline_gp"]):
        G.apply(s, seat, PickTeam(team))
    assert to_decide(s) == [2, 1, 0]           # counter-clockwise from the last team picker
    assert s.start_player == 2            # who also receives the Start Player Card
    G.apply(s, 2, PickDriver("kimi"))
    assert PickDriver("kimi") not in G.legal_actions(s, 1)
    G.apply(s, 1, PickDriver("dutch"))
    G.apply(s, 0, PickDriver("eddy"))
    assert phase(s) == "tyre"
    assert [c.driver for c in s.cars] == ["eddy", "dutch", "kimi"]
    # the start player chooses a tyre first and selects the first action
    assert now(s) == 2
    choose_tyres(s, "M")
    assert to_decide(s) == [2, 0, 1]


def test_setup_M_driver_tokens_on_white_base_positions():
    s = new_race(["dutch", "eddy"], teams=["orange_motors", "greenleaf_engineering"])
    # Orange Motors MEC A PU C AER C EBS A; Dutch Speed SKI C XP A
    assert s.cars[0].bars == [0, 2, 2, 2, 0, 0]
    # Greenleaf MEC B PU A AER B EBS C; Eddy SKI A XP C
    assert s.cars[1].bars == [1, 0, 1, 0, 2, 2]
    assert (MEC, PU, AER, SKI, XP, EBS) == (0, 1, 2, 3, 4, 5)


def test_setup_N_base_rp_orange_motors_dutch_speed_example_terms():
    """Rulebook: 1 base + 0 (MEC) + 1 (PU) + 1 (AER) + 1 (SKI). The rulebook
    prints '= 3', but its own terms add up to 4; the content follows the terms."""
    s = new_race(["dutch", "kimi"], teams=["orange_motors", "silverline_gp"], tyres="M")
    g = T.green
    car = s.cars[0]
    assert (g[car.bars[MEC]], g[car.bars[PU]], g[car.bars[AER]], g[car.bars[SKI]]) == (0, 1, 1, 1)
    assert rp_now(s, 0) == 1 + 0 + 1 + 1 + 1 == 4
    ev = play_round(s, {0: MEC_B, 1: MEC_B + 1})
    assert moved(ev)[0] == 4
    assert s.cars[0].dist == 4


def test_setup_N_base_rp_plain_team_is_one():
    s = new_race(["kimi", "bastian"], teams=["silverline_gp", "polar_motorsport"], tyres="M")
    assert rp_now(s, 0) == 1 and rp_now(s, 1) == 1


def test_setup_O_grid_by_team_plus_driver_number():
    # sums: Eddy 3 + Azure 1 = 4, Dutch 33 + Orange 2 = 35, Kimi 7 + Crimson 3 = 10
    s = new_race(["eddy", "dutch", "kimi"],
                 teams=["azure_dynamics", "orange_motors", "crimson_racing"])
    assert seat_order(s) == [1, 2, 0]     # Dutch on pole, then Kimi, then Eddy


def test_setup_O_grid_by_team_plus_driver_number_tie_higher_driver():
    # Celine 16 + Violet Vector 7 = 23 = Bjorn 22 + Azure Dynamics 1: Bjorn (22) ahead
    s = new_race(["celine", "bjorn"], teams=["violet_vector", "azure_dynamics"])
    assert seat_order(s) == [1, 0]
    s = new_race(["bjorn", "celine"], teams=["azure_dynamics", "violet_vector"])
    assert seat_order(s) == [0, 1]


def test_setup_O_grid_positions_3_to_8_drive_1_to_3_more_laps():
    drivers = ["dutch", "valentino", "bjorn", "celine", "jesus", "kimi", "bastian", "eddy"]
    teams = ["orange_motors", "azure_dynamics", "crimson_racing", "silverline_gp",
             "greenleaf_engineering", "polar_motorsport", "violet_vector", "ironworks_racing"]
    s = new_race(drivers, teams=teams)
    order = seat_order(s)
    assert [s.cars[i].dist for i in order] == [0, 0, -1, -1, -2, -2, -3, -3]
    # the last car needs 56 + 3 laps to finish at Austin
    assert T.circuits["usa_austin"].laps - s.cars[order[-1]].dist == 59


def test_setup_O_leaderboard_tokens_follow_the_grid():
    s = new_race(["eddy", "dutch"], teams=["azure_dynamics", "orange_motors"])
    # both on the front row (dist 0): pole ranks first on the leaderboard
    assert s.cars[0].dist == s.cars[1].dist == 0
    assert seat_order(s) == [1, 0]


# ---- 3. Select Tyre Compound ------------------------------------------------
def test_setup_3_every_player_selects_a_starting_tyre_td_zero():
    s = G.new(G.config(seats=["human", "human", "bot"], teams=["silverline_gp",
                                                               "polar_motorsport", "violet_vector"],
                       drivers=["kimi", "eddy", "bjorn"]), 1)
    assert phase(s) == "tyre"
    assert s.start_player == 2 and to_decide(s) == [0, 1]    # clockwise from seat 2; bots have no tyres
    assert G.legal_actions(s, now(s)) == [ChooseTyre(t) for t in "SMHW"]
    G.apply(s, 0, ChooseTyre("S"))
    G.apply(s, 1, ChooseTyre("W"))
    assert (s.cars[0].tyre, s.cars[0].td, s.cars[0].sets) == ("S", 0, {"S": 1, "M": 2})
    assert (s.cars[1].tyre, s.cars[1].td, s.cars[1].sets) == ("W", 0, {"S": 2, "M": 2})
    assert s.cars[2].tyre is None
    assert phase(s) == "select"


def test_setup_3_dutch_speed_on_softs_in_dry_weather_plus_one():
    soft = new_race(["dutch", "kimi"], teams=["orange_motors", "silverline_gp"], tyres="S")
    medium = new_race(["dutch", "kimi"], teams=["orange_motors", "silverline_gp"], tyres="M")
    assert rp_now(soft, 0) == 5
    assert rp_now(medium, 0) == 4


def test_setup_3_start_player_card_holder_cannot_select_start():
    s = new_race(["kimi", "eddy"])
    assert s.start_player == 1
    assert Select(START) not in G.legal_actions(s, 1)


def test_setup_G_circuit_card_chosen_by_track():
    from chequered.engine.protocol import BadInput
    s = new_race(["kimi", "eddy"], track="japan")
    assert s.circuit == "japan" and T.circuits["japan"].laps == 53
    assert len(T.circuits) == 14
    with pytest.raises(BadInput, match="circuit"):
        G.new(G.config(seats=["human", "human"], track="nowhere"), 1)


def test_the_log_names_a_player_as_they_were_when_they_chose():
    """A player is "player 1" until they take a team (RP Setup K), then the
    team until they take a driver (RP Setup L). Each log line names the
    player as they were when choosing: "player 1: Crimson Racing", never the
    name the choice itself gave ("Crimson Racing: Crimson Racing") - in the
    terminal, on the page and in a replay."""
    from chequered.engine.session import Session as RaceSession
    from chequered.web.replays import Replayer

    config = G.config(seats=["human", "human"])
    race = RaceSession(G, config, 3)
    heads = []
    while len(heads) < 4 and race.state.turn.pending is not None:
        seat = min(G.to_act(race.state))
        entry = race.act(seat, race.legal(seat)[0])
        heads += [race.lines(e, None)[0] for e in entry.all()]
    assert heads[0].startswith("player 1: ") and heads[1].startswith("player 2: ")
    team = heads[0].split(": ", 1)[1]
    assert any(h.startswith(f"{team}: ") for h in heads[2:]), heads   # then the team chooses
    assert not any(h.split(": ", 1)[0] == h.split(": ", 1)[1] for h in heads), heads
    docs = [[e.seat, e.doc] for e in race.entries]
    replay = Replayer(G, config.model_dump(mode="json"), 3, docs)
    assert [item["who"] for item in replay.log[:2]] == ["player 1", "player 2"]
