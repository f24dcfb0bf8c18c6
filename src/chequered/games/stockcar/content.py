"""Pydantic models for the stock-car game's content, and the cached loader.

The chapter we have describes the components but not their contents. The
TOML files in content/ (race cards, event cards, team sheets, tracks, the
numbers of our written rules) are OUR RECONSTRUCTION, consistent with the
chapter and the public facts about the game; a user who owns the game can
point --content at a directory with the same schema. Every model forbids
unknown fields, so a typo is an error naming the file and the field.

Tracks are turned into a space graph once, at load (class Track): per sector
its width, per (sector, lane) the lanes reachable forward, the grid spaces,
the restart lanes and the green restart line.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from ...engine.content import field_path, first_error, read_toml
from ...engine.hashing import sha256_of
from ...engine.protocol import BadInput

CONTENT_DIR = Path(__file__).parent / "content"
WEAR_KINDS = ("tyre", "suspension", "fuel", "engine", "body")
TEMPORARY = ("tyre", "suspension", "fuel")       # cleared by a pit stop
PERMANENT = ("engine", "body")                   # stay all race
MOVES = ("solo", "draft", "lead", "pursuit")
EFFECTS = ("drift", "clean_air")
GRID_SPACES = 21                                 # chapter: spaces numbered 1-21


class ContentError(BadInput):
    """Content that cannot be used; the message names the file and field."""


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class RaceCard(Strict):
    id: str
    title: str
    mp: int = Field(ge=4, le=8)                   # public fact: 4 to 8 MP
    move: Literal["solo", "draft", "lead", "pursuit"]
    wear: Literal["none", "tyre", "suspension", "fuel", "engine", "body"]
    effect: Literal["drift", "clean_air"] | None = None       # EFFECTS
    bar: str                                      # the Team Bar, team codes left to right

    @property
    def white(self) -> bool:
        """A white-titled card gives no wear (chapter, Action segments 6)."""
        return self.wear == "none"


class EventCard(Strict):
    id: str
    title: str
    kind: Literal["green", "yellow", "crash", "wear", "leader"]
    wear: Literal["tyre", "suspension", "fuel", "engine", "body"] | None = None
    amount: int = Field(default=0, ge=0, le=3)

    @model_validator(mode="after")
    def _wear_given(self):
        needs = self.kind in ("crash", "wear", "leader")
        if needs and (self.wear is None or self.amount < 1):
            raise ValueError(f"a {self.kind} event needs wear and amount >= 1")
        if not needs and (self.wear is not None or self.amount):
            raise ValueError(f"a {self.kind} event has no wear")
        return self


class TeamSheet(Strict):
    key: str
    code: str = Field(min_length=1, max_length=1)
    name: str
    colour: str
    cars: list[int] = Field(min_length=6, max_length=6)


class Segment(Strict):
    sectors: int = Field(ge=1, le=60)
    lanes: int = Field(ge=2, le=6)               # restart lanes need two everywhere
    turn: float = 0.0                             # degrees, for drawing


class TrackDoc(Strict):
    key: str
    name: str
    laps: int = Field(ge=1, le=30)
    pit_loss: int = Field(ge=1, le=20)
    restart_lanes: list[int] = Field(min_length=2, max_length=2)
    green_line: int = Field(ge=1)
    segment: list[Segment] = Field(min_length=1)

    @model_validator(mode="after")
    def _fits(self):
        n = sum(s.sectors for s in self.segment)
        rows = (GRID_SPACES + 1) // 2
        if n <= rows + 1:
            raise ValueError(f"a lap of {n} sectors cannot hold the {GRID_SPACES}-space grid")
        if self.green_line >= n:
            raise ValueError(f"green_line {self.green_line} is not inside a lap of {n} sectors")
        if sorted(self.restart_lanes) != self.restart_lanes or self.restart_lanes[0] < 1 \
                or self.restart_lanes[1] > 2:
            raise ValueError("restart_lanes must be two inside lanes, e.g. [1, 2]")
        return self


class Rules(Strict):
    cars_per_team: dict[int, int]
    retire_wear: int = Field(ge=1)
    speed_penalty: dict[int, int]
    cost_forward: int = Field(ge=1)
    cost_sideways: int = Field(ge=1)
    cost_push_aside: int = Field(ge=1)
    cost_push_forward: int = Field(ge=1)
    cost_apron: int = Field(ge=1)
    win_bonus: int = Field(ge=0)
    turn_leader_points: int = Field(ge=0)

    @model_validator(mode="after")
    def _players(self):
        if sorted(self.cars_per_team) != list(range(2, 8)):
            raise ValueError("cars_per_team needs an entry for 2 to 7 players")
        for n, cars in self.cars_per_team.items():
            if not 1 <= cars <= 6 or n * cars > GRID_SPACES:
                raise ValueError(f"{n} players x {cars} cars does not fit the grid")
        return self


class Track:
    """A track as a precomputed space graph.

    Sectors are numbered 0..n-1 from the Start/Finish line in the racing
    direction; lanes 1..width[s] from the inside; lane 0 is the Apron.
    A car's progress is `dist` = laps * n + sector, so the grid (behind the
    line) has negative dists and the line is crossed at multiples of n.
    """

    __slots__ = ("key", "name", "laps", "pit_loss", "restart", "n", "width", "maxw",
                 "forward", "grid", "green_line", "segments", "corner", "turn",
                 "w1", "ahead", "behind", "fwd_slots", "side_slots")

    def __init__(self, doc: TrackDoc):
        self.key, self.name, self.laps = doc.key, doc.name, doc.laps
        self.pit_loss = doc.pit_loss
        self.restart = tuple(doc.restart_lanes)
        width: list[int] = []
        corner: list[bool] = []
        turn: list[float] = []
        for seg in doc.segment:
            width += [seg.lanes] * seg.sectors
            corner += [seg.turn != 0] * seg.sectors
            turn += [seg.turn / seg.sectors] * seg.sectors
        self.segments = doc.segment
        self.n = len(width)
        self.width = tuple(width)
        self.corner = tuple(corner)
        self.turn = tuple(turn)
        self.maxw = max(width)
        # STOCK Drafting and corners: where lanes narrow or split, a lane
        # leads to every lane of the next sector that overlaps it in
        # proportion across the track; the active player chooses among them.
        fwd = []
        for s in range(self.n):
            a, b = width[s], width[(s + 1) % self.n]
            row = [()]
            for lane in range(1, a + 1):
                if a == b:
                    row.append((lane,))
                else:
                    lo, hi = (lane - 1) / a, lane / a
                    row.append(tuple(m for m in range(1, b + 1)
                                     if (m - 1) / b < hi and m / b > lo))
            fwd.append(tuple(row))
        self.forward = tuple(fwd)
        self._slot_tables()
        # STOCK Starting grid: spaces 1..21 two by two on the restart lanes
        # behind the line, space 1 (the pole) on the inside of the last sector.
        self.grid = tuple((-1 - (k // 2), self.restart[k % 2]) for k in range(GRID_SPACES))
        self.green_line = self.n - doc.green_line        # sector of the green restart line

    def _slot_tables(self) -> None:
        """The same graph over the flat space index `slot = sector * w1 +
        lane` that states use (state.occ), so the movement rules and the
        bots read neighbours instead of working them out every step:

        ahead[slot] / behind[slot]: the same lane one sector on / back
        (-1 when the track has no such lane there): linked cars (STOCK
        Race card parts);
        fwd_slots[slot]: (lane, its slot) per lane a step forward reaches
        (STOCK Drafting and corners);
        side_slots[slot]: (lane, its slot, the slot one lane further over
        or -1) per lane a sideways step reaches (STOCK Movement: pushing
        aside needs that further space).
        Lanes past a sector's width (and lane 0, the Apron) get -1 / ()."""
        n, w1, width = self.n, self.maxw + 1, self.width
        self.w1 = w1
        ahead = [-1] * (n * w1)
        behind = [-1] * (n * w1)
        fwd = [()] * (n * w1)
        side = [()] * (n * w1)
        for s in range(n):
            s2, s0 = (s + 1) % n, (s - 1) % n
            for lane in range(1, w1):
                k = s * w1 + lane
                if lane <= width[s2]:
                    ahead[k] = s2 * w1 + lane
                if lane <= width[s0]:
                    behind[k] = s0 * w1 + lane
                if lane > width[s]:
                    continue
                fwd[k] = tuple((l2, s2 * w1 + l2) for l2 in self.forward[s][lane])
                side[k] = tuple((l2, s * w1 + l2,
                                 s * w1 + 2 * l2 - lane if 1 <= 2 * l2 - lane <= width[s] else -1)
                                for l2 in (lane - 1, lane + 1) if 1 <= l2 <= width[s])
        self.ahead, self.behind = tuple(ahead), tuple(behind)
        self.fwd_slots, self.side_slots = tuple(fwd), tuple(side)

    def sector(self, dist: int) -> int:
        return dist % self.n


class Content:
    """Every content file, validated, with the lookups the rules use."""

    def __init__(self, cards, events, teams, tracks, rules, directory):
        self.directory = directory
        self.cards: dict[str, RaceCard] = {c.id: c for c in cards}
        self.card_ids: tuple[str, ...] = tuple(c.id for c in cards)
        self.card_set = frozenset(self.card_ids)
        self.events: dict[str, EventCard] = {e.id: e for e in events}
        self.event_ids: tuple[str, ...] = tuple(e.id for e in events)
        self.event_set = frozenset(self.event_ids)
        self.teams: list[TeamSheet] = list(teams)
        self.team_by_code = {t.code: i for i, t in enumerate(teams)}
        self.tracks: dict[str, Track] = {t.key: Track(t) for t in tracks}
        self.track_docs = {t.key: t for t in tracks}
        self.rules: Rules = rules
        # Per card: MP, move, wear kind (None for white), effect and the bar
        # as team indexes, as plain dicts for the hot path (a pydantic
        # model's attributes are slow to read).
        self.card_mp = {c.id: c.mp for c in cards}
        self.card_move = {c.id: c.move for c in cards}
        self.card_wear = {c.id: (None if c.white else c.wear) for c in cards}
        self.card_effect = {c.id: c.effect for c in cards}
        self.card_bar = {c.id: tuple(self.team_by_code[ch] for ch in c.bar) for c in cards}
        self.version = sha256_of({
            "cards": [c.model_dump(mode="json") for c in cards],
            "events": [e.model_dump(mode="json") for e in events],
            "teams": [t.model_dump(mode="json") for t in teams],
            "tracks": [t.model_dump(mode="json") for t in tracks],
            "rules": rules.model_dump(mode="json")})[:12]


def _validate(model, doc, path: Path, key: str | None = None):
    """Validate one document (or the list under `key`) with errors naming the file."""
    try:
        if key is None:
            return model(**doc)
        items = doc.get(key)
        if not isinstance(items, list):
            raise ContentError(f"{path}: expected a list of [[{key}]] tables")
        out = []
        for i, item in enumerate(items):
            try:
                out.append(model(**item))
            except ValidationError as exc:
                err, more = first_error(exc)
                where = field_path(item, err.get("loc", ()), label_keys=("id", "key"))
                label = item.get("id") or item.get("key") or f"[{i}]"
                raise ContentError(f"{path}: {key} {label}: {where}: {err.get('msg')}{more}") \
                    from None
        return out
    except ValidationError as exc:
        err, more = first_error(exc)
        where = field_path(doc, err.get("loc", ()), label_keys=("id", "key"))
        raise ContentError(f"{path}: {where}: {err.get('msg')}{more}") from None


@lru_cache(maxsize=8)
def load_content(directory: str | None = None) -> Content:
    base = Path(directory) if directory else CONTENT_DIR
    if not base.is_dir():
        raise ContentError(f"{base}: not a content directory")
    p = base / "race_cards.toml"
    cards = _validate(RaceCard, read_toml(p, ContentError), p, "card")
    p = base / "event_cards.toml"
    events = _validate(EventCard, read_toml(p, ContentError), p, "card")
    p = base / "teams.toml"
    teams = _validate(TeamSheet, read_toml(p, ContentError), p, "team")
    p = base / "rules.toml"
    rules = _validate(Rules, read_toml(p, ContentError), p)
    tracks = []
    track_files = sorted((base / "tracks").glob("*.toml"))
    if not track_files:
        raise ContentError(f"{base / 'tracks'}: no track files")
    for p in track_files:
        tracks.append(_validate(TrackDoc, read_toml(p, ContentError), p))
    _check(cards, events, teams, tracks, base)
    return Content(cards, events, teams, tracks, rules, directory)


def _check(cards, events, teams, tracks, base: Path) -> None:
    """Cross-file facts: the deck sizes, seven teams, bars that name them all."""
    if len(teams) != 7:
        raise ContentError(f"{base / 'teams.toml'}: the game has 7 teams, found {len(teams)}")
    codes = [t.code for t in teams]
    if len(set(codes)) != 7 or len({t.key for t in teams}) != 7:
        raise ContentError(f"{base / 'teams.toml'}: team keys and codes must be unique")
    numbers = [n for t in teams for n in t.cars]
    if len(set(numbers)) != len(numbers):
        raise ContentError(f"{base / 'teams.toml'}: car numbers must be unique")
    if len(cards) != 84:
        raise ContentError(f"{base / 'race_cards.toml'}: the Race deck has 84 cards, "
                           f"found {len(cards)}")
    if len(events) != 26:
        raise ContentError(f"{base / 'event_cards.toml'}: the Event deck has 26 cards, "
                           f"found {len(events)}")
    for name, items in (("race_cards.toml", cards), ("event_cards.toml", events)):
        ids = [c.id for c in items]
        if len(set(ids)) != len(ids):
            raise ContentError(f"{base / name}: card ids must be unique")
    for c in cards:
        if sorted(c.bar) != sorted(codes):
            raise ContentError(f"{base / 'race_cards.toml'}: card {c.id}: bar: "
                               f"must list each team code once ({''.join(codes)})")
    keys = [t.key for t in tracks]
    if len(set(keys)) != len(keys):
        raise ContentError(f"{base / 'tracks'}: track keys must be unique")
