"""Race neutralisations and the lapping rules (FGP 13.9-13.11): the Safety Car,
the Virtual Safety Car, the Red Flag and its restart grid, lapping cars and
blue flags.

Pure functions in the manner of rules.hazards: the caller (the round machine)
passes dice already rolled and the facts it knows, and gets frozen records
back to apply to the Race. Tiles are movement-point tile indices of the built
track (`Track.tiles`, zero-MP feature tiles are not in that list, digest A35);
"distance" is laps * lap tiles + tile, as in rules.finish.

Readings (see docs/design/formulagp-digest.md):
- A14: the 'Safety Car' EVENT card rolls WHITE; 6 -> Red Flag, a green face
  -> SC, any other face -> nothing (the step module; `safety_car_card` here is
  the older any-face reading, content `deploy_on = "any"`).
- A35: the SC drives its 3 tiles at the start of every SC round before any car
  moves; it never blocks a blue-flag car, and blue-flag cars ahead keep going.
- A36: no EVENT cards under the SC; Option cards may be discarded.
- A37: VSC followers play no card: exactly N steps (forward or lateral), no
  wear, no battles; a step may not pass the car ahead.
- A38: the red-flag restart is the race start (pole card, no draw, LED order,
  2nd gear); the game option `red_flag_restart_draw` puts a normal draw phase
  first (`restart_without_draw` here is that switch seen the other way).
- A39: pit-lane cars line up behind the track cars of their tile; option
  `red_flag_pit_cars_last` puts every pit-lane car behind all track cars.
- A44: a lapped car loses its turn only if it has not moved yet this round.
- A17: an unlapped car rejoins the cars still to move (`unlap_extra_turn`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

from ..track import Track

# ---- FGP 13.9 Safety Car -----------------------------------------------------------------
SC_PERIOD_STANDARD = 2          # FGP 13.9.1: rounds
SC_TILES_PER_ROUND = 3          # FGP 13.9.2 step 4
SC_FINAL_FLAG = 24              # FGP 13.9.1: still out on/after round 24 -> race ends
RED_FLAG_WHITE = (6,)           # FGP 13.10 (A1, A14)
KEEP_ON_SC = ("standing_water",)  # FGP 13.9.2 step 3: the only token left on track

# triggers (FGP 13.9)
SECOND_ZONE = "second_yellow_zone"
PANEL = "control_panel"
EVENT_CARD = "safety_car_card"


def safety_car_triggered(*, second_zone: bool = False, panel_reached: bool = False,
                         card: bool = False) -> str | None:
    """FGP 13.9: the reason a Safety Car comes out, or None. A second separate
    yellow zone, the panel's Yellow Flag token reaching SC, or the 'Safety Car'
    EVENT card (whose WHITE roll may turn it into a Red Flag: `safety_car_card`)."""
    if second_zone:
        return SECOND_ZONE
    if panel_reached:
        return PANEL
    if card:
        return EVENT_CARD
    return None


def safety_car_card(white: int, red_flag_on: Sequence[int] = RED_FLAG_WHITE) -> str:
    """FGP 13.9 / 13.10 (A14): the 'Safety Car' EVENT card rolls the WHITE die;
    a face in `red_flag_on` (6) throws the Red Flag, any other deploys the SC.
    Returns "red_flag" or "safety_car"."""
    return "red_flag" if white in red_flag_on else "safety_car"


def sc_period_advanced(white: int, colour: str,
                       red_flag_on: Sequence[int] = RED_FLAG_WHITE) -> int | str:
    """[ADV] FGP 13.9.1 / 13.10: a green face gives that many rounds (the icon
    face counts 1, A1); a red face, or a 6, throws the Red Flag."""
    if colour == "red" or white in red_flag_on:
        return "red_flag"
    return max(1, white)


@dataclass(frozen=True)
class SafetyCarDeploy:
    """What deploying the Safety Car does at once (FGP 13.9.1, 13.9.2)."""
    tile: int                       # the SC stands on this tile (ahead of the leader)
    until: int                      # radar space of the SC token: last SC round
    lose_turn: tuple[int, ...]      # seats that had not moved: the round ends
    keep_hazards: dict[int, str]    # hazard tokens left on track (standing water)
    clear: tuple[str, ...] = ("yellow_flags", "green_flags", "hazards", "w2w",
                              "lapping_attempts")
    ends_race: bool = False         # already on/after the final flag (FGP 13.9.1)


def deploy_safety_car(track: Track, leader_tile: int, *, flag: int,
                      sequence: Sequence[int], moved: Iterable[int],
                      hazards: Mapping[int, str] | None = None,
                      period: int = SC_PERIOD_STANDARD,
                      final_flag: int = SC_FINAL_FLAG) -> SafetyCarDeploy:
    """FGP 13.9.1-13.9.2: the SC goes on the tile in front of the race leader;
    its token goes `period` radar spaces ahead of the chequered flag; the round
    ends now (cars yet to move lose their turn); every track token except
    Standing Water is cleared."""
    done = set(moved)
    keep = {t: h for t, h in (hazards or {}).items() if h in KEEP_ON_SC}
    return SafetyCarDeploy(
        tile=track.tile_ahead(leader_tile, 1), until=flag + period,
        lose_turn=tuple(s for s in sequence if s not in done), keep_hazards=keep,
        ends_race=flag >= final_flag)


def advance_safety_car(track: Track, sc_tile: int, tiles: int = SC_TILES_PER_ROUND) -> int:
    """FGP 13.9.2 step 4 (A35): at the start of each SC round the SC drives 3
    movement-point tiles (it fills the whole tile; spaces do not matter)."""
    return track.tile_ahead(sc_tile, tiles)


def sc_status(flag: int, until: int) -> str:
    """FGP 13.9.2 step 5: "out" while the flag is short of the SC token, "last"
    in the round the flag reaches it (the SC leaves at that round's end), "in"
    afterwards (normal racing)."""
    if flag < until:
        return "out"
    return "last" if flag == until else "in"


def race_ends_under_sc(flag: int, *, sc_out: bool, final_flag: int = SC_FINAL_FLAG) -> bool:
    """FGP 13.9.1: an SC still on track on or after round 24 ends the race where
    the cars stand (classified by FGP 12.2, rules.finish.classify)."""
    return sc_out and flag >= final_flag


def tiles_between(track: Track, from_tile: int, to_tile: int) -> int:
    """Tiles from `from_tile` forward to `to_tile` (0 = same tile)."""
    return (to_tile - from_tile) % len(track.tiles)


@dataclass(frozen=True)
class Ahead:
    """Something a car may meet under the SC: another car or the SC itself."""
    tiles: int                      # tiles ahead of the moving car (0 = same tile)
    laps_down: int = 0              # blue-flag status of that car
    safety_car: bool = False
    free_shadow: int | None = None  # its slipstream space, when a car shadow is free


@dataclass(frozen=True)
class ScLimit:
    """How far a car may drive under the SC (FGP 13.9.2 limitations)."""
    max_tiles: int | None           # tiles it may advance; None = unlimited
    shadow_space: int | None = None # it may also enter this slipstream space
    blocker: Ahead | None = None


def sc_move_limit(ahead: Sequence[Ahead], *, laps_down: int = 0) -> ScLimit:
    """FGP 13.9.2: no overtaking; a car stops one tile behind the nearest car
    (or the SC) ahead, extra movement points wasted; if that car sits in a
    slipstream space with a free car shadow, the car may take the shadow but
    not pass. A blue-flag car passes freely every car without a blue flag and
    the SC itself (to unlap, FGP 13.11.4); only blue-flag cars ahead stop it
    (A35)."""
    if laps_down > 0:
        stops = [a for a in ahead if a.laps_down > 0 and not a.safety_car]
    else:
        stops = list(ahead)
    if not stops:
        return ScLimit(None)
    near = min(stops, key=lambda a: (a.tiles, a.safety_car))
    return ScLimit(max(0, near.tiles - 1), None if near.safety_car else near.free_shadow,
                   near)


@dataclass(frozen=True)
class ScTurn:
    """The rules of a turn under the Safety Car (FGP 13.9.2)."""
    pairs: bool = False             # any single movement card; no pairs
    battles: bool = False           # W2W cancelled; same-tile cars use FGP 7.3.2
    overtaking: bool = False
    drs: bool = False
    tricky_corners: bool = False
    events: bool = False            # A36: no EVENT cards drawn or played
    tyre_wear: bool = False         # movement and lane changes wear nothing
    tyre_wear_discards: int = 1     # per turn
    option_discards: bool = True
    pit_open: bool = True           # FGP 11.1 procedures
    stress_to_middle: bool = True   # and held there
    ers_to_max: bool = True


SC_TURN = ScTurn()


def sc_benefits(*, stress_middle: int, ers_max: int) -> dict[str, int]:
    """FGP 13.9.2 benefits applied to each car: stress on the middle space, ERS
    charged to the maximum."""
    return {"stress": stress_middle, "ers": ers_max}


def sc_discard_choices(hand: Sequence[str], kinds: Mapping[str, str], *,
                       tyre_wear_discarded: bool) -> list[tuple[str, str | None]]:
    """FGP 13.9.2 (A36): the finite discard step offered during a car's SC turn,
    one card at a time: ("tyre_wear", card) while none has been discarded this
    turn, ("option", card) any number of times, and ("done", None). `kinds` maps
    card id -> "tyre_wear" / "option" / ...; duplicate ids appear once."""
    out: list[tuple[str, str | None]] = []
    for c in dict.fromkeys(hand):
        k = kinds.get(c)
        if k == "tyre_wear" and not tyre_wear_discarded:
            out.append(("tyre_wear", c))
        elif k == "option":
            out.append(("option", c))
    out.append(("done", None))
    return out


# ---- FGP 13.9.3 Virtual Safety Car ---------------------------------------------------------
@dataclass(frozen=True)
class VscPlan:
    """The Virtual Safety Car sequence (FGP 13.9.3)."""
    steps: int                      # N: spaces the drawer moved this turn
    movers: tuple[int, ...]         # who moves N now, in order
    skip_next_round: tuple[int, ...]  # cars that had moved before the drawer
    first_next_round: int           # the drawer opens the next round
    skip_draw: bool = True          # next round: no draw phase (step 6)
    stress_to_middle: bool = True   # step 4, every car
    advance_flag: int = 1           # step 5


def vsc_plan(sequence: Sequence[int], drawer: int, steps: int, *,
             done: Iterable[int] = ()) -> VscPlan:
    """FGP 13.9.3 steps 1-7: after the drawer's turn (it moved `steps` spaces),
    the cars after it in the sequence move `steps` each, then the cars that had
    already moved before it move a second time and will skip next round. `done`
    lists cars that cannot move at all (e.g. retired). The drawer starts the
    next round."""
    i = list(sequence).index(drawer)
    out = set(done)
    after = tuple(s for s in sequence[i + 1:] if s not in out)
    before = tuple(s for s in sequence[:i] if s not in out)
    return VscPlan(steps, after + before, before, drawer)


def vsc_next_round_order(new_sequence: Sequence[int], plan: VscPlan) -> list[int]:
    """FGP 13.9.3 step 7: the drawer moves first, then the normal sequence of
    the new round without the cars that moved twice."""
    rest = [s for s in new_sequence
            if s != plan.first_next_round and s not in plan.skip_next_round]
    return [plan.first_next_round, *rest]


def _rel(track: Track, base_tile: int, space: int) -> tuple[int, float]:
    t, f = track.progress(space)
    return ((t - base_tile) % len(track.tiles), f)


def vsc_step_choices(track: Track, space: int, occupied: Mapping[int, int],
                     ahead_space: int | None = None) -> list[int]:
    """FGP 13.9.3 (A37): one VSC step: the spaces one movement point away that
    still have room and do not put the car level with or past the car ahead
    (`ahead_space`, the nearest car in front; None = free road). When the list
    is empty the car's remaining steps are lost."""
    base = track.spaces[space].tile
    limit = _rel(track, base, ahead_space) if ahead_space is not None else None
    out = []
    for m in track.moves(space):
        if m.crosses_yellow_line or track.spaces[m.to].pit_lane:
            continue
        if occupied.get(m.to, 0) >= track.spaces[m.to].capacity:
            continue
        if limit is not None and _rel(track, base, m.to) >= limit:
            continue
        out.append(m.to)
    return out


# ---- FGP 13.10 Red Flag ------------------------------------------------------------------------
def red_flag_from_blocked_tile(free_spaces_on_path: int, *, move_left: int) -> bool:
    """FGP 13.10: a tile entirely blocked by spun cars stops a car from
    completing its move: the Red Flag. `free_spaces_on_path` counts the spaces
    of the blocked tile it could still enter."""
    return move_left > 0 and free_spaces_on_path == 0


@dataclass(frozen=True)
class GridCar:
    car: str | int
    tiles_behind: int               # tiles behind the leader's tile when stopped
    in_pit: bool = False


def red_flag_grid(sequence: Sequence[GridCar], *, pit_cars_last: bool = False) -> list:
    """FGP 13.10 step 1: the restart grid, pole first. Cars keep their turn
    sequence order; a pit-lane car takes the place of the tile it is on, behind
    the track cars of that tile (A39). With `pit_cars_last` every pit-lane car
    lines up behind all track cars (the example's literal order)."""
    idx = {g.car: i for i, g in enumerate(sequence)}
    if pit_cars_last:
        key = lambda g: (g.in_pit, g.tiles_behind, idx[g.car])
    else:
        key = lambda g: (g.tiles_behind, g.in_pit, idx[g.car])
    return [g.car for g in sorted(sequence, key=key)]


@dataclass(frozen=True)
class RedFlag:
    """FGP 13.10 steps 2-6."""
    grid: tuple
    tyre_change: bool = True        # step 2
    repair_damage: bool = True      # step 2 (DAMAGE cards)
    repair_failures: bool = False   # system failures stay
    stress_to_middle: bool = True   # step 3
    ers_to_max: bool = True         # step 4
    remove_event: str = "safety_car"  # step 5: out of the game
    advance_flag: int = 1           # step 6
    restart: str = "race_start"     # FGP 7.2 (A38)
    draw_first: bool = True         # A38; False with `restart_without_draw`
    clear_sc: bool = True           # any Safety Car or VSC ends


def red_flag(sequence: Sequence[GridCar], *, pit_cars_last: bool = False,
             restart_without_draw: bool = False) -> RedFlag:
    """FGP 13.10: the whole Red Flag procedure as data."""
    return RedFlag(tuple(red_flag_grid(sequence, pit_cars_last=pit_cars_last)),
                   draw_first=not restart_without_draw)


def red_flag_choices(tyres_left: Sequence[str], damage: Sequence[str]
                     ) -> list[tuple[str | None, bool]]:
    """FGP 13.10 step 2: each car's finite choice: (compound to fit or None to
    keep the tyres, repair all damage?). Repair is offered only when damaged."""
    tyres = [None, *dict.fromkeys(tyres_left)]
    repairs = [False, True] if damage else [False]
    return [(t, r) for t in tyres for r in repairs]


# ---- FGP 13.11 lapping and blue flags --------------------------------------------------------
NONE, SINGLE, DOUBLE = 0, 1, 2


def blue_flag_token(laps_down: int) -> str | None:
    """FGP 13.11 / 13.11.2: the token beside the car (more than one lap down
    still shows the Double Blue Flag)."""
    return None if laps_down <= 0 else ("single" if laps_down == 1 else "double")


def update_laps_down(laps_down: int, gap: int, lap_tiles: int) -> int:
    """FGP 13.11.1 / 13.11.4: the laps-down count after a move, from `gap` =
    leader distance - car distance (in tiles). Being lapped needs the leader a
    full lap plus one tile ahead (same tile = not complete); getting a lap
    back needs the car one tile ahead of the leader, so the count only changes
    on a whole-tile margin."""
    while gap >= (laps_down + 1) * lap_tiles + 1:
        laps_down += 1
    while laps_down > 0 and gap <= laps_down * lap_tiles - 1:
        laps_down -= 1
    return laps_down


@dataclass(frozen=True)
class LapChange:
    """What a finished move does to one car's lapping status (FGP 13.11)."""
    laps_down: int
    token: str | None
    lapped: bool = False            # lost a lap in this move
    unlapped: bool = False          # got a lap back in this move
    lose_turn: bool = False         # FGP 13.11.1 (A44)
    extra_turn: bool = False        # FGP 13.11.4 (A17): rejoins the cars to move
    leader_token: bool = False      # FGP 13.11: Race Leader token by the leader
    clear_attempts: bool = False    # FGP 13.11.3: attempt token leaves at round end
    forbidden: bool = False         # tried in a yellow zone: status unchanged


def lap_change(laps_down: int, *, leader_distance: int, car_distance: int,
               lap_tiles: int, has_moved: bool, yellow_zone: bool = False,
               unlap_extra_turn: bool = True) -> LapChange:
    """FGP 13.11.1-13.11.4: recompute a car's lapping status after a move of the
    leader (lapping) or of the car (unlapping). No change is allowed to come
    from a move in a yellow zone (the old status stays). A newly lapped car
    that has not moved this round loses its turn; an unlapped car that had
    already moved rejoins the cars yet to move (A17)."""
    new = update_laps_down(laps_down, leader_distance - car_distance, lap_tiles)
    if new == laps_down:
        return LapChange(laps_down, blue_flag_token(laps_down))
    if yellow_zone:
        return LapChange(laps_down, blue_flag_token(laps_down), forbidden=True)
    if new > laps_down:
        return LapChange(new, blue_flag_token(new), lapped=True, lose_turn=not has_moved,
                         leader_token=True, clear_attempts=True)
    return LapChange(new, blue_flag_token(new), unlapped=True,
                     extra_turn=unlap_extra_turn and has_moved)


def laps_completed(distance: int, lap_tiles: int) -> int:
    """Completed laps from a distance in tiles (FGP 13.11 example)."""
    return distance // lap_tiles


def lapping_defence(attacker_laps_down: int, defender_laps_down: int, *,
                    attacker_ahead: bool = False) -> bool:
    """FGP 13.11.1: a car about to be lapped cannot defend: the attacker is on a
    better lap status, or already ahead of it in the race (the pass is not for
    position: the leader catching the last car). Returns whether the defender
    may play battle cards."""
    return not (defender_laps_down > attacker_laps_down or attacker_ahead)


def passes_freely(mover_laps_down: int, other_laps_down: int,
                  other_attempts: int = 0, safety_car: bool = False) -> bool:
    # not keyword-only: where.passable calls it per car, per occupied step
    """FGP 13.11.2 / 13.11.3 / 13.9.2: the mover goes past `other` with normal
    movement (no OT, no battle) when: other has double blue and the mover does
    not; other carries a flipped (double) failed-attempt token; or under the SC
    the mover has a blue flag and other has none."""
    if other_laps_down >= DOUBLE and mover_laps_down < DOUBLE:
        return True
    if other_attempts >= 2:
        return True
    return safety_car and mover_laps_down > 0 and other_laps_down == 0


def failed_lapping(attempts: int) -> int:
    """FGP 13.11.3: an unsuccessful lapping attempt (blocked, or no cards to
    overtake): first -> attempt token (1); second -> flipped to double (2):
    next round every car may pass freely, then the token leaves."""
    return min(2, attempts + 1)


def end_of_round_attempts(attempts: int, *, lapped_this_round: bool,
                          free_round_played: bool) -> int:
    """FGP 13.11.3: the attempt token is removed at the end of the round the
    car is lapped, and a double one at the end of the round it was free to pass."""
    if lapped_this_round or (attempts >= 2 and free_round_played):
        return 0
    return attempts


def drs_between(mover_laps_down: int, target_laps_down: int) -> bool:
    """FGP 13.11: DRS only against a car in the same lapping situation (lead
    lap, single blue, double blue)."""
    # (no min() calls: each costs more than the rest; asked for every car at a DRS zone)
    return (mover_laps_down if mover_laps_down < DOUBLE else DOUBLE) \
        == (target_laps_down if target_laps_down < DOUBLE else DOUBLE)


def lapping_allowed(*, yellow_zone: bool, safety_car: bool, unlapping: bool) -> bool:
    """FGP 13.11.1 / 13.11.4 / 13.9.2: no lapping or unlapping in a yellow zone;
    under the SC nobody may be lapped (no overtaking) but unlapping is allowed."""
    if yellow_zone:
        return False
    return unlapping or not safety_car
