"""The Appendix tables, as data: die value (12-sided) -> outcome.

Outcomes are small tuples the rules interpret; the texts live in text.py.
"""
from __future__ import annotations

DIE = 12


def _table(rows: dict) -> tuple:
    """Expand {range or int: outcome} into a tuple indexed by die value 1..12."""
    out = [None] * (DIE + 1)
    for key, outcome in rows.items():
        lo, hi = (key, key) if isinstance(key, int) else key
        for v in range(lo, hi + 1):
            out[v] = outcome
    assert all(o is not None for o in out[1:]), "every die value needs an outcome"
    return tuple(out)


# BOLIDE Appendix, Booster Requests.
BOOSTER = _table({
    1: ("damage", 2),          # big smoke: top speed -2 until repaired
    2: ("damage", 1),          # smoke: top speed -1 until repaired
    3: ("no_fourth", 0),       # 4th gear cannot be entered until repaired
    4: ("same_gear", 0),       # keep the gear of the previous turn
    (5, 6): ("nothing", 0),    # standard speed, no damage
    (7, 12): ("boost", 0),     # the Booster works
})

# BOLIDE Appendix, Brake Request.
BRAKE = _table({
    1: ("damage", 2),          # suspension: no sharp braking, top speed -2
    (2, 3): ("damage", 1),     # wheel: no sharp braking, top speed -1
    (4, 5): ("locked", 0),     # wheels lock: no sharp braking
    (6, 7): ("spin", 0),       # sharp braking, but the car ends half spun
    (8, 12): ("brake", 0),     # the sharp braking works
})

# BOLIDE Appendix, Full Fuel & Basic Rules / 1/2 Fuel - Unforeseen Start.
START_FULL = _table({(1, 3): "skid", (4, 10): "normal", (11, 12): "quick"})
START_HALF = _table({(1, 2): "skid", (3, 9): "normal", (10, 12): "quick"})

# BOLIDE Appendix, Pit Lane Unforeseen Events (the same three kinds of start).
PIT_LANE = _table({(1, 3): "skid", (4, 9): "normal", (10, 12): "quick"})

# BOLIDE Appendix, Slick in the Rain: (kind, forward, left) shift in squares
# relative to the red arrow; "spin" = half spun at the declared point.
SLICK_RAIN = _table({
    1: ("spin", 0, 0),
    2: ("aquaplaning", 0, 2),
    3: ("aquaplaning", 0, -2),
    4: ("aquaplaning", 1, 1),
    5: ("aquaplaning", 1, -1),
    6: ("skid", 0, 1),
    7: ("skid", 0, -1),
    (8, 12): ("ok", 0, 0),
})

# BOLIDE Appendix, Engagements: (attack damage, attack spun, defence damage,
# defence spun, attack conquers the point, safety-car roll, advanced set-up loss).
# Value 3 differs between the basic and the advanced rules.
ENGAGEMENT = _table({
    1: (2, False, 0, False, False, False, False),
    2: (1, False, 0, False, False, False, False),
    3: (0, True, 0, False, False, False, False),      # basic: Attack half spun
    4: (0, True, 0, False, False, False, False),
    (5, 6): (0, False, 0, False, False, False, False),
    7: (0, False, 0, False, False, True, False),
    8: (0, True, 0, True, False, False, False),
    (9, 10): (0, False, 0, False, True, False, False),
    11: (0, False, 0, True, True, False, False),
    12: (0, False, 1, False, True, False, False),
})
ENGAGEMENT_3_ADVANCED = (0, False, 0, False, False, False, True)   # side wing: set-up lost
