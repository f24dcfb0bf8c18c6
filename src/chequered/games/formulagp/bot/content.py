"""The BOT components (BOT 1.2) as validated data: content/bot.toml.

Our reconstruction: the BOT rules name the control cards, the three BOT decks
and the tokens and say which fields the rules read off them, never what each
card shows. The schema below holds every field a BOT rule reads (BOT 1-7) and
checks every number the book gives (the counts of BOT 1.1 / 1.2, the tyre
lives of BOT 1.3.2, the radar icons of BOT 1.3.2 and 6.5, ...).

bot.toml lives beside the core content files but is read on its own, so the
core `content_version` (and every Standard record) is unchanged by it."""
from __future__ import annotations

from collections import Counter
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import Field, ValidationError, model_validator

from ....engine.content import field_path, first_error, read_toml
from ....engine.protocol import BadInput
from ..schema import CONTENT_DIR, GEARS, Strict, TyreType

BOT_PACES = ("green", "red")               # BOT 2.1: BOTs drive the GREEN or the RED pace
DRY = ("soft", "medium", "hard")
Response = Literal["surrender", "not_aggressive", "aggressive"]      # BOT 2.2.1
Aggression = Literal["leds", "die", "join", "lose", "best", "worst", "cross"]   # BOT 3.2.3.1


class BotPace(Strict):
    green: int = Field(ge=0, le=12)
    red: int = Field(ge=0, le=12)


class BotSpeed(Strict):
    """A BOT control card's movement display: gear x pace -> MP (BOT 2.1)."""
    gear2: BotPace
    gear4: BotPace
    gear6: BotPace
    gear8: BotPace

    def mp(self, gear: int, pace: str) -> int:
        if gear not in GEARS or pace not in BOT_PACES:
            raise ValueError(f"no BOT movement for gear {gear}, pace {pace}")
        return getattr(getattr(self, f"gear{gear}"), pace)

    @model_validator(mode="after")
    def _check(self):
        for g in GEARS:
            if not self.mp(g, "green") < self.mp(g, "red"):        # BOT 2.1: RED is race pace
                raise ValueError(f"gear{g}: GREEN pace must be slower than RED")
        for p in BOT_PACES:
            vals = [self.mp(g, p) for g in GEARS]
            if vals != sorted(vals):
                raise ValueError(f"{p}: movement points must not drop in a higher gear")
        return self


def _slower(fast: BotSpeed, slow: BotSpeed, what: str) -> None:
    """BOT 1.3 b / 1.4.1 b: the slower side never beats the faster one."""
    pairs = [(fast.mp(g, p), slow.mp(g, p)) for g in GEARS for p in BOT_PACES]
    if any(s > f for f, s in pairs) or all(s == f for f, s in pairs):
        raise ValueError(f"{what}: the slower side must be slower than the faster side")


class RookieSide(Strict):
    side: Literal["fast", "slow"]
    quali_leds: int = Field(ge=0, le=6)       # BOT 1.5.2: LEDs of the difficulty level
    speed: BotSpeed


class RookieCard(Strict):
    """BOT 1.4.1: the one control card every Rookie BOT uses."""
    id: str
    max_ot: int = Field(ge=1, le=4)           # a)
    rain_side: Literal["fast", "slow"]        # b) the side used in the Rain (A123)
    text: str
    sides: list[RookieSide]

    def side(self, name: str) -> RookieSide:
        return next(s for s in self.sides if s.side == name)

    @model_validator(mode="after")
    def _check(self):
        if sorted(s.side for s in self.sides) != ["fast", "slow"]:
            raise ValueError("the Rookie control card has a faster and a slower side")
        _slower(self.side("fast").speed, self.side("slow").speed, self.id)
        if self.side("slow").quali_leds > self.side("fast").quali_leds:
            raise ValueError("the slower side cannot add more qualifying LEDs")
        return self


class ProCard(Strict):
    """BOT 1.3: a Pro BOT control card (two per team, one per driver)."""
    id: str
    team: str                                  # the board key of its team (FGP 16.5 colours)
    number: int = Field(ge=1, le=10)
    driver: int = Field(ge=1, le=2)
    max_ot: int = Field(ge=1, le=4)            # a)
    fast: BotSpeed                             # b) the faster side
    slow: BotSpeed                             #    the slower side

    def speed(self, side: str) -> BotSpeed:
        return self.fast if side == "fast" else self.slow

    @model_validator(mode="after")
    def _check(self):
        _slower(self.fast, self.slow, self.id)
        return self


class StrategyCard(Strict):
    """BOT 1.3.1: a Pro BOT's tyre strategy."""
    id: str
    start: list[Literal["soft", "medium", "hard"]]    # by WHITE face 1..6
    pit: Literal["soft", "medium", "hard", "roll"]
    pit_roll: list[Literal["soft", "medium", "hard"]] | None = None
    weather: list[Literal["soft", "medium", "hard"]]  # after the rain, then the third tyre

    @model_validator(mode="after")
    def _check(self):
        if len(self.start) != 6:
            raise ValueError("start: one tyre for each WHITE die face (6)")
        if (self.pit == "roll") != (self.pit_roll is not None):
            raise ValueError("pit_roll is given exactly when the pit tyre is rolled")
        if self.pit_roll is not None and len(self.pit_roll) != 6:
            raise ValueError("pit_roll: one tyre for each WHITE die face (6)")
        if len(self.weather) != 2:
            raise ValueError("weather: the next tyre and the third tyre (BOT 1.3.1)")
        return self


class Blocked(Strict):
    green: Response
    red: Response


class TacticsCard(Strict):
    """BOT 2.2-2.4, 3.2.2, 5.4: lane arrows, blocked responses, corner
    modifier, hazard, battle decisions; rookie: the single-LED icon."""
    id: str
    rookie: bool = False
    failure: bool = False
    tile: Literal["straight", "curve"]
    lane: int = Field(ge=0, le=4)
    arrow: Literal["left", "right"]
    blocked: Blocked
    corner: int = Field(ge=-2, le=2)
    hazard: Literal["move", "corner", "battle"] | None = None
    attack: Literal["yes", "roll", "no"]
    defend: Literal["yes", "roll", "no"]

    @model_validator(mode="after")
    def _check(self):
        if self.failure != (self.attack == "no" == self.defend):
            raise ValueError("only a Failure card forbids attack and defence (BOT 5.4)")
        if self.hazard == "corner" and self.corner <= 0:
            raise ValueError("a corner hazard sits on a movement extension (BOT 2.4)")
        if self.rookie and (self.failure or self.hazard):
            raise ValueError("Rookie BOTs have no failures and never roll the RED die (BOT 5.3, 6.1)")
        return self


class BattleCard(Strict):
    """BOT 3.2.3: aggression, LEDs and potential OT."""
    id: str
    leds: int = Field(ge=0, le=6)
    ot: int = Field(ge=1, le=3)
    aggression: Aggression


class PitToken(Strict):
    number: int = Field(ge=1, le=10)
    sides: list[Literal["tyre", "pit"]]


class PitCheck(Strict):
    id: str
    sides: list[Literal["check", "late"]]


class TyreToken(Strict):
    full: int = Field(ge=0, le=4)
    lower: int = Field(ge=0, le=4)


class BotConstants(Strict):
    difficulty_bonus: int
    pole_leds: int
    start_gear: int
    no_pit_from: int
    tyre_life: dict[TyreType, int]
    radar_icons: dict[TyreType, int]
    tyre_tokens: dict[TyreType, TyreToken]

    @model_validator(mode="after")
    def _check(self):
        for t in ("soft", "medium", "hard", "wet"):
            if t not in self.tyre_life or t not in self.radar_icons or t not in self.tyre_tokens:
                raise ValueError(f"every tyre type needs its life, radar icon and token: {t}")
            if self.radar_icons[t] <= self.tyre_life[t]:
                raise ValueError(f"{t}: the radar icon lies past the basic life")
            tok = self.tyre_tokens[t]
            if tok.lower >= tok.full:
                raise ValueError(f"{t}: the lower side shows the smaller bonus (BOT 4.1)")
        return self


class BotContent(Strict):
    bot: BotConstants
    rookie: RookieCard
    pro: list[ProCard]
    strategy: list[StrategyCard]
    tactics: list[TacticsCard]
    battle: list[BattleCard]
    pit_tokens: list[PitToken]
    pit_checks: list[PitCheck]

    @model_validator(mode="after")
    def _check(self):
        # BOT 1.2: the component counts
        for what, n in (("pro", 20), ("strategy", 14), ("tactics", 30), ("battle", 30),
                        ("pit_tokens", 10), ("pit_checks", 2)):
            if len(getattr(self, what)) != n:
                raise ValueError(f"{what}: BOT 1.2 counts {n}, found {len(getattr(self, what))}")
        for what in ("pro", "strategy", "tactics", "battle"):
            ids = [c.id for c in getattr(self, what)]
            dup = [i for i, k in Counter(ids).items() if k > 1]
            if dup:
                raise ValueError(f"{what}: duplicate id(s) {', '.join(dup)}")
        # BOT 1.1: 10 TACTICS cards carry the single-LED Rookie icon
        if sum(c.rookie for c in self.tactics) != 10:
            raise ValueError("tactics: 10 cards carry the single-LED icon (BOT 1.1)")
        # BOT 1.2: a pit token per team number; two control cards per team
        if sorted(t.number for t in self.pit_tokens) != list(range(1, 11)):
            raise ValueError("pit_tokens: one per team number 1-10")
        per_team = Counter((c.team, c.number) for c in self.pro)
        if len(per_team) != 10 or set(per_team.values()) != {2}:
            raise ValueError("pro: two control cards for each of the 10 teams")
        # BOT 1.5.1: a BATTLE card may show 0 LEDs (then another is drawn)
        if not any(c.leds == 0 for c in self.battle):
            raise ValueError("battle: some cards show no LEDs (BOT 1.5.1)")
        return self

    def pro_card(self, card_id: str) -> ProCard:
        return next(c for c in self.pro if c.id == card_id)

    def pro_for(self, team: str, driver: int = 1) -> ProCard:
        """The Pro BOT control card of a team's driver (A121: the first)."""
        for c in self.pro:
            if c.team == team and c.driver == driver:
                return c
        raise BadInput(f"bot.toml: no Pro BOT control card for team {team!r} (driver {driver})")

    def strategy_card(self, card_id: str) -> StrategyCard:
        return next(c for c in self.strategy if c.id == card_id)

    def tactics_card(self, card_id: str) -> TacticsCard:
        return next(c for c in self.tactics if c.id == card_id)

    def battle_card(self, card_id: str) -> BattleCard:
        return next(c for c in self.battle if c.id == card_id)


@lru_cache(maxsize=8)
def load_bot_content(directory: str | None = None) -> BotContent:
    """Read and validate bot.toml of a content folder (the shipped one by default)."""
    path = (Path(directory) if directory else CONTENT_DIR) / "bot.toml"
    if not path.is_file():
        path = CONTENT_DIR / "bot.toml"          # a core-only content folder: the shipped BOTs
    data = read_toml(path)
    src = data.pop("source", None)
    if not isinstance(src, str) or "reconstruction" not in src:
        raise BadInput(f"{path}: source: say that this file is a reconstruction")
    try:
        return BotContent.model_validate(data)
    except ValidationError as exc:
        err, more = first_error(exc)
        where = field_path(data, err.get("loc", ()), label_keys=("id", "number"),
                           collapse=("pro", "strategy", "tactics", "battle"))
        raise BadInput(f"{path}: {where}: {err.get('msg', '')}{more}") from None
