"""The pit wall of the `bot` seat kind for a car that has tyres.

A car the rulebook's bots drive (RP Bot mode: `car.bot`) has no tyres and one
action a round, the start light of its colour. But a seat that started as a
person's (or a random player's) keeps its tyres and every button when a bot
takes it over mid-race (the web's hand-over, a timed-out person), and a bot
that only followed its light would never press Box Box: it would stay on wets
in the dry, stall at the Box-Box token, or be disqualified on one compound.
So for such a car the bot decides like a pit wall would, and otherwise plays
its light as the rulebook's bots do.

Every choice here is a function of the state alone (no memory, no dice), so
a bot that takes a seat over at any moment plays exactly as one that had
driven it from the start.
"""
from __future__ import annotations

from .actions import ChooseTyre, Copy, Select
from .rules import actions as act
from .rules.pace import is_rain, leaderboard, race_pace
from .state import EBS
from .tables import (AER_B, BOXBOX, CHARGE, DEFEND, MEC_B, PU_B, REACT, SKI_B, START,
                     UPGRADE_BAR, USE_EBS, XP_B, Tables, tables)

# When the light is no use (taken, dark on these tyres, a full bar): the
# buttons that pay RP soonest first.
FALLBACK = (PU_B, AER_B, SKI_B, CHARGE, USE_EBS, XP_B, MEC_B, START, DEFEND)
# Rounds of racing the leader may have left before a one-compound car must
# pit to meet the two-compound rule (RP Tyres and Pit Stops).
LAST_ROUNDS = 2


def choose(state, seat: int, legal: list):
    """The bot's choice for a car with tyres, among `legal`."""
    T = tables(state.config.content)
    car = state.cars[seat]
    first = legal[0]
    if isinstance(first, ChooseTyre):
        want = ChooseTyre(start_tyre(state, car))
        return want if want in legal else first
    pit = pit_tyre(state, T, car)
    if isinstance(first, Select):
        if pit is not None and act.SELECT_PIT[pit] in legal:
            return act.SELECT_PIT[pit]
        light = act.bot_button(state, T, car)
        for n in (light, *FALLBACK):
            if act.SELECT.get(n) in legal and useful(state, T, car, n):
                return act.SELECT[n]
        return next((a for a in legal if a.button not in (BOXBOX, REACT)), first)
    if isinstance(first, Copy):                   # RP React
        if pit is not None and act.COPY_PIT[pit] in legal:
            return act.COPY_PIT[pit]
        for n in FALLBACK:
            if act.COPY[n] in legal and useful(state, T, car, n):
                return act.COPY[n]
        return act.COPY_NOTHING
    return first


def start_tyre(state, car) -> str:
    """RP Setup 3: wets into rain; else mediums (they last, and leave softs,
    hards or wets for the second compound)."""
    return "W" if is_rain(state) else "M"


def useful(state, T: Tables, car, n: int) -> bool:
    """Whether button `n` would do this car any good now."""
    if n in UPGRADE_BAR:
        return car.bars[UPGRADE_BAR[n]] < act.MAX_LEVEL
    if n == CHARGE:
        return car.bars[EBS] < act.MAX_LEVEL or left(state, T, car) < 6
    if n == USE_EBS:
        return not state.safety_car and T.ebs[car.bars[EBS]] > 0
    return n not in (REACT, BOXBOX)


def left(state, T: Tables, car) -> int:
    """Laps the car's tyres have before their Box-Box token."""
    return T.tyre_life(state.circuit, car.tyre) - car.td


def stuck_in_rain(T: Tables, car, tyre: str) -> bool:
    """RP limits: softs and mediums do not move in the rain (Dutch's mediums do)."""
    if T.tyres[tyre].moves_in_rain:
        return False
    return not (tyre == "M" and T.skill[car.driver] == "dutch_rain_medium")


def pit_tyre(state, T: Tables, car) -> str | None:
    """The compound to box for now, or None to stay out."""
    if car.finished:
        return None
    rain_now, rain_next = is_rain(state), state.weather[1] == "rain"
    worn = left(state, T, car) < max(1, race_pace(state, T, car))
    reason = None
    if rain_now and stuck_in_rain(T, car, car.tyre):
        reason = "rain"                    # a car that cannot move loses nothing by boxing
    elif car.tyre == "W" and not rain_now and not rain_next:
        reason = "dry"                     # wets cost 2 RP a round in the dry
    elif worn:
        reason = "worn"
    elif len(set(car.used)) < 2 and (_race_ending(state, T) or state.safety_car):
        reason = "second compound"         # else disqualified; under the SC the stop is free
    elif state.safety_car and left(state, T, car) * 2 < T.tyre_life(state.circuit, car.tyre):
        reason = "free stop"
    if reason is None:
        return None
    return _compound(state, T, car, rain_now, rain_next)


def _race_ending(state, T: Tables) -> bool:
    """The leader may cross the line within LAST_ROUNDS rounds."""
    lead = leaderboard(state)[0]
    to_go = T.circuits[state.circuit].laps - lead.dist
    return to_go <= LAST_ROUNDS * max(3, race_pace(state, T, lead))


def _compound(state, T: Tables, car, rain_now: bool, rain_next: bool) -> str:
    """The set to fit: wets for the rain; in the dry the quickest set that
    lasts to the flag, else the longest-lived; a second compound when the
    car has raced only one."""
    choices = act.pit_choices(car)
    if len(set(car.used)) < 2 and len(choices) > 1:
        choices = [c for c in choices if c not in car.used] or choices
    if rain_now and "W" in choices:
        return "W"
    dry = [c for c in choices if c != "W"] or choices
    if rain_next:
        # rain is coming: a set that still moves in it
        moving = [c for c in dry if not stuck_in_rain(T, car, c)]
        dry = moving or dry
    to_go = max(0, T.circuits[state.circuit].laps - car.dist)
    lasting = [c for c in dry if T.tyre_life(state.circuit, c) >= to_go]
    if lasting:
        # the most RP in the dry, then the shortest life (keep hards for later)
        return max(lasting, key=lambda c: (T.tyres[c].dry, -T.tyre_life(state.circuit, c)))
    return max(dry, key=lambda c: (T.tyre_life(state.circuit, c), T.tyres[c].dry))
