"""BOT 6.1 / 6.2: the RED die for a BOT. A Rookie never rolls it. For a Pro
only the loss-of-control face counts: it rolls again (the counter-steer
attempt): loss of control again, it spins as a player does (the WHITE die for
the way); any other face, it counter-steers one lane by the WHITE die (green
right, red left), as a player's counter-steer. A TACTICS hazard roll (BOT
2.4) is followed by a new TACTICS card."""
from __future__ import annotations

from ....engine.protocol import Event
from ..rules import hazards as H
from ..rules.dice import roll_die
from ..rules.where import occupancy, track_of
from . import corners as BK
from .cards import new_tactics
from .stress import gain
from .table import is_bot, kind

HAZARD = "bot_hazard_"


def handles(race, seat: int, die: str) -> bool:
    """The BOT rules roll this die: every RED die of a BOT seat."""
    return is_bot(race, seat) and (die in ("red", "red_tricky") or die.startswith(HAZARD))


def roll(race, seat: int, die: str) -> list[Event]:
    from ..rules import incident_steps as I
    car = race.cars[seat]
    if kind(race, seat) == "rookie":                    # BOT 6.1: never the RED die
        return [Event("bot_no_red", {"seat": seat}, "BOT 6.1")]
    ev: list[Event] = []
    rule = "BOT 2.4" if die.startswith(HAZARD) else "BOT 6.1"
    face = roll_die(race, ev, "red", rule, seat=seat)
    ev += gain(race, seat, "red")                       # BOT 7.4 (option, A208)
    if face == "loss_of_control" and car.space is not None:
        again = roll_die(race, ev, "red", "BOT 6.2", seat=seat)     # the counter-steer attempt
        if again == "loss_of_control":
            ev += I.lose_control(race, seat, None, {"tricky": die == "red_tricky"})
        else:
            colour = roll_die(race, ev, "white", "BOT 6.2", seat=seat).colour
            out = H.counter_steer(track_of(race), car.space, colour, occupancy(race, seat))
            ev += I.apply_outcome(race, seat, out)
            queue = race.move.get("followups") or []
            if queue and queue[0]["kind"] == "second_counter_steer" and queue[0]["seat"] == seat:
                # off the track: a BOT has no second counter-steer (no cards to spend)
                queue.pop(0)
                ev += I._off_track(race, seat, None, {})
    if die.startswith(HAZARD) and die != BK.BATTLE_DRAWN:   # BOT 2.4: then a new TACTICS card
        new_tactics(race, ev, seat, "BOT 2.4")
    return ev
