"""[ADV] TEAM RADIO card models (FGP 2.2, 4.9, 8.8.1 c, 10.1) for content.py:
content/team_radio.toml, our reconstruction; the rules are rules/team_radio.py."""
from __future__ import annotations

from typing import Literal

from pydantic import model_validator

from .effects import Effect
from .schema import Strict

RadioWhen = Literal["any", "on_straight", "on_curve", "leader", "chasing"]
# No "ot": a card is used before the move (A96) and a battle's OT is charged from
# 0 with the points left (FGP 9.2, A46), so OT from it would never reach a battle.
RADIO_EFFECTS = ("movement", "ers", "tyre_wear", "stress", "parameter", "draw",
                 "die_roll", "no_pairs", "no_tyre_bonus")


def radio_sign(e) -> int:
    """+1 when an effect is a benefit to the car, -1 when it is a price (FGP 4.9:
    'a benefit if you pay the price')."""
    if e.type in ("movement", "ers", "ot", "parameter"):
        return 1 if e.amount > 0 else -1
    if e.type in ("tyre_wear", "stress"):
        return 1 if e.amount < 0 else -1
    return 1 if e.type == "draw" else -1         # a die to roll, a next turn restricted


class TeamRadioCard(Strict):
    """FGP 4.9: a trade-off held face down, used once per turn when its `when`
    applies (A96): the `gain` for the `cost`."""
    id: str
    name: str
    text: str
    when: RadioWhen
    gain: list[Effect]
    cost: list[Effect]

    @model_validator(mode="after")
    def _check(self):
        if not self.gain or not self.cost:
            raise ValueError("a TEAM RADIO card gives a benefit for a price (FGP 4.9): "
                             "gain and cost both need an effect")
        for part, sign in (("gain", 1), ("cost", -1)):
            for e in getattr(self, part):
                if e.type not in RADIO_EFFECTS:
                    raise ValueError(f"{part}: {e.type!r} is not a TEAM RADIO effect "
                                     f"({', '.join(RADIO_EFFECTS)})")
                if e.only_if != "always" or getattr(e, "who", "self") != "self":
                    raise ValueError(f"{part}: the card's `when` says when it applies; "
                                     "its effects are the holder's, always")
                if e.type == "draw" and e.deck != "action":
                    raise ValueError(f"{part}: a TEAM RADIO card draws ACTION cards only")
                if getattr(e, "duration", "next_turn") != "next_turn":
                    raise ValueError(f"{part}: a restriction lasts the next turn")
                if radio_sign(e) != sign:
                    raise ValueError(f"{part}: {e.type} {getattr(e, 'amount', '')} is a "
                                     f"{'price' if sign > 0 else 'benefit'}, not a {part}")
        return self


class TeamRadioDeck(Strict):
    cards: list[TeamRadioCard]

    @model_validator(mode="after")
    def _check(self):
        ids = [c.id for c in self.cards]
        if len(set(ids)) != len(ids):
            raise ValueError("duplicate TEAM RADIO card id")
        if len(self.cards) != 30:                        # FGP 2.2
            raise ValueError(f"the TEAM RADIO deck has 30 cards, not {len(self.cards)}")
        if not any(e.type == "ers" for c in self.cards for e in c.gain):
            raise ValueError("certain TEAM RADIO cards charge the ERS (FGP 8.8.1 c)")
        if not any(e.type == "tyre_wear" for c in self.cards for e in c.gain):
            raise ValueError("certain TEAM RADIO cards decrease tyre wear (FGP 10.1)")
        return self

    def card(self, cid: str) -> TeamRadioCard:
        for c in self.cards:
            if c.id == cid:
                return c
        raise KeyError(cid)
