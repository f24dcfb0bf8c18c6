"""Movement rules (FGP 7.3.3.5, 8.1-8.9) as small pure functions.

Each function takes the track graph and plain inputs (space ids, colours,
numbers) and returns data; the game state decides when to call which. Colours
are the content's lower-case names: "green", "red", "blue", "orange".

Choices where the rulebook is open (docs/design/formulagp-digest.md):
* A4: a Tyre Wear card that extends a move always costs +1 tyre wear.
* A6: the car characteristic is a flat +1 added to the total before moving.
* A20: the board's speed table is read directly (`SpeedTable.mp`).
* A21: ERS and Tyre Wear extensions may be mixed; each point is judged by the
  tile the car is on when it is bought.
* A22: when no legal step exists the remaining points are lost (`legal_steps`
  returns nothing; the caller stops the car).
* A23: a BLUE card forbids lane changes for the whole turn, extensions included;
  a RED pair (BLUE pace) allows them at +1 wear each.
* A10: a car never moves through an occupied space; lateral pushes are offered
  only when the caller says pushing is allowed (the car is already on a tile
  with another car, FGP 8.3.1, 9.1), and a forward move into an occupied space
  never is.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from ....engine.protocol import BadInput
from ..memo import keep
from ..track import Track

MOVEMENT_COLOURS = ("green", "red", "blue", "orange")
SLIPSTREAM_OT = 2          # FGP 8.5
NO_BONUS_ROUNDS = 2        # FGP 8.5/8.6: slipstream OT and DRS off in rounds 1-2


class IllegalMove(BadInput):
    """A play or step the movement rules do not allow; the message cites FGP."""


# ---- FGP 4.3.1 / 7.3.3.5 steps 1-3: the race pace from the cards -------------------
@dataclass(frozen=True, slots=True)
class Pace:
    """What the movement card(s) played give (FGP 4.3.1, 7.3.3.5, 8.1)."""
    pace: str                # "green" | "red" | "blue": the board column to read
    cards: tuple[str, ...]   # the colours played ("orange" kept as orange)
    as_colour: tuple[str, ...]   # each card's effective colour (orange declared)
    pair: bool
    lane_changes: bool       # False with a BLUE card (FGP 4.3.1, 8.3)
    lane_change_wear: int    # tyre wear per lane change (FGP 4.3.1)
    ers_cost: int            # BLUE card: 1 ERS charge (FGP 4.3.1, 8.8)
    yellow_die: bool         # every pair (FGP 4.11.2)
    stress_relief: bool      # a single GREEN card (FGP 4.3.1; not ORANGE, A49)


def play_pace(cards: Sequence[str], orange_as: Sequence[str] = (), *,
              battle: bool = False, no_pairs: bool = False) -> Pace:
    """The pace of one movement card or a pair.

    cards: one or two colours; orange_as: the declared colour ("green"/"red")
    of each ORANGE card in order. A GREEN pair runs at RED pace, a RED pair at
    BLUE pace without an ERS charge; ORANGE is wild; a BLUE pair only in a
    battle; no pair when `no_pairs` (a no-paired-cards tile FGP 8.4.1, stress,
    yellow flag, Safety Car...)."""
    # asked for every play a hand allows: once per input, a refusal too (its
    # message, raised again: the battle and start lists try every pair)
    key = (tuple(cards), tuple(orange_as), battle, no_pairs)
    got = _PACES.get(key)
    if got is None:     # (memo.keep, not remembered's lambda: its cell is made at every call)
        got = keep(_PACES, key, _pace_or_refusal(key))
    if type(got) is str:
        raise IllegalMove(got)
    return got


_PACES: dict = {}


def _pace_or_refusal(key: tuple) -> Pace | str:
    try:
        return _play_pace(*key)
    except IllegalMove as refused:
        return str(refused)


def _play_pace(cards: tuple, orange_as: tuple, battle: bool, no_pairs: bool) -> Pace:
    if not 1 <= len(cards) <= 2:
        raise IllegalMove("FGP 7.3.3.5: play one movement card or a pair of two")
    bad = [c for c in cards if c not in MOVEMENT_COLOURS]
    if bad:
        raise IllegalMove(f"FGP 4.3.1: {bad[0]!r} is not a movement card colour")
    oranges = list(orange_as)
    if len(oranges) != cards.count("orange") or any(o not in ("green", "red")
                                                    for o in oranges):
        raise IllegalMove("FGP 4.3.1: declare each ORANGE card as green or red")
    it = iter(oranges)
    eff = tuple(next(it) if c == "orange" else c for c in cards)
    has_orange = "orange" in cards
    if len(cards) == 1:
        c = eff[0]
        return Pace(pace=c, cards=cards, as_colour=eff, pair=False,
                    lane_changes=c != "blue",
                    lane_change_wear=1 if (c == "red" or has_orange) else 0,
                    ers_cost=1 if c == "blue" else 0, yellow_die=False,
                    stress_relief=cards[0] == "green")
    if no_pairs:
        raise IllegalMove("FGP 8.4.1: no paired cards for this move")
    if eff[0] != eff[1]:
        raise IllegalMove("FGP 4.3.1: a pair is two cards of the same colour "
                          "(ORANGE as declared)")
    c = eff[0]
    if c == "blue":
        if not battle:
            raise IllegalMove("FGP 4.3.1: a pair of BLUE cards only in a battle")
        # A42: each BLUE card costs a charge in a battle too.
        return Pace("blue", cards, eff, True, False, 0, 2, True, False)
    pace = "red" if c == "green" else "blue"
    wear = 1 if (c == "red" or has_orange) else 0
    return Pace(pace=pace, cards=cards, as_colour=eff, pair=True, lane_changes=True,
                lane_change_wear=wear, ers_cost=0, yellow_die=True, stress_relief=False)


def legal_plays(hand: Iterable[str], *, ers: int, battle: bool = False,
                no_pairs: bool = False) -> list[Pace]:
    """Every distinct single card or pair playable from the colours in `hand`
    (BLUE needs an ERS charge per card, FGP 4.3.1)."""
    hand = sorted([c for c in hand if c in MOVEMENT_COLOURS])
    # the answer depends on the colours held, not their order (the list is
    # sorted by play), nor on a third card of a colour (a play takes two at
    # most): worked out once per colours, charges and rules
    hand = [c for i, c in enumerate(hand) if i < 2 or hand[i - 2] != c]
    key = (tuple(hand), ers if ers < 2 else 2, battle, no_pairs)
    got = _PLAYS.get(key)
    if got is None:     # (memo.keep, not remembered's lambda: its cells are made at every call)
        got = keep(_PLAYS, key, tuple(_legal_plays(hand, ers, battle, no_pairs)))
    return list(got)


_PLAYS: dict = {}


def _legal_plays(hand: list[str], ers: int, battle: bool, no_pairs: bool) -> list[Pace]:
    out: dict[tuple, Pace] = {}
    options: list[tuple[tuple[str, ...], tuple[str, ...]]] = []
    for c in set(hand):
        for o in ((("green",), ("red",)) if c == "orange" else ((),)):
            options.append(((c,), o))
    # each distinct pair once (a hand of seven holds 21 pairs of at most 4
    # colours): two colours held, or one held twice; `hand` is sorted
    colours = sorted(set(hand))
    for i, a in enumerate(colours):
        for b in colours[i:] if hand.count(a) > 1 else colours[i + 1:]:
            pair = (a, b)
            n = pair.count("orange")
            decl = [()] if n == 0 else ([("green",), ("red",)] if n == 1 else
                                         [("green", "green"), ("red", "red")])
            options += [(pair, d) for d in decl]
    for cards, decl in options:
        try:
            p = play_pace(cards, decl, battle=battle, no_pairs=no_pairs)
        except IllegalMove:
            continue
        if p.ers_cost > ers:
            continue
        out[(p.cards, p.as_colour)] = p
    return sorted(out.values(), key=lambda p: (len(p.cards), p.cards, p.as_colour))


# ---- FGP 7.3.3.2 / 7.3.3.5 / 8.1: total movement points ---------------------------------
def start_gear(track: Track, space: int) -> int:
    """The gear printed on the tile where the car starts (none = 8th, FGP 7.3.3.5)."""
    return track.tile_of(space).gear


def pairs_allowed_from(track: Track, space: int) -> bool:
    """FGP 8.4.1: no pair when the move starts on a no-paired-cards tile."""
    return not track.tile_of(space).no_pairs


@dataclass(slots=True, frozen=True)   # shared between races (turn.move_points keeps them)
class MovementPoints:
    speed: int               # board value for (gear, pace)
    tyre_bonus: int
    characteristic: int
    focus: int
    secondary: int
    event: int
    malus: int               # DAMAGE/FAILURE/RISK reductions (positive number)
    late_pit: int = 0        # [ADV] FGP 11.4 the Late Pit Bonus

    @property
    def total(self) -> int:
        mp = (self.speed + self.tyre_bonus + self.characteristic + self.focus
              + self.secondary + self.event + self.late_pit - self.malus)
        return mp if mp > 0 else 0     # (a test, not max(): see cards.ers_max)


def movement_points(speed_table, gear: int, pace: str, *, tyre_bonus: int = 0,
                    characteristic: bool = False, focus: bool = False,
                    secondary: int = 0, event: int = 0, malus: int = 0,
                    late_pit: int = 0) -> MovementPoints:
    """FGP 7.3.3.2/7.3.3.5: the speed read from the board for the start gear and
    the pace, plus the tyre bonus, the car characteristic (+1, A6), the focus
    bonus (+1, FGP 13.3), +1 per secondary "+1 MP" pair spent, EVENT bonuses,
    [ADV] the Late Pit Bonus (FGP 11.4), minus card maluses. `speed_table` is a content SpeedTable (`.mp(gear, pace)`)."""
    if secondary < 0 or event < 0 or malus < 0 or tyre_bonus < 0 or late_pit < 0:
        raise ValueError("bonuses and maluses are non-negative amounts")
    return MovementPoints(speed=speed_table.mp(gear, pace), tyre_bonus=tyre_bonus,
                          characteristic=1 if characteristic else 0,
                          focus=1 if focus else 0, secondary=secondary, event=event,
                          malus=malus, late_pit=late_pit)


# ---- FGP 8.3 / 8.3.1 / 8.5: one movement point -------------------------------------------
@dataclass(frozen=True, slots=True)
class Step:
    """One legal movement point (FGP 8.3)."""
    to: int
    lane_change: bool
    push: bool = False                # FGP 8.3.1: the car there is pushed aside
    shadow: bool = False              # FGP 8.5/8.3.1: onto a free car shadow
    white_roll: bool = False          # FGP 8.3.1: full slipstream space, all roll WHITE
    crosses_yellow_line: bool = False  # FGP 11.1/11.3: penalty token
    crosses_finish: bool = False


def legal_steps(track: Track, space: int, *, occupied: Mapping[int, int] | Iterable[int] = (),
                visited: Iterable[int] = (), lane_changes: bool = True,
                may_push: bool = False) -> list[Step]:
    """The spaces one movement point can take a car from `space` (FGP 8.3).

    occupied: space -> number of other cars there (or an iterable of space ids,
    one car each); visited: the spaces this car has been on during this move
    (it may not go back to them); lane_changes: False with a BLUE card (A23);
    may_push: the car is already on a tile with another car (FGP 8.3.1, 9.1:
    however it got there), so a lateral move may push.
    Forward moves first; a car never enters a full space moving forward."""
    occ = occupied if type(occupied) is dict or isinstance(occupied, Mapping) \
        else _count(occupied)
    if type(visited) is not list and type(visited) is not set:
        visited = list(visited)
    # the Step of each move, made once per track (step_table)
    return steps_from(step_table(track)[space], occ, visited, lane_changes, may_push)


def steps_from(row: tuple, occ: Mapping[int, int], visited: list | set, lane_changes: bool,
               may_push: bool) -> list[Step]:
    """legal_steps from the space's step_table row, with `occupied` a mapping
    and `visited` a list or a set (rules/move_steps.py asks it so at every
    movement point, the row at hand)."""
    out: list[Step] = []
    for to, lane_change, cap, free, shadow, push in row:
        if to in visited:
            continue
        if lane_change and not lane_changes:
            continue
        here = occ.get(to, 0)
        if here == 0:
            out.append(free)
        elif here < cap:
            out.append(shadow)
        elif lane_change and may_push:
            out.append(push)
    return out


def step_table(track: Track) -> list[tuple]:
    """Per space, per move to another space (FGP 8.3: a car never stays
    where it is): (to, lane change, capacity of `to`, the Step onto a free
    space, onto a free car shadow, a push (lateral moves; None otherwise)).
    Steps are frozen: one object serves every race on the track. Built once
    per track (the moves and capacities of a walled street circuit are the
    track's own, so the memo they share holds for both)."""
    table = track._memo.get("step_table")
    if table is None:
        table = []
        for sp in track.spaces:
            row = []
            for m in track.moves(sp.id):
                if m.to == sp.id:
                    continue
                cap = track.spaces[m.to].capacity
                kw = dict(crosses_yellow_line=m.crosses_yellow_line,
                          crosses_finish=m.crosses_finish)
                row.append((m.to, m.lane_change, cap, Step(m.to, m.lane_change, **kw),
                            Step(m.to, m.lane_change, shadow=True, **kw),
                            Step(m.to, True, push=True, white_roll=cap > 1, **kw)
                            if m.lane_change else None))
            table.append(tuple(row))
        track._memo["step_table"] = table
    return table


def _count(spaces: Iterable[int]) -> dict[int, int]:
    out: dict[int, int] = {}
    for s in spaces:
        out[s] = out.get(s, 0) + 1
    return out


def push_target(track: Track, pusher_from: int, pushed_at: int) -> int | str:
    """Where a car pushed by a lateral move goes (FGP 8.3.1): one lane further in
    the same direction: a space id, "off_track" (pusher takes a Penalty token) or
    "wall" (collision, FGP 13.5)."""
    side = "right" if pushed_at in track.spaces[pusher_from].right else "left"
    if pushed_at not in track.spaces[pusher_from].lateral:
        raise IllegalMove("FGP 8.3.1: only a lateral move pushes a car")
    return track.spot_outcome(pushed_at, side)


def lane_change_wear(pace: Pace, lane_changes: int) -> int:
    """Tyre wear for the lane changes of a move (FGP 4.3.1): GREEN none, RED and
    ORANGE (even as GREEN) +1 each; BLUE cannot change lanes."""
    if lane_changes and not pace.lane_changes:
        raise IllegalMove("FGP 4.3.1: no lane change with a BLUE card")
    return pace.lane_change_wear * lane_changes


def free_shadows(track: Track, space: int, cars_there: int) -> int:
    """FGP 8.5: free car shadows on a space (a normal space has none)."""
    free = track.spaces[space].capacity - cars_there
    return free if free > 0 else 0


def slipstream_ot(ot: int, max_ot: int, *, round_no: int, behind_opponent: bool) -> int:
    """FGP 8.5: stopping behind an opponent on a slipstream space adds +2 OT for an
    overtake this turn, capped at the car's maximum; not in rounds 1-2."""
    if not behind_opponent or round_no <= NO_BONUS_ROUNDS:
        return ot
    return max(ot, min(max_ot, ot + SLIPSTREAM_OT))


# ---- FGP 8.6 DRS ------------------------------------------------------------------------
def drs_active(*, round_no: int, reduced: bool = False, safety_car: bool = False,
               yellow_zone: bool = False) -> bool:
    """FGP 8.6: DRS works after the whole move, not in rounds 1-2, under the
    Safety Car, in a yellow-flag zone, or in a turn with a reduction (FGP 8.2.1)."""
    return not (round_no <= NO_BONUS_ROUNDS or reduced or safety_car or yellow_zone)


def _zone_pos(track: Track, space: int) -> tuple[int, int] | None:
    """(zone, tiles from the zone's first tile); zones may cross the finish line."""
    memo = track._memo.setdefault("zone_pos", {})     # a fact of the graph: once a space
    if space not in memo:
        memo[space] = _find_zone_pos(track, space)
    return memo[space]


def _find_zone_pos(track: Track, space: int) -> tuple[int, int] | None:
    sp = track.spaces[space]
    if sp.drs_zone is None:
        return None
    tiles = set(track.drs_zones[sp.drs_zone - 1])
    first = next(t for t in tiles if track.tile_ahead(t, -1) not in tiles)
    return sp.drs_zone, (sp.tile - first) % len(track.tiles)


def drs_move(track: Track, space: int, others: Mapping[str, int],
             occupied: Mapping[int, int] | None = None) -> int | None:
    """FGP 8.6: where DRS pulls a car that ended on `space` (None: no DRS move).

    others: car -> space of the other cars that count (the caller leaves out
    cars of a different lapping status, FGP 8.6/13.11). The car moves in its own
    lane up to the tile just behind the next car ahead in the same zone, as far
    forward as it can; if that car sits on a slipstream space of this lane with a
    free shadow, into that space (always, A71). It never passes through an
    occupied space (`occupied` counts every car, those of another lapping
    status included)."""
    me = _zone_pos(track, space)
    if me is None:
        return None
    zone, idx = me
    ahead = []
    for car, s in others.items():
        p = _zone_pos(track, s)
        if p and p[0] == zone and (p[1] > idx or (p[1] == idx and
                                                   track.progress(s) > track.progress(space))):
            ahead.append((p[1], s))
    if not ahead:
        return None
    tgt_idx = min(a for a, _ in ahead)
    targets = {s for a, s in ahead if a == tgt_idx}
    occ = dict(occupied) if occupied is not None else _count(others.values())
    lane = track.spaces[space].lane
    cur = best = space
    while True:
        nxt = [f for f in track.spaces[cur].forward if lane in track.spaces[f].lanes]
        if not nxt:
            break                                   # the lane ends: stop here
        f = nxt[0]
        fs = track.spaces[f]
        zp = _zone_pos(track, f)
        if zp is None or zp[0] != zone or zp[1] >= tgt_idx:     # the target's tile
            if f in targets and fs.slipstream and occ.get(f, 0) < fs.capacity:
                best = f
            break
        if occ.get(f, 0):
            break
        cur = best = f
    return None if best == space else best


# ---- FGP 8.7 tricky corners -------------------------------------------------------------
def tricky_check(track: Track, space: int, *, yellow_zone: bool = False,
                 safety_car: bool = False) -> bool:
    """FGP 8.7: ending a move where skid marks begin means a RED die roll
    (inactive in yellow zones and under the Safety Car, FGP 13.8/13.9)."""
    return track.spaces[space].skid_to is not None and not (yellow_zone or safety_car)


def skid_end(track: Track, space: int) -> tuple[int, int]:
    """FGP 8.7: (tile, lane) of the car shadow where the skid marks end; a spinning
    car is placed there and follows FGP 13.4.3."""
    end = track.spaces[space].skid_to
    if end is None:
        raise IllegalMove("FGP 8.7: no skid marks begin on this space")
    return end


# ---- FGP 8.2.1 / 8.8.1 reduce: ERS charging ----------------------------------------------
def ers_charge_room(unused_mp: int, ers: int, ers_max: int, *, blue: bool = False,
                    drs: bool = False, entering_pit: bool = False) -> int:
    """FGP 8.2.1/8.8.1a: how many unused movement points can become ERS charges
    (one each): never past the maximum, none with a BLUE card, in a DRS turn, or
    while entering the pit lane (FGP 11.1)."""
    if blue or drs or entering_pit:
        return 0
    room = ers_max - ers
    if unused_mp < room:
        room = unused_mp
    return room if room > 0 else 0      # (tests, not min/max: see cards.ers_max)


@dataclass(frozen=True, slots=True)
class Reduction:
    driven: int
    ers_charged: int
    braked: int              # Tyre Wear cards played as Brake! (FGP 8.9)
    tyre_wear: int
    ers: int                 # the new ERS level


def reduce_move(total_mp: int, driven: int, *, ers: int, ers_max: int,
                charge: int | None = None, brake: int = 0, blue: bool = False,
                drs: bool = False, worn_out: bool = False,
                entering_pit: bool = False) -> Reduction:
    """FGP 8.2.1: stop after `driven` of `total_mp` points; the rest is turned into
    ERS charges (`charge`, default as many as fit) and/or braked away with Tyre
    Wear cards (`brake`, +1 wear each, FGP 8.9). Every unused point must be
    accounted for (raises otherwise)."""
    unused = total_mp - driven
    if not 0 <= driven <= total_mp:
        raise IllegalMove("FGP 8.2.1: cannot drive more than the movement points")
    room = ers_charge_room(unused, ers, ers_max, blue=blue, drs=drs,
                           entering_pit=entering_pit)
    if charge is None:
        charge = min(room, unused - brake)
    if charge < 0 or charge > room:
        raise IllegalMove(f"FGP 8.2.1: at most {room} movement points can charge ERS")
    if brake and worn_out:
        raise IllegalMove("FGP 10.1: no Tyre Wear cards to brake with worn-out tyres")
    if charge + brake != unused:
        raise IllegalMove(f"FGP 8.2.1: {unused} unused movement points, but {charge} "
                          f"charged and {brake} braked")
    return Reduction(driven=driven, ers_charged=charge, braked=brake, tyre_wear=brake,
                     ers=ers + charge)


def brake(mp_left: int, cards: int, *, worn_out: bool = False) -> tuple[int, int]:
    """FGP 8.9: play `cards` Tyre Wear cards as Brake!: returns (movement points
    left, tyre wear added)."""
    if worn_out:
        raise IllegalMove("FGP 10.1: no Tyre Wear cards to brake with worn-out tyres")
    if not 0 <= cards <= mp_left:
        raise IllegalMove("FGP 8.9: one Brake! per movement point left")
    return mp_left - cards, cards


# ---- FGP 8.2.2 extend -------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Extension:
    via: str                 # "ers" or "tyre_wear"
    ers_cost: int
    tyre_wear: int


def extension_kind(track: Track, space: int) -> str:
    """FGP 8.2.2: ERS extends from straight tiles, Tyre Wear cards from curved."""
    return "ers" if track.tile_of(space).straight else "tyre_wear"


def extension(track: Track, space: int, via: str, *, ers: int = 0, worn_out: bool = False,
              reduced: bool = False, drs_done: bool = False) -> Extension:
    """One extension point from `space` (FGP 8.2.2), or IllegalMove: never after a
    reduction (FGP 8.2) or a DRS move (FGP 8.6); ERS only on a straight and with a
    charge; a Tyre Wear card only on a curve and not with worn-out tyres (+1 wear,
    A4). The step itself then follows `legal_steps`."""
    if reduced:
        raise IllegalMove("FGP 8.2: cannot extend and reduce in the same turn")
    if drs_done:
        raise IllegalMove("FGP 8.6: no extension after a DRS move")
    kind = extension_kind(track, space)
    if via != kind:
        where = "straight" if kind == "ers" else "curved"
        raise IllegalMove(f"FGP 8.2.2: from a {where} tile extend with "
                          f"{'ERS' if kind == 'ers' else 'a Tyre Wear card'}")
    if via == "ers":
        if ers < 1:
            raise IllegalMove("FGP 8.2.2: no ERS charge to spend")
        return Extension("ers", 1, 0)
    if worn_out:
        raise IllegalMove("FGP 8.2.2/10.1: no Tyre Wear extension with worn-out tyres")
    return Extension("tyre_wear", 0, 1)


# ---- whole moves (for bots and for listing choices) ------------------------------------
def end_spaces(track: Track, start: int, mp: int, *,
               occupied: Mapping[int, int] | Iterable[int] = (),
               lane_changes: bool = True) -> dict[int, int]:
    """Every space a car can stop on after exactly `mp` legal steps from `start`
    (no pushes, no going back to a visited space), with the fewest lane changes
    that reach it (to price tyre wear, FGP 4.3.1). A path that runs out of legal
    steps early stops there (A22). The stop rule of FGP 9.2 is the caller's."""
    occ = dict(occupied) if isinstance(occupied, Mapping) else _count(occupied)
    best: dict[int, int] = {}

    def walk(space: int, left: int, seen: frozenset[int], changes: int) -> None:
        steps = legal_steps(track, space, occupied=occ, visited=seen,
                            lane_changes=lane_changes) if left else []
        steps = [s for s in steps if not s.shadow] if left > 1 else steps
        if not steps:
            if space not in best or changes < best[space]:
                best[space] = changes
            return
        for s in steps:
            walk(s.to, left - 1, seen | {s.to}, changes + s.lane_change)
    walk(start, mp, frozenset({start}), 0)
    return best
