"""Where the cars are: the questions every step of the round machine asks
about positions (distance covered, who is on which space, who may be passed
freely). Pure reads of the Race; nothing here mutates it."""
from __future__ import annotations

from ..state import Car, Race
from ..track import Track, track as load_track
from .overtake import may_pass_freely
from .flags import passes_freely
from .optional_rules import street_race, walled
from .sequence import driver_sequence

GRID_LANES = (2, 3)           # our grid: two columns in the middle lanes ('Grid' choice)


def race_round(race: Race) -> int:
    """The round counted from the (re)start: 1 and 2 follow FGP 7.2 (no battles,
    DRS or slipstream OT); a red-flag restart starts again at 1 (FGP 13.10, A38)."""
    return race.round - race.start_round + 1


def track_of(race: Race) -> Track:
    """The race's track; on a street circuit with the option `street_circuit`
    every edge is a wall (FGP 15.2)."""
    # asked thousands of times a race: the race keeps the answer (Race.built,
    # not part of the position) with the track key and config it came from
    got = race.built
    if got[0] is race.track and got[1] is race.config:     # (state.UNBUILT: never)
        return got[2]
    trk = load_track(race.track)
    if street_race(race.config.options, trk.style):
        trk = walled(trk)
    race.built = (race.track, race.config, trk)       # one store: key and answer together
    return trk


def place_text(tile: int, lanes, index: int | None = None, count: int | None = None,
               pit_lane: bool = False) -> str:
    """A space as players find it on the board: its tile (the board's rows)
    and lane, and which of the lane's spaces on that tile when it has
    several (the terminal board draws them side by side)."""
    text = f"tile {tile}, lane {'/'.join(map(str, lanes))}"
    if count is not None and count > 1:
        text += f", space {index + 1} of {count}"
    return text + (" (pit lane)" if pit_lane else "")


def space_name(race: Race, space: int) -> str:
    """place_text of a space of the race's track."""
    sp = track_of(race).spaces[space]
    return place_text(sp.tile, sp.lanes, sp.index, sp.count, sp.pit_lane)


def place(race: Race, space: int) -> dict:
    """A track space as the log names it (its tile and lanes), written into
    the event when it happens: the log may be read after the race moved on
    to another circuit (FGP 14.1)."""
    return place_on(track_of(race), space)


def place_on(trk: Track, space: int) -> dict:
    """place on the race's track already at hand (every movement point)."""
    sp = trk.spaces[space]
    out = {"to": space, "tile": sp.tile, "lanes": list(sp.lanes)}
    if sp.count > 1:        # a lane of several spaces on the tile: which one
        out["index"], out["count"] = sp.index, sp.count
    if sp.pit_lane:
        out["pit_lane"] = True
    return out


def on_track(car: Car) -> bool:
    return car.space is not None


def positions(race: Race, exclude: int | None = None) -> dict[int, int]:
    """seat -> space of every car on a track space (not in the pit box, not
    off track)."""
    out = {}
    for c in race.cars:                 # (a loop: a comprehension would make exclude a cell)
        if c.space is not None and c.seat != exclude:
            out[c.seat] = c.space
    return out


def occupancy(race: Race, exclude: int | None = None) -> dict[int, int]:
    out: dict[int, int] = {}
    for s in positions(race, exclude).values():
        out[s] = out.get(s, 0) + 1
    return out


def cars_on(race: Race, space: int, exclude: int | None = None) -> int:
    """How many cars (but `exclude`) stand on `space`: one entry of
    `occupancy`, without counting every space."""
    n = 0                       # a loop, not sum() over a generator: asked every point
    for c in race.cars:
        if c.space == space and c.seat != exclude:
            n += 1
    return n


def tile_of(race: Race, car: Car) -> int | None:
    return tile_on(track_of(race), car)


def tile_on(trk: Track, car: Car) -> int | None:
    """tile_of on the race's track already at hand."""
    if car.space is not None:
        return trk.spaces[car.space].tile
    if car.off_spot:
        return car.off_spot[0]
    return None


def distance(race: Race, car: Car) -> float:
    """Tiles covered since the start, with the fraction along the tile: the
    order of the race (FGP 7.3.2, 12.2.2). Cars in the pit box count from the
    pit-exit tile."""
    return distance_on(track_of(race), car)


def distance_on(trk: Track, car: Car) -> float:
    """distance on the race's track already at hand (a pass over every car)."""
    n = trk.lap_tiles
    if car.space is not None:
        tile, frac = trk.progress(car.space)
    elif car.off_spot:
        tile, frac = car.off_spot[0], 0.0
    else:
        tile, frac = (trk.pit.exit_tile if trk.pit else 0), -0.5
    return car.laps * n + tile + frac


def running_order(race: Race) -> list[int]:
    """The cars by race position, front first (A212): laps and tiles covered,
    then on a shared tile the holder of the Race Leader token first (it keeps
    the lead until a car ends a round a whole tile ahead, FGP 13.3) and the
    others as FGP 7.3.2 ranks them (the inside lane of the next corner ahead,
    not the car further along its lane); cars in the pit box after the cars
    on their pit-exit tile, in pit-box order. Before the first car moves, the
    grid (FGP 7.2)."""
    cars = race.cars
    if race.round <= 1 and any(c.grid for c in cars) and not any(c.moved for c in cars):
        return sorted((c.seat for c in cars), key=lambda s: (cars[s].grid or len(cars) + 1, s))
    trk = track_of(race)
    n = trk.lap_tiles
    exit_tile = trk.pit.exit_tile if trk.pit else 0
    box_rank = {s: i for i, s in enumerate(race.pit_order)}
    groups: dict[float, list] = {}
    for c in cars:
        if c.space is not None:
            key, pos = c.laps * n + trk.spaces[c.space].tile, c.space
        elif c.off_track and c.off_spot:
            key, pos = c.laps * n + c.off_spot[0], tuple(c.off_spot)
        else:
            key, pos = c.laps * n + exit_tile - 0.5, None
        groups.setdefault(key, []).append((c.seat, pos))
    order: list[int] = []
    for key in sorted(groups, reverse=True):
        placed = {s: p for s, p in groups[key] if p is not None}
        if len(placed) > 1:
            first = race.leader if race.leader in placed else next(iter(placed))
            seq = driver_sequence(trk, placed, first,
                                  blue_flag=[s for s in placed if cars[s].laps_down],
                                  within_space=_within_space(race, placed),
                                  tie_order=race.sequence)
            if race.leader in placed:
                seq.remove(race.leader)
                seq.insert(0, race.leader)
        else:
            seq = list(placed)
        boxed = [s for s, p in groups[key] if p is None]
        order += seq + sorted(boxed, key=lambda s: (box_rank.get(s, len(cars)), s))
    return order


def whole_tiles(race: Race, car: Car) -> int:
    return whole_tiles_on(track_of(race), car)


def whole_tiles_on(trk: Track, car: Car) -> int:
    """whole_tiles on the race's track already at hand (a pass over every car)."""
    t = tile_on(trk, car)
    return car.laps * trk.lap_tiles + (t if t is not None else 0)


def in_yellow_zone(race: Race, tile: int | None) -> bool:
    """FGP 13.8.1: the tile lies from a yellow-flag tile up to (not including)
    its green-flag tile."""
    if tile is None or not race.yellow_flags:
        return False
    trk = track_of(race)
    n = trk.lap_tiles
    for z in race.yellow_flags:
        span = (z["green_tile"] - z["yellow_tile"]) % n
        if (tile - z["yellow_tile"]) % n < span:
            return True
    return False


def passable(race: Race, mover: Car, tiles=None, trk: Track | None = None) -> list[int]:
    """The cars the mover passes without a battle (FGP 9.1 and its cross
    references: rounds 1-2, spun/off-track cars, the pit-exit space,
    wheel-to-wheel partners (the cars it shared its tile with at the end of
    the last round, FGP 9.5; a position written without that record: every
    token holder), double blue flags, two failed lapping attempts).
    `tiles`: only the cars on these tiles, when the caller reads no other
    (move_steps.step_options: the tiles one point reaches). `trk`: the
    race's track, when the caller has it."""
    if trk is None:
        trk = track_of(race)
    spaces = trk.spaces
    exit_space = trk.pit.exit_space if trk.pit else None
    round_no = race_round(race)
    safety_car = race.safety_car is not None
    # the mover's side, read once (asked for every step into an occupied tile)
    me, w2w, w2w_with, laps_down = mover.seat, mover.w2w, mover.w2w_with, mover.laps_down
    out = []
    for c in race.cars:
        if c.seat == me or c.space is None:
            continue
        if tiles is not None and spaces[c.space].tile not in tiles:
            continue
        # (round_no, other_spun, other_off_track, other_on_pit_exit, both_w2w)
        free = may_pass_freely(
            round_no, c.spun, c.off_track, c.space == exit_space,
            bool(w2w and c.w2w) and (c.seat in w2w_with or not w2w_with),
        ) or passes_freely(laps_down, c.laps_down,
                           2 if c.attempts == 3 else 0,   # other_attempts: FGP 13.11.3
                           safety_car)
        if free:
            out.append(c.seat)
    return out


def near_tiles(trk: Track, space: int) -> frozenset | None:
    """The tiles whose cars the stop rule reads from `space` (FGP 9.1/9.2:
    a movement point, battle_targets): its own and those one point reaches;
    None where a move enters the pit lane or crosses the yellow line (every
    car is read then). Once a track (its memo; a walled street circuit has
    the same spaces and moves)."""
    got = trk._memo.get("near_tiles")
    return (got if got is not None else _near_tiles(trk))[space]


def _near_tiles(trk: Track) -> list:
    """near_tiles' table, worked out (apart: its cells are not made at every call)."""
    spaces = trk.spaces
    got = trk._memo["near_tiles"] = [
        None if any(m.crosses_yellow_line or spaces[m.to].pit_lane for m in trk.moves(sp.id))
        else frozenset(spaces[m.to].tile for m in trk.moves(sp.id)) | {sp.tile}
        for sp in spaces]
    return got


def _within_space(race: Race, placed: dict) -> dict[int, int]:
    """Rank of each car among the cars sharing its slipstream space, front
    first. FGP 8.3/8.5: a car entering an occupied slipstream space stops
    behind the cars there, so a car that has not moved yet this round was
    there before any car that has; among the rest, the car that moved
    earlier got there earlier (the round's sequence; A15 for a car that took
    its turn without leaving the space)."""
    by_space: dict[int, list[int]] = {}
    for seat, space in placed.items():
        by_space.setdefault(space, []).append(seat)
    out: dict[int, int] = {}
    shared = [seats for seats in by_space.values() if len(seats) > 1]
    if not shared:
        return out
    seq = {s: i for i, s in enumerate(race.sequence)}
    mv = race.move or {}
    mover, visited = mv.get("seat"), mv.get("visited", ())

    def arrived(seat: int) -> bool:
        car = race.cars[seat]
        return car.moved or (seat == mover and car.space in visited)
    for seats in shared:
        seats.sort(key=lambda s: (arrived(s), seq.get(s, len(seq)), s))
        out.update((s, i) for i, s in enumerate(seats))
    return out


def grid_spaces(trk: Track, n: int) -> list[int]:
    """Our grid (docs/rules/formulagp.md, choice 'Grid'): two cars a tile, in the middle lanes where they exist,
    pole on the last tile before the finish line, going back a tile for each
    row. Pit-lane and shadow-car spaces are never grid spaces. Worked out
    once a track and field size (every race start, each bot's plan)."""
    got = trk._memo.get(("grid", n))
    if got is None:
        got = trk._memo[("grid", n)] = tuple(_grid_spaces(trk, n))
    return list(got)


def _grid_spaces(trk: Track, n: int) -> list[int]:
    out: list[int] = []
    back = 1
    while len(out) < n and back <= trk.lap_tiles:
        tile = trk.tiles[trk.tile_ahead(0, -back)]
        row = []
        for lane in (*GRID_LANES, 1, 4):
            cands = [s for s in tile.lanes[lane - 1]
                     if not (trk.spaces[s].pit_lane or trk.spaces[s].shadow_car)
                     and s not in row]
            if cands:
                row.append(max(cands, key=lambda s: trk.spaces[s].index))
            if len(row) == 2:
                break
        out += row[:n - len(out)]
        back += 1
    if len(out) < n:
        raise ValueError(f"no room for a grid of {n} cars")
    return out
