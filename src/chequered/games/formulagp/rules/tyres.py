"""Tyre wear on the player board's wear track (FGP 10.1).

The marker index is `Car.wear` (0 = the first space of the board's
`tyre_track`; the last space holds the RED die icon). Most functions here are
pure: they take a BoardSide (or its icon list) and positions and return data;
`apply_wear` is the one helper that moves the marker and reports events.

Choices made (see docs/rules/formulagp.md):
- The marker never leaves the printed track: it stops on the last space (the
  RED die icon) and on space 0 (FGP 10.1 "not further than the beginning").
- Every icon effect is a function of the marker position: moving back across an
  icon undoes it (FGP 10.1 remark), the RED die icon included, so wear regained
  below that icon ends the RED die rolls. "Continues beyond the icon" is covered
  because the marker cannot go past it.
- Tyre wear is not added under the Safety Car (FGP 13.9.2; digest 10.1).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ....engine.protocol import Event, SharedEvents
from ..content import BoardSide
from .optional_rules import medium_start

BonusSide = Literal["fresh", "degraded", "none"]
DRY = ("soft", "medium", "hard")                   # FGP 5.1.3
ALL_TYRES = ("soft", "medium", "hard", "wet")      # wet: [ADV] 10.2

# FGP 10.1: which icon degrades / wears out each compound.
DEGRADE_ICON = {"soft": "degrade_soft_medium", "medium": "degrade_soft_medium",
                "hard": "degrade_hard_wet", "wet": "degrade_hard_wet"}
WORN_ICONS = {"soft": ("worn_soft", "worn_soft_medium"),
              "medium": ("worn_medium", "worn_soft_medium"),
              "hard": ("worn_hard_wet",), "wet": ("worn_hard_wet",)}

# FGP 10.1: where wear comes from (the caller says which; each is +n spaces).
INCREASE_CAUSES = (
    "lane_change",        # a lane change with a RED or ORANGE card or a pair holding one
    "tyre_wear_card",     # a Tyre Wear card played (FGP 4.3.2), Brake! included (8.9)
    "tyre_wear_secondary",  # the Tyre Wear card's secondary function
    "loss_of_control",    # spin or counter-steer (FGP 13.4)
    "die",                # YELLOW or RED die face (FGP 4.11)
    "card_effect",        # EVENT, RISK, DAMAGE or FAILURE card
    "gravel",             # FGP 13.13.1 drive-through
)
DECREASE_CAUSES = ("pit_stop", "secondary", "event", "team_radio")


def _check_tyre(tyre: str) -> None:
    if tyre not in ALL_TYRES:
        raise ValueError(f"FGP 10.1: unknown tyre type {tyre!r}")


def start_position(side: BoardSide, tyre: str) -> int:
    """FGP 10.1: the marker's start for this compound (soft and medium share one)."""
    _check_tyre(tyre)
    return side.start_position(tyre)


def clamp(side: BoardSide, position: int) -> int:
    """FGP 10.1: the marker stays between the first and the last space."""
    last = len(side.tyre_track) - 1
    if position > last:
        position = last
    return position if position > 0 else 0     # (tests, not min/max: see cards.ers_max)


def icons_between(track: list[str], old: int, new: int) -> list[tuple[int, str]]:
    """FGP 10.1: the icon spaces the marker reaches moving from `old` to `new`
    (forward: old+1..new), or leaves moving back (back: new+1..old), in the
    order met. Spaces without an icon are left out."""
    if new >= old:
        idx = range(old + 1, new + 1)
    else:
        idx = range(old, new, -1)
    return [(i, track[i]) for i in idx if track[i] != "none"]


def tyre_state(side: BoardSide, tyre: str, position: int) -> str:
    """FGP 10.1: 'fresh', 'degraded' or 'worn' for this compound at `position`."""
    _check_tyre(tyre)
    return side.tyre_state(tyre, position)


def bonus_side(side: BoardSide, tyre: str, position: int) -> BonusSide:
    """FGP 10.1: which side of the Tyre Bonus token shows ('none' = removed)."""
    return {"fresh": "fresh", "degraded": "degraded", "worn": "none"}[
        tyre_state(side, tyre, position)]


def tyre_bonus(side: BoardSide, tyre: str, position: int, malus: int = 0) -> int:
    """FGP 7.3.3.5 step 2 / 10.1: the MP bonus of the token as it lies (0 once
    removed); `malus` is a 'tyre_bonus' DAMAGE/FAILURE board value (FGP 13.6),
    never taking the bonus below 0."""
    bonus = side.tyre_bonus(tyre, position) + malus
    return bonus if bonus > 0 else 0


def worn_out(side: BoardSide, tyre: str, position: int) -> bool:
    """FGP 10.1: worn-out tyres: no tyre bonus, Tyre Wear cards can no longer
    extend (8.2.2) or brake (8.9), and may be discarded (4.3.2)."""
    return tyre_state(side, tyre, position) == "worn"


def red_die_tyres(side: BoardSide, position: int) -> bool:
    """FGP 10.1: at (or past) the RED die icon the car rolls the RED die after
    every move."""
    return position >= side.tyre_track.index("red_die")


def red_die_after_move(side: BoardSide, position: int, *, skip_once: bool = False) -> bool:
    """FGP 10.1: must the car roll the RED die for its tyres after this move?
    `skip_once`: the tyres' RED roll kept the car out of the pit lane last turn,
    so the pit entry this turn rolls no second time."""
    return red_die_tyres(side, position) and not skip_once


@dataclass(slots=True, frozen=True)
class WearChange:
    """The result of moving the marker (FGP 10.1), for the round machine."""
    old: int
    new: int
    reached: tuple[tuple[int, str], ...]   # icons met moving forward
    undone: tuple[tuple[int, str], ...]    # icons left behind moving back
    bonus_before: BonusSide
    bonus_after: BonusSide
    worn_out: bool
    red_die: bool

    @property
    def delta(self) -> int:
        return self.new - self.old

    @property
    def flipped(self) -> bool:
        """The bonus token changed side, was removed or came back."""
        return self.bonus_before != self.bonus_after


def wear_change(side: BoardSide, tyre: str, position: int, delta: int, *,
                safety_car: bool = False) -> WearChange:
    """FGP 10.1: move the marker `delta` spaces (negative: regained wear) and
    say what it met. Under the Safety Car increases are ignored (FGP 13.9.2)."""
    if safety_car and delta > 0:
        delta = 0
    # a fact of the board side: each answer worked out once (a WearChange
    # is a value nothing changes), in a table per side
    hit = _CHANGES.get(id(side))
    if hit is None or hit[0] is not side:
        hit = _CHANGES[id(side)] = (side, {})
    got = hit[1].get((tyre, position, delta))
    if got is None:
        got = hit[1][(tyre, position, delta)] = _wear_change(side, tyre, position, delta)
    return got


_CHANGES: dict = {}     # id(side) -> (side, {(tyre, position, delta): _wear_change})


def _wear_change(side: BoardSide, tyre: str, position: int, delta: int) -> WearChange:
    new = clamp(side, position + delta)
    moved = icons_between(side.tyre_track, position, new)
    return WearChange(
        old=position, new=new,
        reached=tuple(moved) if new > position else (),
        undone=tuple(moved) if new < position else (),
        bonus_before=bonus_side(side, tyre, position),
        bonus_after=bonus_side(side, tyre, new),
        worn_out=worn_out(side, tyre, new),
        red_die=red_die_tyres(side, new))


# a public event whose data are the seat and two small numbers: one per
# (seat, old and new position, rule), shared by every race (some 80 a race)
_WEAR = SharedEvents(lambda seat, old, new, rule: Event(
    "tyre_wear", {"seat": seat, "delta": new - old, "wear": new}, rule))


def wear_events(seat: int, ch: WearChange, rule: str = "FGP 10.1") -> list[Event]:
    """The events that report one WearChange."""
    ev = [_WEAR[seat, ch.old, ch.new, rule]]
    if ch.flipped:
        ev.append(Event("tyre_bonus", {"seat": seat, "side": ch.bonus_after}, "FGP 10.1"))
    for _, icon in ch.reached:          # (a loop: any() of a generator costs more)
        if icon == "red_die":
            ev.append(Event("red_die_tyres", {"seat": seat}, "FGP 10.1"))
            break
    return ev


def apply_wear(side: BoardSide, car, delta: int, *, rule: str = "FGP 10.1",
               safety_car: bool = False) -> list[Event]:
    """Move `car.wear` by `delta` (FGP 10.1) and return the events."""
    ch = wear_change(side, car.tyre, car.wear, delta, safety_car=safety_car)
    car.wear = ch.new
    return wear_events(car.seat, ch, rule)


def fit_tyres(side: BoardSide, tyre: str, *, medium_early: bool = False) -> int:
    """FGP 10.1 / 11.2: a new set: the full bonus side, the marker on the
    compound's start (FGP 15.5 `medium_early`: Mediums one space before).
    Returns the new marker position."""
    return medium_start(start_position(side, tyre), tyre, on=medium_early)


def worn_out_discards(hand: list[str], tyre_wear_cards: set[str], *, worn: bool) -> list[str]:
    """FGP 10.1 / 4.3.2: with worn-out tyres the Tyre Wear cards in hand may be
    discarded (they can no longer extend or brake); otherwise none may."""
    return [c for c in dict.fromkeys(hand) if worn and c in tyre_wear_cards]
