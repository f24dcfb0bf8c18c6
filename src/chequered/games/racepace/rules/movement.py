"""RP Step 3: count each car's race pace, then move the tyre marker and the car,
in leaderboard order.

Also what happens as cars move: overtaking and Defend, backmarkers, the
Safety Car's limits, Valentino's and Celine's skills, the finish token.
"""
from __future__ import annotations

from functools import partial
from operator import attrgetter

from ....engine.protocol import Event, SharedEvents
from ..state import LAP_KEY, NO_EBS_KEY, RaceState
from ..tables import DEFEND, MAX_CARS, Tables
from .pace import count_all, is_rain

SC_LEADER_MAX = 3      # RP Safety Car: the leader's RP is limited to 3
SC_CAUSE_MAX = 2       # RP Safety Car: drivers who caused it, to 2
_SEAT = attrgetter("seat")
_FAR = 1 << 30         # beyond any lap: nobody ahead yet


# The skills that move a car again right after its turn, and their rules.
_SKILL_RULE = {"valentino_overtake": "RP Race Positions", "celine_gap": "RP Energy Boost System"}


def _move_event(seat: int, laps: int, dist: int) -> Event:
    return Event("move", {"seat": seat, "laps": laps, "dist": dist}, "RP Step 3b")


# The move events (RP Step 3b), _MOVED[seat][laps][dist]: SharedEvents by the
# lap reached, in rows by seat and laps moved, read without building a key
# (every car's move reads one); the rows as long as the longest move (_moves_upto)
_MOVED = tuple([] for _ in range(MAX_CARS))


def _moves_upto(most: int) -> None:
    for seat, row in enumerate(_MOVED):
        while len(row) <= most:
            row.append(SharedEvents(partial(_move_event, seat, len(row))))


_moves_upto(2)          # (a skill's extra move: 1 or 2 laps)


# A round's other common events, made once per value: _OVERTOOK[seat][passed]
_OVERTOOK = tuple(tuple(Event("overtake", {"seat": seat, "passed": passed}, "RP Race Positions")
                        for passed in range(MAX_CARS)) for seat in range(MAX_CARS))
_STOPPED = SharedEvents(lambda seat, rp: Event("stopped", {"seat": seat, "rp": rp},
                                               "RP Reference Card"))


def move_all(s: RaceState, T: Tables, order, events: list[Event]) -> tuple[dict[int, int], bool]:
    """RP Step 3: count each car's race pace (3a), then move its tyre marker
    and the car (3b), leader first; the laps each car moved, by seat, and
    whether a car crossed the finish line (finish.race_over). A count
    reads only the car's own board and the round's cards, which no other
    car's move changes: all are counted first, in one pass.

    A move goes as far as it may of the laps wanted (after every RP limit).
    Every car's move, and a skill's extra move right after it, runs this
    loop's body (not a call a move), and what holds for the whole round is
    looked up once (the finish side can flip: it is read at every move)."""
    count_all(s, T, order)
    leader = order[0] if order else None
    moved = {}
    ahead = []                  # the cars that moved before this one
    low = _FAR                  # ... and the lowest lap among them (they move no more)
    stamp = s.stamp_counter     # (written back at the end: read nowhere in between)
    sc, sc_cause = s.safety_car, s.sc_cause
    # RP Safety Car: the leader cannot be overtaken unless he pits.
    held = sc and leader is not None and not leader.pit
    rain = is_rain(s)
    backmarkers = s.backmarkers
    goal = T.laps[s.circuit]
    side_b = s.finish_side == "B"
    if len(_MOVED[0]) <= T.rp_max:     # (a move is of car.rp laps at most)
        _moves_upto(T.rp_max)
    crossed = False
    for car in order:
        want = car.rp
        bot = car.bot
        skill = None            # set: this move is the skill's extra one
        while True:
            m = want
            if not bot:
                tyre = car.tyre
                # RP limits: no movement in the rain on softs or mediums (Dutch excepted).
                if rain and not T.tyres[tyre].moves_in_rain and not (
                        tyre == "M" and T.skill[car.driver] == "dutch_rain_medium"):
                    m = 0
                else:
                    # RP Tyre Degradation Bar: not past the Box-Box token of the compound.
                    left = T.lives[s.circuit, tyre] - car.td
                    if left <= 0:
                        m = 0
                    elif not car.charge and left < m:
                        m = left
            if sc:
                if car is leader:
                    m = min(m, SC_LEADER_MAX - car.moved)
                if car.seat in sc_cause:
                    m = min(m, SC_CAUSE_MAX - car.moved)
                if held and car is not leader:
                    m = min(m, leader.dist - car.dist)
            if m <= 0:
                m = 0
                if want > 0:
                    events.append(_STOPPED[car.seat, want])
            else:
                old = car.dist
                new = old + m
                # Only cars standing between the old and the new lap, ahead of
                # this one, can be passed (a car in a further lap is ahead: laps
                # rank first). Those are among the cars `ahead`, which moved
                # before it this round: the others ranked behind it when the
                # round began and have not moved since. Mostly the lowest of
                # them (`low`) is beyond the new lap and nobody is looked at,
                # and no list is made. At its first move every car ahead
                # stood in this car's lap or beyond when the round began
                # (it ranked ahead) and has only moved forward since: none
                # is behind `old`, and one in this car's own lap ranks ahead
                # of it. Only a skill's extra move compares those.
                between = ()
                if low <= new:
                    between = []
                    for c in ahead:
                        if c.dist <= new and not c.finished and (skill is None or (
                                old <= c.dist and (c.dist > old or c.rank < car.rank))):
                            between.append(c)
                if not bot and not car.charge:
                    car.td += m                              # FIRST the tyre marker ...
                stamp += 1
                # ... THEN the car (RP Race Positions: EBS entry ranks higher).
                car.dist = new
                car.stamp = stamp
                ebs = car.ebs_entry = car.ebs_used
                car.rank = stamp - new * LAP_KEY + (0 if ebs else NO_EBS_KEY)   # (Car.place, inlined)
                car.moved += m
                events.append(_MOVED[car.seat][m][new])
                if backmarkers and not bot:
                    _backmarkers(s, T, car, old, events)
                if between:
                    if len(between) > 1:
                        # (overtakes and their Defend tokens in seat order)
                        between.sort(key=_SEAT)
                    for other in between:
                        # Passed: left in a lower lap, or in the new lap behind
                        # this car, which entered it last (the newest stamp):
                        # only if this car entered with EBS and the other not.
                        if other.dist < new or (car.ebs_entry and not other.ebs_entry):
                            car.overtook = True
                            events.append(_OVERTOOK[car.seat][other.seat])
                            if not bot:
                                _defended(s, T, car, other, events)
                if side_b:
                    # RP Circuit Information: flip the B side once every car has crossed it.
                    finish_lap = T.finish_lap[s.circuit]
                    for c in s.cars:
                        if c.dist < finish_lap:
                            break
                    else:
                        s.finish_side = "A"
                        side_b = False
                        events.append(Event("finish_flip", {}, "RP Circuit Information"))
                elif new >= goal and not car.finished:
                    car.finished = crossed = True
                    car.finish_round = s.round
                    events.append(Event("finish", {"seat": car.seat, "dist": new},
                                        "RP Winning the Game"))
            if bot:             # (bots have no skills, RP Bot rules)
                break
            if skill is not None:
                if m:
                    events.append(Event("skill", {"seat": car.seat, "skill": skill},
                                        _SKILL_RULE[skill]))
                break
            skill = T.skill[car.driver]
            if skill == "valentino_overtake" and car.overtook:
                # Valentino: +1 RP right after his turn if he overtook this round.
                want = 1
            elif skill == "celine_gap" and _gap_ahead(s, car):
                # Celine: +2 RP at once if her turn ends with an empty lap
                # before the car ahead.
                want = 2
            else:
                break
        moved[car.seat] = car.moved
        ahead.append(car)
        if car.dist < low:
            low = car.dist
    s.stamp_counter = stamp
    return moved, crossed


def _gap_ahead(s: RaceState, car) -> bool:
    """An empty lap between Celine and the car directly in front of her (a car
    ahead of her in her own lap leaves no gap)."""
    mine = car.rank
    ahead = [c.dist for c in s.cars if c.rank < mine]
    return bool(ahead) and min(ahead) >= car.dist + 2


def _defended(s: RaceState, T: Tables, car, other, events: list[Event]) -> None:
    """RP Step 2, Defend: who overtakes a defender takes a -2 token for the
    next round; not Jesús, not a team mate, never a bot (the caller skips
    bots)."""
    if DEFEND not in (other.button, other.copied):
        return
    if other.bot and s.safety_car:          # a bot's Defend is dark under the Safety Car
        return
    if T.skill[car.driver] == "jesus_no_defend":
        return
    if s.variants.team_play and other.seat == car.seat ^ 1:
        return
    car.next_tokens.append(T.defend_penalty)
    events.append(Event("defend_penalty", {"seat": car.seat, "defender": other.seat},
                        "RP Step 2"))


def _backmarkers(s: RaceState, T: Tables, car, old: int, events: list[Event]) -> None:
    """RP Backmarkers: the first three cars to enter a backmarker lap take
    -3, -2 and -1 tokens. Not under the Safety Car, never bots; Bjorn's are
    2 smaller."""
    if s.safety_car or car.bot:          # (the caller skips bots already)
        return
    for d in range(old + 1, car.dist + 1):
        tokens = s.backmarkers.get(T.board_lap(d))
        if not tokens:
            continue
        penalty = tokens.pop(0)
        if T.skill[car.driver] == "bjorn_backmarker":
            penalty = min(0, penalty + 2)
        if penalty:
            car.next_tokens.append(penalty)
        events.append(Event("backmarker", {"seat": car.seat, "rp": penalty}, "RP Backmarkers"))
