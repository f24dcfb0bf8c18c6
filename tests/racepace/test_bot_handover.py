"""A seat handed to a bot mid-race is played by the full bot (issue 15).

The web hands a seat over by setting its controller and asking
`game.make_agent(kind, seat, seed)` for a new agent (web/live.py
LiveRace.agent); these tests go through that same code. The car keeps its
tyres (only seats configured as `bot` are the rulebook's tyre-less bots), so
the bot must make its pit stops: before the fix it pressed the first legal
button (Mechanics) every round and stayed on wets in the dry for good.
"""
from __future__ import annotations

import pytest

from chequered.games.racepace import strategy
from chequered.games.racepace.actions import ChooseTyre, Select
from chequered.web.live import LiveRace

from .helpers import BOXBOX, G, MEC_B, PLAIN_TEAMS, kinds, make_calm, new_race, to_decide

DRIVERS = ["kimi", "bastian", "jesus", "bjorn"]
MAX_ENTRIES = 2000


def live_race(seed, seats=("human", "bot", "bot", "bot"), track="usa_austin"):
    cfg = G.config(seats=list(seats), teams=PLAIN_TEAMS[:len(seats)],
                   drivers=DRIVERS[:len(seats)], track=track)
    race = LiveRace(G, "t", cfg, seed, list(seats))
    race.settle()
    return race


def human_wets(state, seat):
    """The person: starts on wets and never boxes."""
    legal = G.legal_actions(state, seat)
    if isinstance(legal[0], ChooseTyre):
        return ChooseTyre("W")
    return next(a for a in legal if getattr(a, "button", None) != BOXBOX)


def drive(race, person, until=None):
    """Play on: bots by their controller's agent (as the hub's drive()), the
    human seat by `person`; stop before the human seat's decision when
    `until(state)` holds. Returns seat 0's entries by controller."""
    seat0 = []
    while not race.over:
        # a car that never boxes can stall at its Box-Box token for good
        assert len(race.entries) < MAX_ENTRIES, "the race does not end"
        (seat,) = race.to_act()
        if race.controllers[seat] == "human":
            if until is not None and until(race.state):
                return seat0
            entry = race.act(seat, person(race.state, seat), by="human")
        else:
            action = race.agent(seat).choose(G, race.state, seat)
            entry = race.act(seat, action, by="bot")
        if seat == 0:
            seat0.append(entry)
    return seat0


def hand_over(race, seat, kind="bot"):
    """What hub.hand_over does to the race in memory."""
    race.controllers[seat] = kind


@pytest.mark.parametrize("seed", [1, 4, 9])
def test_a_seat_handed_to_the_bot_on_wets_in_the_dry_pits_for_a_dry_compound(seed):
    race = live_race(seed)
    drive(race, human_wets, until=lambda s: s.round == 4)
    car = race.state.cars[0]
    assert car.tyre == "W" and car.used == ["W"] and not car.bot
    make_calm(race.state)                   # the weather has turned: dry for four rounds
    hand_over(race, 0)
    entry = race.act(0, race.agent(0).choose(G, race.state, 0), by="bot")
    assert entry.action.button == BOXBOX and entry.action.tyre in ("S", "M", "H")
    assert [e.data["tyre"] for e in kinds(entry.events, "pit")] == [entry.action.tyre]
    drive(race, human_wets)
    car = race.state.cars[0]
    assert len(set(car.used)) >= 2 and car.dsq is None       # RP Tyres and Pit Stops


def test_before_the_fix_the_first_legal_button_was_never_box_box():
    """The old bot took legal[0]; that is Mechanics for a car with tyres."""
    race = live_race(1)
    drive(race, human_wets, until=lambda s: s.round == 4)
    make_calm(race.state)
    assert G.legal_actions(race.state, 0)[0] == Select(MEC_B)
    assert strategy.pit_tyre(race.state, strategy.tables(), race.state.cars[0]) in ("S", "M", "H")


@pytest.mark.parametrize("seed", [2, 5])
def test_a_handed_over_bot_decides_as_one_that_drove_from_the_start(seed):
    """The bot's choices depend on the race alone: an agent made at the hand-
    over and one that had been asked at every decision since the start agree
    on every decision after it, pit stops and compounds included."""
    race = live_race(seed)
    veteran = G.make_agent("bot", 0, seed)

    def person(state, seat):
        veteran.choose(G, state, seat)          # asked, overruled by the person
        return human_wets(state, seat)
    drive(race, person, until=lambda s: s.round == 3)
    make_calm(race.state)
    hand_over(race, 0)
    agreed = 0
    while not race.over:
        assert len(race.entries) < MAX_ENTRIES, "the race does not end"
        (seat,) = race.to_act()
        action = race.agent(seat).choose(G, race.state, seat)
        if seat == 0:
            assert veteran.choose(G, race.state, seat) == action
            agreed += 1
        race.act(seat, action, by="bot")
    pits = [e for e in race.entries if e.seat == 0 and kinds(e.events, "pit")]
    assert agreed and pits
    assert race.state.cars[0].tyre != "W" or race.state.weather[0] == "rain"


@pytest.mark.parametrize("track", ["usa_austin", "monaco", "spain", "bahrain"])
def test_a_bot_driving_a_car_with_tyres_from_the_start_pits_and_changes_compound(track):
    """Handed over before its first decision: the bot picks a compound, boxes
    when the tyres wear out or the weather turns, and meets the two-compound
    rule in every race."""
    for seed in range(6):
        race = live_race(seed, seats=("human", "human", "bot", "bot"), track=track)
        hand_over(race, 0)
        hand_over(race, 1)
        drive(race, human_wets)
        for car in race.state.cars[:2]:
            assert len(set(car.used)) >= 2 and car.dsq is None, (seed, car.seat, car.used)


def test_the_bot_boxes_for_wets_when_softs_and_mediums_cannot_move_in_the_rain():
    race = live_race(3)
    hand_over(race, 0)
    state = race.state
    while G.to_act(state) != {0} or state.turn.phase != "select":
        (seat,) = G.to_act(state)
        race.act(seat, race.agent(seat).choose(G, state, seat), by="bot")
    assert state.cars[0].tyre in ("M", "S")           # started dry on mediums
    state.weather = ["rain", "rain", "sun", "sun"]
    state.turn.cache = None
    assert race.agent(0).choose(G, state, 0) == Select(BOXBOX, "W")


def test_rulebook_bots_keep_their_single_action():
    """A car the rulebook's bots drive (RP Bot mode) still plays only its
    start light: it has no tyres and never pits."""
    s = new_race(["kimi", "bastian", "jesus"], seats=["human", "bot", "bot"])
    assert to_decide(s) == [2, 0, 1]                # Jesús, a bot, starts
    legal = G.legal_actions(s, 2)
    assert len(legal) == 1 and s.cars[2].tyre is None
    assert G.make_agent("bot", 2, 1).choose(G, s, 2) == legal[0]
