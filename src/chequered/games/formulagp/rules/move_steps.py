"""Every movement point of a car's turn (FGP 8.3, 9.1, 9.2): the steps the
rules allow, the stop behind a car, reducing and braking (FGP 8.2.1, 8.9),
the pit entry (FGP 11.1) and extending the move (FGP 8.2.2). The turn
around it is rules/turn.py."""
from __future__ import annotations

from ....engine.protocol import Event
from ....engine.steps import Step as Decision
from ..bot import corners as BK
from ..bot import lanes as BL
from ..bot import team_orders as TO
from ..actions import Done, Extend, Reduce, Step, Stop, canon
from ..state import Race
from . import card_effects as FX
from . import car_state as CS
from . import cards as C
from . import hazards_adv as HA
from . import penalty_tokens as PT
from . import movement as M
from .decide import remember, wait
from .move_routes import ROUTE
from .move_table import _STEPS, _point_table, _step_to, others_of
from .flag_steps import blocked_tile, red_flag
from .overtake import check_step, must_stop
from .speed_limits import due_dice
from .tyres import worn_out
from .plays import _sc
from .turn import car_of, wear
from .weather_steps import before_pit
from .where import (cars_on, in_yellow_zone, occupancy, passable, positions, race_round,
                    track_of)


# ---- FGP 8.3, 9.1, 9.2: each movement point -----------------------------------------------
def _moving(race: Race) -> list[Event]:
    mv = race.move
    car = car_of(race)
    if mv["left"] <= 0:
        if mv["reduced"] or mv["blocked"]:
            mv["stage"] = "after_move"
            return []
        mv["stage"] = "extend"
        # at once: nothing changed but the stage, the machine would call it next
        return _extend_stage(race)
    field = others_of(race, car.seat)
    opts, steps, ev = next_point(race, car, field)
    if opts is None:
        return ev
    wait(race, "move", [car.seat])
    remember(race, car.seat, opts)
    # the list kept (a copy), its steps, that it holds its Reduce options, and
    # where the others stood (the heuristic driver's next point reads it again)
    race.turn.memo = (race.turn.cache[car.seat], steps, True, field)
    return []


def next_point(race: Race, car, field: tuple | None = None, reduces: bool = True,
               lanes: int | None = -1) -> tuple:
    """The car's next movement point, points left: (its legal list, the
    rules' steps it came from, []) when it is to be asked, else (None, None,
    the events of the move ending here). _moving asks it, and the heuristic
    driver's own whole move (heuristic_drive.py) without the round trip
    (`field`, `reduces`, `lanes`: as _move_options)."""
    mv = race.move
    opts, steps = _move_options(race, car.seat, field, reduces, lanes)
    # (the steps come first in the list: the first option tells)
    if not (opts and type(opts[0]) is Step) and not any(type(o) is Step for o in opts) \
            and blocked_tile(race, car.seat):
        # FGP 13.10: spun cars block the road: the car cannot complete its move
        mv["left"] = 0
        mv["stage"] = "end"
        return None, None, red_flag(race)
    if not opts:                                        # A22: nowhere to go, points lost
        mv["lost"] = mv["left"]
        mv["left"] = 0
        mv["stage"] = "after_move"
        return None, None, [Event("points_lost", {"seat": car.seat, "n": mv["lost"]}, "FGP 8.3")]
    return opts, steps, []


def step_options(race: Race, seat: int, field: tuple | None = None) -> tuple[list, tuple]:
    """The movement steps the rules allow now, and the cars that block a step
    into the next tile (the stop rule, FGP 9.2). `field`: others_of(race,
    seat), when the caller has it."""
    mv = race.move
    car = race.cars[seat]
    others, occ, tiles, trk, table = field if field is not None else others_of(race, seat)
    spaces = trk.spaces
    space = car.space
    here = spaces[space].tile
    safety_car = race.safety_car
    # FGP 8.3.1 / 9.1 / 9.5: a car already on a tile with another car (however
    # it got there) changes lanes normally, pushing a car in its way (A10)
    push = here in tiles and safety_car is None
    row, reach, next_tile, _, _ = table[space]
    steps = M.steps_from(row, occ, mv["visited"], mv["lanes"] and mv.get("ahead") is None, push)
    yellow = race.yellow_flags
    if reach is not None and safety_car is None and not yellow and reach.isdisjoint(tiles):
        # the usual point: no other car on a tile one point reaches, no pit
        # lane or yellow line in reach, no flag out: the checks below keep
        # every step and find no car to stop behind
        return steps, ()
    # (the checks' comprehensions are small functions below: a variable one
    # reads would be a cell made at every call, the usual point's too)
    kept, blocked = [], []
    sc_tile = safety_car["tile"] if safety_car else None
    neutral = sc_tile is not None or race.vsc
    free = None
    on_exit = spaces[space].pit_exit
    no_pit = mv.get("exit") or race.final_round
    for st in steps:
        sp = spaces[st.to]
        if st.crosses_yellow_line and not sp.pit_lane and not on_exit:
            continue                                    # FGP 11.1: no way out of the PIT LANE space
        if sp.pit_lane and no_pit:
            continue
        if sc_tile is not None and sp.tile == sc_tile and here != sc_tile \
                and not car.laps_down:
            blocked.append(-1)        # FGP 13.9.2: never pass the SC, unless on a blue flag
            continue
        if yellow and _zone_stop(race, car, st.to, trk):
            continue
        if sp.tile == here or sp.tile not in tiles:     # no car to pass on that tile
            kept.append(st)
            continue
        if free is None:
            free = passable(race, car, reach, trk)  # (the cars below are on tiles in reach)
        seen = others
        if sp.pit_lane and trk.pit is not None:
            # FGP 11.1: a car on the shadow car never stops one entering the pit lane
            seen = _not_on(others, trk.pit.shadow_car)
        # FGP 13.8.1: no overtaking from, in or into a yellow zone; only a car
        # that has spun there may be passed
        zone = bool(yellow) and (in_yellow_zone(race, here) or in_yellow_zone(race, sp.tile))
        c = check_step(trk, space, st.to, seen, free)
        if c.allowed and (neutral or zone):
            # FGP 13.8.1 / 13.9.2: no overtaking at all: any car on the tile
            # ahead stops this one (a free shadow behind it excepted)
            ahead = _cars_ahead(_may_pass(race, free, neutral), seen, spaces, sp.tile)
            if ahead and not c.shadow:
                _add_new(blocked, ahead)
                continue
        if c.allowed:
            kept.append(st)
        if not c.allowed or c.shadow:
            # FGP 9.2: the car may stop here behind them (the shadow is a "can")
            _add_new(blocked, c.blocked_by)
    # FGP 9.2: a car on the very next space of this lane (a full space, which
    # legal_steps leaves out) stops this car too: it may stop behind it
    visited = mv["visited"]
    for to, cap in next_tile if occ else ():
        if to in visited or occ.get(to, 0) < cap:
            continue
        if free is None:
            free = passable(race, car, reach, trk)
        c = check_step(trk, space, to, others, free)
        _add_new(blocked, c.blocked_by)
    return kept, tuple(blocked)


# step_options' comprehensions
def _not_on(others: dict, space: int) -> dict:
    return {k: s_ for k, s_ in others.items() if s_ != space}


def _may_pass(race: Race, free: list, neutral: bool) -> list:
    """FGP 13.8.1 / 13.9.2: the cars that may still be passed: the free ones
    under the Safety Car or VSC, only those that have spun in a yellow zone."""
    return free if neutral else [k for k in free if race.cars[k].spun]


def _cars_ahead(may_pass: list, seen: dict, spaces, tile: int) -> list:
    return [k for k, s_ in seen.items() if k not in may_pass and spaces[s_].tile == tile]


def _add_new(blocked: list, more) -> None:
    """blocked += the cars of `more` not in it yet."""
    blocked += [k for k in more if k not in blocked]


def _zone_stop(race: Race, car, to: int, trk) -> bool:
    """FGP 13.8.1: from or through a yellow zone with RED or BLUE pace the car
    stops on the green-flag tile (`trk`: the race's track, at hand)."""
    mv = race.move
    colours = mv["colours"]
    if "red" not in colours and "blue" not in colours:
        return False
    here = trk.spaces[car.space].tile
    for z in race.yellow_flags:
        if here == z["green_tile"] and mv.get("zone_touched"):
            # A34: it stops where it reaches the green-flag tile; BOT 6.4: a BOT on its
            # lane's farthest space of it (A161)
            return not mv.get("bot") or not BL.along_tile(trk, car.space, to)
    return False


def _move_legal(race: Race, seat: int) -> list:
    out, steps = _move_options(race, seat)
    # the steps (their push flags) go with the legal list made of them, for
    # push_spaces; a new list (after Machine.forget) brings its own
    race.turn.memo = (out, steps, True, None)
    return out


def _move_options(race: Race, seat: int, field: tuple | None = None,
                  reduces: bool = True, lanes: int | None = -1) -> tuple[list, list]:
    """The legal list of a movement point, and the rules' steps it came from
    (`field`: as step_options; a free point's steps are (): none pushes).
    `reduces` False: a list with a step or a stop in it leaves its Reduce
    options out (point_reduces gives them to the one caller that reads them,
    and rarely). `lanes`: free_lanes(race, seat, field), when the caller
    has asked it (-1: not asked)."""
    mv = race.move
    out = _free_point(race, seat, field, lanes) if field is not None else None
    extending = mv.get("extending")
    if out is not None:
        steps: list | tuple = ()
    else:
        steps, blocked = step_options(race, seat, field)
        get = _STEPS.get
        out = []
        for s in steps:             # (a loop: a comprehension would make get a cell at every point)
            out.append(get(s.to) or _step_to(s.to))
        if blocked and race_round(race) > 2 and not extending:
            out.append(_STOP)
        elif blocked and not steps:
            out.append(_STOP)
        elif steps and steps[0].push and all(s.push for s in steps):
            out.append(_STOP)                           # A22: a push is never forced
    if not extending and (reduces or not out):
        out += _reduce_options(race, race.cars[seat])
    if mv.get("bot"):                                   # BOT 2.2: the TACTICS card steers
        out = BL.choose(race, seat, out)
    return out, steps


def _free_point(race: Race, seat: int, field: tuple, lanes: int | None = -1) -> list | None:
    """The steps of a free movement point (free_lanes), the usual one:
    step_options would keep every step then, find none pushing (FGP 8.3.1:
    no car beside it) and no car to stop behind (FGP 9.2), so the steps are
    the space's moves but those back to a space visited in this move: the
    track's Step actions, listed once a space (_point_table). None when the
    point is not free, or has no step left (step_options tells then).
    `lanes`: free_lanes' answer, when the caller has it (-1: not asked)."""
    if lanes == -1:
        lanes = free_lanes(race, seat, field)
    if lanes is None:
        return None
    visited = race.move["visited"]
    out = []
    for a in field[4][race.cars[seat].space][4][lanes]:    # (a loop: no cell for visited)
        if a.to not in visited:
            out.append(a)
    return out or None


def free_lanes(race: Race, seat: int, field: tuple) -> int | None:
    """Whether the car's movement point is free: no other car on its tile or
    on a tile one point reaches, no pit lane or yellow line in reach, no
    flag out. Then which of its space's Step lists (_point_table) the rules
    offer, the steps back to a space visited left out: 1 with the lane
    changes, 0 without them (none allowed: A23). None when not free."""
    others, occ, tiles, trk, table = field
    space = race.cars[seat].space
    ahead = table[space][1]
    if ahead is None or race.safety_car is not None or race.yellow_flags \
            or trk.spaces[space].tile in tiles or not ahead.isdisjoint(tiles):
        return None
    mv = race.move
    return 1 if mv["lanes"] and mv.get("ahead") is None else 0


def point_reduces(race: Race, seat: int, legal: list) -> list:
    """The Reduce options of the movement point whose legal list is `legal`
    (FGP 8.2.1, 8.9): the list's own, or worked out now for a list made
    without them (next_point's `reduces` False, said in turn.memo)."""
    memo = race.turn.memo
    if memo is not None and memo[0] is legal and not memo[2]:
        return [] if race.move.get("extending") else _reduce_options(race, race.cars[seat])
    return [a for a in legal if type(a) is Reduce]


def push_spaces(race: Race, seat: int, legal: list) -> set[int] | frozenset[int]:
    """The spaces a step of `legal` (the pending move's list) enters by
    pushing a car aside (FGP 8.3.1): the only full spaces a legal step enters
    (forward, a car never does). Read from the steps found with that list."""
    memo = race.turn.memo
    steps = memo[1] if memo is not None and memo[0] is legal else step_options(race, seat)[0]
    full = None
    for s in steps:                 # (a loop, not a comprehension: asked at every point)
        if s.push:
            if full is None:
                full = set()
            full.add(s.to)
    return full if full is not None else _NO_PUSH     # (read only: most points push nothing)


_NO_PUSH = frozenset()


_STOP = Stop()


def brake_cards(race: Race, car, tws: list[str] | None = None) -> list[str]:
    """FGP 8.9: the Tyre Wear cards in hand that can brake (none on worn-out
    tyres, FGP 10.1, nor under a DAMAGE/FAILURE card that covers it, 13.6/13.7).
    `tws`: the hand's Tyre Wear cards, when the caller has them already."""
    if tws is None:
        tws = C.tyre_wear_cards(race, car.hand)
    if tws and (worn_out(C.board_side(race, car), car.tyre, car.wear)
                or C.covered(race, car, "brake")):
        return []
    return tws


def _reduce_options(race: Race, car) -> list:
    """FGP 8.2.1 / 8.9: stop now, every point left charged or braked."""
    left = race.move["left"]
    room = _charge_room(race, car, left)
    if room + len(car.hand) < left:
        return []               # asked at every point: even every card braking falls short
    tws, brakes, no_charge = _reduce_means(race, car)
    if room + len(tws) < left:
        return []               # brake_cards is these or none: short either way
    tws = brakes
    if room and no_charge:
        room = 0
    if room + len(tws) < left:
        return []
    out = []
    for charge in range(room if room < left else left, -1, -1):    # (not min(): every point)
        need = left - charge
        if need > len(tws):
            continue
        key = (charge, tuple(tws[:need]))
        r = _REDUCES.get(key)
        if r is None:
            r = _REDUCES[key] = Reduce(*key)    # a value: one object per choice
        out.append(r)
    return out


_REDUCES: dict = {}


def _charge_room(race: Race, car, left: int) -> int:
    """FGP 8.2.1 / 8.8.1a: how many of the `left` points may become ERS
    charges (none after a BLUE card): read before the rest of a reduction's
    means, which a hand too small to brake the rest never needs."""
    if race.move["blue"]:
        return 0
    top = C.ers_max(race, car)
    return 0 if car.ers >= top else M.ers_charge_room(left, car.ers, top)


def _reduce_means(race: Race, car) -> tuple:
    """What a reduction may use (FGP 8.2.1, 8.9): the hand's Tyre Wear
    cards, those of them that may brake, whether a token covers the
    charging (FGP 13.7). Asked at every movement point while the car,
    its hand and its cards by the board stay as they were: the last answer
    serves again for the same car state (everything these read is in the key)."""
    key = (race.content_dir, car.board, car.side, car.tyre, car.wear, tuple(car.hand),
           tuple(car.damage), tuple(car.failures))
    last = _MEANS[0]
    if last is not None and last[0] == key:
        return last[1]
    tws = C.tyre_wear_cards(race, car.hand)
    got = (tws, brake_cards(race, car, tws), "ers_charge" in FX.modifiers(race, car).disabled)
    _MEANS[0] = (key, got)          # one store: a reader never sees a key with another's answer
    return got


_MEANS: list = [None]               # the last (car state, answer) of _reduce_means


def _move_act(race: Race, seat: int, action, field: tuple | None = None) -> list[Event]:
    """Apply the movement point `action` (`field`: others_of(race, seat),
    when the caller has it: where the others stand as the list was made)."""
    mv = race.move
    car = race.cars[seat]
    trk = field[3] if field is not None else track_of(race)
    kind = type(action)
    if kind is Stop:
        blocked = step_options(race, seat, field)[1]
        mv["blocked"] = [b for b in blocked if b >= 0] or [-1]
        mv["stage"] = "after_move"
        if not blocked:                                 # A22: only pushes were left
            mv["lost"], mv["left"] = mv["left"], 0
            return [Event("points_lost", {"seat": seat, "n": mv["lost"]}, "FGP 8.3")]
        return [Event("stop_behind", {"seat": seat, "left": mv["left"]}, "FGP 9.2")]
    if kind is Reduce:
        mv["reduced"] = True
        ev: list[Event] = []
        if action.charge:
            ev += C.charge_ers(race, car, action.charge, "FGP 8.2.1")
        for c in action.brake:
            C.play(car, c, "FGP 8.9")
            ev += wear(race, car, 1, "FGP 8.9")
        ev.append(Event("reduce", {"seat": seat, "charge": action.charge,
                                   "brake": len(action.brake)}, "FGP 8.2.1"))
        mv["left"] = 0
        mv["stage"] = "after_move"
        return ev
    to, ev = action.to, []
    if mv.get("bot"):                                   # BOT 2.2: once a turn; 2.2.1-2: blocked
        held, ev = TO.pass_order(race, car, to)         # FGP 14.4: "do not overtake"
        if held:
            return ev
        to, more = BL.stepped(race, car, to)
        ev += more
        if to is None:
            return ev
    table = field[4] if field is not None else _point_table(trk)
    move, made = table[car.space][3][to]
    mv["left"] -= 1
    if move.crosses_yellow_line and trk.spaces[car.space].pit_exit:
        # FGP 11.3: leaving the pit exit sideways crosses the yellow line
        ev += PT.add(race, seat, 1, "FGP 11.3", cause="yellow_line")
    if move.lane_change:
        mv["changes"] += 1
        if mv["lc_wear"]:
            ev += wear(race, car, mv["lc_wear"], "FGP 4.3.1", movement=True)
    if move.crosses_finish:
        car.laps += 1
        if car.laps > 0:
            ev.append(Event("lap", {"seat": seat, "laps": car.laps}, "FGP 12.1"))
        if race.final_round or race.flag >= race.final_flag:
            car.crossed_final = True
    if race.yellow_flags and in_yellow_zone(race, trk.spaces[car.space].tile):
        mv["zone_touched"] = True
    sp = trk.spaces[to]
    if sp.pit_lane:                                     # FGP 11.1: into the pit lane
        return ev + _before_pit(race, car, to)
    occ_here = field[1].get(to, 0) if field is not None else cars_on(race, to, seat)
    if move.lane_change and occ_here >= sp.capacity:     # FGP 8.3.1 / 9.5: a push
        from .incident_steps import push_aside
        ev += push_aside(race, car, to)
        occ_here = occupancy(race, seat).get(to, 0)
        if occ_here >= sp.capacity:
            # a collision: the pusher stays in its space (FGP 13.5) and finishes
            # its movement with the points left (FGP 8.3.1); the car hit loses
            # control after this move and is not pushed again in it (A70)
            mv["visited"].append(to)
            return ev
    if race.config.rules == "advanced":                 # advanced(race), without the call
        HA.note_step(race, car.space, move)            # [ADV] FGP 13.13.2 / 13.13.3
    car.space = to
    mv["visited"].append(to)
    if occ_here:                                        # FGP 8.5: onto a free car shadow
        for c in race.cars:         # (a loop: a generator makes seat and to cells)
            if c.seat != seat and c.space == to:
                mv["ahead"] = c.seat
                break
        mv["left_at_shadow"] = mv["left"]
    hazards = race.hazards                              # (empty in most races: no get)
    if hazards and hazards.get(sp.tile) == "gravel" and not in_yellow_zone(race, sp.tile) \
            and not _sc(race):
        mv["gravel_tile"] = sp.tile
    ev.append(made[seat])
    if mv.get("ahead") is not None and race_round(race) > 2 \
            and must_stop(trk, to, positions(race, seat), passable(race, car, None, trk),
                          ahead_in_space=mv["ahead"]):
        mv["blocked"] = [mv["ahead"]]                   # FGP 9.2: stopped on the shadow
        mv["stage"] = "after_move"
    return ev


def _before_pit(race: Race, car, to: int) -> list[Event]:
    """FGP 11.1 / 4.11.3: dice still to roll are rolled on track first (the
    tyres' RED die too, once); the car enters if it is still in control."""
    from .tyres import red_die_after_move
    mv = race.move
    side = C.board_side(race, car)
    if red_die_after_move(side, car.wear, skip_once=mv.get("skip_red", False)):
        mv["dice"].append("red")
        mv["tyres_rolled"] = True
    mv["dice"] += due_dice(race, car)                   # [ADV] FGP 8.4.2, 4.11.3
    before_pit(race, car, mv)                           # [ADV] FGP 10.2.1, 13.13.4
    mv["pit_target"] = to
    mv["next"] = "pit_enter"
    mv["stage"] = "dice"
    return HA.after_move(race, car)                     # [ADV] still on track (A93)


def _pit_enter(race: Race) -> list[Event]:
    from .pit_steps import enter_pit
    mv = race.move
    car = car_of(race)
    to = mv.pop("pit_target")
    if car.space is None or car.spun or car.off_track:
        if mv.get("tyres_rolled"):
            car.skip_red = True                         # FGP 10.1: no second roll next turn
        mv["left"] = 0
        mv["stage"] = "resolve"
        return []
    return enter_pit(race, car, to)


# ---- FGP 8.2.2 extend -------------------------------------------------------------------
def _extend_stage(race: Race) -> list[Event]:
    if race.move.get("bot"):                            # BOT 2.3: the corner modification
        return BK.corner(race)
    seat = race.move["seat"]
    opts = _extend_legal(race, seat)
    if len(opts) <= 1:
        race.move["stage"] = "after_move"
        return []
    wait(race, "extend", [seat])
    remember(race, seat, opts)                          # the list just made is the legal one
    return []


def _extend_legal(race: Race, seat: int) -> list:
    mv = race.move
    car = race.cars[seat]
    trk = track_of(race)
    out: list = []
    if car.space is None or mv.get("reduced"):
        return [Done()]
    kind = M.extension_kind(trk, car.space)
    mods = FX.modifiers(race, car)
    if kind == "ers" and car.ers >= 1 and not mods.disabled & {"ers_extend", "ers_spend"}:
        out.append(Extend("ers"))
    if kind == "tyre_wear" and not worn_out(C.board_side(race, car), car.tyre, car.wear):
        for c in dict.fromkeys(car.hand):   # (a loop: a comprehension would make race a cell)
            if C.is_tyre_wear(race, c):
                out.append(Extend("tyre_wear", c))
    if kind == "tyre_wear" and _late_braker(race, car):
        out.append(Extend("characteristic"))
    # an extension is a point to drive: none without a step to take (the
    # step options, the costliest question, asked only when one is offered;
    # a free point (_free_point, the usual one) has one without asking them)
    if out:
        field = others_of(race, seat, trk)
        if _free_point(race, seat, field) is None and not step_options(race, seat, field)[0]:
            out = []
    return out + [Done()]


def _late_braker(race: Race, car) -> bool:
    """FGP 4.13: a characteristic that finishes a move ending on a curved tile
    is a +1 extension (once per turn, not in round 1: FGP 7.2.1)."""
    ch = C.content_of(race).board(car.board).characteristic
    return ch.when == "curve_end" and not car.characteristic_used and race_round(race) > 1 \
        and "car_characteristic" not in FX.modifiers(race, car).disabled


def _extend_act(race: Race, seat: int, action) -> list[Event]:
    mv = race.move
    car = race.cars[seat]
    if isinstance(action, Done):
        mv["stage"] = "after_move"
        return []
    ev: list[Event] = []
    if action.via == "ers":
        ev += CS.spend_ers(race, car, 1, "FGP 8.2.2")
    elif action.via == "characteristic":                # FGP 4.13
        car.characteristic_used = True
    else:
        C.play(car, action.card, "FGP 8.2.2")
        ev += wear(race, car, 1, "FGP 8.2.2")
    mv["extending"] = True
    mv["left"] += 1
    mv["stage"] = "moving"
    ev.append(Event("extend", {"seat": seat, "via": action.via}, "FGP 8.2.2"))
    return ev


def _public_single(race: Race, seat: int, legal: list) -> bool:
    """A single way on is applied without asking only when the hand could
    not have offered a brake (FGP 8.9) whatever it holds: the others see the
    hand's size, not its cards."""
    car = race.cars[seat]
    left = race.move["left"]
    return _charge_room(race, car, left) + len(car.hand) < left


# ---- the tables (rules/steps.py joins every module's) ----------------------------------
STAGES = {"moving": _moving, "pit_enter": _pit_enter, "extend": _extend_stage}

STEPS = (
    Decision("move", "FGP 8.3", _move_legal, _move_act, label="move", key=canon,
             route=ROUTE, forced=_public_single,
             route_label="choose where your car ends its move"),
    Decision("extend", "FGP 8.2.2", _extend_legal, _extend_act, label="extend the move",
             from_hand=True),
)
