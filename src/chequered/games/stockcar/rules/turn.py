"""The sequence of play between the decisions: fill hands, action segments,
end of turn.

The decisions are the steps of rules/steps.py (engine/steps.Step). This
module holds what happens around them: the machine's automatic phases
(`begin_turn`, `end_of_turn`, `pit_stops`, `discards`, listed in
rules/steps.PHASES) and the helpers a step's apply ends with. Each helper
either asks the next decision (engine/steps.ask_one: the step names are this
module's literals, so the machine need not check them) or names the
automatic phase that runs next (`state.turn.phase`); the race ends with
`finish_race`.

STOCK Sequence of play, Fill hands, Action segments, End of turn,
Cars and activation, Losing a car.
"""
from __future__ import annotations

from ....engine.protocol import Event
from ....engine.steps import ask_one
from ..state import RACING, WORN
from . import movement, pits, scoring
from .events import add_wear, draw_event, fill_hand, line_up
from .order import check_finish, leader, lose_car, remove_lapped, update_lapped


def laps_of(state, T) -> int:
    return state.config.laps or T.laps


def step_name(state) -> str:
    """The decision the race waits for ("car", "card", ... see
    rules/steps.py), the automatic phase when none is pending, or "over"."""
    t = state.turn
    if t.over:
        return "over"
    return t.pending.step if t.pending is not None else t.phase


def car_of(state, seat: int, number: int):
    """The seat's car with this number (legal actions only name own cars)."""
    cars = state.cars
    for i in state.seat_cars[seat]:
        if cars[i].number == number:
            return cars[i]
    raise KeyError(f"seat {seat} has no car #{number}")


# ---- automatic phases -----------------------------------------------------------
def begin_turn(state) -> list:
    """STOCK Cars and activation / Fill hands: every counter face up again,
    the hands filled (the First Player draws first, then to the left), and
    the First Player's first action segment."""
    events: list = []
    state.turn_number += 1
    state.yellow = False
    state.pitted = []
    for c in state.cars:
        c.flipped = False
    events.append(Event("turn", {"turn": state.turn_number, "first": state.first},
                        "STOCK Sequence of play"))
    n = len(state.hands)
    for k in range(n):
        fill_hand(state, (state.first + k) % n, events)
    state.move = None
    state.turn.phase = "segments"
    ask_one(state, "car", state.first)
    return events


def end_of_turn(state) -> list:
    """STOCK End of turn 1-2: Turn Leader markers and the event; then the
    pit stops (which may ask for decisions)."""
    events: list = []
    C, T = state.tables
    turn_leaders(state, T, events)
    if not state.finished:
        pending = draw_event(state, C, T, events)
        if pending is not None:
            ask_one(state, "affect", pending["seat"], {"cars": pending["cars"]})
            return events
    pits.start(state, T)
    return events


def pit_stops(state) -> list:
    """STOCK Pit Stops: the next player (from the First Player, to the left)
    with a car that may stop decides; when nobody is left, the field lines
    up under a yellow flag and the turn ends (End of turn 3-5)."""
    q = state.queue
    while q and not pits.eligible(state, q[0]):
        q.pop(0)
    if q:
        ask_one(state, "pits", q[0])
        return []
    events: list = []
    C, T = state.tables
    lead_before, state.pit_leader = state.pit_leader, None
    if state.yellow:
        line_up(state, T, laps_of(state, T), events)
    update_lapped(state, T, events)
    after_pits(state, C, T, lead_before, events)
    return events


def discards(state) -> list:
    """STOCK End of turn 6: each player in turn (from the First Player) may
    discard unwanted cards; then the next turn."""
    q = state.queue
    while q and not state.hands[q[0]]:
        q.pop(0)
    if q:
        ask_one(state, "discard", q[0])
    else:
        state.side ^= 1                  # STOCK End of turn 4: flip the First Player marker
        state.turn.phase = "begin_turn"
    return []


# ---- action segments ---------------------------------------------------------------
def activate(state, C, T, seat: int, number: int, events: list) -> None:
    """STOCK Action segments 1-3."""
    car = car_of(state, seat, number)
    if car.status != RACING:
        # STOCK Losing a car: a car out of the race is a pass.
        events.append(Event("pass", {"car": number}, "STOCK Losing a car"))
        flip_and_next(state, C, T, car, events)
        return
    if car.wear >= C.rules.retire_wear:
        lose_car(state, T, car, WORN, events, "STOCK Wear")
        flip_and_next(state, C, T, car, events)
        return
    state.move = {"car": car.idx}
    ask_one(state, "card", seat)


def play_card(state, C, T, seat: int, card: str, events: list) -> None:
    """STOCK Action segments 4-5: the card from the hand, face up."""
    car = state.cars[state.move["car"]]
    state.hands[seat].remove(card)
    state.move["card"] = card
    events.append(Event("card", {"car": car.number, "card": card}, "STOCK Action segments"))
    printed = C.card_move[card]
    if printed == "solo":
        start_move(state, C, T, seat, printed, events)
        return
    snake = movement.pack(state, T, car, printed) if C.card_effect[card] != "clean_air" else None
    if snake is not None and len(snake) == 1:
        # No choice to make: a type that moves the car alone anyway.
        start_move(state, C, T, seat, printed, events, snake)
    else:
        ask_one(state, "type", seat)


def start_move(state, C, T, seat: int, kind: str, events: list, snake=None) -> None:
    """STOCK Race card parts, Speed penalties: the pack (`snake` when the
    caller worked it out already) and the MP to spend."""
    m = state.move
    state.cache = None
    car = state.cars[m["car"]]
    card = m["card"]
    mp = move_points(C, car, card, kind)
    if snake is None:
        snake = movement.pack(state, T, car, kind)
    cars = state.cars
    head = cars[snake[0]]
    # (in this order: a saved move lists its keys so)
    m["kind"], m["mp"], m["snake"] = kind, mp, snake
    m["visited"], m["lead"] = [(head.dist, head.lane)], leader(state, T).idx
    numbers = []                      # (a loop: a comprehension is a call of its own)
    for i in snake:
        numbers.append(cars[i].number)
    events.append(Event("move", {"car": car.number, "kind": kind, "mp": mp, "pack": numbers},
                        "STOCK Race card parts"))
    keep_moving(state, C, T, seat, events)


def move_points(C, car, card: str, kind: str) -> int:
    """STOCK Race card parts, Speed penalties: the MP of a move (the card's,
    less the active car's speed penalty, one more for clean air solo)."""
    mp = C.card_mp[card] - movement.speed_penalty(C.rules, car.wear)
    if kind == "solo" and C.card_effect[card] == "clean_air":
        mp += 1
    return mp


def keep_moving(state, C, T, seat: int, events: list) -> None:
    """STOCK Movement: the next movement point, or the end of the activation."""
    # points must be spent while a step is possible
    if state.move["mp"] > 0 and movement.options(state, T, C.rules):
        ask_one(state, "move", seat)
    else:
        end_activation(state, C, T, events)


def end_activation(state, C, T, events: list) -> None:
    """STOCK Action segments 6-7 after the move: effects, wear, flip."""
    m = state.move
    state.cache = None
    car = state.cars[m["car"]]
    card = m["card"]
    if C.card_effect[card] == "drift":
        movement.drift(state, T, car, events)
    state.deck.discard(card)
    wear = C.card_wear[card]
    if wear is not None and car.status == RACING:
        add_wear(car, wear, 1)
        events.append(Event("wear", {"car": car.number, "wear": wear, "amount": 1},
                            "STOCK Wear"))
    lead = update_lapped(state, T, events)
    if check_finish(state, T, laps_of(state, T), lead, events):
        # Finished cars leave the track: the leader may change, and with it who is lapped.
        lead = update_lapped(state, T, events)
    if lead is not None and lead.idx != m.get("lead"):
        # STOCK Running order: the Current Leader marker moves to the new leader.
        events.append(Event("leader", {"car": lead.number}, "STOCK Running order"))
    flip_and_next(state, C, T, car, events)


def flip_and_next(state, C, T, car, events: list) -> None:
    """Flip the car; the next player to the left (of its owner, whose
    segment it was) with an unflipped car acts; else the turn ends."""
    car.flipped = True
    state.move = None
    cars = state.cars
    for c in cars:
        if c.status == RACING:
            break
    else:
        finish_race(state, C, T, events)
        return
    seat_cars = state.seat_cars
    n = len(seat_cars)
    for k in range(1, n + 1):
        seat = (car.team + k) % n
        for i in seat_cars[seat]:
            if not cars[i].flipped:
                ask_one(state, "car", seat)
                return
    state.turn.phase = "end_of_turn"


# ---- end of turn ------------------------------------------------------------------
def turn_leaders(state, T, events: list, only=None) -> None:
    """STOCK End of turn 1: the cars sharing the leading sector each take a
    Turn Leader marker."""
    lead = leader(state, T)
    if lead is None:
        return
    for c in state.cars:
        if c.status == RACING and c.dist == lead.dist and (only is None or c.idx == only):
            c.leads += 1
            events.append(Event("turn_leader", {"car": c.number}, "STOCK End of turn"))


def after_pits(state, C, T, lead_before, events: list) -> None:
    """STOCK End of turn 3 (the new leader), 4 and 5; then the discards."""
    lead = leader(state, T)
    if lead is not None and lead_before is not None and lead.idx != lead_before:
        turn_leaders(state, T, events, only=lead.idx)
    if lead is not None and lead.team != state.first:
        # STOCK End of turn 4: the First Player marker to the leader's owner.
        state.first = lead.team
        events.append(Event("first_player", {"seat": lead.team}, "STOCK End of turn"))
    remove_lapped(state, T, events)
    for c in state.cars:              # (a loop: a generator is a call of its own)
        if c.status == RACING:
            break
    else:
        finish_race(state, C, T, events)
        return
    n = len(state.hands)
    state.queue = [(state.first + k) % n for k in range(n)]
    state.turn.phase = "discard"


def finish_race(state, C, T, events: list) -> None:
    """STOCK Ending the race: no car is racing any more."""
    t = state.turn
    t.over, t.pending, t.phase = True, None, "over"
    state.move = None
    state.queue = []
    scoring.score(state, C, T, events)
