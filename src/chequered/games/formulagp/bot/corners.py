"""BOT 2.3 / 2.3.1: the Pro BOT's corner modification, and BOT 2.4: the
RED-die hazards of its TACTICS card on the movement and the corner areas
(the battle-area one is the battle rules': `battle_hazard` is its hook).

A Pro BOT that ends its move on a curved tile moves on (+) or back (-) the
card's number of spaces; not in rounds 1-2 (BOT 1.7.2), nor on the move out
of the pit lane (BOT 5.4), nor after stopping behind a car (the battle
follows: BOT 3.2.4, the adjustment comes before any overtake)."""
from __future__ import annotations

from ....engine.protocol import Event
from ..rules.where import occupancy, race_round, track_of
from .table import bot_content, kind, tactics_of


def card_of(race, seat: int):
    return bot_content(race).tactics_card(tactics_of(race, seat))


def applies(race, seat: int) -> bool:
    """BOT 2.3.1: a Pro BOT's move that ended on a curved tile, round 3 on."""
    mv = race.move
    car = race.cars[seat]
    return kind(race, seat) == "pro" and race_round(race) > 2 and not mv.get("exit") \
        and car.space is not None and not mv.get("reduced") \
        and not track_of(race).tile_of(car.space).straight


def corner(race) -> list[Event]:
    """The extend stage of a BOT's move (instead of a player's extension)."""
    from .hazards import water_slow
    mv = race.move
    seat = mv["seat"]
    mv["stage"] = "after_move"
    ev = water_slow(race, seat)                 # [ADV] BOT 6.9.4: before the corner
    if "cornered" in mv or not applies(race, seat):
        return ev
    n = card_of(race, seat).corner
    mv["cornered"] = n
    if n == 0:
        return ev
    ev += [Event("bot_corner", {"seat": seat, "n": n, "card": tactics_of(race, seat)},
                "BOT 2.3.1")]
    if n > 0:                                   # forward: n more movement points
        mv["left"] += n
        mv["extending"] = True
        mv["stage"] = "moving"
        return ev
    return ev + _back(race, seat, -n)


def _back(race, seat: int, n: int) -> list[Event]:
    """Back along the spaces of this move, n at most: not past the finish line
    nor the move's start, nor onto a space another car holds (A133)."""
    mv = race.move
    car = race.cars[seat]
    trk = track_of(race)
    path = mv["visited"]
    if not path or path[-1] != car.space:
        return []
    occ = occupancy(race, seat)
    to = car.space
    for k in range(1, min(n, len(path) - 1) + 1):
        prev, nxt = path[-1 - k], path[-k]
        if any(m.to == nxt and m.crosses_finish for m in trk.moves(prev)):
            break
        if occ.get(prev, 0) >= trk.spaces[prev].capacity:
            break
        to = prev
    if to == car.space:
        return []
    car.space = to
    from ..rules.where import place
    return [Event("bot_corner_back", {"seat": seat, **place(race, to)}, "BOT 2.3.1")]


def hazard_dice(race, seat: int) -> list[str]:
    """BOT 2.4: the RED die a TACTICS hazard asks for at the end of the move:
    on the movement area always, on the corner area when the corner bonus
    was used. Pro BOTs only (the Rookie cards carry none)."""
    mv = race.move
    if kind(race, seat) != "pro" or race_round(race) <= 2 or mv.get("bot_hazard_done"):
        return []
    hz = card_of(race, seat).hazard
    mv["bot_hazard_done"] = True
    if hz == "move" or (hz == "corner" and mv.get("cornered", 0) > 0):
        return [f"bot_hazard_{hz}"]
    return []


def battle_hazard(race, seat: int, *, attempted: bool, lost: bool) -> None:
    """BOT 2.4, third case: the RED die after an overtake attempt, won, lost or
    tied (bot/battle.py calls it as the battle ends, before a loser's new
    TACTICS card). A162: the attacking Pro's card, once a turn; an aborted
    attack was no attempt; after a lost attempt the new TACTICS card of BOT
    3.2.4 is also the hazard's (one card, not two)."""
    from ..rules.battle_steps import _queue_dice
    mv = race.move
    if not attempted or kind(race, seat) != "pro" or mv.get("bot_battle_hazard") \
            or card_of(race, seat).hazard != "battle":
        return
    mv["bot_battle_hazard"] = True
    _queue_dice(race, seat, [BATTLE_DRAWN if lost else "bot_hazard_battle"])


BATTLE_DRAWN = "bot_hazard_battle_drawn"     # its new TACTICS card already drawn (A162)
