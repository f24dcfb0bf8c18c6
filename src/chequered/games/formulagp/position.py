"""Hand-written FormulaGP positions (format "formulagp-position/1"), as one
writes a chess FEN: a few TOML lines put cars on named spaces with given
tyres, tokens and hands, and `position()` returns a Race whose next decision
is the one they describe. The format, every key and the space names are in
docs/rules/formulagp-positions.md.

Space names are `tile.lane.space`: the tile number the text view and the
board picture show (0 = the first tile after the finish line, lap order),
lane 1-4 left to right in the direction of travel (Space.lane), space
1-based from the back of the tile in that lane. A double-lane space is named
by its left lane (its right lane is accepted too). `pit_entry`, `shadow_car`
and `pit_exit` name those spaces of the pit lane.
"""
from __future__ import annotations

import tomllib

from ...engine.protocol import BadInput
from .boards import Board
from .bot import position as bot_position
from .config import FormulaGPConfig
from .content import load_content
from .rules.advanced import flag_start
from .rules.hazards import stress_bounds
from .position_fields import Face, _choice, _int, _list, _stack, _take, _unknown, parse_roll
from .rules.setup import DRY_TYRES, new_race
from .rules.teams import units
from .rules.steps import MACHINE
from .state import ADV_CAR_FIELDS, CAR_FIELDS, PARAMETERS, Car, Race
from .track import GEARS, LANES, Track, track as load_track, track_keys

FORMAT = "formulagp-position/1"
TYRES = (*DRY_TYRES, "wet")
SPACE_ALIASES = ("pit_entry", "shadow_car", "pit_exit")
HAZARDS = ("oil", "debris", "gravel", "standing_water")

RACE_KEYS = ("format", "game", "track", "rules", "options", "seed", "round", "flag",
             "sequence", "to_move", "phase", "rolls", "cards", "forced", "decks",
             "safety_car", "yellow_zones", "panel", "panel_side", "vsc", "red_flag",
             "hazards", "leader", "final_round", "optional", "teams", "car", "bots", "weather")
# car keys handled one by one; the other CAR_FIELDS are set as they are (type-checked)
CAR_SPECIAL = ("name", "board", "side", "driver", "controller", "at", "laps", "gear", "tyre",
               "wear", "tyres_left", "ers", "stress", "ot", "params", "hand", "deck",
               "discards", "held_events", "damage", "failures", "w2w", "laps_down",
               "blue_flag", "box", "radio", "tyres_used", "bot")
CAR_NOT_SET = ("seat", "team", "leader", "number", "space", "in_pit", "off_spot", "off_track",
               "drawn", "returns_left", "returned", "mp_event", "leds_event")
# [ADV] fields (state.ADV_CAR_FIELDS) are keys too: `fresh_tyres = true` (FGP 11.4)
CAR_KEYS = CAR_SPECIAL + tuple(f for f in CAR_FIELDS + tuple(ADV_CAR_FIELDS)
                               if f not in CAR_SPECIAL and f not in CAR_NOT_SET)


# ---- space names ----------------------------------------------------------------------
def _track(track: Track | str) -> Track:
    return load_track(track) if isinstance(track, str) else track


def space_name(track: Track | str, space_id: int) -> str:
    """'tile.lane.space' of a space id (tile as the text view numbers it)."""
    trk = _track(track)
    sp = trk.spaces[space_id]
    k = trk.tiles[sp.tile].lanes[sp.lane - 1].index(space_id)
    return f"{sp.tile}.{sp.lane}.{k + 1}"


def parse_space(track: Track | str, name: str, key: str = "space") -> int:
    """The space id of 'tile.lane.space' (or pit_entry / shadow_car / pit_exit);
    BadInput naming `key` and what is allowed otherwise."""
    trk = _track(track)
    if not isinstance(name, str):
        raise BadInput(f"{key}: a space is a string 'tile.lane.space' like \"12.2.1\", "
                       f"not {name!r}")
    n = name.strip()
    if n in SPACE_ALIASES:
        sid = None
        if trk.pit is not None:
            sid = {"pit_entry": trk.pit.entry_space, "shadow_car": trk.pit.shadow_car,
                   "pit_exit": trk.pit.exit_space}[n]
        if sid is None:
            raise BadInput(f"{key}: track {trk.key!r} has no {n} space")
        return sid
    parts = n.split(".")
    if len(parts) != 3 or not all(p.isdigit() for p in parts):
        raise BadInput(f"{key}: {name!r} is not a space name: write 'tile.lane.space' like "
                       f"\"12.2.1\" (or one of {', '.join(SPACE_ALIASES)})")
    tile, lane, k = (int(p) for p in parts)
    if not 0 <= tile < trk.lap_tiles:
        raise BadInput(f"{key}: {name!r}: tile {tile} is not on track {trk.key!r} "
                       f"(tiles 0-{trk.lap_tiles - 1}, 0 = first after the finish line)")
    if not 1 <= lane <= LANES:
        raise BadInput(f"{key}: {name!r}: lane {lane} is not 1-{LANES} (1 = left)")
    ids = trk.tiles[tile].lanes[lane - 1]
    if not 1 <= k <= len(ids):
        what = "no space (off track)" if not ids else f"spaces 1-{len(ids)}"
        raise BadInput(f"{key}: {name!r}: lane {lane} of tile {tile} has {what}")
    return ids[k - 1]


# ---- the position ----------------------------------------------------------------------
def position(src, *, content: str | None = None) -> Race:
    """A Race built from a formulagp-position/1 document (TOML text or a
    parsed dict), at the decision it describes."""
    if isinstance(src, (str, bytes)):
        try:
            doc = tomllib.loads(src.decode() if isinstance(src, bytes) else src)
        except tomllib.TOMLDecodeError as exc:
            raise BadInput(f"position: not TOML: {exc}") from None
    elif isinstance(src, dict):
        doc = src
    else:
        raise BadInput("position: give TOML text or a dict")
    return _build(doc, content)


def load_short(doc: dict) -> Race:
    """The engine's loader for a file that says format = "formulagp-position/1"."""
    return position(doc)


def _build(doc: dict, content_dir: str | None) -> Race:
    _unknown("position", doc, RACE_KEYS)
    if doc.get("format", FORMAT) != FORMAT:
        raise BadInput(f"format: {doc['format']!r}; this loader reads {FORMAT!r}")
    if doc.get("game", "formulagp") != "formulagp":
        raise BadInput(f"game: {doc['game']!r} is not formulagp")
    cont = load_content(content_dir)
    key = doc.get("track", "fast")
    _choice("track", key, track_keys())
    trk = load_track(key)
    cars_doc = _list("car", doc.get("car", []))
    if not cars_doc:
        raise BadInput("car: at least one [[car]] with `at`")
    n = len(cars_doc)
    for i, c in enumerate(cars_doc):
        if not isinstance(c, dict):
            raise BadInput(f"car[{i}]: a table ([[car]]), not {c!r}")
        _unknown(f"car[{i}]", c, CAR_KEYS)
        if "at" not in c:
            raise BadInput(f"car[{i}]: `at` is required (a space like \"12.2.1\", \"box\", "
                           "\"pit\" or \"off:T.L\")")
    boards, names = _boards(cont, cars_doc)
    sides = [_choice(f"car[{i}].side", c.get("side", "A"), ("A", "B"))
             for i, c in enumerate(cars_doc)]
    ctl = [_choice(f"car[{i}].controller", c.get("controller", "human"),
                   ("human", "random", "heuristic", "pro", "rookie"))
           for i, c in enumerate(cars_doc)]
    drivers = [c.get("driver") for c in cars_doc]
    try:
        config = FormulaGPConfig(track=key, seats=ctl, boards=boards, sides=sides,
                                 rules=doc.get("rules", "standard"),
                                 options=list(doc.get("options", [])),
                                 drivers=drivers, content=content_dir,
                                 teams=doc.get("teams"))        # FGP 14.4
    except ValueError as exc:
        raise BadInput(f"position: {exc}") from None
    race = new_race(key, n, boards=boards, sides=sides, drivers=drivers, controllers=ctl,
                    seed=_int("seed", doc.get("seed", 1)), content_dir=content_dir,
                    rules=config.rules, config=config, teams=config.teams)
    rnd = _int("round", doc.get("round", 3), 1, 40)
    race.round = rnd
    race.flag = _int("flag", doc.get("flag", flag_start(cont.control, config.rules) - 1 + rnd), 1,
                     cont.control.radar_spaces)
    race.pit_order = list(range(n))
    for i, (car, c) in enumerate(zip(race.cars, cars_doc)):
        _car(race, trk, cont, car, c, f"car[{i}]")
    _boxes(race, cars_doc)
    _occupancy(race, trk, names)
    _race_control(race, trk, cont, doc)
    _weather(race, cont, doc)
    _shared_decks(race, doc)
    bot_position.build(race, cars_doc, doc.get("bots"), _take, _stack)   # BOT cars (bot/position.py)
    _leader(race, doc, names)
    return _start(race, doc, names, cont)


def _boards(cont, cars_doc) -> tuple[list[str], list[str]]:
    """Board key per car, and the car's name: `name` is a board key or team
    (case-insensitive); any other name is a label of your own and the car takes
    `board` or the next board of boards.toml nobody uses."""
    by_name: dict[str, Board] = {}
    for b in cont.boards:
        by_name[b.key.lower()] = by_name[b.team.lower()] = b
    chosen: list[str | None] = []
    names: list[str] = []
    for i, c in enumerate(cars_doc):
        b = c.get("board")
        if b is not None and str(b).lower() not in by_name:
            raise BadInput(f"car[{i}].board: {b!r} is not a board; choose from "
                           f"{', '.join(x.key for x in cont.boards)}")
        nm = c.get("name")
        if nm is not None and not isinstance(nm, str):
            raise BadInput(f"car[{i}].name: a string, not {nm!r}")
        hit = by_name.get(str(nm).lower()) if nm is not None else None
        if hit is not None and b is not None and by_name[str(b).lower()].key != hit.key:
            raise BadInput(f"car[{i}]: name {nm!r} is board {hit.key!r}, but board = {b!r}")
        chosen.append(by_name[str(b).lower()].key if b is not None else
                      (hit.key if hit is not None else None))
        names.append(nm)
    free = [b.key for b in cont.boards if b.key not in chosen]
    out = []
    for i, b in enumerate(chosen):
        if b is None:
            if not free:
                raise BadInput(f"car[{i}]: no team board left")
            b = free.pop(0)
        out.append(b)
    if len(set(out)) != len(out):
        dup = next(b for b in out if out.count(b) > 1)
        raise BadInput(f"car: two cars use the board {dup!r} (one board per car, FGP 5.1.1)")
    labels = [nm if nm is not None else b for nm, b in zip(names, out)]
    return out, labels


def _car(race: Race, trk: Track, cont, car: Car, c: dict, where: str) -> None:
    side = cont.board(car.board).side(car.side)
    # where the car is
    at = c["at"]
    car.in_pit, car.space, car.box_call = False, None, False
    if at == "box":
        car.in_pit = True
    elif at == "pit":
        car.in_pit, car.box_call = True, True
    elif isinstance(at, str) and at.startswith("off:"):
        spot = at[4:].split(".")
        if len(spot) != 2 or not all(p.isdigit() for p in spot):
            raise BadInput(f"{where}.at: {at!r}: an off-track spot is \"off:tile.lane\"")
        t, ln = int(spot[0]), int(spot[1])
        _int(f"{where}.at tile", t, 0, trk.lap_tiles - 1)
        _int(f"{where}.at lane", ln, 0, LANES + 1)
        car.off_track, car.off_spot = True, [t, ln]
    else:
        car.space = parse_space(trk, at, f"{where}.at")
    car.laps = _int(f"{where}.laps", c.get("laps", 0), -1)
    car.gear = _choice(f"{where}.gear", c.get("gear", car.gear), GEARS)
    # tyres (FGP 5.1.3, 10.1)
    if "tyre" in c:
        car.tyre = _choice(f"{where}.tyre", c["tyre"], TYRES)
        car.wear = side.start_position(car.tyre)
        car.tyres_left = [t for t in DRY_TYRES if t != car.tyre]
    car.wear = _int(f"{where}.wear", c.get("wear", car.wear), 0, len(side.tyre_track) - 1)
    if "tyres_left" in c:
        car.tyres_left = [_choice(f"{where}.tyres_left", t, TYRES)
                          for t in _list(f"{where}.tyres_left", c["tyres_left"])]
    if "tyres_used" in c:                       # [ADV] FGP 5.1.3 (rules/compounds.py)
        car.tyres_used = [_choice(f"{where}.tyres_used", t, TYRES)
                          for t in _list(f"{where}.tyres_used", c["tyres_used"])]
    car.ers = _int(f"{where}.ers", c.get("ers", car.ers), 0, side.ers_max)
    car.ot = _int(f"{where}.ot", c.get("ot", 0), 0, side.max_ot)
    _, top = stress_bounds()                    # FGP 13.3: the same track on every card
    car.stress = _int(f"{where}.stress", c.get("stress", car.stress), 1, top)
    car.focus = bool(c.get("focus", car.stress == 1))
    if "params" in c:
        unused = [_choice(f"{where}.params", p, PARAMETERS)
                  for p in _list(f"{where}.params", c["params"])]
        car.params = {p: p in unused for p in PARAMETERS}
    # cards: hand, deck top and discards out of the car's own 45 ACTION cards
    pile = car.hand + car.deck.pile
    car.hand = []
    car.hand = _take(f"{where}.hand", c.get("hand", []), pile, "ACTION")
    car.deck.discards = _take(f"{where}.discards", c.get("discards", []), pile, "ACTION")
    car.deck.pile = _stack(f"{where}.deck", c.get("deck", []), pile, "ACTION")
    for f, deck in (("held_events", "event"), ("damage", "damage"), ("failures", "failure")):
        pool = race.decks[deck].pile
        setattr(car, f, _take(f"{where}.{f}", c.get(f, []), pool, deck.upper()))
    if "radio" in c:                    # FGP 4.9 [ADV]: the TEAM RADIO card held face down
        if "radio" not in race.decks:
            raise BadInput(f"{where}.radio: TEAM RADIO cards are used in an Advanced race "
                           "(rules = \"advanced\")")
        car.radio = _take(f"{where}.radio", [c["radio"]], race.decks["radio"].pile,
                          "TEAM RADIO")[0]
    # tokens and flags
    if "w2w" in c:
        car.w2w = _choice(f"{where}.w2w", c["w2w"], ("vs", "stress"))
    car.laps_down = _int(f"{where}.laps_down", c.get("laps_down", 0), 0, 2)
    car.blue_flag = bool(c.get("blue_flag", car.laps_down > 0))
    for f in CAR_KEYS:
        if f in CAR_SPECIAL or f not in c:
            continue
        _set_plain(car, f, c[f], f"{where}.{f}")


def _set_plain(car: Car, f: str, v, where: str) -> None:
    """A car field set as it is, of the type its default has."""
    old = getattr(car, f)
    if isinstance(old, bool):
        if not isinstance(v, bool):
            raise BadInput(f"{where}: true or false, not {v!r}")
    elif isinstance(old, int):
        v = _int(where, v, 0)
    elif isinstance(old, list):
        v = list(_list(where, v))
    elif not (v is None or isinstance(v, (str, int))):
        raise BadInput(f"{where}: {v!r} is not a valid value")
    setattr(car, f, v)


def _boxes(race: Race, cars_doc) -> None:
    """Pit boxes: `box` where given (0 = closest to the pit exit, FGP 3.1), the
    other cars in the free boxes in [[car]] order."""
    trk = load_track(race.track)
    nbox = trk.pit.boxes if trk.pit else len(race.cars)
    want = {}
    for i, c in enumerate(cars_doc):
        if "box" in c:
            b = _int(f"car[{i}].box", c["box"], 0, nbox - 1)
            if b in want.values():
                raise BadInput(f"car[{i}].box: box {b} is taken by another car")
            want[i] = b
    free = [b for b in range(nbox) if b not in want.values()]
    # FGP 11.2.2 / 14.4: teammates share their team's box (the first `box` given)
    for unit in units(race.config.teams, len(race.cars)):
        b = next((want[s] for s in unit if s in want), None)
        b = free.pop(0) if b is None else b
        for s in unit:
            race.cars[s].box = b
    race.pit_order = [c.seat for c in sorted(race.cars, key=lambda c: (c.box, c.seat))]


def _occupancy(race: Race, trk: Track, names) -> None:
    seen: dict[int, list[int]] = {}
    for car in race.cars:
        if car.space is not None:
            seen.setdefault(car.space, []).append(car.seat)
    for sid, seats in seen.items():
        cap = trk.spaces[sid].capacity
        if len(seats) > cap:
            who = " and ".join(repr(names[s]) for s in seats)
            raise BadInput(f"car: {who} are on the same space {space_name(trk, sid)} "
                           f"(it holds {cap} car{'s' if cap > 1 else ''})")


def _race_control(race: Race, trk: Track, cont, doc: dict) -> None:
    """FGP 3.2, 13.8-13.10: the panel, flags, Safety Car and hazard tokens."""
    sides = [s.colour for s in cont.control.sides]
    race.panel_side = _choice("panel_side", doc.get("panel_side", race.panel_side), sides)
    panel = next(s for s in cont.control.sides if s.colour == race.panel_side)
    race.yellow_panel = _int("panel", doc.get("panel", panel.yellow_start), 0,
                             panel.safety_car - 1)
    tile = lambda w, t: _int(w, t, 0, trk.lap_tiles - 1)      # noqa: E731
    sc = doc.get("safety_car")
    if sc is not None:
        if isinstance(sc, int) and not isinstance(sc, bool):
            sc = {"tile": sc}
        if not isinstance(sc, dict):
            raise BadInput("safety_car: a tile number or {tile = T, until = radar space}")
        _unknown("safety_car", sc, ("tile", "until"))
        race.safety_car = {"tile": tile("safety_car.tile", sc.get("tile")),
                           "until": _int("safety_car.until", sc.get(
                               "until", race.flag + cont.control.safety_car_rounds), race.flag)}
    zones = []
    for j, z in enumerate(_list("yellow_zones", doc.get("yellow_zones", []))):
        w = f"yellow_zones[{j}]"
        if not isinstance(z, dict):
            raise BadInput(f"{w}: a table {{yellow = T, green = T2, ends_at = radar}}")
        _unknown(w, z, ("yellow", "green", "ends_at"))
        y = tile(f"{w}.yellow", z.get("yellow"))
        zones.append({"yellow_tile": y,
                      "green_tile": tile(f"{w}.green", z.get("green", trk.tile_ahead(y, 1))),
                      "ends_at": _int(f"{w}.ends_at", z.get(
                          "ends_at", race.flag + cont.control.yellow_flag_rounds), race.flag + 1)})
    race.yellow_flags = zones
    hz = doc.get("hazards", {})
    if not isinstance(hz, dict):
        raise BadInput("hazards: a table {\"12\" = \"oil\"} of tile = token")
    race.hazards = {tile(f"hazards.{t}", int(t) if str(t).isdigit() else t):
                    _choice(f"hazards.{t}", h, HAZARDS) for t, h in hz.items()}
    opt = doc.get("optional", {})                       # FGP 15: the options' memory
    if not isinstance(opt, dict):
        raise BadInput("optional: a table, e.g. {warnings = {\"0\" = 1}}")
    race.optional = dict(opt)
    for f in ("vsc", "red_flag", "final_round"):
        v = doc.get(f, False)
        if not isinstance(v, bool):
            raise BadInput(f"{f}: true or false, not {v!r}")
        setattr(race, f, v)


WEATHER_KEYS = ("card", "kind", "marker", "side", "temperature", "drying", "wet_race")


def _weather(race: Race, cont, doc: dict) -> None:
    """[ADV] FGP 3.3 / 13.1: `weather = "rainy"` (the first card of that kind) or
    a table {card|kind, marker, side, temperature, drying, wet_race}. An
    Advanced position without it is dry: the first Sunny card, normal temperature."""
    from .rules.weather import new_weather
    wx = doc.get("weather")
    if race.config.rules != "advanced":
        if wx is not None:
            raise BadInput("weather: only in an Advanced race (rules = \"advanced\", FGP 3.3)")
        return
    deck = cont.weather
    wx = {"kind": wx} if isinstance(wx, str) else ({"kind": "sunny"} if wx is None else wx)
    if not isinstance(wx, dict):
        raise BadInput("weather: a kind (\"sunny\", \"cloudy\", \"rainy\") or a table")
    _unknown("weather", wx, WEATHER_KEYS)
    if "card" in wx:
        card = deck.card(_choice("weather.card", wx["card"], [c.id for c in deck.cards]))
    else:
        card = deck.first(_choice("weather.kind", wx.get("kind", "sunny"),
                                  ("sunny", "cloudy", "rainy")))
    out = new_weather(card.id)
    if card.kind == "sunny":
        out["temperature"] = _choice("weather.temperature", wx.get("temperature", "normal"),
                                     ("normal", "hot", "extreme"))
    if "marker" in wx:
        out["marker"] = _int("weather.marker", wx["marker"], 1, 40)
    out["side"] = _choice("weather.side", wx.get("side", "die"), ("die", "change"))
    if "drying" in wx:
        out["drying"] = _int("weather.drying", wx["drying"], 1, 40)
    wet = wx.get("wet_race", card.kind == "rainy")
    if not isinstance(wet, bool):
        raise BadInput(f"weather.wet_race: true or false, not {wet!r}")
    out["wet_race"] = wet
    race.weather = out


def _shared_decks(race: Race, doc: dict) -> None:
    decks = doc.get("decks", {})
    if not isinstance(decks, dict):
        raise BadInput("decks: a table like {event = [\"E05\"], risk = [\"R02\"]}")
    allowed = ("event", "risk", "damage", "failure")
    if "radio" in race.decks:           # FGP 4.9 [ADV]: its pile, and its face-up discards
        allowed += ("radio", "radio_discards")
    _unknown("decks", decks, allowed)
    for name, top in decks.items():
        if name == "radio_discards":    # listed bottom first: the last one lies on top
            d = race.decks["radio"]
            d.discards = _take("decks.radio_discards", top, d.pile, "TEAM RADIO")
            continue
        d = race.decks[name]
        d.pile = _stack(f"decks.{name}", top, d.pile, name.upper())


def _find(names, name, key: str, race) -> int:
    """The seat a car name stands for (its name, board key or team)."""
    if isinstance(name, str):
        for i, nm in enumerate(names):
            car = race.cars[i]
            if name.lower() in (str(nm).lower(), car.board.lower(), car.team.lower()):
                return i
    raise BadInput(f"{key}: {name!r} is not a car of this position; the cars are "
                   f"{', '.join(map(repr, names))}")


def _leader(race: Race, doc: dict, names) -> None:
    """FGP 13.3: the race-leader token; by default the car furthest ahead."""
    from .rules.where import distance
    if doc.get("leader") == "none":
        seat = None
    elif "leader" in doc:
        seat = _find(names, doc["leader"], "leader", race)
    else:
        on = [c for c in race.cars if c.space is not None or c.off_track]
        seat = max(on, key=lambda c: distance(race, c)).seat if on else None
    race.leader = seat
    for c in race.cars:
        c.leader = c.seat == seat
    if seat is not None and race.cars[seat].stress == 1:
        raise BadInput(f"leader: {names[seat]!r} holds the race-leader token, which may not "
                       "stand on the focus space (stress 1, FGP 13.3): give it stress 2 or "
                       "name another `leader` (or leader = \"none\")")


def _start(race: Race, doc: dict, names, cont) -> Race:
    """The decision the position stands at: a car's turn beginning (FGP 7.3.3:
    the `begin` stage, then its first decision) or a round beginning (FGP 7.3:
    the flag advances, then the draw phase)."""
    seq = [_find(names, s, "sequence", race) for s in doc.get("sequence", names)] \
        if "sequence" in doc else list(range(len(race.cars)))
    if len(set(seq)) != len(seq):
        raise BadInput("sequence: a car is listed twice")
    race.sequence = seq
    race.start_round = 1
    race.secret, race.battle, race.move, race.deferred = {}, None, None, []
    phase = doc.get("phase", "turn")
    _choice("phase", phase, ("turn", "round_start"))
    script = _script(race, doc, cont)
    if phase == "round_start":
        if "to_move" in doc:
            raise BadInput("to_move: not with phase = \"round_start\" (the round has not begun)")
        race.round -= 1                                   # _round_start advances both
        race.flag -= 1
        race.done = []
        race.turn.phase = "round_start"
    else:
        first = _find(names, doc["to_move"], "to_move", race) \
            if "to_move" in doc else seq[0]
        if first not in seq:
            raise BadInput(f"to_move: {doc['to_move']!r} is not in the sequence")
        pos = seq.index(first)
        race.done = seq[:pos]
        for c in race.cars:
            c.moved = c.seat in race.done
        race.seq_pos = pos
        race.turn.phase = "turns"
        race.move = {"seat": first, "stage": "begin"}
    race.chance.script = script
    race.turn.pending, race.turn.cache = None, None
    MACHINE.advance(race)
    return race


def _script(race: Race, doc: dict, cont):
    """`rolls` then `cards` as one queue for engine.chance (taken strictly in
    order: a die takes the head only if it is a roll, a draw only if it is a
    card); `forced` gives a mixed order ("white:3", "card:E05")."""
    from collections import deque
    seq = []
    for r in _list("rolls", doc.get("rolls", [])):
        die, face = parse_roll(cont, r)
        seq.append(("roll", Face(face, die)))
    for c in _list("cards", doc.get("cards", [])):
        if not isinstance(c, str):
            raise BadInput(f"cards: card ids are strings, not {c!r}")
        seq.append(("card", c))
    for f in _list("forced", doc.get("forced", [])):
        if isinstance(f, str) and f.startswith("card:"):
            seq.append(("card", f[5:]))
        else:
            die, face = parse_roll(cont, f)
            seq.append(("roll", Face(face, die)))
    return deque(seq) if seq else None
