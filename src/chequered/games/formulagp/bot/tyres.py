"""BOT 1.6 [ADV] and BOT 4: a Pro BOT's tyres: the race-day track temperature
moves its Pit token earlier (BOT 1.6)."""
from __future__ import annotations

from ....engine.protocol import Event
from .setup import radar_space
from .table import kind, record

# BOT 1.6: rounds earlier for Soft and Medium tyres, by the Sunny temperature
EARLIER = {"normal": 0, "hot": 1, "extreme": 2}


def track_temperature(race, temperature: str | None) -> list[Event]:
    """BOT 1.6 [ADV]: in a Sunny race, Hot moves the Pit token of every Pro BOT
    on Soft or Medium tyres one game round earlier, Extreme two (A135: the
    token keeps its side)."""
    if race.bots is None or not EARLIER.get(temperature or "normal"):
        return []
    n = EARLIER[temperature]
    moved = {}
    for car in race.cars:
        if kind(race, car.seat) != "pro" or car.tyre not in ("soft", "medium"):
            continue
        tok = record(race, car.seat).get("pit")
        if not tok:
            continue
        tok["round"] -= n
        tok["space"] = radar_space(race.bots["start"], tok["round"])
        moved[str(car.seat)] = tok["round"]
    return [Event("bot_temperature", {"temperature": temperature, "rounds": n,
                                      "moved": moved}, "BOT 1.6")] if moved else []


# ---- BOT 4.1 [Pro BOT] tyre wear -------------------------------------------------------
def too_late(race) -> bool:
    """BOT 4.1 / 5.1: no Pro BOT stop once the Chequered Flag token is on a
    red-filled radar space (22-24, A120: radar spaces in every race) nor at the
    end of the race."""
    from .table import bot_content
    return race.flag >= bot_content(race).bot.no_pit_from or race.final_round


def pit_due(race, seat: int) -> bool:
    """BOT 4.1 / 5.1: the Pit token lies on the pit lane entry, not too late."""
    tok = record(race, seat).get("pit") or {}
    return bool(tok.get("entry")) and not too_late(race)


def flag_moved(race) -> list[Event]:
    """BOT 4.1: the Chequered Flag token reaches a Pro BOT's Pit token: the
    TYRE side: the WHITE die: green, the token moves on by the score (the die
    icon 1) and shows PIT; red, the tyre token goes to its lower side and the
    Pit token to the pit lane entry. The PIT side: to the pit lane entry, and
    with the full tyre token the WHITE die: red, the lower side."""
    if race.bots is None:
        return []
    from ..rules.dice import roll_die, white_value
    ev: list[Event] = []
    for car in race.cars:
        if kind(race, car.seat) != "pro":
            continue
        rec = record(race, car.seat)
        tok = rec.get("pit")
        if not tok or tok.get("entry") or tok.get("space") is None or race.flag < tok["space"]:
            continue
        face = None
        if tok["icon"] == "tyre" or rec.get("tyre_token", "full") == "full":
            face = roll_die(race, ev, "white", "BOT 4.1", seat=car.seat)
        if tok["icon"] == "tyre" and face.colour == "green":
            tok["round"] += white_value(face)
            tok["space"] = radar_space(race.bots["start"], tok["round"])
            tok["icon"] = "pit"
        else:
            if face is not None and face.colour == "red":
                rec["tyre_token"] = "lower"       # [ADV] Fresh Tyres: BOT 5.5 (todo)
            tok.update(icon="pit", entry=True)
        ev.append(Event("bot_pit_check", {"seat": car.seat, "pit": dict(tok),
                                          "tyre_token": rec.get("tyre_token", "full")},
                        "BOT 4.1"))
    return ev


# ---- BOT 4.2 [ADV] [Pro BOT] wrong tyres ---------------------------------------------------
def wrong_tyres(race, seat: int) -> bool:
    """BOT 4.2: DRY tyres on a wet track or WET tyres on a dry one (FGP 10.2.1);
    not the tyres fitted early for a confirmed weather change (BOT 5.5, A186)."""
    from ..rules.weather_steps import dry_in_rain, wet_on_dry
    from .pit_strategy import fitted_for_change
    car = race.cars[seat]
    return (dry_in_rain(race, car) or wet_on_dry(race, car)) \
        and not fitted_for_change(race, seat)


def check_wrong_tyres(race, seat: int) -> list[Event]:
    """BOT 4.2, at the start of a Pro BOT's turn: with the wrong tyres for the
    weather, once, the tyre token to its lower side and the Pit token to the
    pit lane entry (a stop due, BOT 4.1 / 5.1)."""
    if kind(race, seat) != "pro" or race.weather is None:
        return []
    rec = record(race, seat)
    if not wrong_tyres(race, seat):
        rec.pop("wrong_tyres", None)
        return []
    if rec.get("wrong_tyres"):
        return []
    rec["wrong_tyres"] = True
    rec["tyre_token"] = "lower"
    rec.setdefault("pit", {"round": None, "space": None}).update(icon="pit", entry=True)
    return [Event("bot_wrong_tyres", {"seat": seat, "tyre": race.cars[seat].tyre}, "BOT 4.2")]
