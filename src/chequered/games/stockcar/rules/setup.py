"""Setting up a race: team sheets, decks, and the grid set by the Team Bar.

STOCK The Team Sheet, Starting grid, The Team Bar, Cars and activation.
"""
from __future__ import annotations

from ....engine import chance
from ....engine.chance import Chance
from ....engine.protocol import BadInput, Event
from ....engine.rng import Rng
from ....engine.steps import Turn
from ..content import load_content
from ..state import Car, State, car_indexes_by_seat
from .events import read_bar, seat_of_team, team_indexes
from .order import place


def new_state(config, C, seed: int) -> tuple[State, list]:
    """A race before its first turn: the machine's first automatic step
    (rules/turn.py begin_turn) fills the hands."""
    if config.track not in C.tracks:
        raise BadInput(f"unknown track {config.track!r}; choose from {', '.join(C.tracks)}")
    if config.teams is not None:
        known = {t.key for t in C.teams}
        for k in config.teams:
            if k not in known:
                raise BadInput(f"unknown team {k!r}; choose from {', '.join(sorted(known))}")
    T = C.tracks[config.track]
    players = len(config.seats)
    per_team = C.rules.cars_per_team[players]
    s = State.__new__(State)
    s.config = config
    s.chance = Chance(Rng(seed))
    s.turn = Turn("begin_turn")
    s.track = config.track
    s.cars = []
    # STOCK The Team Sheet: each team races the first `per_team` counters of its sheet.
    for seat, t in enumerate(team_indexes(s, C)):
        for number in C.teams[t].cars[:per_team]:
            s.cars.append(Car(len(s.cars), seat, number))
    s.occ = [-1] * (T.n * (T.maxw + 1))
    s.apron = {}
    s.hands = [[] for _ in config.seats]
    # STOCK Fill hands: the hand limit is the starting car count plus one, all race.
    s.hand_size = per_team + 1
    events: list = []
    s.deck = chance.new_deck(s.chance, events, C.card_ids, rule="STOCK Fill hands",
                             what="Race deck")
    s.events = chance.new_deck(s.chance, events, C.event_ids, rule="STOCK Events",
                               what="Event deck")
    s.event_card = None
    s.turn_number = 0
    s.first = 0
    s.side = 0
    s.move = None
    s.queue = []
    s.pit_leader = None
    s.pitted = []
    s.yellow = False
    s.finished = []
    s.bar_reads = 0
    s.scores = None
    s.classification = []
    s.cache = None
    s.tables = (C, T)
    s.seat_cars = car_indexes_by_seat(s.cars, players)
    s.lead = None
    s.lines = s.lap_line = None
    set_grid(s, C, T, events)
    return s, events


def set_grid(state, C, T, events: list) -> None:
    """STOCK The Team Bar / Starting grid (our reading): turn up Race cards one
    at a time and, reading each bar left to right, give the next grid space
    (1 = pole) to each team that still has cars to place. Which car takes
    the space is its owner's choice; the cars are all alike at the start, so
    we place them in the order of the team sheet (no decision is asked)."""
    seats = seat_of_team(state, C)
    waiting = {}
    for c in state.cars:
        waiting.setdefault(c.team, []).append(c)
    space = 0
    while any(waiting.values()):
        for t in read_bar(state, C, events):
            seat = seats.get(t)
            if seat is None or not waiting.get(seat):
                continue
            car = waiting[seat].pop(0)
            dist, lane = T.grid[space]
            place(state, T, car, dist, lane)
            space += 1
    events.append(Event("grid", {"order": [c.number for c in sorted(
        state.cars, key=lambda c: (-c.dist, c.lane))]}, "STOCK Starting grid"))
    # The owner of the pole car holds the First Player marker.
    pole = max(state.cars, key=lambda c: (c.dist, -c.lane))
    state.first = pole.team


def new_race(config, seed: int) -> State:
    """A fresh race (GameSpec.new); the machine's first automatic step then
    begins turn 1."""
    state, _ = new_state(config, load_content(config.content), seed)
    return state
