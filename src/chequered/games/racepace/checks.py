"""What the conformance and soak tests need to know about Race Pace: the
configurations that cover every mode, a superset of the legal actions, and
the invariants that must hold in every state."""
from __future__ import annotations

from .actions import ChooseTyre, Copy, PickDriver, PickTeam, Select
from .state import rank_key
from .tables import tables

_TYRES = (None, "S", "M", "H", "W", "X")


def sample_configs() -> list[dict]:
    T = tables()
    circuits = list(T.circuits)
    out = []
    seatings = [["random"] * 6, ["random", "bot", "bot", "bot", "bot", "bot"],
                ["random", "random"], ["random", "bot", "random", "bot", "random", "bot", "random", "bot"],
                ["bot"] * 6, ["random"] * 3 + ["bot"] * 2]
    for i, key in enumerate(circuits):
        out.append({"seats": seatings[i % len(seatings)], "track": key})
    out.append({"seats": ["random"] * 4, "track": circuits[1], "rules": "academy"})
    out.append({"seats": ["random", "bot", "bot", "bot"], "track": circuits[2], "rules": "academy"})
    out.append({"seats": ["random"] * 4, "track": circuits[3], "options": ["team"]})
    out.append({"seats": ["random", "random", "bot", "bot", "random", "random"],
                "track": circuits[4], "options": ["team"]})
    out.append({"seats": ["random"] * 8, "track": circuits[5], "options": ["team"]})
    out.append({"seats": ["random", "random", "bot"], "options": ["campaign"],
                "season": [circuits[0], circuits[1]]})
    out.append({"seats": ["random"] * 4, "options": ["campaign", "team"],
                "season": [circuits[6], circuits[7]]})
    out.append({"seats": ["random", "bot", "bot"], "rules": "academy", "options": ["campaign"],
                "season": [circuits[8], circuits[9]]})
    out.append({"seats": ["random"] * 4, "track": circuits[10],
                "teams": ["orange_motors", None, None, None],
                "drivers": [None, "dutch", None, None]})
    return out


def candidate_actions(state, seat: int) -> list:
    T = tables(state.config.content)
    out: list = []
    out += [PickTeam(k) for k in [*T.teams, "no_such_team"]]
    out += [PickDriver(k) for k in [*T.drivers, "no_such_driver"]]
    out += [ChooseTyre(t) for t in _TYRES if t]
    out += [Select(n, t) for n in range(0, 13) for t in _TYRES]
    out += [Copy(None)] + [Copy(n, t) for n in range(1, 12) for t in _TYRES]
    return out


def invariants(state) -> list[str]:
    T = tables(state.config.content)
    bad = []
    for car in state.cars:
        if not all(0 <= b <= 4 for b in car.bars):
            bad.append(f"seat {car.seat}: bar out of A..E: {car.bars}")
        if any(not 0 <= v <= 2 for v in car.sets.values()):
            bad.append(f"seat {car.seat}: tyre sets {car.sets}")
        if car.td < 0:
            bad.append(f"seat {car.seat}: TD {car.td}")
        if state.turn.phase in ("select", "react") and not car.bot and car.tyre is None:
            bad.append(f"seat {car.seat}: racing without tyres")
        if car.bot and (car.tyre is not None or car.next_tokens and min(car.next_tokens) < 0):
            bad.append(f"seat {car.seat}: a bot with tyres or penalty tokens")
        if car.moved > T.content.board.rp_max + 3:
            bad.append(f"seat {car.seat}: moved {car.moved} laps in one round")
        if car.rank != rank_key(car.dist, car.stamp, car.ebs_entry):      # state.Car.place
            bad.append(f"seat {car.seat}: leaderboard key {car.rank} out of step with its place")
    for name, deck in state.decks.items():
        current = state.weather_card if name == "weather" else state.situation.get(name)
        total = (len(deck.pile) + len(deck.discards) + len(state.hidden[name]) + len(deck.removed)
                 + (current is not None))
        expected = len(T.weather) if name == "weather" else len(T.deck_cards[name])
        if total != expected:
            bad.append(f"deck {name}: {total} cards, expected {expected}")
    turn = state.turn
    if turn.over and (state.queue or turn.pending is not None):
        bad.append("race over but someone is still to act")
    if not turn.over and (turn.pending is None or len(turn.pending.seats) != 1):
        bad.append("race running but not exactly one seat to act (Race Pace is sequential)")
    if not 0 <= state.start_player < len(state.cars):
        bad.append(f"start player {state.start_player}")
    if state.safety_car and state.config.academy:
        bad.append("Safety Car in Driver Academy (no situation cards)")
    for lap, tokens in state.backmarkers.items():
        if len(tokens) > 3:
            bad.append(f"backmarker {lap}: {tokens}")
    return bad
