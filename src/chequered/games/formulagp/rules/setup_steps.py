"""The one decision of the pre-race preparations (FGP 5.1.3): each player
picks the compound the car starts on, then the other compounds wait in the
pit box and the wear marker goes on the compound's start (FGP 10.1).

Asked only when the config leaves the starting tyres to the players
(`FormulaGPConfig.tyres` is None); a config listing them fixes them, as
before. Choice A69 (ours): the players pick at the same time, face down,
and the compounds are shown together before qualifying, since every board
is set up at once (FGP 5.1) and nothing in the book lets one player wait
for another's choice."""
from __future__ import annotations

from ....engine import chance
from ....engine.protocol import Event
from ....engine.steps import Step
from ..actions import StartTyre
from ..bot.table import players
from ..state import Race
from . import cards as C
from . import optional_steps_b as OB
from .decide import wait
from .setup import DRY_TYRES
from .tyres import fit_tyres
from .weather_steps import tyre_choices


def _start_tyres(race: Race) -> list[Event]:
    race.turn.phase = "start_tyres_shown"
    seats = players(race)                           # a BOT's tyre comes from its cards (BOT 1.3.1)
    if seats:
        wait(race, "start_tyre", seats)
    return []


def _legal(race: Race, seat: int) -> list:
    return [StartTyre(t) for t in tyre_choices(race, list(DRY_TYRES))]   # FGP 5.1.3, 10.2


def _act(race: Race, seat: int, action: StartTyre) -> list[Event]:
    race.secret[seat] = {"tyre": action.tyre}
    return [Event("secret_chosen", {"seat": seat}, "FGP 5.1.3")]


def fit_start_tyre(race: Race, car, tyre: str) -> None:
    """FGP 5.1.3 c, e: the compound's bonus token on the board, its wear marker
    on the compound's start (FGP 10.1), the other compounds in the pit box."""
    car.tyre = tyre
    car.wear = fit_tyres(C.board_side(race, car), tyre,     # FGP 15.5 option
                         medium_early="medium_wear_placement" in race.config.options)
    car.tyres_left = OB.start_sets(race, car.seat, tyre)     # FGP 15.10 (option)


def _shown(race: Race) -> list[Event]:
    ev: list[Event] = []
    for car in race.cars:
        if car.seat in race.secret:
            fit_start_tyre(race, car, race.secret.pop(car.seat)["tyre"])
    chance.reveal(ev, "start_tyres", {"tyres": {str(c.seat): c.tyre for c in race.cars}},
                  "FGP 5.1.3")
    race.turn.phase = "qualifying"
    return ev


STEPS = (
    Step("start_tyre", "FGP 5.1.3", _legal, _act, label="choose your starting tyres",
         concurrent=True, secret=True,
         public_text=lambda action: "chooses starting tyres face down"),
)

PHASES = {"start_tyres": _start_tyres, "start_tyres_shown": _shown}
