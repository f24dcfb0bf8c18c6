"""Penalty tokens and the 'Investigation' EVENT card (FGP 13.12, 13.12.1).

Pure functions returning frozen records, like rules.hazards. Tokens are public
(they lie on the car's Pit Box tile); they are served in a pit stop
(rules.pit.penalty_hold) and whatever is left moves the car back after the
race (rules.finish.apply_end_penalties).

Readings:
- Investigation counts the penalty icons of the held EVENT cards (the cards it
  makes players show). Option `investigation_counts_hand` also counts ACTION
  cards in hand that carry icons (the Draw Failure card, FGP 4.3.4), since the
  text speaks of cards "in their hand"; option `investigation_counts_end_icon`
  counts a held card's red end-of-race icon as one more icon.
- "Not played immediately" needs another player's proof (FGP 4.4); the engine
  plays such cards when they must be played, so that cause arises only from
  a table rule or a replayed claim.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from .pit import penalty_hold

# FGP 13.12 causes (and the sections that raise them)
COLLISION = "collision"                  # FGP 13.5
PUSHED_OFF = "pushed_off_track"          # FGP 8.3.1, 13.4, 13.4.5 b
PIT_SPEEDING = "pit_speeding"            # FGP 11.1
YELLOW_LINE = "yellow_line"              # FGP 11.1, 11.3
HELD_ICON = "held_icon"                  # FGP 4.3.4, 4.4: not played immediately
INVESTIGATION = "investigation"          # FGP 13.12.1
END_OF_RACE = "end_of_race"              # FGP 12.2.1, 4.4 red icon

CAUSES = (COLLISION, PUSHED_OFF, PIT_SPEEDING, YELLOW_LINE, HELD_ICON, INVESTIGATION,
          END_OF_RACE)


@dataclass(frozen=True)
class PenaltyAward:
    seat: int
    tokens: int
    cause: str
    rule: str


_RULE = {COLLISION: "FGP 13.5", PUSHED_OFF: "FGP 13.4", PIT_SPEEDING: "FGP 11.1",
         YELLOW_LINE: "FGP 11.1", HELD_ICON: "FGP 4.4", INVESTIGATION: "FGP 13.12.1",
         END_OF_RACE: "FGP 12.2.1"}


def award(seat: int, cause: str, *, icons: int = 1) -> PenaltyAward:
    """FGP 13.12: the tokens one offence earns: one for a collision, a push off
    the track, pit speeding or a yellow-line crossing; one per penalty icon for
    the card causes."""
    if cause not in CAUSES:
        raise ValueError(f"unknown penalty cause {cause!r}")
    n = icons if cause in (HELD_ICON, INVESTIGATION, END_OF_RACE) else 1
    return PenaltyAward(seat, max(0, n), cause, _RULE[cause])


def total(held: int, awards: Sequence[PenaltyAward], seat: int) -> int:
    """FGP 13.12: tokens add up over the race."""
    return held + sum(a.tokens for a in awards if a.seat == seat)


@dataclass(unsafe_hash=True)
class HeldCard:
    card: str
    icons: int = 0                   # penalty icons (play immediately)
    end_icon: bool = False           # red icon: play before the race ends
    event: bool = True               # False: an ACTION card in hand


@dataclass(frozen=True)
class Investigation:
    """FGP 13.12.1: what every player shows and the tokens it costs."""
    shown: dict[int, tuple[str, ...]]     # seat -> EVENT cards revealed
    awards: tuple[PenaltyAward, ...]      # only seats with tokens


def card_icons(c: HeldCard, *, counts_end_icon: bool = False) -> int:
    return c.icons + (1 if counts_end_icon and c.end_icon else 0)


def investigation(held: Mapping[int, Sequence[HeldCard]], *, counts_hand: bool = False,
                  counts_end_icon: bool = False) -> Investigation:
    """FGP 13.12.1: every player shows the EVENT cards held; each penalty icon
    on them earns a Penalty token (see the module notes for the options)."""
    shown = {s: tuple(c.card for c in cards if c.event) for s, cards in held.items()}
    awards = []
    for s in sorted(held):
        n = sum(card_icons(c, counts_end_icon=counts_end_icon) for c in held[s]
                if c.event or counts_hand)
        if n:
            awards.append(award(s, INVESTIGATION, icons=n))
    return Investigation(shown, tuple(awards))


def end_of_race(held: Mapping[int, Sequence[HeldCard]]) -> tuple[PenaltyAward, ...]:
    """FGP 12.2.1 / 4.4: at the finish every card left with penalty icons costs a
    token per icon, and a card with the red end-of-race icon one token."""
    out = []
    for s in sorted(held):
        n = sum(c.icons + (1 if c.end_icon else 0) for c in held[s])
        if n:
            out.append(award(s, END_OF_RACE, icons=n))
    return tuple(out)


@dataclass(frozen=True)
class Serve:
    """FGP 13.12 / 11.2: serving the tokens in the pit box."""
    hold_rounds: int
    tokens_after: int


def serve(tokens: int, table: tuple[int, ...] = (0, 1, 1, 2)) -> Serve:
    """FGP 13.12: serving is mandatory at a pit stop: 1-2 tokens hold the car one
    round, 3 or more two rounds; then the tokens are discarded."""
    return Serve(penalty_hold(tokens, table), 0)


def end_tiles(tokens: int, tiles_per_token: int = 5) -> int:
    """FGP 13.12 / 12.2.1: tokens still held at the finish: 5 tiles back each."""
    return tokens * tiles_per_token
