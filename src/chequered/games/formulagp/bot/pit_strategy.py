"""A Pro BOT's pit strategy beyond its Pit token: the second tyre check of
BOT 4.1's remark, the [ADV] Late Pit Bonus of BOT 5.5 (the Fresh Tyres token
and the early stop for a weather change) and the optional BOT 7.1 / 7.3
checks. bot/tyres.py is the Pit token itself (BOT 4.1), bot/pits.py the stop.

Race.bots keeps the optional tokens: "pit_check" (BOT 7.1: {"space", "seats"}
or None), "checked" ([seat, round] of the Pit tokens already checked),
"weather_check" (BOT 7.1: [space, marker] of the second Weather token). A Pro's
record: "weather_stop" ([marker, kind]: its stop fits the coming weather's
tyre), "weather_rolled" (the same, rolled red: no BOT 5.5 roll for it), "early_weather" (the tyres it fitted for that change) and "late_stop"
(BOT 7.3: the stop fits the card's final tyre).

Choices (docs/rules/formulagp.md, "Choices"):
* A184 BOT 4.1 remark: a Pro whose Pit token lies on the pit lane entry and
  that may no longer stop (radar space 22 on, the final round) rolls the WHITE
  die each time its move takes it past the pit entry tile while its tyre token
  is full: red, the lower side (the Fresh Tyres token with it).
* A185 BOT 5.5 [ADV]: the Fresh Tyres token of a Pro BOT shows the side of its
  tyre token (full: the +2, lower: the lesser side), so it flips with it; a BOT
  tyre never wears out (BOT 4.1 has two sides), so the token stays until the
  next stop. No bonus on the move out of the pit lane nor where the tyre bonus
  is not applied (A92).
* A186 BOT 5.5 [ADV] "a planned pit stop within 4 rounds of a confirmed weather
  change": a stop for its Pit token (not for a failure or wrong tyres) while the
  Weather token shows the change 1-4 radar spaces past the flag (FGP 13.1): the
  WHITE die, green: the coming weather's tyre (Rain: Wet; Cloudy: the last tyre
  of the card's Weather Change section). Those tyres are not 'wrong' (BOT 4.2)
  until that change comes.
* A187 BOT 7.1 (option `bot_pit_checks`): the Pit Check token goes 2 spaces
  before the earliest PIT-side Pit token on the radar (it waits until there is
  one); when the flag reaches it, each Pro whose PIT-side token lies on that
  space rolls (green: to the pit lane entry); it then goes 2 spaces before the
  earliest PIT-side token not yet checked and still more than 2 spaces ahead.
  The second Weather token goes 4 spaces before a confirmed change's Weather
  token; when the flag reaches it every Pit token on the radar from there to the
  change rolls: green, an early stop fitting the coming weather's tyre; red, its
  stop for that change rolls no more (the check stands for BOT 5.5's roll).
* A188 BOT 7.3 (option `bot_late_pit_check`, [ADV]: the Late Pit Bonus is
  Advanced): the second Pit Check token 2 spaces before the Fresh Tyres space;
  there every Pro that has pitted, but the race leader, rolls: green, its Pit
  token to the pit lane entry and the stop fits the card's final tyre; no stop
  from space 22 as ever ("not later than the 21st round"). All tyre types;
  option `bot_late_pit_soft_medium`: only Pros on Soft or Medium tyres.
"""
from __future__ import annotations

from ....engine.protocol import Event
from ..rules.dice import roll_die
from ..rules.where import track_of
from .table import bot_content, kind, record
from .tyres import too_late

WEATHER_AHEAD = 4           # BOT 5.5 / 7.1: "within 4 rounds", "4 spaces ahead"
CHECK_BEFORE = 2            # BOT 7.1 / 7.3: "2 spaces before"
PIT_CHECKS = "bot_pit_checks"
LATE_CHECK = "bot_late_pit_check"
LATE_SOFT_MEDIUM = "bot_late_pit_soft_medium"


def _pros(race):
    return [c for c in race.cars if kind(race, c.seat) == "pro"]


def _on_radar(tok) -> bool:
    return bool(tok) and not tok.get("entry") and tok.get("space") is not None


# ---- the weather to come (FGP 13.1) ------------------------------------------------------
def upcoming(race) -> tuple[int, str] | None:
    """A confirmed weather change (FGP 13.1: the Weather token on its weather
    side): (its radar space, the weather it brings)."""
    from ..rules.weather_steps import kind as weather
    wx = race.weather
    if wx is None or wx["marker"] is None or wx["side"] != "change":
        return None
    return wx["marker"], "rainy" if weather(race) == "cloudy" else "cloudy"


def weather_tyre(race, seat: int, to: str) -> str:
    """BOT 5.5: for Rain the Wet tyres, for Cloudy the last tyre type of the
    STRATEGY card (its Weather Change section)."""
    if to == "rainy":
        return "wet"
    return bot_content(race).strategy_card(record(race, seat)["strategy"]).weather[-1]


def fitted_for_change(race, seat: int) -> bool:
    """A186: tyres fitted for a confirmed change still to come are not wrong."""
    up = upcoming(race)
    return up is not None and record(race, seat).get("early_weather") == list(up)


# ---- the stop (bot/pits.py) ------------------------------------------------------------
def stop_tyre(race, ev: list, seat: int, planned: bool) -> str | None:
    """The tyre a Pro's stop fits instead of its STRATEGY card's next, or None:
    BOT 7.3 (the card's final tyre), BOT 7.1's weather check, BOT 5.5 [ADV]
    (a planned stop 1-4 rounds before a confirmed change: green)."""
    from ..rules.weather_steps import raining
    rec = record(race, seat)
    rec.pop("early_weather", None)
    up = upcoming(race)
    decided = rec.pop("weather_stop", None)
    rolled = rec.pop("weather_rolled", None)                      # BOT 7.1: red already
    if rec.pop("late_stop", False) and not raining(race):        # BOT 7.3
        return bot_content(race).strategy_card(rec["strategy"]).weather[-1]
    if up is None:
        return None
    early = decided == list(up)
    if not early and planned and rolled != list(up) and 0 < up[0] - race.flag <= WEATHER_AHEAD:
        early = roll_die(race, ev, "white", "BOT 5.5", seat=seat).colour == "green"
        ev.append(Event("bot_weather_stop", {"seat": seat, "early": early, "to": up[1]},
                        "BOT 5.5"))
    if not early:
        return None
    rec["early_weather"] = list(up)
    return weather_tyre(race, seat, up[1])


def late_pit_mp(race, seat: int) -> int:
    """[ADV] BOT 5.5 (A185): the Fresh Tyres token's movement points, on the
    side of the tyre token; none on the move out of the pit lane."""
    from ..rules.cards import content_of
    car = race.cars[seat]
    if kind(race, seat) != "pro" or not car.fresh_tyres or (race.move or {}).get("exit"):
        return 0
    control = content_of(race).control
    full = record(race, seat).get("tyre_token", "full") == "full"
    return control.late_pit_bonus if full else control.late_pit_bonus_degraded


# ---- BOT 4.1 remark: past the pit entrance too late to stop ----------------------------------
def passed_pit_entry(race, car, mv: dict) -> list[Event]:
    """BOT 4.1 remark (A184): a Pro due to stop that drove past the pit entry
    tile when it may no longer stop, its tyre token full: the WHITE die; red,
    the lower side."""
    seat = car.seat
    if not mv.get("bot") or kind(race, seat) != "pro" or car.space is None:
        return []
    rec = record(race, seat)
    trk = track_of(race)
    if not (rec.get("pit") or {}).get("entry") or rec.get("tyre_token", "full") != "full" \
            or trk.pit is None or not too_late(race):
        return []
    tile = trk.pit.entry_tile
    here = trk.spaces[car.space]
    passed = any(s is not None and trk.spaces[s].tile == tile and not trk.spaces[s].pit_lane
                 for s in mv.get("visited", []))
    if not passed or here.tile == tile or here.pit_lane:
        return []
    ev: list[Event] = []
    if roll_die(race, ev, "white", "BOT 4.1", seat=seat).colour == "red":
        rec["tyre_token"] = "lower"
    ev.append(Event("bot_tyre_check", {"seat": seat, "tyre_token": rec["tyre_token"]},
                    "BOT 4.1"))
    return ev


# ---- the round start: BOT 7.1 / 7.3 (options) ----------------------------------------------
def round_start(race) -> list[Event]:
    """The Chequered Flag has moved on (after BOT 4.1's check): the optional
    Pit Check tokens (BOT 7.1, 7.3) and the second Weather token (BOT 7.1)."""
    if race.bots is None:
        return []
    opts = race.config.options
    ev: list[Event] = []
    if PIT_CHECKS in opts:
        ev += _pit_check(race) + _weather_check(race)
    if LATE_CHECK in opts:
        ev += _late_check(race)
    return ev


def _place_check(race) -> None:
    """A187: 2 spaces before the earliest PIT-side Pit token not yet checked
    whose check still lies ahead."""
    done = race.bots.setdefault("checked", [])
    toks = [(record(race, c.seat)["pit"]["space"], c.seat) for c in _pros(race)
            if _on_radar(record(race, c.seat).get("pit"))
            and record(race, c.seat)["pit"]["icon"] == "pit"
            and [c.seat, record(race, c.seat)["pit"]["round"]] not in done
            and record(race, c.seat)["pit"]["space"] - CHECK_BEFORE >= race.flag]
    if not toks:
        race.bots["pit_check"] = None
        return
    space = min(toks)[0]
    race.bots["pit_check"] = {"space": space - CHECK_BEFORE,
                              "seats": [s for sp, s in sorted(toks) if sp == space]}


def _early(race, ev: list, seat: int, rule: str) -> bool:
    """BOT 7.1: the WHITE die: green, an early stop (the Pit token to the pit
    lane entry; the tyre token stays as it is)."""
    from .pits import to_pit_entry
    green = roll_die(race, ev, "white", rule, seat=seat).colour == "green"
    if green:
        to_pit_entry(race, seat)
    ev.append(Event("bot_early_stop", {"seat": seat, "early": green}, rule))
    return green


def _pit_check(race) -> list[Event]:
    """BOT 7.1: the Pit Check token reached: each Pro it was placed for rolls."""
    chk = race.bots.get("pit_check")
    if chk is None:
        _place_check(race)
        chk = race.bots["pit_check"]
    if chk is None or race.flag < chk["space"]:
        return []
    ev: list[Event] = []
    for seat in chk["seats"]:
        tok = record(race, seat).get("pit")
        if _on_radar(tok):
            race.bots["checked"].append([seat, tok["round"]])
            _early(race, ev, seat, "BOT 7.1")
    _place_check(race)
    return ev


def _weather_check(race) -> list[Event]:
    """BOT 7.1: the second Weather token, 4 spaces before a confirmed change;
    reached, every Pit token on the radar from it to the change rolls: green,
    an early stop for the coming weather's tyres."""
    up = upcoming(race)
    if up is None:
        return []
    space = up[0] - WEATHER_AHEAD
    if race.bots.get("weather_check") == [space, up[0]] or race.flag < space:
        return []
    race.bots["weather_check"] = [space, up[0]]
    ev: list[Event] = []
    for car in _pros(race):
        tok = record(race, car.seat).get("pit")
        if _on_radar(tok) and space <= tok["space"] <= up[0]:
            # green: the stop fits the coming weather's tyre; red: no second
            # roll for this change at its stop (BOT 5.5's, A187)
            key = "weather_stop" if _early(race, ev, car.seat, "BOT 7.1") else "weather_rolled"
            record(race, car.seat)[key] = list(up)
    return ev


def _late_check(race) -> list[Event]:
    """BOT 7.3 (A188): at the second Pit Check token (2 spaces before the
    Fresh Tyres space) each Pro that has pitted, not the leader, rolls."""
    from ..rules.late_pit import advanced, fresh_tyres_space
    from .tyres import too_late
    if not advanced(race) or race.flag != fresh_tyres_space(race) - CHECK_BEFORE \
            or too_late(race):
        return []
    only = ("soft", "medium") if LATE_SOFT_MEDIUM in race.config.options else None
    ev: list[Event] = []
    for car in _pros(race):
        rec = record(race, car.seat)
        if not rec.get("stops") or car.seat == race.leader \
                or (only and car.tyre not in only):
            continue
        if _early(race, ev, car.seat, "BOT 7.3"):
            rec["late_stop"] = True
    return ev
