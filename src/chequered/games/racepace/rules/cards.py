"""RP Step 1: turning the Weather and Race Situation cards; the forecast."""
from __future__ import annotations

from ....engine import chance
from ....engine.protocol import Event, SharedEvents
from ..tables import Tables
from . import safety_car

DECKS = ("weather", "I", "II")
# What the players call each deck and its cards (the `what` of chance events).
DECK_WORDS = {"weather": "Weather deck", "I": "Race Situation I deck",
              "II": "Race Situation II deck"}
CARD_WORDS = {"weather": "Weather card", "I": "Race Situation I card",
              "II": "Race Situation II card"}
DECK_OF_WORD = {w: name for name, w in CARD_WORDS.items()}
# Step 1's forecast event, made once per forecast (the four tokens)
_FORECAST = SharedEvents(lambda *weather: Event("forecast", {"weather": list(weather)},
                                                "RP Step 1"))


def turn_setup_cards(s, T: Tables, events: list[Event]) -> None:
    """RP Setup: two cards face-down from each deck (kept in the game), the
    third face-up. The first weather card sets the forecast."""
    s.weather_card = _turn(s, "weather", None, events, "RP Setup J", burn=True)
    for name in ("I", "II"):
        s.situation[name] = _turn(s, name, None, events, "RP Setup J", burn=True)
    card = T.weather[s.weather_card]
    # RP Setup: a dry card puts 4 sun tokens out; a rain card its own forecast.
    s.weather = list(card.forecast) if card.kind == "rain" else ["sun"] * 4
    s.rain_drawn = card.kind == "rain"
    events.append(Event("forecast", {"weather": list(s.weather)}, "RP Setup J"))
    safety_car.determine(s, T, events)


def turn_round_cards(s, T: Tables, events: list[Event]) -> None:
    """RP Step 1: turn the top weather card and both situation cards."""
    # (each deck by hand, not a loop over DECKS: the deck's current card is
    # read and its new one stored without asking which deck it is)
    situation = s.situation
    s.weather_card = _turn(s, "weather", s.weather_card, events, "RP Step 1")
    situation["I"] = _turn(s, "I", situation["I"], events, "RP Step 1")
    situation["II"] = _turn(s, "II", situation["II"], events, "RP Step 1")
    card = T.weather[s.weather_card]
    s.rain_drawn = card.kind == "rain"
    if card.kind == "sun":
        # RP Step 1, Sun card: the current token goes to Round +3, sun up.
        w = s.weather                       # (the four tokens, built at once)
        weather = (w[1], w[2], w[3], "sun")
    else:
        # RP Step 1, Rain card: its forecast supersedes the current one.
        weather = tuple(card.forecast)
    s.weather = list(weather)
    events.append(_FORECAST[weather])
    safety_car.determine(s, T, events)


def _turn(s, name: str, current, events: list[Event], rule: str, burn: bool = False):
    """Discard deck `name`'s current card (None: none yet) and turn its next
    one, which is returned."""
    deck = s.decks[name]
    if current is not None:
        deck.discards.append(current)       # (Deck.discard without its call: every round)
    if burn or not deck.pile:
        _deal_aside(s, name, deck, events, rule)
    return chance.draw(s.chance, events, deck, rule=rule, what=CARD_WORDS[name])


def _deal_aside(s, name: str, deck, events: list[Event], rule: str) -> None:
    """Two cards face down (kept in the game, seen by nobody), as long as one
    is left to turn: at setup, and when a spent deck is reshuffled."""
    if not deck.pile:
        # RP Step 1 note: a spent deck is reshuffled and dealt as at setup:
        # two cards face-down, then the third face-up.
        deck.discards.extend(s.hidden[name])
        s.hidden[name] = []
        chance.reshuffle(s.chance, events, deck, rule="RP Step 1", what=DECK_WORDS[name])
    count = min(2, len(deck.pile) - 1)
    if count > 0:
        s.hidden[name] += chance.draw_many(s.chance, events, deck, count, rule=rule,
                                           what=CARD_WORDS[name], to=chance.SECRET)
