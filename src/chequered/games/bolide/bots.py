"""Bolide bots: "club" drives a sensible line; "expert" drives the exact
fastest line and thinks about the others, the dice and the pit lane.

Both read the solver's time-to-go table (minimum turns to the finish from a
point, velocity, progress and sharp brakings left) for the car's strategy.
- club: a cautious table, planned one below each lap's top speed and
  without sharp brakings, so it brakes progressively and keeps its sharp
  brakings for emergencies (alone it is 1-5 turns slower than the optimum); it never asks for a Booster,
  asks for a Brake only when it would otherwise leave the track, never
  attacks a car unless it must, and never chooses to stop in the pit lane.
- expert: the exact table with its sharp brakings; among its moves it weighs
  the slipstream (moves that end on another car's slipstream point, and the
  +1 it earns), attacks a car in its way by the engagement table's odds, asks
  for a Booster or a Brake when the expected gain beats the expected damage,
  and chooses its strategy (and steers into the pit lane) by the solver.
  A one-turn look-ahead predicting the other cars' moves was tried and lost
  races (80 % against 85 % without, 240 races each), so it is not used.
"""
from __future__ import annotations

from ...agents.random_agent import RandomAgent
from .actions import Joker, Move, Refit, Request, Service, Strategy
from .geometry import DIRS, main_directions, segments_touch, speed
from .rules import moves, running
from .rules.reach import move
from .rules.running import REQUESTS
from .rules.advanced import STRATEGIES, tops
from .config import STRATEGY_KINDS
from .rules.setup import circuit_of
from .solver import time_to_go

FAR = 10_000          # a state the table says cannot finish
VMAX = 9              # tables cover booster speeds (8 + 1)
# A Booster's damage is permanent: the expert only gambles on one when few
# turns remain (measured: boosting earlier lost more races than it won).
BOOST_WINDOW = 8
# How much the expert fears an engagement's spins and damage, relative to
# their expected turns lost. Measured against five club bots: attacking a car
# that blocks the line pays (82-85 % wins at 0.3, 73 % at 1.0).
ENGAGEMENT_FEAR = 0.3

# Engagement table odds (BOLIDE Appendix, 12-sided die).
P_CONQUER = 4 / 12
P_SPIN_LOSE = 3 / 12       # attack half spun (3, 4) or both (8)
P_DAMAGE = (1 / 12, 1 / 12)  # attack loses 2 / 1 top speed


class Lookup:
    """Direct reads of a dense time-to-go table (the solver's `get` without
    its checks and lazy expansion: bots read it ~20 times a decision)."""

    __slots__ = ("data", "nb", "npos", "nv", "n1", "V", "lmin", "laps", "bcap", "Wp", "W",
                 "H", "none")

    def __init__(self, t):
        t.expand_all()
        s, b = t.spec, t.moves.board
        self.data, self.nb, self.npos, self.nv, self.n1 = t.data, t.nb, t.npos, t.nv, t.n1
        self.V, self.lmin, self.laps, self.bcap = s.vmax, s.lmin, s.laps, s.bcap
        self.Wp, self.W, self.H, self.none = b.Wp, b.width, b.height, t.UNREACHED

    def get(self, x, y, vx, vy, lap, brakes):
        if lap >= self.laps:
            return 0
        V = self.V
        if lap < self.lmin or not (0 <= x < self.W and 0 <= y < self.H) or \
                vx > V or vx < -V or vy > V or vy < -V:
            return None
        v = self.data[((((lap - self.lmin) * self.nb + min(max(brakes, 0), self.bcap)) * self.npos
                        + y * self.Wp + x) * self.nv + (vy + V) * self.n1 + vx + V)]
        return None if v == self.none else int(v)


_LOOKUPS: dict = {}


def lookup(t) -> Lookup:
    hit = _LOOKUPS.get(id(t))
    if hit is None or hit[0] is not t:
        hit = _LOOKUPS[id(t)] = (t, Lookup(t))
    return hit[1]


def planned_tops(s, car) -> tuple[tuple[int, int], int]:
    """The top speeds of the car's two laps in the sun and its sharp brakings,
    by its strategy (advanced) or the basic rules, before damage."""
    if s.config.advanced:
        first, second, brakes = STRATEGIES[(car.fuel, car.tyres)]
        return (first, second or first), brakes
    return (7, 8), 3


class BolideBot(RandomAgent):
    __slots__ = ("kind", "fixed")

    def __init__(self, kind: str, seed: int = 0, fixed: tuple[str, str] | None = None):
        super().__init__(seed)
        self.kind = kind
        self.fixed = fixed        # (fuel, tyres): a strategy it keeps to (studies)

    # ---- tables ----------------------------------------------------------
    def table(self, s, c, car) -> Lookup:
        """The car's time-to-go table: by its strategy, and its kind's plan
        (cached per circuit: every decision asks)."""
        key = (self.kind, car.fuel, car.tyres) if s.config.advanced else (self.kind,)
        hit = c.bot_tables.get(key)
        if hit is None:
            hit = c.bot_tables[key] = self._table(s, c, car)
        return hit

    def _table(self, s, c, car) -> Lookup:
        top, brakes = planned_tops(s, car)
        if self.kind == "club":
            return lookup(time_to_go(c, top_speeds=tuple(max(2, x - 1) for x in top),
                                     brakes=0, vmax=VMAX))
        return lookup(time_to_go(c, top_speeds=top, brakes=brakes, vmax=VMAX))

    def ttg(self, t, c, car, x, y, vx, vy, brakes) -> float:
        return self.values(t, c, car, ((x, y),), brakes, x - vx, y - vy)[0]

    def values(self, t, c, car, points, brakes, ox=None, oy=None) -> list:
        """Turns to go after moving to each point (the move sets the new
        car-pawn vector, from (ox, oy), the car's point by default). The hot
        loop of every bot decision: turns_to_go without its checks."""
        sector, n, p0 = c.sector, c.n_sectors, car.progress
        s0, half = p0 % n, n // 2
        get = t.get
        ox = car.x if ox is None else ox
        oy = car.y if oy is None else oy
        b = 0 if self.kind == "club" else brakes
        out = []
        for x, y in points:
            sec = sector[y][x] if 0 <= y < c.height and 0 <= x < c.width else -1
            if sec < 0:
                out.append(FAR)
                continue
            d = (sec - s0) % n
            if d > half:
                d -= n
            v = get(x, y, x - ox, y - oy, (p0 + d - sec) // n, b)
            out.append(FAR if v is None else v)
        return out

    # ---- decisions -----------------------------------------------------------
    def choose(self, game, s, seat):
        legal = game.legal_actions(s, seat)
        if len(legal) == 1:
            return legal[0]
        c = circuit_of(s)
        car = s.cars[seat]
        pending = s.turn.pending
        kind = pending.step
        if kind == "move" and car.mode == "run":
            return self.drive(s, c, car, legal)
        if kind == "strategy":
            return self.strategy(s, c, car, legal)
        if kind == "pit_tyres":
            want = "rain" if s.weather == "rain" else "sun"
            return next((a for a in legal if a.wet == (want == "rain") and a.tyres == "soft"),
                        legal[0])
        if kind == "service":
            return Service("repair") if car.damage and Service("repair") in legal else (
                Service("fuel") if Service("fuel") in legal else Service("tyres"))
        if kind == "refit":
            return Refit(car.damage >= 2, False)
        if kind in ("reposition", "regrid", "exit"):
            t = self.table(s, c, car)
            return min(legal, key=lambda a: self.ttg(t, c, car, a.x, a.y, car.vx, car.vy,
                                                       car.brakes))
        if kind == "joker":
            return Joker(True)            # a second chance is never worse on average
        return self.simple_move(s, c, car, legal)

    def strategy(self, s, c, car, legal):
        """BOLIDE 11: the strategy whose solver time is best; half fuel pays
        for its pit stop (lane squares, the stop, the standing start)."""
        wet = s.weather == "rain"
        if self.kind == "club":
            return Strategy("full", "soft", "brake", wet)
        if self.fixed is not None and Strategy(*self.fixed, "booster", wet) in legal:
            return Strategy(*self.fixed, "booster", wet)
        best, choice = None, None
        pit = c.meta.pit
        for (fuel, tyres), (first, second, brakes) in STRATEGIES.items():
            if fuel == "half" and pit is None:
                continue
            t = lookup(time_to_go(c, top_speeds=(first, second or first), brakes=brakes,
                                  vmax=VMAX))
            x, y = c.meta.grid[min(car.rank, len(c.meta.grid) - 1)]
            starts = moves.start_targets(c, x, y, c.arrow(c.sector_at(x, y)), 1)
            base = min((self.ttg(t, c, car, px, py, px - x, py - y, brakes)
                        for px, py in starts), default=FAR)
            if fuel == "half":
                base += pit.half_fuel + 3       # the lane, the stop, the standing start
            if best is None or base < best:
                best, choice = base, (fuel, tyres)
        return Strategy(choice[0], choice[1], "booster", wet)

    def simple_move(self, s, c, car, legal):
        """Standing starts, half spins, creeping back: the move the table likes."""
        t = self.table(s, c, car)
        best, pick = FAR + 1, legal[0]
        for a in legal:
            if not isinstance(a, Move):
                continue
            vx, vy = (a.x - car.x, a.y - car.y)
            if car.mode == "start" and car.start == "skid":
                vx = vy = 0
            if car.mode == "off":
                vx = vy = 0
            v = self.ttg(t, c, car, a.x, a.y, vx, vy, car.brakes)
            if v < best:
                best, pick = v, a
        return pick

    # ---- driving -------------------------------------------------------------
    def drive(self, s, c, car, legal):
        t = self.table(s, c, car)
        opt = running.options(s, c, car)
        ctx = s.turn.pending.context
        if self.kind != "club":
            return self._drive(s, c, car, legal, t, opt, ctx)
        # The club's choice reads nothing but its table, the options (their
        # Reach: the car's point and velocity, the cars in its way), its
        # progress, a Brake request's spin and the requests on offer: worked
        # out once per Reach and these.
        key = (t, car.progress, bool(ctx.get("brake_spin")), tuple(opt.requests))
        memo = opt.reach.bot
        hit = memo.get(key)
        if hit is None:
            hit = memo[key] = self._drive(s, c, car, legal, t, opt, ctx)
        return hit

    def _drive(self, s, c, car, legal, t, opt, ctx):
        occ = running.occupied(s, car)
        brakes = car.brakes
        scored = []
        if opt.pawn:
            vals = self.values(t, c, car, opt.pawn, brakes)
            best = min(vals)
            # Only the best pawn points need scoring further (as Moves).
            scored = [(v, move(x, y)) for v, (x, y) in zip(vals, opt.pawn) if v <= best + 1]
        for x, y in opt.brake:
            b = brakes if ctx.get("brake_ok") else brakes - 1
            v = self.ttg(t, c, car, x, y, x - car.x, y - car.y, b)
            if ctx.get("brake_spin"):
                v += 3
            scored.append((v + (0.5 if self.kind == "club" else 0.01), move(x, y)))
        pit_move = self.pit_route(s, c, car, opt) if self.kind == "expert" else None
        # the route's search reaches with the risky top speed, which a damaged
        # car may not have this turn: its first move must be one on offer
        if pit_move is not None and pit_move in legal:
            return pit_move
        if self.kind == "expert":
            for (x, y), d in opt.slip:
                dx, dy = DIRS[d]
                if (x + dx, y + dy) in occ:
                    continue
                v = self.ttg(t, c, car, x + dx, y + dy, x - car.x, y - car.y, brakes)
                scored.append((v - 0.01, move(x, y, d)))
            for x, y in opt.engage + opt.engage_brake:
                scored.append((self.engage_value(t, c, car, x, y, brakes), move(x, y)))
            scored = [(v - (0.2 if self.lands_in_slip(s, c, car, m) else 0), m)
                      for v, m in scored]
        if not scored:
            scored = [(FAR + 5, move(x, y)) for x, y in opt.engage + opt.engage_brake]
            scored += [(FAR + 10, move(x, y)) for x, y in opt.off]
        best = min(scored, key=lambda vm: vm[0]) if scored else None
        req = self.request(s, c, car, t, opt, best[0] if best else FAR * 2)
        if req is not None and req in legal:
            return req
        if best is None:
            return legal[0]
        return best[1]

    def engage_value(self, t, c, car, x, y, brakes) -> float:
        """Expected turns to go after attacking (x, y)."""
        win = self.ttg(t, c, car, x, y, x - car.x, y - car.y, brakes)
        lose = win + 1.5
        damage = P_DAMAGE[0] * 6 + P_DAMAGE[1] * 3
        return P_CONQUER * win + (1 - P_CONQUER) * lose + (P_SPIN_LOSE * 3 + damage) * ENGAGEMENT_FEAR

    def lands_in_slip(self, s, c, car, m) -> bool:
        for o in s.cars:
            if o is car or not o.running or o.mode != "run" or speed(o.vx, o.vy) < 3:
                continue
            sec = c.sector_at(o.x, o.y)
            if sec >= 0:
                ax, ay = c.arrow(sec)
                if (o.x - ax, o.y - ay) == (m.x, m.y):
                    return True
        return False

    def request(self, s, c, car, t, opt, best) -> Request | None:
        """Ask for a Booster or a Brake when it pays on average (expert), or a
        Brake when the alternative is leaving the track (both)."""
        reqs = opt.requests
        if "brake" in reqs and best >= FAR:
            return REQUESTS["brake"]
        if self.kind != "expert":
            return None
        remaining = min(best, 60)
        if "booster" in reqs and (car.vx or car.vy) and remaining <= BOOST_WINDOW:
            safe, risky = tops(s, car, c)
            shift = main_directions(car.vx, car.vy)
            vx = car.vx + sum(d[0] for d in shift)
            vy = car.vy + sum(d[1] for d in shift)
            boosted = moves.pawn_targets(c, car.x, car.y, vx, vy, risky + 1,
                                         running.occupied(s, car))
            if boosted:
                b = min(self.ttg(t, c, car, x, y, x - car.x, y - car.y, car.brakes)
                        for x, y in boosted)
                gain = best - b
                # Expected damage: top speed -2 or -1 for the rest of the race,
                # no 4th gear, a turn in the same gear.
                cost = (remaining * (2 * 0.08 + 1 * 0.08) + 0.5 + 1.0) / 12
                p_ok = 6 / 12
                if car.setup == "booster" and not car.setup_lost:
                    p_ok, cost = 1 - (6 / 12) ** 2, cost * 6 / 12
                if p_ok * gain > cost:
                    return REQUESTS["booster"]
        if "brake" in reqs:
            brake_pts = moves.sharp_braking_targets(c, car.x, car.y, car.vx, car.vy,
                                                    running.occupied(s, car))
            if brake_pts:
                b = min(self.ttg(t, c, car, x, y, x - car.x, y - car.y, 0) for x, y in brake_pts)
                gain = best - b
                cost = (remaining * (2 * 0.08 + 2 * 1 * 0.08)) / 12 + (2 / 12) * 3
                if (7 / 12) * gain > cost + 0.5:
                    return REQUESTS["brake"]
        return None

    def pit_route(self, s, c, car, opt):
        """The expert's pit stop: a 1/2-fuel car must stop after lap 1, and a
        car that lost 2 or more top speed repairs there. Near the end of the
        first lap, search a few turns ahead for a path whose trajectory
        touches the Pit Lane In line; take its first move."""
        pit = c.meta.pit
        if pit is None or car.pitted or car.progress >= c.n_sectors:
            return None
        need = (s.config.advanced and car.fuel == "half") or car.damage >= 2
        if not need or car.progress % c.n_sectors < c.n_sectors - 2:
            return None
        a, b = (tuple(p) for p in pit.entry)
        safe, risky = tops(s, car, c)
        occ = running.occupied(s, car)
        frontier = [((car.x, car.y, car.vx, car.vy), None)]
        seen = {(car.x, car.y, car.vx, car.vy)}
        for depth in range(6):
            nxt = []
            for (x, y, vx, vy), first in frontier:
                limit = pit.speed_limit or 99
                for nx, ny in moves.pawn_targets(c, x, y, vx, vy, risky, occ if depth == 0 else ()):
                    m = first or move(nx, ny)
                    if segments_touch((x, y), (nx, ny), a, b) and speed(nx - x, ny - y) <= limit:
                        return m
                    key = (nx, ny, nx - x, ny - y)
                    if key not in seen and len(seen) < 20000:
                        seen.add(key)
                        nxt.append((key, m))
            frontier = nxt
        return None


def make_bot(kind: str, seat: int, seed: int) -> BolideBot:
    if kind in STRATEGY_KINDS:
        return BolideBot("expert", seed * 1000 + seat, fixed=STRATEGY_KINDS[kind])
    return BolideBot(kind, seed * 1000 + seat)
