"""The heuristic bot's tyre and pit-stop strategy (FGP 5.1.3, 10.1, 11, 11.2).

Everything here reads what a seat may know: the race's rounds on the radar,
the track's length, the car's own board (tyre tokens and wear track), its
own wear, penalties and damage, and whether the Safety Car is out. Values
are in movement points (MP): a tyre is worth its bonus each round (FGP 10.1),
a stop costs the turns it takes, a Penalty token the tiles it costs at the
finish (FGP 12.2.1).

A plan is a list of compounds, one a stint: it picks the starting tyre
(FGP 5.1.3) by how much tyre bonus each plan brings over the rounds to come
with the pit windows the lap length gives (the pit entry is passed once a
lap), and the bot's own Rng draws among the plans near the best, so a field
starts on different compounds. In the race the bot stops when stopping pays
(`stop_pays`) and only with a reason: tyres past the degrade icon, Penalty
tokens to serve, or DAMAGE / FAILURE cards to repair. In an Advanced race,
from the Fresh Tyres round on, a stop also counts the Late Pit Bonus its new
set brings (FGP 11.4, valued over the rounds left like the tyre bonus;
`late_pit_value`). Measured on 120 six-car Advanced races (3 tracks x 20
seeds, the rule on for three cars and off for the other three, then swapped):
mean place 3.52 with it, 3.48 without (n = 360 each, sd of the mean ~0.09),
so no measurable gain yet; cars with it take 11% more Fresh Tyres tokens.

The constants come from benchmarks/formulagp_races.py: a heuristic car gains
8-10 wear points in 17-19 rounds (about 0.5 a round, p90 0.8) and the winner
covers about 1.6 laps of 41 tiles (3.6 tiles a round).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from .boards import BoardSide
from .memo import keep
from .rules.setup import DRY_TYRES

WEAR_PER_ROUND = 0.5      # prior wear rate; each car's own rate takes over as it races
RATE_SPREAD = (0.7, 1.0, 1.5)   # plans are valued over a slow, a usual and a fast wear rate
PRIOR_ROUNDS = 6          # the priors weigh as much as this many rounds of the car's own
TILES_PER_ROUND = 3.6     # prior pace
FINISH_ROUNDS = 2         # rounds after the flag reaches the final lap (FGP 12.1)
STOP_COST = 10.0          # MP: points lost at the entry, the turn in the box, 2nd gear out
SC_STOP_FACTOR = 0.5      # under the Safety Car / VSC the field crawls: a stop costs less
HOLD_MP = 6.0             # MP of a turn held in the box (FGP 11.2 penalties, 11.2.1 repairs)
PENALTY_MP = 8.0          # MP of a Penalty token at the finish: 5 tiles back (FGP 12.2.1)
DAMAGE_MP = 0.7           # MP a round a DAMAGE / FAILURE card costs while it stays
RED_DIE_MP = 2.0          # MP a round of a RED die after every move (FGP 10.1)
QUALI_MP = 1.0            # MP a point of tyre bonus in qualifying is worth (FGP 6.2)
PLAN_MP = 3.0             # the plan's next stint is preferred by this much
TEMPERATURE = 6.0         # MP: how far below the best plan a plan is still drawn


@dataclass(frozen=True, slots=True)
class Plan:
    name: str
    stints: tuple[str, ...]


PLANS = (Plan("soft", ("soft",)), Plan("medium", ("medium",)), Plan("hard", ("hard",)),
         Plan("soft-medium", ("soft", "medium")), Plan("soft-hard", ("soft", "hard")),
         Plan("soft-soft", ("soft", "soft")), Plan("medium-soft", ("medium", "soft")),
         Plan("medium-hard", ("medium", "hard")))


def rounds_left(flag: int, final_flag: int) -> int:
    """Rounds still to come, this one included: to the final-lap space and
    about two to finish the lap (FGP 12.1)."""
    left = final_flag - flag
    return (left if left > 0 else 0) + FINISH_ROUNDS   # (a test, not max(): see cards.ers_max)


def stint_value(side: BoardSide, tyre: str, wear: int, rounds: int, rate: float) -> float:
    """FGP 10.1: the tyre bonus a set brings over `rounds` rounds, the wear
    marker moving `rate` spaces a round; the RED die icon costs RED_DIE_MP a round."""
    # asked for every compound at every pit question: each answer once per side
    # keyed by the side's id (its fields do not hash), which the answer keeps alive
    key = (id(side), tyre, wear, rounds, rate)
    hit = _STINTS.get(key)
    if hit is None or hit[0] is not side:
        hit = keep(_STINTS, key, (side, _stint_value(side, tyre, wear, rounds, rate)))
    return hit[1]


_STINTS: dict = {}


def _stint_value(side: BoardSide, tyre: str, wear: int, rounds: int, rate: float) -> float:
    values = _round_values(side, tyre)
    last = len(values) - 1
    total = 0.0
    for k in range(rounds):             # (none for rounds <= 0)
        pos = int(wear + rate * (k + 0.5))
        total += values[pos if pos < last else last]
    return total


def _round_values(side: BoardSide, tyre: str) -> tuple:
    """A round's value by the wear marker's position on the tyre track: the
    tyre bonus, less RED_DIE_MP on the last space (FGP 10.1). Whole numbers,
    so a sum of them is the same however it is added up. Once a side and
    tyre, keyed by the side's id (which the answer keeps alive)."""
    key = (id(side), tyre)
    hit = _ROUND_VALUES.get(key)
    if hit is None or hit[0] is not side:
        hit = _ROUND_VALUES[key] = (side, _values(side, tyre))
    return hit[1]


def _values(side: BoardSide, tyre: str) -> tuple:
    """_round_values worked out (apart: its generator's cells would be made
    at every call of _round_values, hits included)."""
    last = len(side.tyre_track) - 1
    return tuple(side.tyre_bonus(tyre, pos) - (RED_DIE_MP if pos == last else 0)
                 for pos in range(last + 1))


_ROUND_VALUES: dict = {}


def best_tyre(side: BoardSide, rounds: int, rate: float, prefer: str | None = None,
              avoid: tuple[str, ...] = ()) -> str:
    """The compound a new set should be for the rounds left (FGP 11.2): the most
    bonus; the plan's compound, then the harder one, on a tie; never one of
    `avoid` ([ADV] FGP 5.1.3: a second tyre type still to use)."""
    def key(t):
        v = stint_value(side, t, side.start_position(t), rounds, rate)
        return (v + (PLAN_MP / 2 if t == prefer else 0), DRY_TYRES.index(t))
    return max([t for t in DRY_TYRES if t not in avoid] or DRY_TYRES, key=key)


def pit_windows(distance: float, rounds: int, lap_tiles: int, entry_tile: int,
                pace: float) -> list[int]:
    """The rounds from now (1 = this round) in which the car reaches the pit
    entry, passed once a lap, within `rounds` rounds."""
    out = []
    lap = math.floor(distance / lap_tiles)
    for k in range(lap, lap + 4):
        at = k * lap_tiles + entry_tile
        if at <= distance:
            continue
        r = math.ceil((at - distance) / pace)
        if r <= rounds:
            out.append(max(1, r))
    return out


def plan_value(side: BoardSide, plan: Plan, rounds: int, windows: list[int]) -> float:
    """A plan's MP over the race: its stints' bonus, a stop at the first pit
    window of round 3 or later for each stint after the first (no window, no
    plan), and the starting tyre's bonus in qualifying."""
    stops = [r for r in windows if 3 <= r <= rounds - 2]
    if len(plan.stints) - 1 > len(stops):
        return -math.inf
    total = 0.0
    for f in RATE_SPREAD:
        rate = WEAR_PER_ROUND * f
        edges = [0] + stops[:len(plan.stints) - 1] + [rounds]
        for tyre, a, b in zip(plan.stints, edges, edges[1:]):
            total += stint_value(side, tyre, side.start_position(tyre), b - a, rate)
    total /= len(RATE_SPREAD)
    first = plan.stints[0]
    return total - STOP_COST * (len(plan.stints) - 1) \
        + QUALI_MP * side.tyre_bonus(first, side.start_position(first))


def choose_plan(side: BoardSide, rounds: int, windows: list[int], u: float,
                two_types: bool = False) -> Plan:
    """A plan drawn by `u` (uniform in [0, 1), from the bot's own Rng): the
    best, or one close to it, with weights exp(-gap / TEMPERATURE).
    `two_types`: [ADV] FGP 5.1.3, only plans with two compounds at least."""
    vals = _plan_values(side, rounds, tuple(windows), two_types)
    top = max(v for _, v in vals)
    weights = [math.exp((v - top) / TEMPERATURE) for _, v in vals]
    x = u * sum(weights)
    for (p, _), w in zip(vals, weights):
        x -= w
        if x < 0:
            return p
    return vals[-1][0]


def _plan_values(side: BoardSide, rounds: int, windows: tuple, two_types: bool) -> tuple:
    """The plans choose_plan draws from, each with its value: the same for
    every car of a board side on a track and race length (the windows come
    from the grid as a whole), so worked out once for them, as stint_value
    keyed by the side's id, which the answer keeps alive."""
    key = (id(side), rounds, windows, two_types)
    hit = _PLAN_VALUES.get(key)
    if hit is None or hit[0] is not side:
        plans = [p for p in PLANS if not two_types or len(set(p.stints)) >= 2]
        vals = [(p, plan_value(side, p, rounds, list(windows))) for p in plans]
        vals = [(p, v) for p, v in vals if v > -math.inf] or \
            [(p, 0.0) for p in plans if len(p.stints) == 2][:1]
        hit = keep(_PLAN_VALUES, key, (side, tuple(vals)))     # one store: key and answer
    return hit[1]


_PLAN_VALUES: dict = {}


@dataclass(slots=True, unsafe_hash=True)
class CarNow:
    """What the bot knows of its own car when it can reach the pit lane."""
    tyre: str
    wear: int
    penalties: int
    damage: int               # DAMAGE and FAILURE cards by the board
    rounds: int               # rounds left, this one included
    rate: float               # wear a round, the car's own blended with the prior
    later_window: int | None  # rounds to the next pit entry after this one (if in the race)
    safety_car: bool          # Safety Car or VSC out (FGP 13.9)
    hold_rounds: int          # rounds the penalties hold the car in the box (FGP 11.2)
    # [ADV] FGP 11.4: (full, lesser side) MP of the Fresh Tyres token in an Advanced
    # race, else None; `late_in`: rounds until a stop takes one (0: now);
    # `fresh_token`: the car has one on its board already
    late_pit: tuple[int, int] | None = None
    late_in: int = 0
    fresh_token: bool = False
    needs_type: bool = False  # [ADV] FGP 5.1.3: a second tyre type still to fit


def stop_reasons(side: BoardSide, car: CarNow) -> list[str]:
    """Why this car might stop at all: tyres past the degrade icon (FGP 10.1),
    Penalty tokens to serve (FGP 11.2), cards to repair (FGP 11.2.1)."""
    return reasons(side, car.tyre, car.wear, car.penalties, car.damage, car.needs_type)


def reasons(side: BoardSide, tyre: str, wear: int, penalties: int, damage: int,
            needs_type: bool) -> list[str]:
    """stop_reasons from the car's own fields, before a CarNow is made (the
    bot asks them first: without one, stop_pays is False)."""
    out = []
    if side.tyre_state(tyre, wear) != "fresh":
        out.append("tyres")
    if penalties:
        out.append("penalties")
    if damage:
        out.append("damage")
    if needs_type:
        out.append("tyre type")
    return out


def late_pit_value(side: BoardSide, tyre: str, wear: int, rounds: int, rate: float,
                   bonus: tuple[int, int]) -> float:
    """[ADV] FGP 11.4: the Late Pit Bonus a set brings over `rounds` rounds: the
    Fresh Tyres token's full side while the tyres are fresh, its lesser side
    once they degrade, nothing once they are worn out (it follows the Tyre
    Bonus token, rules/late_pit.py)."""
    last = len(side.tyre_track) - 1
    value = {"fresh": bonus[0], "degraded": bonus[1], "worn": 0}
    return sum(value[side.tyre_state(tyre, min(last, int(wear + rate * (k + 0.5))))]
               for k in range(max(0, rounds)))


def stop_pays(side: BoardSide, car: CarNow, next_stint: str | None) -> bool:
    """FGP 11, 11.2: does a stop now bring more than staying out (to the end,
    or to the next pit window)? Only with a reason (stop_reasons)."""
    # [ADV] FGP 5.1.3: stop for the second tyre type unless a later pit window
    # comes safely before the final lap (the pit lane closes there), else disqualified
    if car.needs_type and (car.later_window is None
                           or car.later_window > car.rounds - FINISH_ROUNDS - 2):
        return True
    if not stop_reasons(side, car) or car.rounds < 3:
        return False
    n = car.rounds
    cost = STOP_COST * (SC_STOP_FACTOR if car.safety_car else 1.0)
    cost += HOLD_MP * car.hold_rounds + (HOLD_MP if car.damage >= 2 else 0)
    new = best_tyre(side, n - 1, car.rate, next_stint)
    stop = stint_value(side, new, side.start_position(new), n - 1, car.rate) - cost \
        + (PLAN_MP if next_stint else 0)
    stay = stint_value(side, car.tyre, car.wear, n, car.rate) \
        - PENALTY_MP * car.penalties - DAMAGE_MP * car.damage * n
    late = car.late_pit
    if late is not None and car.late_in <= 0:
        # [ADV] FGP 11.4 / 11.3: the new set's Fresh Tyres token, from the turn after
        # the one out of the pit lane; a token already on the board stays with the old set
        stop += late_pit_value(side, new, side.start_position(new), n - 2, car.rate, late)
    if late is not None and car.fresh_token:
        stay += late_pit_value(side, car.tyre, car.wear, n, car.rate, late)
    if car.later_window is not None and car.later_window < n - 2:
        k = car.later_window
        later = best_tyre(side, n - k, car.rate, next_stint)
        stay = max(stay, stint_value(side, car.tyre, car.wear, k, car.rate)
                   + stint_value(side, later, side.start_position(later), n - k, car.rate)
                   - STOP_COST - HOLD_MP * car.hold_rounds - DAMAGE_MP * car.damage * k)
    return stop > stay


# ---- [ADV] FGP 8.4.2: speed limits ------------------------------------------------------
def tiles_driven(trk, space: int, mp: int) -> list[int]:
    """The tiles a move of `mp` points from `space` leaves (its start tile
    included, the tile it ends on not), driving straight on in its lane where
    it can: an estimate of the corners a play takes at its colour."""
    here = space
    a, n = trk.spaces[space].tile, trk.lap_tiles
    seen = {space}

    def ahead(t):                      # forward first, then its own lane
        sp = trk.spaces[t]
        return ((sp.tile - a) % n, sp.span[0], sp.lane == trk.spaces[here].lane)
    for _ in range(max(0, mp)):
        fwd = [m.to for m in trk.moves(here) if not trk.spaces[m.to].pit_lane
               and m.to not in seen]
        if not fwd:
            break
        here = max(fwd, key=ahead)
        seen.add(here)
    b = trk.spaces[here].tile
    return [(a + k) % n for k in range((b - a) % n)]


def speed_limit_cost(n_breaches: int) -> float:
    """In movement points: a RED die for the first corner taken too fast (a
    loss of control on a third of its faces costs the car its places), a
    YELLOW die for each further one (FGP 13.2, A83)."""
    return 0.0 if n_breaches <= 0 else 2.5 + 0.8 * (n_breaches - 1)
