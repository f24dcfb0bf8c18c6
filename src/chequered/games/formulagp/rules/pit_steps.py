"""Pit stops as steps (FGP 11): entering the pit lane during a move, the stop
on the next turn (tyres, cards, repairs), penalties served in the box, and
the exit order. The rules are rules/pit.py."""
from __future__ import annotations

from ....engine.protocol import Event, IllegalAction
from ....engine.steps import Step
from ..actions import Discard, Done, PitStop, canon
from ..state import Race
from . import card_effects as FX
from . import cards as C
from . import late_pit as LP
from . import optional_steps_b as OB
from . import pit as P
from . import penalty_tokens as PT
from .advanced import is_advanced
from .compounds import note_change
from .car_state import reset_stress
from .dice import roll_die
from .dice import white_value
from .decide import wait
from .radio_steps import pit_change
from .turn import end_turn
from .tyres import fit_tyres
from .weather_steps import wet_allowed
from ..track import Move
from ..bot import pits as BP
from ..bot.table import kind
from .where import track_of


def enter_pit(race: Race, car, to: int) -> list[Event]:
    """FGP 11.1: the car reached the PIT LANE space: it goes to its box, the
    points left are lost; a lateral crossing of the yellow line and pit
    speeding (BLUE card or an extension, WHITE icon face) cost a Penalty."""
    mv = race.move
    trk = track_of(race)
    move = next((m for m in trk.moves(car.space) if m.to == to), None)
    # a counter-steer may have shifted the car across the line: no penalty then
    entry = P.enter_pit(move or Move(to, True, crosses_yellow_line=True), mv["left"],
                        blue_card=mv.get("blue", False), extended=mv.get("extending", False),
                        unintended=move is None)
    ev = [Event("pit_entry", {"seat": car.seat, "lost": entry.mp_lost}, "FGP 11.1")]
    if entry.penalties:
        ev += PT.add(race, car.seat, entry.penalties, "FGP 11.1", cause="yellow_line")
    if entry.speed_check:
        face = roll_die(race, ev, "white", "FGP 11.1", seat=car.seat)
        if P.speeding_penalty(white_value(face)):
            ev += PT.add(race, car.seat, 1, "FGP 11.1", cause="speeding")
    if P.pit_lane_crosses_line(trk):                    # FGP 11.2 / 12.1: the lap counts
        ev += cross_line_in_pit_lane(race, car)
    car.space = None
    car.in_pit = True
    car.box_call = True
    car.w2w = None
    mv["left"] = 0
    mv["pit"] = True
    mv["stage"] = "resolve"
    return ev


def cross_line_in_pit_lane(race: Race, car) -> list[Event]:
    """FGP 11.2 / 12.1 (A61): a pit lane that runs across the finish line
    completes the lap as the car enters it, so the stop costs the time spent
    in the pit lane and never a lap: in the box and at the pit exit the car
    counts from the exit tile of its new lap (rules/where.py distance)."""
    car.laps += 1
    if race.final_round or race.flag >= race.final_flag:
        car.crossed_final = True
    return [Event("lap", {"seat": car.seat, "laps": car.laps}, "FGP 12.1")] \
        if car.laps > 0 else []


def _pit_stop(race: Race) -> list[Event]:
    """FGP 11.2 steps 1-2: serve Penalty tokens, else +1 ERS and stress to the
    middle, then the player's choices."""
    car = race.cars[race.move["seat"]]
    car.facing_back = False                             # FGP 11.1: pushed into its box
    if kind(race, car.seat) == "rookie":
        # BOT 5.2 / 1.4.1 c: a Rookie BOT makes no stop and changes no tyres; one
        # pushed into the pit lane (A214) drives through it to the pit exit
        car.box_call = False
        race.move["stage"] = "end"
        return [Event("bot_no_stop", {"seat": car.seat}, "BOT 5.2")] + leave_box(race, car)
    side = C.board_side(race, car)
    table = tuple(C.content_of(race).control.pit_penalty_rounds)
    arr = P.box_arrival(penalties=car.penalties, ers=car.ers, ers_max=C.ers_max(race, car),
                        stress_middle=car.stress, stress=car.stress, table=table)
    if arr.hold_rounds:
        served, car.penalties = car.penalties, 0
        car.box_wait = arr.hold_rounds - 1
        race.move["stage"] = "end"
        return [Event("penalty_served", {"seat": car.seat, "tokens": served,
                                         "rounds": arr.hold_rounds}, "FGP 11.2")]
    ev = C.charge_ers(race, car, 1, "FGP 11.2") + reset_stress(race, car, "FGP 11.2")
    del side
    if kind(race, car.seat) == "pro":                   # BOT 5.2: the BOT rules decide
        return ev + BP.stop(race, car)
    wait(race, "pit_stop", [car.seat])
    return ev


def _stop_legal(race: Race, seat: int) -> list:
    car = race.cars[seat]
    out = []
    repairs = P.repair_choices(list(car.damage), list(car.failures))
    for t in OB.tyre_offer(race, car, P.tyre_choices(wet_allowed=wet_allowed(race))):  # 15.10, A87
        for r in repairs:
            out.append(PitStop(None if t == "keep" else t, (), r[0],
                               r[1] if len(r) > 1 else None))
    return out


def _stop_act(race: Race, seat: int, action: PitStop) -> list[Event]:
    car = race.cars[seat]
    ev: list[Event] = []
    if action.tyre is not None:                         # FGP 11.2 step 3
        if not OB.fit_set(race, car, action.tyre) \
                and car.tyre in ("soft", "medium", "hard") and car.tyre not in car.tyres_left:
            car.tyres_left.append(car.tyre)
        if is_advanced(race):
            note_change(car, action.tyre)               # [ADV] FGP 5.1.3
        car.tyre = action.tyre
        car.wear = fit_tyres(C.board_side(race, car), action.tyre,
                             medium_early="medium_wear_placement" in race.config.options)
        ev.append(Event("tyres", {"seat": seat, "tyre": action.tyre}, "FGP 11.2"))
    ev += LP.pit_stop(race, car, new_set=action.tyre is not None)      # [ADV] FGP 11.4
    if action.repair == "one":
        # FGP 11.2.1 a: declared now, the card comes off the board; the WHITE
        # die is rolled as the car is about to leave its box (after the cards)
        if action.card not in (*car.damage, *car.failures):
            raise IllegalAction(f"FGP 11.2.1: {action.card} does not lie by the board",
                                "FGP 11.2.1")
        race.move["repair_roll"] = action.card
        ev += _remove_repaired(race, car, (action.card,))
        car.repairing, car.exit_roll = True, None
        race.move["stays"] = False
    else:
        res = P.repair((action.repair,), list(car.damage), list(car.failures))
        ev += _remove_repaired(race, car, res.removed)
        car.repairing, car.exit_roll = res.repaired, res.roll
        race.move["stays"] = res.stays
    race.move["stage"] = pit_change(race, "pit_cards")   # FGP 11.2 [ADV]: TEAM RADIO
    return ev


def _remove_repaired(race: Race, car, removed) -> list[Event]:
    """FGP 11.2.1: repaired DAMAGE/FAILURE cards leave the board with their
    own tokens (those of a card still by the board stay)."""
    ev: list[Event] = []
    for c in removed:
        ev += FX.remove_by_board(race, car, c, "FGP 11.2.1")
    if removed:
        ev.append(Event("repair", {"seat": car.seat, "n": len(removed)}, "FGP 11.2.1"))
    return ev


def _repair_roll(race: Race, car, card: str) -> list[Event]:
    """FGP 11.2.1 a: the WHITE die as the car is about to leave: the icon face
    (1) is a long repair (every other DAMAGE and FAILURE card off too, the car
    stays until the next round); a number is its place among the repairers."""
    ev: list[Event] = []
    white = white_value(roll_die(race, ev, "white", "FGP 11.2.1", seat=car.seat))
    res = P.repair(("one", card), [card, *car.damage], list(car.failures), white)
    ev += _remove_repaired(race, car, [c for c in res.removed if c != card])
    car.exit_roll = res.roll
    race.move["stays"] = res.stays
    return ev


def _pit_cards(race: Race) -> list[Event]:
    wait(race, "pit_discard", [race.move["seat"]])
    return []


def _discard_legal(race: Race, seat: int) -> list:
    car = race.cars[seat]
    return [Discard(c) for c in dict.fromkeys(car.hand)
            if not C.is_draw_failure(race, c)] + [Done()]


def _discard_act(race: Race, seat: int, action) -> list[Event]:
    """FGP 11.2 step 3: discard any ACTION cards (Tyre Wear included, not the
    Draw Failure card), then draw up to the hand limit (no returns)."""
    car = race.cars[seat]
    if isinstance(action, Discard):                     # the stage asks again for more
        C.play(car, action.card, "FGP 11.2")
        return [C.face_down("pit_discard", seat, action.card, "FGP 11.2")]
    n = max(0, C.hand_limit(race, car) - len(car.hand))
    ev: list[Event] = []
    C.draw_cards(race, car, n, "FGP 11.2", events=ev)
    card = race.move.pop("repair_roll", None)
    if card is not None:
        ev += _repair_roll(race, car, card)
    car.box_call = False
    if race.move.pop("stays", False):
        car.box_wait = 1                                # FGP 11.2.1: until next round
    else:
        ev += leave_box(race, car)
    return ev + end_turn(race)


def leave_box(race: Race, car) -> list[Event]:
    """FGP 11.2 step 4: to the pit-exit space; the exit order is settled at the
    end of the round (FGP 11.2 step 5)."""
    car.in_pit = False
    car.space = track_of(race).pit.exit_space
    race.pit_exits.append(car.seat)
    return [Event("to_pit_exit", {"seat": car.seat}, "FGP 11.2")]


def exit_order(race: Race) -> list[Event]:
    """FGP 11.2 step 5, 11.2.1, 11.2.2: WHITE rolls order the cars that reached
    the pit exit this round; the order is their sequence next round."""
    seats = [s for s in race.pit_exits if race.cars[s].space == track_of(race).pit.exit_space]
    if len(seats) < 2:
        race.pit_exits = seats
        return []
    teams = {s: race.cars[s].team for s in seats}
    second = P.team_stop_order(seats, teams, [s for s in race.sequence if s in seats]
                               + [s for s in seats if s not in race.sequence])
    leavers = []
    ev = []
    for s in seats:
        car = race.cars[s]
        roll = car.exit_roll
        if not car.repairing:
            roll = white_value(roll_die(race, ev, "white", "FGP 11.2", seat=s))
        leavers.append(P.Leaver(s, race.cars[s].box, car.repairing, second[s], roll))
    race.pit_exits = P.exit_order(leavers)
    ev.append(Event("pit_exit_order", {"order": list(race.pit_exits)}, "FGP 11.2"))
    return ev


# ---- the tables (rules/steps.py joins every module's) ----------------------------------
STAGES = {"pit_stop": _pit_stop, "pit_cards": _pit_cards}

STEPS = (
    Step("pit_stop", "FGP 11.2", _stop_legal, _stop_act, label="choose tyres and repairs",
         key=canon),
    Step("pit_discard", "FGP 11.2", _discard_legal, _discard_act,
         label="discard cards in the pit box", secret=True,
         public_text=lambda action: "changes cards in the pit box (face down)"),
)
