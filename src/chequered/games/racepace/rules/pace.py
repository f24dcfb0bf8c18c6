"""Counting the Race Pace (RP Steering Wheel N, Reference Card) and the
Race Situation effects that apply after the actions (RP Step 1 note, Step 3a).
"""
from __future__ import annotations

from operator import attrgetter

from ....engine.protocol import Event, SharedEvents
from ..content import ActionRp, BarEffect, RpEffect, TyreWear
from ..state import AER, EBS, MEC, PU, SKI, XP, RaceState
from ..tables import BOXBOX, MAX_CARS, Tables

RAIN = "rain"

# The situation cards' events, made once per value (most rounds have some);
# _CARD_RP[rp, card] by seat
_CARD_RP = SharedEvents(lambda rp, card: tuple(
    Event("card_rp", {"seat": seat, "rp": rp, "card": card}, "RP Step 1")
    for seat in range(MAX_CARS)))
_CARD_BAR = SharedEvents(lambda seat, bar, level, card: Event(
    "bar", {"seat": seat, "bar": bar, "level": level, "card": card}, "RP Step 1"))


_RANK = attrgetter("rank")


def leaderboard(s: RaceState) -> list:
    """RP Race Positions: the cars by rank (state:Car.place)."""
    return sorted(s.cars, key=_RANK)


def any_finished(cars) -> bool:
    for c in cars:                  # (any() over a generator, unrolled: every round)
        if c.finished:
            return True
    return False


def running(order: list) -> list:
    """The cars of `order` still racing: `order` itself when none has
    finished, as in every round but Team Play's last ones (no new list)."""
    return [c for c in order if not c.finished] if any_finished(order) else order


def apply_situations(s: RaceState, T: Tables, order, events: list[Event]) -> None:
    """RP Step 1 note: the situation cards apply after the chosen actions, so
    a driver can counter them. XP decides who is spared or rewarded."""
    if s.variants.academy:                  # RP Driver Academy: no situation cards
        return
    for deck in ("I", "II"):
        key = s.situation[deck]
        for kind, eff, below, at_least, who in T.round_effects[key]:
            if kind is RpEffect:
                amount = eff.amount
                made = _CARD_RP[amount, key]
                for car in _drivers(order, who, below, at_least):
                    car.card_rp += amount
                    events.append(made[car.seat])
            elif kind is ActionRp:
                action, amount = eff.action, eff.amount
                made = _CARD_RP[amount, key]
                for car in order:
                    if (car.button == action or car.copied == action) and car.bars[XP] < at_least:
                        car.card_rp += amount
                        events.append(made[car.seat])
            elif kind is BarEffect:
                bar, change = _BAR[eff.bar], eff.change
                for car in _drivers(order, who, below, None):
                    new = car.bars[bar] + change          # (levels A to E: 0 to 4)
                    new = 0 if new < 0 else 4 if new > 4 else new
                    if new != car.bars[bar]:
                        car.bars[bar] = new
                        events.append(_CARD_BAR[car.seat, bar, new, key])
            elif kind is TyreWear:
                for car in _drivers(order, who, below, None):
                    # RP Bot rules: bots have no tyre tokens; Charge EBS means
                    # no tyre degradation this round, from any cause.
                    if not car.bot and not car.charge and car.tyre in eff.compounds:
                        car.td += eff.laps
                        events.append(Event("tyre_wear", {"seat": car.seat, "laps": eff.laps,
                                                          "card": key}, "RP Step 1"))


_BAR = {"PU": PU, "AER": AER, "MEC": MEC, "EBS": EBS}
# count_all unpacks a car's bars in this order
assert (MEC, PU, AER, SKI, EBS) == (0, 1, 2, 3, 5)


def _drivers(order, who, below, at_least):
    """The cars of the running order an effect is for: those of `who` (a
    slice of it; None: all) whose XP bar is below `below` and at least
    `at_least` (bar levels; None: no limit)."""
    cars = order if who is None else order[who]
    if below is None and at_least is None:
        return cars
    out = []
    for c in cars:                  # (a loop: cheaper than a comprehension in 3.11)
        xp = c.bars[XP]
        if (below is None or xp < below) and (at_least is None or xp >= at_least):
            out.append(c)
    return out


def is_rain(s: RaceState) -> bool:
    return s.weather[0] == RAIN


def tyre_rp(s: RaceState, T: Tables, car) -> int:
    """RP Tyre Information: compound bonus by weather; bots always +0.
    Dutch drives mediums in the rain as if they were hards (-1)."""
    if car.bot:
        return 0
    if is_rain(s):
        if car.tyre == "M" and T.skill[car.driver] == "dutch_rain_medium":
            return T.tyres["H"].rain
        return T.tyres[car.tyre].rain
    return T.tyres[car.tyre].dry


def pit_rp(s: RaceState, T: Tables, car) -> int:
    """RP Steering Wheel, MEC: the Box Box penalty; free under the Safety Car
    and, for Bastian, in a round when a rain card was drawn."""
    if not car.pit or s.safety_car:
        return 0
    if s.rain_drawn and T.skill[car.driver] == "bastian_free_pit":
        return 0
    return T.mec_pit[car.bars[MEC]]


def skill_rp(T: Tables, car) -> int:
    """Eddy: +1 when his turn starts in a FEB lap; Kimi: +1 in a corner lap.
    RP Bot rules: bots don't use their driver's special skill."""
    if car.bot:
        return 0
    skill = T.skill[car.driver]
    if skill == "eddy_feb" and T.in_feb[car.dist]:
        return 1
    if skill == "kimi_corner" and T.board_lap(car.dist) in T.corner:
        return 1
    return 0


def count_all(s: RaceState, T: Tables, cars) -> None:
    """RP Steering Wheel N: each car's race pace (`car.rp`), base 1 + PU +
    AER + SKI + tyres + weather + situation cards + RP tokens + EBS + Start +
    pit stop, within 0..max; and whether an EBS bonus counted in it
    (`car.ebs_used`). All the cars in one pass: what holds for the whole
    round is looked up once."""
    sc = s.safety_car
    ebs_of, mec_pit_ebs, in_feb, green, top = T.ebs, T.mec_pit_ebs, T.in_feb, T.green, T.rp_max
    for car in cars:
        # RP EBS notes: one EBS bonus a round at most, never under the Safety
        # Car: the Use EBS action, a free FEB-lap boost (EBS at C+, not on
        # wets), or the MEC bar's boost with Box Box.
        mec, pu, aer, ski, _, ebs_bar = car.bars      # (the bars in state.py's order)
        ebs = 0
        if not sc:
            ebs = car.ebs_bonus
            boost = ebs_of[ebs_bar]
            # (the lap is looked at only when its boost would count)
            if boost > ebs and ((car.pit and mec_pit_ebs[mec]) or (
                    in_feb[car.dist] and (car.bot or car.tyre != "W"))):
                ebs = boost
        rp = 1 + green[pu] + green[aer] + green[ski] + car.card_rp + ebs + car.start_bonus
        if car.tokens:
            rp += sum(car.tokens)
        if car.pit:                             # (pit_rp is 0 without a stop)
            rp += pit_rp(s, T, car)
        if not car.bot:                         # (bots: +0 for tyres, no skill)
            rp += tyre_rp(s, T, car) + skill_rp(T, car)
        # RP Race Pace Tokens: a penalty you cannot pay in full is discarded.
        car.rp = 0 if rp < 0 else top if rp > top else rp
        car.ebs_used = ebs > 0


def race_pace(s: RaceState, T: Tables, car) -> int:
    """RP Steering Wheel N: the race pace of `car` now (counted on a copy of
    the car: count_all writes its answer on the car)."""
    copy = car.clone()
    count_all(s, T, (copy,))
    return copy.rp


def double_pit(s: RaceState, T: Tables, order, events: list[Event]) -> None:
    """RP Team Play: both team mates boxing in one round costs the better
    placed of them 1 RP."""
    if not s.variants.team_play:
        return
    done = set()
    for car in order:
        mate = s.cars[car.seat ^ 1]
        if car.seat in done or mate.bot or car.bot:
            continue
        boxed = BOXBOX in (car.button, car.copied) and BOXBOX in (mate.button, mate.copied)
        if boxed:
            car.card_rp += T.content.board.double_pit_penalty
            done.update((car.seat, mate.seat))
            events.append(Event("double_pit", {"seat": car.seat}, "RP Team Play"))
