"""What the heuristic driver (bots.py) weighs of its cards: a card's worth
and a movement play's, facts of the cards alone, worked out once per
content and card or play."""
from __future__ import annotations

from .memo import keep
from .rules import cards as C

VALUE = {"blue": 5, "red": 4, "orange": 3.5, "green": 2, None: 1}


def card_value(race, card: str) -> float:
    # a fact of the card alone: worked out once per content and card
    # (keep, not a lambda: a closure's cells are made at every call)
    key = (race.content_dir, card)
    got = _CARD_VALUES.get(key)
    return got if got is not None else keep(_CARD_VALUES, key, _card_value(race, card))


_CARD_VALUES: dict = {}


def _card_value(race, card: str) -> float:
    k = C.kind_of(race, card)
    if k == "movement":
        return VALUE[C.colour_of(race, card)] + 0.1 * C.action_card(C.content_of(race), card).leds
    if k == "option":
        return 2.5
    if k == "tyre_wear":
        return 1.0
    return 0.0


def play_facts(race, cards: tuple, orange_as: tuple) -> tuple:
    """What the driver weighs of a movement play but the board's MP: (its
    pace, the cards' worth spent (0.3 a value point, +1 for a pair's YELLOW
    die), whether a BLUE card is in it (its ERS cost), the colours as
    played): facts of the cards alone, worked out once per content and play."""
    key = (race.content_dir, cards, orange_as)
    got = _PLAY_FACTS.get(key)
    return got if got is not None else keep(_PLAY_FACTS, key, _weigh_play(race, cards, orange_as))


_PLAY_FACTS: dict = {}


def plays_facts(race, legal: list) -> list:
    """play_facts of every Play of a legal list, in its order (one call a
    list: the bot weighs every play of every turn)."""
    cd = race.content_dir
    get = _PLAY_FACTS.get
    out = []
    for a in legal:
        got = get((cd, a.cards, a.orange_as))
        out.append(got if got is not None else play_facts(race, a.cards, a.orange_as))
    return out


def _weigh_play(race, cards: tuple, orange_as: tuple) -> tuple:
    cols = [C.colour_of(race, c) for c in cards]
    decl = list(orange_as)
    eff = [decl.pop(0) if c == "orange" and decl else c for c in cols]
    pace = eff[0] if len(eff) == 1 else {"green": "red", "red": "blue"}[eff[0]]
    cost = sum([card_value(race, c) for c in cards]) * 0.3
    if len(cards) == 2:
        cost += 1.0                    # the YELLOW die
    return pace, cost, "blue" in cols, tuple(eff)
