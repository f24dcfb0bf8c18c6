"""What the conformance and soak tests need to know about Bolide."""
from __future__ import annotations

from .actions import Expire, Joker, Move, Place, Refit, Request, Service, Stay, Strategy
from .circuit import circuit, circuit_keys
from .rules.turn import STRATEGY_CHOICES


def sample_configs() -> list[dict]:
    keys = circuit_keys()
    out = []
    seatings = [["random"] * 6, ["random", "random"], ["random"] * 4, ["random"] * 8,
                ["random"]]
    for i, key in enumerate(keys):
        out.append({"seats": seatings[i % len(seatings)], "track": key})
        out.append({"seats": seatings[(i + 1) % len(seatings)], "track": key,
                    "rules": "advanced"})
    if keys:
        out.append({"seats": ["random"] * 3, "track": keys[0], "rules": "advanced",
                    "options": ["qualifying"]})
        out.append({"seats": ["random"] * 3, "rules": "advanced",
                    "options": ["championship"], "season": keys[:2]})
        out.append({"seats": ["human", "random"], "track": keys[-1], "options": ["timer"]})
    return out


def candidate_actions(state, seat: int) -> list:
    c = circuit(state.circuit, state.config.content)
    out: list = [Request("booster"), Request("brake"), Request("nitro"), Joker(True),
                 Joker(False), Stay(), Expire(), Service("tyres"), Service("repair"),
                 Service("fuel"), Service("both"), Refit(False, False), Refit(True, True)]
    out += STRATEGY_CHOICES[:4]
    car = state.cars[seat]
    for dy in range(-10, 11):
        for dx in range(-10, 11):
            out.append(Move(car.x + dx, car.y + dy))
            if abs(dx) + abs(dy) < 3:
                out.append(Place(car.x + dx, car.y + dy))
    out += [Move(car.x + 1, car.y, "N"), Move(-5, -5), Place(c.width + 3, 0)]
    return out


def invariants(state) -> list[str]:
    c = circuit(state.circuit, state.config.content)
    bad = []
    pos = {}
    for car in state.cars:
        if car.running and car.mode not in ("pit", "exit", "garage"):
            p = (car.x, car.y)
            if p in pos:
                bad.append(f"cars {pos[p]} and {car.seat} share point {p}")
            pos[p] = car.seat
            k = c.kind_at(*p)
            if k == "#":
                bad.append(f"car {car.seat} on a forbidden point {p}")
            if car.mode in ("run", "start", "dirty", "spun") and not c.surface.point(*p):
                bad.append(f"car {car.seat} in mode {car.mode} off the track at {p}")
        if car.brakes < 0 or car.damage < 0 or car.penalty < 0:
            bad.append(f"car {car.seat}: negative counter")
    if state.phase == "over" and state.step:
        bad.append("race over but a decision is pending")
    if state.phase != "over" and not state.step:
        bad.append("race running but nobody is to decide")
    return bad
