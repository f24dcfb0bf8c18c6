"""BOT 1.5: qualifying scores of the BOTs, from a BATTLE card instead of the
players' cards. BOTs do not push the limit (FGP 6.2 step 5 is a player's
choice; the BOT rules give the whole score, A127)."""
from __future__ import annotations

from ....engine.protocol import Event
from .cards import discard_battle, draw_battle
from .table import bot_content, kind, max_ot, record, tyre_bonus


def pro_score(base: int, leds: list[int]) -> tuple[int, bool]:
    """BOT 1.5.1: base + the LEDs of the first card; a card with no LEDs is
    replaced by a second; no LEDs again: a crash, score 0. (score, crashed)"""
    for n in leds[:2]:
        if n > 0:
            return base + n, False
    return 0, True


def qualify(race, seat: int) -> tuple[list[Event], int, bool]:
    """Draw the BOT's BATTLE card(s) and score it: (events, score, crashed)."""
    ev: list[Event] = []
    bc = bot_content(race)
    if kind(race, seat) == "rookie":                # BOT 1.5.2
        card = draw_battle(race, ev, seat, "BOT 1.5.2")
        lvl = bc.rookie.side(record(race, seat)["side"]).quali_leds
        base = max_ot(race, seat) + lvl
        score, crashed = base + bc.battle_card(card).leds, False
        rule = "BOT 1.5.2"
    else:                                            # BOT 1.5.1
        base = max_ot(race, seat) + tyre_bonus(race, seat)
        leds = [bc.battle_card(draw_battle(race, ev, seat, "BOT 1.5.1")).leds]
        if leds[0] == 0:
            leds.append(bc.battle_card(draw_battle(race, ev, seat, "BOT 1.5.1")).leds)
        score, crashed = pro_score(base, leds)
        rule = "BOT 1.5.1"
    cards = discard_battle(race, seat)
    ev.append(Event("bot_quali", {"seat": seat, "cards": cards, "base": base, "score": score,
                                  "crashed": crashed}, rule))
    return ev, score, crashed
