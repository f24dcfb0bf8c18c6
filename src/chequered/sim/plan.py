"""A study's plan: its config, its variants, the seed of every race, its chunks.

A study is one game played `races` times in each variant. A variant is the
study's base config with the varied settings applied (`--vary KEY=a,b`, a
cross product over several keys); every variant plays the same seeds, so
that variants differ by their setting and not by their luck.

Race i's seed comes from the study's seed and i alone (a hash of the two),
never from the clock or the worker, so race i is the same race whichever
worker plays it, in whichever order, in a first run or a resumed one.
"""
from __future__ import annotations

import hashlib
import itertools
import json
from dataclasses import dataclass, field

from .. import __version__
from ..engine import registry
from ..engine.protocol import BadInput, Game

FORMAT = "chequered-study/1"
MAX_CHUNK = 200               # races in one part file, at most
CHUNKS_AIMED = 50             # part files a variant is split into, at least (for progress)


def race_seed(study_seed: int, index: int) -> int:
    """The seed of race `index` of a study: a 31-bit int (every game takes it).
    A hash of the two numbers: neighbouring races get unrelated seeds, and it
    costs microseconds (numpy's SeedSequence took 0.4 ms, 7 % of a Race Pace
    race)."""
    digest = hashlib.blake2b(f"chequered-study {study_seed} {index}".encode(),
                             digest_size=8).digest()
    return int.from_bytes(digest, "big") & 0x7FFF_FFFF


def seating(seats: list[str], index: int, rotate: bool) -> list[str]:
    """The kinds in their seats for race `index`: rotated by one seat a race
    in a league, so that every kind starts from every seat over the seeds."""
    if not rotate:
        return list(seats)
    k = index % len(seats)
    return list(seats[k:] + seats[:k])


def parse_value(text: str):
    """A --set / --vary value: JSON when it reads as JSON, else the text."""
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def parse_settings(items: list[str] | None, flag: str) -> dict[str, str]:
    """['KEY=V', ...] -> {KEY: 'V'} (values still text)."""
    out: dict[str, str] = {}
    for item in items or ():
        key, eq, value = item.partition("=")
        key = key.strip()
        if not eq or not key or not value.strip():
            raise BadInput(f"{flag} takes KEY=VALUE, not {item!r}")
        if key in out:
            raise BadInput(f"{flag} names {key} twice")
        out[key] = value
    return out


def from_options(game_name: str, races: int, seats: str | None, *, track=None, rules=None,
                 options=None, settings=None, vary=None, seed: int = 0, records: bool = False,
                 chunk: int = 0, name: str = "") -> "Study":
    """A study from options as the command line (and the web's form) give
    them: seats 'a,b,c' (default: the game's benchmark seats), settings
    ['KEY=V'], vary ['KEY=a,b,c']."""
    from ..bench import bench_seats, parse_seats
    game = registry.game(game_name)
    kinds = parse_seats(seats) if seats is not None else bench_seats(game).split(",")
    fixed = {k: parse_value(v) for k, v in parse_settings(settings, "--set").items()}
    varied = {}
    for key, values in parse_settings(vary, "--vary").items():
        items = [v.strip() for v in values.split(",")]
        if not all(items):
            raise BadInput(f"--vary {key} takes values separated by commas, not {values!r}")
        varied[key] = [parse_value(v) for v in items]
    both = set(fixed) & set(varied)
    if both:
        raise BadInput(f"{', '.join(sorted(both))} is both --set and --vary")
    return Study(game=game.name, races=races, seats=kinds, seed=seed, track=track, rules=rules,
                 options=list(options or ()), settings=fixed, vary=varied, chunk=chunk,
                 records=records, name=name)


def default_chunk(races: int) -> int:
    """Races per part file: small enough for a live progress bar and little
    lost work on a kill, large enough that files stay few."""
    return max(1, min(MAX_CHUNK, -(-races // CHUNKS_AIMED)))


@dataclass
class Study:
    """What the study is (everything in study.json's `config`)."""

    game: str
    races: int
    seats: list[str]
    seed: int = 0
    track: str | None = None
    rules: str | None = None
    options: list[str] = field(default_factory=list)
    settings: dict = field(default_factory=dict)       # --set KEY=V, parsed
    vary: dict = field(default_factory=dict)           # --vary KEY=[values], parsed
    chunk: int = 0                                     # races a part file (0: default)
    records: bool = False
    rotate: bool = False       # race i seats the kinds rotated by i (leagues)
    name: str = ""             # how reports title it
    # the question it answers and what its report adds (studyfile.py); not
    # part of the config: a resumed run may change them
    notes: dict = field(default_factory=dict)

    def __post_init__(self):
        if self.chunk <= 0:
            self.chunk = default_chunk(self.races)

    # ---- the config --------------------------------------------------------
    def config_doc(self) -> dict:
        """The part of study.json that must match for a resumed run."""
        return {"game": self.game, "races": self.races, "seats": list(self.seats),
                "seed": self.seed, "track": self.track, "rules": self.rules,
                "options": list(self.options), "settings": dict(self.settings),
                "vary": {k: list(v) for k, v in self.vary.items()}, "chunk": self.chunk,
                "records": self.records, "rotate": self.rotate}

    @classmethod
    def from_config_doc(cls, doc: dict, name: str = "", notes: dict | None = None) -> "Study":
        return cls(name=name, notes=dict(notes or {}), **doc)

    @property
    def id(self) -> str:
        """A short name made from the config alone: the same study has the same
        id in any folder (the rows carry it)."""
        text = json.dumps(self.config_doc(), sort_keys=True)
        return hashlib.sha256(text.encode()).hexdigest()[:12]

    def variants(self) -> list[dict]:
        """One {KEY: value} per variant: the cross product of the varied values
        in the order given ([{}] with nothing varied)."""
        keys = list(self.vary)
        return [dict(zip(keys, combo)) for combo in itertools.product(*self.vary.values())]

    def overrides(self, variant: dict) -> dict:
        """The game config's fields for one variant (seats as given, unrotated)."""
        out: dict = {"seats": list(self.seats)}
        if self.track is not None:
            out["track"] = self.track
        if self.rules is not None:
            out["rules"] = self.rules
        if self.options:
            out["options"] = list(self.options)
        out.update(self.settings)
        out.update(variant)
        return out

    def check(self) -> Game:
        """Every variant's config is valid (one clear BadInput otherwise)."""
        game = registry.game(self.game)
        if self.races < 1:
            raise BadInput("--races must be at least 1")
        known = game.seat_kinds()
        for kind in self.seats:
            if kind not in known:
                raise BadInput(f"unknown seat kind {kind!r} for {game.name}; "
                               f"choose from {', '.join(known)}")
        if "human" in self.seats:
            raise BadInput("a study cannot have human seats")
        for key in (*self.settings, *self.vary):
            if key not in game.Config.model_fields:
                raise BadInput(f"{game.name} has no setting {key!r}; choose from "
                               f"{', '.join(k for k in game.Config.model_fields if k != 'content')}")
        for variant in self.variants():
            over = self.overrides(variant)
            kinds = over.get("seats")
            if isinstance(kinds, list) and "human" in kinds:
                raise BadInput("a study cannot have human seats")
            # Some names (a circuit) are only looked up when a race is set up.
            game.new(game.config(**over), race_seed(self.seed, 0))
        return game

    def label(self, variant: dict) -> str:
        """'track=monaco, rules=academy' (or 'base' with nothing varied)."""
        return ", ".join(f"{k}={_text(v)}" for k, v in variant.items()) or "base"

    def jobs(self, done: set[tuple[int, int]] | None = None) -> list["Job"]:
        """The chunks still to play, variant by variant, skipping `done`
        ({(variant, first race)} already on disk)."""
        done = done or set()
        out = []
        for v, variant in enumerate(self.variants()):
            for start in range(0, self.races, self.chunk):
                if (v, start) in done:
                    continue
                stop = min(self.races, start + self.chunk)
                out.append(Job(self.game, v, self.label(variant), variant,
                               {**self.settings, **variant}, self.overrides(variant),
                               start, stop, self.seed, self.records, self.rotate, self.id))
        return out

    def total(self) -> int:
        return self.races * len(self.variants())

    def study_doc(self) -> dict:
        """study.json: the config, and what the run was made with."""
        return {"format": FORMAT, "name": self.name, "id": self.id,
                "config": self.config_doc(), "notes": dict(self.notes),
                "variants": [{"index": v, "label": self.label(x), "settings": x}
                             for v, x in enumerate(self.variants())],
                "engine_version": __version__}


@dataclass(frozen=True)
class Job:
    """A chunk of races of one variant: what a worker is sent (small, picklable)."""

    game: str
    variant: int
    label: str
    varied: dict              # the varied settings of this variant
    settings: dict            # every --set and varied setting
    overrides: dict           # the full config fields
    start: int
    stop: int
    study_seed: int
    records: bool
    rotate: bool
    study: str                # Study.id


def _text(value) -> str:
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return ",".join(value)                     # seats=bot,random
    return value if isinstance(value, str) else json.dumps(value)
