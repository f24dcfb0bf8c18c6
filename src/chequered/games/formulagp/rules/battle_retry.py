"""[ADV] FGP 9.3 remark / 9.4.3: after a tied battle the attacker may make a
second attempt: its OT drops by 1 and a new battle starts with the cards left
in both hands; without a movement card to play it cannot attack again (the
WHITE parameter token may refill the hand first, the 9.4.3 hint).

Readings (A82, ours): one second attempt per battle ("a second attempt"); it
needs an OT point left after the -1 (FGP 9.2 b: an attack needs at least 1
OT, and a won battle moves the car by its OT); the new battle starts like any
other at the OT boosts (FGP 9.2 c); a lapping attempt (FGP 13.11.3) is counted
once, when the attacker gives up or the second battle is lost or tied too."""
from __future__ import annotations

from ....engine.protocol import Event
from ....engine.steps import Step
from ..actions import Attack, Parameter
from ..state import Race
from . import card_effects as FX
from . import cards as C
from .advanced import is_advanced
from .decide import wait
from .optional_steps_c import after_tie_stage

RETRY_OT = 1            # FGP 9.4.3: the attacker reduces its OT by 1


def _attack_with_movement(race: Race, seat: int) -> bool:
    """FGP 9.4.3: an attack play that holds a movement card."""
    from .battle_steps import _plays
    return any(any(C.kind_of(race, c) == "movement" for c in p.cards)
               for p in _plays(race, seat, "attack"))


def open_after_tie(race: Race) -> bool:
    """The tied battle in `race.battle` may be fought again: an Advanced race,
    not already a second attempt, OT to spare, and either a movement card to
    attack with or the WHITE token to draw one."""
    b = race.battle
    car = race.cars[b["attacker"]]
    if not is_advanced(race) or b.get("retry") or car.ot - RETRY_OT < 1:
        return False
    return _attack_with_movement(race, car.seat) or C.can_use_parameter(car, "white")


def offer(race: Race) -> list[Event]:
    """After the tie's effects: the attacker's decision comes next."""
    b = race.battle
    for s in (b["attacker"], b["defender"]):          # the cards' LEDs were for that battle
        FX.clear_battle_effects(race.cars[s])
    race.move["stage"] = after_tie_stage(race)       # FGP 15.7.2: the defender may block
    return []


def _stage(race: Race) -> list[Event]:
    wait(race, "second_attempt", [race.battle["attacker"]])
    return []


def _legal(race: Race, seat: int) -> list:
    b = race.battle
    out: list = []
    if _attack_with_movement(race, seat):
        out.append(Attack(b["defender"], b["side"]))
    if C.can_use_parameter(race.cars[seat], "white") and not race.move.get("retry_white"):
        out.append(Parameter("white"))
    return out + [Attack(None)]


def _act(race: Race, seat: int, action) -> list[Event]:
    from .battle_steps import failed_lapping
    mv = race.move
    b = race.battle
    car = race.cars[seat]
    if isinstance(action, Parameter):                 # FGP 4.12 / the 9.4.3 hint
        mv["retry_white"] = True
        mv["white"] = []
        mv["white_back"] = "second_attempt"
        mv["stage"] = "white"
        return []
    if action.defender is None:                       # the failed overtake stands
        race.battle = None
        lost, car.ot = car.ot, 0
        mv["stage"] = "resolve"
        return [Event("no_second_attempt", {"seat": seat, "ot_lost": lost}, "FGP 9.4.3")] \
            + failed_lapping(race, seat, [b["defender"]])
    car.ot -= RETRY_OT
    race.battle = {"attacker": seat, "defender": b["defender"], "side": b["side"],
                   "slip": b["slip"], "cards": {}, "boost": {}, "retry": True}
    mv["stage"] = "ot_boost"
    return [Event("second_attempt", {"seat": seat, "defender": b["defender"], "ot": car.ot},
                  "FGP 9.4.3")]


STAGES = {"second_attempt": _stage}

STEPS = (
    Step("second_attempt", "FGP 9.4.3", _legal, _act, label="attack again or not",
         from_hand=True),
)
