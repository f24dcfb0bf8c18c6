"""Race events: hazard checks, stress and focus, loss of control, off track,
walls, rejoining, collisions, damage, failures and quick repairs, yellow flags
and the gravel token (FGP 13.2-13.8, 13.13.1).

Most functions are pure: they take the die face already rolled (so a test or a
replay can force it) and the facts they need, and return a frozen record of
what happens. The caller (the round machine) applies the record to the Race.
Only `draw_damage` and `quick_repair` touch the Race, through rules.cards.

Conventions: lanes are numbered 1-4 from the left as driven (digest §0); a
WHITE die colour "green" shifts a car one lane to the right, "red" one lane to
the left. An off-track spot is (tile index, lane), where the lane may be 0 or
5 for the strip beyond an edge without a wall (digest A19).
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Iterable, Mapping, Sequence

from ....engine.protocol import Event, IllegalAction
from ..effects import field_of
from ..state import Car, Race
from ..track import OFF_TRACK, WALL, Track
from .cards import colour_of, discard, draw_shared, kind_of, shared_card

# ---- FGP 13.2 / 4.11.3 hazard checks ------------------------------------------------
OVER_STRESS = "over_stress"          # FGP 13.3: rolled at once
TRICKY_CORNER = "tricky_corner"      # FGP 8.7
WORN_TYRES = "worn_tyres"            # FGP 10.1: the tyre marker on the RED die icon
SPEED_LIMIT = "speed_limit"          # [ADV] FGP 8.4.2
DRY_IN_RAIN = "dry_in_rain"          # [ADV] FGP 10.2.1
STANDING_WATER = "standing_water"    # [ADV] FGP 13.13.4


def end_of_move_checks(*, on_skid_start: bool, tyres_on_red_icon: bool,
                       yellow_zone: bool = False, safety_car: bool = False) -> tuple[str, ...]:
    """FGP 13.2: the high-risk events of a finished Standard move, one entry per
    different event. A tricky corner does not count inside a yellow zone or
    under the Safety Car (FGP 13.8.1, 8.7); worn tyres always count."""
    # (tuples, no list made: asked at every move)
    if on_skid_start and not (yellow_zone or safety_car):
        return (TRICKY_CORNER, WORN_TYRES) if tyres_on_red_icon else (TRICKY_CORNER,)
    return (WORN_TYRES,) if tyres_on_red_icon else ()


def dice_for(events: Sequence[str]) -> tuple[tuple[str, str], ...]:
    """FGP 13.2 / 4.11.3: which die each event costs, as (die, event).
    Each different event rolls the RED die; when one type repeats in a turn
    its first occurrence rolls RED and every further one rolls YELLOW."""
    seen: set[str] = set()
    out = []
    for e in events:
        out.append(("yellow" if e in seen else "red", e))
        seen.add(e)
    return tuple(out)


def roll_timing(*, entering_pit: bool = False, starting_battle: bool = False) -> str:
    """FGP 4.11.3: RED (and YELLOW) dice resolve after the move, except just
    before entering the pit lane or starting a battle: then at once."""
    return "now" if (entering_pit or starting_battle) else "end_of_move"


@dataclass(unsafe_hash=True)
class DieResult:
    """What a RED or YELLOW face asks for (FGP 4.11.2, 4.11.3)."""
    wear: int = 0
    stress: int = 0
    risk: int = 0                    # RISK cards to draw
    loss_of_control: bool = False


def red_face(face: str) -> DieResult:
    """FGP 4.11.3: tyre wear +1, a RISK card, or a loss of control (FGP 13.4)."""
    return {"tyre_wear": DieResult(wear=1), "risk": DieResult(risk=1),
            "loss_of_control": DieResult(loss_of_control=True)}[face]


def yellow_face(face: str) -> DieResult:
    """FGP 4.11.2: stress +1, tyre wear +1, or a RISK card."""
    return {"stress": DieResult(stress=1), "tyre_wear": DieResult(wear=1),
            "risk": DieResult(risk=1)}[face]


# ---- FGP 13.3 stress, focus and the race leader ------------------------------------------
# FGP 5.1.2 / 13.3: every DRIVER card has the same three stress spaces: the focus
# space (the first), the middle space (the start) and the 3rd space, STRESSED.
FOCUS_SPACE, MIDDLE_SPACE, STRESSED_SPACE = 1, 2, 3


@dataclass(unsafe_hash=True)
class StressChange:
    stress: int           # the token's space after the change
    focus: bool           # the Focus Bonus token is on the board: +1 MP
    stressed: bool        # at the top space: no pairs for movement or battle
    red_rolls: int        # RED dice to roll at once (gain beyond the top)
    moved: int            # spaces actually moved


def stress_bounds() -> tuple[int, int]:
    """(middle, top) of the stress track, counted from the focus space = 1."""
    return MIDDLE_SPACE, STRESSED_SPACE


def change_stress(stress: int, delta: int, *, focus: bool = False,
                  leader: bool = False) -> StressChange:
    """FGP 13.3: move the Stress token `delta` spaces (right = more stress).
    - The focus space gives the Focus Bonus (+1 MP); it is lost as soon as the
      token is back on the middle space.
    - The race leader may not stand on the focus space (stops one short).
    - The 3rd space means STRESSED (no pairs). A gain past it leaves the
      token there and rolls the RED die at once, once for every point of
      stress gained beyond it (a +2 from the 3rd space rolls twice, from the
      middle once: A65 (ours))."""
    middle, top = stress_bounds()
    low = FOCUS_SPACE + 1 if leader else FOCUS_SPACE
    want = stress + delta
    # clamped between low and top (below top) with no min/max call: one costs
    # more than the rest of this function
    new = low if want < low else (top if want > top else want)
    over = want - top if delta > 0 and want > top else 0
    new_focus = not leader and (new == FOCUS_SPACE or (focus and new < middle))
    return StressChange(new, new_focus, new == top, over, new - stress)


def become_leader(stress: int) -> StressChange:
    """FGP 13.3 / digest A32: the Focus token is flipped to its Race Leader side;
    a leader on the focus space goes back to the next space and loses the bonus."""
    return change_stress(stress, 0, leader=True)


def race_leader(current: int | None, distance: Mapping[int, int]) -> int | None:
    """FGP 13.3: at the end of a round the Race Leader token passes only to a car
    that is one or more tiles ahead of the holder. `distance` maps seat -> tiles
    covered (laps * lap tiles + tile). With no holder, the car furthest ahead
    (ties: the lowest seat) takes it."""
    if not distance:
        return current
    best = top = None               # the furthest, ties the lowest seat (no max() with a key)
    for s, d in distance.items():
        if best is None or d > top or (d == top and s < best):
            best, top = s, d
    if current is None or current not in distance:
        return best
    return best if distance[best] > distance[current] else current


# ---- FGP 13.4 loss of control ----------------------------------------------------------
SPIN = None     # the "no counter-steer" choice


def counter_steer_choices(single_spends: Iterable[tuple[str, str]]) -> list[str | None]:
    """FGP 13.4 / 13.4.1: the finite choices at a loss of control: each card
    with a counter-steer secondary function (pass secondary.single_spends(race, car)),
    or None = spin. Declining with a card in hand is allowed (our reading: the
    spin text describes a driver who does not use one)."""
    cards = [c for f, c in single_spends if f == "counter_steer"]
    return [*dict.fromkeys(cards), SPIN]


def shift_side(colour: str) -> str:
    """FGP 13.4.1 / 13.4.2: WHITE green -> one lane right, red -> one lane left."""
    if colour not in ("green", "red"):
        raise ValueError(f"WHITE die colour is green or red, not {colour!r}")
    return "right" if colour == "green" else "left"


@dataclass(frozen=True)
class Shift:
    """Where a forced one-lane shift leads (FGP 13.4.1, 13.4.2, 13.5)."""
    result: str                      # "on_track" | "off_track" | "wall" | "collision"
    to: int | None = None            # the space moved into (on_track) or hit (collision)
    off_spot: tuple[int, int] | None = None   # (tile, lane) when off track
    full_slipstream: bool = False    # collision decided by WHITE rolls (FGP 13.5)


def forced_shift(track: Track, space: int, colour: str,
                 occupied: Mapping[int, int] | None = None) -> Shift:
    """FGP 13.4.1-13.4.4, 13.5: the lane the WHITE colour sends the car to.
    `occupied` counts the other cars per space. A slipstream space with a free
    car shadow takes the car (no collision); a full one means a collision whose
    car is found by WHITE rolls (`slipstream_victims`)."""
    side = shift_side(colour)
    to = track.spot_outcome(space, side)
    if to == WALL:
        return Shift(WALL)
    sp = track.spaces[space]
    if to == OFF_TRACK:
        lane = min(sp.lanes) - 1 if side == "left" else max(sp.lanes) + 1
        return Shift(OFF_TRACK, off_spot=(sp.tile, lane))
    n = (occupied or {}).get(to, 0)
    if n == 0:
        return Shift("on_track", to)
    if n < track.spaces[to].capacity:
        return Shift("on_track", to)             # an empty car shadow (FGP 13.5)
    return Shift("collision", to, full_slipstream=track.spaces[to].slipstream > 0)


@dataclass(frozen=True)
class Outcome:
    """What a loss of control (or its next stage) does to the car."""
    rule: str
    result: str                      # "on_track" | "off_track" | "wall" | "collision"
    space: int | None = None         # the car's space; None when off track
    off_spot: tuple[int, int] | None = None
    spun: bool = False               # turned to face backwards
    wear: int = 0
    stress: int = 0
    damage: int = 0                  # DAMAGE cards to draw (subject to FGP 13.6)
    yellow_flag: bool = False        # FGP 13.8 procedure for this incident
    debris: bool = False             # [ADV] Debris token on the tile (FGP 13.4.4)
    rejoin: str | None = None        # FGP 13.4.5 a / b / c, next round
    pending: str | None = None       # "second_counter_steer" or "collision"
    hit: int | None = None           # space of the car hit (collision)


def counter_steer(track: Track, space: int, colour: str,
                  occupied: Mapping[int, int] | None = None) -> Outcome:
    """FGP 13.4.1: a counter-steer card was spent. The car stays facing forward,
    shifts one lane by the WHITE colour, tyre wear +1; then
    on track -> nothing more; off track -> a second counter-steer is asked
    (FGP 13.4.3 a, see `off_track_attempt`); wall -> FGP 13.4.4 a;
    into a car -> a collision (FGP 13.5)."""
    s = forced_shift(track, space, colour, occupied)
    if s.result == "on_track":
        return Outcome("FGP 13.4.1", "on_track", s.to, wear=1)
    if s.result == OFF_TRACK:
        return Outcome("FGP 13.4.3", OFF_TRACK, None, s.off_spot, wear=1,
                       pending="second_counter_steer")
    if s.result == WALL:                                             # FGP 13.4.4 a
        return Outcome("FGP 13.4.4", WALL, space, wear=1, damage=1, debris=True,
                       rejoin="c")
    return Outcome("FGP 13.5", "collision", space, wear=1, pending="collision", hit=s.to)


def spin(track: Track, space: int, colour: str,
         occupied: Mapping[int, int] | None = None) -> Outcome:
    """FGP 13.4.2: no counter-steer. The WHITE colour shifts the car one lane:
    on track -> spun, wear +1, stress +1, yellow flag, rejoin a;
    off track -> FGP 13.4.3 b (`spin_off_track`); wall -> FGP 13.4.4 b;
    into a car -> a collision (FGP 13.5; the car stays in its space)."""
    s = forced_shift(track, space, colour, occupied)
    if s.result == "on_track":
        return Outcome("FGP 13.4.2", "on_track", s.to, spun=True, wear=1, stress=1,
                       yellow_flag=True, rejoin="a")
    if s.result == OFF_TRACK:
        return spin_off_track(s.off_spot)
    if s.result == WALL:
        return spin_into_wall(space)
    return Outcome("FGP 13.5", "collision", space, pending="collision", hit=s.to)


def spin_into_wall(space: int) -> Outcome:
    """FGP 13.4.4 b: a spin into a wall: the car stays in its space, turned,
    wear +1, stress +1, one DAMAGE card, a Debris token, yellow flag; rejoin c."""
    return Outcome("FGP 13.4.4", WALL, space, spun=True, wear=1, stress=1, damage=1,
                   debris=True, yellow_flag=True, rejoin="c")


def spin_off_track(off_spot: tuple[int, int]) -> Outcome:
    """FGP 13.4 b / 13.4.3 b: spun off the track: turned, wear +1, stress +1,
    one DAMAGE card, yellow flag; rejoins by FGP 13.4.5 b."""
    return Outcome("FGP 13.4.3", OFF_TRACK, None, off_spot, spun=True, wear=1, stress=1,
                   damage=1, yellow_flag=True, rejoin="b")


def off_track_attempt(off_spot: tuple[int, int], card: str | None) -> Outcome:
    """FGP 13.4 a / 13.4.3 a: off track after a counter-steer or a push. With a
    second counter-steer card the car stays off track facing forward: no yellow
    flag, no DAMAGE, rejoin b. The card is only spent: no WHITE roll and no
    further wear (our reading, as the text lists no such step). Without a card
    the car spins (FGP 13.4.3 b). The pusher's Penalty token is the one it took
    at the push (FGP 8.3.1 'immediately'): one token for the incident, A74 (ours)."""
    if card is None:
        return spin_off_track(off_spot)
    return Outcome("FGP 13.4", OFF_TRACK, None, off_spot, rejoin="b")


def pushed_off_spot(track: Track, space: int, side: str) -> tuple[int, int] | None:
    """FGP 8.3.1 / 13.4.3: the off-track spot of a car pushed `side` from `space`
    (None when that side is not grass: a space, or a wall = a collision)."""
    if track.spot_outcome(space, side) != OFF_TRACK:
        return None
    sp = track.spaces[space]
    return (sp.tile, min(sp.lanes) - 1 if side == "left" else max(sp.lanes) + 1)


def loss_of_control(track: Track, space: int, card: str | None, colour: str,
                    occupied: Mapping[int, int] | None = None, *,
                    tricky: bool = False, walls: bool = False) -> Outcome:
    """FGP 13.4: resolve a loss of control for the choice made (a card from
    `counter_steer_choices`, or None = spin) and the WHITE colour rolled.
    `tricky`: the loss came from ending on a tricky corner (digest A26).
    `walls`: every edge is a wall (FGP 15.2): the spin along the skid marks,
    which would leave the track, hits the wall in its space (FGP 13.4.4 b)."""
    if card is not None:
        return counter_steer(track, space, colour, occupied)
    if tricky and walls:
        return spin_into_wall(space)
    if tricky:
        return tricky_spin(track, space)
    return spin(track, space, colour, occupied)


def tricky_spin(track: Track, space: int) -> Outcome:
    """FGP 8.7 with digest A26: a loss of control on a tricky corner without a
    counter-steer puts the car on the skid marks' car shadow, off track, and it
    follows FGP 13.4.3 b (no WHITE shift). With a counter-steer, `counter_steer`
    applies as anywhere else."""
    end = track.spaces[space].skid_to
    if end is None:
        raise IllegalAction("FGP 8.7: no skid marks begin on this space", "FGP 8.7")
    return spin_off_track(end)


# ---- FGP 13.4.5 rejoining -------------------------------------------------------------
@dataclass(frozen=True)
class RejoinPlan:
    """The cost of rejoining at the car's next turn (FGP 13.4.5)."""
    mode: str                 # "a" | "b" | "c"
    turn_mp: int              # movement points spent turning the car round
    rejoin_mp: int            # movement points spent stepping back onto the track
    tyre_bonus: bool          # False: the tyre bonus is not applied this move


def rejoin_plan(mode: str, *, spun: bool) -> RejoinPlan:
    """FGP 13.4.5: a) after an on-track spin: 1 MP to turn, no tyre bonus;
    b) off track: 1 MP to regain the track (plus 1 MP first to turn if spun),
    no tyre bonus; c) after a wall: facing forward a normal move, spun -> 1 MP
    to turn, no tyre bonus. A movement card is always played."""
    if mode == "a":
        return RejoinPlan("a", 1, 0, False)
    if mode == "b":
        return RejoinPlan("b", 1 if spun else 0, 1, False)
    if mode == "c":
        return RejoinPlan("c", 1, 0, False) if spun else RejoinPlan("c", 0, 0, True)
    raise ValueError(f"rejoin mode is a, b or c, not {mode!r}")


@dataclass(frozen=True)
class RejoinOption:
    """One legal space to come back on (FGP 13.4.5 b)."""
    space: int
    push: int | str | None = None    # where the car already there is pushed to
    penalty: bool = False            # the pushed car goes off track / collides


def rejoin_options(track: Track, off_spot: tuple[int, int],
                   occupied: Mapping[int, int] | None = None) -> list[RejoinOption]:
    """FGP 13.4.5 b: the closest track spaces to the off-track spot (the player
    picks among equally close ones, digest A33). An empty space, or a slipstream
    space with a free car shadow, is simply entered. An occupied space may still
    be entered by pushing its car one lane further (FGP 8.3.1); if that car would
    go off track, hit a wall or another car, the rejoining car gets a Penalty."""
    tile, lane = off_spot
    occ = occupied or {}
    out = []
    for s in track.rejoin_spaces(tile, lane):
        sp = track.spaces[s]
        n = occ.get(s, 0)
        if n < sp.capacity:
            out.append(RejoinOption(s))
            continue
        side = "right" if lane < min(sp.lanes) else "left"
        to = track.spot_outcome(s, side)
        bad = to in (OFF_TRACK, WALL) or occ.get(to, 0) >= track.spaces[to].capacity
        out.append(RejoinOption(s, to, bad))
    return out


def rejoin_order(sequence: Sequence[int], rejoining: Iterable[int]) -> list[int]:
    """FGP 13.4.5: cars that spun or went off track move after every other car,
    keeping the normal sequence among themselves."""
    late = set(rejoining)
    return [s for s in sequence if s not in late] + [s for s in sequence if s in late]


# ---- FGP 13.5 collisions ---------------------------------------------------------------
@dataclass(frozen=True)
class Collision:
    initiator_damage: int            # DAMAGE cards (0 when already damaged this round)
    hit_damage: int
    initiator_penalty: int = 1       # Penalty token (FGP 13.12)
    hit_loses_control: bool = True   # resolved at once (FGP 13.4)


def collision(*, initiator_damaged: bool = False, hit_damaged: bool = False,
              hit_already_lost_control: bool = False) -> Collision:
    """FGP 13.5: both cars draw a DAMAGE card, the initiator takes a Penalty token
    and stays in its space, the car hit loses control at once. A car loses
    control once and is damaged once per collision, and at most once per round
    (FGP 13.6, digest A50)."""
    return Collision(0 if initiator_damaged else 1, 0 if hit_damaged else 1, 1,
                     not hit_already_lost_control)


def slipstream_victims(rolls: Mapping[int, int]) -> tuple[int, ...]:
    """FGP 13.5: a car shifted into a full slipstream space: every car there
    rolls the WHITE die; the lowest is involved. Several tied lowest seats are
    returned: they roll again (digest A24)."""
    low = min(rolls.values())
    return tuple(sorted(s for s, v in rolls.items() if v == low))


# ---- FGP 13.6 damage ---------------------------------------------------------------------
def damage_draws(requested: int, *, damaged_this_round: bool) -> int:
    """FGP 13.6: a car takes damage at most once per game round."""
    return 0 if damaged_this_round or requested <= 0 else 1


def draw_damage(race: Race, car: Car, events: list, rule: str = "FGP 13.6") -> str | None:
    """FGP 13.6: draw a DAMAGE card and place it face up by the board (a Close
    Call! card does no damage and is discarded). Once per round; the card's
    effects are the caller's. The card drawn, or None."""
    if car.damaged_this_round:
        return None
    did = draw_shared(race, "damage", events, rule=rule, seat=car.seat)
    if did is None:
        return None
    car.damaged_this_round = True
    held = not getattr(shared_card(race, did), "close_call", False)
    if held:
        car.damage.append(did)
    else:
        race.decks["damage"].discard(did)
    events.append(Event("damage_drawn", {"seat": car.seat, "card": did, "held": held}, rule))
    return did


# ---- FGP 13.7 failures and quick repairs --------------------------------------------------
def _fits(race: Race, card: str, kind: str) -> bool:
    if kind == "any":
        return True
    try:
        return kind_of(race, card) == kind
    except KeyError:
        return False


def quick_repair_choices(race: Race, car: Car, failure: str) -> list[tuple[str, ...]]:
    """FGP 13.7.1: every way to pay a failure's quick-repair cost from the hand
    (the parameter tokens it names must be unused). Each choice is the tuple of
    hand cards to discard; the tokens are fixed by the card. Empty when the
    cost cannot be paid."""
    if failure not in car.failures:
        return []
    cost = shared_card(race, failure).quick_repair
    if cost is None or not all(car.params.get(p, False) for p in cost.parameters):
        return []
    pool = sorted({c for c in car.hand if _fits(race, c, cost.card_kind)})
    return [tuple(c) for c in combinations(pool, cost.cards)]


def quick_repair(race: Race, car: Car, failure: str, cards: Sequence[str]) -> list[Event]:
    """FGP 13.7.1: pay the cost (discard the cards, use the parameter tokens) and
    repair: the FAILURE card goes to its discard pile and its tokens come off."""
    cards = tuple(sorted(cards))
    if cards not in quick_repair_choices(race, car, failure):
        raise IllegalAction(f"FGP 13.7.1: {list(cards)} does not pay for repairing "
                            f"{failure}", "FGP 13.7.1")
    card = shared_card(race, failure)
    for c in cards:
        discard(car, c, "FGP 13.7.1")
    for p in card.quick_repair.parameters:
        car.params[p] = False
    car.failures.remove(failure)
    race.decks["failure"].discard(failure)
    for e in card.effects:
        key = field_of(e, "function") or field_of(e, "target")
        if key in car.failure_tokens:
            car.failure_tokens.remove(key)
    return [Event("quick_repair", {"seat": car.seat, "card": failure, "paid": list(cards),
                                   "parameters": list(card.quick_repair.parameters)},
                  "FGP 13.7.1")]


# ---- FGP 13.8 yellow flags and the race control panel --------------------------------------
@dataclass(frozen=True)
class YellowZone:
    yellow_tile: int
    green_tile: int                  # the zone ends on this tile (limits stop there)
    ends_at: int                     # radar space: flags leave when the flag reaches it


@dataclass(frozen=True)
class YellowResult:
    zones: tuple[YellowZone, ...]
    panel: int                       # Yellow Flag token on the race control panel
    safety_car: bool                 # deployed (FGP 13.8, 13.8.2, 13.9)
    new_zone: bool


def in_zone(track: Track, zone: YellowZone, tile: int) -> bool:
    """FGP 13.8.1: a tile lies in the zone from the yellow tile up to, not
    including, the green tile."""
    n = len(track.tiles)
    return (tile - zone.yellow_tile) % n < (zone.green_tile - zone.yellow_tile) % n


def yellow_flag(track: Track, zones: Sequence[YellowZone], tile: int, white: int, *,
                radar: int, panel: int, sc_space: int, advance: int | None = None
                ) -> YellowResult:
    """FGP 13.8 / 13.8.1 / 13.8.2: an incident on `tile` (a spin, the 'Yellow
    Flag' RISK card, 'Incident on Track'). Inside an active zone: no new flag,
    the zone lasts one round longer. Otherwise a yellow flag goes on the tile
    and the green flag `white` tiles ahead (the icon face counts 1); the zone
    lasts this round and the next (radar + 2). The panel token advances 1 for
    a new flag on track, or `advance` (a card's own amount, FGP 13.8.2) in
    either case. A second separate zone, or the panel reaching the SC space,
    deploys the Safety Car. (In round 1 the caller places the flag after all
    cars moved.)"""
    for i, z in enumerate(zones):
        if in_zone(track, z, tile):
            ext = YellowZone(z.yellow_tile, z.green_tile, z.ends_at + 1)
            panel += advance or 0
            return YellowResult(tuple(zones[:i]) + (ext,) + tuple(zones[i + 1:]), panel,
                                panel >= sc_space, False)
    panel += 1 if advance is None else advance
    z = YellowZone(tile, track.tile_ahead(tile, max(1, white)), radar + 2)
    new = tuple(zones) + (z,)
    return YellowResult(new, panel, len(new) >= 2 or panel >= sc_space, True)


def expire_zones(zones: Sequence[YellowZone], radar: int) -> tuple[YellowZone, ...]:
    """FGP 13.8.1: when the chequered flag reaches a zone's green marker on the
    radar, its flags leave the track."""
    return tuple(z for z in zones if radar < z.ends_at)


def panel_advance(panel: int, cause: str, *, white: int = 1, sc_space: int) -> tuple[int, bool]:
    """FGP 13.8.2: (new panel space, Safety Car deployed). 'track' (a yellow flag
    on track) and 'risk_card' +1, 'incident' + the WHITE die (icon = 1),
    'rain' +3 [ADV]."""
    step = {"track": 1, "risk_card": 1, "incident": max(1, white), "rain": 3}[cause]
    panel += step
    return panel, panel >= sc_space


def zone_limits(card_colours: Sequence[str]) -> dict:
    """FGP 13.8.1 limits for a move from or through a yellow zone: no pairs; a
    RED or BLUE card (ORANGE declared RED counts as RED, digest A34) must stop on
    the green-flag tile, the rest of its points lost; DRS, tricky corners and
    hazards inactive; no overtaking (spun cars may be passed)."""
    fast = any(c in ("red", "blue") for c in card_colours)
    return {"pairs": False, "stop_on_green_tile": fast, "drs": False,
            "tricky": False, "hazards": False, "overtake": False}


# ---- FGP 13.13 hazard tokens; 13.13.1 gravel ---------------------------------------------
@dataclass(frozen=True)
class Gravel:
    wear: int = 0
    remove_token: bool = False       # the token leaves the track
    grip_lost: bool = False          # next turn: no tyre bonus, no pairs (FGP 13.13.1)


def gravel(colours: Sequence[str], *, stops_on_tile: bool, yellow_zone: bool = False,
           safety_car: bool = False) -> Gravel:
    """FGP 13.13 / 13.13.1: a car driving through a gravel tile with a RED or BLUE
    card (ORANGE declared RED too) takes tyre wear +1 and triggers the token;
    with GREEN cards (a GREEN pair included) nothing happens and the token stays
    (digest A40). Ending the move on the tile: the token moves onto the car's
    tyre bonus: next turn no tyre bonus and no pairs (movement or battle).
    Hazards are inactive in yellow zones and under the Safety Car."""
    if yellow_zone or safety_car:
        return Gravel()
    if stops_on_tile:
        return Gravel(0, True, True)
    fast = any(c in ("red", "blue") for c in colours)
    return Gravel(1, True, False) if fast else Gravel()


def played_colours(race: Race, cards: Sequence[str], orange_as: Sequence[str] = ()) -> list[str]:
    """Helper: the colours the played movement cards count as, ORANGE as declared."""
    out, decl = [], list(orange_as)
    for c in cards:
        col = colour_of(race, c)
        out.append(decl.pop(0) if col == "orange" and decl else col)
    return out
