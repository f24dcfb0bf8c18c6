"""BOT 6.3-6.10: race events for BOT cars, where they differ from the
players' procedures (which the step machine runs for every car).

* BOT 6.3: a Pro BOT's damage is a Damage token beside its OT level or its
  tyre marker (by the WHITE die), not a DAMAGE card; a Rookie takes none.
  The record's `damage` is {"ot": 0|1, "tyre": 0|1}; bot/table.py's max_ot
  and tyre_bonus read it.
* BOT 6.10.2 [ADV]: the Rookie control card shows its rain side while it rains.

Choices (docs/rules/formulagp.md, "Choices"):
* A149 A BOT draws no FAILURE cards: a Pro BOT's failures are the TACTICS
  Failure cards (BOT 5.4), a Rookie has none (BOT 5.3, 6.3).
"""
from __future__ import annotations

from ....engine.protocol import Event
from ..rules.dice import roll_die
from .table import kind, record

RULE_DAMAGE = "BOT 6.3"
ICONS = ("ot", "tyre")


def tokens(race, seat: int) -> dict:
    """The Pro BOT's Damage tokens: {"ot": 0|1, "tyre": 0|1}."""
    return record(race, seat).get("damage") or {"ot": 0, "tyre": 0}


def damage(race, seat: int) -> list[Event]:
    """BOT 6.3: a Pro BOT that takes damage rolls the WHITE die: red, a token
    beside the OT level (max OT -1); green, beside the tyre marker (tyre bonus
    -1); the die icon (1), a close call. One token an icon: a second goes to
    the other icon, a third does nothing. Rookies take no damage. Once per
    round, as for players (FGP 13.6)."""
    car = race.cars[seat]
    if kind(race, seat) != "pro":
        return [Event("bot_no_damage", {"seat": seat}, RULE_DAMAGE)]
    if car.damaged_this_round:
        return [Event("damage_ignored", {"seat": seat}, "FGP 13.6")]
    car.damaged_this_round = True
    ev: list[Event] = []
    face = roll_die(race, ev, "white", RULE_DAMAGE, seat=seat)
    if face.icon:
        ev.append(Event("bot_damage", {"seat": seat, "icon": None}, RULE_DAMAGE))
        return ev
    tok = dict(tokens(race, seat))
    want = "ot" if face.colour == "red" else "tyre"
    icon = want if not tok[want] else next((i for i in ICONS if not tok[i]), None)
    if icon is not None:
        tok[icon] = 1
        record(race, seat)["damage"] = tok
    ev.append(Event("bot_damage", {"seat": seat, "icon": icon}, RULE_DAMAGE))
    return ev


def no_failure(race, seat: int) -> list[Event]:
    """A149: a BOT draws no FAILURE card."""
    return [Event("bot_no_failure_card", {"seat": seat}, "BOT 5.4")]


def repair_tokens(race, seat: int) -> int:
    """BOT 5.3 / 6.6: the Damage tokens come off; how many there were."""
    n = sum(tokens(race, seat).values())
    record(race, seat).pop("damage", None)
    return n


def rookie_side(race, side: str) -> str:
    """BOT 1.4.1 b / 6.10.2 [ADV]: the rain side while it rains, otherwise the
    side chosen before the race."""
    from ..rules.weather_steps import raining
    from .table import bot_content
    return bot_content(race).rookie.rain_side if raining(race) else side


# ---- BOT 6.5: the Safety Car -------------------------------------------------------------
def safety_car(race) -> list[Event]:
    """BOT 6.5, at the start of a Safety Car period, for each Pro BOT whose Pit
    token lies TYRE side up on the Weather Radar: within four spaces of the
    Chequered Flag token, a green WHITE die sends it to the pit lane entry (an
    early stop); a token still on the radar then moves two spaces later (less
    wear), never past its tyre type's icon."""
    from .pits import to_pit_entry
    from .setup import radar_space
    from .table import bot_content
    if race.bots is None:
        return []
    bc = bot_content(race).bot
    ev: list[Event] = []
    for s, rec in race.bots["cars"].items():
        seat = int(s)
        tok = rec.get("pit")
        if rec.get("kind") != "pro" or not tok or tok.get("entry") or tok["icon"] != "tyre" \
                or tok.get("space") is None:            # no Pit token on the radar now
            continue
        if 0 <= tok["space"] - race.flag <= 4:
            if roll_die(race, ev, "white", "BOT 6.5", seat=seat).colour == "green":
                to_pit_entry(race, seat)
                ev.append(Event("bot_pit_call", {"seat": seat}, "BOT 6.5"))
                continue
        icon = bc.radar_icons[race.cars[seat].tyre]
        rnd = max(tok["round"], min(tok["round"] + 2, icon))
        if rnd != tok["round"]:
            tok.update(round=rnd, space=radar_space(race.bots["start"], rnd))
            ev.append(Event("bot_pit_token", {"seat": seat, "pit": dict(tok)}, "BOT 6.5"))
    return ev
