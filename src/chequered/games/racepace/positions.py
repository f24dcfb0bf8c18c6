"""Race Pace positions: the whole state as a document one can write by hand,
and redeterminization for search (resampling what nobody has seen).

A dumped position holds the decision machine's `turn` (phase, the decision
pending) and `queue` (the seats to decide after it) and the generator's
state (`chance`). A hand-written one may instead give `phase` and `queue` as
the seats still to decide in that phase, the one deciding now first, and
leave out the generator (0) and the decks (fresh ones are dealt).
"""
from __future__ import annotations

from pydantic import ValidationError

from ...engine import chance
from ...engine.chance import Chance
from ...engine.positions import FORMAT
from ...engine.protocol import BadInput
from ...engine.rng import Rng
from .config import RacePaceConfig
from .content import BARS, LEVELS
from .rules.steps import PHASE_STEP
from .state import RaceState
from .tables import tables

PHASES = (*PHASE_STEP, "over")


def dump_position(state: RaceState) -> dict:
    doc = state.to_doc()
    for car in doc["cars"]:
        # Bars as letters A..E, as printed on the steering wheel.
        car["bars"] = {name: LEVELS[v] for name, v in zip(BARS, car["bars"])}
    return {"format": FORMAT, "game": "racepace", "state": doc}


def load_position(doc: dict) -> RaceState:
    if not isinstance(doc, dict) or doc.get("game") not in (None, "racepace"):
        raise BadInput("not a Race Pace position")
    body = doc.get("state", doc)
    try:
        config = RacePaceConfig(**body["config"])
        T = tables(config.content)
        body = dict(body)
        cars = []
        for car in body["cars"]:
            car = dict(car)
            bars = car.get("bars", {})
            if isinstance(bars, dict):
                car["bars"] = [LEVELS.index(bars.get(name, "A")) for name in BARS]
            cars.append(car)
        body["cars"] = cars
        body.setdefault("chance", 0)
        if "turn" not in body:
            body.update(_hand_written_turn(body))
        if "decks" not in body:
            body["decks"] = _fresh_decks(body, T)
        state = RaceState.from_doc(body, config)
        _check(state, T)
    except BadInput:
        raise
    except ValidationError as exc:
        err = exc.errors()[0]
        raise BadInput(f"position config: {'.'.join(map(str, err['loc']))}: {err['msg']}") from None
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise BadInput(f"malformed Race Pace position: {type(exc).__name__}: {exc}") from None
    return state


def _hand_written_turn(body: dict) -> dict:
    """`phase` and `queue` (the one deciding now first) as the machine's turn."""
    phase = body.pop("phase")
    queue = list(body.get("queue", ()))
    if phase not in PHASES:
        raise BadInput(f"position: unknown phase {str(phase)[:20]!r}; one of {', '.join(PHASES)}")
    if phase == "over":
        return {"turn": {"phase": "over", "over": True, "pending": None}, "queue": []}
    if not queue:
        raise BadInput(f"position: phase {phase} needs a queue of the seats to decide")
    pending = {"step": PHASE_STEP[phase], "seats": [queue[0]], "context": {}}
    return {"turn": {"phase": phase, "over": False, "pending": pending}, "queue": queue[1:]}


def _fresh_decks(body: dict, T) -> dict:
    """Decks for a position that leaves them out: dealt from the cards not
    face-up, without the circuit's surplus rain cards (RP Setup J). They are
    shuffled by a generator of their own (the race's starts from `chance`)."""
    ch = Chance(Rng(state=body["chance"]))
    circuit = T.circuits[body["circuit"]]
    up = {body.get("weather_card"), *dict(body.get("situation", {})).values()}
    rain = T.rain_keys[:circuit.rain_cards]
    if body.get("weather_card") in T.rain_keys and body["weather_card"] not in rain:
        rain = [body["weather_card"]] + rain[:-1] if rain else []
    removed = [k for k in T.rain_keys if k not in rain]
    events: list = []
    weather = chance.new_deck(ch, events, [k for k in T.sun_keys + rain if k not in up],
                              rule="RP Setup J")
    weather.removed = removed
    return {"weather": weather.to_doc(),
            **{name: chance.new_deck(ch, events, [k for k in T.deck_cards[name] if k not in up],
                                     rule="RP Setup J").to_doc() for name in ("I", "II")}}


def _check(state: RaceState, T) -> None:
    if state.circuit not in T.circuits:
        raise BadInput(f"position: unknown circuit {state.circuit!r}")
    turn = state.turn
    if turn.phase not in PHASES:
        raise BadInput(f"position: unknown phase {str(turn.phase)[:20]!r}")
    n = len(state.cars)
    if turn.over != (turn.phase == "over") or (turn.over and turn.pending is not None):
        raise BadInput("position: a finished race is in phase over, over, nothing pending")
    if not turn.over:
        p = turn.pending
        if p is None or p.step != PHASE_STEP[turn.phase] or len(p.seats) != 1 or p.context:
            raise BadInput(f"position: phase {turn.phase} waits for one seat's "
                           f"{PHASE_STEP[turn.phase].replace('_', ' ')}")
        if not (isinstance(p.seats[0], int) and 0 <= p.seats[0] < n):
            raise BadInput(f"position: no seat {str(p.seats[0])[:10]} to decide")
    for car in state.cars:
        if car.driver is not None and car.driver not in T.drivers:
            raise BadInput(f"position: unknown driver {car.driver!r}")
        if car.team is not None and car.team not in T.teams:
            raise BadInput(f"position: unknown team {car.team!r}")
        if car.tyre is not None and car.tyre not in T.tyres:
            raise BadInput(f"position: unknown tyre {car.tyre!r}")
        if len(car.bars) != 6 or not all(0 <= b <= 4 for b in car.bars):
            raise BadInput(f"position: seat {car.seat} bars must be six levels A..E")
    if len(state.cars) != len(state.config.seats):
        raise BadInput("position: one car per seat in the config")
    for deck, key in state.situation.items():
        if key not in T.cards:
            raise BadInput(f"position: unknown situation card {key!r}")
    if state.weather_card is not None and state.weather_card not in T.weather:
        raise BadInput(f"position: unknown weather card {state.weather_card!r}")
    for seat in state.queue:
        if not (isinstance(seat, int) and 0 <= seat < n):
            raise BadInput(f"position: queue names seat {str(seat)[:10]}, which does not exist")


def redeterminize(state: RaceState, rng: Rng) -> RaceState:
    """A copy in which the order of every deck, the face-down cards and the
    rain cards left out of the weather deck are resampled. Race Pace has no
    private hands: every seat sees the same, so the seat does not matter."""
    T = tables(state.config.content)
    s = state.clone()
    for name, deck in s.decks.items():
        hidden = s.hidden.get(name, [])
        pool = deck.pile + hidden
        if name == "weather":
            # Which rain cards were left out at setup is unknown, too.
            unseen_rain = [k for k in pool + deck.removed if k in T.rain_keys]
            in_play = sum(1 for k in pool if k in T.rain_keys)
            rng.shuffle(unseen_rain)
            pool = [k for k in pool if k not in T.rain_keys] + unseen_rain[:in_play]
            deck.removed = [k for k in deck.removed if k not in T.rain_keys] + unseen_rain[in_play:]
        rng.shuffle(pool)
        deck.pile = pool[:len(deck.pile)]
        s.hidden[name] = pool[len(deck.pile):]
    s.chance = Chance(Rng(state=rng.next64()))
    return s
