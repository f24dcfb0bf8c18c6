"""The track as text: one line per tile, its lanes side by side (the
terminal board draws a window of it, render_text)."""
from __future__ import annotations

from typing import Iterable, Mapping, Sequence

from . import render_cb as CBM
from .render_track import _cars
from .track import LANES, Track


def _glyph(sp) -> str:
    if sp.pit_lane:
        return "P"
    if sp.pit_exit:
        return "p"
    if sp.shadow_car:
        return "x"
    if sp.skid_to is not None:
        return "!"
    if sp.slipstream:
        return "s" if sp.slipstream == 1 else "S"
    if sp.kerb:
        return "="
    return "."


def track_text(track: Track, cars=None, width: int = 60,
               highlight: Iterable[int] | None = None,
               tokens: Mapping[int, Sequence[str]] | None = None, prefix_w: int = 22) -> str:
    """One line per tile in lap order:

        ` 7 R g4 NP !      |#  .  |  ..  |  !.  |      |`

    index, bend (- straight, L/R), gear, icons (F finish line before it, D1 DRS zone 1,
    NP no pairs, ! tricky, P> pit entry, >P pit exit, `'R`/`G'` gear token with
    its FGP 16.2 dot, then the caller's `tokens` of that tile, short words),
    then lanes 1-4 left to right. In a lane: `.` space, `=` kerb, `s`/`S`
    slipstream space (one / more car shadows), `!` skid marks begin, `P` PIT LANE space,
    `x` shadow car, `p` pit exit space, `+` highlighted (reachable), a car's number on its
    space, `#` a wall on that edge; a blank lane is off track. A double space
    shows `<` `>` in its two lanes (the car's number in the left one). The
    tile's part takes `prefix_w` columns (more when its marks need them)."""
    cell = max(3, (width - prefix_w - LANES - 1) // LANES)
    on: dict[int, list[str]] = {}
    for label, space, *_ in _cars(cars):
        on.setdefault(space, []).append(label)
    hl = set(highlight or ())
    lines = []
    for t in track.tiles:
        bend = "-" if t.spec.kind == "straight" else t.spec.turn[0].upper()
        icons = []
        if "finish" in t.features_before:
            icons.append("F")
        if t.drs_zone:
            icons.append(f"D{t.drs_zone}")
        if t.no_pairs:
            icons.append("NP")
        if t.tricky:
            icons.append("!")
        if any(track.spaces[s].pit_lane for s in t.spaces):
            icons.append("P>")
        if any(track.spaces[s].pit_exit for s in t.spaces):
            icons.append(">P")
        if t.speed_limit:
            icons.append(CBM.gear_token_text(t.speed_limit))      # FGP 16.2
        icons += list((tokens or {}).get(t.index, ()))
        head = f"{t.index:>2} {bend} g{t.gear} {' '.join(icons)}"
        cells = []
        for ln, ids in enumerate(t.lanes, start=1):
            if not ids:
                cells.append(" " * cell)
                continue
            per = max(1, cell // len(ids))
            parts = []
            for sid in ids:
                sp = track.spaces[sid]
                if sid in on:
                    g = "/".join(on[sid]) if sp.lane == ln else ">"
                elif len(sp.lanes) == 2:
                    g = "<" if sp.lane == ln else ">"
                elif sid in hl:
                    g = "+"
                else:
                    g = _glyph(sp)
                parts.append(g.center(per)[:max(per, len(g))])
            body = "".join(parts)
            body = body.center(cell) if len(body) < cell else body
            cells.append(body)
        left = "#" if "left" in t.walls else "|"
        right = "#" if "right" in t.walls else "|"
        lines.append(f"{head:<{prefix_w}}{left}{'|'.join(cells)}{right}".rstrip())
    return "\n".join(lines)
