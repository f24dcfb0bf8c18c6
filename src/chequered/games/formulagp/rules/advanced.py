"""The Advanced race's setup (FGP 1, 3.2 b, 3.4): the rule level, where the
Chequered Flag starts and which Advanced-only EVENT and RISK cards go into
the decks.

FGP 3.4 removes the Advanced-only cards (blue banner on EVENT cards, red on
RISK cards; `mode = "advanced"` in content) from a Standard game only, so an
Advanced race shuffles them in. A card whose effect needs a system not built
yet (the Oil and Debris tokens of FGP 13.13.2-13.13.3: the token would be
placed but do nothing) stays out of the deck, so that no card is dealt whose
text the race would not carry out; `PENDING` names those effects, and the
coverage matrix (FGP 3.4) lists the cards left out."""
from __future__ import annotations

from ..content import Content, Control
from ..state import Race

ADVANCED = "advanced"

# effects of Advanced-only cards that wait for another part of the Advanced
# rules: (effect type, token) of a hazard token with no rule behind it yet
PENDING = {("hazard", "oil"): "FGP 13.13.3 Oil token", ("hazard", "debris"): "FGP 13.13.2 Debris token"}


def is_advanced(race: Race) -> bool:
    return race.config.rules == ADVANCED


def flag_start(control: Control, rules: str) -> int:
    """FGP 3.2 b: the Chequered Flag starts on radar space 9 for a Standard race
    and on space 1 for an Advanced one; with the final lap at 24 (FGP 12.1)
    that is 16 or 24 game rounds (FGP 1)."""
    return control.start_advanced if rules == ADVANCED else control.start_standard


def pending_effects(card) -> list[str]:
    """The rules a card's effects need that the race does not carry out yet."""
    return [PENDING[(e.type, getattr(e, "token", None))] for e in card.effects
            if (e.type, getattr(e, "token", None)) in PENDING]


def deck_cards(content: Content, deck: str, rules: str) -> list:
    """FGP 3.4: the EVENT or RISK cards shuffled for this rule level: every
    "all" card; in an Advanced race also the Advanced-only cards whose effects
    are all carried out (`pending_effects`)."""
    if rules != ADVANCED:
        return content.standard(deck)
    return [c for c in getattr(content, deck).cards
            if c.mode == "all" or not pending_effects(c)]


def left_out(content: Content) -> list[str]:
    """Ids of the Advanced-only cards an Advanced race leaves out for now."""
    return [c.id for deck in ("event", "risk") for c in getattr(content, deck).cards
            if c.mode == ADVANCED and pending_effects(c)]
