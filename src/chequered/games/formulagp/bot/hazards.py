"""BOT 6.9: the hazard tokens and the BOTs. Rookie BOTs are not affected by
any of them (the tokens stay). For a Pro BOT:

* 6.9.1 Gravel: stopping on or driving through the gravel tile faster than
  GREEN pace, its tyre bonus is off on its next move (the Tyre token beside
  the control card, `gravel` in its record); the token comes off when it stops
  on the tile (A166: at any pace). No tyre wear, no pairs rule: a BOT has neither.
* 6.9.2 [ADV] Debris: on moving onto the tile its next movement point is one
  lane change to its yellow arrow's side (then it keeps that lane); no such
  change made on the tile (out of points, or the space not free): a Damage
  token (BOT 6.3, by the players' damage hook); the token comes off when it
  stops on the tile.
* 6.9.3 [ADV] Oil: stopping on the tile, the RED die of BOT 6.1 (its
  loss-of-control procedure, BOT 6.2); the token comes off.
* 6.9.4 [ADV] Standing Water: stopping on the tile, the RED die of BOT 6.1;
  each token driven through costs a movement point after the move (A167: it
  drops back that many spaces along its path, before the corner
  modification); the token it stops on dries only when the rain has stopped.

The players' hazard code (rules/incident_steps.py gravel, rules/hazards_adv.py,
rules/weather_steps.py) hands a BOT car to these functions."""
from __future__ import annotations

from ....engine.protocol import Event
from ..rules.where import track_of
from .table import bot_content, is_bot, kind, record, tactics_of

PRO_RULE = {"debris": "BOT 6.9.2", "oil": "BOT 6.9.3"}


def _stop_tile(race, car) -> int | None:
    return track_of(race).spaces[car.space].tile if car.space is not None else None


def gravel(race, ev: list, car, tile: int) -> bool:
    """BOT 6.9.1 (rules/incident_steps.py, the end of the move): True when the
    car is a BOT (the players' gravel rule then does not apply)."""
    if not is_bot(race, car.seat):
        return False
    if kind(race, car.seat) != "pro":
        return True                             # Rookies are not affected
    if race.move.get("pace") != "green":
        record(race, car.seat)["gravel"] = True
        ev.append(Event("bot_gravel", {"seat": car.seat, "tile": tile}, "BOT 6.9.1"))
    if _stop_tile(race, car) == tile:
        race.hazards.pop(tile, None)
        ev.append(Event("gravel", {"seat": car.seat, "tile": tile}, "BOT 6.9.1"))
    return True


def no_tyre_bonus(race, seat: int) -> bool:
    """BOT 6.9.1: this move without the tyre bonus (the token goes back after it)."""
    return bool(record(race, seat).pop("gravel", False))


def met(race, ev: list, car, m) -> bool:
    """BOT 6.9.2 / 6.9.3 (rules/hazards_adv.after_move): a Debris or Oil tile
    of a BOT's move; True when the car is a BOT."""
    if not is_bot(race, car.seat):
        return False
    if kind(race, car.seat) != "pro":
        return True                             # Rookies are not affected
    from ..rules.incident_steps import _damage
    stops = _stop_tile(race, car) == m.tile
    rule = PRO_RULE[m.token]
    if m.token == "oil" and stops:              # BOT 6.9.3: the RED die of BOT 6.1
        race.move.setdefault("dice", []).append("red")
        ev.append(Event("bot_hazard_stop", {"seat": car.seat, "tile": m.tile, "token": "oil"},
                        rule))
    if m.token == "debris":
        if m.lane_change:
            ev.append(Event("debris_avoided", {"seat": car.seat, "tile": m.tile}, rule))
        else:
            ev.append(Event("debris_hit", {"seat": car.seat, "tile": m.tile}, rule))
            ev += _damage(race, car.seat)
    if stops:
        race.hazards.pop(m.tile, None)
    return True


def debris_step(race, seat: int, steps: list[int], full: set[int]) -> int | None:
    """BOT 6.9.2: the lane change to the yellow arrow's side a Pro makes with
    its next movement point on a Debris tile it moved onto (once on the tile)."""
    from ..rules.late_pit import advanced
    mv = race.move
    car = race.cars[seat]
    trk = track_of(race)
    here = trk.spaces[car.space].tile
    if kind(race, seat) != "pro" or not advanced(race) or race.hazards.get(here) != "debris" \
            or trk.spaces[mv["start"]].tile == here or race.safety_car is not None:
        return None
    from ..rules.where import in_yellow_zone
    if in_yellow_zone(race, here) or mv.get("debris_dodged") == here:
        return None
    sp = trk.spaces[car.space]
    side = sp.right if bot_content(race).tactics_card(tactics_of(race, seat)).arrow == "right" \
        else sp.left
    way = [t for t in steps if t in side and t not in full and trk.spaces[t].tile == here]
    return way[0] if way else None


def dodged(race, car, to: int) -> None:
    """BOT 6.9.2: after the lane change it keeps the new lane (bot/lanes.stepped)."""
    trk = track_of(race)
    here = trk.spaces[car.space].tile
    if race.hazards.get(here) == "debris" and to in trk.spaces[car.space].lateral:
        race.move["debris_dodged"] = here
        race.move["lane_done"] = True


def water_stop(race, ev: list, car, stop: int | None, live: list[int]) -> bool:
    """BOT 6.9.4 (rules/weather_steps.after_move): the tile a BOT stops on; True
    when the car is a BOT (the players' water rules then do not apply)."""
    if not is_bot(race, car.seat):
        return False
    from ..rules.weather_steps import raining
    if kind(race, car.seat) != "pro" or stop not in live:
        return True                             # Rookies are not affected
    race.move.setdefault("dice", []).append("red")
    ev.append(Event("bot_hazard_stop", {"seat": car.seat, "tile": stop,
                                        "token": "standing_water"}, "BOT 6.9.4"))
    if not raining(race):
        race.hazards.pop(stop, None)
        ev.append(Event("water_dried", {"tile": stop}, "BOT 6.9.4"))
    return True


def water_slow(race, seat: int) -> list[Event]:
    """BOT 6.9.4 (A167): a Pro drops back one space for each Standing Water
    token it drove through, before the corner modification (bot/corners.py)."""
    from ..rules import weather as W
    from ..rules.where import in_yellow_zone
    mv = race.move
    car = race.cars[seat]
    if kind(race, seat) != "pro" or race.weather is None or car.space is None \
            or race.safety_car is not None or mv.get("water_slowed"):
        return []
    mv["water_slowed"] = True
    trk = track_of(race)
    first = trk.spaces[mv["start"]].tile if mv.get("start") is not None else None
    through, _ = W.touched_tiles([trk.spaces[s].tile for s in mv["visited"]], first)
    n = sum(1 for t in through if race.hazards.get(t) == W.STANDING_WATER
            and not in_yellow_zone(race, t))
    if not n:
        return []
    from .corners import _back
    ev = [Event("bot_water_slow", {"seat": seat, "n": n}, "BOT 6.9.4")] + _back(race, seat, n)
    if car.space in mv["visited"]:              # the move now ends here
        del mv["visited"][len(mv["visited"]) - mv["visited"][::-1].index(car.space):]
    return ev
