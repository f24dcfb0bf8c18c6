"""RP Step 1: turning the Weather and Race Situation cards; the forecast."""
from __future__ import annotations

from ....engine.protocol import Event
from ..tables import Tables
from . import safety_car

DECKS = ("weather", "I", "II")


def turn_setup_cards(s, T: Tables, events: list[Event]) -> None:
    """RP Setup: two cards face-down from each deck (kept in the game), the
    third face-up. The first weather card sets the forecast."""
    for name in DECKS:
        _turn(s, T, name, events, burn=True)
    card = T.weather[s.weather_card]
    # RP Setup: a dry card puts 4 sun tokens out; a rain card its own forecast.
    s.weather = list(card.forecast) if card.kind == "rain" else ["sun"] * 4
    s.rain_drawn = card.kind == "rain"
    events.append(Event("forecast", {"weather": list(s.weather)}, "RP Setup J"))
    safety_car.determine(s, T, events)


def turn_round_cards(s, T: Tables, events: list[Event]) -> None:
    """RP Step 1: turn the top weather card and both situation cards."""
    for name in DECKS:
        _turn(s, T, name, events, burn=False)
    card = T.weather[s.weather_card]
    s.rain_drawn = card.kind == "rain"
    if card.kind == "sun":
        # RP Step 1, Sun card: the current token goes to Round +3, sun up.
        s.weather = s.weather[1:] + ["sun"]
    else:
        # RP Step 1, Rain card: its forecast supersedes the current one.
        s.weather = list(card.forecast)
    events.append(Event("forecast", {"weather": list(s.weather)}, "RP Step 1"))
    safety_car.determine(s, T, events)


def _turn(s, T: Tables, name: str, events: list[Event], burn: bool) -> None:
    deck = s.decks[name]
    current = s.weather_card if name == "weather" else s.situation.get(name)
    if current is not None:
        deck.discard(current)
    if not deck.pile:
        # RP Step 1 note: a spent deck is reshuffled and dealt as at setup:
        # two cards face-down, then the third face-up.
        deck.discards.extend(s.hidden[name])
        s.hidden[name] = []
        deck.reshuffle(s.rng)
        events.append(Event("reshuffle", {"deck": name}, "RP Step 1"))
        burn = True
    if burn:
        for _ in range(2):
            if len(deck.pile) > 1:
                s.hidden[name].append(deck.draw())
    card = deck.draw()
    if name == "weather":
        s.weather_card = card
    else:
        s.situation[name] = card
    events.append(Event("card", {"deck": name, "card": card}, "RP Step 1", reveal=True))
