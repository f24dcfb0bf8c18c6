"""FGP 18.1, designing tracks: the checker that a track follows the design
rules (about 40 movement-point tiles, at most 2 DRS zones, few long straights,
a tricky corner, a stretch where a BLUE card in 8th gear meets no speed limit,
kerbs where lanes begin or end, no lap in a single lane; [ADV] 2 GREEN and 2
RED speed-limit corners) and that its space graph is sound. The guidelines
that only give reasons (shorter straights, shorter tracks) are served by the
length and long-straight checks."""
from __future__ import annotations

from collections import deque

from .track import *  # noqa: F401,F403  (Track, TrackTile, Space and the constants)
from .track import Track, TrackTile

# ---- the FGP 18.1 checker -----------------------------------------------------
def _sccs_reach(track: Track, start: int, reverse: bool = False) -> set[int]:
    adj: dict[int, list[int]] = {s.id: [] for s in track.spaces}
    for s in track.spaces:
        for m in track.moves(s.id):
            adj[s.id].append(m.to)
    if track.pit:
        adj[track.pit.entry_space].append(track.pit.exit_space)
    if reverse:
        radj: dict[int, list[int]] = {k: [] for k in adj}
        for a, bs in adj.items():
            for b in bs:
                radj[b].append(a)
        adj = radj
    seen = {start}
    todo = deque([start])
    while todo:
        a = todo.popleft()
        for b in adj[a]:
            if b not in seen:
                seen.add(b)
                todo.append(b)
    return seen


def lap_spaces_min(track: Track) -> int | None:
    """Fewest movement points that take a car from a space just past the finish
    line round to the first tile again: the lap's length in spaces along the best
    line (lane changes count; the pit lane is excluded)."""
    dist: dict[int, int] = {}
    todo: deque[int] = deque()
    for s in track.tiles[0].spaces:
        if not track.spaces[s].pit_exit and not track.spaces[s].pit_lane:
            dist[s] = 0
            todo.append(s)
    best: int | None = None
    while todo:
        a = todo.popleft()
        for m in track.moves(a):
            if m.crosses_finish:
                best = dist[a] + 1 if best is None else min(best, dist[a] + 1)
            elif m.to not in dist and not m.crosses_yellow_line:
                dist[m.to] = dist[a] + 1
                todo.append(m.to)
    return best


def _limited(t: TrackTile) -> bool:
    """A speed limit for the 18.1 BLUE-in-8th check: a lower gear, the no-pairs
    icon, or an [ADV] GREEN/RED marker."""
    return t.gear != 8 or t.no_pairs or t.speed_limit is not None


def blue_run(track: Track) -> int:
    """The longest forward run (in movement points) a car can make starting on an
    8th-gear tile without entering a tile with a speed limit (FGP 18.1)."""
    n = len(track.tiles)
    if all(not _limited(t) for t in track.tiles):
        return 10 ** 6
    best = 0
    memo: dict[int, int] = {}

    def longest(sid: int) -> int:      # MPs available ahead of sid inside the run
        if sid in memo:
            return memo[sid]
        memo[sid] = 0                  # guard (forward graph is acyclic within a run)
        sp = track.spaces[sid]
        r = 0
        for f in sp.forward:
            if not _limited(track.tiles[track.spaces[f].tile]):
                r = max(r, 1 + longest(f))
        memo[sid] = r
        return r
    for t in track.tiles:
        if not _limited(t) and _limited(track.tiles[(t.index - 1) % n]):
            for s in t.spaces:
                best = max(best, longest(s))
    return best


def straight_runs(track: Track) -> list[int]:
    """The straights of the lap, in movement-point tiles: each run of straight
    tiles (FGP 2.1: slipstream tiles and 8th-gear tokens too) between two
    corners, the one across the finish line counted once."""
    flags = [t.straight for t in track.tiles]
    if all(flags):
        return [len(flags)]
    start = flags.index(False)                  # begin on a corner: no run is cut
    runs, cur = [], 0
    for k in range(1, len(flags) + 1):
        if flags[(start + k) % len(flags)]:
            cur += 1
        elif cur:
            runs.append(cur)
            cur = 0
    return runs + ([cur] if cur else [])


def long_straights(track: Track, blue_8th_mp: int = BLUE_8TH_MP) -> list[int]:
    """FGP 18.1 'limit long straights': the straights on which a BLUE card in
    8th gear can be played out in full (at least `blue_8th_mp` tiles)."""
    return [r for r in straight_runs(track) if r >= blue_8th_mp]


def check_track(track: Track, *, blue_8th_mp: int = BLUE_8TH_MP,
                lap_tiles: tuple[int, int] = (34, 46)) -> list[str]:
    """Problems with a track under FGP 18.1 and graph sanity; [] when none."""
    out: list[str] = []
    src = track.source
    n = track.lap_tiles
    if not lap_tiles[0] <= n <= lap_tiles[1]:
        out.append(f"{src}: FGP 18.1: {n} movement-point tiles; about 40 recommended "
                   f"({lap_tiles[0]}-{lap_tiles[1]})")
    if len(track.drs_zones) > 2:
        out.append(f"{src}: FGP 18.1: {len(track.drs_zones)} DRS zones; at most 2")
    for z, tl in enumerate(track.drs_zones, 1):
        bent = [track.tiles[i].no for i in tl if not track.tiles[i].straight]
        if bent:
            out.append(f"{src}: FGP 8.6: DRS zone {z} includes curved tiles at "
                       f"track.tiles positions {bent}")
    for t in track.tiles:
        if t.speed_limit and not any(g.tile_no == t.no for g in
                                     (track.spec.gear_markers if track.spec else ())):
            continue
        if t.speed_limit and t.straight:
            out.append(f"{src}: FGP 8.4.2: [ADV] gear marker on straight tile {t.id} "
                       f"(track.tiles position {t.no}); speed limits belong on corners")
    colours = sorted(t.speed_limit for t in track.tiles if t.speed_limit)
    if colours and colours != ["GREEN", "GREEN", "RED", "RED"]:
        out.append(f"{src}: FGP 18.1: [ADV] use 2 GREEN and 2 RED speed-limit corners "
                   f"(found {', '.join(colours)})")
    # 'limit long straights' (A76, our measure): no more long straights than DRS zones
    # allowed (2), none longer than two BLUE moves in 8th gear
    longs = long_straights(track, blue_8th_mp)
    if len(longs) > 2:
        out.append(f"{src}: FGP 18.1: {len(longs)} straights of {blue_8th_mp} tiles or more; "
                   "limit long straights (at most 2)")
    if longs and max(longs) > 2 * blue_8th_mp:
        out.append(f"{src}: FGP 18.1: a straight of {max(longs)} tiles; limit long straights "
                   f"(at most {2 * blue_8th_mp}, two BLUE moves in 8th gear)")
    if not any(t.tricky for t in track.tiles):
        out.append(f"{src}: FGP 18.1: no tricky corner")
    run = blue_run(track)
    if run < blue_8th_mp:
        out.append(f"{src}: FGP 18.1: longest run free of speed limits from an 8th-gear "
                   f"tile is {run} MP; a BLUE card in 8th gear needs {blue_8th_mp}")
    # no lap in a single lane: the forward-only graph has no cycle.
    if _forward_cycle(track):
        out.append(f"{src}: FGP 18.1: a lap can be driven without changing lanes")
    # kerbs where lanes begin or end (pit tiles' yellow-line lanes exempt)
    for t in track.tiles:
        nxt = track.tiles[(t.index + 1) % n]
        for ln in range(1, LANES + 1):
            here = [s for s in t.lanes[ln - 1] if not _pitty(track, s)]
            there = [s for s in nxt.lanes[ln - 1] if not _pitty(track, s)]
            if _pit_tile(track, t) or _pit_tile(track, nxt):
                continue
            if here and not there and not track.spaces[here[-1]].kerb \
                    and len(track.spaces[here[-1]].lanes) == 1:
                out.append(f"{src}: FGP 18.1: lane {ln} ends after tile {t.id} (track.tiles "
                           f"position {t.no}) without a kerb")
            if there and not here and not track.spaces[there[0]].kerb \
                    and len(track.spaces[there[0]].lanes) == 1:
                out.append(f"{src}: FGP 18.1: lane {ln} begins on tile {nxt.id} (track.tiles "
                           f"position {nxt.no}) without a kerb")
    # graph sanity
    for s in track.spaces:
        if not track.moves(s.id) and not s.pit_lane:
            out.append(f"{src}: space {s.id} (tile {track.tiles[s.tile].id}, position "
                       f"{track.tiles[s.tile].no}, lane {s.lane}) is a dead end")
    if track.spaces:
        fwd = _sccs_reach(track, 0)
        back = _sccs_reach(track, 0, reverse=True)
        cut = [s.id for s in track.spaces if s.id not in fwd or s.id not in back]
        if cut:
            sp = track.spaces[cut[0]]
            out.append(f"{src}: {len(cut)} space(s) not on a closed lap, first: space "
                       f"{sp.id} (tile {track.tiles[sp.tile].id}, position "
                       f"{track.tiles[sp.tile].no}, lane {sp.lane})")
    if lap_spaces_min(track) is None:
        out.append(f"{src}: no lap closes over the finish line")
    if track.pit is None:
        out.append(f"{src}: FGP 11: no pit entry and pit exit tiles")
    else:
        p = track.pit
        e = track.spaces[p.entry_space]
        if not any(p.entry_space in track.spaces[s].forward for s in
                   track.tiles[(e.tile - 1) % n].spaces):
            out.append(f"{src}: FGP 11.1: the PIT LANE space cannot be reached moving forward")
        if p.shadow_car is None:
            out.append(f"{src}: FGP 11.1: the pit entry tile has no shadow car space")
        if not track.spaces[p.exit_space].forward:
            out.append(f"{src}: FGP 11.3: the pit exit space leads nowhere")
        gap = (p.exit_tile - p.entry_tile) % n
        if not 1 <= gap <= 6:
            out.append(f"{src}: FGP 11: pit exit is {gap} tiles after the pit entry; "
                       "the pit lane should run beside a short stretch (1-6 tiles)")
    return out


def _pitty(track: Track, sid: int) -> bool:
    s = track.spaces[sid]
    return s.pit_lane or s.pit_exit


def _pit_tile(track: Track, t: TrackTile) -> bool:
    return any(_pitty(track, s) for s in t.spaces)


def _forward_cycle(track: Track) -> bool:
    """A cycle in the forward-only graph: a lap without any lane change."""
    state: dict[int, int] = {}
    for root in range(len(track.spaces)):
        if root in state:
            continue
        stack = [(root, iter(track.spaces[root].forward))]
        state[root] = 1
        while stack:
            node, it = stack[-1]
            nxt = next(it, None)
            if nxt is None:
                state[node] = 2
                stack.pop()
            elif state.get(nxt) == 1:
                return True
            elif nxt not in state:
                state[nxt] = 1
                stack.append((nxt, iter(track.spaces[nxt].forward)))
    return False
