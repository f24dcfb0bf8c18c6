"""Stock-car state: plain slotted classes with an explicit clone().

A car's place is `dist` (laps * sectors + sector, negative on the grid) and
`lane` (1.. from the inside, 0 = the Apron). The track spaces are a flat list
`occ` indexed by sector * (maxw + 1) + lane holding a car index or -1; the
Apron holds stacks (bottom car first) per sector in `apron`.
"""
from __future__ import annotations

from ...engine.chance import Chance
from ...engine.deck import Deck
from ...engine.rng import Rng
from ...engine.steps import Turn
from .content import load_content

# Where a car is (STOCK Losing a car): racing, or out of the race and why.
RACING, FINISHED, RETIRED, WORN, LAPPED = "racing", "finished", "retired", "worn", "lapped"

CAR_FIELDS = ("idx", "team", "number", "status", "dist", "lane", "temp", "perm",
              "flipped", "position", "leads", "lapdown")


class Car:
    # wear: the markers in both Wear boxes (derived, not in the document: the
    # rules and the bots read it at every activation; kept by whoever
    # changes a box: events.add_wear, pits.pit, from_doc)
    __slots__ = (*CAR_FIELDS, "wear")

    def __init__(self, idx: int, team: int, number: int):
        self.idx = idx
        self.team = team              # the seat that owns the car
        self.number = number
        self.status = RACING
        self.dist = 0
        self.lane = 1
        self.temp = [0, 0, 0]         # tyre, suspension, fuel (Temporary Wear box)
        self.perm = [0, 0]            # engine, body (Permanent Wear box)
        self.flipped = False          # activated this turn
        self.position: int | None = None   # Position marker, once out of the race
        self.leads = 0                # Turn Leader markers in the Turn Lead box
        self.lapdown = False          # Lap-down marker
        self.wear = 0

    @property
    def racing(self) -> bool:
        return self.status == RACING

    def clone(self) -> "Car":
        c = Car.__new__(Car)
        c.idx, c.team, c.number, c.status = self.idx, self.team, self.number, self.status
        c.dist, c.lane = self.dist, self.lane
        c.temp, c.perm = self.temp, self.perm    # shared: wear replaces them (events.add_wear)
        c.wear = self.wear
        c.flipped, c.position, c.leads, c.lapdown = (self.flipped, self.position,
                                                     self.leads, self.lapdown)
        return c

    def to_doc(self) -> dict:
        # A literal, not a loop over CAR_FIELDS: hashing a state calls this per car.
        return {"idx": self.idx, "team": self.team, "number": self.number,
                "status": self.status, "dist": self.dist, "lane": self.lane,
                "temp": list(self.temp), "perm": list(self.perm), "flipped": self.flipped,
                "position": self.position, "leads": self.leads, "lapdown": self.lapdown}

    @classmethod
    def from_doc(cls, doc: dict) -> "Car":
        c = cls(doc["idx"], doc["team"], doc["number"])
        for f in CAR_FIELDS:
            if f in doc:
                setattr(c, f, doc[f])
        c.temp, c.perm = list(c.temp), list(c.perm)
        if len(c.temp) != 3 or len(c.perm) != 2:
            raise ValueError(f"car #{c.number}: temp needs 3 counts, perm 2")
        c.wear = sum(c.temp) + sum(c.perm)
        return c


STATE_FIELDS = ("config", "chance", "turn", "track", "cars", "occ", "apron", "hands",
                "hand_size", "deck", "events", "event_card", "turn_number", "first", "side",
                "move", "queue", "pit_leader", "pitted", "yellow", "finished", "bar_reads",
                "scores", "classification", "cache", "tables", "seat_cars", "lead", "lines",
                "lap_line")


class State:
    """Everything about one stock-car race.

    `turn` is the decision machine's place (engine/steps.Turn: the pending
    decision, the automatic phase, whether the race is over; the step table
    is rules/steps.py); `turn_number` counts the game turns. `move` holds
    the activation in progress (see rules/movement.py); `queue` the seats
    still to decide in the pit stop and discard steps, `pit_leader` the
    leader when the pit stops began. `cache` holds the legal steps of the
    move in progress with what each does (derived, never saved, never
    cloned: None means "compute again"); `tables` the race's content and
    track (content.Content, content.Track: derived from the config, never
    saved; read at every step, where the config's pydantic fields are slow);
    `seat_cars` the indexes of each seat's cars (car_indexes_by_seat: derived, never
    saved, shared by clones, as a car never changes team); `lead` the leading
    car's index for the cars where they stand (-1: none races; None: not known,
    found again by rules/order.leader; derived, never saved: order.place,
    lift and movement.do_step keep it up to date); `lines` the linked lines
    in front of and behind the car about to move (rules/movement.lines:
    derived, never saved or cloned, kept with the move they were found for);
    `lap_line` a dist that no racing car is at or behind and none of them
    lapped, as rules/order.update_lapped last found (derived, never saved;
    None: not known; order.place forgets it when a car moves back).
    """

    __slots__ = STATE_FIELDS

    def clone(self) -> "State":
        s = State.__new__(State)
        s.config = self.config                   # immutable pydantic model
        s.chance = self.chance.clone()
        s.turn = self.turn.clone()
        s.track = self.track
        s.cars = [c.clone() for c in self.cars]
        s.occ = self.occ.copy()
        s.apron = {k: v.copy() for k, v in self.apron.items()}
        s.hands = [h.copy() for h in self.hands]
        s.hand_size = self.hand_size
        s.deck = self.deck.clone()
        s.events = self.events.clone()
        s.event_card = self.event_card
        s.turn_number, s.first, s.side = self.turn_number, self.first, self.side
        s.move = None if self.move is None else _copy_move(self.move)
        s.queue = self.queue.copy()
        s.pit_leader = self.pit_leader
        s.pitted = self.pitted.copy()
        s.yellow = self.yellow
        s.finished = self.finished.copy()
        s.bar_reads = self.bar_reads
        s.scores = None if self.scores is None else dict(self.scores)
        s.classification = self.classification.copy()
        s.cache = None                           # per decision: recomputed when asked
        s.tables = self.tables
        s.seat_cars = self.seat_cars
        s.lead = self.lead
        s.lines = None                           # kept with the move, which is copied
        s.lap_line = self.lap_line
        return s

    def to_doc(self) -> dict:
        return {
            "config": _config_doc(self.config),
            "chance": self.chance.to_doc(),
            "turn": self.turn.to_doc(),
            "track": self.track,
            "cars": [c.to_doc() for c in self.cars],
            "apron": {str(k): list(v) for k, v in sorted(self.apron.items()) if v},
            "hands": [list(h) for h in self.hands],
            "hand_size": self.hand_size,
            "deck": self.deck.to_doc(),
            "events": self.events.to_doc(),
            "event_card": self.event_card,
            "turn_number": self.turn_number, "first": self.first, "side": self.side,
            "move": None if self.move is None else _move_doc(self.move),
            "queue": list(self.queue),
            "pit_leader": self.pit_leader,
            "pitted": list(self.pitted),
            "yellow": self.yellow,
            "finished": list(self.finished),
            "bar_reads": self.bar_reads,
            "scores": None if self.scores is None else {str(k): v for k, v in self.scores.items()},
            "classification": list(self.classification),
        }

    @classmethod
    def from_doc(cls, doc: dict, config, track) -> "State":
        s = cls.__new__(cls)
        s.config = config
        s.chance = Chance(Rng(state=int(doc["chance"])))
        s.turn = Turn.from_doc(doc["turn"])
        s.track = doc["track"]
        s.cars = [Car.from_doc(c) for c in doc["cars"]]
        s.apron = {int(k): list(v) for k, v in doc.get("apron", {}).items()}
        s.occ = [-1] * (track.n * (track.maxw + 1))
        s.hands = [list(h) for h in doc["hands"]]
        s.hand_size = doc["hand_size"]
        s.deck = Deck.from_doc(doc["deck"])
        s.events = Deck.from_doc(doc["events"])
        s.event_card = doc.get("event_card")
        s.turn_number, s.first, s.side = doc["turn_number"], doc["first"], doc.get("side", 0)
        m = doc.get("move")
        s.move = None if m is None else _move_from_doc(m)
        s.queue = list(doc.get("queue", ()))
        s.pit_leader = doc.get("pit_leader")
        s.pitted = list(doc.get("pitted", ()))
        s.yellow = doc.get("yellow", False)
        s.finished = list(doc.get("finished", ()))
        s.bar_reads = doc.get("bar_reads", 0)
        sc = doc.get("scores")
        s.scores = None if sc is None else {int(k): v for k, v in sc.items()}
        s.classification = list(doc.get("classification", ()))
        s.cache = None
        s.tables = (load_content(config.content), track)
        s.seat_cars = car_indexes_by_seat(s.cars, len(config.seats))
        s.lead = None
        s.lines = s.lap_line = None
        return s


def car_indexes_by_seat(cars: list, seats: int) -> tuple:
    """Per seat, the indexes of its cars in list order: the rules and the
    bots read one team's cars many times a turn (which can act, which may
    pit, which car a number names), and a scan of the whole field costs
    four times as much in a four-team race."""
    return tuple(tuple(i for i, c in enumerate(cars) if c.team == seat) for seat in range(seats))


def cars_of(state, seat: int) -> list:
    """The seat's cars, in list order (read off state.seat_cars)."""
    # (map, not a comprehension: a comprehension is a function call of its own)
    return list(map(state.cars.__getitem__, state.seat_cars[seat]))


_CONFIG_DOCS: dict = {}


def _config_doc(config) -> dict:
    """The config as JSON-ready data, computed once per config object (a
    config never changes once a race starts; states share it)."""
    key = id(config)
    hit = _CONFIG_DOCS.get(key)
    if hit is None or hit[0] is not config:
        if len(_CONFIG_DOCS) > 256:
            _CONFIG_DOCS.clear()
        hit = _CONFIG_DOCS[key] = (config, config.model_dump(mode="json"))
    return {k: (list(v) if isinstance(v, list) else v) for k, v in hit[1].items()}


def _copy_move(m: dict) -> dict:
    out = dict(m)
    for key in ("snake", "visited", "cars"):
        if key in out:
            out[key] = list(out[key])
    return out


def _move_doc(m: dict) -> dict:
    out = dict(m)
    if "visited" in out:
        out["visited"] = [list(v) for v in out["visited"]]
    for key in ("snake", "cars"):
        if key in out:
            out[key] = list(out[key])
    return out


def _move_from_doc(m: dict) -> dict:
    out = dict(m)
    if "visited" in out:
        out["visited"] = [tuple(v) for v in out["visited"]]
    for key in ("snake", "cars"):
        if key in out:
            out[key] = list(out[key])
    return out
