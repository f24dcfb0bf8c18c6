"""The drivers' turn sequence of a round (FGP 7.3.2).

Pure functions over the track graph: the caller passes where each car is and a
few flags; nothing here holds game state.

Our reading of FGP 7.3.2 (see docs/design/formulagp-digest.md, A15-A17):

* Tiles are walked from the race leader's tile backwards round the circuit
  (track position, not laps). Every car on a tile moves before every car on a
  tile behind it.
* On a shared tile the reference corner is the tile itself when it is a corner,
  else the next corner ahead. Cars are ranked by how far their lane is from the
  inside edge of that corner (lanes 1..4 from the left, so the inside of a right
  turn is lane 4 and of a left turn lane 1). A double-lane space counts as its
  lane nearer the inside.
* A car whose lane ends before the reference corner (no forward path to it
  without a lane change) goes after the cars whose lanes continue. On a corner
  tile, "ends" means no forward path off the corner tile.
* The lane counts, not the space: between lanes, progress along the tile is
  ignored. Within one lane the car further ahead goes first.
* Cars sharing a slipstream space are in that space's lane (A15): the car in
  front, then the shadows front to back (`within_space`, 0 = the front car). The
  same key orders cars on the pit-exit space by their pit-exit rolls (FGP 11.2).
* Blue-flag (lapped) cars go after the other cars of their tile (FGP 13.11).
* Spun or off-track cars are left out of the walk and move after all others,
  in their own normal order (FGP 13.4.5).
* Ties that the rules leave open (two cars in one lane and one space without a
  `within_space` rank, a double space level with a single lane) are broken by
  `tie_order` (e.g. the previous round's sequence), then by the order of
  `positions`.
* Tiles that count as straight (slipstream tiles, curves with an 8th-gear token,
  `TrackTile.straight`) are not corners for this rule.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from ..track import LANES, Track

# An off-track car has no space: its spot is (tile, lane) (FGP 13.4.3).
Position = int | tuple[int, int]


@dataclass(slots=True, unsafe_hash=True)
class SeqKey:
    """Why a car sits where it does in the sequence (for tests and display)."""
    car: str
    late: bool              # spun / off track: after everyone (FGP 13.4.5)
    tiles_behind: int       # tiles behind the leader's tile
    blue_flag: bool
    lane_ends: bool
    lane_rank: int          # 0 = inside lane of the reference corner
    progress: float         # fraction along the tile (higher = further ahead)
    within_space: int
    tie: int


def reference_corner(track: Track, tile: int) -> int | None:
    """The corner a tile's cars are ordered by (FGP 7.3.2): the tile itself if it
    is a corner, else the next corner ahead; None on a track without corners."""
    n = len(track.tiles)
    for k in range(n):
        t = track.tiles[(tile + k) % n]
        if not t.straight and t.spec.turn is not None:
            return t.index
    return None


def inside_lane(track: Track, corner: int) -> int:
    """The inside lane number of a corner tile: 4 for a right turn, 1 for a left."""
    return LANES if track.tiles[corner].spec.turn == "right" else 1


def lane_rank(track: Track, space: int, corner: int | None) -> int:
    """Distance in lanes from the inside edge of `corner` (0 = inside lane)."""
    if corner is None:
        return 0
    inside = inside_lane(track, corner)
    return min(abs(inside - ln) for ln in track.spaces[space].lanes)


def lane_ends(track: Track, space: int, corner: int | None) -> bool:
    """True when the car's lane has no forward path (no lane change) to the
    reference corner; on the corner tile itself, no forward path off it."""
    if corner is None:
        return False
    sp = track.spaces[space]
    n = len(track.tiles)
    target = track.tile_ahead(corner, 1) if corner == sp.tile else corner
    need = (target - sp.tile) % n
    seen = {space}
    todo = [space]
    while todo:
        for f in track.spaces[todo.pop()].forward:
            off = (track.spaces[f].tile - sp.tile) % n
            if off == need:
                return False
            if f not in seen and off < need:
                seen.add(f)
                todo.append(f)
    return True


def _tile_of(track: Track, pos: Position) -> int:
    return pos[0] if isinstance(pos, tuple) else track.spaces[pos].tile


def sequence_keys(track: Track, positions: Mapping[str, Position], leader: str, *,
                  late: Iterable[str] = (), blue_flag: Iterable[str] = (),
                  within_space: Mapping[str, int] | None = None,
                  tie_order: Sequence[str] = ()) -> list[SeqKey]:
    """The sort key of every car, in sequence order (see the module notes).

    positions: car -> space id, or (tile, lane) for a car off track.
    leader: the race leader (the walk starts on its tile).
    late: spun or off-track cars (they move after all others).
    within_space: rank of a car among the cars sharing its space (0 = front).
    tie_order: cars in a preferred order for ties the rules leave open.
    """
    return [SeqKey(car, late, behind, blue, ends, rank, -minus_progress, within, tie)
            for late, (behind, blue, ends, rank, minus_progress, within, tie), car
            in _sorted_rows(track, positions, leader, late, blue_flag, within_space, tie_order)]


def _sorted_rows(track: Track, positions: Mapping[str, Position], leader: str,
                 late: Iterable[str], blue_flag: Iterable[str],
                 within_space: Mapping[str, int] | None, tie_order: Sequence[str]) -> list:
    """(late, (tiles_behind, blue_flag, lane_ends, lane_rank, -progress,
    within_space, tie), car) of every car, in sequence order (the late cars
    after the others): sequence_keys' fields, as tuples sorted once (the
    tie ranks differ from car to car, so no two rows compare equal)."""
    if leader not in positions:
        raise KeyError(f"race leader {leader!r} has no position")
    late = set(late)
    blue = set(blue_flag)
    within = dict(within_space or {})
    n = len(track.tiles)
    lead_tile = _tile_of(track, positions[leader])
    tie_rank = {c: i for i, c in enumerate(tie_order)}
    ties = len(tie_rank)
    rows = []
    for i, (car, pos) in enumerate(positions.items()):
        if isinstance(pos, tuple):            # off track: its spot's lane, no path
            tile = pos[0]
            corner = reference_corner(track, tile)
            rank = 0 if corner is None else abs(inside_lane(track, corner) - pos[1])
            ends, progress = True, 0.0
        else:
            sp = track.spaces[pos]
            tile = sp.tile
            rank, ends = _space_order(track, pos)
            progress = sp.span[0]
        rows.append((car in late, ((lead_tile - tile) % n, car in blue, ends, rank, -progress,
                                   within.get(car, 0), tie_rank.get(car, ties + i)), car))
    rows.sort()
    return rows


def _space_order(track: Track, space: int) -> tuple[int, bool]:
    """(lane_rank, lane_ends) of a space towards its reference corner: facts
    of the track graph, worked out once per space (the memo is shared with a
    walled street circuit, whose graph is the same)."""
    memo = track._memo.setdefault("space_order", {})
    got = memo.get(space)
    if got is None:
        corner = reference_corner(track, track.spaces[space].tile)
        got = memo[space] = (lane_rank(track, space, corner), lane_ends(track, space, corner))
    return got


def driver_sequence(track: Track, positions: Mapping[str, Position], leader: str, *,
                    late: Iterable[str] = (), blue_flag: Iterable[str] = (),
                    within_space: Mapping[str, int] | None = None,
                    tie_order: Sequence[str] = ()) -> list[str]:
    """The cars in turn order for the round (FGP 7.3.2); keywords as
    `sequence_keys` (the order alone: no SeqKey made)."""
    return [row[2] for row in _sorted_rows(track, positions, leader, late, blue_flag,
                                           within_space, tie_order)]


def leader_by_position(track: Track, positions: Mapping[str, int],
                       laps: Mapping[str, int] | None = None) -> str:
    """The car furthest round the circuit (laps first, then tile, then progress),
    for callers without a race-leader token (e.g. tests and round 3)."""
    laps = laps or {}
    return max(positions, key=lambda c: (laps.get(c, 0),
                                         *track.progress(positions[c])))
