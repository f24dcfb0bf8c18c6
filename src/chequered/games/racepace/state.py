"""Race Pace state: plain slotted classes with an explicit clone().

Bars are small ints 0..4 for levels A..E. A car's `dist` counts laps from
the start line; grid slots behind it are negative (RP Circuit: grid positions
3-8 drive 1 to 3 more laps). The race is won at dist >= circuit laps.
"""
from __future__ import annotations

from ...engine.chance import Chance
from ...engine.deck import Deck
from ...engine.steps import Turn
from .tables import tables

MEC, PU, AER, SKI, XP, EBS = range(6)   # bar indices, RP Steering Wheel M

# The leaderboard key (Car.rank) is one int, -dist * LAP_KEY + (NO_EBS_KEY if
# the car entered its lap without EBS) + stamp: ordered as the tuple (-dist,
# not ebs_entry, stamp) while 0 <= stamp < NO_EBS_KEY (a season makes a few
# thousand; positions.py refuses more), and cheaper to sort and compare.
NO_EBS_KEY = 1 << 20
LAP_KEY = 1 << 21
STAMP_ROOM = NO_EBS_KEY // 2      # (positions: room left for the moves still to come)


def rank_key(dist: int, stamp: int, ebs_entry: bool) -> int:
    """RP Race Positions: the leaderboard key of a car on lap `dist`, that
    entered it `stamp`-th, with EBS or not (smaller ranks higher)."""
    return stamp - dist * LAP_KEY + (0 if ebs_entry else NO_EBS_KEY)


CAR_FIELDS = (
    "seat", "bot", "team", "driver", "bars", "dist", "stamp", "ebs_entry", "tyre", "td",
    "sets", "used", "tokens", "next_tokens", "button", "copied", "pit", "charge",
    "ebs_bonus", "ebs_used", "start_bonus", "card_rp", "rp", "moved", "overtook",
    "finished", "finish_round", "dsq",
)


class Car:
    # `rank` (not part of the position): the leaderboard key, set with the
    # three fields it is made of (place): sorting by it calls nothing a car.
    __slots__ = (*CAR_FIELDS, "rank")

    def __init__(self, seat: int, bot: bool):
        self.seat = seat
        self.bot = bot
        self.team: str | None = None
        self.driver: str | None = None
        self.bars: list[int] = [0] * 6
        self.dist = 0                 # laps from the start line
        self.stamp = 0                # order of entering the current lap
        self.ebs_entry = False        # entered the current lap with EBS (RP Race Positions)
        self.rank = NO_EBS_KEY        # (the key of those three, place)
        self.tyre: str | None = None  # current compound
        self.td = 0                   # laps on the current tyres (RP Tyre Degradation Bar)
        self.sets = {"S": 2, "M": 2}  # unused soft and medium sets
        self.used: list[str] = []     # compounds raced this race, in order
        self.tokens: list[int] = []       # RP tokens to resolve this round
        self.next_tokens: list[int] = []  # RP tokens taken this round, for the next
        self.button: int | None = None    # action selected this round
        self.copied: int | None = None    # action copied with React
        self.pit = False              # made a pit stop this round
        self.charge = False           # no tyre degradation this round
        self.ebs_bonus = 0            # EBS RP from the Use EBS action this round
        self.ebs_used = False         # an EBS bonus counted this round (RP EBS notes)
        self.start_bonus = 0          # RP from the Start action this round
        self.card_rp = 0              # RP from situation cards and team penalties
        self.rp = 0                   # the race pace counted this round
        self.moved = 0                # laps moved this round
        self.overtook = False         # passed a driver this round (Valentino)
        self.finished = False
        self.finish_round = 0
        self.dsq: str | None = None

    def place(self, dist: int, stamp: int, ebs_entry: bool) -> None:
        """Put the car on lap `dist`, entering it `stamp`-th (with EBS or
        not). RP Race Positions: furthest first; in the same lap, a car that
        entered with EBS ranks higher, then the car that entered first."""
        self.dist = dist
        self.stamp = stamp
        self.ebs_entry = ebs_entry
        self.rank = rank_key(dist, stamp, ebs_entry)

    def clone(self) -> "Car":
        c = Car.__new__(Car)
        # Field by field, spelled out: a loop of getattr/setattr over
        # CAR_FIELDS costs four times as much (a search clones every car).
        c.seat = self.seat
        c.bot = self.bot
        c.team = self.team
        c.driver = self.driver
        c.bars = self.bars.copy()
        c.dist = self.dist
        c.stamp = self.stamp
        c.ebs_entry = self.ebs_entry
        c.rank = self.rank
        c.tyre = self.tyre
        c.td = self.td
        c.sets = self.sets.copy()
        c.used = self.used.copy()
        c.tokens = self.tokens.copy()
        c.next_tokens = self.next_tokens.copy()
        c.button = self.button
        c.copied = self.copied
        c.pit = self.pit
        c.charge = self.charge
        c.ebs_bonus = self.ebs_bonus
        c.ebs_used = self.ebs_used
        c.start_bonus = self.start_bonus
        c.card_rp = self.card_rp
        c.rp = self.rp
        c.moved = self.moved
        c.overtook = self.overtook
        c.finished = self.finished
        c.finish_round = self.finish_round
        c.dsq = self.dsq
        return c

    def to_doc(self) -> dict:
        doc = {f: getattr(self, f) for f in CAR_FIELDS}
        doc["bars"] = list(self.bars)
        doc["sets"] = dict(self.sets)
        doc["used"] = list(self.used)
        doc["tokens"] = list(self.tokens)
        doc["next_tokens"] = list(self.next_tokens)
        return doc

    @classmethod
    def from_doc(cls, doc: dict) -> "Car":
        c = cls(doc["seat"], doc["bot"])
        for f in CAR_FIELDS:
            if f in doc:
                setattr(c, f, doc[f])
        c.bars = list(c.bars)
        c.sets = dict(c.sets)
        c.place(c.dist, c.stamp, c.ebs_entry)
        return c


class Variants:
    """The config's rule variants as plain flags (RP Team Play, Campaign and
    Driver Academy Modes, Bot mode), kept on the state like its tables: each
    config property is a pydantic attribute read and a call, and the rules
    ask several a round."""

    __slots__ = ("team_play", "campaign", "academy", "bot_mode")

    def __init__(self, config):
        self.team_play = config.team_play
        self.campaign = config.campaign
        self.academy = config.academy
        self.bot_mode = config.bot_mode


STATE_FIELDS = (
    "config", "chance", "turn", "cars", "circuit", "race_index", "round", "queue",
    "start_player", "weather", "weather_card", "rain_drawn", "decks", "hidden",
    "situation", "safety_car", "sc_cause", "backmarkers", "finish_side", "stamp_counter",
    "taken", "reactors", "standings", "fastest", "race_results",
)


class RaceState:
    """Everything about one Race Pace race (or a campaign of races).

    `turn` is where the decision machine stands (rules/round.py): its phase
    (team, driver, tyre, select, react), the decision pending and whether the
    race is over; `queue` holds the seats still to decide in this phase after
    the one deciding now, in order.

    `tables` (not part of the position) is the content's lookups
    (tables.py), kept at hand: calling tables(config.content) on every
    selection cost more than the selection's own rule. `variants` (not part
    of the position either) is the config's rule variants as plain flags.
    """

    __slots__ = (*STATE_FIELDS, "tables", "variants")

    def clone(self) -> "RaceState":
        s = RaceState.__new__(RaceState)
        s.config = self.config                      # immutable pydantic model
        s.tables = self.tables
        s.variants = self.variants
        s.chance = self.chance.clone()
        s.turn = self.turn.clone()
        s.cars = [c.clone() for c in self.cars]
        s.circuit = self.circuit
        s.race_index = self.race_index
        s.round = self.round
        s.queue = self.queue.copy()
        s.start_player = self.start_player
        s.weather = self.weather.copy()
        s.weather_card = self.weather_card
        s.rain_drawn = self.rain_drawn
        s.decks = {k: d.clone() for k, d in self.decks.items()}
        s.hidden = {k: v.copy() for k, v in self.hidden.items()}
        s.situation = self.situation.copy()
        s.safety_car = self.safety_car
        s.sc_cause = self.sc_cause.copy()
        s.backmarkers = {k: v.copy() for k, v in self.backmarkers.items()}
        s.finish_side = self.finish_side
        s.stamp_counter = self.stamp_counter
        s.taken = {k: v.copy() for k, v in self.taken.items()}
        s.reactors = self.reactors.copy()
        s.standings = self.standings.copy()
        s.fastest = self.fastest
        s.race_results = [r.copy() for r in self.race_results]
        return s

    def to_doc(self) -> dict:
        return {
            "config": self.config.model_dump(mode="json"),
            "chance": self.chance.to_doc(),
            "turn": self.turn.to_doc(),
            "cars": [c.to_doc() for c in self.cars],
            "circuit": self.circuit,
            "race_index": self.race_index,
            "round": self.round,
            "queue": list(self.queue),
            "start_player": self.start_player,
            "weather": list(self.weather),
            "weather_card": self.weather_card,
            "rain_drawn": self.rain_drawn,
            "decks": {k: d.to_doc() for k, d in self.decks.items()},
            "hidden": {k: list(v) for k, v in self.hidden.items()},
            "situation": dict(self.situation),
            "safety_car": self.safety_car,
            "sc_cause": sorted(self.sc_cause),
            "backmarkers": {str(k): list(v) for k, v in self.backmarkers.items()},
            "finish_side": self.finish_side,
            "stamp_counter": self.stamp_counter,
            "taken": {str(k): list(v) for k, v in self.taken.items()},
            "reactors": list(self.reactors),
            "standings": {str(k): v for k, v in self.standings.items()},
            "fastest": list(self.fastest) if self.fastest else None,
            "race_results": [dict(r) for r in self.race_results],
        }

    @classmethod
    def from_doc(cls, doc: dict, config) -> "RaceState":
        s = cls.__new__(cls)
        s.config = config
        s.tables = tables(config.content)
        s.variants = Variants(config)
        s.chance = Chance.from_state(doc["chance"])
        s.turn = Turn.from_doc(doc["turn"])
        s.cars = [Car.from_doc(c) for c in doc["cars"]]
        s.circuit = doc["circuit"]
        s.race_index = doc.get("race_index", 0)
        s.round = doc["round"]
        s.queue = list(doc["queue"])
        s.start_player = doc["start_player"]
        s.weather = list(doc["weather"])
        s.weather_card = doc.get("weather_card")
        s.rain_drawn = doc.get("rain_drawn", False)
        s.decks = {k: Deck.from_doc(d) for k, d in doc["decks"].items()}
        s.hidden = {k: list(v) for k, v in doc.get("hidden", {}).items()}
        s.situation = dict(doc.get("situation", {}))
        s.safety_car = doc.get("safety_car", False)
        s.sc_cause = set(doc.get("sc_cause", ()))
        s.backmarkers = {int(k): list(v) for k, v in doc.get("backmarkers", {}).items()}
        s.finish_side = doc.get("finish_side", "A")
        s.stamp_counter = doc.get("stamp_counter", 0)
        s.taken = {int(k): list(v) for k, v in doc.get("taken", {}).items()}
        s.reactors = list(doc.get("reactors", ()))
        s.standings = {int(k): v for k, v in doc.get("standings", {}).items()}
        f = doc.get("fastest")
        s.fastest = tuple(f) if f else None
        s.race_results = [dict(r) for r in doc.get("race_results", ())]
        return s
