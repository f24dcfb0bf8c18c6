"""What the conformance and soak tests need to know about Bolide."""
from __future__ import annotations

from .actions import Expire, Joker, Move, Place, Refit, Request, Service, Stay
from .circuit import circuit, circuit_keys
from .rules.phases import STRATEGY_CHOICES


# Random drivers wander; a short turn limit keeps their races to a few
# hundred decisions while still reaching every rule.
RANDOM_LIMIT = 40


def sample_configs() -> list[dict]:
    keys = circuit_keys()
    out = []
    seatings = [["random"] * 6, ["random", "random"], ["random"] * 4, ["random"] * 8,
                ["random"]]
    for i, key in enumerate(keys):
        out.append({"seats": seatings[i % len(seatings)], "track": key})
        out.append({"seats": seatings[(i + 1) % len(seatings)], "track": key,
                    "rules": "advanced"})
    for cfg in out:
        cfg["turn_limit"] = RANDOM_LIMIT
    if keys:
        out.append({"seats": ["random"] * 3, "track": keys[0], "rules": "advanced",
                    "options": ["qualifying"], "turn_limit": RANDOM_LIMIT})
        out.append({"seats": ["random"] * 3, "rules": "advanced",
                    "options": ["championship"], "season": keys[:2],
                    "turn_limit": RANDOM_LIMIT})
        out.append({"seats": ["human", "random"], "track": keys[-1], "options": ["timer"],
                    "turn_limit": RANDOM_LIMIT})
        # Whole races to the flag with the bots, basic and advanced.
        out.append({"seats": ["expert", "club", "club", "random"], "track": keys[0]})
        out.append({"seats": ["club", "expert", "club"], "track": keys[-1],
                    "rules": "advanced"})
    return out


def candidate_actions(state, seat: int) -> list:
    c = circuit(state.circuit, state.config.content)
    out: list = [Request("booster"), Request("brake"), Request("nitro"), Joker(True),
                 Joker(False), Stay(), Expire(), Service("tyres"), Service("repair"),
                 Service("fuel"), Service("both"), Refit(False, False), Refit(True, True)]
    out += STRATEGY_CHOICES[:4]
    car = state.cars[seat]
    # Every legal point is within 2 of the pawn or of the car: look one further.
    near = {(car.x + dx, car.y + dy) for dx in range(-3, 4) for dy in range(-3, 4)}
    near |= {(car.x + car.vx + dx, car.y + car.vy + dy) for dx in range(-3, 4)
             for dy in range(-3, 4)}
    for x, y in sorted(near):
        out.append(Move(x, y))
        if abs(x - car.x) + abs(y - car.y) < 3:
            out.append(Place(x, y))
    pending = state.turn.pending
    for p in (pending.context.get("options", ()) if pending is not None else ()):
        if isinstance(p, (list, tuple)) and len(p) == 2:
            out.append(Place(p[0], p[1]))
    out += [Move(car.x + 1, car.y, "N"), Move(-5, -5), Place(c.width + 3, 0)]
    return out


def invariants(state) -> list[str]:
    c = circuit(state.circuit, state.config.content)
    bad = []
    pos = {}
    # The loser of an engagement shares the point until it is put back.
    pending = state.turn.pending
    lifted = pending.seats[0] if pending is not None and pending.step == "reposition" else None
    for car in state.cars:
        if car.running and car.mode not in ("pit", "exit", "garage") and car.seat != lifted:
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
    if state.turn.over and pending is not None:
        bad.append("race over but a decision is pending")
    if not state.turn.over and pending is None:
        bad.append("race running but nobody is to decide")
    if state.turn.over != (state.phase == "over"):
        bad.append(f"phase {state.phase} but over is {state.turn.over}")
    return bad
