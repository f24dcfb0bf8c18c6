"""What every movement point reads (rules/move_steps.py): where the other
cars stand (others_of) and, once a track, each space's steps and moves
(_point_table), with the Step action of each space (_step_to)."""
from __future__ import annotations

from operator import attrgetter

from ....engine.protocol import Event, SharedEvents
from ..actions import Step
from ..state import Race
from . import movement as M
from .where import near_tiles, place_on, track_of


def others_of(race: Race, seat: int, trk=None) -> tuple:
    """Where the other cars stand, as step_options reads it: (seat -> space
    (where.positions), space -> cars there, their tiles; the track and its
    _point_table). The same for every point of a move in which no car is
    pushed: a caller that asks step_options point after point works it out
    once and passes it. The last answer serves again while the other cars
    stand where they stood (the next move of the same car: its extension,
    its next list, the driver's look ahead). `trk`: the race's track, when
    the caller has it (track_of is asked thousands of times a race)."""
    if trk is None:
        trk = track_of(race)
    # all this reads: the spaces, the mover's left out (race.cars[seat] is
    # that seat's car); read in C, as a list comprehension costs ~100 bytecodes
    where = list(map(_SPACE, race.cars))
    where[seat] = None
    last = _FIELD[0]
    if last is not None and last[0] is trk and last[1] == where:
        return last[2]
    spaces = trk.spaces
    others: dict[int, int] = {}
    occ: dict[int, int] = {}
    tiles: set[int] = set()
    for other, s_ in enumerate(where):
        if s_ is not None:
            others[other] = s_
            occ[s_] = occ.get(s_, 0) + 1
            tiles.add(spaces[s_].tile)
    got = others, occ, tiles, trk, _point_table(trk)       # read, never changed, by every caller
    _FIELD[0] = (trk, where, got)       # one store: a reader never sees a key with another's answer
    return got


_SPACE = attrgetter("space")
_FIELD: list = [None]               # the last (track, where the others stand, answer) of others_of


def _point_table(trk) -> list[tuple]:
    """Per space, what a movement point reads: (its movement.step_table row
    (the legal_steps of every move), the tiles other than its own that one
    point reaches (None where a move enters the pit lane or crosses the
    yellow line: FGP 11.1, each step there is checked), (to, capacity of
    `to`) of its forward moves into the next tile, the pit lane left out (the
    stop rule's full spaces, FGP 9.2), and for each space one point reaches:
    (the track's first Move there, the move a chosen step makes; the
    track's step events onto that space, by seat), and the Step actions of its
    moves, in the row's order, without the lane changes and with them
    (free_lanes). Once a track (the moves, capacities and places of a walled
    street circuit are the track's own)."""
    got = trk._memo.get("point_table")
    return got if got is not None else _make_point_table(trk)


def _make_point_table(trk) -> list[tuple]:
    """_point_table, worked out (apart: its comprehensions' cells are not
    made at every point that reads the table)."""
    spaces = trk.spaces
    rows = M.step_table(trk)
    near = [near_tiles(trk, sp.id) for sp in spaces]
    # FGP 8.3: a car's step onto a space, the place named as where.place_on
    # (written into the event: the log may be read on another circuit);
    # made once and shared by every race (engine/protocol.SharedEvents);
    # a table a space, looked up by seat (no key tuple a step)
    made = [SharedEvents(lambda seat, to=sp.id: Event(
        "step", {"seat": seat, **place_on(trk, to)}, "FGP 8.3")) for sp in spaces]
    got = trk._memo["point_table"] = [
        (rows[sp.id],
         None if near[sp.id] is None else near[sp.id] - {sp.tile},
         tuple((m.to, spaces[m.to].capacity) for m in trk.moves(sp.id)
               if not m.lane_change and spaces[m.to].tile != sp.tile
               and not spaces[m.to].pit_lane),
         {m.to: (m, made[m.to]) for m in reversed(trk.moves(sp.id))},
         (tuple(_step_to(r[0]) for r in rows[sp.id] if not r[1]),
          tuple(_step_to(r[0]) for r in rows[sp.id])))
        for sp in spaces]
    return got


_STEPS: dict[int, Step] = {}        # actions are values: one object per space serves


def _step_to(to: int) -> Step:
    got = _STEPS.get(to)
    if got is None:
        got = _STEPS[to] = Step(to)
    return got
