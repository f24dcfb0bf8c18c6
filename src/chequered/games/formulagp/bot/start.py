"""BOT 1.7.2: the race start for BOTs: the start sequence from BATTLE-card
LEDs (round 1) and the discard of those cards; the move of every round
(the WHITE pace of rounds 1-2, the new TACTICS card of round 2) is bot/move.py."""
from __future__ import annotations

from ....engine.protocol import Event
from ..rules.where import race_round
from .cards import discard_battle, draw_battle, turn_over_tactics
from .table import bot_content, is_bot, kind


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
