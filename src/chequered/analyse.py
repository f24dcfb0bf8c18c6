"""Race analysis: each decision of one seat rated by the search bot.

`analyse(record, seat)` replays a record and, at every decision the seat
really had (more than one legal choice), searches the position with the
search bot (agents/mcts.py) *from that seat's view*: every iteration starts
from `redeterminize(state, seat, rng)`, so the rating never uses a card or a
die the seat could not have seen. For each decision it gives the value of
the choice made and of the best choice found (the expected place as a
reward: 1 = first, 0 = last), their difference (the loss) and the preferred
move in the game's own words; then the biggest mistakes. The result is
JSON-ready, for `chequered analyse` and for the web's replay page.

For Bolide it also sets the seat's laps against the solver's exact line
(games/bolide/solver.py): the turns each lap took and the turns lost.
"""
from __future__ import annotations

import math
import statistics
from collections.abc import Callable

from .agents.mcts import Search
from .agents.search_kind import Budget
from .engine.protocol import BadInput, Game
from .engine.records import Record
from .engine.rng import Rng
from .engine.routes import Route, chain_of, continues, ticks

MISTAKES = 5
MIN_TRIES = 2           # searches get at least this many iterations a legal choice
SURE_Z = 1.96           # a loss counts as a mistake beyond this many standard errors
# The share of a decision's budget for the paired comparison, so that a
# review costs no more than its budget (a FormulaGP review at 200 iterations
# took about 12 minutes, near the web's 15-minute cap)
PAIRED_SHARE = 1 / 3


def analyse(record: Record, seat: int | None = None, budget: Budget = Budget(),
            seed: int = 0, progress: Callable[[int, int], None] | None = None,
            game: Game | None = None) -> dict:
    """The review of `seat`'s decisions in a recorded race (default: its
    first human seat, else seat 0). `progress(done, total)` is called after
    each decision rated."""
    from .engine.registry import game as game_by_name
    game = game or game_by_name(record.game)
    config = game.config(**record.config)
    n = len(config.seats)
    if seat is None:
        seat = default_seat(config.seats)
    if not 0 <= seat < n:
        raise BadInput(f"seat must be between 1 and {n}")
    actions = [(s, game.decode_action(doc)) for s, doc in record.actions]
    state = game.new(config, record.seed)
    moves = _decisions(game, state, actions, seat)
    names = game.seat_names(state)           # as the race ended (drivers are chosen in it)
    rng = Rng(seed).spawn("analyse")
    rated = []
    for k, (index, played, st) in enumerate(moves):
        legal = game.legal_actions(st, seat)
        step = game.pending_step(st)
        # a third of the budget is kept for the paired comparison (_against_best)
        iterations, seconds = budget.iterations, budget.seconds
        if iterations is not None:
            iterations = max(iterations - 2 * _pairs(budget), MIN_TRIES * (len(legal) + 1))
        if seconds is not None:
            seconds = seconds * (1 - PAIRED_SHARE)
        search = Search(game, seat, Budget(iterations, seconds))
        res = search.run(st, rng, include=(played,))
        listed = next((a for a in legal if a == played), played)    # with its menu label
        rated.append({
            "decision": k + 1, "step": index + 1,
            "deciding": (step.label or step.name.replace("_", " ")) if step else "",
            "rule": step.rule if step else "",
            "played": game.describe_choice(st, seat, listed),
            **_against_best(game, search, st, rng, played, listed, res, budget),
            "choices": len(legal), "iterations": res.iterations,
        })
        if progress is not None:
            progress(k + 1, len(moves))
    # only a loss the paired comparison tells from noise is a mistake
    mistakes = sorted((r for r in rated if r["sure"]), key=lambda r: (-r["loss"], r["step"]))
    doc = {"game": game.name, "seat": seat, "name": names.get(seat) or f"player {seat + 1}",
           "budget": str(budget), "decisions": rated, "mistakes": mistakes[:MISTAKES],
           "mean_loss": _r(sum(r["loss"] or 0 for r in rated) / len(rated)) if rated else 0.0}
    if game.name == "bolide":
        from .analyse_bolide import line_against_solver
        doc["line"] = line_against_solver(game, config, record.seed, actions, seat, doc["name"])
    return doc


def _against_best(game: Game, search: Search, st, rng: Rng, played, listed, res,
                  budget: Budget) -> dict:
    """The played move (`listed`: as the menu offered it) against the
    search's choice. The tree's means of two moves rest on a few rollouts
    each: two reviews of one stock-car race at 200 iterations, under two
    seeds, shared one of their five biggest mistakes. So the two moves are
    played again side by side, in the same worlds with the same bots' seeds
    (Search.paired, a third of the budget), and the loss is their
    mean difference, `sure` beyond SURE_Z standard errors. A played move
    that comes out at least as good is the one preferred."""
    best = res.rated[0].action
    seat = search.seat
    if best == played:
        v = _r(res.of(played).value)
        return {"value": v, "best": game.describe_choice(st, seat, listed), "best_value": v,
                "loss": 0.0, "loss_se": 0.0, "sure": False, "pairs": 0,
                "best_action": game.encode_action(played)}
    pairs = search.paired(st, rng, played, best, pairs=_pairs(budget),
                          seconds=budget.seconds * PAIRED_SHARE if budget.seconds else None)
    mine = statistics.fmean(a for a, _ in pairs)
    theirs = statistics.fmean(b for _, b in pairs)
    se = statistics.stdev(b - a for a, b in pairs) / math.sqrt(len(pairs))
    loss = theirs - mine
    if loss <= 0:
        best, theirs, loss = listed, mine, 0.0
    return {"value": _r(mine), "best": game.describe_choice(st, seat, best),
            "best_value": _r(theirs), "loss": _r(loss), "loss_se": _r(se),
            "sure": loss > SURE_Z * se, "pairs": len(pairs),
            "best_action": game.encode_action(best)}


def _pairs(budget: Budget) -> int:
    """The pairs of the paired comparison: PAIRED_SHARE of an iteration
    budget, two rollouts a pair (at least Search.paired's MIN_PAIRS)."""
    return int(budget.iterations * PAIRED_SHARE) // 2 if budget.iterations else 0


def default_seat(seats: list[str]) -> int:
    """The seat a review is of unless one is named: the first human's."""
    return seats.index("human") if "human" in seats else 0


def _decisions(game: Game, state, actions: list, seat: int) -> list[tuple[int, object, object]]:
    """(index in the record, the move, a copy of the position) of every
    decision `seat` had: single
    steps of a whole move recorded one by one are put together into the
    Route they make (the search rates whole moves). Plays `state` on."""
    out = []
    i = 0
    while i < len(actions):
        s, a = actions[i]
        if game.forced(state) == (s, a):
            # a single fine step the engine applies unasked (the first point
            # of a move all of whose routes start alike): no decision
            game.apply(state, s, a)
            i += 1
            continue
        if s == seat and len(game.legal_actions(state, s)) > 1:
            step = game.pending_step(state)
            if step.route is not None and type(a) is not Route and a not in \
                    game.legal_actions(state, s):
                before = game.clone(state)
                path, j = _route_from_steps(game, state, actions, i, step)
                out.append((i, Route(tuple(path)), before))
                i = j
                continue
            out.append((i, a, game.clone(state)))
        game.apply(state, s, a)
        i += 1
    return out


def _route_from_steps(game: Game, state, actions: list, i: int, step) -> tuple[list, int]:
    seat = actions[i][0]
    names = chain_of(step.name, step.route)
    t0 = ticks(state)
    path = []
    while i < len(actions) and actions[i][0] == seat:
        if path and type(actions[i][1]) is Route:
            break                       # the next decision, recorded whole
        game.apply(state, seat, actions[i][1])
        path.append(actions[i][1])
        i += 1
        if not continues(game.machine, state, seat, names, t0):
            break
    return path, i


def _r(x):
    return None if x is None else round(x, 3)
