"""FormulaGP track tiles, tracks and the space graph (FGP 2.1, 3.1, 8, 11, 13.4, 18.1).

The rulebook describes what a tile can carry but not the printed tiles, so the
library in content/tiles.toml is our reconstruction (see
docs/content/formulagp-tracks.md). A track is a TOML file holding an ordered list
of tile ids; `build_track` turns it into a graph of numbered spaces.

Conventions (our choices where the rulebook is silent):

* Lanes are numbered 1..4 from left to right in the direction of travel.
* The spaces of a lane divide the tile's length evenly; two spaces in adjacent
  lanes are *alongside* each other when their stretches overlap.
* One movement point moves a car (FGP 8.3):
  - forward: to the next space of its lane (on this tile or the next tile that
    costs movement points); from a double-lane space to either of its lanes on
    the next tile, which is not a lane change (FGP 8.3);
  - laterally (a lane change): to a space of an adjacent lane alongside its own,
    on the same tile. There is no diagonal move ("moves to change the racing lane
    can only be lateral, never diagonal").
* Tiles with `feature` (finish line, DRS markers, spacers) cost no movement point
  and hold no spaces (FGP 2.1.2); they mark lines between the tiles around them.
* The finish line lies just before tile 0 of the built track: tiles are rotated
  so that the lap starts there, and spaces are numbered in lap order.
* Pit lane: the PIT LANE space of the pit entry tile is reached by moving forward
  in its lane; moving from it leads into the pit lane (no further movement point,
  FGP 11.1). A lateral move onto it crosses the yellow line (penalty, FGP 11.1).
  The pit exit space is only reached from the pit lane; leaving it laterally
  crosses the yellow line (FGP 11.3).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from pydantic import ValidationError

from ...engine.content import read_toml
# the file formats, re-exported: other modules import them from here
from .track_spec import (GEARS, LANES, OFF_TRACK, WALL, GearMarker, Library,  # noqa: F401
                         TileSpec, TrackError, TrackSpec)

CONTENT_DIR = Path(__file__).parent / "content"
TRACK_DIR = CONTENT_DIR / "tracks"
# Movement points of a BLUE card in 8th gear plus the best tyre bonus, used by the
# FGP 18.1 check "a BLUE card in 8th gear meets no speed limit". Our assumption;
# check_track takes the real figure from the player boards when given.
BLUE_8TH_MP = 10


# ---- the built graph ----------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Move:
    """One movement point's worth of movement from a space (FGP 8.3)."""
    to: int
    lane_change: bool            # a lateral move (tyre wear by card colour, FGP 4.3.1)
    crosses_yellow_line: bool = False     # FGP 11.1/11.3: a Penalty token
    crosses_finish: bool = False          # FGP 12.1


@dataclass(slots=True)
class Space:
    id: int
    tile: int                    # index of its movement-point tile in lap order
    lane: int                    # 1..4 (the left lane of a double space)
    lanes: tuple[int, ...]       # (lane,) or (lane, lane + 1) for a double space
    index: int                   # 0-based position in its lane on the tile
    count: int                   # spaces of its lane on the tile
    kerb: bool = False
    slipstream: int = 0          # car shadows: cars allowed = 1 + slipstream
    skid_to: tuple[int, int] | None = None    # (tile, lane) of the car shadow, FGP 8.7
    drs_zone: int | None = None  # 1-based
    pit_lane: bool = False
    shadow_car: bool = False
    pit_exit: bool = False
    forward: tuple[int, ...] = ()
    left: tuple[int, ...] = ()   # spaces alongside in the lane to the left
    right: tuple[int, ...] = ()
    edge_left: str | None = None     # when `left` is empty: "off_track" or "wall"
    edge_right: str | None = None
    # plain attributes, not properties, set when the space is built (its
    # place and shadows never change; read at every movement point):
    span: tuple[float, float] = field(init=False, repr=False, compare=False)
    capacity: int = field(init=False, repr=False, compare=False)   # cars allowed

    def __post_init__(self) -> None:
        self.span = (self.index / self.count, (self.index + 1) / self.count)
        self.capacity = 1 + self.slipstream

    @property
    def lateral(self) -> tuple[int, ...]:
        return self.left + self.right


@dataclass(slots=True)
class TrackTile:
    index: int                   # lap order, 0 = first tile after the finish line
    no: int                      # 1-based position in the track file's `tiles`
    spec: TileSpec
    straight: bool               # FGP 2.1 (slipstream tiles and 8th-gear tokens too)
    gear: int                    # printed gear, 8 when none (FGP 7.3.3.5)
    speed_limit: str | None      # [ADV] GREEN / RED (token overrides the print)
    drs_zone: int | None
    features_before: tuple[str, ...]   # zero-MP tiles between the previous tile and this
    lanes: tuple[tuple[int, ...], ...]  # space ids per lane 1..4 (doubles in both)

    @property
    def id(self) -> str:
        return self.spec.id

    @property
    def no_pairs(self) -> bool:
        return self.spec.no_pairs

    @property
    def tricky(self) -> bool:
        return self.spec.tricky

    @property
    def walls(self) -> tuple[str, ...]:
        return tuple(self.spec.walls)

    @property
    def spaces(self) -> tuple[int, ...]:
        return tuple(sorted({s for lane in self.lanes for s in lane}))


@dataclass(slots=True)
class PitLane:
    entry_space: int             # the PIT LANE space (FGP 11.1)
    shadow_car: int | None       # the shadow car space beside it
    exit_space: int              # the Pit Lane space on the exit tile (FGP 11.3)
    entry_tile: int
    exit_tile: int
    boxes: int                   # Pit Box tiles; box 0 is the closest to the exit


@dataclass
class Track:
    key: str
    name: str
    style: str
    tiles: list[TrackTile]
    spaces: list[Space]
    drs_zones: list[tuple[int, ...]]     # tile indices per zone, in order
    pit: PitLane | None
    source: str = "<built>"
    spec: TrackSpec | None = None
    _moves: list[tuple[Move, ...]] = field(default_factory=list, repr=False)
    # answers of pure questions about the graph, worked out once (pit_dead_end)
    _memo: dict = field(default_factory=dict, repr=False, compare=False)
    # movement-point tiles in a lap (FGP 18.1 counts these): a plain attribute,
    # not a property, as it is read thousands of times a race (the tiles of a
    # built track never change)
    lap_tiles: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.lap_tiles = len(self.tiles)

    # -- the questions rules ask --

    def moves(self, space: int) -> tuple[Move, ...]:
        """Every space one movement point takes a car from `space` (FGP 8.3),
        forward moves first. A move onto the PIT LANE space is forward; from there
        the car enters the pit lane (see `pit`) with no movement point."""
        return self._moves[space]

    def reachable(self, space: int) -> tuple[int, ...]:
        return tuple(m.to for m in self._moves[space])

    def tile_of(self, space: int) -> TrackTile:
        return self.tiles[self.spaces[space].tile]

    def tile_ahead(self, tile: int, n: int = 1) -> int:
        """Tile index n tiles ahead (negative: behind), wrapping round the lap
        (FGP 12.2.1 penalties, 13.9 Safety Car, 13.8 yellow flags count tiles)."""
        return (tile + n) % len(self.tiles)

    def spot_outcome(self, space: int, side: str) -> int | str:
        """Where a forced lane change to `side` ('left'/'right') puts a car
        (FGP 8.3.1, 13.4.1-13.4.4): the space alongside with most overlap (front
        one on a tie), else "off_track" or "wall"."""
        sp = self.spaces[space]
        cands = sp.left if side == "left" else sp.right
        if not cands:
            return sp.edge_left if side == "left" else sp.edge_right  # type: ignore
        a0, a1 = sp.span

        def overlap(sid: int) -> tuple[float, int]:
            b0, b1 = self.spaces[sid].span
            return (min(a1, b1) - max(a0, b0), self.spaces[sid].index)
        return max(cands, key=overlap)

    def rejoin_spaces(self, tile: int, lane: int) -> tuple[int, ...]:
        """The closest track spaces to an off-track spot (FGP 13.4.5.b): spaces
        of the nearest lane that has any on that tile (both sides on a tie)."""
        t = self.tiles[tile]
        for d in range(0, LANES):
            found: list[int] = []
            for ln in (lane - d, lane + d):
                if 1 <= ln <= LANES:
                    found += [s for s in t.lanes[ln - 1]
                              if not (self.spaces[s].pit_lane or self.spaces[s].pit_exit)]
            if found:
                return tuple(sorted(set(found)))
        return ()

    def progress(self, space: int) -> tuple[int, float]:
        """(tile, fraction along it) for ordering cars on track."""
        table = self._memo.get("progress")      # asked for every car after every turn
        if table is None:
            table = self._memo["progress"] = [(sp.tile, sp.span[0]) for sp in self.spaces]
        return table[space]


# ---- building -------------------------------------------------------------------
def pit_dead_end(trk: "Track", space: int, depth: int = 2) -> bool:
    """Every way forward from `space` ends in the pit lane (the pit-entry lane,
    or the space beside it that only leads there), `depth` tiles deep."""
    key = ("pit_dead_end", space, depth)
    got = trk._memo.get(key)
    if got is None:
        got = trk._memo[key] = _pit_dead_end(trk, space, depth)
    return got


def _pit_dead_end(trk: "Track", space: int, depth: int) -> bool:
    if trk.spaces[space].pit_lane:
        return True
    tile = trk.spaces[space].tile
    moves = trk.moves(space)
    ahead = [m.to for m in moves if trk.spaces[m.to].tile != tile]
    if not ahead:
        return False                       # a lane that merges: its lateral step goes on
    return all(trk.spaces[t].pit_lane or (depth > 0 and pit_dead_end(trk, t, depth - 1))
               for t in ahead) and any(trk.spaces[t].pit_lane for t in ahead) or (
        depth > 0 and all(pit_dead_end(trk, t, depth - 1) for t in ahead))


def build_track(tile_ids: list[str], library: Library, *, key: str = "track",
                name: str = "", style: str = "other",
                treat_as_straight: list[int] = (), gear_markers: list[GearMarker] = (),
                pit_boxes: int = 10, source: str = "<built>") -> Track:
    """The space graph of a closed track made of `tile_ids` in driving order.
    Raises TrackError naming `source` and the field for ids that are not in the
    library and for structural problems (no or several finish lines, DRS markers
    that do not pair, several pit entries or exits)."""
    specs: list[TileSpec] = []
    for i, tid in enumerate(tile_ids):
        try:
            specs.append(library.tile(tid))
        except KeyError:
            raise TrackError(f"{source}: track.tiles[{i}]: unknown tile id {tid!r}") from None
    for what, nos in (("treat_as_straight", list(treat_as_straight)),
                      ("gear_markers", [g.tile_no for g in gear_markers])):
        for j, no in enumerate(nos):
            if not 1 <= no <= len(specs) or not specs[no - 1].costs_mp:
                raise TrackError(f"{source}: track.{what}[{j}]: {no} is not the position of "
                                 "a movement-point tile in track.tiles (counting from 1)")
    finishes = [i for i, s in enumerate(specs) if s.feature == "finish"]
    if len(finishes) != 1:
        raise TrackError(f"{source}: track.tiles: exactly one finish-line tile needed "
                         f"(found {len(finishes)})")
    n_all = len(specs)
    order = [(finishes[0] + k) % n_all for k in range(n_all)]   # finish first
    # Walk the lap from the finish line: zero-MP tiles attach to the next MP tile.
    pending: list[str] = []
    mp_pos: list[int] = []            # positions (0-based in tile_ids) of MP tiles
    feats_before: list[tuple[str, ...]] = []
    for pos in order:
        s = specs[pos]
        if not s.costs_mp:
            pending.append(s.feature or "")
            continue
        mp_pos.append(pos)
        feats_before.append(tuple(pending))
        pending = []
    # DRS zones (FGP 8.6): the MP tiles after a drs_start marker up to the next
    # drs_end marker; a zone may run across the finish line.
    markers = [(pos, specs[pos].feature) for pos in range(n_all)
               if specs[pos].feature in ("drs_start", "drs_end")]
    zone_of_pos: dict[int, int] = {}
    if markers:
        kinds = [k for _, k in markers]
        for j, (pos, k) in enumerate(markers):
            if k == kinds[j - 1]:
                what = "start" if k == "drs_start" else "end"
                raise TrackError(f"{source}: track.tiles[{pos}]: DRS {what} marker "
                                 f"follows another DRS {what} marker (they must alternate)")
        first_start = min(pos for pos, k in markers if k == "drs_start")
        zone = 0
        in_zone = False
        for k in range(n_all):
            pos = (first_start + k) % n_all
            f = specs[pos].feature
            if f == "drs_start":
                zone, in_zone = zone + 1, True
            elif f == "drs_end":
                in_zone = False
            elif specs[pos].costs_mp and in_zone:
                zone_of_pos[pos] = zone
        # number the zones in lap order from the finish line
        seen: dict[int, int] = {}
        for pos in mp_pos:
            if pos in zone_of_pos and zone_of_pos[pos] not in seen:
                seen[zone_of_pos[pos]] = len(seen) + 1
        zone_of_pos = {p: seen[z] for p, z in zone_of_pos.items()}
    drs_state = [zone_of_pos.get(pos) for pos in mp_pos]
    if pending:      # zero-MP tiles after the last MP tile lie before the finish line
        feats_before[0] = tuple(pending) + feats_before[0]
    if not mp_pos:
        raise TrackError(f"{source}: track.tiles: no movement-point tile")
    marker_at = {g.tile_no - 1: g.colour for g in gear_markers}
    straight_at = {n - 1 for n in treat_as_straight}

    spaces: list[Space] = []
    tiles: list[TrackTile] = []
    for ti, pos in enumerate(mp_pos):
        spec = specs[pos]
        lane_ids: list[list[int]] = [[] for _ in range(LANES)]
        for li, lane in enumerate(spec.lanes):
            for i, ss in enumerate(lane):
                if ss.double_part:
                    continue
                sid = len(spaces)
                lanes = (li + 1, li + 2) if ss.double else (li + 1,)
                spaces.append(Space(
                    id=sid, tile=ti, lane=li + 1, lanes=lanes, index=i, count=len(lane),
                    kerb=ss.kerb, slipstream=ss.slipstream, drs_zone=drs_state[ti],
                    pit_lane=ss.pit_lane, shadow_car=ss.shadow_car, pit_exit=ss.pit_exit))
                lane_ids[li].append(sid)
        for li, lane in enumerate(spec.lanes):     # the right halves of doubles
            for i, ss in enumerate(lane):
                if ss.double_part:
                    left = lane_ids[li - 1]
                    m, n = len(spec.lanes[li - 1]), len(lane)
                    j = next(j for j, sid in enumerate(left) if spaces[sid].index * n == i * m
                             and len(spaces[sid].lanes) == 2)
                    lane_ids[li].insert(i, left[j])
        tiles.append(TrackTile(
            index=ti, no=pos + 1, spec=spec,
            straight=spec.kind == "straight" or pos in straight_at,
            gear=spec.gear or 8, speed_limit=marker_at.get(pos, spec.speed_limit),
            drs_zone=drs_state[ti], features_before=feats_before[ti],
            lanes=tuple(tuple(x) for x in lane_ids)))

    n_tiles = len(tiles)
    specs_of = {sp.id: tiles[sp.tile].spec.lanes[sp.lane - 1][sp.index] for sp in spaces}
    for sp in spaces:
        t = tiles[sp.tile]
        nxt = tiles[(sp.tile + 1) % n_tiles]
        fwd: list[int] = []
        if sp.pit_lane:
            pass                                   # into the pit lane, FGP 11.1
        else:
            for ln in sp.lanes:
                ids = t.lanes[ln - 1]
                k = ids.index(sp.id)
                if k + 1 < len(ids):
                    fwd.append(ids[k + 1])
                elif nxt.lanes[ln - 1]:
                    fwd.append(nxt.lanes[ln - 1][0])
            fwd = [f for f in dict.fromkeys(fwd) if f != sp.id
                   and not spaces[f].pit_exit]     # the exit space is reached from the pits
        sp.forward = tuple(fwd)
        a0, a1 = sp.span
        ss = specs_of[sp.id]
        for side, ln in (("left", min(sp.lanes) - 1), ("right", max(sp.lanes) + 1)):
            alongside: list[int] = []
            if 1 <= ln <= LANES:
                for sid in dict.fromkeys(t.lanes[ln - 1]):
                    o = spaces[sid]
                    # a double's span is measured in the lane being looked at
                    k = t.lanes[ln - 1].index(sid)
                    n = len(t.lanes[ln - 1])
                    b0, b1 = k / n, (k + 1) / n
                    if min(a1, b1) - max(a0, b0) > 1e-9 and not o.pit_exit:
                        alongside.append(sid)
            wall = (side in t.spec.walls or (ss.wall_left if side == "left" else ss.wall_right))
            edge = None if alongside else (WALL if wall else OFF_TRACK)
            if side == "left":
                sp.left, sp.edge_left = tuple(alongside), edge
            else:
                sp.right, sp.edge_right = tuple(alongside), edge
        if ss.skid is not None:
            sp.skid_to = ((sp.tile + (1 if ss.skid.next_tile else 0)) % n_tiles, ss.skid.lane)

    moves: list[tuple[Move, ...]] = []
    for sp in spaces:
        ms = [Move(f, False, crosses_finish=spaces[f].tile == 0 and sp.tile == n_tiles - 1)
              for f in sp.forward]
        for f in sp.lateral:
            yellow = sp.pit_exit or spaces[f].pit_lane or sp.pit_lane
            ms.append(Move(f, True, crosses_yellow_line=yellow))
        moves.append(tuple(ms))

    zones: dict[int, list[int]] = {}
    for t in tiles:
        if t.drs_zone:
            zones.setdefault(t.drs_zone, []).append(t.index)
    entries = [s.id for s in spaces if s.pit_lane]
    exits = [s.id for s in spaces if s.pit_exit]
    if len(entries) > 1 or len(exits) > 1:
        raise TrackError(f"{source}: track.tiles: at most one pit entry and one pit exit "
                         f"tile (found {len(entries)} and {len(exits)})")
    pit = None
    if entries and exits:
        e = spaces[entries[0]]
        shadow = next((s for s in tiles[e.tile].spaces if spaces[s].shadow_car), None)
        pit = PitLane(entry_space=e.id, shadow_car=shadow, exit_space=exits[0],
                      entry_tile=e.tile, exit_tile=spaces[exits[0]].tile, boxes=pit_boxes)
    elif entries or exits:
        raise TrackError(f"{source}: track.tiles: a pit entry tile needs a pit exit tile "
                         "and the other way round")
    return Track(key=key, name=name or key, style=style, tiles=tiles, spaces=spaces,
                 drs_zones=[tuple(zones[k]) for k in sorted(zones)], pit=pit,
                 source=source, _moves=moves)


# ---- loading --------------------------------------------------------------------
def _read(path: Path) -> dict:
    return read_toml(path, TrackError)


def _where(doc: dict, loc: tuple) -> str:
    """A pydantic error location as a field path, naming tiles by id."""
    out = ""
    node = doc
    for step in loc:
        if isinstance(step, int):
            item = node[step] if isinstance(node, list) and 0 <= step < len(node) else None
            tid = item.get("id") if isinstance(item, dict) else None
            out += f"[{tid}]" if isinstance(tid, str) and out == "tiles" else f"[{step}]"
            node = item
        else:
            out += ("." if out else "") + str(step)
            node = node.get(step) if isinstance(node, dict) else None
    return out


def _describe(path: Path, doc: dict, exc: ValidationError, prefix: tuple = ()) -> str:
    errs = exc.errors()
    err = next((e for e in errs if e.get("type") == "extra_forbidden"), errs[0])
    more = f" (and {len(errs) - 1} more)" if len(errs) > 1 else ""
    where = _where(doc, prefix + tuple(err.get("loc", ())))
    msg = str(err.get("msg", "")).removeprefix("Value error, ")
    return f"{path}: {where or '(file)'}: {msg}{more}"


def load_library(path: str | Path | None = None) -> Library:
    """Read and validate a tile library (default: content/tiles.toml)."""
    p = Path(path) if path else CONTENT_DIR / "tiles.toml"
    return _load_library(str(p))


@lru_cache(maxsize=8)
def _load_library(p: str) -> Library:
    path = Path(p)
    doc = _read(path)
    try:
        return Library.model_validate(doc)
    except ValidationError as exc:
        raise TrackError(_describe(path, doc, exc)) from None


def load_track(path: str | Path, library: Library | None = None) -> Track:
    """Read, validate and build a track file (a `[track]` table)."""
    path = Path(path)
    doc = _read(path)
    unknown = sorted(set(doc) - {"track"})
    if unknown:
        raise TrackError(f"{path}: unknown top-level key(s) {', '.join(unknown)}; "
                         "expected only [track]")
    if "track" not in doc:
        raise TrackError(f"{path}: missing the [track] table")
    try:
        spec = TrackSpec.model_validate(doc["track"])
    except ValidationError as exc:
        raise TrackError(_describe(path, doc, exc, ("track",))) from None
    lib = library or load_library()
    tr = build_track(spec.tiles, lib, key=spec.key, name=spec.name, style=spec.style,
                     treat_as_straight=spec.treat_as_straight,
                     gear_markers=spec.gear_markers, pit_boxes=spec.pit_boxes,
                     source=str(path))
    if spec.overtake_zone is not None and spec.overtake_zone > len(tr.drs_zones):
        raise TrackError(f"{path}: track.overtake_zone: {spec.overtake_zone} but the track "
                         f"has {len(tr.drs_zones)} DRS zone(s)")
    tr.spec = spec
    return tr


def track_keys(directory: str | Path | None = None) -> list[str]:
    if directory:
        return _listed(Path(directory))
    # the shipped tracks, asked at every new race: their listing is kept while
    # the directory is unchanged (a file added or removed changes its time)
    stamp = TRACK_DIR.stat().st_mtime_ns
    last = _SHIPPED[0]
    if last is None or last[0] != stamp:
        last = _SHIPPED[0] = (stamp, tuple(_listed(TRACK_DIR)))  # one store: time and keys
    return list(last[1])


def _listed(d: Path) -> list[str]:
    return sorted(p.stem for p in d.glob("*.toml"))


_SHIPPED: list = [None]                 # the last (modification time, keys) of TRACK_DIR


@lru_cache(maxsize=16)
def track(key: str, directory: str | None = None) -> Track:
    """A shipped (or user) track by key; built once and cached: treat as read-only."""
    d = Path(directory) if directory else TRACK_DIR
    p = d / f"{key}.toml"
    if not p.is_file():
        raise TrackError(f"unknown FormulaGP track {key!r}; choose from "
                         f"{', '.join(track_keys(d)) or '(none)'}")
    lib = None if directory is None or not (Path(directory).parent / "tiles.toml").is_file() \
        else load_library(Path(directory).parent / "tiles.toml")
    return load_track(p, lib)
