"""The sequence of play as a state machine: fill hands, action segments, end
of turn. Every decision is a step with its own finite legal list.

STOCK Sequence of play, Fill hands, Action segments, End of turn,
Cars and activation, Losing a car.
"""
from __future__ import annotations

from ....engine.protocol import Event, IllegalAction
from ..actions import (Activate, Affect, Discard, KeepHand, MoveType, Pit, PitDone,
                       PlayCard, Retire, Step)
from ..state import RACING, RETIRED, WORN
from . import movement, pits, scoring
from .events import add_wear, draw_event, draw_race_card, hit
from .order import check_finish, leader, lose_car, remove_lapped, update_lapped


def laps_of(state, T) -> int:
    return state.config.laps or T.laps


# ---- legal actions ------------------------------------------------------------
def legal(state, C, seat: int) -> list:
    if state.phase == "over" or seat != state.actor:
        return []
    ph = state.phase
    if ph == "car":
        return [Activate(c.number) for c in state.cars if c.team == seat and not c.flipped]
    if ph == "card":
        # STOCK Action segments 4-5: play a Race card, or retire the car.
        return [PlayCard(k) for k in sorted(set(state.hands[seat]))] + [Retire()]
    if ph == "type":
        printed = C.card_move[state.move["card"]]
        return [MoveType(printed), MoveType("solo")]
    if ph == "move":
        return list(movement.steps(state, C.tracks[state.track], C.rules))
    if ph == "affect":
        return [Affect(state.cars[i].number) for i in state.move["cars"]]
    if ph == "pits":
        return [Pit(c.number) for c in pits.eligible(state, seat)] + [PitDone()]
    if ph == "discard":
        return [Discard(k) for k in sorted(set(state.hands[seat]))] + [KeepHand()]
    return []


def apply(state, C, seat: int, action) -> list:
    if state.phase == "over":
        raise IllegalAction("the race is over", "STOCK Ending the race")
    if seat != state.actor:
        raise IllegalAction(f"seat {seat} is not to act (seat {state.actor} is)",
                            "STOCK Action segments")
    T = C.tracks[state.track]
    events: list = []
    ph = state.phase
    if ph == "move":
        how = movement.steps(state, T, C.rules).get(action) if isinstance(action, Step) else None
        if how is None:
            raise IllegalAction(f"{action!r} is not a legal step for this pack "
                                "(blocked, out of the track, already visited or too costly)",
                                "STOCK Movement")
        movement.do_step(state, T, action, how, events)
        if state.move["mp"] <= 0 or not movement.steps(state, T, C.rules):
            end_activation(state, C, T, events)
        return events
    if action not in legal(state, C, seat):
        raise IllegalAction(f"{action!r} is not legal now ({_phase_rule(ph)[1]})",
                            _phase_rule(ph)[0])
    if ph == "car":
        activate(state, C, T, seat, action.car, events)
    elif ph == "card":
        car = state.cars[state.move["car"]]
        if isinstance(action, Retire):
            # STOCK Action segments 4: voluntary retirement.
            lose_car(state, T, car, RETIRED, events, "STOCK Action segments")
            flip_and_next(state, C, T, car, events)
        else:
            state.hands[seat].remove(action.card)
            state.move["card"] = action.card
            events.append(Event("card", {"car": car.number, "card": action.card},
                                "STOCK Action segments"))
            printed = C.card_move[action.card]
            if printed == "solo" or (C.cards[action.card].effect != "clean_air"
                                     and movement.pack(state, T, car, printed) == [car.idx]):
                # No choice to make: a solo card, or a type that moves the car alone anyway.
                start_move(state, C, T, printed, events)
            else:
                state.phase = "type"
    elif ph == "type":
        start_move(state, C, T, action.kind, events)
    elif ph == "affect":
        hit(state, C, state.cars[_car_index(state, seat, action.car)], events)
        state.move = None
        pits.start(state, C, T, events)
    elif ph == "pits":
        if isinstance(action, Pit):
            pits.pit(state, C, T, state.cars[_car_index(state, seat, action.car)], events)
        else:
            pits.next_seat(state, C, T, events)
    elif ph == "discard":
        if isinstance(action, Discard):
            state.hands[seat].remove(action.card)
            state.deck.discard(action.card)
            events.append(Event("discard", {"seat": seat, "card": action.card},
                                "STOCK End of turn"))
        else:
            state.queue.pop(0)
            next_discarder(state, C, T, events)
    return events


def _phase_rule(ph: str) -> tuple[str, str]:
    return {
        "car": ("STOCK Action segments", "pick a car whose counter is not turned yet"),
        "card": ("STOCK Action segments", "play a Race card from your hand or retire the car"),
        "type": ("STOCK Race card parts", "move as the printed type or solo"),
        "affect": ("STOCK The Team Bar", "choose which of your racing cars the event affects"),
        "pits": ("STOCK Pit Stops", "pit a racing car with temporary wear, or stop"),
        "discard": ("STOCK End of turn", "discard a card from your hand, or keep the rest"),
    }.get(ph, ("STOCK Sequence of play", ph))


def _car_index(state, seat: int, number: int) -> int:
    for c in state.cars:
        if c.team == seat and c.number == number:
            return c.idx
    raise IllegalAction(f"you have no car #{number}", "STOCK The Team Sheet")


# ---- turns and segments -----------------------------------------------------------
def begin_turn(state, C, T, events: list) -> None:
    """STOCK Cars and activation / Fill hands."""
    state.turn += 1
    state.yellow = False
    state.pitted = []
    for c in state.cars:
        c.flipped = False
    events.append(Event("turn", {"turn": state.turn, "first": state.first}, "STOCK Sequence of play"))
    n = len(state.hands)
    for k in range(n):
        seat = (state.first + k) % n
        hand = state.hands[seat]
        while len(hand) < state.hand_size:
            hand.append(draw_race_card(state))
    state.phase = "car"
    state.actor = state.first
    state.move = None


def activate(state, C, T, seat: int, number: int, events: list) -> None:
    """STOCK Action segments 1-3."""
    car = state.cars[_car_index(state, seat, number)]
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
    state.phase = "card"


def start_move(state, C, T, kind: str, events: list) -> None:
    """STOCK Race card parts, Speed penalties: the pack and the MP to spend."""
    m = state.move
    state.cache = None
    car = state.cars[m["car"]]
    card = m["card"]
    mp = C.card_mp[card] - movement.speed_penalty(C.rules, car.wear)
    if kind == "solo" and C.cards[card].effect == "clean_air":
        mp += 1
    snake = movement.pack(state, T, car, kind)
    head = state.cars[snake[0]]
    lead = leader(state, T)
    m.update({"kind": kind, "mp": mp, "snake": snake, "visited": [(head.dist, head.lane)],
              "lead": lead.idx})
    events.append(Event("move", {"car": car.number, "kind": kind, "mp": mp,
                                 "pack": [state.cars[i].number for i in snake]},
                        "STOCK Race card parts"))
    state.phase = "move"
    if mp <= 0 or not movement.steps(state, T, C.rules):
        end_activation(state, C, T, events)


def end_activation(state, C, T, events: list) -> None:
    """STOCK Action segments 6-7 after the move: effects, wear, flip."""
    m = state.move
    state.cache = None
    car = state.cars[m["car"]]
    card = m["card"]
    if C.cards[card].effect == "drift":
        movement.drift(state, T, car, events)
    state.deck.discard(card)
    wear = C.card_wear[card]
    if wear is not None and car.status == RACING:
        add_wear(car, wear, 1)
        events.append(Event("wear", {"car": car.number, "wear": wear, "amount": 1},
                            "STOCK Wear"))
    laps = laps_of(state, T)
    update_lapped(state, T, events)
    check_finish(state, T, laps, events)
    update_lapped(state, T, events)
    lead = leader(state, T)
    if lead is not None and lead.idx != m.get("lead"):
        # STOCK Running order: the Current Leader marker moves to the new leader.
        events.append(Event("leader", {"car": lead.number}, "STOCK Running order"))
    flip_and_next(state, C, T, car, events)


def flip_and_next(state, C, T, car, events: list) -> None:
    """Flip the car; the next player to the left with an unflipped car acts."""
    car.flipped = True
    state.move = None
    if not any(c.status == RACING for c in state.cars):
        finish_race(state, C, T, events)
        return
    n = len(state.hands)
    for k in range(1, n + 1):
        seat = (state.actor + k) % n
        if any(c.team == seat and not c.flipped for c in state.cars):
            state.actor = seat
            state.phase = "car"
            return
    end_of_turn(state, C, T, events)


def end_of_turn(state, C, T, events: list) -> None:
    """STOCK End of turn 1-2 (then pit stops, which may ask for decisions)."""
    turn_leaders(state, T, events)
    if not state.finished:
        pending = draw_event(state, C, T, events)
        if pending is not None:
            state.phase = "affect"
            state.actor = pending["seat"]
            state.move = {"cars": pending["cars"]}
            return
    pits.start(state, C, T, events)


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
    if not any(c.status == RACING for c in state.cars):
        finish_race(state, C, T, events)
        return
    n = len(state.hands)
    state.queue = [(state.first + k) % n for k in range(n)]
    state.phase = "discard"
    next_discarder(state, C, T, events)


def next_discarder(state, C, T, events: list) -> None:
    """STOCK End of turn 6: each player may discard unwanted cards."""
    while state.queue and not state.hands[state.queue[0]]:
        state.queue.pop(0)
    if state.queue:
        state.actor = state.queue[0]
        return
    state.side ^= 1                      # STOCK End of turn 4: flip the First Player marker
    begin_turn(state, C, T, events)


def finish_race(state, C, T, events: list) -> None:
    state.phase = "over"
    state.actor = -1
    state.move = None
    state.queue = []
    scoring.score(state, C, T, events)
