"""Player boards (FGP 5.1.1, 7.3.3.5, 8.1, 8.8, 9.2, 10.1, 4.13): the speed
table, OT, ERS, tyre tokens and wear track, the car characteristic."""
from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from .schema import *  # noqa: F401,F403  (the shared vocabularies)
from .schema import GEARS, PACES, Pace, Strict

# =========================================================================
# Player boards (FGP 5.1.1, 7.3.3.5, 8.1, 8.8, 9.2, 10.1, 4.13)
# =========================================================================
# id(BoardSide) -> (side, {(tyre, position): state, (tyre, position, "bonus"): bonus})
_TYRE_STATES: dict = {}
_SPEEDS: dict = {}                # id(SpeedTable) -> (table, {(gear, pace): mp})


class PaceRow(Strict):
    """Movement points of one gear at each race pace (FGP 8.1)."""
    green: int = Field(ge=0, le=12)
    red: int = Field(ge=0, le=12)
    blue: int = Field(ge=0, le=12)

    def at(self, pace: str) -> int:
        return getattr(self, pace)


class SpeedTable(Strict):
    """The speed display of a player board: gear x pace -> movement points."""
    gear2: PaceRow
    gear4: PaceRow
    gear6: PaceRow
    gear8: PaceRow

    def mp(self, gear: int, pace: str) -> int:
        hit = _SPEEDS.get(id(self))           # read at every play: the table once a board
        if hit is None or hit[0] is not self:
            hit = _SPEEDS[id(self)] = (self, self._table())
        got = hit[1].get((gear, pace))
        if got is None:
            if gear not in GEARS:
                raise ValueError(f"no gear {gear}; gears are {GEARS}")
            return getattr(self, f"gear{gear}").at(pace)
        return got

    def _table(self) -> dict:
        """(gear, pace) -> points, for mp (apart: a comprehension's cells
        would be made at every call of mp)."""
        return {(g, p): getattr(self, f"gear{g}").at(p) for g in GEARS for p in PACES}

    @model_validator(mode="after")
    def _monotone(self):
        for g in GEARS:
            row = getattr(self, f"gear{g}")
            # FGP 8.2 pairs: GREEN+GREEN gives RED pace, RED+RED gives BLUE
            # pace; a pair is only worth a YELLOW die if the pace is faster.
            if not row.green < row.red < row.blue:
                raise ValueError(f"gear{g}: needs green < red < blue")
        for p in PACES:
            vals = [self.mp(g, p) for g in GEARS]
            if vals != sorted(vals):
                raise ValueError(f"{p}: movement points must not drop in a higher gear")
        return self


class TyreToken(Strict):
    """A tyre bonus token: the fresh side and the lesser (degraded) side."""
    fresh: int = Field(ge=0, le=6)
    degraded: int = Field(ge=0, le=6)

    @model_validator(mode="after")
    def _order(self):
        if self.degraded >= self.fresh:
            raise ValueError("degraded side must be lower than the fresh side")
        return self


class TyreTokens(Strict):
    soft: TyreToken
    medium: TyreToken
    hard: TyreToken
    wet: TyreToken                  # [ADV] 10.2; its lesser side is the '+1' side


# FGP 10.1: the icons printed on the tyre-wear track.
TyreIcon = Literal[
    "none",                # no effect
    "degrade_soft_medium",  # Soft/Medium degraded: flip the tyre bonus token
    "degrade_hard_wet",     # Hard/Wet degraded: flip the token
    "worn_soft",            # Soft worn out: remove the token, no tyre-wear extensions
    "worn_medium",          # Medium worn out
    "worn_soft_medium",     # Soft and Medium worn out
    "worn_hard_wet",        # Hard and Wet worn out
    "red_die",              # dangerous: roll the RED die after each movement from here on
]


class TyreStarts(Strict):
    hard: int = Field(ge=0)
    soft_medium: int = Field(ge=0)
    wet: int = Field(ge=0)


class CarCharacteristic(Strict):
    """FGP 4.13: +1 MP once per turn when the condition holds."""
    name: str
    text: str
    bonus: Literal[1] = 1
    when: Literal["gear", "pace", "straight_start", "curve_start", "curve_end"]
    gears: list[Literal[2, 4, 6, 8]] = []       # when == "gear"
    paces: list[Pace] = []                      # when == "pace"

    @model_validator(mode="after")
    def _args(self):
        if (self.when == "gear") != bool(self.gears):
            raise ValueError("gears is required exactly when when = 'gear'")
        if (self.when == "pace") != bool(self.paces):
            raise ValueError("paces is required exactly when when = 'pace'")
        return self


class BoardSide(Strict):
    side: Literal["A", "B"]
    speed: SpeedTable
    max_ot: int = Field(ge=1, le=6)
    ot_leds: list[int]          # LEDs beside OT levels 0..max_ot (FGP 9.3)
    ers_max: int = Field(ge=1, le=6)
    ers_leds: list[int]         # LEDs beside ERS charge levels 0..ers_max (FGP 8.8)
    tyres: TyreTokens
    tyre_track: list[TyreIcon]  # index 0 is the beginning of the track
    tyre_start: TyreStarts

    @model_validator(mode="after")
    def _check(self):
        if len(self.ot_leds) != self.max_ot + 1:
            raise ValueError(f"ot_leds needs {self.max_ot + 1} entries (OT 0..{self.max_ot})")
        if len(self.ers_leds) != self.ers_max + 1:
            raise ValueError(f"ers_leds needs {self.ers_max + 1} entries "
                             f"(charge 0..{self.ers_max})")
        for name in ("ot_leds", "ers_leds"):
            v = getattr(self, name)
            if v != sorted(v) or min(v) < 0:
                raise ValueError(f"{name} must be non-negative and never drop as the level rises")
        t = self.tyre_track
        n = len(t)
        for name in ("hard", "soft_medium", "wet"):
            pos = getattr(self.tyre_start, name)
            if not 0 < pos < n:
                raise ValueError(f"tyre_start.{name} = {pos} is not inside the tyre track "
                                 f"(1..{n - 1}; 10.1 lets wear fall below the start)")
            if t[pos] != "none":
                raise ValueError(f"tyre_start.{name} sits on the icon {t[pos]!r}")
        # Each tyre type must meet exactly one degrade and one worn icon, in that order.
        for tyre, deg, worn in (("soft", "degrade_soft_medium", ("worn_soft", "worn_soft_medium")),
                                ("medium", "degrade_soft_medium", ("worn_medium", "worn_soft_medium")),
                                ("hard", "degrade_hard_wet", ("worn_hard_wet",)),
                                ("wet", "degrade_hard_wet", ("worn_hard_wet",))):
            start = self.tyre_start.wet if tyre == "wet" else (
                self.tyre_start.hard if tyre == "hard" else self.tyre_start.soft_medium)
            d = [i for i, x in enumerate(t) if x == deg]
            w = [i for i, x in enumerate(t) if x in worn]
            if len(d) != 1 or len(w) != 1:
                raise ValueError(f"tyre_track: {tyre} needs one {deg} and one worn-out icon")
            if not start < d[0] < w[0]:
                raise ValueError(f"tyre_track: {tyre} must start, degrade, then wear out in order")
        if t.count("red_die") != 1 or t.index("red_die") != n - 1:
            raise ValueError("tyre_track: the red_die icon must be the last space, once")
        return self

    # -- lookups used by the rules --
    def tyre_state(self, tyre: str, position: int) -> Literal["fresh", "degraded", "worn"]:
        """FGP 10.1: the state of `tyre` once the wear token is at `position`."""
        # asked at every movement point: each answer worked out once per side
        hit = _TYRE_STATES.get(id(self))
        if hit is None or hit[0] is not self:
            hit = _TYRE_STATES[id(self)] = (self, {})
        got = hit[1].get((tyre, position))
        if got is None:
            got = hit[1][(tyre, position)] = self._tyre_state(tyre, position)
        return got

    def _tyre_state(self, tyre: str, position: int) -> Literal["fresh", "degraded", "worn"]:
        deg = "degrade_soft_medium" if tyre in ("soft", "medium") else "degrade_hard_wet"
        worn = {"soft": ("worn_soft", "worn_soft_medium"),
                "medium": ("worn_medium", "worn_soft_medium"),
                "hard": ("worn_hard_wet",), "wet": ("worn_hard_wet",)}[tyre]
        passed = self.tyre_track[:position + 1]
        if any(x in worn for x in passed):
            return "worn"
        if deg in passed:
            return "degraded"
        return "fresh"

    def tyre_bonus(self, tyre: str, position: int) -> int:
        hit = _TYRE_STATES.get(id(self))
        got = hit[1].get((tyre, position, "bonus")) if hit is not None and hit[0] is self \
            else None
        if got is None:
            got = self._tyre_bonus(tyre, position)
            _TYRE_STATES[id(self)][1][(tyre, position, "bonus")] = got
        return got

    def _tyre_bonus(self, tyre: str, position: int) -> int:
        state = self.tyre_state(tyre, position)
        tok: TyreToken = getattr(self.tyres, tyre)
        return {"fresh": tok.fresh, "degraded": tok.degraded, "worn": 0}[state]

    def start_position(self, tyre: str) -> int:
        # tests, not a dict built at every call (a pit stop's plan asks often)
        start = self.tyre_start
        if tyre == "soft" or tyre == "medium":
            return start.soft_medium
        if tyre == "hard":
            return start.hard
        if tyre == "wet":
            return start.wet
        raise KeyError(tyre)

    def hand_limit(self, ers: int, base: int = 4) -> int:
        """FGP 7.3.1: 4 cards plus the LEDs beside the ERS charge."""
        return base + self.ers_leds[ers]


class Board(Strict):
    key: str
    team: str
    number: int = Field(ge=1, le=10)          # FGP 16.5 team identifier
    characteristic: CarCharacteristic
    sides: list[BoardSide] = Field(min_length=2, max_length=2)

    @model_validator(mode="after")
    def _sides(self):
        if [s.side for s in self.sides] != ["A", "B"]:
            raise ValueError("sides must be A then B")
        a, b = self.sides
        if a.model_dump() == b.model_dump():
            raise ValueError("the two sides must differ (FGP 5.1.1 alternate setup)")
        return self

    def side(self, name: str = "A") -> BoardSide:
        return self.sides[0] if name == "A" else self.sides[1]
