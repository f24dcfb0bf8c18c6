"""[ADV] The weather (FGP 3.3, 10.2, 10.2.1, 13.1, 13.1.1, 13.13.4, 15.14) as
pure functions; rules/weather_steps.py applies them to a race.

`Race.weather` is None in a Standard race; in an Advanced race it is a dict:
  card        the WEATHER card on the race control panel (content/weather.toml)
  marker      radar space of the Weather token, None once removed (FGP 13.1)
  side        "die" (the forecast check to come) or "change" (the weather icon)
  temperature "normal" / "hot" / "extreme" once a Sunny race has started (7.2)
  drying      radar space where the rain stopped (13.1.1: one Standing Water
              token leaves each later round), else None
  wet_race    it has rained in this race (FGP 5.1.3, 10.2)
Standing Water tokens lie on `Race.hazards` as "standing_water" (FGP 13.13).

Choices (docs/rules/formulagp.md "Choices"):
- A85 the track temperature is one wear increase at the race start.
- A86 what counts as driving through and stopping on a Standing Water tile.
- A87 wet tyres may be fitted in any Advanced race.
- A88 where the Standing Water tokens go.
- A89 option `weather_modifier` (15.14) moves the Weather token each time it is placed.
"""
from __future__ import annotations

from typing import Iterable

WATER = "standing_water"               # the hazard token name (FGP 13.13.4; flags.KEEP_ON_SC)
DRY_IN_RAIN = "dry_in_rain"            # FGP 13.2 [ADV] hazard-check events (rules.hazards names)
STANDING_WATER = "standing_water"


def new_weather(card: str) -> dict:
    return {"card": card, "marker": None, "side": "die", "temperature": None,
            "drying": None, "wet_race": False}


def white_times(value: int, multiplier: int) -> int:
    """FGP 3.3 / 13.1: a WHITE roll (the icon counts 1) times the card's value."""
    return value * multiplier


def forecast_check(total: int, round_no: int) -> str:
    """FGP 13.1: the WHITE roll times the card's value against the round: lower,
    the weather holds ("none"); equal, it changes now ("now"); higher, the
    token moves to that space with its weather icon up ("later")."""
    if total < round_no:
        return "none"
    return "now" if total == round_no else "later"


def modifier_shift(first_green: bool, second_value: int, second_icon: bool) -> int:
    """FGP 15.14: a green first roll moves the Weather token forward by the
    second roll, a red one back; the second roll's 1 (the icon face) does nothing."""
    n = 0 if second_icon or second_value == 1 else second_value
    return n if first_green else -n


def place_marker(space: int, shift: int, flag: int) -> int:
    """FGP 15.14 (A89): the shifted space, never on or behind the Chequered
    Flag (the token could no longer be reached): at the earliest the next round."""
    return max(flag + 1, space + shift)


def water_tiles(lap_tiles: int, counts: Iterable[int], *, taken: Iterable[int] = ()) -> list[int]:
    """FGP 3.3 / 13.1.1 (A88): each count is a number of track tiles forward,
    the first from the Start/Finish line (count 1 is the first tile after the
    line, tile 0), the next from the token before. A tile that already holds
    a token gets none: the token goes on the next free tile ahead."""
    used = set(taken)
    out: list[int] = []
    at = -1
    for n in counts:
        t = (at + n) % lap_tiles
        for _ in range(lap_tiles):
            if t not in used:
                break
            t = (t + 1) % lap_tiles
        else:
            break                                       # no free tile left
        used.add(t)
        out.append(t)
        at = t
    return out


def temperature_wear(temperature: str | None, tyre: str, *, hot: int, extreme: int) -> int:
    """FGP 3.3 (A85): Hot +1, Extreme +2 tyre wear for Soft and Medium tyres."""
    if tyre not in ("soft", "medium"):
        return 0
    return {"hot": hot, "extreme": extreme}.get(temperature or "normal", 0)


def tyre_bonus(bonus: int, *, tyre: str, raining: bool, degraded: int) -> int:
    """FGP 10.2.1: DRY tyres in the rain: the Tyre Bonus token is removed (0).
    WET tyres on a dry track: the token shows its +1 side (`degraded`, the
    board's lesser wet value), or stays as it is if it already does."""
    if raining and tyre != "wet":
        return 0
    if not raining and tyre == "wet":
        return min(bonus, degraded)
    return bonus


def single_green(colours: list[str]) -> bool:
    """FGP 10.2.1: one GREEN card, or one ORANGE card played as GREEN."""
    return len(colours) == 1 and colours[0] == "green"


def water_events(through: list[int], *, pace: str) -> list[str]:
    """FGP 13.13.4 / 13.2: one hazard-check event per Standing Water tile
    driven through faster than Green pace (a RED or BLUE card, or a pair)."""
    return [STANDING_WATER for _ in through] if pace in ("red", "blue") else []


def touched_tiles(visited_tiles: list[int], start_tile: int | None) -> tuple[list[int], int | None]:
    """FGP 13.13 / 13.13.4 (A86): the tiles a move drove through (entered and
    left, the start tile not counted) and the tile it stopped on."""
    seen: list[int] = []
    for t in visited_tiles:
        if t != start_tile and t not in seen:
            seen.append(t)
    stop = visited_tiles[-1] if visited_tiles else None
    return [t for t in seen if t != stop], stop
