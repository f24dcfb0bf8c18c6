"""BOT 1.7.2: the race start for BOTs: the start sequence from BATTLE-card
LEDs (round 1), the pace from the WHITE die and the movement points from the
control card (rounds 1 and 2), the new TACTICS card of round 2.

From round 3 on the BOT rules of movement (BOT 2) drive the BOTs; until that
chapter is built a BOT seat plays its car as our heuristic bot does (the
documented fallback, docs/rules/formulagp-bots.md)."""
from __future__ import annotations

from ....engine.protocol import Event
from ..rules import movement as M
from ..rules.dice import roll_die
from ..rules.where import race_round
from .cards import discard_battle, draw_battle, new_tactics, turn_over_tactics
from .table import bot_content, is_bot, kind, record, speed, tyre_bonus


def start_leds(race, seats) -> tuple[list[Event], dict[int, int]]:
    """BOT 1.7.2.1: after the players reveal, each BOT draws a BATTLE card;
    its LEDs place it in the start sequence, +2 for the BOT on pole. Then the
    Pro BOTs turn their TACTICS cards over."""
    ev: list[Event] = []
    bc = bot_content(race)
    leds = {}
    for s in seats:
        if not is_bot(race, s):
            continue
        card = draw_battle(race, ev, s, "BOT 1.7.2.1")
        pole = race.cars[s].grid == 1
        leds[s] = bc.battle_card(card).leds + (bc.bot.pole_leds if pole else 0)
        ev.append(Event("bot_start_leds", {"seat": s, "card": card, "pole": pole,
                                           "leds": leds[s]}, "BOT 1.7.2.1"))
    for car in race.cars:               # every Pro BOT, a pit-lane starter too
        if kind(race, car.seat) == "pro":
            turn_over_tactics(race, ev, car.seat, "BOT 1.7.2.1")
    return ev, leds


def drives(race, seat: int) -> bool:
    """The BOT rules drive this BOT's move now: the first two rounds (BOT 1.7.2)."""
    return is_bot(race, seat) and race_round(race) <= 2


def move_points(race, seat: int, gear: int, pace: str) -> int:
    """BOT 1.7.2.1-2 / 2.1: the control card's MP for the gear and pace; a Pro
    BOT adds its tyre token and the optional difficulty bonus."""
    mp = speed(race, seat).mp(gear, pace)
    if kind(race, seat) == "pro":
        rec = record(race, seat)
        mp += tyre_bonus(race, seat) + (bot_content(race).bot.difficulty_bonus if rec["bonus"] else 0)
    return mp


def begin_move(race) -> list[Event]:
    """The BOT's turn in round 1 or 2, instead of the players' preparations
    and movement play: no cards, the WHITE die for the pace colour."""
    from ..rules.turn import gear_for             # turn.py hooks this module in
    mv = race.move
    seat = mv["seat"]
    car = race.cars[seat]
    ev: list[Event] = []
    if race_round(race) == 2 and kind(race, seat) == "pro":       # BOT 1.7.2.2
        new_tactics(race, ev, seat, "BOT 1.7.2.2")
    rule = "BOT 1.7.2.1" if race_round(race) == 1 else "BOT 1.7.2.2"
    face = roll_die(race, ev, "white", rule, seat=seat)
    pace = face.colour                             # green or red pace
    gear = gear_for(race, car)                     # 2nd gear in round 1 / leaving the pits
    mp = move_points(race, seat, gear, pace)
    # the lanes of the fallback movement: a single card of that colour's (A128);
    # BOT 2.2 (lane choice) is not built yet. BOTs wear no tyres by lane changes.
    lanes = M.play_pace([pace]).lane_changes
    mv.update(stage="moving", cards=[], colours=[pace], pace=pace, pair=False, lanes=lanes,
              lc_wear=0, mp=mp, left=mp, start=car.space,
              visited=[car.space] if car.space is not None else [], changes=0,
              reduced=False, extending=False, blocked=[], ahead=None, dice=[],
              blue=False, gear=gear, turning=0, bot=True)
    ev.append(Event("bot_move", {"seat": seat, "pace": pace, "gear": gear, "mp": mp},
                    rule))
    if car.off_track or car.rejoin is not None:
        mv["stage"] = "rejoin"
    return ev


def round_end(race) -> list[Event]:
    """BOT 1.7.2.1: the start BATTLE cards are discarded at the end of round 1."""
    if race.bots is None or race_round(race) != 1:
        return []
    gone = {}
    for s in race.bots["cars"]:
        cards = discard_battle(race, int(s))
        if cards:
            gone[s] = cards
    return [Event("bot_discard", {"cards": gone}, "BOT 1.7.2.1")] if gone else []
