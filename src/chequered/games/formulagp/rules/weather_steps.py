"""[ADV] The weather in a race (FGP 3.2 f-i, 3.3, 7.2, 10.2, 10.2.1, 13.1,
13.1.1, 13.13.4, 15.14): the calls the setup, the round machine and the turn
make, each one line at its place. The rules are rules/weather.py; nothing here
does anything in a Standard race (`Race.weather` is None)."""
from __future__ import annotations

from ....engine import chance
from ....engine.protocol import Event
from ..bot import hazards as BZ
from ..bot.table import is_bot
from ..state import Race
from . import cards as C
from . import weather as W
from .dice import roll_die, white_value
from .hazards import dice_for


def _deck(race: Race):
    return C.content_of(race).weather


def card_of(race: Race):
    return _deck(race).card(race.weather["card"])


def kind(race: Race) -> str | None:
    """"sunny", "cloudy" or "rainy" (the card on the panel); None: no weather."""
    return card_of(race).kind if race.weather is not None else None


def raining(race: Race) -> bool:
    return kind(race) == "rainy"


def dry_in_rain(race: Race, car) -> bool:
    """FGP 10.2.1: DRY tyres on a wet track (no Late Pit Bonus either, 11.4)."""
    return raining(race) and car.tyre != "wet"


def wet_on_dry(race: Race, car) -> bool:
    """FGP 10.2.1: WET tyres on a dry track (the Fresh Tyres token flips too, 11.4)."""
    return race.weather is not None and not raining(race) and car.tyre == "wet"


def wet_race(race: Race) -> bool:
    """FGP 5.1.3 / 10.2: it has rained: no mandatory stop, one tyre type will do."""
    return race.weather is not None and race.weather["wet_race"]


def wet_allowed(race: Race) -> bool:
    """FGP 10.2 (A87): Wet tyres may be fitted in any Advanced race."""
    return race.config.rules == "advanced"


# ---- FGP 3.2 f-i, 3.3: setup ------------------------------------------------------------
def setup(race: Race, ev: list) -> None:
    """FGP 3.2 g-i / 3.3: shuffle the WEATHER cards and draw the forecast;
    Cloudy: the Weather token on WHITE x 4, die side up; Rainy: WHITE die
    Standing Water tokens set aside, the token on WHITE x 4, the tokens on the
    track (3.3, continued at the end of the book), race control on the
    cloud-icon space. Sunny: nothing more until the race starts (7.2)."""
    deck = chance.new_deck(race.chance, ev, [c.id for c in _deck(race).cards],
                           rule="FGP 3.3", what="WEATHER cards")
    card = _deck(race).card(chance.draw(race.chance, ev, deck, rule="FGP 3.2 g",
                                        what="WEATHER card"))
    race.weather = W.new_weather(card.id)
    ev.append(Event("weather", {"card": card.id, "kind": card.kind}, "FGP 3.3"))
    if card.kind == "sunny":
        return
    tokens = 0
    if card.kind == "rainy":
        tokens = white_value(roll_die(race, ev, "white", "FGP 3.3"))
        tokens = min(tokens, _deck(race).weather.standing_water_tokens)
    _place_marker(race, ev, W.white_times(white_value(roll_die(race, ev, "white", "FGP 3.3")),
                                          card.radar), "die")
    if card.kind == "rainy":
        race.weather["wet_race"] = True
        first = white_value(roll_die(race, ev, "white", "FGP 3.3")) * tokens
        rest = [white_value(roll_die(race, ev, "white", "FGP 3.3")) for _ in range(tokens - 1)]
        ev += _water(race, [first, *rest], "FGP 3.3")
        race.yellow_panel += _deck(race).weather.rain_start_panel


def _place_marker(race: Race, ev: list, space: int, side: str) -> None:
    """FGP 3.3 / 13.1: the Weather token on a radar space; FGP 15.14 (option
    `weather_modifier`): two more WHITE rolls move it."""
    if "weather_modifier" in race.config.options:
        first = roll_die(race, ev, "white", "FGP 15.14")
        second = roll_die(race, ev, "white", "FGP 15.14")
        space = W.place_marker(space, W.modifier_shift(first.colour == "green", second.value,
                                                       second.icon), race.flag)
    race.weather["marker"], race.weather["side"] = space, side
    ev.append(Event("weather_token", {"space": space, "side": side}, "FGP 13.1"))


def _water(race: Race, counts: list[int], rule: str) -> list[Event]:
    from .where import track_of
    trk = track_of(race)
    tiles = W.water_tiles(trk.lap_tiles, counts, taken=race.hazards)
    for t in tiles:
        race.hazards[t] = W.WATER
    return [Event("standing_water", {"tiles": tiles}, rule)] if tiles else []


# ---- FGP 7.2: the race start -------------------------------------------------------------
def race_start(race: Race) -> list[Event]:
    """FGP 7.2 / 3.3 (A85): a Sunny race rolls the WHITE die for the track
    temperature; Hot and Extreme wear Soft and Medium tyres once, now."""
    if kind(race) != "sunny" or race.weather["temperature"] is not None:
        return []
    ev: list[Event] = []
    face = roll_die(race, ev, "white", "FGP 7.2")
    temp = card_of(race).temperature_for(face.value)
    race.weather["temperature"] = temp
    ev.append(Event("track_temperature", {"temperature": temp}, "FGP 3.3"))
    from ..bot.tyres import track_temperature
    ev += track_temperature(race, temp)                 # BOT 1.6: the Pro BOTs' Pit tokens
    rules = _deck(race).weather
    from .car_state import wear
    for car in race.cars:
        n = W.temperature_wear(temp, car.tyre, hot=rules.hot_wear, extreme=rules.extreme_wear)
        ev += wear(race, car, n, "FGP 3.3")
    return ev


# ---- FGP 13.1 / 13.1.1: the round starts -------------------------------------------------
def flag_moved(race: Race) -> list[Event]:
    """The Chequered Flag has advanced (FGP 7.3, 13.10 step 6): one Standing
    Water token dries up a round after the rain stopped (13.1.1), and the
    Weather token is checked when the flag reaches it (13.1)."""
    wx = race.weather
    if wx is None:
        return []
    ev: list[Event] = []
    if wx["drying"] is not None and race.flag > wx["drying"]:
        water = sorted(t for t, h in race.hazards.items() if h == W.WATER)
        if water:                      # the first one after the Start/Finish line
            race.hazards.pop(water[0])
            ev.append(Event("water_dried", {"tile": water[0]}, "FGP 13.1.1"))
    if wx["marker"] is None or race.flag < wx["marker"]:
        return ev
    wx["marker"] = None
    if wx["side"] == "change":
        return ev + change(race)
    total = W.white_times(white_value(roll_die(race, ev, "white", "FGP 13.1")),
                          card_of(race).forecast)
    result = W.forecast_check(total, race.flag)
    ev.append(Event("forecast", {"total": total, "result": result}, "FGP 13.1"))
    if result == "now":
        return ev + change(race)
    if result == "later":
        _place_marker(race, ev, total, "change")
    return ev


def change(race: Race) -> list[Event]:
    """FGP 13.1.1: the weather changes: the other WEATHER card on the panel;
    Cloudy to Rainy: race control +3 (the Safety Car if it reaches the SC
    space, 13.8.2) and WHITE die Standing Water tokens, each WHITE die tiles
    on; Rainy to Cloudy: the rain's effects end, the water dries a token a
    round. Wrong tyres follow 10.2.1 from now on (weather.tyre_bonus, after_move)."""
    from .flag_steps import advance_panel
    wx = race.weather
    ev: list[Event] = []
    to = "rainy" if kind(race) == "cloudy" else "cloudy"
    wx["card"] = _deck(race).first(to).id
    ev.append(Event("weather_change", {"card": wx["card"], "kind": to}, "FGP 13.1.1"))
    if to == "rainy":
        wx["wet_race"] = True
        n = min(white_value(roll_die(race, ev, "white", "FGP 13.1.1")),
                _deck(race).weather.standing_water_tokens)
        counts = [white_value(roll_die(race, ev, "white", "FGP 13.1.1")) for _ in range(n)]
        ev += _water(race, counts, "FGP 13.1.1")
        ev += advance_panel(race, _deck(race).weather.rain_panel)
    else:
        wx["drying"] = race.flag
    return ev


# ---- FGP 10.2.1, 13.13.4: the turn -------------------------------------------------------
def tyre_bonus(race: Race, car, bonus: int) -> int:
    """FGP 10.2.1: the tyre bonus as the weather leaves it."""
    if race.weather is None:
        return bonus
    side = C.board_side(race, car)
    return W.tyre_bonus(bonus, tyre=car.tyre, raining=raining(race),
                        degraded=side.tyres.wet.degraded)


def no_pairs(race: Race, seat: int) -> bool:
    """FGP 13.13.4: no pairs for movement or battle when the move starts from
    a tile with a Standing Water token."""
    if race.weather is None or not race.move or race.move.get("seat") != seat:
        return False
    from .where import track_of
    start = race.move.get("start", race.cars[seat].space)      # the battle: the move's start
    return start is not None and race.hazards.get(track_of(race).spaces[start].tile) == W.WATER


def after_move(race: Race, car, mv: dict) -> list[Event]:
    """The end of a move on track (FGP 13.2 [ADV]): DRY tyres in the rain roll
    the RED die unless one GREEN card moved the car (10.2.1); each Standing
    Water tile driven through faster than Green pace rolls the RED die (a
    second one the YELLOW, 13.2); stopping on one is a loss of control; a
    token a car sets off dries up unless it rains (13.13.4); WET tyres on a
    dry track wear +1 unless they touched standing water (10.2.1)."""
    if race.weather is None:
        return []
    from .car_state import wear
    from .incident_steps import followup
    ev: list[Event] = []
    wet, live, stop = _water_dice(race, car, mv)
    if BZ.water_stop(race, ev, car, stop, live):        # [ADV] BOT 6.9.4
        return ev
    if stop in live:
        followup(race, "loss_of_control", car.seat)
        ev.append(Event("standing_water_hit", {"seat": car.seat, "tile": stop}, "FGP 13.13.4"))
    if not raining(race):
        for t in live:
            race.hazards.pop(t, None)
            ev.append(Event("water_dried", {"tile": t}, "FGP 13.13.4"))
    if wet_on_dry(race, car) and not wet:
        ev += wear(race, car, 1, "FGP 10.2.1", movement=True)
    return ev


def _water_dice(race: Race, car, mv: dict, *, stopped: bool = True):
    """FGP 13.2 [ADV]: queue the RED (then YELLOW) dice of the move: DRY tyres in
    the rain, Standing Water tiles driven through faster than Green pace. Returns
    the water tiles touched, those active (not in a yellow zone nor under the SC)
    and the tile stopped on (None: `stopped` False, the car goes into the pit lane)."""
    from .where import in_yellow_zone, track_of
    trk = track_of(race)
    events = [] if W.single_green(mv.get("colours", [])) or not dry_in_rain(race, car) \
        else [W.DRY_IN_RAIN]
    start = mv.get("start")
    first = trk.spaces[start].tile if start is not None else None
    tiles = [trk.spaces[s].tile for s in mv.get("visited", []) if s is not None]
    through, stop = W.touched_tiles(tiles, first)
    if not stopped and stop is not None:                # on into the pit lane: no stop
        through, stop = through + ([stop] if stop != first else []), None
    wet = [t for t in [*through, stop] if t is not None and race.hazards.get(t) == W.WATER]
    live = [t for t in wet if not in_yellow_zone(race, t) and race.safety_car is None]
    if not is_bot(race, car.seat):                      # BOT 6.9.4: BOTs slow down instead
        events += W.water_events([t for t in live if t != stop], pace=mv.get("pace", "green"))
    for die, _ in dice_for(events):
        mv.setdefault("dice", []).append(die)
    return wet, live, stop


def before_pit(race: Race, car, mv: dict) -> None:
    """FGP 11.1 with 10.2.1 / 13.13.4: the weather's dice of the move are rolled on
    the track, before the car enters the pit lane."""
    if race.weather is not None:
        _water_dice(race, car, mv, stopped=False)


def tyre_choices(race: Race, dry: list[str]) -> list[str]:
    """FGP 11.2 / 13.10 with 10.2 (A87): the compounds a stop may fit."""
    return [*dry, "wet"] if wet_allowed(race) else list(dry)


def view(race: Race) -> dict:
    """What the table sees of the weather (all of it is public, FGP 3.2)."""
    wx = dict(race.weather)
    wx["kind"] = kind(race)
    return wx
