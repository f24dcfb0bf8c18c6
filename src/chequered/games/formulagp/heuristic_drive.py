"""The heuristic driver's movement points, applied in place in one pass
(the `points` of engine/drive.drive_own, which HeuristicBot.drive runs for
engine/play.py).

Machine.drive plays a route through the machine: for every movement point
it runs the automatic steps (the move's stage, asking the next point: its
legal list copied into the machine's cache), asks the bot (which fetches
that list again and finds its pick in it), finds the pick once more and
applies it. Here, while the move goes on point by point (the most frequent
decision of a race):

- the driver's pick (HeuristicBot._move) is applied with the move step's
  own function (move_steps._move_act);
- the next point's options come from the rules' own function
  (move_steps.next_point, which _moving asks too), used as they are, with
  where the other cars stand worked out once while none is pushed, and
  without the Reduce options of a list that has a step or a stop in it
  (the driver rarely reads them: move_steps.point_reduces then works them
  out, the same objects);
- at a free point (move_steps.free_lanes, most of them) the driver's usual
  pick is read off the track's tables (_free_pick) without making the
  point's legal list at all.

The other steps of a route (preparations, the play, extensions) are picked
by HeuristicBot.pick from the machine's lists. The race, the route and the
events are those of Machine.drive with the same picks
(tests/formulagp/test_heuristic_drive.py plays races both ways).
"""
from __future__ import annotations

from .actions import Reduce
from .rules import move_steps as MS
from .rules.where import track_of


def points(race, driver, path: list, events: list) -> None:
    """The movement points of the move in progress, from the one asked,
    while the next is asked of the same car with nothing rolled or drawn
    (`driver`: (the machine, the HeuristicBot)). It leaves the race at the
    next decision, or with none pending for drive_own to run the automatic
    steps."""
    machine, bot = driver
    turn = race.turn
    asked = turn.pending
    seat = asked.seats[0]
    legal = machine.fine(race, seat)
    # engine/routes.ticks, read at every point (a FormulaGP race has its chance)
    chance = race.chance
    t0 = chance.ticks
    act = MS._move_act
    car = race.cars[seat]
    roads = bot._roads_of(track_of(race))   # the driver's table of the race's track
    mv = race.move
    memo = turn.memo                        # (legal list, its steps, complete, field), by _moving
    steps = field = None                    # field: where the others stand (MS.others_of)
    if memo is not None and memo[0] is legal:
        steps, field = memo[1], memo[3]
    complete = True                         # the list holds its Reduce options
    pick = None                             # the driver's pick at a free point, made without its list
    while True:
        if pick is None:
            if steps is not None:
                # push_spaces reads the steps of this list, point_reduces
                # whether it holds its Reduce options
                turn.memo = (legal, steps, complete, field)
            # as HeuristicBot.pick, at every decision (called when the car's
            # tyres or wear changed: else it notes nothing, test_heuristic_drive.py)
            seen = bot._seen
            if not seen or seen[1] != car.wear or seen[0] != car.tyre or bot._start is None:
                bot._observe(race, seat)
            pick = bot._move(race, seat, legal, roads)
            # HeuristicBot.pick's answer, then Machine._decide's find: the
            # list's object itself, else the first equal one, else the first
            for chosen in legal:
                if chosen is pick:
                    break
            else:
                if type(pick) is Reduce:
                    # from point_reduces, for a list made without them: the
                    # rules' own object, as the complete list holds it
                    chosen = pick
                else:
                    if pick not in legal:
                        pick = legal[0]
                    chosen = legal[legal.index(pick)]
        else:
            chosen = pick                   # a Step of the list the rules would make
        path.append(pick)
        pick = None
        turn.cache = None
        events += act(race, seat, chosen, field)
        turn = race.turn
        if turn.pending is asked:           # as Machine._decide: nobody asked again
            turn.cache = None
            turn.pending = None
        if turn.pending is not None or turn.over:
            return                          # a new decision, or the end
        if race.move is mv and turn.phase == "turns" and mv["stage"] == "moving" \
                and mv["left"] > 0 and not mv.get("now") and chance.ticks == t0:
            # the automatic step that would run next is _moving: its options, at
            # once; the other cars stand where they stood unless one was pushed
            # (only a push step moves another car, FGP 8.3.1)
            if steps is None:
                field = None
            else:
                for s in steps:             # (a loop: no generator made at every point)
                    if s.push:
                        field = None
                        break
            if field is None:
                field = MS.others_of(race, seat)
            lanes = -1                      # (free_lanes not asked)
            if not mv.get("bot"):           # (BOT 2.2: a BOT's TACTICS card steers its list)
                lanes = MS.free_lanes(race, seat, field)
                if lanes is not None:
                    pick = _free_pick(bot, race, car, lanes, roads)
                    if pick is not None:
                        steps = ()          # a free point's: none pushes
                        turn.pending = asked
                        continue
            # (the driver reads a point's Reduce options rarely: asked for
            # then; whether the point is free, just asked, is not asked again)
            legal, steps, ev = MS.next_point(race, car, field, False, lanes)     # reduces
            complete = False
            if legal is not None:
                turn.pending = asked        # the same decision, asked again
                continue
            events += ev
        return                              # drive_own runs the automatic steps


def _free_pick(bot, race, car, lanes: int, roads: list):
    """HeuristicBot._move at a free movement point (move_steps.free_lanes:
    `lanes`) without its legal list: the best ranked step still open, when
    that decides (no pit entry to line up for, nothing to look ahead for, no
    dead end): the list is then the space's free steps not visited, none
    pushing, and _move picks that very step. None when _move needs the
    list. The driver is asked (observes) only once a step is known open:
    with none, the rules may end the move instead. `roads`: the driver's
    table of the race's track (HeuristicBot._roads_of)."""
    mv = race.move
    facts, to_pit, across, ranked, dead_end, free = roads[car.space]
    visited = mv["visited"]
    for best in free[lanes]:
        if best.to not in visited:
            break
    else:
        return None
    seen = bot._seen                # (as points: a call only with something to note)
    if not seen or seen[1] != car.wear or seen[0] != car.tyre or bot._start is None:
        bot._observe(race, car.seat)
    left = mv["left"]
    # bot._looks_ahead and _lines_up's first test, written out (at every free
    # point; tests/formulagp/test_heuristic_drive.py plays races both ways)
    if dead_end or (across is not None and across <= left) \
            or (to_pit is not None and bot._lines_up(race, car.seat, to_pit, left)):
        return None
    return best
