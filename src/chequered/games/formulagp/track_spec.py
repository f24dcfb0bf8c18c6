"""The FormulaGP tile library and track file formats (FGP 2.1, 3.1, 8.4.2, 15.13).

pydantic models of content/tiles.toml and content/tracks/*.toml, validated as
they load; `track.py` builds the space graph from them.
"""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ...engine.protocol import BadInput

LANES = 4
GEARS = (2, 4, 6, 8)
OFF_TRACK = "off_track"
WALL = "wall"


class TrackError(BadInput):
    """A tile library or track file that cannot be used; names the file and field."""


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# ---- the tile library ---------------------------------------------------------
class SkidEnd(Strict):
    """Where the skid marks of a tricky corner end: the car shadow (FGP 8.7).
    It may lie on grass (an off-track spot) or on a space."""
    lane: int = Field(ge=1, le=LANES)
    next_tile: bool = False        # on the next movement-point tile instead of this one


class SpaceSpec(Strict):
    """One space of a lane on a tile (FGP 2.1.2)."""
    kerb: bool = False                       # FGP 2.1.1: part of the racing surface
    wall_left: bool = False                  # FGP 2.1.3: a wall along this edge
    wall_right: bool = False
    double: bool = False                     # spans this lane and the next lane right
    double_part: bool = False                # placeholder: the right half of a double
    slipstream: int = Field(default=0, ge=0, le=3)   # car shadows (FGP 8.5)
    skid: SkidEnd | None = None              # skid marks begin here (FGP 8.7)
    pit_lane: bool = False                   # the PIT LANE space of the pit entry (11.1)
    shadow_car: bool = False                 # where a car not pitting stops (11.1)
    pit_exit: bool = False                   # the Pit Lane space of the pit exit (11.3)

    @model_validator(mode="after")
    def _check(self):
        if self.double_part and (self.model_fields_set - {"double_part"}):
            raise ValueError("a double_part placeholder carries no other field "
                             "(put them on the double space in the lane to its left)")
        if sum((self.pit_lane, self.pit_exit, self.shadow_car)) > 1:
            raise ValueError("a space is at most one of pit_lane, pit_exit, shadow_car")
        return self


Feature = Literal["finish", "drs_start", "drs_end", "spacer"]


class TileSpec(Strict):
    """A track tile (FGP 2.1). `lanes` lists lanes 1..4, left to right; an empty
    lane is grass, paint or advertising (off track)."""
    id: str = Field(min_length=1)
    kind: Literal["straight", "curved", "feature"]
    turn: Literal["left", "right"] | None = None      # curved tiles, for drawing
    gear: Literal[2, 4, 6, 8] | None = None           # FGP 7.3.3.5: none means 8th
    no_pairs: bool = False                            # FGP 8.4.1
    tricky: bool = False                              # FGP 8.7
    feature: Feature | None = None                    # zero-MP tiles (FGP 2.1.2)
    walls: list[Literal["left", "right"]] = []        # FGP 2.1.3
    speed_limit: Literal["GREEN", "RED"] | None = None    # [ADV] FGP 8.4.2 printed icon
    note: str = ""
    lanes: list[list[SpaceSpec]] = []

    @model_validator(mode="after")
    def _check(self):
        if self.kind == "feature":
            if self.feature is None:
                raise ValueError(f"tile {self.id}: a feature tile needs `feature`")
            if any(self.lanes):
                raise ValueError(f"tile {self.id}: a feature tile costs no movement "
                                 "point and has no spaces")
            return self
        if self.feature is not None:
            raise ValueError(f"tile {self.id}: `feature` only on kind = \"feature\" tiles")
        if len(self.lanes) != LANES:
            raise ValueError(f"tile {self.id}: lanes must list exactly {LANES} lanes "
                             f"(got {len(self.lanes)})")
        if not any(self.lanes):
            raise ValueError(f"tile {self.id}: no lane has a space")
        if self.kind == "curved" and self.turn is None:
            raise ValueError(f"tile {self.id}: a curved tile needs `turn`")
        if self.kind == "straight" and self.turn is not None:
            raise ValueError(f"tile {self.id}: `turn` only on curved tiles")
        slip = any(s.slipstream for lane in self.lanes for s in lane)
        if slip and self.kind != "straight":
            raise ValueError(f"tile {self.id}: a tile with a slipstream space counts as a "
                             "straight (FGP 2.1); set kind = \"straight\"")
        if self.tricky != any(s.skid for lane in self.lanes for s in lane):
            raise ValueError(f"tile {self.id}: `tricky` must be set exactly when a space "
                             "has skid marks")
        for li, lane in enumerate(self.lanes):
            n = len(lane)
            for i, s in enumerate(lane):
                if s.double:
                    if li + 1 >= LANES:
                        raise ValueError(f"tile {self.id}: lane {li + 1} space {i + 1}: a "
                                         "double space needs a lane to its right")
                    right = self.lanes[li + 1]
                    m = len(right)
                    ok = [j for j, r in enumerate(right) if r.double_part
                          and j * n == i * m and (j + 1) * n == (i + 1) * m]
                    if not ok:
                        raise ValueError(
                            f"tile {self.id}: lane {li + 1} space {i + 1}: double space "
                            f"without a matching double_part in lane {li + 2}")
                if s.double_part:
                    left = self.lanes[li - 1] if li else []
                    m = len(left)
                    if not any(lf.double and j * n == i * m and (j + 1) * n == (i + 1) * m
                               for j, lf in enumerate(left)):
                        raise ValueError(f"tile {self.id}: lane {li + 1} space {i + 1}: "
                                         "double_part without a double space to its left")
        pits = [s for lane in self.lanes for s in lane if s.pit_lane or s.pit_exit]
        if len(pits) > 1:
            raise ValueError(f"tile {self.id}: at most one pit_lane or pit_exit space")
        if any(s.shadow_car for lane in self.lanes for s in lane) and not any(
                s.pit_lane for s in pits):
            raise ValueError(f"tile {self.id}: shadow_car belongs on the pit entry tile")
        return self

    @property
    def costs_mp(self) -> bool:
        return self.kind != "feature"


class Library(Strict):
    source: str
    tiles: list[TileSpec]

    @model_validator(mode="after")
    def _unique(self):
        seen: set[str] = set()
        for t in self.tiles:
            if t.id in seen:
                raise ValueError(f"tile id {t.id!r} appears twice")
            seen.add(t.id)
        return self

    def tile(self, tid: str) -> TileSpec:
        for t in self.tiles:
            if t.id == tid:
                return t
        raise KeyError(tid)

    @property
    def ids(self) -> list[str]:
        return [t.id for t in self.tiles]


# ---- track files --------------------------------------------------------------
class GearMarker(Strict):
    """[ADV] A GREEN or RED gear token placed at setup (FGP 3.1, 8.4.2)."""
    tile_no: int = Field(ge=1)                 # 1-based position in `tiles`
    colour: Literal["GREEN", "RED"]


class TrackSpec(Strict):
    key: str = Field(min_length=1)
    name: str
    style: Literal["fast", "twisty", "street", "other"] = "other"
    reconstruction: bool = True                # ours, not a published layout
    note: str = ""
    tiles: list[str] = Field(min_length=3)
    pit_boxes: int = Field(default=10, ge=1, le=12)    # FGP 2.1.4, 3.1
    treat_as_straight: list[int] = []          # 1-based; 8th gear token (FGP 2.1)
    gear_markers: list[GearMarker] = []        # [ADV]
    # FGP 15.13 (option overtake_mode): the DRS zone on the main straight (1-based
    # in the lap's order of zones) that serves as the control point
    overtake_zone: int | None = Field(default=None, ge=1)
