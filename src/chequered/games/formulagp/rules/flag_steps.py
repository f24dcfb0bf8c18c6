"""Race control's interventions as steps: yellow flags and the race control
panel (FGP 13.8), the Safety Car (13.9.1-13.9.2), the Virtual Safety Car
(13.9.3), the Red Flag (13.10) and the Investigation (13.12.1). The rules are
the pure functions of rules/flags.py, rules/hazards.py and rules/penalties.py."""
from __future__ import annotations

from ....engine import chance
from ....engine.protocol import Event
from ....engine.steps import Step as Decision
from ..actions import PitStop, Step, canon
from ..bot.events import safety_car as safety_car_bots
from ..bot import red_flag as BRF
from ..state import Race
from . import card_effects as FX
from . import cards as C
from . import flags as F
from . import optional_steps_b as OB
from . import hazards as H
from .advanced import is_advanced
from .compounds import note_change
from . import weather_steps as W
from .car_state import reset_stress
from .decide import remember, wait
from .dice import roll_die, white_value
from .penalties import investigation as judge
from . import penalty_tokens as PT
from .start_steps import draw_phase
from .tyres import fit_tyres
from .where import (grid_spaces, occupancy, place, race_round, tile_of, track_of, whole_tiles,
                    whole_tiles_on)


# ---- FGP 13.8 yellow flags, 13.9 the Safety Car ------------------------------------------
def yellow_flag(race: Race, seat: int, panel: int | str = 1, *, card: bool = False
                ) -> list[Event]:
    """FGP 13.8 / 13.8.1 / 13.8.2: an incident on the car's tile. A spin
    (`card` False) moves race control's Yellow Flag token 1 space when it puts
    a new flag on the track; a named card moves it by its own amount whether
    or not its incident falls in a zone already flagged (13.8.2 lists each
    card's advance on its own: the 'Yellow Flag' RISK card 1, 'Incident on
    Track' the WHITE die, `panel` = "white_die"); the card's flag on the
    track adds nothing more (A66)."""
    car = race.cars[seat]
    t = tile_of(race, car)
    if t is None or race.safety_car is not None:
        return []
    if race_round(race) == 1 and race.turn.phase == "turns":       # FGP 13.8.1: after all moved
        race.deferred.append(seat)
        return [Event("yellow_flag_later", {"seat": seat}, "FGP 13.8.1")]
    trk = track_of(race)
    zones = [H.YellowZone(z["yellow_tile"], z["green_tile"], z["ends_at"])
             for z in race.yellow_flags]
    ev: list[Event] = []
    inside = any(H.in_zone(trk, z, t) for z in zones)
    # FGP 13.8.1: the WHITE die places the green flag of a new zone only
    green = 1 if inside else white_value(roll_die(race, ev, "white", "FGP 13.8.1", seat=seat))
    advance = None
    if card:
        advance = white_value(roll_die(race, ev, "white", "FGP 13.8.2", seat=seat)) \
            if panel == "white_die" else int(panel)
    sc_space = _panel(race).safety_car
    res = H.yellow_flag(trk, zones, t, green, radar=race.flag, panel=race.yellow_panel,
                        sc_space=sc_space, advance=advance)
    race.yellow_panel = res.panel
    race.yellow_flags = [{"yellow_tile": z.yellow_tile, "green_tile": z.green_tile,
                          "ends_at": z.ends_at} for z in res.zones]
    if res.new_zone:
        ev.append(Event("yellow_flag", {"tile": t, "panel": race.yellow_panel}, "FGP 13.8.1"))
    else:                                       # FGP 13.8: no second flag, the zone lasts longer
        ev.append(Event("yellow_zone_extended", {"tile": t, "panel": race.yellow_panel},
                        "FGP 13.8.1"))
    if res.safety_car:
        ev += safety_car(race)
    return ev


def _panel(race: Race):
    return next(s for s in C.content_of(race).control.sides if s.colour == race.panel_side)


def advance_panel(race: Race, by: int | str) -> list[Event]:
    """FGP 13.8.2: a card that moves the Yellow Flag token on the race control
    panel without a flag on track ('white_die': by the WHITE roll, icon = 1)."""
    ev: list[Event] = []
    if by == "white_die":
        by = white_value(roll_die(race, ev, "white", "FGP 13.8.2"))
    race.yellow_panel += int(by)
    ev.append(Event("race_control", {"panel": race.yellow_panel}, "FGP 13.8.2"))
    if race.yellow_panel >= _panel(race).safety_car:
        ev += safety_car(race)
    return ev


def safety_car(race: Race) -> list[Event]:
    """FGP 13.9.1-13.9.2: the SC goes on the tile in front of the car leading
    the race now (the car furthest round, not the Race Leader token, which
    moves only at the end of a round: A32) and the round ends."""
    if race.safety_car is not None:
        return []
    ev: list[Event] = []
    period = sc_period(race, ev)                        # [ADV] FGP 13.9.1: the WHITE die
    if period == "red_flag":
        # A54 as for the Safety Car: the count of risky events starts again (else
        # the next event would call the SC, and perhaps a red flag, again at once)
        race.yellow_panel = _panel(race).yellow_start
        return ev + red_flag(race)
    trk = track_of(race)
    leader = _front(race)
    lt = tile_of(race, race.cars[leader]) or 0
    dep = F.deploy_safety_car(trk, lt, flag=race.flag, sequence=race.sequence,
                            moved=race.done + ([race.move["seat"]] if race.move else []),
                            hazards=race.hazards, period=period)
    race.safety_car = {"tile": dep.tile, "until": dep.until}
    race.yellow_flags = []
    # A54: the count of risky events starts again once the SC is out
    race.yellow_panel = _panel(race).yellow_start
    race.hazards = dict(dep.keep_hazards)
    ev.append(Event("safety_car", {"tile": dep.tile, "until": dep.until}, "FGP 13.9.2"))
    ev += safety_car_bots(race)                          # BOT 6.5: the Pro BOTs' Pit tokens
    for c in race.cars:
        c.w2w = None
        c.attempts = 0
        ev += reset_stress(race, c, "FGP 13.9.2")
        ev += C.charge_ers(race, c, C.ers_max(race, c), "FGP 13.9.2")
    for s in dep.lose_turn:                              # the round ends at once
        if s not in race.done:
            race.done.append(s)
    return ev


def sc_period(race: Race, ev: list[Event]) -> int | str:
    """FGP 13.9.1: 2 rounds in a Standard race. [ADV] The WHITE die: a green
    face gives that many rounds (the icon face 1); a red face throws the Red
    Flag (13.9.1 as written, A81); option `sc_red_flag_on_6` reads 13.10
    instead: only a 6 does, and the other red faces give their number."""
    if not is_advanced(race):
        return C.content_of(race).control.safety_car_rounds
    face = roll_die(race, ev, "white", "FGP 13.9.1")
    colour = "green" if "sc_red_flag_on_6" in race.config.options else face.colour
    return F.sc_period_advanced(white_value(face), colour)


def safety_car_card(race: Race, seat: int, data: dict) -> list[Event]:
    """FGP 13.9 / 13.10 (A14): the 'Safety Car' EVENT card rolls the WHITE
    die: a 6 throws the Red Flag; a green face (the die's Yes, FGP 4.11.1)
    deploys the Safety Car; a red face leaves the race running (13.9: the card
    "results in" a Safety Car only when the roll says so)."""
    ev: list[Event] = []
    white = roll_die(race, ev, "white", "FGP 13.9", seat=seat)
    if white.value in data.get("red_flag_on", [6]):
        return ev + red_flag(race)
    if data.get("deploy_on", "green") == "any" or white.colour == "green":
        return ev + safety_car(race)
    return ev + [Event("safety_car_not_needed", {"seat": seat}, "FGP 13.9")]


def _front(race: Race) -> int:
    from .where import distance
    return max((c for c in race.cars), key=lambda c: distance(race, c)).seat


# ---- FGP 13.12.1 Investigation -----------------------------------------------------------
def investigation(race: Race) -> list[Event]:
    inv = judge(FX.held_for_investigation(race))
    ev: list[Event] = []                # FGP 13.12.1: the held EVENT cards are shown
    chance.reveal(ev, "investigation", {"shown": {str(k): list(v) for k, v in inv.shown.items()}},
                  "FGP 13.12.1")
    for a in inv.awards:
        ev += PT.add(race, a.seat, a.tokens, "FGP 13.12.1", tokens=a.tokens,
                     cause="investigation")
    return ev


# ---- FGP 13.9.3 Virtual Safety Car ---------------------------------------------------------
def virtual_safety_car(race: Race, seat: int) -> list[Event]:
    """The drawer finishes its turn; its distance is then what every other car
    drives (the `vsc` stage after its turn)."""
    if race.vsc or race.safety_car is not None:
        return []
    race.vsc = True
    race.move["vsc"] = True
    return [Event("virtual_safety_car", {"seat": seat}, "FGP 13.9.3")]


def start_vsc(race: Race) -> list[Event]:
    """After the drawer's turn (FGP 13.9.3 steps 1-4). A car that has spun,
    is off the track or in its pit box does not drive the VSC (it rejoins
    next round, FGP 13.4.5), so it has no second move to pay for next round."""
    if OB.on(race, OB.FAST_VSC):                       # FGP 15.11.3 (option)
        return OB.start_fast_vsc(race)
    drawer = race.move["seat"]
    steps = max(0, len(race.move.get("visited", [])) - 1)
    still = [c.seat for c in race.cars if c.space is None or c.spun]
    plan = F.vsc_plan(race.sequence, drawer, steps, done=still)
    race.vsc_plan = {"first": drawer, "skip": list(plan.skip_next_round),
                     "movers": list(plan.movers), "steps": steps, "skip_draw": True}
    ev = [Event("vsc_plan", {"steps": steps, "movers": list(plan.movers)}, "FGP 13.9.3")]
    for c in race.cars:
        ev += reset_stress(race, c, "FGP 13.9.3")
    return ev


def _vsc(race: Race) -> list[Event]:
    """Each car of the plan drives exactly N spaces, one step at a time (A37):
    no cards, no wear, no battles; steps that find no room are lost."""
    plan = race.vsc_plan
    fast = OB.fast_vsc_round_end(race)                  # FGP 15.11.3 (option)
    if fast is not None:
        return fast
    while plan["movers"]:
        seat = plan["movers"][0]
        car = race.cars[seat]
        left = plan.get("left", plan["steps"])
        steps = None if car.space is None or car.spun or left <= 0 else _vsc_steps(race, seat)
        if not steps:
            plan["movers"].pop(0)
            plan.pop("left", None)
            continue
        plan["left"] = left
        wait(race, "vsc_step", [seat])
        remember(race, seat, [Step(s) for s in steps])      # its list, just made
        return []
    race.vsc = False
    plan.pop("left", None)
    OB.fast_vsc_over(race)
    race.turn.phase = "round_end"
    return [Event("vsc_end", {}, "FGP 13.9.3")]


def _vsc_steps(race: Race, seat: int) -> list[int]:
    car = race.cars[seat]
    trk = track_of(race)
    me = whole_tiles_on(trk, car)
    # the nearest car on the track level with it or ahead (the first of equals)
    near, near_tiles = None, None
    for c in race.cars:
        if c.seat != seat and c.space is not None:
            t = whole_tiles_on(trk, c)
            if t >= me and (near is None or t < near_tiles):
                near, near_tiles = c, t
    return F.vsc_step_choices(trk, car.space, occupancy(race, seat),
                              near.space if near is not None and near_tiles > me else None)


def _vsc_legal(race: Race, seat: int) -> list:
    return [Step(s) for s in _vsc_steps(race, seat)]


def _vsc_act(race: Race, seat: int, action: Step) -> list[Event]:
    car = race.cars[seat]
    trk = track_of(race)
    if any(m.to == action.to and m.crosses_finish for m in trk.moves(car.space)):
        car.laps += 1
    car.space = action.to
    race.vsc_plan["left"] -= 1
    if race.vsc_plan["left"] <= 0:
        race.vsc_plan["movers"].pop(0)
        race.vsc_plan.pop("left", None)
    return [Event("vsc_step", {"seat": seat, **place(race, action.to)}, "FGP 13.9.3")]


# ---- FGP 13.10 Red Flag ------------------------------------------------------------------
def red_flag_order(race: Race) -> list[int]:
    """FGP 13.10 step 1 (A39): the turn sequence at the time of the Red Flag,
    by FGP 7.3.2 from where the cars stand now (walking back from the car in
    front; spun and off-track cars last, FGP 13.4.5; blue flags after the
    other cars of their tile); a car in the pit lane (on a pit-lane space, or
    in its box: the pit-exit tile) lines up by its tile, behind the track cars
    of that tile."""
    from .sequence import driver_sequence
    from .where import distance
    trk = track_of(race)
    n = trk.lap_tiles
    pos: dict = {}
    pit: dict[int, int] = {}
    for c in race.cars:
        if c.space is not None and not trk.spaces[c.space].pit_lane:
            pos[c.seat] = c.space
        elif c.space is None and c.off_track and c.off_spot:
            pos[c.seat] = tuple(c.off_spot)
        elif c.space is not None:
            pit[c.seat] = trk.spaces[c.space].tile
        else:
            pit[c.seat] = trk.pit.exit_tile if trk.pit else 0
    prev = {s: i for i, s in enumerate(race.sequence)}
    if not pos:
        return sorted(pit, key=lambda s: (-distance(race, race.cars[s]), prev.get(s, s)))
    front = max(pos, key=lambda s: distance(race, race.cars[s]))
    late = [s for s in pos if race.cars[s].spun or race.cars[s].off_track]
    walk = driver_sequence(trk, pos, front, late=late,
                           blue_flag=[s for s in pos if race.cars[s].laps_down],
                           tie_order=list(race.sequence))
    lead_tile = tile_of(race, race.cars[front])
    back = {s: (lead_tile - tile_of(race, race.cars[s])) % n for s in pos}
    out = [s for s in walk if s not in late]
    for s in sorted(pit, key=lambda s: ((lead_tile - pit[s]) % n, prev.get(s, s))):
        b = (lead_tile - pit[s]) % n
        i = next((k for k, o in enumerate(out) if back[o] > b), len(out))
        out.insert(i, s)
        back[s] = b
    return out + [s for s in walk if s in late]


def blocked_tile(race: Race, seat: int) -> bool:
    """FGP 13.10: the car cannot complete its move because the next tile is
    entirely blocked by cars that have spun: every lane of it holds a spun
    car (two at least), so there is no way through."""
    trk = track_of(race)
    car = race.cars[seat]
    if car.space is None:
        return False
    nxt = trk.tile_ahead(trk.spaces[car.space].tile, 1)
    lanes = [[s for s in lane if not trk.spaces[s].pit_lane and not trk.spaces[s].shadow_car]
             for lane in trk.tiles[nxt].lanes]
    lanes = [ln for ln in lanes if ln]
    spun = {c.space: c for c in race.cars if c.space is not None and c.spun}
    blocked = [ln for ln in lanes if any(s in spun for s in ln)]
    cars = {spun[s].seat for ln in lanes for s in ln if s in spun}
    return bool(lanes) and len(blocked) == len(lanes) and len(cars) >= 2


def grid_laps(lead_distance: int, pole_tile: int, lap_tiles: int) -> int:
    """FGP 13.10: the lap count the cars on the lead lap take on the grid:
    the one that puts the pole space nearest to where the race leader
    stopped, so that nobody gains or loses more than half a lap."""
    return round((lead_distance - pole_tile) / lap_tiles)


def red_flag(race: Race) -> list[Event]:
    """Steps 1, 3, 4, 5: line up on the grid in sequence order, stress to the
    middle, ERS to the maximum, the 'Safety Car' EVENT card out of the game;
    step 2 (tyres, damage) is each player's choice; the race restarts by the
    race-start procedure (A38). Every car keeps its lapping status: the cars
    on the lead lap share the leader's lap count, a car N laps down is N laps
    behind it, so the grid itself laps nobody."""
    if race.final_round:
        return _stopped_at_the_end(race)
    trk = track_of(race)
    lead = max(whole_tiles(race, c) for c in race.cars)
    order = red_flag_order(race)
    grid = list(order)
    spaces = grid_spaces(trk, len(grid))
    laps = grid_laps(lead, trk.spaces[spaces[0]].tile, trk.lap_tiles)
    ev = [Event("red_flag", {"grid": list(grid)}, "FGP 13.10")]
    for s, space in zip(grid, spaces):
        car = race.cars[s]
        car.space = space
        car.in_pit = car.off_track = car.spun = car.facing_back = False
        car.box_call, car.box_wait, car.off_spot, car.rejoin = False, 0, None, None
        car.w2w = None
        car.laps = laps - car.laps_down
        ev += reset_stress(race, car, "FGP 13.10")
        ev += C.charge_ers(race, car, C.ers_max(race, car), "FGP 13.10")
    if race.leader is not None:                        # FGP 13.3: pole leads the restart
        race.cars[race.leader].leader = False
    race.leader = grid[0]
    race.cars[grid[0]].leader = True
    d = race.decks["event"]                            # step 5: out of the game
    for pile in (d.pile, d.discards):
        for cid in [c for c in pile if C.shared_card(race, c).name == "Safety Car"]:
            pile.remove(cid)
            d.removed.append(cid)
    race.sequence = list(grid)
    race.safety_car = None
    race.yellow_flags = []
    race.vsc = False
    race.red_flag = True
    for s in race.sequence:
        if s not in race.done:
            race.done.append(s)
    if race.move is not None:
        race.move["red_flag"] = True
    return ev


def _stopped_at_the_end(race: Race) -> list[Event]:
    """A156 (ours): a Red Flag in the final round (or a photo finish, FGP 15.8)
    ends the race where it stands: nobody moves again and FGP 12.2 classifies
    the cars where they are. The book's restart would race again a lap some
    cars have already finished."""
    from . import optional_steps_c as OC
    for s in range(len(race.cars)):
        if s not in race.done:
            race.done.append(s)
    race.optional["stopped"] = True                  # no photo finish after it
    if OC.photo_running(race):
        race.optional["photo"]["sole"] = None
        race.optional["photo"]["rounds"] = OC.R.PHOTO_ROUNDS      # the order stands
    return [Event("red_flag_final", {}, "FGP 13.10")]


def _red_flag_choices(race: Race) -> list[Event]:
    race.turn.phase = "restart"
    ev = BRF.red_flag(race)                 # BOT 6.6: the BOTs are not asked
    if BRF.asked(race):
        wait(race, "red_flag", BRF.asked(race))
    return ev


def _rf_legal(race: Race, seat: int) -> list:
    car = race.cars[seat]
    return [PitStop(t, (), "all" if r else "none") for t, r in
            F.red_flag_choices(OB.tyre_offer(race, car, W.tyre_choices(
                race, ["soft", "medium", "hard"])), car.damage)]


def _rf_act(race: Race, seat: int, action: PitStop) -> list[Event]:
    car = race.cars[seat]
    ev = []
    if action.tyre is not None:
        if is_advanced(race):
            note_change(car, action.tyre)               # [ADV] FGP 5.1.3
        OB.fit_set(race, car, action.tyre)                # FGP 15.10 (option)
        car.tyre = action.tyre
        car.wear = fit_tyres(C.board_side(race, car), action.tyre,
                             medium_early="medium_wear_placement" in race.config.options)
        ev.append(Event("tyres", {"seat": seat, "tyre": action.tyre}, "FGP 13.10"))
    if action.repair == "all":
        for cid in list(car.damage):
            ev += FX.remove_by_board(race, car, cid, "FGP 13.10")
    return ev


def _restart(race: Race) -> list[Event]:
    """FGP 13.10 step 6 (A38): the flag advances and the next round follows
    the race start (FGP 7.2): the car on pole gets its bonus card, nobody else
    draws, round 1's secret plays in 2nd gear. Option `red_flag_restart_draw`:
    a normal draw phase instead, and no pole card."""
    race.round += 1
    race.flag += 1
    race.start_round = race.round
    race.red_flag = False
    race.done = []
    for car in race.cars:
        car.moved = False
        car.damaged_this_round = False
    ev = W.flag_moved(race)                              # [ADV] FGP 13.1
    if "red_flag_restart_draw" in race.config.options:
        return ev + draw_phase(race, range(len(race.cars)), "FGP 13.10", "r1_cards")
    race.turn.phase = "pole"
    return ev


# ---- the tables (rules/steps.py joins every module's) ----------------------------------
PHASES = {"vsc": _vsc, "red_flag_choices": _red_flag_choices, "restart": _restart}

STEPS = (
    Decision("vsc_step", "FGP 13.9.3", _vsc_legal, _vsc_act, label="drive one space"),
    # FGP 13.10 step 2: every car at once; the tyres fitted are no secret
    Decision("red_flag", "FGP 13.10", _rf_legal, _rf_act, label="change tyres and repair",
             concurrent=True, key=canon),
)
