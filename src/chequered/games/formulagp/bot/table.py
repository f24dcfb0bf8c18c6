"""Where the BOTs live in the race: the BOT seats, their control cards and
face-up/face-down BOT cards, and the three BOT decks (BOT 1.2).

`Race.bots` is plain JSON-like data (None when no seat is a BOT):
  {"cars": {"<seat>": {...}}, "rookie": {"tactics": id, "side": side} | None,
   "next": the phase the race goes on with after the BOT setup}
a BOT car's record: kind ("pro" / "rookie"), card (control card id), side
("fast" / "slow"), bonus (the optional +1 MP of BOT 1.3 f), strategy (Pro:
STRATEGY card, face up), tactics (Pro: its TACTICS card) and tactics_up
(face up yet?), tyre_token ("full" / "lower"), pit ({"round", "space",
"icon"}: the Pit token on the Weather Radar; "entry": True once it lies on the
pit lane entry, BOT 4.1 / 5.1), battle (the BATTLE cards it has in play), stops
(Pro: pit stops made, BOT 5.2). The BOT decks are `Race.decks["strategy" | "tactics" | "battle"]`,
drawn through engine/chance.py like every other deck."""
from __future__ import annotations

from .content import BotContent, load_bot_content

BOT_KINDS = ("pro", "rookie")
BOT_DECKS = ("strategy", "tactics", "battle")


def first_phase(race, then: str) -> str:
    """The phase a new race starts with: the BOT setup (bot/setup.py) first
    when a seat is a BOT, then `then`."""
    if not any(c.controller in BOT_KINDS for c in race.cars):
        return then
    race.bots = {"cars": {}, "rookie": None, "next": then}
    return "bot_setup"


def bot_content(race) -> BotContent:
    return load_bot_content(race.content_dir)


def kind(race, seat: int) -> str | None:
    """'pro' or 'rookie' for a BOT seat, None for a player's."""
    k = race.cars[seat].controller
    return k if k in BOT_KINDS else None


def is_bot(race, seat: int) -> bool:
    # the seat's controller read here, not through kind() (asked some 360
    # times a race: a call fewer each)
    return race.cars[seat].controller in BOT_KINDS


def any_bots(race) -> bool:
    return any(c.controller in BOT_KINDS for c in race.cars)


def record(race, seat: int) -> dict:
    return race.bots["cars"][str(seat)]


def players(race) -> list[int]:
    """The seats the BOT rules do not drive."""
    return [c.seat for c in race.cars if c.controller not in BOT_KINDS]


def tactics_of(race, seat: int) -> str | None:
    """The TACTICS card a BOT drives by: its own (Pro) or the Rookies' one."""
    if kind(race, seat) == "rookie":
        rk = race.bots.get("rookie") or {}
        return rk.get("tactics")
    return record(race, seat).get("tactics")


def tyre_bonus(race, seat: int) -> int:
    """BOT 1.3 e / 4.1: the Pro BOT's tyre token, on its full or lower side;
    [ADV] BOT 6.10.1: none with Wet tyres on a dry track."""
    from ..rules.weather_steps import wet_on_dry
    from .events import tokens                    # BOT 6.3: a Damage token, -1
    if wet_on_dry(race, race.cars[seat]):
        return 0
    rec = record(race, seat)
    tok = bot_content(race).bot.tyre_tokens[race.cars[seat].tyre]
    bonus = tok.full if rec.get("tyre_token", "full") == "full" else tok.lower
    return max(0, bonus - tokens(race, seat)["tyre"])


def max_ot(race, seat: int) -> int:
    """BOT 1.3 a / 1.4.1 a: the maximum OT on the control card."""
    from .events import tokens                    # BOT 6.3: a Damage token, -1
    bc = bot_content(race)
    if kind(race, seat) == "rookie":
        return bc.rookie.max_ot
    return max(0, bc.pro_card(record(race, seat)["card"]).max_ot - tokens(race, seat)["ot"])


def speed(race, seat: int):
    """The movement display of the side in use (BOT 1.3 b, 1.4.1 b)."""
    bc = bot_content(race)
    rec = record(race, seat)
    if kind(race, seat) == "rookie":
        from .events import rookie_side           # BOT 6.10.2 [ADV]: the rain side
        return bc.rookie.side(rookie_side(race, rec["side"])).speed
    return bc.pro_card(rec["card"]).speed(rec["side"])
