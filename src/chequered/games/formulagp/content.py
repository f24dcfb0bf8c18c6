"""Pydantic models for FormulaGP content (boards, cards, dice, race control
panel, points) and the cached loader.

The rulebook names the components and gives the numbers of its worked
examples, but not what is printed on each board and card. The TOML files in
content/ are chequered's reconstruction, consistent with every number and
mechanism the rulebook gives (deck sizes, named cards, §7.3.3.5, §8.8, §9.2,
§16.4 ...). A user who owns the game can point --content at their own files
with the same schema.

Every card effect is typed data: a discriminated union (`Effect`) of effect
kinds, each one a mechanism the rulebook defines (the section is noted on
each class). Nothing is free text except the `text` shown to players.

Each file is validated on its own, so an error names the file and the field:
"<dir>/action.toml: A07.leds: Input should be greater than or equal to 0".
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, ValidationError, model_validator

from ...engine.content import field_path, first_error, read_toml
from ...engine.protocol import BadInput
from .boards import *  # noqa: F401,F403  (re-exported: content.Board, ...)
from .effects import *  # noqa: F401,F403  (re-exported: content.Effect, ...)
from .schema import *  # noqa: F401,F403
from .team_radio_cards import RADIO_EFFECTS, TeamRadioCard, TeamRadioDeck, radio_sign  # noqa: F401
from .weather_cards import WeatherDeck  # noqa: F401  ([ADV] WEATHER cards)

# =========================================================================
# ACTION cards (FGP 2.2, 4.2.2, 4.3)
# =========================================================================
Secondary = Literal["counter_steer", "ot_plus1", "brake",
                    "ers_2x", "tyre_2x", "parameter_2x", "mp_2x"]
SINGLE_SECONDARY = ("counter_steer", "ot_plus1", "brake")
Icon = Literal["lane_change_wear", "no_lane_change", "ers_cost", "stress_down",
               "wild", "cannot_discard", "can_hold", "penalty"]

ACTION_COUNTS = {("movement", "green"): 12, ("movement", "red"): 10,
                 ("movement", "blue"): 4, ("movement", "orange"): 4,
                 ("tyre_wear", None): 8, ("option", None): 6, ("draw_failure", None): 1}

# FGP 4.3.1 icons by colour; FGP 16.4 Sprint speeds by colour.
COLOUR_ICONS = {"green": {"stress_down"}, "red": {"lane_change_wear"},
                "blue": {"ers_cost", "no_lane_change"},
                "orange": {"wild", "lane_change_wear"}}
SPRINT_MP = {"green": [2], "red": [4], "blue": [6], "orange": [2, 4]}


class ActionCard(Strict):
    id: str
    kind: Literal["movement", "tyre_wear", "option", "draw_failure"]
    colour: Colour | None = None
    leds: int = Field(ge=0, le=6)                 # battle skill (FGP 4.3.1 d)
    icons: list[Icon] = []
    secondary: Secondary | None = None
    sprint_mp: list[int] = []                     # FGP 16.4 (movement cards only)
    penalty_icons: int = Field(default=0, ge=0, le=2)   # FGP 4.3.4
    text: str

    @model_validator(mode="after")
    def _check(self):
        k, c, icons = self.kind, self.colour, set(self.icons)
        if (k == "movement") != (c is not None):
            raise ValueError("colour is required for movement cards and only for them")
        if k == "movement":
            if not COLOUR_ICONS[c] <= icons:
                raise ValueError(f"a {c} card needs the icons {sorted(COLOUR_ICONS[c])}")
            if self.sprint_mp != SPRINT_MP[c]:
                raise ValueError(f"sprint_mp of a {c} card is {SPRINT_MP[c]} (FGP 16.4)")
            if self.leds < 1:
                raise ValueError("a movement card is worth at least 1 LED")
            if self.secondary is None or self.secondary == "brake":
                raise ValueError("movement cards carry a secondary function other than brake")
        elif self.sprint_mp:
            raise ValueError("sprint_mp only on movement cards")
        if k == "tyre_wear":
            if self.secondary != "brake" or "cannot_discard" not in icons:
                raise ValueError("Tyre Wear cards have the brake secondary function and "
                                 "the cannot_discard icon (FGP 4.3.2)")
        if k == "option":
            if "can_hold" not in icons or self.secondary in (None, "brake"):
                raise ValueError("Option cards can be held and carry a secondary function "
                                 "(FGP 4.3.3)")
        if k == "draw_failure":
            if self.secondary is not None or self.leds != 0:
                raise ValueError("the Draw Failure card has no LEDs and no secondary function")
            if not {"cannot_discard", "penalty"} <= icons or self.penalty_icons < 1:
                raise ValueError("the Draw Failure card needs the cannot_discard and penalty "
                                 "icons and at least one penalty icon (FGP 4.3.4)")
        elif self.penalty_icons:
            raise ValueError("only the Draw Failure card carries penalty icons")
        return self


class ActionDeck(Strict):
    cards: list[ActionCard]

    @model_validator(mode="after")
    def _counts(self):
        _unique("card id", [c.id for c in self.cards])
        got = Counter((c.kind, c.colour) for c in self.cards)
        if len(self.cards) != 45 or got != Counter(ACTION_COUNTS):
            want = ", ".join(f"{n} {c or k}" for (k, c), n in ACTION_COUNTS.items())
            raise ValueError(f"the ACTION deck needs 45 cards: {want}; got "
                             + ", ".join(f"{n} {c or k}" for (k, c), n in sorted(
                                 got.items(), key=str)))
        blue = [c for c in self.cards if c.colour == "blue"]
        if not all(c.secondary == "ers_2x" for c in blue):
            # FGP 7.3.1: two BLUE cards can be spent to charge ERS +1.
            raise ValueError("every BLUE card carries the ers_2x secondary function (FGP 7.3.1)")
        if not any(c.colour == "orange" and c.secondary == "ot_plus1" for c in self.cards):
            raise ValueError("an ORANGE card must offer +1 OT (FGP 4.2.2 example)")
        if not any(c.colour == "green" and c.secondary == "parameter_2x" for c in self.cards):
            raise ValueError("a GREEN card must offer parameter_2x (FGP 4.2.2 example)")
        return self


# =========================================================================
# EVENT / RISK / DAMAGE / FAILURE cards (FGP 3.4, 4.4-4.7, 13.6, 13.7)
# =========================================================================
class _Card(Strict):
    id: str
    name: str
    text: str
    effects: list[Effect]


class EventCard(_Card):
    mode: Literal["all", "advanced"]              # FGP 3.4 blue banner = advanced only
    secondary: Secondary | None = None            # FGP 4.2.2
    can_hold: bool                                # 'can be held' icon (FGP 4.4)
    play: Literal["immediately", "turn", "battle"]  # when its effects are used
    penalty_icons: int = Field(default=0, ge=0, le=2)  # apply-immediately penalty icons
    end_penalty: bool = False                     # red icon: play before the race ends

    @model_validator(mode="after")
    def _check(self):
        if not self.effects:
            raise ValueError("an EVENT card needs at least one effect")
        if self.play == "immediately" and self.can_hold and self.penalty_icons == 0:
            raise ValueError("a held card that should be applied immediately needs "
                             "penalty icons (FGP 4.4)")
        if self.secondary == "brake":
            raise ValueError("brake is the Tyre Wear card's function")
        return self


class RiskCard(_Card):
    mode: Literal["all", "advanced"]              # FGP 3.4 red banner = advanced only

    @model_validator(mode="after")
    def _check(self):
        if not self.effects:
            raise ValueError("a RISK card needs at least one effect")
        return self


class DamageCard(_Card):
    close_call: bool = False                      # no damage (FGP 15.2)
    token: bool = False                           # place a Damage token (FGP 13.6)

    @model_validator(mode="after")
    def _check(self):
        if self.close_call and (self.token or any(e.type in PERSISTENT for e in self.effects)):
            raise ValueError("a Close Call! card does no lasting damage")
        if not self.close_call and not any(e.type in PERSISTENT for e in self.effects):
            raise ValueError("a damage card needs a lasting effect "
                             f"({', '.join(PERSISTENT)})")
        if self.token != any(e.type in ("board_value", "disable") for e in self.effects):
            raise ValueError("token is true exactly when a board value or function is covered")
        return self


class QuickRepair(Strict):
    """FGP 13.7.1: what must be spent, shown in the card's corner."""
    cards: int = Field(default=0, ge=0, le=3)
    card_kind: Literal["any", "movement", "option", "tyre_wear"] = "any"
    parameters: list[ParamColour] = []

    @model_validator(mode="after")
    def _nonempty(self):
        if self.cards == 0 and not self.parameters:
            raise ValueError("a quick repair costs cards and/or parameter tokens")
        return self


class FailureCard(_Card):
    no_failure: bool = False                      # the system holds: discard the card
    token: bool = False
    quick_repair: QuickRepair | None = None

    @model_validator(mode="after")
    def _check(self):
        lasting = any(e.type in PERSISTENT for e in self.effects)
        if self.no_failure:
            if lasting or self.token or self.quick_repair:
                raise ValueError("a no-failure card has no lasting effect, token or repair")
        else:
            if not lasting:
                raise ValueError(f"a failure needs a lasting effect ({', '.join(PERSISTENT)})")
            if self.quick_repair is None:
                raise ValueError("a failure needs a quick_repair cost (FGP 4.7)")
        if self.token != any(e.type in ("board_value", "disable") for e in self.effects):
            raise ValueError("token is true exactly when a board value or function is covered")
        return self


def _deck_check(cards, size: int, what: str):
    _unique(f"{what} card id", [c.id for c in cards])
    if len(cards) != size:
        raise ValueError(f"the {what} deck has {size} cards, not {len(cards)}")


class EventDeck(Strict):
    cards: list[EventCard]

    @model_validator(mode="after")
    def _check(self):
        _deck_check(self.cards, 30, "EVENT")
        _named(self.cards, {"Incident on Track": "yellow_flag", "Safety Car": "safety_car",
                            "Virtual Safety Car": "virtual_safety_car",
                            "Investigation": "investigation"})
        if sum(c.name == "Safety Car" for c in self.cards) != 1:
            raise ValueError("exactly one 'Safety Car' card (FGP 13.10 removes 'the' card)")
        inc = [c for c in self.cards if c.name == "Incident on Track"]
        if any(e.panel != "white_die" for c in inc for e in c.effects if e.type == "yellow_flag"):
            raise ValueError("'Incident on Track' advances the panel by a WHITE die (FGP 13.8.2)")
        return self


class RiskDeck(Strict):
    cards: list[RiskCard]

    @model_validator(mode="after")
    def _check(self):
        _deck_check(self.cards, 30, "RISK")
        _named(self.cards, {"Yellow Flag": "yellow_flag"})
        yf = [e for c in self.cards if c.name == "Yellow Flag" for e in c.effects
              if e.type == "yellow_flag"]
        if any(e.panel != 1 for e in yf):
            raise ValueError("the 'Yellow Flag' RISK card advances the panel 1 space (FGP 13.8.2)")
        return self


class DamageDeck(Strict):
    cards: list[DamageCard]

    @model_validator(mode="after")
    def _check(self):
        _deck_check(self.cards, 16, "DAMAGE")
        cc = [c for c in self.cards if c.close_call]
        if len(cc) <= 2 or any(c.name != "Close Call!" for c in cc):
            raise ValueError("more than two 'Close Call!' cards, all named so (FGP 15.2)")
        if any(c.name == "Close Call!" and not c.close_call for c in self.cards):
            raise ValueError("a card named 'Close Call!' must be a close call")
        return self


class FailureDeck(Strict):
    cards: list[FailureCard]

    @model_validator(mode="after")
    def _check(self):
        _deck_check(self.cards, 16, "FAILURE")
        return self


def _named(cards, need: dict[str, str]) -> None:
    for name, kind in need.items():
        found = [c for c in cards if c.name == name]
        if not found:
            raise ValueError(f"the named card {name!r} is missing")
        for c in found:
            if not any(e.type == kind for e in c.effects):
                raise ValueError(f"{c.id} {name!r} needs a {kind} effect")


# =========================================================================
# DRIVER and CHAMPIONS cards (FGP 4.8, 5.1.2, 13.3)
# =========================================================================
SkillCondition = Literal[
    "always", "from_slipstream", "on_straight", "on_curve", "with_pair", "single_card",
    "with_green", "with_red", "with_blue", "with_tyre_wear_card", "with_cold_tyres",
    "with_ers", "wheel_to_wheel",
]


class DriverSkill(Strict):
    """FGP 4.8: extra LEDs in a battle, once per game round."""
    role: Literal["attack", "defend", "any"]
    condition: SkillCondition
    leds: int = Field(ge=1, le=3)


class DriverCard(Strict):
    id: str
    name: str
    skill: DriverSkill
    text: str           # the stress track is the same on every card (FGP 13.3)


class DriverDeck(Strict):
    cards: list[DriverCard]

    @model_validator(mode="after")
    def _check(self):
        _deck_check(self.cards, 20, "DRIVER")
        return self


# =========================================================================
# Dice (FGP 4.11) and the race control panel (FGP 3.2, 7, 12.1, 13.8, 13.9)
# =========================================================================
class WhiteFace(Strict):
    value: int = Field(ge=1, le=6)
    colour: Literal["green", "red"]
    icon: bool = False          # the '1' face shows the WHITE die icon (counts 0 or 1)


class Dice(Strict):
    white: list[WhiteFace]
    yellow: list[Literal["stress", "tyre_wear", "risk"]]
    red: list[Literal["tyre_wear", "risk", "loss_of_control"]]

    @model_validator(mode="after")
    def _check(self):
        if sorted(f.value for f in self.white) != [1, 2, 3, 4, 5, 6]:
            raise ValueError("white: faces 1..6, once each")
        if [f.value for f in self.white if f.icon] != [1]:
            raise ValueError("white: only the 1 face carries the icon (FGP 4.11.1)")
        if {f.colour for f in self.white} != {"green", "red"}:
            raise ValueError("white: faces are green or red, both present")
        if next(f for f in self.white if f.value == 6).colour != "red":
            raise ValueError("white: the 6 is a red face (FGP 13.10 with 13.9.1)")
        for name, kinds in (("yellow", {"stress", "tyre_wear", "risk"}),
                            ("red", {"tyre_wear", "risk", "loss_of_control"})):
            faces = getattr(self, name)
            if len(faces) != 6 or set(faces) != kinds:
                raise ValueError(f"{name}: six faces showing each of {sorted(kinds)}")
        return self


class PanelSide(Strict):
    colour: Literal["green", "red"]   # chosen by the WHITE die colour (FGP 3.2 a)
    yellow_start: int = Field(ge=0)   # Yellow Flag token's start space
    safety_car: int = Field(ge=1)     # SC token: reaching it deploys the Safety Car

    @model_validator(mode="after")
    def _order(self):
        if self.yellow_start >= self.safety_car:
            raise ValueError("the Safety Car token lies ahead of the Yellow Flag token")
        return self


class Points(Strict):
    """FGP 14.2, by field size; position 1 first."""
    cars10: list[int]
    cars8: list[int]
    cars6: list[int]

    @model_validator(mode="after")
    def _check(self):
        for name in ("cars10", "cars8", "cars6"):
            v = getattr(self, name)
            if len(v) != 10 or v != sorted(v, reverse=True):
                raise ValueError(f"{name}: ten non-increasing values")
        return self

    def for_field(self, cars: int) -> list[int]:
        return self.cars10 if cars >= 10 else self.cars8 if cars >= 8 else self.cars6


class Control(Strict):
    radar_spaces: int = Field(ge=1)           # Weather Radar spaces (rounds)
    start_standard: int = Field(ge=1)         # Chequered Flag start (FGP 3.2 b)
    start_advanced: int = Field(ge=1)
    final_lap: int                            # FGP 12.1
    no_battle_rounds: list[int]               # FGP 7.2
    fresh_tyres: list[int] = Field(min_length=2, max_length=2)   # [ADV] 11.4: [green, red] side
    late_pit_bonus: int = Field(default=2, ge=0)            # [ADV] 11.4: the Fresh Tyres token
    late_pit_bonus_degraded: int = Field(default=1, ge=0)   # [ADV] 11.4: its lesser side
    sides: list[PanelSide] = Field(min_length=2, max_length=2)
    yellow_flag_rounds: int = Field(ge=1)     # FGP 13.8.1
    safety_car_rounds: int = Field(ge=1)      # FGP 13.9.1 (Standard)
    safety_car_tiles: int = Field(ge=1)       # FGP 13.9.2 tiles per turn
    hand_base: int = Field(ge=1)              # FGP 7.3.1
    pole_bonus_cards: int = Field(ge=0)       # FGP 7.2.1
    pole_draw: int = Field(ge=1)              # FGP 7.2.1 cards looked at
    start_gear: Literal[2, 4, 6, 8]           # FGP 7.2.1
    pit_exit_gear: Literal[2, 4, 6, 8]        # FGP 11.3
    slipstream_ot: int                        # FGP 8.5
    cold_tyres_leds: int                      # FGP 11.3
    penalty_tiles: int                        # FGP 12.2.1
    pit_penalty_rounds: list[int]             # FGP 11.2: rounds held for 1,2 / 3+ penalties
    points: Points

    @model_validator(mode="after")
    def _check(self):
        if sorted(s.colour for s in self.sides) != ["green", "red"]:
            raise ValueError("sides: one green and one red side")
        if not 1 <= self.start_standard <= self.final_lap <= self.radar_spaces:
            raise ValueError("start_standard <= final_lap <= radar_spaces")
        if not all(self.start_advanced < f <= self.final_lap for f in self.fresh_tyres):
            raise ValueError("fresh_tyres: radar spaces after the Advanced start, "
                             "up to the final lap (FGP 11.4)")
        if self.late_pit_bonus_degraded > self.late_pit_bonus:
            raise ValueError("late_pit_bonus_degraded: the lesser side (FGP 11.4)")
        return self

    def fresh_tyres_space(self, colour: str) -> int:
        """[ADV] FGP 3.2 f / 11.4: the radar space of the Fresh Tyres token on
        this side of the panel (fresh_tyres lists the green side's first)."""
        return self.fresh_tyres[0 if colour == "green" else 1]

    def standard_rounds(self) -> int:
        return self.final_lap - self.start_standard + 1


class Content(Strict):
    boards: list[Board]
    action: ActionDeck
    event: EventDeck
    risk: RiskDeck
    damage: DamageDeck
    failure: FailureDeck
    driver: DriverDeck
    champions: DriverDeck
    team_radio: TeamRadioDeck
    dice: Dice
    control: Control
    weather: WeatherDeck
    sources: dict[str, str]

    @model_validator(mode="after")
    def _names_per_deck(self):
        # players tell cards apart by name (and `named` looks cards up by it), so a
        # name belongs to one deck (copies of a card within a deck share it)
        seen: dict[str, str] = {}
        for deck in ("event", "risk", "damage", "failure", "driver", "champions", "team_radio"):
            for c in getattr(self, deck).cards:
                if seen.setdefault(c.name, deck) != deck:
                    raise ValueError(f"card name {c.name!r} is used in the {seen[c.name]} "
                                     f"and the {deck} decks")
        return self

    def board(self, key: str) -> Board:
        for b in self.boards:
            if b.key == key:
                return b
        raise BadInput(f"unknown FormulaGP board {key!r}; choose from "
                       f"{', '.join(b.key for b in self.boards)}")

    def named(self, name: str) -> list:
        """Every EVENT/RISK/DAMAGE/FAILURE card with this name."""
        return [c for deck in (self.event, self.risk, self.damage, self.failure)
                for c in deck.cards if c.name == name]

    def drivers(self) -> list[DriverCard]:
        return [*self.driver.cards, *self.champions.cards]

    def standard(self, deck: Literal["event", "risk"]) -> list:
        """FGP 3.4: the cards kept for a Standard game."""
        return [c for c in getattr(self, deck).cards if c.mode == "all"]

    def race_cards(self, deck: Literal["event", "risk"], rules: str) -> list:
        """FGP 3.4: the cards of the deck for this rule level (an Advanced race
        keeps the Advanced-only cards too)."""
        return list(getattr(self, deck).cards) if rules == "advanced" else self.standard(deck)


def _unique(what: str, keys: list[str]) -> None:
    seen = set()
    for k in keys:
        if k in seen:
            raise ValueError(f"duplicate {what} {k!r}")
        seen.add(k)


# =========================================================================
# Loader
# =========================================================================
class _BoardsFile(Strict):
    boards: list[Board]

    @model_validator(mode="after")
    def _check(self):
        _unique("board", [b.key for b in self.boards])
        _unique("team number", [str(b.number) for b in self.boards])
        if len(self.boards) < 6:
            raise ValueError("at least six team boards")
        return self


# file name -> (top-level key, model of that key's value)
FILES: dict[str, type[BaseModel]] = {
    "boards": _BoardsFile, "action": ActionDeck, "event": EventDeck, "risk": RiskDeck,
    "damage": DamageDeck, "failure": FailureDeck, "driver": DriverDeck,
    "champions": DriverDeck, "team_radio": TeamRadioDeck, "dice": Dice, "control": Control,
    "weather": WeatherDeck,
}


def _read(path: Path) -> dict:
    return read_toml(path)


@lru_cache(maxsize=8)
def load_content(directory: str | None = None) -> Content:
    """Read and validate every content file; cached per directory.

    Every file carries `source` (saying it is our reconstruction) and the
    data: boards.toml `[[boards]]`; the decks `[[cards]]`; dice.toml
    `[dice]`; control.toml `[control]`.
    """
    base = Path(directory) if directory else CONTENT_DIR
    if not base.is_dir():
        raise BadInput(f"{base}: content directory not found")
    parts: dict = {}
    sources: dict[str, str] = {}
    for name, model in FILES.items():
        path = base / f"{name}.toml"
        data = _read(path)
        src = data.pop("source", None)
        if not isinstance(src, str) or "reconstruction" not in src:
            raise BadInput(f"{path}: source: say that this file is a reconstruction")
        sources[name] = src
        try:
            if name in ("dice", "control"):
                unknown = sorted(set(data) - {name})
                if unknown:
                    raise BadInput(f"{path}: unknown top-level key(s) {', '.join(unknown)}; "
                                   f"expected only source and {name}")
                if name not in data:
                    raise BadInput(f"{path}: missing the top-level {name!r} table")
                parts[name] = model.model_validate(data[name])
            elif name == "boards":
                parts[name] = model.model_validate(data).boards
            else:
                parts[name] = model.model_validate(data)
        except ValidationError as exc:
            raise BadInput(_describe(path, data.get(name, data) if name in ("dice", "control")
                                     else data, exc)) from None
    try:
        return Content(**parts, sources=sources)
    except ValidationError as exc:              # the checks across files
        raise BadInput(f"{base}: {first_error(exc)[0].get('msg', exc)}") from None


def _describe(path: Path, doc: dict, exc: ValidationError) -> str:
    """First validation error as 'FILE: where: message'; list items are named
    by their id/key (e.g. action.toml: A07.leds)."""
    err, more = first_error(exc)
    where = field_path(doc, err.get("loc", ()), label_keys=("id", "key", "side"),
                       collapse=("cards", "boards"))
    return f"{path}: {where}: {err.get('msg', '')}{more}"


@lru_cache(maxsize=8)
def content_version(directory: str | None = None) -> str:
    """A short stable hash of everything a race is played with: the cards,
    boards, dice and race control of `directory` (the shipped files by
    default), the tile library and the tracks. Records carry it, so a record
    says which content it was played on."""
    from ...engine.hashing import sha256_of
    from .track import load_library, track, track_keys
    doc = {"content": load_content(directory).model_dump(mode="json"),
           "tiles": load_library().model_dump(mode="json"),
           "tracks": {k: track(k).spec.model_dump(mode="json") for k in track_keys()}}
    return sha256_of(doc)[:12]
