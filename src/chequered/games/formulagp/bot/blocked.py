"""BOT 2.2.1 / 2.2.2: a BOT whose lane change (to its preferred lane, or a
forced one) has a car in the way. The lane rules (bot/lanes.py) choose the
step into the occupied space; this module decides it as the step is made:

* the car there can be pushed into a free space: the BOT changes lanes and
  pushes it, as a player's lane change does (FGP 8.3.1), no die;
* a risk of a collision (pushed into another car, a wall or off the track):
  the WHITE die, read against the TACTICS card's blocked symbols (one per
  colour): aggressive, the lane change and the players' push / collision /
  off-track rules; not aggressive, straight on into a clear space, else it
  surrenders; surrender, it gives up its place in the driver sequence and
  moves after the other cars of its tile (BOT 2.2.1).

Choices (docs/rules/formulagp-bots.md):
* A163 A surrender is made before the BOT's first step: it takes its turn
  again after the last car of its tile still to move, with the pace and the
  movement points it had (no second pace roll, no second round-2 TACTICS draw),
  from where it is then (a car may have pushed it aside); a BOT pushed off the
  track or spun meanwhile starts its turn anew.
* A164 Where it cannot surrender (it has stepped already, it surrendered this
  round, or no car of its tile is still to move) it goes straight on into a
  clear space if there is one, else its move ends there (its points lost).
* A165 A forced lane change (its lane ends) with a car on both sides is a
  blocked lane change too (the yellow arrow's side first)."""
from __future__ import annotations

from ....engine.protocol import Event
from ..rules import movement as M
from ..rules.dice import roll_die
from ..rules.where import occupancy, track_of
from .table import bot_content, record, tactics_of

RULE = "BOT 2.2.2"


def risky(track, space: int, to: int, occ: dict) -> bool:
    """BOT 2.2.2: pushing the car on `to` sends it into another car, a wall or
    off the track (FGP 8.3.1's outcomes other than a free space)."""
    target = M.push_target(track, space, to)
    return not isinstance(target, int) or occ.get(target, 0) >= track.spaces[target].capacity


def decide(race, car, to: int) -> tuple[int | None, list[Event]]:
    """The space the BOT steps to (None: no step, the move goes on or ends as
    decided here), and the events. Called for every BOT step (bot/lanes.stepped)."""
    trk = track_of(race)
    sp = trk.spaces[to]
    occ = occupancy(race, car.seat)
    if to not in trk.spaces[car.space].lateral or occ.get(to, 0) < sp.capacity \
            or not risky(trk, car.space, to, occ):
        return to, []                           # no car in the way, or a safe push
    ev: list[Event] = []
    colour = roll_die(race, ev, "white", RULE, seat=car.seat).colour
    tac = tactics_of(race, car.seat)
    answer = getattr(bot_content(race).tactics_card(tac).blocked, colour)
    ev.append(Event("bot_blocked", {"seat": car.seat, "card": tac, "response": answer},
                    "BOT 2.2.1"))
    if answer == "aggressive":                  # the players' push (FGP 8.3.1, 13.5)
        return to, ev
    if answer == "surrender" and surrender(race, car, ev):
        return None, ev
    ahead = straight_on(race, car)              # not aggressive (or A164)
    if ahead is not None:
        return ahead, ev
    mv = race.move
    mv["lost"], mv["left"] = mv["left"], 0
    mv["stage"] = "after_move"
    ev.append(Event("points_lost", {"seat": car.seat, "n": mv["lost"]}, "BOT 2.2.1"))
    return None, ev


def straight_on(race, car) -> int | None:
    """BOT 2.2.1 not aggressive: forward into a clear space instead of the
    lane change (the players' legal steps, no lane change, no push)."""
    from ..rules.move_steps import step_options
    from .lanes import pick
    trk = track_of(race)
    occ = occupancy(race, car.seat)
    moves = {m.to: m for m in trk.moves(car.space)}
    steps = [s.to for s in step_options(race, car.seat)[0]
             if not moves[s.to].lane_change and not trk.spaces[s.to].pit_lane
             and occ.get(s.to, 0) < trk.spaces[s.to].capacity]
    if not steps:
        return None
    card = bot_content(race).tactics_card(tactics_of(race, car.seat))
    return pick(trk, car.space, steps, card=card, goal_open=False, full=set())[0]


def surrender(race, car, ev: list) -> bool:
    """BOT 2.2.1 surrender (A163): before its first step, the BOT's turn goes
    after the last car of its tile still to move; False where it cannot."""
    mv = race.move
    trk = track_of(race)
    here = trk.spaces[car.space].tile
    if mv.get("surrendered") or mv.get("start") != car.space or len(mv["visited"]) != 1:
        return False
    later = race.sequence[race.seq_pos + 1:]
    wait = [s for s in later if s not in race.done and race.cars[s].space is not None
            and trk.spaces[race.cars[s].space].tile == here]
    if not wait:
        return False
    seq = race.sequence
    seq.pop(race.seq_pos)
    seq.insert(seq.index(wait[-1]) + 1, car.seat)
    record(race, car.seat)["resume"] = {**mv, "surrendered": True, "stage": "moving"}
    race.move = None
    ev.append(Event("bot_surrender", {"seat": car.seat, "after": wait[-1]}, "BOT 2.2.1"))
    return True


def resume(race, seat: int) -> list[Event] | None:
    """A163: the turn of a BOT that surrendered goes on as it was (bot/move.py)."""
    saved = record(race, seat).pop("resume", None)
    car = race.cars[seat]
    if saved is None or car.space is None or car.off_track or car.spun \
            or car.rejoin is not None:
        return None                             # pushed off or spun meanwhile: a new turn
    race.move.update(saved, start=car.space, visited=[car.space])   # perhaps pushed aside
    return [Event("bot_resume", {"seat": seat}, "BOT 2.2.1")]
