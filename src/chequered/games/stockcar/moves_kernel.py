"""numba kernel of moves_fast.points (the optional `fast` extra): a team
bot's whole move on the track, point by point, over arrays.

The rules of rules/movement.work_out and do_step (STOCK Movement, Race card
parts, Drafting and corners) and the choice of bots.best_step, in their
order: tests/stockcar/test_fast_path.py checks the two paths against each
other. Imported only when the kernel is first needed (numba is slow to
import).
"""
from __future__ import annotations

import numpy as np
from numba import njit

from .rules.movement import NO_PUSH, PUSH_AHEAD, PUSH_ASIDE

NO_START, CLASH = -1, -2    # refusals: no legal step at the start; a pushed car's space taken
HEADER = 5                  # status, MP left, steps, moved cars, pushes


@njit(cache=True, inline="always")
def _score(occ, tab, k, ahead, cost, mp, lane, push):
    """bots.best_step's score of one option (the head still where it is):
    whole numbers first, then the lane's fifth and the push, in its order."""
    value = 10 * ahead - 2 * cost
    if mp > cost:
        for j in range(tab[k, 1]):
            if occ[tab[k, 3 + 2 * j]] == -1:
                value += 3                       # room to keep going
                break
    else:
        k2 = tab[k, 0]
        if k2 >= 0 and occ[k2] != -1:
            value += 4                           # end tucked in: a draft next time
    score = value - 0.2 * lane
    if push == PUSH_AHEAD:
        score -= 3.0
    return score


@njit(cache=True, inline="always")
def _visited(vd, vl, sd, sl, steps, d, lane):
    """Has the head been on (d, lane) this move? (its start, then its steps)"""
    if vd == d and vl == lane:
        return True
    for q in range(steps):
        if sd[q] == d and sl[q] == lane:
            return True
    return False


@njit(cache=True, inline="always")
def _in(snake, x):
    for q in range(len(snake)):
        if snake[q] == x:
            return True
    return False


@njit(cache=True, inline="always")
def _see(dist, base, lane, known, i, slot, w1):
    """A car met in a track space: its sector stands for its dist (only
    differences and dist % n are read), the difference is returned."""
    if not known[i]:
        known[i] = True
        dist[i] = base[i] = slot // w1
        lane[i] = slot % w1


@njit(cache=True, inline="always")
def _shift(occ, dist, lane, moved, i, nd, nl, n, w1):
    """A pushed car off its space and onto (nd, nl), as order.lift and
    order.place; False if that space is taken (place refuses it)."""
    s = (dist[i] % n) * w1 + lane[i]
    if occ[s] == i:
        occ[s] = -1
    t = (nd % n) * w1 + nl
    if occ[t] != -1:
        return False
    dist[i] = nd
    lane[i] = nl
    occ[t] = i
    moved[i] = True
    return True


@njit(cache=True)
def points_kernel(occ, pos, tab, ncars, mp, vd, vl):
    """A team bot's move from its first movement point: pos holds (car,
    dist, lane) per car of the pack, head first; vd, vl the space the
    head started from (the move's `visited`); tab the track and the
    costs (moves_fast.tables). occ is updated in place.

    Returns [status, MP left, steps S, moved cars M, pushes P], then per
    step its code (16 * spaces ahead + lane), then per step the head's
    dist after it, then its lane, then (car, spaces moved on, lane) per
    moved car, then per push its kind, its length and its cars. status:
    2 * S + 1 if the move ended with no step possible (2 * S when the
    points ran out), or NO_START / CLASH."""
    last = tab.shape[0] - 1
    side0, c_fwd, c_side, c_aside, c_ahead = tab[last, 0], tab[last, 1], tab[last, 2], \
        tab[last, 3], tab[last, 4]
    n, w1, wcol = tab[last, 5], tab[last, 6], tab.shape[1] - 1
    dist = np.empty(ncars, dtype=np.int64)
    base = np.empty(ncars, dtype=np.int64)
    lane = np.empty(ncars, dtype=np.int64)
    known = np.zeros(ncars, dtype=np.bool_)
    moved = np.zeros(ncars, dtype=np.bool_)
    ns = len(pos) // 3
    snake = np.empty(ns, dtype=np.int64)
    for q in range(ns):
        i = snake[q] = pos[3 * q]
        dist[i] = base[i] = pos[3 * q + 1]
        lane[i] = pos[3 * q + 2]
        known[i] = moved[i] = True
    h = snake[0]
    sc = np.empty(mp + 1, dtype=np.int64)          # per step: code, dist after, lane
    sd = np.empty(mp + 1, dtype=np.int64)
    sl = np.empty(mp + 1, dtype=np.int64)
    pushes = np.empty((mp + 1) * (ncars + 3), dtype=np.int64)
    np_ = 0                                        # pushes made, and their length in `pushes`
    plen = 0
    line = np.empty(ncars + 1, dtype=np.int64)
    best_line = np.empty(ncars + 1, dtype=np.int64)
    steps = 0
    empty = 0
    while True:
        hd = dist[h]
        hl = lane[h]
        here = (hd % n) * w1
        there = ((hd + 1) % n) * w1
        k = here + hl
        count = 0
        best_score = -np.inf
        b_ahead = b_lane = b_cost = b_push = b_x = b_len = 0
        # the legal steps in movement.work_out's order: forward, then sideways
        nf = tab[k, 1]
        for j in range(nf + tab[k, side0]):
            push = -1
            nline = 0
            if j < nf:
                ahead = 1
                l2 = tab[k, 2 + 2 * j]
                k2 = tab[k, 3 + 2 * j]
                x = occ[k2]
                if x == -1:
                    if c_fwd <= mp:
                        push, cost = NO_PUSH, c_fwd
                elif ns == 1 and x != h and c_ahead <= mp:
                    # STOCK Movement: a forward push moves the linked line in front
                    line[0] = x
                    nline = 1
                    _see(dist, base, lane, known, x, k2, w1)
                    kk = tab[k2, 0]
                    while kk >= 0:                      # movement.line_from
                        i = occ[kk]
                        if i == -1:
                            break
                        _see(dist, base, lane, known, i, kk, w1)
                        line[nline] = i
                        nline += 1
                        if nline - 1 == ncars:
                            break
                        kk = tab[kk, 0]
                    f = line[nline - 1]
                    fs = (dist[f] + 1) % n
                    if occ[fs * w1 + min(lane[f], tab[fs, wcol])] == -1:
                        push, cost = PUSH_AHEAD, c_ahead
            else:
                # sideways: the head never re-enters a space it left this move
                ahead = 0
                col = side0 + 1 + 3 * (j - nf)
                l2 = tab[k, col]
                k2 = tab[k, col + 1]
                k3 = tab[k, col + 2]
                x = occ[k2]
                if x == -1:
                    if c_side <= mp and not _visited(vd, vl, sd, sl, steps, hd, l2):
                        push, cost = NO_PUSH, c_side
                elif c_aside <= mp and not _in(snake, x):
                    if k3 >= 0 and occ[k3] == -1 and not _visited(vd, vl, sd, sl, steps, hd, l2):
                        push, cost = PUSH_ASIDE, c_aside
            if push >= 0:
                count += 1
                score = _score(occ, tab, (there if ahead else here) + l2, ahead, cost, mp, l2,
                               push)
                if score > best_score:            # the first of the best, as best_step
                    best_score = score
                    b_ahead, b_lane, b_cost, b_push, b_x, b_len = ahead, l2, cost, push, x, nline
                    for q in range(nline):
                        best_line[q] = line[q]
        if count == 0:
            if steps == 0:
                return np.full(1, NO_START, dtype=np.int64)
            empty = 1
            break
        # movement.do_step: the push first, then the head, then the pack
        if b_push == PUSH_AHEAD:
            for q in range(b_len - 1, -1, -1):   # the front of the line first
                i = best_line[q]
                nd = dist[i] + 1
                if not _shift(occ, dist, lane, moved, i, nd, min(lane[i], tab[nd % n, wcol]), n,
                              w1):
                    return np.full(1, CLASH, dtype=np.int64)
            pushes[plen] = PUSH_AHEAD
            pushes[plen + 1] = b_len
            for q in range(b_len):
                pushes[plen + 2 + q] = best_line[q]
            plen += 2 + b_len
            np_ += 1
        elif b_push == PUSH_ASIDE:
            i = b_x
            _see(dist, base, lane, known, i, here + b_lane, w1)
            if not _shift(occ, dist, lane, moved, i, dist[i], lane[i] + (b_lane - hl), n, w1):
                return np.full(1, CLASH, dtype=np.int64)
            pushes[plen] = PUSH_ASIDE
            pushes[plen + 1] = 1
            pushes[plen + 2] = i
            plen += 3
            np_ += 1
        if ns == 1:
            occ[here + hl] = -1
            d = hd + b_ahead
            dist[h] = d
            lane[h] = b_lane
            occ[(d % n) * w1 + b_lane] = h
        else:
            # each car goes where the car in front of it was
            nd = hd + b_ahead
            nl = b_lane
            to = (nd % n) * w1 + nl
            for q in range(ns):
                i = snake[q]
                kk = (dist[i] % n) * w1 + lane[i]
                occ[to] = i
                od, ol = dist[i], lane[i]
                dist[i] = nd
                lane[i] = nl
                nd, nl = od, ol
                to = kk
            occ[to] = -1
            d = dist[h]
        sc[steps] = 16 * b_ahead + b_lane
        sd[steps] = d
        sl[steps] = b_lane
        mp -= b_cost
        steps += 1
        if mp <= 0:
            break
    nm = 0
    for i in range(ncars):
        if moved[i]:
            nm += 1
    out = np.empty(HEADER + 3 * steps + 3 * nm + plen, dtype=np.int64)
    out[0] = 2 * steps + empty
    out[1] = mp
    out[2] = steps
    out[3] = nm
    out[4] = np_
    at = HEADER
    for q in range(steps):
        out[at + q] = sc[q]
        out[at + steps + q] = sd[q]
        out[at + 2 * steps + q] = sl[q]
    at += 3 * steps
    for i in range(ncars):
        if moved[i]:
            out[at] = i
            out[at + 1] = dist[i] - base[i]
            out[at + 2] = lane[i]
            at += 3
    for q in range(plen):
        out[at + q] = pushes[q]
    return out
