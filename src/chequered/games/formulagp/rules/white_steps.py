"""The WHITE parameter token in a turn's preparations (FGP 4.12): the cards
to discard, one decision at a time, then the draw procedure of FGP 7.3.1
(rules/draw.py). rules/turn.py sends a turn here (stage "white"); it goes
back to the preparations, or to the battle that asked ([ADV] FGP 9.4.3)."""
from __future__ import annotations

from ....engine.protocol import Event
from ....engine.steps import Step as Decision
from ..actions import Discard, Done
from ..state import Race
from . import draw as D
from .decide import wait


def _white_stage(race: Race) -> list[Event]:
    wait(race, "white", [race.move["seat"]])
    return []


def _white_legal(race: Race, seat: int) -> list:
    """Discard one more card (never Tyre Wear or Draw Failure, A5), or done."""
    pool = list(D.white_discard_choices(race, seat))
    for c in race.move["white"]:
        pool.remove(c)
    return [Discard(c) for c in dict.fromkeys(pool)] + [Done()]


def _white_act(race: Race, seat: int, action) -> list[Event]:
    """FGP 4.12: the chosen cards go, then the normal draw procedure of FGP
    7.3.1: up to the hand limit, and returns for the LEDs beside the ERS."""
    mv = race.move
    if isinstance(action, Discard):
        mv["white"].append(action.card)
        return []
    ev = D.use_white_parameter(race, seat, mv.pop("white"))
    mv["stage"] = mv.pop("white_back", "prep")          # [ADV] 9.4.3: back to the battle
    if D.legal_returns(race, seat):
        wait(race, "returns", [seat])
    else:
        ev += D.finish_returns(race, seat)
    return ev


# ---- the tables (rules/steps.py joins every module's) ----------------------------------
STAGES = {"white": _white_stage}

STEPS = (
    # FGP 4.2: the WHITE token's discards go face down (the draw event tells how many)
    Decision("white", "FGP 4.12", _white_legal, _white_act, label="discard for the WHITE token",
             secret=True, from_hand=True,
             public_text=lambda action: "chooses cards to discard face down"),
)
