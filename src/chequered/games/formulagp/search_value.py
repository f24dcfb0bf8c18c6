"""Where each car stands, finer than the running order: the value a search
(agents/mcts.py) reads when a rollout stops before the end.

A car's value is its distance in tiles (rules/where.distance, the measure
the running order and the classification use, FGP 7.3.2 and 12.2.2) less
the 5 tiles a Penalty token it holds will cost at the finish (FGP 12.2.1),
in rounds: the running order alone ignores those tokens until the flag, so
a search stopped short of it would take a penalty for free. Two cars a
place apart then differ by how far apart they are, and a car that gains
half a tile on the car ahead scores more before it passes it.

Units are rounds (about 4.5 tiles: the heuristic bots' races on the default
track cover 80-90 tiles in 18 rounds). The value is offset by four laps so
that it is never positive, as the search's own-progress term expects; only
differences between cars matter otherwise. Penalty icons on cards still in
hand (revealed at the finish) are left out: the hand at a rollout's horizon
is not the hand at the flag.
"""
from __future__ import annotations

from .rules.finish import PENALTY_TILES
from .rules.where import distance, track_of

TILES_PER_ROUND = 4.5
OFFSET_LAPS = 4


def search_value(race) -> dict[int, float]:
    top = OFFSET_LAPS * track_of(race).lap_tiles
    return {car.seat: (distance(race, car) - PENALTY_TILES * car.penalties - top)
            / TILES_PER_ROUND for car in race.cars}
