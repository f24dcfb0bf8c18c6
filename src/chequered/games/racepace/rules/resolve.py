"""RP Step 3 and the next round's Step 1: the round's resolution, then the
next round's cards and first selection.

The last decision of the round runs it at once (rules/actions.select, when
nobody reacts; rules/round.py's phase functions otherwise), not through an
automatic step of the machine: once a round.
"""
from __future__ import annotations

from ....engine.protocol import Event
from ....engine.steps import ask_one
from ..state import RaceState
from . import cards, finish, movement, pace, setup


def start_selection(s: RaceState) -> None:
    """RP Step 2: the start player first, then clockwise; the first of them
    is asked at once (not by the next automatic step: once a round)."""
    s.turn.phase = "select"
    cars = s.cars
    queue = setup.ROTATIONS[len(cars)][s.start_player].copy()     # (setup.rotation, unwrapped)
    # RP Team Play: cars that have finished sit out. (Only there can one have
    # finished: otherwise the race ended with the round in which one did.)
    if s.variants.team_play and pace.any_finished(cars):
        queue = [seat for seat in queue if not cars[seat].finished]
    s.queue = queue
    if queue:
        ask_one(s, "select", queue.pop(0))


def resolve_round(s: RaceState, events: list[Event]) -> list[Event]:
    """RP Step 3 once every seat has selected (and copied): then the next
    round begins, or the race ends. Its events are added to `events`, which
    is returned."""
    T = s.tables
    order = pace.leaderboard(s)
    team_play = s.variants.team_play
    if team_play:                   # (the only race a car can have finished in, start_selection)
        order = pace.running(order)
    # Step 3a: situation cards after the actions; then each car's RP is
    # counted and (3b) its tyres and the car move, leader first.
    pace.apply_situations(s, T, order, events)
    if team_play:
        pace.double_pit(s, T, order, events)
    moved, crossed = movement.move_all(s, T, order, events)
    if s.variants.campaign:
        finish.fastest_lap(s, order, events)
    events.append(Event("round_end", {"round": s.round, "moved": moved}, "RP Step 3"))
    if finish.race_over(s, crossed):
        finish.close_race(s, T, events)
        if s.variants.campaign and s.race_index + 1 < len(setup.season_of(s)):
            s.race_index += 1
            setup.prepare_race(s, events)                   # RP Campaign Mode
        else:
            s.turn.phase = "over"
            s.turn.over = True
            s.queue = []
        return events
    _next_round(s, T, events)
    return events


def _next_round(s: RaceState, T, events: list[Event]) -> None:
    setup.reset_round_fields(s.cars)
    s.taken = {}
    if s.reactors:                  # (mostly empty: no new list each round)
        s.reactors = []
    s.round += 1
    cards.turn_round_cards(s, T, events)                   # Step 1
    start_selection(s)
