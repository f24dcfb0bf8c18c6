"""Stock-car positions: the whole state as a document one can write by hand,
and redeterminization for search (resampling what a seat cannot see)."""
from __future__ import annotations

from collections import Counter

from pydantic import ValidationError

from ...engine import chance
from ...engine.chance import Chance
from ...engine.positions import FORMAT
from ...engine.protocol import BadInput
from ...engine.rng import Rng
from .config import StockCarConfig
from .content import load_content
from .rules.order import rebuild
from .rules.steps import MACHINE
from .rules.turn import step_name
from .state import RACING, STATE_FIELDS, State

# The fields of a position's state (STATE_FIELDS less what is derived).
FIELDS = frozenset(STATE_FIELDS) - {"occ", "cache", "tables", "seat_cars"}


def dump_position(state: State) -> dict:
    return {"format": FORMAT, "game": "stockcar", "state": state.to_doc()}


def load_position(doc: dict) -> State:
    if not isinstance(doc, dict) or doc.get("game") not in (None, "stockcar"):
        raise BadInput("not a stock-car position")
    body = doc.get("state", doc)
    try:
        config = StockCarConfig(**body["config"])
        C = load_content(config.content)
        if body["track"] not in C.tracks:
            raise BadInput(f"position: unknown track {body['track']!r}")
        T = C.tracks[body["track"]]
        unknown = set(body) - FIELDS
        if unknown:
            raise BadInput(f"position: unknown fields {', '.join(sorted(map(str, unknown)))}")
        body = _fill_in(dict(body), config, C)
        state = State.from_doc(body, config, T)
        rebuild(state, T)
        _check(state, C)
    except BadInput:
        raise
    except ValidationError as exc:
        err = exc.errors()[0]
        raise BadInput(f"position config: {'.'.join(map(str, err['loc']))}: {err['msg']}") from None
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, AssertionError) as exc:
        raise BadInput(f"malformed stock-car position: {type(exc).__name__}: {exc}") from None
    return state


def _fill_in(body: dict, config, C) -> dict:
    """A hand-written position may leave out what follows from the rest:
    car indexes (list order), hands (empty), the hand size (starting cars + 1),
    the turn number, the decision (the First Player picks a car), and the
    decks (the cards nobody holds, shuffled by the race's `chance`)."""
    ch = Chance(Rng(state=int(body.setdefault("chance", 0))))
    for i, car in enumerate(body["cars"]):
        car.setdefault("idx", i)
    seats = len(config.seats)
    body.setdefault("hands", [[] for _ in range(seats)])
    per_team = max((sum(1 for c in body["cars"] if c["team"] == s) for s in range(seats)),
                   default=0)
    body.setdefault("hand_size", per_team + 1)
    body.setdefault("turn_number", 1)
    body.setdefault("first", 0)
    body.setdefault("turn", {"phase": "segments",
                             "pending": {"step": "car", "seats": [body["first"]]}})
    if "deck" not in body:
        held = {k for h in body["hands"] for k in h}
        move = body.get("move") or {}
        pending = body["turn"].get("pending") or {}
        if "card" in move and pending.get("step") in ("type", "move"):
            held.add(move["card"])
        pile = [k for k in C.card_ids if k not in held]
        chance.shuffle(ch, [], pile, rule="STOCK Fill hands", what="Race deck")
        body["deck"] = {"pile": pile, "discards": [], "removed": []}
    if "events" not in body:
        pile = [k for k in C.event_ids if k != body.get("event_card")]
        chance.shuffle(ch, [], pile, rule="STOCK Events", what="Event deck")
        body["events"] = {"pile": pile, "discards": [], "removed": []}
    body["chance"] = ch.to_doc()
    return body


def _check(state: State, C) -> None:
    T = C.tracks[state.track]
    _check_turn(state)
    seats = len(state.config.seats)
    for name, value, ok in (("turn_number", state.turn_number, None),
                            ("hand_size", state.hand_size, None),
                            ("bar_reads", state.bar_reads, None),
                            ("first", state.first, range(seats)),
                            ("side", state.side, (0, 1))):
        if type(value) is not int or value < 0 or (ok is not None and value not in ok):
            raise BadInput(f"position: {name} must be a whole number"
                           + (f" in {min(ok)}..{max(ok)}" if ok is not None else ""))
    if not isinstance(state.yellow, bool):
        raise BadInput("position: yellow must be true or false")
    if len(state.hands) != seats:
        raise BadInput("position: one hand per seat")
    for i, c in enumerate(state.cars):
        if c.idx != i:
            raise BadInput(f"position: car #{c.number} has idx {c.idx}, expected {i}")
        if not 0 <= c.team < len(state.config.seats):
            raise BadInput(f"position: car #{c.number} belongs to no seat")
        if c.status == RACING and not 0 <= c.lane <= T.width[c.dist % T.n]:
            raise BadInput(f"position: car #{c.number} is off the track (lane {c.lane})")
    cards = Counter(state.deck.pile + state.deck.discards + state.deck.removed
                    + [k for h in state.hands for k in h])
    if state.move and "card" in state.move and step_name(state) in ("type", "move"):
        cards[state.move["card"]] += 1
    if cards != Counter(C.card_ids):
        raise BadInput("position: the Race cards (pile, discards, hands) must be the 84 cards")
    evs = Counter(state.events.pile + state.events.discards + state.events.removed
                  + ([state.event_card] if state.event_card else []))
    if evs != Counter(C.event_ids):
        raise BadInput("position: the Event cards must be the 26 cards")


# What each decision needs besides its seat: the activation in progress
# (state.move) or the cars an event may hit (the pending context).
_MOVE_KEYS = {"card": ("car",), "type": ("car", "card"),
              "move": ("car", "card", "kind", "mp", "snake", "visited")}
# The automatic phase a decision returns to (the others name the next one
# themselves); "segments" stands for the action segments, which have none.
_PHASE_OF = {"pits": "pits", "discard": "discard"}


def _check_turn(state: State) -> None:
    t, seats = state.turn, len(state.config.seats)
    if t.over:
        if t.pending is not None:
            raise BadInput("position: a finished race waits for no decision")
        return
    p = t.pending
    if p is None:
        raise BadInput("position: a running race must wait for a decision (turn.pending)")
    if p.step not in MACHINE.steps:
        raise BadInput(f"position: unknown decision {p.step!r}; choose from "
                       f"{', '.join(MACHINE.steps)}")
    if len(p.seats) != 1 or not isinstance(p.seats[0], int) \
            or not 0 <= p.seats[0] < seats:
        raise BadInput(f"position: the {p.step} decision needs one seat of 0..{seats - 1}")
    seat = p.seats[0]
    if t.phase not in (*MACHINE.phases, "segments") \
            or _PHASE_OF.get(p.step, t.phase) != t.phase:
        raise BadInput(f"position: the {p.step} decision cannot come in phase {t.phase!r}")
    need = _MOVE_KEYS.get(p.step, ())
    if need:
        m = state.move
        if not isinstance(m, dict) or any(k not in m for k in need):
            raise BadInput(f"position: the {p.step} decision needs move with "
                           f"{', '.join(need)}")
        car = m["car"]
        if not isinstance(car, int) or not 0 <= car < len(state.cars) \
                or state.cars[car].team != seat:
            raise BadInput(f"position: move.car {car!r} is not a car of seat {seat}")
    if p.step == "affect":
        cars = p.context.get("cars")
        if not isinstance(cars, list) or not cars or any(
                not isinstance(i, int) or not 0 <= i < len(state.cars)
                or state.cars[i].team != seat for i in cars):
            raise BadInput("position: the affect decision needs context.cars, car indexes "
                           f"of seat {seat}")


def redeterminize(state: State, seat: int, rng: Rng) -> State:
    """A copy in which the other seats' hands and the order of both draw
    piles are resampled; `seat` keeps its own hand, and every hand its size."""
    s = state.clone()
    pool = list(s.deck.pile)
    others = [i for i in range(len(s.hands)) if i != seat]
    for i in others:
        pool += s.hands[i]
    rng.shuffle(pool)
    k = 0
    for i in others:
        size = len(s.hands[i])
        s.hands[i] = pool[k:k + size]
        k += size
    s.deck.pile = pool[k:]
    rng.shuffle(s.events.pile)
    s.chance = Chance(Rng(state=rng.next64()))
    return s
