"""BOT 2.1 (and 1.7.2): a BOT's move, every round: no ACTION cards, the
movement points from the control card for the gear of the start tile and the
race pace; the steps then follow the lane rules (bot/lanes.py) and, for a Pro,
the corner modification (bot/corners.py).

The pace (BOT 2.1, 1.7.2.3): RED from round 3, GREEN when coming back after a
spin or starting in a yellow-flag zone, the WHITE die in rounds 1-2, on the
move out of the pit lane (BOT 5.4) and when starting a turn wheel-to-wheel
(BOT 3.4). A160: a yellow zone's GREEN pace comes before the pit exit's roll.
Under the Safety Car the RED pace, GREEN only back onto the track (BOT 6.5, A170)."""
from __future__ import annotations

from ....engine.protocol import Event
from ..rules.dice import roll_die
from ..rules.weather_steps import dry_in_rain
from ..rules.where import in_yellow_zone, race_round, tile_of
from . import stress as BSTR
from . import tyres as BT
from .blocked import resume
from .hazards import no_tyre_bonus
from .cards import new_tactics
from .pit_strategy import late_pit_mp
from .table import bot_content, is_bot, kind, record, speed, tyre_bonus


def drives(race, seat: int) -> bool:
    """The BOT rules drive every move of a BOT (BOT 1.7.2, 2.1)."""
    return is_bot(race, seat)


def move_points(race, seat: int, gear: int, pace: str, *, tyre: bool = True) -> int:
    """BOT 1.7.2.1-2 / 2.1: the control card's MP for the gear and pace (the
    display's highest indicator); a Pro BOT adds its tyre token (unless `tyre`
    is False) and the optional difficulty bonus."""
    mp = speed(race, seat).mp(gear, pace)
    if kind(race, seat) == "pro":
        rec = record(race, seat)
        mp += (tyre_bonus(race, seat) + late_pit_mp(race, seat) if tyre else 0) \
            + (bot_content(race).bot.difficulty_bonus if rec["bonus"] else 0) \
            + BSTR.focus_mp(race, seat)       # [ADV] BOT 5.5; BOT 7.4 (option): Focus Bonus
    return mp


def pace_for(race, ev: list, seat: int) -> tuple[str, str, str]:
    """(pace, why, rule): the race pace of this move (BOT 2.1)."""
    car = race.cars[seat]
    r = race_round(race)
    if race.safety_car is not None:     # BOT 6.5 (A170): the RED pace, whatever else holds
        if car.rejoin in ("a", "b"):    # but back onto the track: the players' way, GREEN
            return "green", "rejoin", "BOT 6.5"
        return "red", "sc", "BOT 6.5"
    if BSTR.green_pace(race, seat):                         # BOT 7.4 (option, A207)
        return "green", "stress", "BOT 7.4"
    if r <= 2:                                              # BOT 1.7.2.1-2
        rule = "BOT 1.7.2.1" if r == 1 else "BOT 1.7.2.2"
        return roll_die(race, ev, "white", rule, seat=seat).colour, "die", rule
    if car.rejoin in ("a", "b"):                            # back on track after a spin / off
        return "green", "rejoin", "BOT 2.1"
    if in_yellow_zone(race, tile_of(race, car)):            # BOT 2.1, 6.4
        return "green", "yellow", "BOT 6.4"
    if race.move.get("exit"):                               # BOT 5.4: out of the pit lane
        return roll_die(race, ev, "white", "BOT 5.4", seat=seat).colour, "exit", "BOT 5.4"
    if car.w2w is not None:                                 # BOT 2.1, 3.4: wheel-to-wheel
        return roll_die(race, ev, "white", "BOT 3.4", seat=seat).colour, "w2w", "BOT 3.4"
    if kind(race, seat) == "pro" and dry_in_rain(race, car):
        # [ADV] BOT 4.2: the WHITE die each turn; the RED pace's RED die after the
        # move is FGP 10.2.1's (rules/weather_steps.after_move), rolled as BOT 6.1
        return roll_die(race, ev, "white", "BOT 4.2", seat=seat).colour, "wet", "BOT 4.2"
    return "red", "race", "BOT 2.1"                         # BOT 1.7.2.3: RED from round 3


def begin_move(race) -> list[Event]:
    """The BOT's turn instead of the players' preparations and movement play."""
    from ..rules.hazards import rejoin_plan
    from ..rules.plays import gear_for                      # turn.py hooks this module in
    from . import lanes as BL
    mv = race.move
    seat = mv["seat"]
    car = race.cars[seat]
    back = resume(race, seat)                                      # BOT 2.2.1: after a surrender
    if back is not None:
        return back
    ev: list[Event] = []
    if race_round(race) == 2 and kind(race, seat) == "pro":       # BOT 1.7.2.2
        new_tactics(race, ev, seat, "BOT 1.7.2.2")
    ev += BT.check_wrong_tyres(race, seat)                         # [ADV] BOT 4.2
    pace, why, rule = pace_for(race, ev, seat)
    gear = gear_for(race, car)                     # 2nd gear in round 1 / leaving the pits
    # A130: back on track the BOT follows the players' FGP 13.4.5 (turning MP,
    # no tyre bonus where a player has none)
    plan = rejoin_plan(car.rejoin, spun=car.facing_back) if car.rejoin is not None else None
    # BOT 6.9.1: no tyre bonus on the move after gravel
    mp = move_points(race, seat, gear, pace, tyre=(plan is None or plan.tyre_bonus)
                     and not no_tyre_bonus(race, seat))
    # BOTs wear no tyres by lane changes (their tyre wear is BOT 4.1's)
    mv.update(stage="moving", cards=[], colours=[pace], pace=pace, pair=False,
              lanes=BL.may_change(race, pace), lc_wear=0, mp=mp, left=mp, start=car.space,
              visited=[car.space] if car.space is not None else [], changes=0,
              reduced=False, extending=False, blocked=[], ahead=None, dice=[],
              blue=False, gear=gear, turning=plan.turn_mp if plan else 0, bot=True)
    ev.append(Event("bot_move", {"seat": seat, "pace": pace, "gear": gear, "mp": mp,
                                 "why": why}, rule))
    if car.off_track or car.rejoin is not None:
        mv["stage"] = "rejoin"
    return ev
