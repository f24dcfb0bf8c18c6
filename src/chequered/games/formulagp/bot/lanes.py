"""BOT 2.2: the BOT's racing lane, chosen by the rules from its TACTICS card,
one movement point at a time: move_steps leaves the BOT seat only the step
these rules dictate (`choose`).

The card's green arrow names a lane on the first tile of its kind (straight or
curved) that the BOT moves onto this turn, counted from the left edge on a
straight and from the inside on a curve; the BOT changes lanes on the tile
just before it, then keeps that lane. A lane the track does not have there
means the closest it has. The yellow arrow says which way the BOT goes when
it must change lanes (its lane ends, or it leaves a double-lane space).

Pure functions on the track geometry (`lane_goal`, `target_tile`, `pick`);
`choose` reads the race."""
from __future__ import annotations

from ..actions import Reduce, Step, Stop
from ..rules.where import occupancy, track_of
from ..track import pit_dead_end
from . import hazards as BZ
from . import tyres as BT
from .table import bot_content, kind, record, tactics_of


def may_change(race, pace: str) -> bool:
    """BOT 2.2: a BOT changes lanes by its TACTICS card at either pace."""
    return True


def _lanes_of(tile) -> list[int]:
    return [i + 1 for i, ids in enumerate(tile.lanes) if ids]


def lane_goal(tile, lane: int) -> int:
    """BOT 2.2: the absolute lane (1-4 from the left) the card's lane number
    means on this tile: from the left edge on a straight, from the inside of
    the curve on a curve; past the last lane the tile has: its farthest."""
    have = _lanes_of(tile)
    if not tile.straight and tile.spec.turn == "right":
        have = have[::-1]                       # the inside of a right-hand curve is on the right
    return have[min(lane, len(have)) - 1]


def target_tile(track, here: int, straight: bool) -> int | None:
    """The first tile ahead of `here` (not `here` itself) of the card's kind."""
    for n in range(1, track.lap_tiles):
        t = track.tile_ahead(here, n)
        if track.tiles[t].straight == straight:
            return t
    return None


def _side(sp, to: int) -> str | None:
    if to in sp.left:
        return "left"
    if to in sp.right:
        return "right"
    return None


def pick(track, space: int, legal: list[int], *, card, goal_open: bool,
         full: set[int]) -> tuple[int | None, bool, bool]:
    """(the space the BOT moves to or None, True when this step reaches the
    tile of the card's kind, True for a forced lane change, True when that
    lane change has a car in the way: BOT 2.2.2, bot/blocked.py decides at
    the step). `legal`: the spaces it may move to; `full`: those holding a
    car it would push (a lane change is chosen there only when no free one
    goes that way)."""
    sp = track.spaces[space]
    moves = {m.to: m for m in track.moves(space)}
    free = [t for t in legal if t not in full]
    fwd = [t for t in free if not moves[t].lane_change]
    lat = {_side(sp, t): t for t in free if moves[t].lane_change}
    pushes = {_side(sp, t): t for t in legal if t in full and moves[t].lane_change}
    arrow = card.arrow
    other = "left" if arrow == "right" else "right"
    tgt = target_tile(track, sp.tile, card.tile == "straight") \
        if goal_open and card.lane else None
    on_last = not any(track.spaces[t].tile == sp.tile for t in fwd)
    if tgt is not None and track.tile_ahead(sp.tile) == tgt and on_last:
        want = lane_goal(track.tiles[tgt], card.lane)
        if want not in sp.lanes:                # change lanes now, before the tile
            way = "right" if want > max(sp.lanes) else "left"
            if way in lat:
                return lat[way], False, False, False
            if way in pushes:                   # BOT 2.2.2: even with a car in the way
                return pushes[way], False, False, True
        good = [t for t in fwd if want in track.spaces[t].lanes]
        if good:
            return good[0], True, False, False
    if fwd:
        if len(fwd) > 1:                        # BOT 2.2: leaving a double-lane space
            key = (lambda t: -track.spaces[t].lane) if arrow == "right" else \
                (lambda t: track.spaces[t].lane)
            fwd = sorted(fwd, key=key)
        to = fwd[0]
        return to, tgt is not None and track.spaces[to].tile == tgt, False, False
    for way in (arrow, other):                  # forced: the yellow arrow first
        if way in lat:
            return lat[way], False, True, False
    for way in (arrow, other):                  # A165: forced, a car on both sides
        if way in pushes:
            return pushes[way], False, True, True
    return None, False, False, False


def choose(race, seat: int, legal: list) -> list:
    """The legal actions left to a BOT at this movement point: the one BOT
    2.2 dictates (or none: its move ends, BOT 5.1); all of `legal` only for a
    car off the spaces (the players' procedures, the fallback agent picks)."""
    mv = race.move
    trk = track_of(race)
    car = race.cars[seat]
    steps = [a.to for a in legal if isinstance(a, Step)]
    if car.space is None:
        return legal
    from .pits import failure_card, wants_pit   # bot/pits imports the movement's modules
    # BOT 5.1: a Pro enters the pit lane only when a stop is due (its Pit token on the
    # entry, BOT 4.1; a failure; the wrong tyres for the weather), never too late
    due = kind(race, seat) == "pro" and (BT.pit_due(race, seat) or wants_pit(race, seat))
    pits = [t for t in steps if trk.spaces[t].pit_lane]
    # BOT 4.1 / 5.4: across the yellow line only for a TACTICS Failure card
    yellow = set() if failure_card(race, seat) else \
        {m.to for m in trk.moves(car.space) if m.crosses_yellow_line}
    into = [t for t in pits if t not in yellow]
    if into and due and not trk.spaces[car.space].pit_lane:
        return [Step(into[0])]
    if trk.spaces[car.space].pit_exit:          # BOT 5.4: never across the yellow line
        steps = [t for t in steps if not any(
            m.to == t and m.crosses_yellow_line for m in trk.moves(car.space))]
    if pits:                                    # BOT 5.1; BOT 1.4.1 c: no Rookie stops
        steps = [t for t in steps if not trk.spaces[t].pit_lane]
    if not due:     # A157: nor into the lane that only leads there (a lane that ends)
        steps = [t for t in steps if not pit_dead_end(trk, t)] or steps
    if due and trk.pit is not None:
        lat = _to_pit(trk, car.space, steps)
        if lat is not None:
            return [Step(lat)]
    card = bot_content(race).tactics_card(tactics_of(race, seat))
    occ = occupancy(race, seat)
    full = {t for t in steps if occ.get(t, 0) >= trk.spaces[t].capacity}
    # BOT 6.5: no preferred lane under the Safety Car
    goal_open = not mv.get("lane_done") and race.safety_car is None
    dodge = BZ.debris_step(race, seat, steps, full)     # [ADV] BOT 6.9.2
    if dodge is not None:
        return [Step(dodge)]
    to, _, forced, _ = pick(trk, car.space, steps, card=card, goal_open=goal_open, full=full)
    # BOT 6.5: under the Safety Car no attack (FGP 13.9.2): it keeps its lane behind
    # the car; a BOT on a blue flag may still get past to unlap itself (the players')
    held = race.safety_car is not None and not car.laps_down
    if forced and Stop() in legal and (to in full or held or not _ahead_in_lane(race, seat)):
        # a car ahead, not the lane's end: it stops behind (see below); but one in
        # its own lane on the next tile (BOT 3.2.1, 6.7): with this point it changes
        # lanes, the yellow arrow's way first, into the attack position beside it
        to = None
    if to is not None:
        return [Step(to)]
    if Stop() in legal:                         # blocked: it stops behind (BOT 3.2.1)
        return [Stop()]
    # nothing the lane rules pick: the fallback, without the pit-lane steps taken
    # out above; a BOT plays no cards to reduce (BOT 2.1). None left: BOT 5.1, a BOT
    # not pitting stops ahead of the yellow line (the space behind it is the pit
    # lane's), and BOT 4.2 / 5.4, it never crosses the line: its move ends here
    return [a for a in legal if not isinstance(a, Reduce)
            and (not isinstance(a, Step) or a.to in steps)]


def _ahead_in_lane(race, seat: int) -> bool:
    """BOT 3.2.1: a car on the next tile in this car's lane."""
    from ..rules.where import positions
    trk = track_of(race)
    sp = trk.spaces[race.cars[seat].space]
    nxt = trk.tile_ahead(sp.tile)
    return any(trk.spaces[s].tile == nxt and set(trk.spaces[s].lanes) & set(sp.lanes)
               for s in positions(race, seat).values() if s is not None)


def _to_pit(track, space: int, steps: list[int]) -> int | None:
    """BOT 4.1: on the tile before the pit entry tile (or on it) a BOT due to
    pit changes lanes towards the PIT LANE space's lane, never across the
    yellow line (BOT 4.2)."""
    sp = track.spaces[space]
    entry = track.spaces[track.pit.entry_space]
    if sp.tile not in (entry.tile, track.tile_ahead(entry.tile, -1)) or entry.lane in sp.lanes:
        return None
    way = "right" if entry.lane > max(sp.lanes) else "left"
    for t in steps:
        if _side(sp, t) == way and not track.spaces[t].pit_lane:
            return t
    return None


def along_tile(track, space: int, to: int) -> bool:
    """BOT 6.4: a step on along its lane on the same tile (no lane change)."""
    return track.spaces[to].tile == track.spaces[space].tile and \
        not any(m.to == to and m.lane_change for m in track.moves(space))


def stepped(race, car, to: int) -> tuple[int | None, list]:
    """BOT 2.2: the BOT reaches its preferred lane once a turn: the first tile
    of the card's kind it moves onto ends the lane goal of this turn. A lane
    change with a car in the way is decided first (BOT 2.2.1 / 2.2.2): the
    space it steps to (None: no step) and the events."""
    from .blocked import decide
    to, ev = decide(race, car, to)
    if to is None:
        return None, ev
    BZ.dodged(race, car, to)                    # [ADV] BOT 6.9.2: it keeps the new lane
    trk = track_of(race)
    if trk.spaces[to].pit_lane and kind(race, car.seat) == "pro" and BT.pit_due(race, car.seat):
        record(race, car.seat)["pit"].update(entry=False, space=None)   # used: BOT 5.2 places the next
    here, there = trk.spaces[car.space].tile, trk.spaces[to].tile
    card = bot_content(race).tactics_card(tactics_of(race, car.seat))
    if there != here and trk.tiles[there].straight == (card.tile == "straight"):
        race.move["lane_done"] = True
    return to, ev
