"""A car's movement points as one decision (FGP 8.3, 9.2, 8.2.1): the
`move` step is offered as whole routes (engine/routes.py).

A route ends where the move ends, where another decision is asked (extend,
attack, counter-steer) or at the point whose rules roll a die or draw a card.
Two paths are one route when they leave the race the same: the same position,
points, wear, ERS, tokens and the same tiles driven through (speed limits and
weather read the tiles, FGP 8.4.2, 10.2), whatever lanes were used between
(but for a lane change on a Debris or Oil tile, [ADV] FGP 13.13.2-3).
"""
from __future__ import annotations

from operator import attrgetter

from ....engine.routes import RouteSpec
from ..actions import Done, Extend, Play, Reduce, Step, Stop
from ..state import ADV_CAR_FIELDS, CAR_FIELDS, RACE_FIELDS, Race
from .hazards_adv import move_meets
from .where import space_name, track_of


# What a move can change: everything but the configuration, the random
# source, the decks (a move draws nothing: a draw ends the route) and the
# championship's history.
_RACE_SKIP = frozenset({"config", "chance", "track", "content_dir", "cars", "decks", "turn",
                        "move", "season", "results", "standings"})
_RACE_KEYS = tuple(f for f in RACE_FIELDS if f not in _RACE_SKIP)
_CAR_KEYS = tuple(f for f in CAR_FIELDS + tuple(ADV_CAR_FIELDS) if f != "deck")
_race_fields = attrgetter(*_RACE_KEYS)
_car_fields = attrgetter(*_CAR_KEYS)


def route_key(race: Race, seat: int):
    """Two positions of a route are one when they differ only in the lanes
    driven through: the spaces visited become their tiles, in order, and how
    many there were."""
    mv = race.move
    if mv and "visited" in mv:
        spaces = track_of(race).spaces
        tiles: list[int] = []
        for s in mv["visited"]:
            t = spaces[s].tile
            if not tiles or tiles[-1] != t:
                tiles.append(t)
        # in key order: a flag set at another point of the move (a yellow
        # zone touched) must not make two routes of one
        mv = {k: mv[k] for k in sorted(mv)}
        mv["visited"] = (len(mv["visited"]), tuple(tiles))
        if "path" in mv:
            # [ADV] the path is read only for the Debris and Oil tiles it met
            # and whether a lane change touched them (rules/hazards_adv.py)
            mv["path"] = tuple(move_meets(race))
    turn = race.turn
    # repr of plain data is exact and fast
    return repr((turn.phase, turn.over, turn.pending, mv, _race_fields(race),
                 [_car_fields(c) for c in race.cars]))


def route_label(start: Race, before_last: Race, after: Race | None, seat: int, path: tuple):
    """Where the move ends and what it costs, in players' words. Only what
    is known before the last point's dice is read (`after` is None then)."""
    trk = track_of(start)
    last = path[-1]
    end = after if after is not None else before_last
    car0, car = start.cars[seat], end.cars[seat]
    to = car.space
    if after is None and isinstance(last, Step):
        to = last.to
    steps = [a for a in path if isinstance(a, Step)]
    here = car0.space
    changes = last_change = 0
    for a in steps:
        last_change = here is not None and any(m.to == a.to and m.lane_change
                                               for m in trk.moves(here))
        changes += last_change
        here = a.to
    bits = [f"{len(steps)} space{'' if len(steps) == 1 else 's'}"]
    if changes:
        bits.append(f"{changes} lane change{'' if changes == 1 else 's'}")
    wear = car.wear - car0.wear
    if after is None and isinstance(last, Step) and last_change:
        wear += (before_last.move or {}).get("lc_wear", 0)    # FGP 4.3.1, not yet charged
    if wear:
        bits.append(f"+{wear} tyre wear")
    if car.ers != car0.ers:
        bits.append(f"ERS {car.ers - car0.ers:+d}")
    if car.penalties != car0.penalties:
        bits.append(f"+{car.penalties - car0.penalties} penalty")
    ext = [a for a in path if isinstance(a, Extend)]
    if ext:
        ways = [("ERS" if a.via == "ers" else "the car characteristic"
                 if a.via == "characteristic" else a.card) for a in ext]
        bits.append("extended " + ", ".join(
            f"{ways.count(w)}× with {w}" if ways.count(w) > 1 else f"with {w}"
            for w in dict.fromkeys(ways)))
        if last is ext[-1]:
            # FGP 8.2.2: the extension's point is still to move, after a
            # discard when the spent charge lowered the hand limit (FGP 8.8, a
            # step of its own: the move is listed up to here)
            now = (end.move or {}).get("now", ())
            bits.append("then a discard and 1 more point" if any(
                x["kind"] == "discard" and x["seat"] == seat for x in now) else "then 1 more point")
    for c0, c1 in zip(start.cars, end.cars):           # FGP 8.3.1: cars pushed aside
        if c0.seat != seat and (c1.space, c1.off_spot, c1.in_pit) \
                != (c0.space, c0.off_spot, c0.in_pit):
            bits.append(f"pushes #{c0.seat + 1} " + (
                f"off the track (tile {c1.off_spot[0]}, lane {c1.off_spot[1]})"
                if c1.off_track and c1.off_spot else "into the pit lane" if c1.in_pit
                else f"to {space_name(start, c1.space)}"))
    for m in move_meets(end):                           # [ADV] FGP 13.13.2-3 (A93)
        what = "crosses the oil" if m.token == "oil" else \
            "changes lane on the debris" if m.lane_change else "hits the debris"
        bits.append(f"{what} on tile {m.tile}")
    mv0, mv = start.move or {}, end.move or {}
    if mv.get("zone_touched"):                          # FGP 13.8.1
        bits.append("through a yellow zone")
    if mv.get("gravel_tile") is not None:               # FGP 13.13.1
        bits.append(f"through the gravel on tile {mv['gravel_tile']}")
    if mv.get("ahead") is not None and mv0.get("ahead") is None:      # FGP 8.5
        bits.append(f"into the slipstream of #{mv['ahead'] + 1}")
    if after is None and len(steps) > 1:
        # the last point rolls a die: where it starts from is part of the choice
        bits.append(f"via {space_name(start, steps[-2].to)}, then a die roll")
    if isinstance(last, Stop):
        bits.append("stops behind the car ahead")
    elif isinstance(last, Reduce):
        bits.append(f"stops: {last.charge} to ERS" + (f", brakes with {len(last.brake)}"
                                                       if last.brake else ""))
    return to, ", ".join(bits)


def _prep_expand(race: Race, seat: int, action) -> bool:
    # FGP 7.3.3.1 then 7.3.3.5: "done preparing" and the play are one choice;
    # each preparation stays a choice of its own
    return race.turn.pending.step != "prep" or isinstance(action, Done)


def play_preview(race: Race, seat: int, action: Play) -> tuple[str, int]:
    """FGP 7.3.3.5 / 8.1: the pace and the movement points a movement play
    gives, read before it is made (its pairs' die comes after)."""
    from . import cards as C
    from .movement import play_pace
    from .plays import gear_for
    from .turn import move_points
    car = race.cars[seat]
    pace = play_pace([C.colour_of(race, c) for c in action.cards], action.orange_as)
    mp = move_points(race, car, pace.pace, gear_for(race, car), action.characteristic)
    return pace.pace, mp.total


def play_label(start: Race, before_last: Race, after: Race | None, seat: int, path: tuple):
    """The cost of ending the preparations with a movement play: its pace and points."""
    last = path[-1]
    if not isinstance(last, Play):
        return None, ""
    pace, mp = play_preview(before_last, seat, last)
    return None, f"{pace.upper()} pace, {mp} MP"


# FGP 8.3 with 8.2.2: the points, and the extensions at their end, as one move
ROUTE = RouteSpec(key=route_key, label=route_label, chain=frozenset({"extend"}))
# FGP 7.3.3.1 / 7.3.3.5: the end of the preparations and the movement play
PREP_ROUTE = RouteSpec(key=route_key, label=play_label, chain=frozenset({"play"}),
                       expand=_prep_expand)



def describe_route(route, race: Race | None = None) -> str:
    """A whole move in a menu or the log: where it ends (named as the board
    shows it, when the race it is listed in is given) and what it costs."""
    steps = [a for a in route.path if isinstance(a, Step)]
    to = route.to if route.to is not None else (steps[-1].to if steps else None)
    if not steps and len(route.path) > 1:                  # FGP 7.3.3.1 + 7.3.3.5
        from ..text import describe_action
        play = "; ".join(describe_action(a) for a in route.path if not isinstance(a, Done))
        return f"{play}: {route.cost}" if route.cost else play
    head = f"drive to {space_name(race, to)}" if to is not None and race is not None else "drive"
    if route.cost:
        return f"{head}: {route.cost}"
    return f"{head} ({len(steps)} space{'' if len(steps) == 1 else 's'})"
