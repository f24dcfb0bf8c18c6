"""Stock-car actions: small frozen dataclasses that round-trip through JSON.

A car's activation is a sequence of decision steps (STOCK Action segments):
Activate a car, then PlayCard (or Retire), then MoveType when there is a
choice, then one Step per movement point spent.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache


@dataclass(frozen=True, slots=True)
class Activate:
    """Pick a car whose counter is not turned yet, by number (a lost car = a pass)."""
    car: int


@dataclass(frozen=True, slots=True)
class PlayCard:
    """Play a Race card from your hand for the chosen car."""
    card: str


@dataclass(frozen=True, slots=True)
class Retire:
    """Withdraw the chosen car (it gets the worst Position marker still free)."""


@dataclass(frozen=True, slots=True)
class MoveType:
    """Move as the card's printed type or as a solo move."""
    kind: str


@dataclass(frozen=True, slots=True)
class Step:
    """Move the head of the moving pack one space: `ahead` 1 = into the next
    sector, 0 = sideways in the same sector; `lane` is the lane entered
    (0 = along the Apron)."""
    ahead: int
    lane: int


@dataclass(frozen=True, slots=True)
class Affect:
    """An event picked your team: choose which of your cars it affects."""
    car: int


@dataclass(frozen=True, slots=True)
class Pit:
    """Send one of your cars to a pit stop this turn."""
    car: int


@dataclass(frozen=True, slots=True)
class PitDone:
    """No (more) pit stops for your team this turn."""


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard a Race card you don't want."""
    card: str


@dataclass(frozen=True, slots=True)
class KeepHand:
    """Keep the rest of your hand."""


ACTION_TYPES = (Activate, PlayCard, Retire, MoveType, Step, Affect, Pit, PitDone,
                Discard, KeepHand)

# The actions the legal lists offer, each made once per value and shared: a
# frozen dataclass is slow to build, legal lists are made at every decision
# of every race, and the machine finds a shared object in its list by
# identity (engine/steps.Machine._decide) before trying equality.
activate = lru_cache(maxsize=None)(Activate)
play_card = lru_cache(maxsize=None)(PlayCard)
move_type = lru_cache(maxsize=None)(MoveType)
affect = lru_cache(maxsize=None)(Affect)
pit = lru_cache(maxsize=None)(Pit)
discard = lru_cache(maxsize=None)(Discard)
RETIRE, PIT_DONE, KEEP_HAND = Retire(), PitDone(), KeepHand()
SOLO = move_type("solo")
