"""BOLIDE 6 Engages: the die decides who keeps the point; the loser is put
back (3 points behind, or 2 beside, along the sector's red arrow, never in
the next sector); chained engagements; the Safety Car on a 7 and an even roll.
"""
from __future__ import annotations

from ....engine import chance
from ....engine.protocol import Event
from ..circuit import Circuit
from .dice_tables import DIE, ENGAGEMENT, ENGAGEMENT_3_ADVANCED


def behind_points(c: Circuit, x: int, y: int) -> list[tuple[int, int]]:
    """The 3 neighbours behind a point, against its sector's red arrow."""
    return _around(c, x, y, lambda dot: dot < 0)


def beside_points(c: Circuit, x: int, y: int) -> list[tuple[int, int]]:
    """The 2 neighbours beside a point, square to its sector's red arrow."""
    return _around(c, x, y, lambda dot: dot == 0)


def _around(c: Circuit, x: int, y: int, keep) -> list[tuple[int, int]]:
    sec = c.sector_at(x, y)
    ax, ay = c.arrow(sec if sec >= 0 else 0)
    out = []
    for oy in (-1, 0, 1):
        for ox in (-1, 0, 1):
            if (ox, oy) != (0, 0) and keep(ox * ax + oy * ay):
                out.append((x + ox, y + oy))
    # Never a point in the next sector (BOLIDE 6).
    nxt = (sec + 1) % c.n_sectors if sec >= 0 else None
    return [p for p in out if c.surface.point(*p) and c.sector_at(*p) != nxt]


def reposition_options(s, c: Circuit, loser, points) -> tuple[list, list]:
    """(free points, occupied points) among the loser's candidate points."""
    occ = {(o.x, o.y): o for o in s.cars
           if o is not loser and o.running and o.mode not in ("pit", "exit", "garage")}
    free = [p for p in points if p not in occ]
    taken = [p for p in points if p in occ]
    return free, taken


def roll_engagement(s, attacker, defender, events: list[Event]) -> dict:
    """Roll and apply the damage part of an engagement; say who lost."""
    die = chance.roll(s.chance, events, DIE, rule="BOLIDE 6", what="engagement die")
    outcome = ENGAGEMENT[die]
    if die == 3 and s.config.advanced:
        outcome = ENGAGEMENT_3_ADVANCED
    a_dmg, a_spin, d_dmg, d_spin, conquers, sc_roll, setup_loss = outcome
    attacker.damage += a_dmg
    defender.damage += d_dmg
    if setup_loss:
        attacker.setup_lost = True          # advanced: side wing, set-up cancelled
    data = {"attack": attacker.seat, "defence": defender.seat, "die": die,
            "conquers": conquers, "attack_damage": a_dmg, "defence_damage": d_dmg,
            "attack_spun": a_spin, "defence_spun": d_spin, "setup_lost": setup_loss}
    events.append(Event("engagement", data, "BOLIDE 6"))
    if sc_roll:
        second = chance.roll(s.chance, events, DIE, rule="BOLIDE 6", what="Safety Car die")
        if second % 2 == 0:
            s.safety_car = True
        events.append(Event("safety_car_roll", {"die": second, "safety_car": second % 2 == 0},
                            "BOLIDE 6"))
    return {"conquers": conquers, "attack_spun": a_spin, "defence_spun": d_spin}


# ---- the Safety Car re-grid (BOLIDE 6) ---------------------------------------
def regrid_points(s, c: Circuit, ahead, mover) -> list[tuple[int, int]]:
    """Points behind the car ahead, along the red arrows: in its sector up to
    3 rows behind it; if none is free there, the first free points of the
    previous sector. Our bound on "any point behind": the 3 rows nearest."""
    occ = {(o.x, o.y) for o in s.cars if o is not mover and o.running
           and o.mode not in ("pit", "exit", "garage")}
    sec = c.sector_at(ahead.x, ahead.y)
    for attempt in range(c.n_sectors):
        cur = (sec - attempt) % c.n_sectors
        ax, ay = c.arrow(cur)
        pts = [(x, y) for y in range(c.height) for x in range(c.width)
               if c.sector[y][x] == cur and c.surface.point(x, y) and (x, y) not in occ]
        if attempt == 0:
            ref = ahead.x * ax + ahead.y * ay
            pts = [p for p in pts if ref - 3 <= p[0] * ax + p[1] * ay < ref]
        else:
            if not pts:
                continue
            best = max(p[0] * ax + p[1] * ay for p in pts)
            pts = [p for p in pts if p[0] * ax + p[1] * ay > best - 3]
        if pts:
            return sorted(pts)
    return []
