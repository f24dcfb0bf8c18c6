"""FormulaGP actions: one small dataclass per kind of decision step
(docs/design/formulagp-digest.md, the round's decision-step machine). Card
lists are tuples of ACTION card ids; every action round-trips through JSON
(lists become tuples in __post_init__).

Actions are values: nothing changes one once made, and they hash by their
fields. They are not declared frozen, because a frozen dataclass sets each
field through object.__setattr__ and a race builds thousands of them (as
engine/routes.Route; the rules' small records made during a race alike)."""
from __future__ import annotations

from dataclasses import dataclass


_SHARED: dict = {}


def one(cls, *args):
    """The action `cls(*args)`, one object per distinct value: legal lists
    are built again at every decision from values that repeat."""
    key = (cls, args)
    got = _SHARED.get(key)
    if got is None:
        if len(_SHARED) >= 4096:        # values follow hands: bound the table
            _SHARED.clear()
        got = _SHARED[key] = cls(*args)
    return got


def _tuple(obj, *names):
    # JSON's lists made tuples; each __post_init__ calls it only for a field
    # not a tuple already (the rules hand tuples: some 260 actions a race
    # made, the call costing more than the test)
    for n in names:
        v = getattr(obj, n)
        if isinstance(v, list):
            object.__setattr__(obj, n, tuple(v))


@dataclass(slots=True, unsafe_hash=True)
class StartTyre:
    """FGP 5.1.3: the compound the car starts the race on (chosen face down)."""
    tyre: str


@dataclass(slots=True, unsafe_hash=True)
class Return:
    """FGP 7.3.1 step 2: return a card drawn this phase to the bottom of the deck."""
    card: str


@dataclass(slots=True, unsafe_hash=True)
class Done:
    """End the current step (returns, preparations, extensions, boosts...)."""


@dataclass(slots=True, unsafe_hash=True)
class Cards:
    """A secret simultaneous commitment (FGP 6 qualifying, 7.2.1 round 1,
    9.3 battle): the cards, and the declared colour of each ORANGE primary.
    No cards = no play (missed qualifying, no defence)."""
    cards: tuple = ()
    orange_as: tuple = ()

    def __post_init__(self):
        if type(self.cards) is not tuple or type(self.orange_as) is not tuple:
            _tuple(self, "cards", "orange_as")


@dataclass(slots=True, unsafe_hash=True)
class Push:
    """FGP 6: push the limit in qualifying (roll WHITE) or not."""
    push: bool


@dataclass(slots=True, unsafe_hash=True)
class CounterSteer:
    """FGP 13.4.1 / 6: spend a card with the counter-steer function; None = no
    card (spin, or crash in qualifying)."""
    card: str | None


@dataclass(slots=True, unsafe_hash=True)
class PoleKeep:
    """FGP 7.2.1: the pole sitter keeps one of the three cards drawn and puts
    the other two on the top or bottom of the deck (first listed goes first)."""
    keep: str
    top: tuple = ()
    bottom: tuple = ()

    def __post_init__(self):
        if type(self.top) is not tuple or type(self.bottom) is not tuple:
            _tuple(self, "top", "bottom")


@dataclass(slots=True, unsafe_hash=True)
class PlayCard:
    """FGP 7.3.3.1 preparations: play an Option card (draw an EVENT), a held
    EVENT card, a Tyre Wear card to free hand space, or discard under the
    Safety Car (FGP 13.9.2)."""
    card: str
    how: str = "play"          # play | event | tyre_wear | sc_discard


@dataclass(slots=True, unsafe_hash=True)
class Spend:
    """FGP 4.2.2: spend cards for a secondary function (one card, or two with
    the same 2x icon; `colour` names the parameter restored)."""
    function: str
    cards: tuple = ()
    colour: str | None = None

    def __post_init__(self):
        if type(self.cards) is not tuple:
            _tuple(self, "cards")


@dataclass(slots=True, unsafe_hash=True)
class Parameter:
    """FGP 4.12: use a parameter token (yellow +1 ERS, red +1 OT, white redraw
    discarding `discard`)."""
    colour: str
    discard: tuple = ()

    def __post_init__(self):
        if type(self.discard) is not tuple:
            _tuple(self, "discard")


@dataclass(slots=True, unsafe_hash=True)
class QuickRepair:
    """FGP 13.7.1: pay a FAILURE card's quick-repair cost with these cards."""
    failure: str
    cards: tuple = ()

    def __post_init__(self):
        if type(self.cards) is not tuple:
            _tuple(self, "cards")


@dataclass(slots=True, unsafe_hash=True)
class NoMove:
    """FGP 7.3.1 step 3: a step of the no-movement-card procedure."""
    choice: tuple

    def __post_init__(self):
        if type(self.choice) is not tuple:
            _tuple(self, "choice")


@dataclass(slots=True, unsafe_hash=True)
class Play:
    """FGP 7.3.3.2 / 7.3.3.5: the movement card or pair, ORANGE declared,
    and whether the car characteristic (+1) is used."""
    cards: tuple
    orange_as: tuple = ()
    characteristic: bool = False

    def __post_init__(self):
        if type(self.cards) is not tuple or type(self.orange_as) is not tuple:
            _tuple(self, "cards", "orange_as")


@dataclass(slots=True, unsafe_hash=True)
class Step:
    """FGP 8.3: one movement point to this space."""
    to: int


@dataclass(slots=True, unsafe_hash=True)
class Stop:
    """FGP 9.2: stop behind the car ahead (the rest of the points go to OT)."""


@dataclass(slots=True, unsafe_hash=True)
class Reduce:
    """FGP 8.2.1 / 8.9: stop now; `charge` points become ERS charges and one
    point is braked away per Tyre Wear card in `brake`."""
    charge: int = 0
    brake: tuple = ()

    def __post_init__(self):
        if type(self.brake) is not tuple:
            _tuple(self, "brake")


@dataclass(slots=True, unsafe_hash=True)
class Extend:
    """FGP 8.2.2: one more movement point, from ERS (straight) or a Tyre Wear
    card (curve)."""
    via: str
    card: str | None = None


@dataclass(slots=True, unsafe_hash=True)
class Attack:
    """FGP 9.2: attack this car (None: end the move, OT wasted); `side` for
    the first OT point from a slipstream space (FGP 9.4.1)."""
    defender: int | None
    side: str | None = None


@dataclass(slots=True, unsafe_hash=True)
class Boost:
    """FGP 9.3 step 2: after the reveal, spend ERS for its LEDs, use the driver
    skill, play held EVENT cards."""
    ers: bool = False
    skill: bool = False
    events: tuple = ()

    def __post_init__(self):
        if type(self.events) is not tuple:
            _tuple(self, "events")


@dataclass(slots=True, unsafe_hash=True)
class Discard:
    """A forced discard (FGP 8.8 hand limit; card effects)."""
    card: str


@dataclass(slots=True, unsafe_hash=True)
class PitStop:
    """FGP 11.2: tyres to fit (None: keep), cards to discard and redraw,
    repairs (none | one | all; `card` for one)."""
    tyre: str | None = None
    redraw: tuple = ()
    repair: str = "none"
    card: str | None = None

    def __post_init__(self):
        if type(self.redraw) is not tuple:
            _tuple(self, "redraw")


@dataclass(slots=True, unsafe_hash=True)
class Rejoin:
    """FGP 13.4.5 b: the track space to come back on."""
    to: int


@dataclass(slots=True, unsafe_hash=True)
class RadioKeep:
    """FGP 4.9 [ADV]: keep this TEAM RADIO card (one of those just drawn, or
    the one held); the others go face up on the discard pile."""
    card: str


@dataclass(slots=True, unsafe_hash=True)
class RadioSwap:
    """FGP 4.9 [ADV]: how to change the TEAM RADIO card: 'discard' takes the
    top card of the discard pile, 'deck' draws two to keep one of."""
    way: str


@dataclass(slots=True, unsafe_hash=True)
class UseRadio:
    """FGP 4.9 [ADV]: use the TEAM RADIO card held (its benefit for its price)."""
    card: str


@dataclass(slots=True, unsafe_hash=True)
class QualiWear:
    """FGP 15.3: tyre wear points added for as many qualifying points."""
    points: int = 0


@dataclass(slots=True, unsafe_hash=True)
class TyreSets:
    """FGP 15.10 (option): the dry tyre sets taken for the race, "A" or "B"."""
    choice: str


@dataclass(slots=True, unsafe_hash=True)
class TeamOrder:
    """FGP 14.4 (option team_orders): issue this team order to the car's Pro
    BOT teammate now ("no_overtake", "no_defence", "w2w_after"), or None: no order."""
    order: str | None = None


ACTION_TYPES = (StartTyre, Return, Done, Cards, Push, CounterSteer, PoleKeep, PlayCard, Spend,
                Parameter, QuickRepair, NoMove, Play, Step, Stop, Reduce, Extend, Attack,
                Boost, Discard, PitStop, Rejoin, RadioKeep, RadioSwap, UseRadio, QualiWear,
                TyreSets, TeamOrder)


def canon(action) -> tuple:
    """An action's identity for matching (engine/steps.Step `key`): its card
    lists compare as sets, since a player may name the cards of a play in any
    order; the declared colours of ORANGE cards keep theirs."""
    out = []
    for f in action.__dataclass_fields__:
        v = getattr(action, f)
        out.append(tuple(sorted(map(str, v))) if isinstance(v, tuple) and f != "orange_as" else v)
    return (type(action).__name__, tuple(out))
