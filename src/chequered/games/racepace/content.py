"""Pydantic models for Race Pace content, and the cached loader.

The rulebook describes the components but not their contents. The TOML files
in content/ are our reconstruction, consistent with every number the rulebook
gives; a user who owns the game can point --content at their own files with
the same schema. Every model forbids unknown fields so that typos are errors
that name the file and the field.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Annotated, ClassVar, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from ...engine.content import field_path, first_error, read_toml
from ...engine.protocol import BadInput

CONTENT_DIR = Path(__file__).parent / "content"
LEVELS = ("A", "B", "C", "D", "E")
BARS = ("MEC", "PU", "AER", "SKI", "XP", "EBS")   # RP Steering Wheel M
TEAM_BARS = ("MEC", "PU", "AER", "EBS")           # left part of the wheel
DRIVER_BARS = ("SKI", "XP")                       # right part of the wheel
COMPOUNDS = ("S", "M", "H", "W")                  # soft, medium, hard, wet
Level = Literal["A", "B", "C", "D", "E"]
Compound = Literal["S", "M", "H", "W"]
Skill = Literal["dutch_rain_medium", "bastian_free_pit", "eddy_feb", "kimi_corner",
                "bjorn_backmarker", "valentino_overtake", "celine_gap", "jesus_no_defend"]
Who = Literal["all", "leader", "top3", "bottom3", "last"]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# ---- teams and drivers (RP Prepare Player Boards, Steering Wheel) ---------
class _Board(Strict):
    """A half of the steering wheel: it must give a level for each of its bars."""
    BARS: ClassVar[tuple[str, ...]] = ()
    key: str
    name: str
    number: int = Field(ge=1, le=99)

    @model_validator(mode="after")
    def _all_bars(self):
        missing = set(self.BARS) - set(self.levels)
        if missing:
            raise ValueError(f"{type(self).__name__.lower()} {self.key}: levels missing "
                             f"{sorted(missing)}")
        return self


class Team(_Board):
    BARS: ClassVar[tuple[str, ...]] = TEAM_BARS
    levels: dict[Literal["MEC", "PU", "AER", "EBS"], Level]


class Driver(_Board):
    BARS: ClassVar[tuple[str, ...]] = DRIVER_BARS
    colour: str                    # the colour of the bot start lights
    skill: Skill
    skill_text: str
    levels: dict[Literal["SKI", "XP"], Level]


# ---- circuits (RP Circuit Information) ------------------------------------
class Circuit(Strict):
    key: str
    name: str
    laps: int = Field(ge=20, le=119)
    finish_lap: int = Field(ge=1, le=60)
    finish_side: Literal["A", "B"]
    duration: int = Field(ge=10, le=240)          # minutes
    difficulty: int = Field(ge=1, le=3)           # stars
    rain_cards: int = Field(ge=0)
    boxbox_soft: int = Field(ge=1)
    boxbox_medium: int = Field(ge=1)


# ---- the game board (lap track, buttons, tyres, bars) ----------------------
class Backmarker(Strict):
    lap: int = Field(ge=1)
    penalties: list[int]                           # first, second, third car


class Button(Strict):
    number: int = Field(ge=1, le=11)
    key: Literal["MEC", "PU", "AER", "SKI", "XP", "CHARGE", "USE_EBS", "DEFEND",
                 "START", "REACT", "BOXBOX"]
    name: str
    tyres: list[Compound]                          # compound lights that are lit
    team: list[Literal["A", "B"]]                  # Team Play lights
    safety_car: bool                               # SC light


class Tyre(Strict):
    key: Compound
    name: str
    sets: int | None = None                        # None/omitted: can be re-used
    dry: int
    rain: int
    moves_in_rain: bool
    max_laps: int | None = None                    # fixed Box-Box token


class Board(Strict):
    lap_track: int = Field(ge=20)                  # spaces on the lap track
    grid_parts: list[int]                          # extra laps of each part
    grid_slots_per_part: int
    feb_laps: list[int]
    corner_laps: list[int]
    backmarkers: list[Backmarker]
    rp_max: int                                    # numbered circles on the wheel
    buttons: list[Button]
    tyres: list[Tyre]
    green_bonus: list[int]                         # PU/AER/SKI RP by level A..E
    ebs_bonus: list[int]                           # EBS RP by level A..E
    mec_pit: list[int]                             # Box Box RP by MEC level A..E
    mec_pit_ebs: list[bool]                        # MEC level allows EBS with Box Box
    ebs_use_drop: int                              # levels lost after Use EBS
    defend_penalty: int
    defend_bonus: int
    team_points: list[int]
    fastest_lap_points: int
    double_pit_penalty: int

    @model_validator(mode="after")
    def _check(self):
        for name in ("green_bonus", "ebs_bonus", "mec_pit", "mec_pit_ebs"):
            if len(getattr(self, name)) != len(LEVELS):
                raise ValueError(f"{name} needs one entry per level A..E")
        nums = sorted(b.number for b in self.buttons)
        if nums != list(range(1, 12)):
            raise ValueError("buttons must be numbered 1..11, once each")
        if sorted(t.key for t in self.tyres) != sorted(COMPOUNDS):
            raise ValueError("tyres must list S, M, H and W once each")
        for lap in [*self.feb_laps, *self.corner_laps, *(b.lap for b in self.backmarkers)]:
            if not 1 <= lap <= self.lap_track:
                raise ValueError(f"lap {lap} is not on the {self.lap_track}-lap track")
        return self


# ---- weather cards (RP Step 1) --------------------------------------------
class WeatherCard(Strict):
    key: str
    kind: Literal["sun", "rain"]
    forecast: list[Literal["sun", "rain"]] = []    # rain cards: 4 rounds

    @model_validator(mode="after")
    def _check(self):
        if self.kind == "rain" and len(self.forecast) != 4:
            raise ValueError(f"rain card {self.key}: forecast needs 4 rounds")
        if self.kind == "sun" and self.forecast:
            raise ValueError(f"sun card {self.key}: no forecast on a sun card")
        return self


# ---- race situation cards (RP Step 1) --------------------------------------
class SafetyCar(Strict):
    type: Literal["safety_car"]
    cars_in_lap: int = Field(ge=2, le=8)
    xp_below: Level | None = None    # only drivers with XP below this count


class RpEffect(Strict):
    type: Literal["rp"]
    amount: int
    who: Who = "all"
    xp_below: Level | None = None    # only drivers with XP below this
    xp_at_least: Level | None = None  # only drivers with XP at least this


class ActionRp(Strict):
    """Makes an action unattractive this round: drivers who chose it get
    `amount` RP unless their XP is at least `xp_at_least` (default E)."""
    type: Literal["action_rp"]
    action: int = Field(ge=1, le=11)
    amount: int
    xp_at_least: Level = "E"


class BarEffect(Strict):
    type: Literal["bar"]
    bar: Literal["PU", "AER", "MEC", "EBS"]
    change: int
    who: Who = "all"
    xp_below: Level | None = None


class TyreWear(Strict):
    type: Literal["tyre_wear"]
    compounds: list[Compound]
    laps: int = Field(ge=1)
    who: Who = "all"
    xp_below: Level | None = None


Effect = Annotated[Union[SafetyCar, RpEffect, ActionRp, BarEffect, TyreWear],
                   Field(discriminator="type")]


class SituationCard(Strict):
    key: str
    deck: Literal["I", "II"]
    title: str
    text: str
    effects: list[Effect]
    lights: dict[str, int]           # driver colour -> bot action number


class Reference(Strict):
    gains: list[str]
    limits: list[str]


class Content(Strict):
    teams: list[Team]
    drivers: list[Driver]
    circuits: list[Circuit]
    board: Board
    weather: list[WeatherCard]
    situations: list[SituationCard]
    reference: Reference
    source: str = ""

    @model_validator(mode="after")
    def _cross_checks(self):
        _unique("team", [t.key for t in self.teams])
        _unique("driver", [d.key for d in self.drivers])
        _unique("circuit", [c.key for c in self.circuits])
        _unique("weather card", [w.key for w in self.weather])
        _unique("situation card", [s.key for s in self.situations])
        _unique("driver colour", [d.colour for d in self.drivers])
        rain = sum(1 for w in self.weather if w.kind == "rain")
        for c in self.circuits:
            # RP Circuit Information: side A is the real finish; side B is
            # crossed once, flipped, and the finish is one lap-track later.
            track = self.board.lap_track
            want_side = "A" if c.laps <= track else "B"
            want_lap = c.laps if c.laps <= track else c.laps - track
            if (c.finish_side, c.finish_lap) != (want_side, want_lap):
                raise ValueError(f"circuit {c.key}: {c.laps} laps needs the finish token "
                                 f"on lap {want_lap} side {want_side}")
            if c.rain_cards > rain:
                raise ValueError(f"circuit {c.key}: {c.rain_cards} rain cards but only "
                                 f"{rain} exist")
        colours = {d.colour for d in self.drivers}
        lit = {b.number for b in self.board.buttons}
        for s in self.situations:
            bad = set(s.lights) - colours
            if bad:
                raise ValueError(f"situation card {s.key}: unknown light colours {sorted(bad)}")
            for colour, n in s.lights.items():
                if n not in lit:
                    raise ValueError(f"situation card {s.key}: light {colour} -> no button {n}")
        return self

    # Lookups used by the rules; built once per content object.
    def team(self, key: str) -> Team:
        return _by_key(self.teams, key, "team")

    def driver(self, key: str) -> Driver:
        return _by_key(self.drivers, key, "driver")

    def circuit(self, key: str) -> Circuit:
        return _by_key(self.circuits, key, "circuit")


def _unique(what: str, keys: list[str]) -> None:
    seen = set()
    for k in keys:
        if k in seen:
            raise ValueError(f"duplicate {what} {k!r}")
        seen.add(k)


def _by_key(items, key, what):
    for it in items:
        if it.key == key:
            return it
    raise BadInput(f"unknown {what} {key!r}; choose from {', '.join(i.key for i in items)}")


FILES = ("teams", "drivers", "circuits", "board", "weather", "situations", "reference")


def _read(path: Path) -> dict:
    return read_toml(path)


@lru_cache(maxsize=8)
def load_content(directory: str | None = None) -> Content:
    """Read and validate every content file; cached per directory.

    Each file holds one top-level key named like the file (`[[teams]]`,
    `[board]`, ...); teams.toml may also carry `source`. Any other top-level
    key is a typo and is reported, naming the file.
    """
    base = Path(directory) if directory else CONTENT_DIR
    if not base.is_dir():
        raise BadInput(f"{base}: content directory not found")
    doc: dict = {}
    for name in FILES:
        path = base / f"{name}.toml"
        data = _read(path)
        allowed = {name, "source"} if name == "teams" else {name}
        unknown = sorted(set(data) - allowed)
        if unknown:
            raise BadInput(f"{path}: unknown top-level key(s) {', '.join(unknown)}; "
                           f"expected only {' and '.join(sorted(allowed))}")
        if name not in data:
            raise BadInput(f"{path}: missing the top-level {name!r} entry")
        doc[name] = data[name]
        if "source" in data:
            doc["source"] = data["source"]
    try:
        return Content.model_validate(doc)
    except ValidationError as exc:
        raise BadInput(_describe(base, doc, exc)) from None


def _describe(base: Path, doc: dict, exc: ValidationError) -> str:
    """First validation error as 'FILE: where: message', where names list items
    by their key when they have one (e.g. circuits.toml: japan.laps)."""
    err, more = first_error(exc)
    msg = err.get("msg")
    loc = list(err.get("loc", ()))
    if not loc or loc[0] not in (*FILES, "source"):
        # Cross-file checks (finish token vs lap track, light colours, ...).
        return f"{base}: {msg}{more}"
    if loc[0] == "source":
        return f"{base / 'teams.toml'}: source: {msg}{more}"
    fname = loc[0]
    where = field_path(doc.get(fname), loc[1:], label_first_only=True)
    return f"{base / (fname + '.toml')}: {where}: {msg}{more}"
