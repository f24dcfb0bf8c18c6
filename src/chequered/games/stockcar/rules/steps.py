"""Every decision of the stock-car game, in one table, and the machine that
runs them (engine/steps.Machine).

A car's activation is a run of decisions by its owner (STOCK Action
segments): `car` (which counter to activate), `card` (a Race card from the
hand, or retire the car), `type` (the printed movement type or solo, when
it makes a difference), then one `move` per movement point spent; `type`
and `move` are offered as whole moves (rules/routes.py: one decision from
the type to the end space). At the end
of a turn: `affect` (an event picked the team: which car it hits), `pits`
(pit stops, player by player) and `discard` (face down, player by player).
What happens between the decisions is rules/turn.py; the automatic phases
are PHASES below.
"""
from __future__ import annotations

from ....engine.protocol import Event
from ....engine.steps import Machine, Step, ask
from ..actions import (KEEP_HAND, PIT_DONE, RETIRE, SOLO, Activate, Affect, Discard, MoveType,
                       Pit, Retire, activate, affect, discard, move_type, pit, play_card)
from ..actions import Step as Move
from ..state import RACING, RETIRED
from ..text import describe_action, seat_names
from . import movement, pits, turn
from .events import hit
from .order import lose_car
from .routes import CAR_ROUTE, MOVE_ROUTE, PITS_ROUTE, TYPE_ROUTE, menu


# ---- car: which counter ------------------------------------------------------------
def car_legal(state, seat: int) -> list:
    # STOCK Action segments 1-2: an unflipped car; any car out of the race is
    # the same pass, so one pass is offered (a team with only passes left is
    # not asked which of its lost cars to flip)
    out, passed = [], False
    cars = state.cars
    for i in state.seat_cars[seat]:
        c = cars[i]
        if not c.flipped:
            if c.status == RACING:
                out.append(activate(c.number))
            elif not passed:
                out.append(activate(c.number))
                passed = True
    return out


def car_apply(state, seat: int, a: Activate) -> list:
    C, T = state.tables
    events: list = []
    turn.activate(state, C, T, seat, a.car, events)
    return events


# ---- card: a Race card from the hand, or retire ----------------------------------
def card_legal(state, seat: int) -> list:
    # STOCK Action segments 4-5: play a Race card, or retire the car.
    # (map, not a comprehension: a comprehension is a function call of its own)
    return [*map(play_card, sorted(set(state.hands[seat]))), RETIRE]


def card_apply(state, seat: int, a) -> list:
    C, T = state.tables
    events: list = []
    if isinstance(a, Retire):
        # STOCK Action segments 4: voluntary retirement.
        car = state.cars[state.move["car"]]
        lose_car(state, T, car, RETIRED, events, "STOCK Action segments")
        turn.flip_and_next(state, C, T, car, events)
    else:
        turn.play_card(state, C, T, seat, a.card, events)
    return events


# ---- type: printed or solo ------------------------------------------------------------
def type_legal(state, seat: int) -> list:
    C = state.tables[0]
    return [move_type(C.card_move[state.move["card"]]), SOLO]


def type_apply(state, seat: int, a: MoveType) -> list:
    C, T = state.tables
    events: list = []
    turn.start_move(state, C, T, seat, a.kind, events)
    return events


# ---- move: one space for the head of the pack -----------------------------------------
def move_legal(state, seat: int) -> list:
    # worked out when the step was asked (turn.keep_moving), unless the state
    # was copied since
    C, T = state.tables
    return movement.legal_steps(state, T, C.rules)


def move_apply(state, seat: int, a: Move) -> list:
    C, T = state.tables
    events: list = []
    # What the step does was worked out with the legal list (state.cache,
    # kept for this decision only); recomputed if the state was copied since.
    movement.do_step(state, T, movement.option(state, T, C.rules, a), events)
    turn.keep_moving(state, C, T, seat, events)
    return events


def move_why_not(state, seat: int, a) -> str | None:
    if isinstance(a, Move):
        return (f"{describe_action(a)} is not a legal step for this pack (blocked, off the "
                "track, a space already left this move, or more MP than are left)")
    return None


# ---- affect: the car an event hits ------------------------------------------------------
def affect_legal(state, seat: int) -> list:
    return [affect(state.cars[i].number) for i in state.turn.pending.context["cars"]]


def affect_apply(state, seat: int, a: Affect) -> list:
    C, T = state.tables
    events: list = []
    hit(state, C, turn.car_of(state, seat, a.car), events)
    pits.start(state, T)
    return events


# ---- pits: pit stops, player by player --------------------------------------------------
def pits_legal(state, seat: int) -> list:
    # "no pit stop" first: the usual answer heads the menu (a loop, not a
    # comprehension, which is a call of its own)
    out = [PIT_DONE]
    for c in pits.eligible(state, seat):
        out.append(pit(c.number))
    return out


def pits_apply(state, seat: int, a) -> list:
    events: list = []
    if isinstance(a, Pit):
        C, T = state.tables
        pits.pit(state, T, turn.car_of(state, seat, a.car), events)
    else:
        state.queue.pop(0)
    return events


# ---- discard: face down, player by player -------------------------------------------------
def discard_legal(state, seat: int) -> list:
    # keeping the hand first: the usual answer heads the menu
    return [KEEP_HAND, *map(discard, sorted(set(state.hands[seat])))]


def discard_apply(state, seat: int, a) -> list:
    events: list = []
    if isinstance(a, Discard):
        state.hands[seat].remove(a.card)
        state.deck.discard(a.card)
        # Face down: only the owner sees which card.
        events.append(Event("discard", {"seat": seat, "card": a.card}, "STOCK End of turn",
                            to=seat, masked={"seat": seat}))
        ask(state, "discard", (seat,), {})        # the same player may discard more
    else:
        state.queue.pop(0)
    return events


def discard_public(a) -> str:
    # Which card stays hidden; that a card went is public (the hand sizes show it).
    return "discards a card" if isinstance(a, Discard) else "keeps the rest of the hand"


STEPS = (
    # The car and its card are one decision (rules/routes.py); the card's
    # being the only choice is never public (the hand is hidden): the
    # default for a step from the hand, never applied unasked.
    Step("car", "STOCK Action segments", car_legal, car_apply, route=CAR_ROUTE,
         label="pick a car whose counter is not turned yet",
         route_label="pick a car and the Race card it plays"),
    Step("card", "STOCK Action segments", card_legal, card_apply, from_hand=True,
         label="play a Race card from your hand or retire the car"),
    # Offered as whole moves (rules/routes.py): the type and the spaces of the
    # move in one decision, or the spaces alone when the type is not asked.
    Step("type", "STOCK Race card parts", type_legal, type_apply, route=TYPE_ROUTE,
         label="move as the printed type or solo",
         route_label="move as the printed type or solo: choose where the pack goes"),
    Step("move", "STOCK Movement", move_legal, move_apply, why_not=move_why_not,
         route=MOVE_ROUTE, label="steer the front car of the pack one space",
         route_label="choose where the front car of the pack ends its move"),
    Step("affect", "STOCK The Team Bar", affect_legal, affect_apply,
         label="choose which of your racing cars the event affects"),
    Step("pits", "STOCK Pit Stops", pits_legal, pits_apply, route=PITS_ROUTE,
         label="pit a racing car with temporary wear, or stop",
         route_label="choose which racing cars with temporary wear to pit, if any"),
    Step("discard", "STOCK End of turn", discard_legal, discard_apply, secret=True,
         from_hand=True, public_text=discard_public,
         label="discard a card from your hand, or keep the rest"),
)

PHASES = {
    "begin_turn": turn.begin_turn,
    "end_of_turn": turn.end_of_turn,
    "pits": turn.pit_stops,
    "discard": turn.discards,
}

class StockMachine(Machine):
    """The engine's machine; a move is listed furthest first, and with its
    straightest ways when it has more than a person reads (rules/routes.menu)."""

    def routes(self, state, seat: int) -> list:
        return menu(self, state, seat, super().routes(state, seat))


MACHINE = StockMachine(STEPS, PHASES, turn_rule="STOCK Action segments",
                  over_rule="STOCK Ending the race", names=seat_names,
                  describe=describe_action)
