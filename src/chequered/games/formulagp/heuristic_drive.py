"""The heuristic driver's whole move, applied in place in one pass (for
engine/play.py, which asks a bot's own drive()).

engine/steps.Machine.drive plays a route through the machine: for every
movement point it runs the automatic steps (the move's stage, asking the
next point: its legal list copied into the machine's cache), asks the bot
(which fetches that list again and finds its pick in it), finds the pick
once more and applies it. Here, while the move goes on point by point
(the most frequent decision of a race):

- the driver's pick (HeuristicBot._move) is applied with the move step's
  own function (move_steps._move_act);
- the next point's options come from the rules' own function
  (move_steps.next_point, which _moving asks too), used as they are, with
  where the other cars stand worked out once while none is pushed, and
  without the Reduce options of a list that has a step or a stop in it
  (the driver rarely reads them: move_steps.point_reduces then works them
  out, the same objects);
- any other step of a route (preparations, the play, extensions) and any
  point reached otherwise goes through the machine as in Machine.drive.

The race, the route and the events are those of Machine.drive: the same
picks, applied by the same rule functions in the same order; only the
machine's bookkeeping between two points of one move, and answers nobody
reads, are left out.
"""
from __future__ import annotations

from ...engine.routes import Route, chain_of, continues, ticks
from .actions import Reduce
from .rules import move_steps as MS

_CHAINS: dict = {}                  # route step -> the steps its routes run through


def drive(game, race, seat: int, bot) -> tuple[Route, list]:
    """Apply the pending route step's whole move for `seat` as the driver
    `bot` picks it. Returns (the Route, its events)."""
    machine = game.machine
    steps = machine.steps
    turn = race.turn
    names = _CHAINS.get(turn.pending.step)
    if names is None:
        step = steps[turn.pending.step]
        names = _CHAINS[step.name] = chain_of(step.name, step.route)
    t0 = ticks(race)
    path: list = []
    events: list = []
    while True:
        asked = turn.pending
        legal = machine.fine(race, seat)
        if asked.step == "move":
            _points(machine, race, seat, bot, asked, legal, path, events, t0)
        else:
            a = bot.choose(game, race, seat)
            for x in legal:                 # the list's own object (no __eq__ called)
                if x is a:
                    turn.cache = None       # as Machine._decide: the lists change
                    events += steps[asked.step].apply(race, seat, a)
                    break
            else:
                events += machine.apply(race, seat, a)      # matched or refused there
                asked = None                # (the machine's work after it done there)
            path.append(a)
            turn = race.turn
            if asked is not None:
                # Machine._decide's work after a step's apply: a decision
                # nobody asked again is over, the automatic steps run on
                if turn.pending is asked:
                    turn.cache = None
                    turn.pending = None
                if turn.pending is None:
                    events += machine.advance(race)
        turn = race.turn
        if not continues(machine, race, seat, names, t0):
            return Route(tuple(path)), events


def _points(machine, race, seat: int, bot, asked, legal: list, path: list,
            events: list, t0: int) -> None:
    """The movement points of the move in progress, from the one asked
    (`asked`, its legal list `legal`), while the next is asked of the same
    car with nothing rolled or drawn; the automatic steps after the last."""
    act = MS._move_act
    car = race.cars[seat]
    mv = race.move
    memo = race.turn.memo                   # (legal list, its steps, complete), by _moving
    steps = memo[1] if memo is not None and memo[0] is legal else None
    complete = True                         # the list holds its Reduce options
    field = None                            # where the others stand (MS.others_of)
    while True:
        turn = race.turn
        if steps is not None:
            # push_spaces reads the steps of this list, point_reduces whether
            # it holds its Reduce options
            turn.memo = (legal, steps, complete)
        bot._observe(race, seat)            # as HeuristicBot.choose, at every decision
        pick = bot._move(race, seat, legal)
        # HeuristicBot.choose's answer, then Machine._decide's find: the
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
        path.append(pick)
        turn.cache = None
        events += act(race, seat, chosen)
        turn = race.turn
        if turn.pending is asked:
            turn.cache = None
            turn.pending = None
        if turn.pending is not None or turn.over:
            return
        if race.move is mv and turn.phase == "turns" and mv["stage"] == "moving" \
                and mv["left"] > 0 and not mv.get("now") and ticks(race) == t0:
            # the automatic step that would run next is _moving: its options, at
            # once; the other cars stand where they stood unless one was pushed
            # (only a push step moves another car, FGP 8.3.1)
            if field is None or steps is None or any(s.push for s in steps):
                field = MS.others_of(race, seat)
            # (the driver reads a point's Reduce options rarely: asked for then)
            legal, steps, ev = MS.next_point(race, car, field, reduces=False)
            complete = False
            if legal is not None:
                turn.pending = asked        # the same decision, asked again
                continue
            events += ev
        events += machine.advance(race)
        return
