"""Before a battle (FGP 9.1-9.2): passing without a battle, the stop rule
before an occupied tile, earning and boosting OT, and who may be attacked.
Pure functions returning data; the choices are listed in rules/battle.py."""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Hashable

from ..track import Track
from .movement import (NO_BONUS_ROUNDS, SLIPSTREAM_OT, IllegalMove)

COLD_TYRES_LEDS = 2          # FGP 9.3 / 11.3
RULE_PASS = "FGP 9.1"
RULE_PREP = "FGP 9.2"
RULE_BATTLE = "FGP 9.3"
RULE_WIN = "FGP 9.4.1"
RULE_LOSE = "FGP 9.4.2"
RULE_TIE = "FGP 9.4.3"
RULE_W2W = "FGP 9.5"

Key = Hashable

# =====================================================================================
# FGP 9.1 / 9.2 geometry: who blocks a car entering a tile
# =====================================================================================
def may_pass_freely(round_no: int, other_spun: bool = False, other_off_track: bool = False,
                    other_on_pit_exit: bool = False, both_w2w: bool = False,
                    other_double_blue: bool = False, mover_double_blue: bool = False,
                    lapping_failed_twice: bool = False, other_spun_in_yellow: bool = False) -> bool:
    """FGP 9.1 and the cross references: cars that may be passed without a
    battle. Rounds 1-2 (FGP 7.2), spun or off-track cars (FGP 13.4.5), a car on
    the pit-exit space (FGP 11.2), wheel-to-wheel partners (FGP 9.5), a double
    blue-flagged car by a car without double blue (FGP 13.11.2), a car after two
    failed lapping attempts (FGP 13.11.3), a car spun in a yellow zone (13.8).
    (Positional arguments allowed: where.passable asks it for every car, and
    a call by keywords costs more than the answer.)"""
    return (round_no <= NO_BONUS_ROUNDS or other_spun or other_off_track
            or other_on_pit_exit or both_w2w or other_spun_in_yellow
            or (other_double_blue and not mover_double_blue) or lapping_failed_twice)


def _lanes(track: Track, space: int) -> tuple[int, ...]:
    return track.spaces[space].lanes


def lane_gap(a: Sequence[int], b: Sequence[int]) -> int:
    """Lanes strictly between two cars' lane sets (0 = same or adjacent)."""
    gap = None
    for x in a:                 # (loops, not min() over a generator: asked at every stop check)
        for y in b:
            d = x - y if x > y else y - x
            if gap is None or d < gap:
                gap = d
    return gap - 1 if gap > 1 else 0


def separated(track: Track, tile: int, a: Sequence[int], b: Sequence[int],
              taken_lanes: Iterable[int]) -> bool:
    """FGP 9.1 / A47: one empty racing lane of `tile` lies between lane sets a
    and b. A double-lane space counts as one lane (it occupies both lanes)."""
    if lane_gap(a, b) < 1:
        return False
    lo, hi = (max(a), min(b)) if max(a) < min(b) else (max(b), min(a))
    taken = set(taken_lanes)
    lanes = track.tiles[tile].lanes
    for ln in range(lo + 1, hi):        # (a loop: a generator's cells are made at every call)
        if lanes[ln - 1] and ln not in taken:
            return True
    return False


def blockers(track: Track, to: int, others: Mapping[Key, int],
             passable: Iterable[Key] = (), from_space: int | None = None) -> list[Key]:
    """FGP 9.2 stop rule: the cars on the tile of space `to` that stop a car
    entering that tile at `to` (same or adjacent lane, no empty racing lane
    between). Cars in `passable` (see `may_pass_freely`) never block.
    FGP 9.1 / A47: a double-lane space is one lane: a car leaving one
    (`from_space`) counts both its lanes, whichever lane it takes."""
    spaces = track.spaces
    tile = spaces[to].tile
    # the cars on that tile and the lanes they take, in one pass (loops, not
    # comprehensions: asked for every step into an occupied tile)
    on_tile = []
    taken: set = set()
    for k, s in others.items():
        if s is not None:
            sp = spaces[s]
            if sp.tile == tile:
                on_tile.append((k, sp.lanes))
                taken.update(sp.lanes)
    if not on_tile:
        return []
    mine = spaces[to].lanes
    if from_space is not None and len(spaces[from_space].lanes) > 1:
        mine = tuple(sorted(set(mine) | set(spaces[from_space].lanes)))
    free = passable if type(passable) in (list, tuple) else set(passable)
    out = []
    for k, lanes in on_tile:
        if k not in free and not separated(track, tile, mine, lanes, taken):
            out.append(k)
    return out


def shadow_step(track: Track, space: int, to: int, others: Mapping[Key, int]) -> bool:
    """FGP 9.2 exception: in the same lane as the opponent, the car may go one
    space further onto its tile when the opponent is on a slipstream space with
    a free car shadow (the step onto that shadow)."""
    sp = track.spaces[to]
    if sp.slipstream <= 0:      # no shadow at all (most spaces): nothing to count
        return False
    there = 0
    for s in others.values():
        if s == to:
            there += 1
    return 0 < there < sp.capacity and not set(track.spaces[space].lanes).isdisjoint(sp.lanes)


@dataclass(slots=True, unsafe_hash=True)
class StepCheck:
    """May one movement point go from `space` to `to` under FGP 9.1/9.2?
    (A value nobody changes: check_step hands the same object for every
    step it lets pass.)"""
    allowed: bool
    enters_tile: bool
    blocked_by: tuple = ()     # the cars that force a stop (battle candidates)
    shadow: bool = False       # the allowed step onto a slipstream shadow
    rule: str = RULE_PREP


def check_step(track: Track, space: int, to: int, others: Mapping[Key, int],
               passable: Iterable[Key] = ()) -> StepCheck:
    """FGP 9.1/9.2 for one regular movement point. Steps inside the car's
    own tile are always allowed by this chapter (FGP 9.1: once on the tile,
    normal moves and lane changes); a step into the next tile is allowed when no
    car there blocks it, or onto a free slipstream shadow behind a same-lane car.
    (Positional arguments below: a call by keywords costs more in CPython,
    and this is asked for every step into an occupied tile.)"""
    if track.spaces[to].tile == track.spaces[space].tile:
        return _WITHIN_TILE
    block = tuple(blockers(track, to, others, passable, space))      # from_space
    if not block:
        return _UNBLOCKED
    # the car stops on the shadow: `must_stop(..., ahead_in_space=...)` says so
    if shadow_step(track, space, to, others):
        return StepCheck(True, True, block, shadow=True)
    return StepCheck(False, True, block)


# check_step's answers without a blocking car, one object each
_WITHIN_TILE = StepCheck(True, False, (), False, RULE_PASS)
_UNBLOCKED = StepCheck(True, True, (), False, RULE_PASS)


def filter_steps(track: Track, space: int, steps: Iterable, others: Mapping[Key, int],
                 passable: Iterable[Key] = ()) -> tuple[list, tuple]:
    """Apply the stop rule to `movement.legal_steps` output: (the steps kept,
    the cars that blocked a dropped step). When a step was dropped the car may
    stop behind those cars (`StopBehind`) and charge OT (FGP 9.2)."""
    passable = tuple(passable)
    kept, blocked = [], []
    for st in steps:
        c = check_step(track, space, st.to, others, passable)
        if c.allowed:
            kept.append(st)
        else:
            blocked += [k for k in c.blocked_by if k not in blocked]
    return kept, tuple(blocked)


def forward_most(track: Track, space: int) -> bool:
    """FGP 9.2: the car is on the forward-most space of its lane on its tile."""
    sp = track.spaces[space]
    return sp.index == sp.count - 1


def must_stop(track: Track, space: int, others: Mapping[Key, int],
              passable: Iterable[Key] = (), *, ahead_in_space: Key | None = None) -> tuple:
    """FGP 9.2: the cars that stop this car where it stands: it is on the
    forward-most space of its tile and a forward move into the next tile is
    blocked (or allowed only onto a slipstream shadow, itself a stop), or it
    took the free shadow of a slipstream space behind `ahead_in_space` (the
    one space further the rule allows: it stops there unless that car may be
    passed freely). Empty when nothing stops it here."""
    passable = tuple(passable)
    if ahead_in_space is not None and others.get(ahead_in_space) == space \
            and ahead_in_space not in passable:
        return (ahead_in_space,)
    if not forward_most(track, space):
        return ()
    out: list = []
    for m in track.moves(space):
        if m.lane_change or track.spaces[m.to].tile == track.spaces[space].tile:
            continue
        c = check_step(track, space, m.to, others, passable)
        if not c.allowed or c.shadow:          # the shadow step too: a stop (FGP 9.2)
            out += [k for k in c.blocked_by if k not in out]
    return tuple(out)


# =====================================================================================
# FGP 9.2 OT: transfer from movement points, boosts, loss
# =====================================================================================
@dataclass(slots=True, unsafe_hash=True)
class OtCharge:
    ot: int                # the OT indicator after the transfer
    transferred: int       # movement points that became OT
    lost: int              # movement points over the capacity, lost at once
    slipstream: int        # OT added by the slipstream bonus (FGP 8.5)
    rule: str = RULE_PREP


def charge_ot(mp_left: int, max_ot: int, *, ot: int = 0, slipstream: bool = False,
              round_no: int = 3) -> OtCharge:
    """FGP 9.2: the unused movement points go onto the OT indicator up to the
    car's maximum OT, the excess is lost; stopping in a slipstream shadow
    behind the opponent adds +2 (FGP 8.5, capped at the maximum, not in
    rounds 1-2). OT starts at 0 each turn (A46).

    Example FGP 9.2: 4 MP, one space driven, capacity 2 -> OT 2, 1 lost."""
    if mp_left < 0:
        raise ValueError("movement points left cannot be negative")
    # (tests, not min/max: see cards.ers_max)
    room = max_ot - ot if max_ot > ot else 0
    moved = room if room < mp_left else mp_left
    new = ot + moved
    bonus = 0
    if slipstream and round_no > NO_BONUS_ROUNDS:
        top = new + SLIPSTREAM_OT
        if top > max_ot:
            top = max_ot
        bonus = top - new if top > new else 0
    return OtCharge(ot=new + bonus, transferred=moved, lost=mp_left - moved, slipstream=bonus)


@dataclass(frozen=True, slots=True)
class OtBoost:
    """One FGP 9.2 c choice: spend a +1 OT card, use the RED parameter, or done."""
    kind: str                  # "card" | "red_parameter" | "done"
    card: str | None = None


def ot_boost_choices(ot: int, max_ot: int, plus1_cards: Iterable[str], *,
                     red_parameter: bool) -> list[OtBoost]:
    """FGP 9.2 c: each card with the +1 OT secondary function while OT is below
    the maximum; the RED parameter token (+1, may pass the maximum) while it is
    available; always 'done'."""
    out = []
    if ot < max_ot:
        out += [OtBoost("card", c) for c in dict.fromkeys(plus1_cards)]
    if red_parameter:
        out.append(OtBoost("red_parameter"))
    out.append(OtBoost("done"))
    return out


def apply_ot_boost(ot: int, max_ot: int, boost: OtBoost) -> int:
    """The OT after one boost (FGP 9.2 c)."""
    if boost.kind == "card":
        if ot >= max_ot:
            raise IllegalMove("FGP 9.2: a +1 OT card cannot raise OT above the car's maximum")
        return ot + 1
    if boost.kind == "red_parameter":
        return ot + 1
    return ot


def end_without_battle(ot: int) -> int:
    """FGP 9.2: ending the move instead of battling wastes the OT: the points
    that are lost (the indicator returns to 0, A46)."""
    return ot


def ot_leds(ot_leds_table: Sequence[int], ot: int) -> int:
    """FGP 9.3: the LEDs beside the attacker's OT level; above the car's limit
    (RED parameter) the highest level's LEDs (FGP 9.2 c)."""
    if ot <= 0 or not ot_leds_table:
        return 0
    top = len(ot_leds_table) - 1
    return ot_leds_table[ot if ot < top else top]     # (a test, not min(): every battle)


# =====================================================================================
# FGP 9.2 b: may a battle be declared, and against whom (A27)
# =====================================================================================
@dataclass(slots=True, unsafe_hash=True)
class Target:
    defender: Key
    from_slipstream: bool      # attacker in the shadow behind the defender
    sides: tuple[str, ...] = ()   # free lateral sides for the first OT point (A29)


def free_sides(track: Track, space: int, occupied: Mapping[int, int]) -> tuple[str, ...]:
    """Sides ('left'/'right') with a lateral neighbour that has room."""
    sp = track.spaces[space]
    out = []
    for side, cands in (("left", sp.left), ("right", sp.right)):
        if any(occupied.get(s, 0) < track.spaces[s].capacity for s in cands):
            out.append(side)
    return tuple(out)


def _occupancy(spaces: Iterable[int]) -> dict[int, int]:
    out: dict[int, int] = {}
    for s in spaces:
        if s is not None:
            out[s] = out.get(s, 0) + 1
    return out


def battle_targets(track: Track, space: int, ot: int, others: Mapping[Key, int], *,
                   ahead_in_space: Key | None = None, passable: Iterable[Key] = (),
                   round_no: int = 3, battles_allowed: bool = True) -> list[Target]:
    """FGP 9.2 b with A27: the cars this car may attack from `space`.

    - in a slipstream shadow behind `ahead_in_space` (the car that reached that
      slipstream space first), with a free space to the left or right: that car
      only (the +2 OT comes from `charge_ot`);
    - otherwise, with OT >= 1: each car that blocks the car's forward move in an
      adjacent lane on the next tile (the player names one).
    No battles in rounds 1-2 (FGP 7.2) or where the caller says so (Safety
    Car, yellow zone: FGP 13.8, 13.9)."""
    if not battles_allowed or round_no <= NO_BONUS_ROUNDS:
        return []
    passable = tuple(passable)
    if ahead_in_space is not None and others.get(ahead_in_space) == space \
            and track.spaces[space].slipstream > 0 and ahead_in_space not in passable:
        occ = _occupancy(others.values())
        occ[space] = occ.get(space, 0) + 1
        sides = free_sides(track, space, occ)
        return [Target(ahead_in_space, True, sides)] if sides and ot >= 1 else []
    if ot < 1:
        return []
    mine = _lanes(track, space)
    out = []
    for k in must_stop(track, space, others, passable):
        if lane_gap(mine, _lanes(track, others[k])) == 0 and \
                not set(mine) & set(_lanes(track, others[k])):
            out.append(Target(k, False))
    return out
