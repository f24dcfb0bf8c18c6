"""The automatic parts of a round (FGP 7.1, 7.3, 12): the flag advancing and
what expires with it, the draw phase, the driver sequence, the end-of-round
bookkeeping (wheel-to-wheel tokens, the race-leader token, cold tyres,
lapping) and the finish with its classification."""
from __future__ import annotations

from ....engine.protocol import Event
from ..bot import start as BS
from ..bot import tyres as BT
from ..bot import pit_strategy as BPS
from ..bot import stress as BSTR
from ..bot import battle as BOTB
from ..state import Race
from . import battle as B
from . import card_effects as FX
from . import optional_steps_b as OB
from . import optional_steps_c as OC
from . import cards as C
from . import compounds
from .car_state import stress
from .finish import Finisher, classify, final_lap
from .flags import advance_safety_car, lap_change, sc_status, update_laps_down
from .hazards import become_leader, race_leader
from .penalties import HeldCard, end_of_race
from . import penalty_tokens as PT
from .pit_steps import exit_order, leave_box
from .flag_steps import start_vsc, yellow_flag
from .season import race_over
from .late_pit import round_start as late_pit_round
from .turn import end_turn
from .sequence import driver_sequence
from .start_steps import draw_phase
from .weather_steps import flag_moved as weather_flag
from .where import (distance, distance_on, in_yellow_zone, race_round, track_of,
                    whole_tiles_on)

MAX_ROUNDS = 40        # A53: a race still running after 40 rounds is stopped and classified


def _round_start(race: Race) -> list[Event]:
    race.round += 1
    race.flag += 1                                      # FGP 7.1 / 7.3
    trk = track_of(race)
    ev = [Event("round", {"round": race.round, "flag": race.flag}, "FGP 7.3")]
    kept = [z for z in race.yellow_flags if race.flag < z["ends_at"]]
    if len(kept) != len(race.yellow_flags):             # FGP 13.8.1
        ev.append(Event("flags_cleared", {}, "FGP 13.8.1"))
    race.yellow_flags = kept
    if race.safety_car is not None:                     # FGP 13.9.2 (A35)
        st = sc_status(race.flag, race.safety_car["until"])
        if st == "in":
            race.safety_car = None
            ev.append(Event("safety_car_in", {}, "FGP 13.9.2"))
        else:
            race.safety_car["tile"] = advance_safety_car(
                trk, race.safety_car["tile"], C.content_of(race).control.safety_car_tiles)
    for car in race.cars:
        car.moved = False
        car.damaged_this_round = False
        car.characteristic_used = False
        car.skill_used = False
    race.done = []
    race.battle = None
    ev += weather_flag(race)                            # [ADV] FGP 13.1, 13.1.1
    ev += BT.flag_moved(race)                           # BOT 4.1: the Pro BOTs' Pit tokens
    ev += BPS.round_start(race)                         # BOT 7.1 / 7.3 (options)
    ev += BSTR.round_start(race)                        # BOT 7.4 (option)
    if final_lap(race.flag, race.final_flag):
        ev.append(Event("final_lap", {}, "FGP 12.1"))
    ev += late_pit_round(race)                          # [ADV] FGP 11.4
    if race.vsc_plan is None:
        return ev + draw_phase(race, range(len(race.cars)), "FGP 7.3.1", "sequence")
    race.turn.phase = "sequence"                             # FGP 13.9.3 step 6: no draw
    return ev


def _sequence(race: Race) -> list[Event]:
    """FGP 7.3.2 (A16): cars on track and off it by the walk from the leader;
    cars in their boxes after the track cars; the pit-exit space in the exit
    order; pit-lane starters last in round 2 (FGP 7.2.2), or in round 3 with
    the option `pit_start_round_3` (FGP 7.2, A11). Ties the walk leaves open
    (cars sharing a slipstream space) keep the order in which they moved last
    round: the car that got there first moved first (A15)."""
    trk = track_of(race)
    pos: dict = {}
    for c in race.cars:
        if c.space is not None:
            pos[c.seat] = c.space
        elif c.off_track and c.off_spot:
            pos[c.seat] = tuple(c.off_spot)
    boxed = [s for s in race.pit_order if race.cars[s].space is None
             and not race.cars[s].off_track and not race.cars[s].pit_lane_start]
    starters = [s for s in race.pit_order if race.cars[s].pit_lane_start
                and race.cars[s].space is None]
    if race_round(race) < (3 if "pit_start_round_3" in race.config.options else 2):
        starters = []                                   # A11: they sit this round out
    previous = list(dict.fromkeys([*race.sequence, *race.pit_order]))
    order: list[int] = []
    if pos:
        leader = race.leader if race.leader in pos else \
            max(pos, key=lambda s: distance(race, race.cars[s]))
        exits = [s for s in race.pit_exits if s in pos]
        within = {s: i for i, s in enumerate(exits)}
        late = [c.seat for c in race.cars if c.seat in pos and (c.spun or c.off_track)]
        blue = [c.seat for c in race.cars if c.laps_down]
        order = driver_sequence(trk, pos, leader, late=late, blue_flag=blue,
                                within_space=within, tie_order=previous)
    order += boxed + starters
    for s in starters:
        race.cars[s].pit_lane_start = False
    fast = OB.fast_vsc_sequence(race)                   # FGP 15.11.3 (option)
    if fast is not None:
        return fast
    if race.vsc_plan is not None:                       # FGP 13.9.3 step 7
        first = race.vsc_plan["first"]
        skip = set(race.vsc_plan["skip"])
        order = [first] + [s for s in order if s != first and s not in skip]
        race.vsc_plan = None
    race.sequence = order
    race.seq_pos = 0
    race.turn.phase = "turns"
    return [Event("sequence", {"order": list(order)}, "FGP 7.3.2")] \
        + OC.momentum_start(race)                       # FGP 15.1 (option)


def _round_end(race: Race) -> list[Event]:
    if OC.photo_running(race):                          # FGP 15.8.1 (option)
        return OC.photo_check(race)
    ev: list[Event] = []
    trk = track_of(race)
    for s in race.deferred:                             # FGP 13.8.1: round-1 flags
        race.turn.phase = "round_end_flags"
        ev += yellow_flag(race, s)
    race.deferred = []
    if race.red_flag:           # [ADV] FGP 13.9.1: the Safety Car's WHITE roll threw it
        race.turn.phase = "red_flag_choices"
        return ev
    race.turn.phase = "round_end"
    for car in race.cars:                               # FGP 11.2.1: long stops end
        if car.in_pit and not car.box_call and car.box_wait == 0 and car.moved \
                and car.seat not in race.pit_exits and not car.pit_lane_start:
            # FGP 11.2: it did no repair this round: it lines up with those that did not
            car.repairing, car.exit_roll = False, None
            ev += leave_box(race, car)
    ev += exit_order(race)
    # FGP 9.4.1 / 9.5: wheel-to-wheel tokens and their stress; a car waiting on
    # the pit-exit space is passed without a battle (FGP 11.2, A63): never engaged
    exit_space = trk.pit.exit_space if trk.pit else None
    pos = {c.seat: (None if c.space == exit_space else c.space) for c in race.cars}
    upd = B.w2w_end_of_round(trk, pos, {c.seat: c.w2w for c in race.cars},
                             round_no=race_round(race), safety_car=race.safety_car is not None)
    for seat, tok in upd.tokens.items():
        race.cars[seat].w2w = tok
        race.cars[seat].w2w_with = list(upd.partners.get(seat, ()))
    reds = []
    players, e = BOTB.w2w_round_end(race, upd.tokens, upd.stress)     # BOT 3.4
    ev += e
    for seat, n in players.items():
        e, r = stress(race, race.cars[seat], n, "FGP 9.5")
        ev += e
        reds += [seat] * r
    race.deferred = reds                                # FGP 13.3: RED dice, at once
    race.turn.phase = "round_end_dice"
    return ev


def round_end_dice(race: Race) -> list[Event]:
    """FGP 13.3: a stress gain past STRESSED at the end of the round rolls the
    RED die at once; what it causes is resolved like any incident (the
    `dice` stage of a move of its own, rules/steps.py)."""
    if race.deferred:
        seat = race.deferred.pop(0)
        race.move = {"seat": seat, "stage": "dice", "dice": ["red"], "next": "dice_done",
                     "visited": [], "colours": [], "pair": False, "changes": 0}
        return []
    race.turn.phase = "round_end_rest"
    return []


def _dice_done(race: Race) -> list[Event]:
    race.move = None
    return []


def _round_end_rest(race: Race) -> list[Event]:
    ev: list[Event] = []
    # FGP 13.3: the race-leader token
    trk = track_of(race)
    dist = {c.seat: whole_tiles_on(trk, c) for c in race.cars if c.space is not None}
    new = race_leader(race.leader, dist)
    if new != race.leader and new is not None:
        if race.leader is not None:
            race.cars[race.leader].leader = False
        race.leader = new
        car = race.cars[new]
        car.leader = True
        ch = become_leader(car.stress)
        car.stress, car.focus = ch.stress, ch.focus
        ev.append(Event("race_leader", {"seat": new}, "FGP 13.3"))
    ev += BS.round_end(race)                            # BOT 1.7.2.1
    for car in race.cars:                               # FGP 11.3 cold tyres
        if car.cold_tyres:
            car.cold_tyres -= 1
        # FGP 13.11.3: a double token (2) set this round frees the car to be
        # passed next round (3); it leaves at the end of that round
        car.attempts = {2: 3, 3: 0}.get(car.attempts, car.attempts)
    if race.final_round or race.round >= MAX_ROUNDS or _ends_under_sc(race):
        race.turn.phase = "finish"
    else:
        race.turn.phase = "round_start"
    return ev


def _ends_under_sc(race: Race) -> bool:
    """FGP 13.9.1: an SC still out at the final flag ends the race."""
    return race.safety_car is not None and race.flag >= race.final_flag


def _lapping(race: Race) -> list[Event]:
    """FGP 13.11, after every turn: blue flags from the gap to the car in
    front. A car just lapped that has not moved loses its turn (13.11.1); a
    car that got a lap back by passing the leader moves again (13.11.4, A17).
    Nothing changes by a move in a yellow zone (13.8.1)."""
    # one pass over the cars with the track at hand (after every turn)
    trk = track_of(race)
    cars = race.cars
    if _field_close(trk, cars):
        return []                                       # the usual turn
    n = trk.lap_tiles
    front = top = low = None    # the first of equals in front, and the back (no max() call)
    for c in cars:
        d = distance_on(trk, c)
        if front is None:
            front, top, low = c, d, d
        elif d > top:
            front, top = c, d
        elif d < low:
            low = d
    if front.laps < 0:
        return []
    if top - low <= n:
        # FGP 13.11.1: a car is lapped a full lap and a tile behind the leader.
        # A car on the track has its whole tiles within a tile below its
        # distance: with every car there, none lapped and the field within a
        # lap, no status changes (the usual turn)
        for car in cars:
            if car.space is None or car.laps_down:
                break
        else:
            return []
    lead = whole_tiles_on(trk, front)
    ev = []
    for car in cars:
        if car.seat == front.seat or (car.space is None and not car.off_track):
            continue
        behind = whole_tiles_on(trk, car)
        if update_laps_down(car.laps_down, lead - behind, n) == car.laps_down:
            continue                    # lap_change would keep the status (the usual case)
        t = trk.spaces[car.space].tile if car.space is not None else car.off_spot[0]
        ch = lap_change(car.laps_down, leader_distance=lead, car_distance=behind,
                        lap_tiles=trk.lap_tiles, has_moved=car.seat in race.done,
                        yellow_zone=in_yellow_zone(race, t))
        if ch.laps_down == car.laps_down:
            continue
        car.laps_down = ch.laps_down
        car.blue_flag = ch.laps_down > 0
        ev.append(Event("blue_flag", {"seat": car.seat, "laps_down": car.laps_down},
                        "FGP 13.11"))
        if ch.lose_turn and race.turn.phase == "turns":
            car.lose_turn = True
        if ch.extra_turn and race.turn.phase == "turns" and car.seat in race.done:
            race.done.remove(car.seat)
            race.sequence.insert(race.seq_pos, car.seat)
            ev.append(Event("unlapped", {"seat": car.seat}, "FGP 13.11.4"))
        if ch.clear_attempts:
            car.attempts = 0
    return ev


def _field_close(trk, cars) -> bool:
    """No car lapped, and the whole tiles of the cars on the track within a
    lap of the car in front, which is one of them (a car in its pit box counts
    from half a tile before the pit-exit tile: behind it here). Then every
    gap _lapping measures is under a lap and a tile and it changes nothing
    (tests/formulagp/test_round_flow.py); this test reads no distance (a car
    covered its whole tiles and less than one more)."""
    n = trk.lap_tiles
    spaces = trk.spaces
    top = low = None        # the front and back whole tiles, kept in the loop (a
    boxed = None            # min or max call costs more than this whole test)
    for car in cars:
        if car.laps_down:
            return False
        if car.space is not None:
            w = car.laps * n + spaces[car.space].tile
            if top is None:
                top = low = w
            elif w > top:
                top = w
            elif w < low:
                low = w
        elif car.off_track:
            return False
        elif boxed is None or car.laps > boxed:
            boxed = car.laps
    if top is None:
        return False
    if boxed is not None and boxed * n + (trk.pit.exit_tile if trk.pit else 0) - 0.5 >= top:
        return False
    return top - low <= n


def leader_crossed(race: Race) -> None:
    """FGP 12.1: the leader crossing the line on the final lap makes this round
    the final round (called after each turn)."""
    if race.final_round or not final_lap(race.flag, race.final_flag):
        return
    # the usual turn of the final lap: no car across (a loop: a generator
    # left half-read costs its closing when freed)
    for c in race.cars:
        if c.crossed_final:
            break
    else:
        return
    front = top = None          # the first of the cars furthest on (a max() call costs more)
    for c in race.cars:
        d = distance(race, c)
        if front is None or d > top:
            front, top = c, d
    if front.crossed_final:
        race.final_round = True


def finish_order(race: Race) -> list[int]:
    """FGP 12.2.1 / 12.2.2: the normal driver sequence (FGP 7.3.2) of the cars
    where they finished, front first: it orders cars on one tile and the
    penalties are applied from its last car. Cars in the pit box follow the
    cars on and off the track (A16)."""
    trk = track_of(race)
    pos: dict = {}
    for c in race.cars:
        if c.space is not None:
            pos[c.seat] = c.space
        elif c.off_track and c.off_spot:
            pos[c.seat] = tuple(c.off_spot)
    order: list[int] = []
    if pos:
        leader = race.leader if race.leader in pos else \
            max(pos, key=lambda s: distance(race, race.cars[s]))
        exits = [s for s in race.pit_exits if s in pos]
        order = driver_sequence(
            trk, pos, leader, late=[s for s in pos if race.cars[s].spun or race.cars[s].off_track],
            blue_flag=[c.seat for c in race.cars if c.laps_down],
            within_space={s: i for i, s in enumerate(exits)}, tie_order=list(race.pit_order))
    return order + [s for s in race.pit_order if s not in order] \
        + [c.seat for c in race.cars if c.seat not in order and c.seat not in race.pit_order]


def _finish(race: Race) -> list[Event]:
    """FGP 12.2: reveal the penalty icons in hand, then classify."""
    trk = track_of(race)
    fins = []
    ev: list[Event] = []
    held = FX.held_for_investigation(race)              # FGP 12.2.1 reveal
    for car in race.cars:
        held[car.seat] = held[car.seat] + [
            HeldCard(c, C.action_card(C.content_of(race), c).penalty_icons, event=False)
            for c in car.hand if C.kind_of(race, c) == "draw_failure"]
    for a in end_of_race(held):
        ev += PT.add(race, a.seat, a.tokens, "FGP 12.2.1", tokens=a.tokens, cause="end")
    for car in (race.cars[s] for s in finish_order(race)):   # FGP 12.2.2: in sequence
        tile = trk.spaces[car.space].tile if car.space is not None else \
            (car.off_spot[0] if car.off_spot else (trk.pit.exit_tile if trk.pit else 0))
        # FGP 12.2.2: only a spin counts; off the track facing forward (a saved
        # slide or a push) is not one
        spin = ("off_track" if car.off_track else "on_track") if car.spun else "none"
        fins.append(Finisher(car.seat, max(0, car.laps), tile, car.penalties,
                             car.crossed_final, spin, car.laps_down))
    race.classification = classify(fins, trk.lap_tiles,
                                   C.content_of(race).control.penalty_tiles)
    photo = OC.photo_start(race, fins, C.content_of(race).control.penalty_tiles)
    return ev + (photo if photo is not None else classified(race))   # FGP 15.8 (option)


def classified(race: Race) -> list[Event]:
    """FGP 12.2 once the order is known (after a photo finish, FGP 15.8)."""
    race.classification, ev = compounds.classify(race, race.classification)   # [ADV] 5.1.3
    ev.append(Event("finish", {"classification": list(race.classification)}, "FGP 12.2"))
    if race.season or {"championship", "constructors"} & set(race.config.options):
        nxt = race_over(race)                           # FGP 14: the next race, if any
        ev += nxt
        if any(e.kind == "next_race" for e in nxt):     # whatever its first phase (BOT setup)
            return ev
    race.turn.over = True
    race.turn.phase = "over"
    return ev


def _end(race: Race) -> list[Event]:
    """The car's turn is over: a Virtual Safety Car it caused now runs, a red
    flag stops the race for the restart; the leader crossing the line on the
    final lap makes this the final round (FGP 12.1)."""
    mv = race.move
    vsc, rf = mv.get("vsc"), mv.get("red_flag")
    ev = start_vsc(race) if vsc else []
    ev += end_turn(race)
    ev += _lapping(race)
    leader_crossed(race)
    if rf:
        race.turn.phase = "red_flag_choices"
    elif vsc:
        race.turn.phase = "vsc"
    return ev


# ---- the tables (rules/steps.py joins every module's) ----------------------------------
PHASES = {
    "round_start": _round_start, "sequence": _sequence, "round_end": _round_end,
    "round_end_rest": _round_end_rest, "finish": _finish,
}

STAGES = {"dice_done": _dice_done, "end": _end}
