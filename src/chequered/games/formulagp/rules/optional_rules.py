"""FGP 15 optional rules (issue 12), as pure functions. Each rule is a named
option (`config.OPTIONS`, `--opt NAME`); the step that carries out the normal
rule asks `name in race.config.options` and calls the function here.

Choices (docs/rules/formulagp.md, "Choices", A100-A104):
* A100: the street-circuit rules of FGP 15.2 (`street_circuit`) apply to a race
  on a track whose `style` is "street"; on other tracks the option does nothing
  (in a championship it applies to the street races only). The defender's bonus
  is the group's decision for the whole race: +1 LED, +2 with `street_defence_2`.
* A101: qualifying by a die roll (FGP 15.3): the die's icon face (the 1) is the
  failed attempt; every further attempt costs +1 tyre wear, which scores a point
  like the others; the best score counts.
* A102: Medium tyres start one space before the soft/medium start
  (`medium_wear_placement`) whenever a set of Mediums is fitted: at the start
  and at a pit stop or on the red-flag grid ("when a player chooses Medium").
  With `grid_order_start` round 1 still has its secret, simultaneous choice of
  cards (FGP 7.2.1); only the order in which the cars then move is the grid's.
* A103: for the counter-steer of FGP 15.6 a corner is a curved tile that does
  not count as straight (as for the driver sequence, FGP 7.3.2); its outside is
  the left of a right turn and the right of a left turn. FGP 15.7.1: the OT a
  winner cannot drive meets the car in its way (a collision), the grass where
  its lane ends (off track, as a car pushed off) or a wall there.
"""
from __future__ import annotations

import copy
from collections.abc import Iterable, Sequence

from ..track import OFF_TRACK, WALL, Track

STREET_CLOSE_CALLS = 2          # FGP 15.2: "remove all but two of the 'Close Call!' cards"
STREET = "street"               # TrackSpec.style of a street circuit


# ---- FGP 15.2 street circuits --------------------------------------------------------
def street_race(options: Iterable[str], style: str) -> bool:
    """A100: the FGP 15.2 rules are in force (the option, on a street circuit)."""
    return "street_circuit" in options and style == STREET


def street_damage_deck(cards: Sequence, *, street: bool) -> list:
    """FGP 15.2: on a street circuit the DAMAGE deck keeps only two of its
    'Close Call!' cards (the first two in content order); every other card stays."""
    if not street:
        return list(cards)
    out, kept = [], 0
    for c in cards:
        if c.close_call:
            if kept >= STREET_CLOSE_CALLS:
                continue
            kept += 1
        out.append(c)
    return out


_WALLED: dict[int, tuple[Track, Track]] = {}


def walled(track: Track) -> Track:
    """FGP 15.2: the track with every edge a wall, whatever the tiles show: a
    forced lane change or a push over any edge hits the wall (FGP 13.4.4,
    13.5). Built once per track (tracks are cached and read-only)."""
    hit = _WALLED.get(id(track))
    if hit is not None and hit[0] is track:
        return hit[1]
    out = copy.copy(track)
    out.spaces = [copy.copy(sp) for sp in track.spaces]
    for sp in out.spaces:
        if sp.edge_left == OFF_TRACK:
            sp.edge_left = WALL
        if sp.edge_right == OFF_TRACK:
            sp.edge_right = WALL
    _WALLED[id(track)] = (track, out)
    return out


def street_defence_leds(options: Iterable[str], style: str) -> int:
    """FGP 15.2 (A100): the defender's extra LEDs in a battle: 0 off a street
    circuit, +1, or +2 when the group chose `street_defence_2`."""
    if not street_race(options, style):
        return 0
    return 2 if "street_defence_2" in options else 1


# ---- FGP 15.5 medium tyre wear placement ---------------------------------------------
def medium_start(position: int, tyre: str, *, on: bool) -> int:
    """FGP 15.5 (A102): Medium tyres start one space before the compound's
    start space (never before the first space of the track)."""
    return max(0, position - 1) if on and tyre == "medium" else position


# ---- FGP 15.6 counter-steer toward the outside ---------------------------------------
def counter_steer_side(track: Track, space: int) -> str | None:
    """FGP 15.6 (A103): on a corner tile the counter-steer shifts the car toward
    the outside of the corner ('left' of a right turn, 'right' of a left turn);
    None on a straight tile (the WHITE die decides there as usual)."""
    t = track.tile_of(space)
    if t.straight or t.spec.turn is None:
        return None
    return "left" if t.spec.turn == "right" else "right"


def side_colour(side: str) -> str:
    """The WHITE colour that means `side` (FGP 13.4.1: green right, red left)."""
    return "green" if side == "right" else "red"


# ---- FGP 15.7.1 OT management ----------------------------------------------------------
def ot_management(options: Iterable[str], *, in_slipstream: bool) -> bool:
    """FGP 15.7.1: the option is on and the car is not in a slipstream space
    (the rule "does not apply to cars in slipstream spaces")."""
    return "ot_management" in options and not in_slipstream


def must_attack(ot: int, max_ot: int) -> bool:
    """FGP 15.7.1: a fully charged OT indicator leaves no choice but to attack."""
    return max_ot > 0 and ot >= max_ot


def ot_overrun(track: Track, space: int, occupied: dict, *, walls: bool = False):
    """FGP 15.7.1 (A103): where the OT points a winner still holds take it when
    its lane is blocked or ends (the normal rule loses them, FGP 9.4.1):
    ("collision", space of the car in the way) (FGP 13.5), ("wall", None) when
    the lane runs into a wall (every edge on a street circuit, FGP 15.2), or
    ("off_track", (tile ahead, lane)) onto the grass (FGP 13.4.3)."""
    sp = track.spaces[space]
    lanes = set(sp.lanes)
    fwd = [m.to for m in track.moves(space) if not m.lane_change
           and set(track.spaces[m.to].lanes) & lanes and not track.spaces[m.to].pit_lane]
    if fwd:
        nxt = max(fwd, key=lambda s: (len(set(track.spaces[s].lanes) & lanes), -s))
        return ("collision", nxt)
    ahead = track.tile_ahead(sp.tile, 1)
    lane = min(lanes) if min(lanes) <= 2 else max(lanes)
    edge = "left" if lane <= 2 else "right"
    if walls or edge in track.tiles[ahead].walls:
        return ("wall", None)
    return ("off_track", (ahead, lane))


# ---- FGP 15.3 qualifying by a die roll ---------------------------------------------------
def quali_wear_choices(wear: int, track_length: int) -> list[int]:
    """FGP 15.3: the tyre wear points a driver may add for qualifying points:
    none, or any number that keeps the marker on the board's wear track."""
    return list(range(0, max(0, track_length - 1 - wear) + 1))


def quali_attempt(base: int, wear_points: int, value: int, icon: bool, *,
                  failed_before: bool) -> tuple[int, str]:
    """FGP 15.3 (A101): one qualifying attempt: the base (tyre bonus + maximum
    OT), + the wear points added, + the WHITE die; -1 after a failed attempt.
    The die's icon face is a failed attempt (score 0); a second one is a crash
    (score 0, +1 tyre wear, a pit-lane start). Returns (score, "ok" | "failed"
    | "crash")."""
    if icon:
        return 0, ("crash" if failed_before else "failed")
    return max(0, base + wear_points + value - (1 if failed_before else 0)), "ok"
