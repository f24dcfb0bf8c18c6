"""Race Pace positions: the whole state as a document one can write by hand,
and redeterminization for search (resampling what nobody has seen).

A dumped position holds the decision machine's `turn` (phase, the decision
pending) and `queue` (the seats to decide after it) and the generator's
state (`chance`). A hand-written one may instead give `phase` and `queue` as
the seats still to decide in that phase, the one deciding now first, and
leave out the generator (0), the decks (fresh ones are dealt) and the
standings (0 each).
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
from .rules import cards
from .rules.steps import PHASE_STEP
from .state import STAMP_ROOM, RaceState
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
        body.setdefault("standings", {str(i): 0 for i in range(len(cars))})
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
    _check_types(state, T)


def _int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _ints(v) -> bool:
    return isinstance(v, (list, tuple)) and all(map(_int, v))


_CAR_INTS = ("dist", "stamp", "td", "ebs_bonus", "start_bonus", "card_rp", "rp", "moved",
             "finish_round")
_CAR_FLAGS = ("bot", "ebs_entry", "pit", "charge", "ebs_used", "overtook", "finished")


def _check_types(state: RaceState, T) -> None:
    """What the rules read must have the type they read it as: a position
    that would fail later in a view or a move is refused now."""
    def need(ok: bool, what: str) -> None:
        if not ok:
            raise BadInput(f"position: {what}")

    buttons = (None, *T.buttons)
    for i, car in enumerate(state.cars):
        need(car.seat == i, f"car {i} must have seat {i}")
        for f in _CAR_INTS:
            need(_int(getattr(car, f)), f"seat {i} {f} must be a whole number")
        for f in _CAR_FLAGS:
            need(isinstance(getattr(car, f), bool), f"seat {i} {f} must be true or false")
        need(_ints(car.bars) and _ints(car.tokens) and _ints(car.next_tokens),
             f"seat {i} bars and tokens must be whole numbers")
        need(isinstance(car.sets, dict) and set(car.sets) == {"S", "M"}
             and all(_int(v) for v in car.sets.values()), f"seat {i} sets: S and M counts")
        need(isinstance(car.used, list) and all(u in T.tyres for u in car.used
                                                if isinstance(u, str)) and
             all(isinstance(u, str) for u in car.used), f"seat {i} used: compounds")
        need(car.button in buttons and car.copied in buttons, f"seat {i} button: 1 to 11")
        need(car.dsq is None or isinstance(car.dsq, str), f"seat {i} dsq: a reason or null")
        racing = state.turn.phase in ("select", "react") and not car.bot
        need(car.tyre is not None or not racing, f"seat {i} races without tyres")
        need(car.team is not None and car.driver is not None
             or state.turn.phase in ("team", "driver"), f"seat {i} needs a team and a driver")
    need(all(_int(getattr(state, f)) for f in ("round", "race_index", "start_player",
                                                "stamp_counter")),
         "round, race_index, start_player and stamp_counter are whole numbers")
    # (the leaderboard key holds a stamp below state.NO_EBS_KEY)
    need(all(0 <= n < STAMP_ROOM for n in (state.stamp_counter, *(c.stamp for c in state.cars))),
         f"stamp and stamp_counter: 0 to {STAMP_ROOM - 1}")
    need(0 <= state.start_player < len(state.cars), "start_player names no seat")
    need(isinstance(state.weather, list) and len(state.weather) == 4
         and all(w in ("sun", "rain") for w in state.weather), "weather: four of sun, rain")
    dealt = set(cards.DECKS) if state.decks or state.turn.phase not in ("team", "driver") \
        else set()                        # (before the driver picks nothing is dealt)
    need(set(state.decks) == dealt == set(state.hidden)
         and all(isinstance(v, list) for v in state.hidden.values()),
         "decks and hidden: weather, I and II")
    need(state.turn.phase in ("team", "driver") or set(state.situation) == {"I", "II"}
         and state.weather_card is not None, "a weather card and situation cards I and II")
    for name in dealt:
        d = state.decks[name]
        current = state.weather_card if name == "weather" else state.situation.get(name)
        held = [*d.pile, *d.discards, *d.removed, *state.hidden[name]]
        held += [current] if current is not None else []
        full = T.weather if name == "weather" else T.deck_cards[name]
        need(all(isinstance(k, str) for k in held) and sorted(held) == sorted(full),
             f"deck {name} must hold each of its cards once")
    need(set(state.standings) == set(range(len(state.cars))), "standings: one per seat")
    phase = state.turn.phase
    if phase in ("team", "driver", "tyre"):
        # Whoever has not chosen yet is still to choose (a team pick in Team
        # Play covers both seats of the team; bots choose no tyres).
        deciding = {*state.turn.pending.seats, *state.queue}
        if phase == "team" and state.config.team_play:
            deciding |= {seat ^ 1 for seat in deciding}
        need(all(getattr(c, phase) is not None or (phase == "tyre" and c.bot)
                 or c.seat in deciding for c in state.cars),
             f"a seat without a {phase} must still be to choose one")
        need(phase == "team" or all(c.team is not None for c in state.cars),
             "every seat has a team once the teams are picked")
    need(state.finish_side in ("A", "B"), "finish_side: A or B")
    need(isinstance(state.safety_car, bool) and isinstance(state.rain_drawn, bool),
         "safety_car and rain_drawn: true or false")
    need(all(_int(c) for c in state.sc_cause) and _ints(state.reactors)
         and all(_ints(v) for v in state.taken.values())
         and all(_ints(v) for v in state.backmarkers.values())
         and all(_int(v) for v in state.standings.values()),
         "sc_cause, reactors, taken, backmarkers and standings hold whole numbers")
    need(state.fastest is None or len(state.fastest) == 2 and _ints(state.fastest),
         "fastest: a seat and laps")


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
