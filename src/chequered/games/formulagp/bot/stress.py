"""BOT 7.4 Pro BOT Stress Management (option `bot_stress`): a Pro BOT's own
stress level on its control card, apart from the player board's stress track
(which the BOT rules do not use).

A Pro BOT's record (bot/table.py) holds `stress` (0, 1 or 2 = the maximum:
the Stress token's back side), `focus` (the +1 Focus Bonus token lies on the
card) and `stress_round` (the game round it last gained stress: once a round).

Choices (docs/rules/formulagp.md, "Choices"):
* A206 The levels: 2 (maximum, token back side), 1 (front side), 0 (no token:
  the Focus Bonus token). From round 4 a round in which the BOT gained no
  stress ends its movement one level lower (round 3's is the round-start one,
  "the following game round" then takes the next); the Focus Bonus is +1
  movement point as a player's (FGP 13.3), not for the race leader.
* A207 "While at the maximum stress level it must move with GREEN pace" holds
  in every round, the first two too (the race starts at the maximum): the
  optional rule replaces the start's WHITE pace rolls (BOT 1.7.2) while it lasts.
* A208 The stress gains: the first RED die of a BOT's roll (not the second,
  counter-steer roll of BOT 6.2; a loss of control comes from that roll, so it
  counts once), a wheel-to-wheel token turned to its Stress side at the end of
  a round (BOT 3.4). The reset to level 1: where the players' stress is reset
  for a pit stop, a Safety Car or a Virtual Safety Car (FGP 11.2, 13.9.2-3); not
  at a red flag, which BOT 7.4 does not name.
"""
from __future__ import annotations

from ....engine.protocol import Event
from ..rules.where import race_round
from .table import kind, record

OPTION = "bot_stress"
MAX = 2                          # BOT 7.4: the Stress token's back side
FOCUS_MP = 1                     # the +1 Focus Bonus token (as FGP 13.3's)
DROP_ROUND = 3                   # BOT 7.4: "at the start of the 3rd game round"


def on(race, seat: int) -> bool:
    return OPTION in race.config.options and kind(race, seat) == "pro"


def level(race, seat: int) -> int | None:
    return record(race, seat).get("stress") if on(race, seat) else None


def start(rec: dict) -> None:
    """BOT 7.4: the race begins with every Pro BOT at the maximum."""
    rec.update(stress=MAX, focus=False, stress_round=0)


def _round(race) -> int:
    return race_round(race)


def _set(race, seat: int, n: int, rule: str, why: str) -> list[Event]:
    rec = record(race, seat)
    rec["stress"] = n
    rec["focus"] = n == 0                   # no token: the Focus Bonus token instead
    return [Event("bot_stress", {"seat": seat, "stress": n, "focus": rec["focus"], "why": why},
                  rule)]


def gain(race, seat: int, why: str) -> list[Event]:
    """BOT 7.4: +1 stress, once a game round; at the maximum nothing happens
    (no RED die as for players)."""
    if not on(race, seat):
        return []
    rec = record(race, seat)
    r = _round(race)
    if rec.get("stress_round") == r or rec["stress"] >= MAX:
        rec["stress_round"] = r
        return []
    rec["stress_round"] = r
    return _set(race, seat, rec["stress"] + 1, "BOT 7.4", why)


def round_start(race) -> list[Event]:
    """BOT 7.4: at the start of the 3rd game round every Pro BOT one level down."""
    ev: list[Event] = []
    if _round(race) != DROP_ROUND:
        return ev
    for c in race.cars:
        if on(race, c.seat) and record(race, c.seat)["stress"] > 0:
            ev += _set(race, c.seat, record(race, c.seat)["stress"] - 1, "BOT 7.4", "round 3")
    return ev


def after_move(race, seat: int) -> list[Event]:
    """BOT 7.4 (A206): after its movement, from round 4, a Pro BOT that gained no
    stress this round drops a level."""
    if not on(race, seat) or _round(race) <= DROP_ROUND:
        return []
    rec = record(race, seat)
    if rec.get("stress_round") == _round(race) or rec["stress"] == 0:
        return []
    return _set(race, seat, rec["stress"] - 1, "BOT 7.4", "calm")


def reset(race, seats, why: str) -> list[Event]:
    """BOT 7.4: a pit stop, a VSC or a Safety Car sets the stress to level 1."""
    ev: list[Event] = []
    for s in seats:
        if on(race, s):
            ev += _set(race, s, 1, "BOT 7.4", why)
    return ev


RESETS = {"FGP 11.2": "pit", "FGP 13.9.2": "sc", "FGP 13.9.3": "vsc"}   # not a red flag


def reset_at(race, seat: int, rule: str) -> list[Event]:
    """Where the players' stress goes back to the middle space (rules/car_state.py):
    a Pro BOT's to level 1 at a pit stop, a Safety Car or a VSC (BOT 7.4)."""
    why = RESETS.get(rule)
    return reset(race, [seat], why) if why else []


def green_pace(race, seat: int) -> bool:
    """BOT 7.4 (A207): at the maximum stress level the BOT moves with GREEN pace."""
    return level(race, seat) == MAX


def focus_mp(race, seat: int) -> int:
    """BOT 7.4: the +1 Focus Bonus token, not for the race leader (flipped)."""
    if not on(race, seat) or not record(race, seat).get("focus"):
        return 0
    return 0 if race.leader == seat else FOCUS_MP


WHY = {"red": "rolls the RED die", "w2w": "a second round wheel-to-wheel", "round 3":
       "the third round", "calm": "a calm round", "pit": "pit stop", "sc": "Safety Car",
       "vsc": "Virtual Safety Car"}
EVENT_TEXT = {
    "bot_stress": lambda d, w: (
        f"{w.who(d['seat'])} (Pro BOT) stress {d['stress']}"
        + (" (maximum: GREEN pace)" if d["stress"] == MAX else "")
        + (", +1 Focus Bonus" if d["focus"] else "") + f" - {WHY[d['why']]}"),
}
