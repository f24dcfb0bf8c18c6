"""Bolide's part of the race analysis: the seat's laps against the exact line.

The solver (games/bolide/solver.py) gives the fewest turns a lone car needs
for each lap of the circuit, from the pole slot with a normal start and the
basic rules' top speeds and sharp brakings. Set against the turns the seat's
car took in each lap of the recorded race, the difference is what the lap
cost: traffic, dice, a poor line. A championship's later races, and the
advanced rules' weather, pits and set-ups, are not in the solver's model:
the comparison then says so and compares the first race's laps only.
"""
from __future__ import annotations

from collections import Counter


def line_against_solver(game, config, seed: int, actions: list, seat: int,
                        name: str = "the car") -> dict:
    """The seat's laps against the exact line, and (`svg`) a picture of the
    circuit with both lines: where the car stood as each of its turns began."""
    from .engine.protocol import BadInput
    from .games.bolide import solver
    from .games.bolide.solver_svg import race_line_svg
    from .games.bolide.rules.order import lap_of
    from .games.bolide.rules.setup import circuit_of
    try:
        sol = solver.solve_track(config.track)
    except BadInput as exc:
        return {"available": False, "why": str(exc)}
    state = game.new(config, seed)
    circuit = circuit_of(state)                 # the first race's
    per_lap: Counter = Counter()
    seen_turn = None
    race_index = state.race_index
    driven: list[tuple[int, int]] = []          # where the car stood as each turn began
    end = None                                  # the car as the first race left it
    for s, a in actions:
        if state.race_index != race_index:
            break                               # the first race of a season only
        car = next(c for c in state.cars if c.seat == seat)
        if state.phase == "race" and state.turn_no != seen_turn:
            seen_turn = state.turn_no
            if car.running:
                per_lap[lap_of(circuit, car.progress)] += 1
                driven.append((car.x, car.y))
        mode, progress, x, y = car.mode, car.progress, car.x, car.y
        events = game.apply(state, s, a)
        if state.race_index != race_index:
            # This action ended the race and the season's next began at once:
            # how the car ended it is in the events only.
            for e in events:
                if e.data.get("seat") == seat:
                    if e.kind == "move":
                        x, y = e.data["x"], e.data["y"]
                    elif e.kind == "finish":
                        mode = "finished"
            end = (mode, progress, x, y)
    if end is None:
        car = next(c for c in state.cars if c.seat == seat)
        end = (car.mode, car.progress, car.x, car.y)
    mode, progress, x, y = end
    if driven and (x, y) != driven[-1]:
        driven.append((x, y))                   # and where it ended
    # a lap is compared once the car is past it (a record may stop mid-race)
    done = sol.laps if mode == "finished" else lap_of(circuit, progress) - 1
    laps = []
    for lap in range(1, sol.laps + 1):
        best = sol.lap_turns[lap - 1] if lap - 1 < len(sol.lap_turns) else None
        took = per_lap.get(lap, 0)
        laps.append({"lap": lap, "turns": took, "solver_turns": best, "complete": lap <= done,
                     "lost": took - best if lap <= done and best is not None else None})
    notes = []
    if config.rules != "basic":
        notes.append("the solver's model is the basic rules: weather, pits and set-ups are not "
                     "in it")
    turns = sum(per_lap.values())
    lost = [f"lap {lap['lap']} {lap['lost']:+d}" for lap in laps if lap["lost"] is not None]
    caption = (f"{name}: {turns} turns" + (f" ({', '.join(lost)} against the exact line)"
                                           if lost else ""))
    svg = race_line_svg(circuit, sol, driven, name, caption) if driven else None
    return {"available": True, "track": config.track, "solver_turns": sol.turns,
            "turns": turns, "laps": laps, "solver_line": sol.compact_line(),
            "car_line": [list(p) for p in driven], "svg": svg, "notes": notes}
