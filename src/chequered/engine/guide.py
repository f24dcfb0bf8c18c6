"""What the front ends show beside the board, for players: the legend of the
board's marks, the running order, a short word on each decision, warnings
before a choice that harms your own race, and a first-race tutorial.

A game declares these in its spec (engine/spec.py); all but `explain` and
`tutorial` are functions of a seat's view, so they can only ever tell that
seat what it may see. The web page and the terminal draw them the same way
for every game (web/messages.py, terminal.py).
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field


@dataclass(frozen=True)
class Mark:
    """One kind of mark on a game's board, for the legend.

    `symbol` is how the terminal board writes it ("=", "s", "NP"); `swatch`
    an SVG fragment drawn in a 24x24 box for the page's legend (empty: the
    symbol is shown instead); `rule` the section that governs it."""

    symbol: str
    name: str
    text: str
    rule: str = ""
    swatch: str = ""

    def to_doc(self) -> dict:
        return asdict(self)


@dataclass(frozen=True)
class Fact:
    """One number or word about a car in the running order (speed, tyres,
    cards in hand), with what it means as a tooltip."""

    label: str
    value: str
    tip: str = ""


@dataclass(frozen=True)
class Standing:
    """One row of the running order: who is where, and what matters now."""

    place: int
    name: str
    seat: int | None = None          # the player's seat (None: a car no seat plays)
    facts: tuple[Fact, ...] = ()
    status: str = ""                 # "finished", "retired", "in the pits"...

    def to_doc(self) -> dict:
        return {"place": self.place, "name": self.name, "seat": self.seat,
                "status": self.status,
                "facts": [asdict(f) for f in self.facts]}


@dataclass(frozen=True)
class Tutorial:
    """A short first race: one human seat against the game's bots on a fixed
    seed, with a word before it starts and after it ends. Each decision is
    explained as it comes by the spec's `explain` text for its step."""

    config: dict                     # GameConfig fields; seat 0 is the learner
    seed: int
    intro: str
    outro: str
    # the learner's decisions, at most, when every first listed choice is
    # taken (a test clicks it through)
    max_decisions: int = 80
    notes: dict = field(default_factory=dict)   # step name -> extra word for this race

    def to_doc(self) -> dict:
        return asdict(self)


def docs(items) -> list[dict]:
    return [i.to_doc() for i in items]
