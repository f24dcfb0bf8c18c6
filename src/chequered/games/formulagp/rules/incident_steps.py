"""After the move (FGP 7.3.3.5 step 5, 8.6, 13): DRS, the end-of-move hazard
checks and dice, and the incidents they cause as decision steps: loss of
control (counter-steer or spin), off track, walls, collisions, damage,
rejoining (rules/rejoin_steps.py); the flags they wave are rules/flag_steps.py. The outcomes are the
pure functions of rules/hazards.py, rules/flags.py and rules/movement.py."""
from __future__ import annotations

from ....engine.protocol import Event
from ....engine.steps import Step
from ..bot import corners as BK
from ..bot import hazards as BZ
from ..bot import red_die as BR
from ..bot import pit_strategy as BPS
from ..bot.table import is_bot
from ..actions import CounterSteer, Discard, Done, PlayCard, QuickRepair
from ..state import Race
from . import card_effects as FX
from . import cards as C
from . import secondary as SF
from . import hazards as H
from . import hazards_adv as HA
from . import movement as M
from . import optional_steps_b as OB
from . import optional_rules as O
from .car_state import stress
from .decide import wait
from .dice import roll_die, white_value
from .finish import places_yellow_flag
from .flag_steps import (advance_panel, investigation, safety_car_card, virtual_safety_car,
                         yellow_flag)
from .flags import drs_between
from .speed_limits import due_dice
from .tyres import red_die_after_move
from .weather_steps import after_move as weather_after_move
from .turn import car_of, wear
from . import optional_steps_c as OC
from .where import in_yellow_zone, occupancy, place, race_round, tile_of, track_of
from .advanced import is_advanced
from .round_flow import _end as end_stage


# ---- FGP 8.6 DRS, then the battle or the effects -------------------------------------------
def _after_move(race: Race) -> list[Event]:
    mv = race.move
    car = car_of(race)
    ev: list[Event] = []
    if car.space is None:                               # went into the pit lane
        mv["stage"] = "resolve"
        return ev
    trk = track_of(race)
    # (each check below called only when its own first test passes: a call
    # that finds nothing costs about a thousand machine instructions, at every move)
    if OC.on(race, OC.OVERTAKE):
        ev += OC.control_point(race, car)               # FGP 15.13 (option)
    # (no call without a flag out: asked at every move)
    zone = bool(race.yellow_flags) and in_yellow_zone(race, trk.spaces[car.space].tile)
    # FGP 8.6: DRS pulls only a car that ended its move in a DRS zone (drs_move's
    # first test, read before the other cars are listed for it)
    if trk.spaces[car.space].drs_zone is not None and not mv["blocked"] \
            and not OC.no_drs(race) and M.drs_active(round_no=race_round(race), reduced=mv["reduced"],
                                          safety_car=race.safety_car is not None,
                                          yellow_zone=zone) and not race.vsc \
            and not C.covered(race, car, "drs"):          # FGP 13.6 / 13.7: a token over DRS
        ev += _drs(race, car, trk)
    if mv["blocked"] and mv["blocked"] != [-1]:
        mv["stage"] = "battle"
        return ev
    mv["stage"] = "resolve"
    if mv.get("now") or race.turn.pending is not None:
        return ev
    return ev + _resolve(race, trk)     # at once: the machine would only call it next


def _drs(race: Race, car, trk) -> list[Event]:
    """FGP 8.6: the DRS pull of a car the zone's tests let through (apart
    from _after_move: the cells of these comprehensions are not made at every move)."""
    mv = race.move
    others = {c.seat: c.space for c in race.cars
              if c.seat != car.seat and c.space is not None
              and drs_between(car.laps_down, c.laps_down)}
    to = M.drs_move(trk, car.space, others, occupancy(race, car.seat))
    if to is None:
        return []
    if trk.spaces[to].tile < trk.spaces[car.space].tile:
        car.laps += 1
    car.space = to
    mv["drs"] = True
    ev = [Event("drs", {"seat": car.seat, **place(race, to)}, "FGP 8.6")]
    if sum(1 for s in others.values() if s == to):
        mv["ahead"] = next(k for k, s in others.items() if s == to)
        mv["blocked"] = [mv["ahead"]]
    return ev


# ---- FGP 13.2: the end-of-move checks ------------------------------------------------------
def _resolve(race: Race, trk=None) -> list[Event]:
    """`trk`: the race's track, when the caller (_after_move) has it."""
    mv = race.move
    car = car_of(race)
    if trk is None:
        trk = track_of(race)
    # (each check below called only when its own first test passes, as in _after_move)
    adv = is_advanced(race)
    ev: list[Event] = BPS.passed_pit_entry(race, car, mv) if mv.get("bot") else []  # BOT 4.1
    if car.space is not None and not car.spun and not car.off_track:
        zone = bool(race.yellow_flags) and in_yellow_zone(race, trk.spaces[car.space].tile)
        sc = race.safety_car is not None
        side = C.board_side(race, car)
        checks = H.end_of_move_checks(
            on_skid_start=M.tricky_check(trk, car.space, yellow_zone=zone, safety_car=sc),
            # FGP 10.1, 4.11.3: one tyres' RED roll a move: not again when it was
            # rolled before a battle or a pit entry this turn
            tyres_on_red_icon=red_die_after_move(
                side, car.wear, skip_once=bool(mv.get("tyres_rolled"))))
        for die, event in H.dice_for(checks) if checks else ():     # (most moves: none)
            mv["dice"].append(die if event != H.TRICKY_CORNER else "red_tricky")
        if adv:
            mv["dice"] += due_dice(race, car)           # [ADV] FGP 8.4.2 speed limits
        if is_bot(race, car.seat):                      # (hazard_dice's first test: a Pro BOT)
            mv["dice"] += BK.hazard_dice(race, car.seat)    # BOT 2.4: TACTICS hazards
        gt = mv.get("gravel_tile")
        if gt is not None and gt in race.hazards and not BZ.gravel(race, ev, car, gt):  # BOT 6.9.1
            g = H.gravel(mv["colours"], stops_on_tile=trk.spaces[car.space].tile == gt)
            if g.wear:
                ev += wear(race, car, g.wear, "FGP 13.13.1")
            if g.grip_lost:
                FX.restrict_next_turn(car, "no_tyre_bonus_next")
                FX.restrict_next_turn(car, "no_pairs_next")
            if g.remove_token:
                race.hazards.pop(gt, None)
                ev.append(Event("gravel", {"seat": car.seat, "tile": gt}, "FGP 13.13.1"))
        if race.weather is not None:
            ev += weather_after_move(race, car, mv)     # [ADV] FGP 10.2.1, 13.13.4
    if adv:
        ev += HA.after_move(race, car)                  # [ADV] FGP 13.13.2 / 13.13.3
    if mv["dice"] or mv.get("followups") or mv.get("now") or race.turn.pending is not None:
        mv["next"] = "turn_events"
        mv["stage"] = "dice"
    else:       # no die and no incident (the usual move): _dice and _incidents would only pass on
        mv.pop("next", None)
        mv["stage"] = "turn_events"
        ev += _turn_events(race)        # at once: the machine would only call it next
    return ev


def _turn_events(race: Race) -> list[Event]:
    """FGP 4.4 / 7.3.3.1: held EVENT cards may also be played at the end of
    the turn; FGP 13.7.1: a quick repair may be made at any time of it."""
    car = car_of(race)
    # no card held and nothing to repair: Done is the only choice (the usual turn)
    if (car.held_events or car.failures) and len(_end_events_legal(race, car.seat)) > 1:
        wait(race, "end_events", [car.seat])
        return []
    race.move["stage"] = "end"
    return end_stage(race)              # at once: nothing is pending, the machine would call it next


def _end_events_legal(race: Race, seat: int) -> list:
    car = race.cars[seat]
    held = FX.held_event_choices(race, seat, when="turn") if race.safety_car is None else []
    repairs = [QuickRepair(f, tuple(pay)) for f in dict.fromkeys(car.failures)
               for pay in H.quick_repair_choices(race, car, f)]
    return [PlayCard(c, "event") for c in held] + repairs + [Done()]


def _end_events_act(race: Race, seat: int, action) -> list[Event]:
    mv = race.move
    if isinstance(action, Done):
        mv["stage"] = "end"
        return []
    if isinstance(action, QuickRepair):                 # FGP 13.7.1
        return H.quick_repair(race, race.cars[seat], action.failure, action.cards)
    out = FX.play_held_event(race, seat, action.card, situation=situation(race, seat))
    for f in out.followups:
        followup(race, f.kind, f.seat, **f.data)
    mv["next"] = "turn_events"
    mv["stage"] = "incidents"
    return out.events


def _dice(race: Race) -> list[Event]:
    """FGP 4.11: roll the dice the move asked for, in order."""
    mv = race.move
    car = car_of(race)
    ev: list[Event] = []
    dice, mv["dice"] = mv["dice"], []
    for d in dice:
        if car.space is None and car.in_pit is False and not car.off_track:
            break
        ev += roll(race, car.seat, d)
    mv["stage"] = "incidents"
    return ev


def roll(race: Race, seat: int, die: str) -> list[Event]:
    """Roll the YELLOW or RED die for `seat` and apply the face (FGP 4.11.2,
    4.11.3); a RISK card or a loss of control becomes a followup."""
    car = race.cars[seat]
    if BR.handles(race, seat, die):                     # BOT 6.1 / 6.2
        return BR.roll(race, seat, die)
    tricky = die == "red_tricky"
    colour = "red" if tricky else die
    rule = "FGP 4.11.3" if colour == "red" else "FGP 4.11.2"
    ev: list[Event] = []
    face = roll_die(race, ev, colour, rule, seat=seat)
    res = H.red_face(face) if colour == "red" else H.yellow_face(face)
    if res.wear:
        ev += wear(race, car, res.wear, rule)
    if res.stress:
        e, reds = stress(race, car, res.stress, rule)
        ev += e
        for _ in range(reds):
            followup(race, "die", seat, die="red")
    if res.risk:
        out = FX.draw_and_resolve(race, seat, "risk", situation=situation(race, seat))
        ev += out.events
        for f in out.followups:
            followup(race, f.kind, f.seat, **f.data)
    if res.loss_of_control:
        followup(race, "loss_of_control", seat, tricky=tricky)
    return ev


def situation(race: Race, seat: int) -> FX.Situation:
    mv = race.move or {}
    if mv.get("seat") != seat:
        return FX.Situation()
    trk = track_of(race)
    car = race.cars[seat]
    curve = car.space is not None and not trk.tile_of(car.space).straight
    return FX.Situation(paired=bool(mv.get("pair")), pace=mv.get("pace"), on_curve=curve,
                        changed_lane=bool(mv.get("changes")))


def followup(race: Race, kind: str, seat: int, **data) -> None:
    race.move.setdefault("followups", []).append({"kind": kind, "seat": seat, "data": data})


# ---- the incidents queue ---------------------------------------------------------------
def _incidents(race: Race) -> list[Event]:
    mv = race.move
    queue = mv.get("followups") or []
    if not queue:
        mv["stage"] = mv.pop("next", "end")
        return []
    f = queue[0]
    kind, seat, data = f["kind"], f["seat"], f["data"]
    car = race.cars[seat]
    if kind == "loss_of_control":
        if car.space is None:                           # already off / in the pit
            queue.pop(0)
            return []
        if _steer_cards(race, seat):
            wait(race, "control", [seat])
            return []
        queue.pop(0)
        return lose_control(race, seat, None, data)
    if kind == "second_counter_steer":
        if not car.off_track or not car.off_spot:        # back on track meanwhile
            queue.pop(0)
            return []
        if _steer_cards(race, seat):
            wait(race, "control", [seat])
            return []
        queue.pop(0)
        return _off_track(race, seat, None, data)
    if kind == "discard":
        if data.get("count", 0) <= 0 or not _discard_legal(race, seat, f):
            queue.pop(0)
            return []
        wait(race, "discard", [seat])
        return []
    queue.pop(0)
    return apply_followup(race, kind, seat, data)


def apply_followup(race: Race, kind: str, seat: int, data: dict) -> list[Event]:
    car = race.cars[seat]
    if kind == "die":
        return roll(race, seat, data["die"])
    if kind == "yellow_flag":
        if data.get("on_track", True):
            return yellow_flag(race, seat, panel=data.get("panel", 1), card=True)
        return advance_panel(race, data.get("panel", 1))
    if kind == "safety_car":
        return safety_car_card(race, seat, data)
    if kind == "vsc":
        return virtual_safety_car(race, seat)
    if kind == "investigation":
        return investigation(race)
    if kind == "lose_turn":
        if seat not in race.done and race.move and race.move["seat"] != seat:
            car.lose_turn = True
        return [Event("lose_turn", {"seat": seat}, "FGP 13.11")]
    if kind == "hazard":
        t = tile_of(race, car)
        if t is not None and not in_yellow_zone(race, t) and race.safety_car is None:
            race.hazards[t] = data.get("token", "gravel")
            return [Event("hazard", {"tile": t, "token": race.hazards[t]}, "FGP 13.13")]
        return []
    if kind == "collision":
        return _collision(race, seat, data)
    raise ValueError(f"unknown followup {kind!r}")


def _steer_cards(race: Race, seat: int) -> list[str]:
    return H.counter_steer_choices(SF.single_spends(race, race.cars[seat]))[:-1] \
        if race.cars[seat].space is not None or race.cars[seat].off_track else []


def _control_legal(race: Race, seat: int) -> list:
    """FGP 13.4: spend a counter-steer card or spin. A driver may choose to spin
    with such a card in hand (A64 (ours)); option `must_counter_steer`: a spin
    only when there is no such card (the letter of FGP 13.4.2)."""
    cards = [CounterSteer(c) for c in _steer_cards(race, seat)]
    if cards and "must_counter_steer" in race.config.options:
        return cards
    return cards + [CounterSteer(None)]


def _control_act(race: Race, seat: int, action: CounterSteer) -> list[Event]:
    f = race.move["followups"].pop(0)
    ev = []
    if action.card is not None:
        ev += SF.spend_single(race, race.cars[seat], "counter_steer", action.card)
    if f["kind"] == "second_counter_steer":
        return ev + _off_track(race, seat, action.card, f["data"])
    return ev + lose_control(race, seat, action.card, f["data"])


def _white(race: Race, ev: list, rule: str, seat: int | None = None):
    return roll_die(race, ev, "white", rule, seat=seat)


def lose_control(race: Race, seat: int, card: str | None, data: dict) -> list[Event]:
    """FGP 13.4: counter-steer (card) or spin, the WHITE die's colour shifting
    the car one lane (FGP 13.4.1, 13.4.2)."""
    car = race.cars[seat]
    trk = track_of(race)
    ev: list[Event] = []
    # FGP 15.6 option: a counter-steer on a corner goes to its outside, no die
    side = O.counter_steer_side(trk, car.space) \
        if card is not None and "counter_steer_outside" in race.config.options else None
    colour = O.side_colour(side) if side else _white(race, ev, "FGP 13.4", seat).colour
    tricky = bool(data.get("tricky")) and card is None \
        and trk.spaces[car.space].skid_to is not None     # still where the skid marks begin
    out = H.loss_of_control(trk, car.space, card, colour, occupancy(race, seat),
                            tricky=tricky, walls=O.street_race(race.config.options, trk.style))
    ev += HA.oil_spin(race, seat, data, card)           # [ADV] FGP 13.13.3
    return ev + apply_outcome(race, seat, out, pusher=data.get("pusher"), data=data)


def apply_outcome(race: Race, seat: int, out: H.Outcome, pusher: int | None = None,
                  data: dict | None = None) -> list[Event]:
    car = race.cars[seat]
    ev = [Event("loss_of_control", {"seat": seat, "result": out.result, "spun": out.spun},
                out.rule)]
    if out.result == "collision":
        ev += wear(race, car, out.wear, out.rule)
        return ev + _collision(race, seat, {"hit": out.hit,
                                            "involved": (data or {}).get("involved", ())})
    trk = track_of(race)
    if out.space is not None and trk.spaces[out.space].pit_lane \
            and car.space is not None and not trk.spaces[car.space].pit_lane:
        return ev + _into_pit_wall(race, seat, out)
    if out.space is not None:
        car.space = out.space
    if out.result == H.OFF_TRACK:
        car.space = None
        car.off_track = True
        car.off_spot = list(out.off_spot)
    if out.spun:
        car.spun = True
        car.facing_back = True
    ev += wear(race, car, out.wear, out.rule)
    if out.stress:
        e, reds = stress(race, car, out.stress, out.rule)
        ev += e
        for _ in range(reds):
            followup(race, "die", seat, die="red")
    for _ in range(out.damage):
        ev += _damage(race, seat)
    if out.debris:
        ev += HA.wall_debris(race, seat)                # [ADV] FGP 13.4.4
    if out.rejoin:
        car.rejoin = out.rejoin
    if out.pending == "second_counter_steer":
        race.move.setdefault("followups", []).insert(0, {"kind": "second_counter_steer", "seat": seat,
                                          "data": {"pusher": pusher}})
    if out.yellow_flag and places_yellow_flag(final_round=race.final_round):
        ev += yellow_flag(race, seat)
    return ev


def _into_pit_wall(race: Race, seat: int, out: H.Outcome) -> list[Event]:
    """FGP 11.1: a shift that would put the car into the pit lane hits the
    wall: DAMAGE, the car goes backwards into the pit lane, its turn is over;
    next round it goes to its box and stops normally. A counter-steer lets it
    go on into the pit lane without a penalty."""
    car = race.cars[seat]
    ev = [Event("pit_wall", {"seat": seat}, "FGP 11.1")]
    if out.spun:
        ev += _damage(race, seat)
        car.facing_back = True
    ev += wear(race, car, out.wear, out.rule)
    from . import pit as P
    from .pit_steps import cross_line_in_pit_lane
    if P.pit_lane_crosses_line(track_of(race)):          # FGP 11.2 / 12.1 (A61)
        ev += cross_line_in_pit_lane(race, car)
    car.space = None
    car.in_pit = True
    car.box_call = True
    if race.move and race.move.get("seat") == seat:
        race.move["left"] = 0
    return ev


def pushed_into_pit_lane(race: Race, car) -> list[Event]:
    """FGP 8.3.1 / 11.1 (A214, ours): a car pushed across the yellow line onto
    the PIT LANE space. 8.3.1 forces it into the next lane; 11.1 lets no car end
    there without entering the pit lane ("the space behind the yellow line is
    not ... part of the racing lane"), and its only words on a car forced over
    the line sideways send it on into the pit lane: a spin hits the pit wall
    (DAMAGE, backwards), a counter-steer crosses "unintentionally" without a
    penalty and proceeds to the box. A push is no spin and no wall hit (8.3.1
    names only going off track and a collision), so the car is taken as the
    counter-steered one: into the pit lane, no penalty for it nor for the
    pusher, no DAMAGE; its next turn is its stop (11.2), as after any entry."""
    ev = [Event("pushed_into_pit_lane", {"seat": car.seat}, "FGP 11.1")]
    from . import pit as P
    from .pit_steps import cross_line_in_pit_lane
    if P.pit_lane_crosses_line(track_of(race)):          # FGP 11.2 / 12.1 (A61)
        ev += cross_line_in_pit_lane(race, car)
    car.space = None
    car.in_pit = True
    car.box_call = True
    car.w2w = None                                      # as any car entering (pit_steps)
    return ev


def _off_track(race: Race, seat: int, card: str | None, data: dict) -> list[Event]:
    car = race.cars[seat]
    out = H.off_track_attempt(tuple(car.off_spot), card)
    return apply_outcome(race, seat, out, pusher=data.get("pusher"))


def _damage(race: Race, seat: int) -> list[Event]:
    out = FX.draw_and_resolve(race, seat, "damage", situation=FX.Situation())
    for f in out.followups:
        followup(race, f.kind, f.seat, **f.data)
    return out.events


def lowest_white(race: Race, seats: list[int], rule: str) -> tuple[int, list[Event]]:
    """FGP 8.3.1 / 13.5: every car in a full slipstream space rolls WHITE; the
    lowest is the one involved (ties roll again, A24)."""
    ev: list[Event] = []
    while len(seats) > 1:
        rolls = {}
        for s in seats:
            rolls[s] = white_value(_white(race, ev, rule, s))
        seats = list(H.slipstream_victims(rolls))
    return seats[0], ev


def _collision(race: Race, seat: int, data: dict) -> list[Event]:
    """FGP 13.5: both draw DAMAGE, the initiator takes a Penalty token and
    stays, the car hit loses control at once."""
    hit_space = data.get("hit")
    there = [c.seat for c in race.cars if c.space == hit_space and c.seat != seat]
    ev: list[Event] = []
    hit = None
    if there:                               # FGP 13.5 / 8.3.1: a full slipstream space
        hit, ev = lowest_white(race, there, "FGP 13.5")
    involved = set(data.get("involved", ())) | {seat}
    if hit is not None and hit in involved:
        # FGP 13.5: a car loses control and is damaged once per collision: the
        # shift back into a car already involved changes nothing more
        return ev + [Event("collision_over", {"seat": seat, "hit": hit}, "FGP 13.5")]
    ev.append(Event("collision", {"seat": seat, "hit": hit}, "FGP 13.5"))
    ev += OB.incident_penalty(race, seat, "collision", "FGP 13.12")    # FGP 15.9 option
    ev += _damage(race, seat)
    if hit is not None:
        ev += _damage(race, hit)
        race.move.setdefault("followups", []).insert(0, {"kind": "loss_of_control", "seat": hit,
                                          "data": {"chain": True,
                                                   "involved": sorted(involved | {hit})}})
    return ev


def _queue(race: Race) -> list:
    return race.move["now"] if race.move.get("now") else race.move["followups"]


def push_aside(race: Race, car, to: int) -> list[Event]:
    """FGP 8.3.1: a lateral move into an occupied space pushes that car one
    lane further the same way: onto a space (a full one means a collision,
    FGP 13.5), into a wall (a collision) or off the track (the pusher takes a
    Penalty token; the pushed car resolves going off track, FGP 13.4.3 a)."""
    trk = track_of(race)
    there = [c.seat for c in race.cars if c.space == to and c.seat != car.seat]
    seat, ev = lowest_white(race, there, "FGP 8.3.1")   # a full slipstream space: dice
    pushed = race.cars[seat]
    target = M.push_target(trk, car.space, to)
    ev.append(Event("push", {"seat": car.seat, "pushed": pushed.seat}, "FGP 8.3.1"))
    if isinstance(target, int) and trk.spaces[target].pit_lane:
        return ev + pushed_into_pit_lane(race, pushed)    # FGP 11.1 (A214)
    if isinstance(target, int) and occupancy(race).get(target, 0) < trk.spaces[target].capacity:
        pushed.space = target
        return ev
    if target == H.OFF_TRACK:
        side = "right" if to in trk.spaces[car.space].right else "left"
        spot = H.pushed_off_spot(trk, to, side)
        ev += OB.incident_penalty(race, car.seat, "push_off", "FGP 8.3.1")   # FGP 15.9
        pushed.space = None
        pushed.off_track = True
        pushed.off_spot = list(spot)
        # FGP 8.3.1 / 13.4 a: one push, one token (given above); the pushed car's
        # counter-steer or spin that follows costs the pusher nothing more
        followup(race, "second_counter_steer", pushed.seat)
        return ev
    return ev + _collision(race, car.seat, {"hit": to})


def _discard_legal(race: Race, seat: int, f: dict | None = None) -> list:
    """A card effect's discard (never Tyre Wear or Draw Failure), or FGP 8.8:
    down to the hand limit, where Tyre Wear and Draw Failure cards are played."""
    f = f or _queue(race)[0]
    car = race.cars[seat]
    if f["data"].get("reason") == "hand_limit":
        if not C.overflow(race, car):
            return []
        return [Discard(c) for _, c in C.overflow_choices(race, car)]
    return [Discard(c) for c in dict.fromkeys(C.discardable(race, car))]


def _discard_act(race: Race, seat: int, action: Discard) -> list[Event]:
    queue = _queue(race)
    f = queue[0]
    car = race.cars[seat]
    if f["data"].get("reason") == "hand_limit":
        choice = next(ch for ch in C.overflow_choices(race, car) if ch[1] == action.card)
        ev = C.apply_overflow(race, car, choice)
        if choice[0] == "play_draw_failure" and ev[-1].kind == "failure_drawn":
            out = FX.resolve_card(race, seat, ev[-1].data["card"], situation=FX.Situation())
            ev += out.events
            for x in out.followups:
                followup(race, x.kind, x.seat, **x.data)
    else:
        C.discard(car, action.card, "FGP 4.2.1")
        ev = [C.face_down("discard", seat, action.card, "FGP 4.2.1")]
    f["data"]["count"] = f["data"].get("count", 1) - 1
    if f["data"]["count"] <= 0 or not _discard_legal(race, seat, f):
        queue.pop(0)
    return ev


def run_now(race: Race) -> list[Event]:
    """Forced discards that cannot wait for the end of the move (FGP 8.8)."""
    now = race.move["now"]
    f = now[0]
    if not _discard_legal(race, f["seat"], f):
        now.pop(0)
        return []
    wait(race, "discard", [f["seat"]])
    return []


# ---- the tables (rules/steps.py joins every module's) ----------------------------------
STAGES = {
    "after_move": _after_move, "resolve": _resolve, "turn_events": _turn_events,
    "dice": _dice, "incidents": _incidents,
}

STEPS = (
    Step("end_events", "FGP 7.3.3.1", _end_events_legal, _end_events_act,
         label="play held EVENT cards or make a quick repair", from_hand=True),
    Step("control", "FGP 13.4", _control_legal, _control_act, label="counter-steer or spin",
         from_hand=True),
    # FGP 4.2: a discarded card goes face down (a Tyre Wear or Draw Failure card
    # played instead at the hand limit says so in its event, FGP 8.8)
    Step("discard", "FGP 4.2.1", _discard_legal, _discard_act, label="discard a card",
         secret=True, public_text=lambda action: "discards a card face down",
         # FGP 8.8: a Tyre Wear card discarded is played, face up
         shows=lambda race, seat, a: C.kind_of(race, a.card) == "tyre_wear" and a.card),
)
