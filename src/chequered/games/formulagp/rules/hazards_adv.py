"""[ADV] The Advanced hazard tokens: FGP 13.13.2 Debris and 13.13.3 Oil, with
the damage they cause (13.6), oil as a cause of loss of control (13.4) and
the Debris token a wall hit leaves (13.4.4). The tokens lie in `race.hazards`
(tile -> token, FGP 13.13: a token covers its whole tile); EVENT and RISK
cards place them through the "hazard" followup (rules/card_effects.py,
rules/incident_steps.py apply_followup). Gravel is rules/hazards.py.

A93 (ours, docs/rules/formulagp.md "Choices"): the tiles a move drives
through or stops on are the tiles it enters, not the one it starts from (a
car that stopped on a token's tile met it then; the third bullets of 13.13.2
and 13.13.3 say what starting there costs: no pairs). They are resolved when
the move is over, with its dice, as the gravel tile is (before the pit lane
when the move ends in it, FGP 11.1): debris is avoided by a lane change that
starts or ends on its tile (FGP 13.6 "did not change lanes on that tile"),
else a DAMAGE card and the token goes; oil is a loss of control (FGP 13.4):
a counter-steer card avoids it (FGP 13.4.1, with its lane shift and wear)
and the token stays, a spin (FGP 13.4.2) removes it. Hazards are inactive in
a yellow zone and under the Safety Car (FGP 13.8.1, 13.9.2)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

from ....engine.protocol import Event
from ..bot import hazards as BZ
from ..state import Race
from .late_pit import advanced
from .where import in_yellow_zone, track_of

ADV_TOKENS = ("debris", "oil")


@dataclass(frozen=True, slots=True)
class Met:
    """A Debris or Oil tile a move drove through or stopped on."""
    tile: int
    token: str                 # "debris" | "oil"
    lane_change: bool          # a lane change starting or ending on the tile


def tokens_met(path: Sequence[Sequence], start_tile: int | None,
               hazards: Mapping[int, str], inactive: Iterable[int] = ()) -> list[Met]:
    """FGP 13.13.2 / 13.13.3 (A93): the Debris and Oil tiles of a move, in the
    order entered, each once. `path` holds one (from tile, to tile, lane
    change) per movement point; the start tile and `inactive` tiles (yellow
    zones) are left out."""
    off = set(inactive)
    order: list[int] = []
    for _, to, _ in path:
        if to != start_tile and to not in order:
            order.append(to)
    return [Met(t, hazards[t], any(lc and t in (a, b) for a, b, lc in path))
            for t in order if hazards.get(t) in ADV_TOKENS and t not in off]


def debris_damages(met: Met) -> bool:
    """FGP 13.13.2 / 13.6: no lane change on the debris tile: the car is damaged
    and the token comes off; with one, nothing happens and it stays."""
    return met.token == "debris" and not met.lane_change


def move_meets(race: Race) -> list[Met]:
    """The Debris and Oil tiles the move in progress has met so far (A93):
    none under the Safety Car (FGP 13.9.2) nor in a yellow zone (13.8.1)."""
    mv = race.move
    if not advanced(race) or not mv or not mv.get("path") or race.safety_car is not None:
        return []
    trk = track_of(race)
    start = trk.spaces[mv["start"]].tile if mv.get("start") is not None else None
    zones = [t for t in {p[1] for p in mv["path"]} if in_yellow_zone(race, t)]
    return tokens_met(mv["path"], start, race.hazards, zones)


# ---- the hooks the round machine calls ----------------------------------------------------
def note_step(race: Race, frm: int, move) -> None:
    """rules/move_steps.py: each movement point of an Advanced race (the caller
    asks, so that a Standard race makes no call), before the car moves on."""
    spaces = track_of(race).spaces
    race.move.setdefault("path", []).append(
        [spaces[frm].tile, spaces[move.to].tile, bool(move.lane_change)])


def after_move(race: Race, car) -> list[Event]:
    """The move is over (rules/incident_steps.py _resolve, or before the pit
    lane): debris damages now, oil queues a loss of control (A93). Once a move."""
    mv = race.move
    if not advanced(race) or mv.get("path_done") or not mv.get("path"):
        return []
    mv["path_done"] = True
    from .incident_steps import _damage, followup
    ev: list[Event] = []
    for m in move_meets(race):
        if BZ.met(race, ev, car, m):                    # BOT 6.9.2 / 6.9.3
            continue
        if m.token == "oil":                            # FGP 13.13.3 / 13.4
            followup(race, "loss_of_control", car.seat, oil=m.tile)
        elif debris_damages(m):                         # FGP 13.13.2 / 13.6
            race.hazards.pop(m.tile, None)
            ev.append(Event("debris_hit", {"seat": car.seat, "tile": m.tile}, "FGP 13.13.2"))
            ev += _damage(race, car.seat)
        else:
            ev.append(Event("debris_avoided", {"seat": car.seat, "tile": m.tile},
                            "FGP 13.13.2"))
    return ev


def oil_spin(race: Race, seat: int, data: dict, card: str | None) -> list[Event]:
    """FGP 13.13.3: no counter-steer card played for the oil: the car hits it
    and spins (the loss of control goes on as FGP 13.4.2), the token goes."""
    t = data.get("oil")
    if t is None or card is not None or race.hazards.get(t) != "oil":
        return []
    race.hazards.pop(t)
    return [Event("oil_hit", {"seat": seat, "tile": t}, "FGP 13.13.3")]


def wall_debris(race: Race, seat: int) -> list[Event]:
    """FGP 13.4.4 a / b: a car that hits a wall leaves a Debris token on its
    tile (Advanced races: the tokens are [ADV], FGP 3.5)."""
    if not advanced(race):
        return []
    from .incident_steps import apply_followup
    return apply_followup(race, "hazard", seat, {"token": "debris"})


def start_no_pairs(race: Race, car) -> bool:
    """FGP 13.13.2 / 13.13.3: no pairs, for movement or battle, in a move that
    starts from a tile with a Debris or Oil token."""
    mv = race.move
    if not advanced(race) or not mv or mv.get("seat") != car.seat:
        return False
    sp = mv["start"] if "start" in mv else car.space
    return sp is not None and race.hazards.get(track_of(race).spaces[sp].tile) in ADV_TOKENS
