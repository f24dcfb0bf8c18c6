"""FGP 7.3.3.5: which movement plays a car may make (rules/turn.py plays
the one chosen): the reasons a move may not use a pair, the gear of the start
tile, the car characteristic's paces, and the plays themselves, worked out
once per colours held and situation (_plan) and served as shared Play
actions."""
from __future__ import annotations

from ..actions import Play
from ..memo import keep
from ..schema import PACES
from ..state import Race
from . import card_effects as FX
from . import cards as C
from . import hazards_adv as HA
from . import movement as M
from . import weather_steps as WX
from .hazards import rejoin_plan
from .start_steps import stressed
from .where import in_yellow_zone, race_round, tile_on, track_of


def _sc(race: Race) -> bool:
    return race.safety_car is not None


def no_pairs(race: Race, seat: int, mods, trk) -> bool:
    """Every reason a move may not use a pair (FGP 8.4.1, 13.3, 13.8.1, 13.9.2,
    11.3, 13.13.1, [ADV] 13.13.2 / 13.13.3, 13.4.5 and card effects); `mods`:
    the car's FX.modifiers; `trk`: the race's track (where.track_of)."""
    car = race.cars[seat]
    # a Debris, Oil or Standing Water token and a yellow zone are asked of
    # only when the race has one (the usual move has none); the last test
    # is a bool, so the answer is one (a key of _PLANS)
    hazards = race.hazards
    return (stressed(race, seat) or _sc(race) or mods.no_pairs
            or (hazards and (HA.start_no_pairs(race, car) or WX.no_pairs(race, seat)))
            or race.move.get("exit", False) or _rejoining(car)
            or race.move.get("radio") is not None         # FGP 4.9: a TEAM RADIO card used
            or (race.yellow_flags and in_yellow_zone(race, tile_on(trk, car)))
            or (car.space is not None and trk.tile_of(car.space).no_pairs))


def _rejoining(car) -> bool:
    """FGP 13.4.5: a car coming back after a spin or from off the track plays a
    single movement card without its tyre bonus; after a wall, facing forward,
    it simply moves on (c: 'continue normal play')."""
    return car.rejoin is not None and not rejoin_plan(car.rejoin, spun=car.facing_back).tyre_bonus


_CHARACTERISTICS: dict = {}


def _characteristic(race: Race, car):
    """FGP 4.13: the car characteristic of the car's board side, else of its board."""
    side = C.board_side(race, car)
    # a side of our boards carries none (the board does); asked of the model's
    # fields, not by hasattr (a pydantic miss costs an exception)
    ch = side.characteristic if "characteristic" in type(side).model_fields else None
    return ch if ch is not None else C.content_of(race).board(car.board).characteristic


def _characteristic_paces(race: Race, car, mods, trk) -> tuple:
    """FGP 4.13: the paces of a play the car characteristic applies to, as
    the move would start now (the same for every play of the list but for
    a pace characteristic: found once a list, not once a play); `mods`: the
    car's FX.modifiers; `trk`: the race's track."""
    key = (race.content_dir, car.board, car.side)
    ch = _CHARACTERISTICS.get(key)      # (keep, not a lambda: its cells are made at every call)
    if ch is None:
        ch = keep(_CHARACTERISTICS, key, _characteristic(race, car))
    when = ch.when
    if when == "gear":
        fits = gear_for(race, car, trk) in ch.gears
    elif when == "pace":
        fits = True
    elif when in ("straight_start", "curve_start"):
        straight = car.space is not None and trk.tile_of(car.space).straight
        fits = straight if when == "straight_start" else not straight
    else:
        fits = {"curve_end": False}[when]        # FGP 4.13: judged at the move's end
    if not fits or "car_characteristic" in mods.disabled:
        return ()
    return tuple(ch.paces) if when == "pace" else PACES


def gear_for(race: Race, car, trk=None) -> int:
    """FGP 7.3.3.5 step 1: the gear of the start tile; 2nd gear in round 1
    (FGP 7.2.1) and leaving the pit lane (FGP 11.3). `trk`: the race's track,
    when the caller has it (else asked of where.track_of)."""
    if race_round(race) == 1 or race.move.get("exit"):
        return 2
    if trk is None:
        trk = track_of(race)
    if car.space is None:                              # off track: the tile it stands by
        return trk.tiles[tile_on(trk, car)].gear
    return M.start_gear(trk, car.space)


def _play_legal(race: Race, seat: int) -> list:
    car = race.cars[seat]
    colour = _MOVE_COLOURS.get(race.content_dir) or _move_colours(race)
    # the movement cards by colour, in hand order within one (a stable sort):
    # the plays follow from the colours held, so fewer plans to work out
    ids = list(filter(colour.__contains__, car.hand))  # (no comprehension: no cell a call)
    ids.sort(key=colour.__getitem__)
    mods = FX.modifiers(race, car)
    ers = car.ers if "ers_spend" not in mods.disabled else 0
    trk = track_of(race)            # (asked once for the two readings below)
    # the paces the characteristic (+1) applies to (FGP 4.13): once used, none
    fits = () if car.characteristic_used else _characteristic_paces(race, car, mods, trk)
    # the positions the plays take, found once per colours and situation (not
    # per characteristic paces: fewer plans, each play's pace tested here)
    key = (tuple(map(colour.__getitem__, ids)), ers if ers < 2 else 2,
           no_pairs(race, seat, mods, trk))
    plan = _PLANS.get(key)              # (keep, not a lambda: its cells are made at every call)
    if plan is None:
        plan = keep(_PLANS, key, _plan(*key))
    out = []
    for at, decl, pace in plan:
        # a play is one card or a pair (FGP 7.3.3.5); its Play object looked
        # up here, a call made only for one not met before
        cards = (ids[at[0]],) if len(at) == 1 else (ids[at[0]], ids[at[1]])
        out.append(_PLAYS.get((cards, decl, False)) or _play(cards, decl, False))
        if pace in fits:                # the same play with the characteristic, right after
            out.append(_PLAYS.get((cards, decl, True)) or _play(cards, decl, True))
    return out


_PLANS: dict = {}       # (colours, ERS up to 2, no pairs) -> _plan
_MOVE_COLOURS: dict = {}    # content dir -> {movement card id: its colour}


def _move_colours(race: Race) -> dict:
    got = _MOVE_COLOURS[race.content_dir] = {
        c: colour for c, (kind, colour) in C.card_facts(race).items() if kind == "movement"}
    return got


def _plan(colours: tuple, ers: int, single_only: bool) -> tuple:
    """FGP 7.3.3.5: every play of movement cards of these colours (sorted,
    _play_legal), as (the positions of its cards, the ORANGE declaration,
    its pace: whether the characteristic may go with it, FGP 4.13)."""
    at: dict[str, list[int]] = {}
    for i, colour in enumerate(colours):
        at.setdefault(colour, []).append(i)
    out = []
    for p in M.legal_plays(colours, ers=ers, no_pairs=single_only):
        # one card or a pair (FGP 7.3.3.5) of the colours held (legal_plays
        # offers no other): the first cards of each colour (cards of one
        # colour differ only in LEDs and secondary functions, so every id
        # choice of one colour is listed)
        cols = p.cards
        first = at[cols[0]]
        if len(cols) == 1:
            cards = (first[0],)
        elif cols[0] != cols[1]:
            cards = (first[0], at[cols[1]][0])
        else:
            cards = (first[0], first[1])
        decl = tuple(a for a, c in zip(p.as_colour, p.cards) if c == "orange") \
            if "orange" in p.cards else ()
        out.append((cards, decl, p.pace))
    return tuple(out)


_PLAYS: dict = {}


def _play(cards: tuple, decl: tuple, characteristic: bool) -> Play:
    """The Play action (a value nothing changes: one object per choice serves
    every race), made on its first use (its one caller, _play_legal, has
    looked it up: kept, no lambda whose cells are made at every call)."""
    return keep(_PLAYS, (cards, decl, characteristic), Play(cards, decl, characteristic))
