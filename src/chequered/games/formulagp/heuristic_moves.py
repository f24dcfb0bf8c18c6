"""The heuristic driver's look at the road (bots.py HeuristicBot._move):
the yellow line, the pit lane's distance and the look-ahead that keeps
the pit lane from becoming its only step.
Facts of the track graph are worked out once a track (its memo)."""
from __future__ import annotations

from . import actions as A
from .rules.move_steps import _reduce_options, step_options
from .rules.move_table import _point_table, _step_to, others_of
from .rules.where import race_round, track_of
from .track import pit_dead_end

APPROACH = 6          # MP beyond the move within which the bot lines up for the pits


def drive_table(trk) -> list[tuple]:
    """Per space, what the driver reads at every movement point: (facts, the
    movement points to the PIT LANE space (pit_table; None: no way there), the
    same across the yellow line too, the steps on the track that gain ground,
    best first, whether a step on the track enters pit_dead_end, and the
    ranked steps a free movement point offers (move_steps.free_lanes: without
    the lane changes, with them), in the same order).
    Facts: of each space one point takes it to, but those across the yellow
    line (FGP 11.1 / 11.3: it never steps there): to -> (PIT LANE space,
    pit_dead_end, (progress, -lanes crossed), gains ground). Progress: the
    tiles ahead and where along its lane the space starts (Space.span[0]); a
    step gains ground when it ends further along or on another tile. Best
    first: more progress, then fewer lanes crossed, then the track's order of
    the moves (the order of a movement point's legal list), each as the
    rules' own Step action (move_table._step_to). Once a track (a walled
    street circuit has the same spaces and moves)."""
    got = trk._memo.get("heuristic_drive")
    if got is None:
        spaces = trk.spaces
        n = len(trk.tiles)                  # Track.lap_tiles
        progress = trk.progress
        pits, pits_across = pit_table(trk), pit_table(trk, across=True)
        points = _point_table(trk)
        got = []
        for sp in spaces:
            moves = trk.moves(sp.id)
            yellow = {m.to for m in moves if m.crosses_yellow_line}
            start = progress(sp.id)[1]
            facts = {}
            for m in moves:
                to = spaces[m.to]
                if m.to in yellow:
                    continue
                tile, along = progress(m.to)
                ahead = ((tile - sp.tile) % n) + along
                facts[m.to] = (to.pit_lane, pit_dead_end(trk, to.id),
                               (ahead, -abs(to.lane - sp.lane)),
                               ahead > start + 1e-9 or to.tile != sp.tile)
            on_track = [(to, f) for to, f in facts.items() if not f[0]]
            # (a stable sort: equals keep the moves' order)
            ranked = tuple(_step_to(to) for to, f in sorted(
                [x for x in on_track if x[1][3]], key=lambda x: x[1][2], reverse=True))
            free = tuple(tuple(r for r in ranked if any(a is r for a in offered))
                         for offered in points[sp.id][4])
            got.append((facts, pits.get(sp.id), pits_across.get(sp.id), ranked,
                        any(f[1] for _, f in on_track), free))
        trk._memo["heuristic_drive"] = got
    return got


def pit_in(trk, space: int, n: int, *, across: bool = False) -> int | None:
    """Movement points from `space` to the PIT LANE space by forward moves
    and lane changes, across the yellow line too or not (FGP 11.1: a Penalty);
    None: not within n."""
    d = pit_table(trk, across).get(space)
    return d if d is not None and d <= n else None


def pit_route(trk, legal: list, facts: dict, full: set, reach: int):
    """HeuristicBot._move lining up for the pit entry: the step of `legal`
    nearest the PIT LANE space within `reach` points (the pit lane's own
    spaces first), the furthest on of equals, none that pushes a car
    (`full`, FGP 8.3.1); None without one."""
    best = None                 # min() by this key, without a call (~1k instructions)
    for a in legal:
        if type(a) is A.Step and a.to in facts and a.to not in full:
            f = facts[a.to]
            d = 0 if f[0] else pit_in(trk, a.to, reach)
            if d is not None:
                k = (d, -f[2][0])
                if best is None or k < top:
                    best, top = a, k
    return best


def pit_table(trk, across: bool = False) -> dict[int, int]:
    """pit_distances, worked out once a track (its memo)."""
    key = "pit_in_across" if across else "pit_in"
    dist = trk._memo.get(key)
    if dist is None:
        dist = trk._memo[key] = pit_distances(trk, across)
    return dist


def pit_distances(trk, across: bool) -> dict[int, int]:
    """space -> movement points to the PIT LANE space: a walk back from the
    pit lane (pit_in keeps it in the track memo, which a walled street
    circuit shares: its moves are the same)."""
    back: dict[int, list[int]] = {}
    for sp in trk.spaces:
        for m in trk.moves(sp.id):
            if across or not m.crosses_yellow_line:
                back.setdefault(m.to, []).append(sp.id)
    dist = {sp.id: 0 for sp in trk.spaces if sp.pit_lane}
    frontier = list(dist)
    while frontier:
        nxt = []
        for s in frontier:
            for f in back.get(s, ()):
                if f not in dist:
                    dist[f] = dist[s] + 1
                    nxt.append(f)
        frontier = nxt
    return dist


def spendable(race, car, steps: list, left: int) -> list:
    """FGP 8.3: the steps after which the car can use its `left` points
    without the pit lane becoming its only step (spend_test)."""
    ok = spend_test(race, car, left)
    return [a for a in steps if ok(a)]


def spend_test(race, car, left: int):
    """spendable's test of one step: whether the car can use its `left`
    points after it without the pit lane becoming its only step. The rules'
    own step options (move_steps) are asked with the car moved on, in place
    (its space, the spaces visited and the points left are put back before
    returning: the rules only read them, so no copy of the race is needed);
    stopping behind a car (FGP 9.2), reducing (FGP 8.2.1) or having no step
    at all (A22) ends the move as well. The other cars stay where they are.
    The steps tested share one memo, whatever their order: a position's
    answer is keyed by all it depends on (the space, the points left, the
    spaces of the path on the space's tile: a step never goes back a tile,
    tests/formulagp/test_heuristic_moves.py), so a step may be tested alone."""
    if left <= 0:
        return _ANY
    trk = track_of(race)
    me = race.cars[car.seat]
    mv = race.move
    extending = bool(mv.get("extending"))
    seen: dict = {}
    reach = pit_table(trk, across=True)         # every step counts, across the yellow line too
    field = others_of(race, car.seat, trk)      # the others stay where they are
    reduces: dict = {}          # n -> whether the car may reduce with n points left

    def may_reduce(n: int) -> bool:
        # FGP 8.2.1: depends on the points left, not on the space
        if n not in reduces:
            mv["left"] = n
            reduces[n] = bool(_reduce_options(race, me))
        return reduces[n]

    def ok(sp: int, n: int, path: tuple) -> bool:
        if n <= 0:
            return True
        d = reach.get(sp)
        if d is None or d > n:
            # no step of any way on from here enters the pit lane: every way
            # ends well (all the recursion below would answer True)
            return True
        tile = trk.spaces[sp].tile
        key = (sp, n, frozenset([p for p in path if trk.spaces[p].tile == tile]))
        if key in seen:
            return seen[key]
        if not extending and may_reduce(n):
            seen[key] = True            # the move may end here whatever the steps
            return True
        me.space, mv["visited"], mv["left"] = sp, list(path), n
        steps, blocked = step_options(race, car.seat, field)
        res = True
        if steps and not (blocked and race_round(race) > 2 and not extending):
            res = False
            for st in steps:                # any way on ends well (the first found)
                if not trk.spaces[st.to].pit_lane and ok(st.to, n - 1, path + (st.to,)):
                    res = True
                    break
        seen[key] = res
        return res
    visited = tuple(mv.get("visited", []))

    def test(a) -> bool:
        saved = (me.space, mv["visited"], mv["left"])
        try:
            return ok(a.to, left, visited + (a.to,))
        finally:
            me.space, mv["visited"], mv["left"] = saved
    return test


def _ANY(a) -> bool:
    return True


def spendable_best(ranked: tuple, legal: list, full: set, facts: dict, ok):
    """What HeuristicBot._move picks after spendable when that is a step of
    `ranked` (best_step's first find), testing steps (spend_test: `ok`) only
    until it is known: the best ranked of the movement point's list `legal`
    (the list's own objects; ranked steps stay on the track, so they are
    among sort_steps' steps on the track) that pushes no car (FGP 8.3.1),
    does not enter the lane that only leads into the pit lane (FGP 11.1) and
    passes `ok`. None: not known so (no such step), _move then filters the
    whole list."""
    for r in ranked:
        if r.to in full or facts[r.to][1]:
            continue
        for a in legal:
            if a is r:
                if ok(r):
                    return r
                break
    return None


def sort_steps(legal: list, facts: dict) -> tuple:
    """One pass over a movement point's options for HeuristicBot._move: the
    steps that stay on the track and those into the pit lane (FGP 11.1: a
    lateral crossing of the yellow line costs a Penalty token: no fact for
    it), and whether one enters the lane that only leads into the pit lane."""
    on_track, into_pit = [], []
    dead = False
    for a in legal:
        if type(a) is A.Step:
            f = facts.get(a.to)
            if f is None:
                continue
            if f[0]:
                into_pit.append(a)
                continue
            on_track.append(a)
            if f[1]:
                dead = True
    return on_track, into_pit, dead


def best_step(ranked: tuple, steps: list, full: set):
    """The step of `steps` that gains most ground (progress, then fewer lanes
    crossed; the first of equals: the ranking keeps the list's order) without
    a push into a car (FGP 8.3.1), from the space's ranking (drive_table).
    The rules list one Step object a space: found by identity, then by its
    space (a BOT's lane rules make their own, bot/lanes.py)."""
    for r in ranked:
        if r.to not in full:
            for a in steps:
                if a is r:
                    return r
    tos = {a.to: a for a in reversed(steps) if type(a) is A.Step}
    for r in ranked:
        if r.to not in full and r.to in tos:
            return tos[r.to]
    return None
