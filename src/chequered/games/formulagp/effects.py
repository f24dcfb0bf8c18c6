"""Card effects: the mechanisms the rulebook defines, as a typed union
(FGP 4.4-4.8, 8, 9, 10.1, 13); no effect is free text."""
from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import Field, model_validator

from .schema import *  # noqa: F401,F403  (the shared vocabularies)

# =========================================================================
# Effects: the mechanisms the rulebook defines (typed, never free text)
# =========================================================================
Condition = Literal[
    "always",
    "paired",          # movement made with a pair (FGP 8.2 pairing)
    "red_or_blue",     # pace RED or BLUE this turn (FGP 13.13.1 style)
    "green",           # single GREEN pace this turn
    "on_curve",        # car is on a curved tile (FGP 2.1)
    "on_straight",     # car is on a straight tile
    "leader",          # car holds the race-leader token (FGP 13.3)
    "changed_lane",    # car changed lanes during its movement (FGP 8.3)
]


class _E(Strict):
    only_if: Condition = "always"


def field_of(effect: _E, name: str, default=None):
    """The effect's field `name`, or `default` for an effect type without
    it (who, function, target): read from the model's own fields, since a
    missed getattr on a pydantic model costs an exception in its __getattr__."""
    return effect.__dict__.get(name, default)


class TyreWear(_E):
    """FGP 10.1: tyre wear +N (negative: regain wear)."""
    type: Literal["tyre_wear"]
    amount: int
    who: Who = "self"


class Stress(_E):
    """FGP 13.3: driver stress +/-N."""
    type: Literal["stress"]
    amount: int
    who: Who = "self"


class Ers(_E):
    """FGP 8.8.1 / 4.10: charge (+) or lose (-) ERS, within 0..max."""
    type: Literal["ers"]
    amount: int
    who: Who = "self"


class Ot(_E):
    """FGP 9.2 / 4.12: OT +N; beyond_max like the RED parameter token."""
    type: Literal["ot"]
    amount: int
    beyond_max: bool = False


class Movement(_E):
    """FGP 7.3.3.2 'additional movement from an EVENT card' / FGP 8.1
    negative effects of DAMAGE, FAILURE and RISK cards: MP this turn."""
    type: Literal["movement"]
    amount: int


class BattleLeds(_E):
    """FGP 9.3 remark: extra LEDs in one battle."""
    type: Literal["battle_leds"]
    amount: int
    role: Literal["attack", "defend", "any"] = "any"


class Draw(_E):
    """FGP 4.2.1 drawing; 13.6 damage; 13.7 failure; 4.5 risk; 4.4 event."""
    type: Literal["draw"]
    deck: Literal["action", "event", "risk", "damage", "failure"]
    count: int = Field(default=1, ge=1, le=3)


class Discard(_E):
    """FGP 4.2.1 discarding ACTION cards from hand (never Tyre Wear or Draw
    Failure cards, FGP 8.8)."""
    type: Literal["discard"]
    count: int = Field(ge=1, le=3)
    choice: Literal["own", "random"] = "own"


class DieRoll(_E):
    """FGP 13.2 hazard check / 4.11: roll and resolve a die."""
    type: Literal["die_roll"]
    die: Literal["yellow", "red"]


class LossOfControl(_E):
    """FGP 13.4: a loss of control event (counter-steer or spin)."""
    type: Literal["loss_of_control"]


class YellowFlag(_E):
    """FGP 13.8 / 13.8.2: yellow flag on the car's tile; the panel token
    advances `panel` spaces, or by a WHITE die roll."""
    type: Literal["yellow_flag"]
    panel: int | Literal["white_die"] = 1
    on_track: bool = True


class SafetyCar(_E):
    """FGP 13.9 / 13.10 (A14): roll the WHITE die; a face in red_flag_on stops
    the race (Red Flag); otherwise a face of the colour `deploy_on` deploys the
    Safety Car (green: the die's Yes, FGP 4.11.1; "any": every other face)
    and the other faces leave the race running."""
    type: Literal["safety_car"]
    red_flag_on: list[int] = [6]
    deploy_on: Literal["green", "any"] = "green"


class VirtualSafetyCar(_E):
    """FGP 13.9.3."""
    type: Literal["virtual_safety_car"]


class Investigation(_E):
    """FGP 13.12.1: every player shows held EVENT cards; a penalty per icon."""
    type: Literal["investigation"]


class Penalty(_E):
    """FGP 13.12: Penalty tokens."""
    type: Literal["penalty"]
    count: int = Field(default=1, ge=1, le=2)


class Parameter(_E):
    """FGP 4.12: restore (+1) or lose (-1) a parameter token."""
    type: Literal["parameter"]
    colour: ParamColour | Literal["any"]
    amount: Literal[-1, 1]


class Hazard(_E):
    """FGP 13.13: place a hazard token on the car's tile."""
    type: Literal["hazard"]
    token: Literal["gravel", "debris", "oil"]


class NoPairs(_E):
    """FGP 8.4.1 / 13.3 / 13.13.1: cards cannot be played in pairs."""
    type: Literal["no_pairs"]
    duration: Literal["next_turn", "until_repaired"] = "next_turn"


class NoTyreBonus(_E):
    """FGP 13.13.1: next move without the tyre bonus."""
    type: Literal["no_tyre_bonus"]
    duration: Literal["next_turn", "until_repaired"] = "next_turn"


class LoseTurn(_E):
    """FGP 13.11 / 13.9.2: the car does not move next round."""
    type: Literal["lose_turn"]


class ColdTyres(_E):
    """FGP 11.3: a Cold Tyres token (-2 LEDs in battles this and next round)."""
    type: Literal["cold_tyres"]


BoardTarget = Literal["max_ot", "ers_max", "tyre_bonus", "hand_limit", "speed"]


class BoardValue(_E):
    """FGP 13.6 / 13.7: a Damage/Failure token on its -1 side lowers a board
    value until repaired. target 'speed' lowers the speed table in `gears`."""
    type: Literal["board_value"]
    target: BoardTarget
    amount: Literal[-1, -2]
    gears: list[Literal[2, 4, 6, 8]] = []

    @model_validator(mode="after")
    def _gears(self):
        if (self.target == "speed") != bool(self.gears):
            raise ValueError("gears is required exactly when target = 'speed'")
        return self


Function = Literal[
    # FGP 4.2.2 secondary functions
    "counter_steer", "ot_plus1", "brake", "ers_2x", "tyre_2x", "parameter_2x", "mp_2x",
    # FGP 4.10 / 8.2.2 / 8.6 / 4.13 / 4.12 board functions
    "ers_spend", "ers_charge", "ers_extend", "drs", "car_characteristic",
    "parameter_white", "parameter_yellow", "parameter_red", "lane_change",
]


class Disable(_E):
    """FGP 13.6 / 13.7: the function covered by the token is unavailable
    until repaired."""
    type: Literal["disable"]
    function: Function


class Repair(_E):
    """FGP 13.7.1 / 11.2.1: remove one FAILURE (or DAMAGE) card for free."""
    type: Literal["repair"]
    what: Literal["failure", "damage"]


Effect = Annotated[
    Union[TyreWear, Stress, Ers, Ot, Movement, BattleLeds, Draw, Discard, DieRoll,
          LossOfControl, YellowFlag, SafetyCar, VirtualSafetyCar, Investigation,
          Penalty, Parameter, Hazard, NoPairs, NoTyreBonus, LoseTurn, ColdTyres,
          BoardValue, Disable, Repair],
    Field(discriminator="type")]

EFFECT_KINDS = ("tyre_wear", "stress", "ers", "ot", "movement", "battle_leds", "draw",
                "discard", "die_roll", "loss_of_control", "yellow_flag", "safety_car",
                "virtual_safety_car", "investigation", "penalty", "parameter", "hazard",
                "no_pairs", "no_tyre_bonus", "lose_turn", "cold_tyres", "board_value",
                "disable", "repair")

# Effects that last while the card lies by the player board (DAMAGE/FAILURE).
PERSISTENT = ("board_value", "disable", "no_pairs", "no_tyre_bonus")
