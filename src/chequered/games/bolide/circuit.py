"""Bolide circuits: the hand-editable `.track` format, its validation, and the
facts the rules need precomputed (BOLIDE 1-3, 9; the circuit boards).

A `.track` file is TOML, then ASCII layers, each introduced by a line
`--- <layer>`:

    name = "Our fast ring"          # TOML: facts about the circuit
    ...
    --- surface                     # one character per grid point
    --- sectors                     # the sector letter of every usable point

Surface characters:  '.' track   ':' kerb   ',' run-off (a black-line point
off the track: a car forced off may stop there)   '#' or ' ' forbidden (a
white-row point or off the board: a car forced there crashes).
Sector characters: 'a', 'b', ... in race order on every track, kerb and
run-off point; '#' or ' ' elsewhere. The finish line is the boundary into
sector 'a' (touching it = standing on a point of sector 'a' having come from
the last sector); the intermediate line (1/2 GP) is the boundary into the
sector named by `intermediate`.

Errors name the file, the line and the column.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from ...engine.protocol import BadInput
from .geometry import DIRS, Surface

TRACK, KERB, RUNOFF, FORBIDDEN = ".", ":", ",", "#"
SURFACE_CHARS = {".": TRACK, ":": KERB, ",": RUNOFF, "#": FORBIDDEN, " ": FORBIDDEN}
CIRCUIT_DIR = Path(__file__).parent / "content" / "circuits"


class TrackError(BadInput):
    """A problem in a .track file, naming the file, line and column."""


class PitModel(BaseModel):
    model_config = ConfigDict(extra="forbid")
    entry: list[tuple[int, int]] = Field(min_length=2, max_length=2)   # Pit Lane In red line
    exit: list[tuple[int, int]] = Field(min_length=1)                  # Pit Lane Out points
    squares: list[tuple[int, int]] = Field(min_length=2)               # numbered squares, in order
    stop: int = Field(ge=1)            # Pit Stop cell (tyres; also repairs)
    full_fuel: int = Field(ge=1)       # Full Fuel cell (repairs)
    half_fuel: int = Field(ge=1)       # 1/2 Fuel cell (fuel; also pit stop and repairs)
    speed_limit: int | None = Field(default=None, ge=1)


class CircuitMeta(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str
    ours: bool = True                  # our reconstruction, not a published board
    laps: int = Field(default=2, ge=1)
    rain_risk: int = Field(ge=0, le=12)
    arrows: dict[str, str]             # sector letter -> red arrow (N, NE, E, ...)
    intermediate: str                  # the sector that the 1/2 GP line opens
    grid: list[tuple[int, int]] = Field(min_length=2)   # red squares, pole first
    pit: PitModel | None = None
    description: str = ""

    @field_validator("arrows")
    @classmethod
    def _arrows(cls, v):
        for k, d in v.items():
            if d not in DIRS:
                raise ValueError(f"sector {k!r}: arrow {d!r} is not one of {', '.join(DIRS)}")
        return v


@dataclass
class Circuit:
    key: str
    path: str
    meta: CircuitMeta
    width: int
    height: int
    kind: list[list[str]]              # [y][x] TRACK / KERB / RUNOFF / FORBIDDEN
    sector: list[list[int]]            # [y][x] sector index, -1 where none
    sector_names: list[str]
    surface: Surface = field(repr=False)
    # (x, y, vx, vy) -> on-track pawn arrivals of an empty track, filled on use
    # (DESIGN: legal-move tables per point and velocity).
    move_table: dict = field(default_factory=dict, repr=False)
    # a running car's options per key and occupied points (rules/reach.py)
    reach_memo: dict = field(default_factory=lambda: {"python": {}, "numba": {}}, repr=False)
    bot_tables: dict = field(default_factory=dict, repr=False)   # bots.py, per bot plan
    n_sectors: int = field(init=False, default=0)
    intermediate: int = field(init=False, default=0)
    arrows: list = field(init=False, default_factory=list, repr=False)   # per sector

    # ---- point facts ---------------------------------------------------
    def kind_at(self, x: int, y: int) -> str:
        if 0 <= x < self.width and 0 <= y < self.height:
            return self.kind[y][x]
        return FORBIDDEN

    def drivable(self, x: int, y: int) -> bool:
        return self.surface.point(x, y)

    def sector_at(self, x: int, y: int) -> int:
        if 0 <= x < self.width and 0 <= y < self.height:
            return self.sector[y][x]
        return -1

    def arrow(self, sector: int) -> tuple[int, int]:
        return self.arrows[sector]

    def __post_init__(self):
        # Read on every move: plain attributes, not properties.
        self.n_sectors = len(self.sector_names)
        self.arrows = [DIRS[self.meta.arrows[name]] for name in self.sector_names]
        self.intermediate = (self.sector_names.index(self.meta.intermediate)
                             if self.meta.intermediate in self.sector_names else -1)


# ---- parsing ----------------------------------------------------------------
def parse_track(text: str, path: str = "<track>", key: str | None = None,
                strict: bool = True) -> Circuit:
    """Parse a .track text. With `strict=False` the header's points (grid,
    pit exit, pit cells) are not checked here: check_track reports them as
    problems together with the rest."""
    lines = text.split("\n")
    toml_lines: list[str] = []
    layers: dict[str, tuple[int, list[str]]] = {}
    current = None
    for i, line in enumerate(lines, start=1):
        if line.startswith("--- "):
            current = line[4:].strip()
            if current in layers:
                raise TrackError(f"{path}:{i}:1: layer '{current}' given twice")
            if current not in ("surface", "sectors"):
                raise TrackError(f"{path}:{i}:5: unknown layer '{current}' "
                                 "(expected surface or sectors)")
            layers[current] = (i + 1, [])
        elif current is None:
            toml_lines.append(line)
        else:
            layers[current][1].append(line)
    try:
        doc = tomllib.loads("\n".join(toml_lines))
    except tomllib.TOMLDecodeError as exc:
        raise TrackError(f"{path}: {exc}") from None
    try:
        meta = CircuitMeta(**doc)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err.get("loc", ())) or "(header)"
        raise TrackError(f"{path}: {where}: {err.get('msg')}") from None
    for name in ("surface", "sectors"):
        if name not in layers:
            raise TrackError(f"{path}: missing layer '--- {name}'")
    s_first, s_rows = layers["surface"]
    c_first, c_rows = layers["sectors"]
    s_rows = _trim(s_rows)
    c_rows = _trim(c_rows)
    height = len(s_rows)
    width = max((len(r) for r in s_rows), default=0)
    if height == 0 or width == 0:
        raise TrackError(f"{path}:{s_first}:1: the surface layer is empty")
    if len(c_rows) != height:
        raise TrackError(f"{path}:{c_first}:1: the sectors layer has {len(c_rows)} rows, "
                         f"the surface {height}")
    kind = []
    for y, row in enumerate(s_rows):
        out = []
        for x in range(width):
            ch = row[x] if x < len(row) else " "
            if ch not in SURFACE_CHARS:
                raise TrackError(f"{path}:{s_first + y}:{x + 1}: unknown surface "
                                 f"character {ch!r} (use . : , # or space)")
            out.append(SURFACE_CHARS[ch])
        kind.append(out)
    names = sorted(meta.arrows)
    if not names or names != [chr(ord("a") + i) for i in range(len(names))]:
        raise TrackError(f"{path}: arrows must name sectors a, b, c, ... in order")
    index = {n: i for i, n in enumerate(names)}
    sector = []
    for y, row in enumerate(c_rows):
        out = []
        for x in range(width):
            ch = row[x] if x < len(row) else " "
            usable = kind[y][x] != FORBIDDEN
            if ch in "# ":
                if usable:
                    raise TrackError(f"{path}:{c_first + y}:{x + 1}: this point is "
                                     f"{_kind_name(kind[y][x])} but has no sector letter")
                out.append(-1)
            elif ch in index:
                if not usable:
                    raise TrackError(f"{path}:{c_first + y}:{x + 1}: sector {ch!r} on a "
                                     "forbidden point")
                out.append(index[ch])
            else:
                raise TrackError(f"{path}:{c_first + y}:{x + 1}: {ch!r} is not a sector "
                                 f"with an arrow (sectors: {''.join(names)})")
        sector.append(out)
    if meta.intermediate not in index or meta.intermediate == "a":
        raise TrackError(f"{path}: intermediate must name a sector after 'a'")
    surface = Surface(width, height, lambda x, y: kind[y][x] in (TRACK, KERB))
    circuit = Circuit(key or Path(path).stem, path, meta, width, height, kind, sector,
                      names, surface)
    if strict:
        _check_points(circuit)
    return circuit


def _trim(rows: list[str]) -> list[str]:
    rows = [r.rstrip("\r") for r in rows]
    while rows and not rows[-1].strip():
        rows.pop()
    return rows


def _kind_name(k: str) -> str:
    return {TRACK: "track", KERB: "kerb", RUNOFF: "run-off", FORBIDDEN: "forbidden"}[k]


def _check_points(c: Circuit) -> None:
    """Points named in the header must be where they make sense."""
    for i, (x, y) in enumerate(c.meta.grid, start=1):
        if not c.drivable(x, y):
            raise TrackError(f"{c.path}: grid slot {i} at ({x}, {y}) is "
                             f"{_kind_name(c.kind_at(x, y))}, not track")
    if len(set(c.meta.grid)) != len(c.meta.grid):
        raise TrackError(f"{c.path}: two grid slots share a point")
    pit = c.meta.pit
    if pit is not None:
        for x, y in pit.exit:
            if not c.drivable(x, y):
                raise TrackError(f"{c.path}: pit exit point ({x}, {y}) is not track")
        n = len(pit.squares)
        for name in ("stop", "full_fuel", "half_fuel"):
            if getattr(pit, name) > n:
                raise TrackError(f"{c.path}: pit.{name} = {getattr(pit, name)} but the "
                                 f"pit lane has {n} squares")


def load_track(path: str | Path, strict: bool = True) -> Circuit:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise BadInput(f"{path}: no such track file") from None
    except UnicodeDecodeError as exc:
        raise BadInput(f"{path}: not a text file ({exc})") from None
    return parse_track(text, str(path), path.stem, strict)


def circuit_keys(directory: str | None = None) -> list[str]:
    base = Path(directory) if directory else CIRCUIT_DIR
    return sorted(p.stem for p in base.glob("*.track"))


@lru_cache(maxsize=32)
def circuit(key: str, directory: str | None = None) -> Circuit:
    base = Path(directory) if directory else CIRCUIT_DIR
    path = base / f"{key}.track"
    if not path.exists():
        raise BadInput(f"unknown Bolide circuit {key!r}; choose from "
                       f"{', '.join(circuit_keys(directory)) or '(none)'}")
    return load_track(path)


def content_version(config=None) -> str:
    """A short hash of the circuits a race loads (the `.track` files of the
    config's content folder, or the shipped ones): records carry it, so a
    replay on changed circuits is known to differ."""
    import hashlib
    if config is None:
        base, keys = CIRCUIT_DIR, circuit_keys()
    else:
        base = Path(config.content) if config.content else CIRCUIT_DIR
        keys = sorted(set(config.season or [config.track]))
    h = hashlib.sha256()
    for key in keys:
        path = base / f"{key}.track"
        h.update(key.encode() + b"\0")
        try:
            h.update(path.read_bytes())
        except OSError:
            h.update(b"(missing)")
        h.update(b"\0")
    return h.hexdigest()[:12]
