"""FormulaGP state: plain slotted classes with an explicit clone() and a
JSON-ready to_doc()/from_doc() pair (the position document).

Card ids are the content ids (ACTION "G01", "T03", "F01" ...; EVENT/RISK/
DAMAGE/FAILURE ids from their decks). Every player owns a 45-card ACTION deck
(FGP 4.1), so ACTION ids repeat between players but never inside one deck.

Conventions (see docs/design/formulagp-digest.md):
- `space` is a space id of the built track graph (track.Track.spaces); None
  while the car is in its pit box or has not taken the grid yet.
- `wear` is the index of the tyre-wear marker on the board's tyre track
  (content BoardSide.tyre_track); the tyre state is derived from it (FGP 10.1).
- `stress` counts spaces on the DRIVER card's stress track: 1 the focus
  space, 2 the middle space where it starts, 3 STRESSED (FGP 5.1.2, 13.3).
- `ot` is 0 on the board's 'OT' space (FGP 5.1.3 a).
- Pit boxes: `Race.pit_order[i]` is the seat in box i, box 0 closest to the
  pit exit (FGP 3.1); ties all over the rules go to the closer box.
- The chequered flag token marks the current round on the Weather Radar;
  Standard starts it on space 9 (FGP 3.2 b) and the final lap is space 24, so
  a Standard race has 16 rounds (digest A2).

No global random: every shuffle, draw and die goes through engine/chance.py
on `Race.chance`; where the race is between decisions (phase, pending
decision, over) is `Race.turn`, the engine's Turn (rules/steps.py).
"""
from __future__ import annotations

from ...engine.chance import Chance
from ...engine.deck import Deck
from ...engine.rng import Rng
from ...engine.steps import Turn
from .config import FormulaGPConfig

PARAMETERS = ("white", "yellow", "red")          # FGP 4.12
SHARED_DECKS = ("event", "risk", "damage", "failure", "driver")   # FGP 3.4, 4.1
ACTION_DECK_SIZE = 45                            # FGP 4.3

CAR_FIELDS = (
    # identity and board (FGP 5.1)
    "seat", "board", "side", "team", "number", "driver", "controller",
    # position
    "space", "box", "in_pit", "pit_lane_start", "laps", "gear",
    # tyres (FGP 5.1.3, 10.1)
    "tyre", "wear", "tyres_left",
    # board indicators (FGP 5.1.3, 4.10, 4.12, 13.3)
    "ot", "ers", "stress", "focus", "leader", "params",
    # cards (FGP 4.1-4.2, 7.3.1)
    "deck", "hand", "drawn", "returns_left", "returned", "held_events", "damage", "failures",
    # tokens (FGP 13.6, 13.7, 13.12, 9.5, 11.3, 13.11)
    "damage_tokens", "failure_tokens", "penalties", "w2w", "w2w_with", "cold_tyres",
    "blue_flag",
    # turn and round flags
    "moved", "spun", "off_track", "characteristic_used", "mp_bonus", "damaged_this_round",
    "lose_turn", "box_call", "no_move_procedure",
    # qualifying and start (FGP 6, 7.2)
    "quali_score", "crashed", "stuck_in_neutral", "grid",
    # laps and flags (FGP 12, 13.11), incidents (FGP 13.4), pit (FGP 11.2)
    "laps_down", "attempts", "crossed_final", "facing_back", "off_spot", "rejoin",
    "skip_red", "box_wait", "exit_roll", "repairing",
    # this turn's card effects (FGP 4.4-4.7, 13.13.1)
    "mp_event", "leds_event", "no_pairs_next", "no_tyre_bonus_next", "skill_used",
)

# [ADV] car fields and their defaults, written to the position document only
# once they differ from the default, so that a Standard race's document (and
# the golden records' hashes) stays as it was
ADV_CAR_FIELDS = {
    "fresh_tyres": False,        # [ADV] the Fresh Tyres token on the board (FGP 11.4)
    # FGP 4.9 TEAM RADIO: the card held face down (None: none), whether the table
    # has seen it since it was taken (used or shown), the cards drawn to keep one of
    "radio": None,
    "radio_seen": False,
    "radio_drawn": [],
    "tyres_used": [],            # [ADV] FGP 5.1.3: compounds used, from the first tyre change on
}

# fields holding lists / dicts that clone() must copy (Car.clone is written
# out field by field once, below the class: a loop of getattr/setattr costs
# three times as much, and search clones a race for every whole move)
_LIST_FIELDS = ("tyres_left", "hand", "drawn", "held_events", "damage", "failures",
                "damage_tokens", "failure_tokens", "w2w_with")


class Car:
    """One car and its player: board, driver, cards and tokens.

    The rulebook's player and car are one seat each, so one class holds both;
    `Player` is an alias."""

    __slots__ = CAR_FIELDS + tuple(ADV_CAR_FIELDS)

    def __init__(self, seat: int, board: str, side: str = "A"):
        self.seat = seat
        self.board = board                 # content Board.key (FGP 5.1.1)
        self.side = side                   # "A" or "B", fixed for the race
        self.team = ""
        self.number = 0                    # team number (FGP 16.5)
        self.driver: str | None = None     # DRIVER card id (FGP 5.1.2)
        self.controller = "human"
        self.space: int | None = None      # track space id; None in the pit box
        self.box: int | None = None        # pit box index, 0 = closest to the exit
        self.in_pit = True                 # FGP 3.1: every car starts in its box
        self.pit_lane_start = False        # crashed in qualifying (FGP 6.2, 7.2)
        self.laps = 0
        self.gear = 2                      # gear of the tile the turn starts on
        self.tyre = "medium"               # fitted compound (FGP 5.1.3)
        self.wear = 0                      # tyre-wear marker index (FGP 10.1)
        self.tyres_left: list[str] = []    # compounds waiting in the pit box
        self.ot = 0                        # FGP 5.1.3 a
        self.ers = 0                       # FGP 5.1.3 b: set to max at setup
        self.stress = 2                    # FGP 5.1.2: the middle space
        self.focus = False                 # focus bonus token on the board (FGP 13.3)
        self.leader = False                # race-leader side of that token
        self.params = {p: True for p in PARAMETERS}   # FGP 4.12: True = available
        self.deck = Deck()                 # own ACTION deck (FGP 4.1)
        self.hand: list[str] = []
        self.drawn: list[str] = []         # drawn this draw phase, still returnable
        self.returns_left = 0              # FGP 7.3.1: returns still allowed
        self.returned = 0                  # returned this phase, replacements owed
        self.held_events: list[str] = []   # EVENT cards face down (FGP 4.2.1)
        self.damage: list[str] = []        # DAMAGE cards by the board (FGP 13.6)
        self.failures: list[str] = []      # FAILURE cards by the board (FGP 13.7)
        self.damage_tokens: list[str] = [] # board functions covered (FGP 13.6)
        self.failure_tokens: list[str] = []
        self.penalties = 0                 # Penalty tokens (FGP 13.12)
        self.w2w: str | None = None        # None, "vs" or "stress" (FGP 9.5)
        self.w2w_with: list[int] = []      # the seats it shared its tile with (FGP 9.5)
        self.cold_tyres = 0                # rounds left with Cold Tyres (FGP 11.3)
        self.blue_flag = False             # FGP 13.11
        self.moved = False                 # has taken its turn this round
        self.spun = False                  # FGP 13.4
        self.off_track = False
        self.characteristic_used = False   # FGP 4.13: once per turn
        self.mp_bonus = 0                  # +MP bought this turn (FGP 4.2.2 two-card +1 MP)
        self.damaged_this_round = False    # FGP 13.6
        self.lose_turn = False
        self.box_call = False              # will enter the pit lane this turn
        self.no_move_procedure = False     # FGP 7.3.1 no-movement-card procedure open
        self.quali_score: int | None = None
        self.crashed = False
        self.stuck_in_neutral = False
        self.grid: int | None = None       # grid position, 1 = pole
        self.laps_down = 0                 # 0, 1 (blue) or 2 (double blue), FGP 13.11
        self.attempts = 0                  # failed lapping attempts on this car (13.11.3)
        self.crossed_final = False         # crossed the line in the final round (12.2.2)
        self.facing_back = False           # turned round by a spin (FGP 13.4.5)
        self.off_spot: list[int] | None = None   # [tile, lane] while off track (13.4.3)
        self.rejoin: str | None = None     # "a" / "b" / "c" (FGP 13.4.5)
        self.skip_red = False              # FGP 10.1: the RED roll already made for the pit entry
        self.box_wait = 0                  # rounds still to wait in the pit box (11.2)
        self.exit_roll: int | None = None  # pit-exit WHITE roll this round (11.2)
        self.repairing = False             # repaired this stop (FGP 11.2 exit groups)
        self.mp_event = 0                  # MP from EVENT/RISK/... cards this turn (7.3.3.2)
        self.leds_event = 0                # battle LEDs from cards in this battle (9.3)
        self.no_pairs_next = False         # FGP 13.13.1 gravel and card effects
        self.no_tyre_bonus_next = False
        self.skill_used = False            # FGP 4.8: the driver skill, once per round
        for f, v in ADV_CAR_FIELDS.items():
            setattr(self, f, list(v) if isinstance(v, list) else v)

    # -- copies --
    def clone(self) -> "Car":
        return _clone_car(self)

    def to_doc(self) -> dict:
        doc = {f: getattr(self, f) for f in CAR_FIELDS}
        for f in _LIST_FIELDS:
            doc[f] = list(doc[f])
        doc["params"] = dict(self.params)
        doc["deck"] = self.deck.to_doc()
        for f, v in ADV_CAR_FIELDS.items():         # only when set (see ADV_CAR_FIELDS)
            if getattr(self, f) != v:
                x = getattr(self, f)
                doc[f] = list(x) if isinstance(x, list) else x
        return doc

    @classmethod
    def from_doc(cls, doc: dict) -> "Car":
        c = cls(doc["seat"], doc["board"], doc.get("side", "A"))
        for f in CAR_FIELDS + tuple(ADV_CAR_FIELDS):
            if f in doc and f != "deck":
                setattr(c, f, doc[f])
        for f in _LIST_FIELDS:
            setattr(c, f, list(getattr(c, f)))
        c.params = {p: bool(c.params.get(p, True)) for p in PARAMETERS}
        c.tyres_used = list(doc.get("tyres_used", []))
        c.deck = Deck.from_doc(doc.get("deck", {}))
        c.radio_drawn = list(c.radio_drawn)
        return c

    def __eq__(self, other) -> bool:
        return isinstance(other, Car) and self.to_doc() == other.to_doc()

    def __repr__(self) -> str:
        return f"Car(seat={self.seat}, board={self.board!r}, space={self.space})"


Player = Car


def _car_cloner():
    copied = {f: f"self.{f}.copy()" for f in _LIST_FIELDS}
    copied.update(tyres_used="list(self.tyres_used)", params="self.params.copy()",
                  deck="self.deck.clone()", radio_drawn="list(self.radio_drawn)",
                  off_spot="list(self.off_spot) if self.off_spot else None")
    lines = [f"    c.{f} = {copied.get(f, 'self.' + f)}" for f in Car.__slots__]
    code = "def _clone_car(self):\n    c = new(Car)\n" + "\n".join(lines) + "\n    return c\n"
    scope = {"Car": Car, "new": Car.__new__}
    exec(code, scope)                   # generated from the field list, nothing else
    return scope["_clone_car"]


_clone_car = _car_cloner()


RACE_FIELDS = (
    "config", "chance", "track", "content_dir", "cars", "decks", "pit_order",
    # FGP 3.2 race control panel
    "panel_side", "flag", "final_flag", "yellow_panel", "sc_radar", "green_flags",
    "yellow_flags", "safety_car", "vsc", "red_flag",
    # round bookkeeping; `turn` is where the race is between decisions
    "round", "turn", "sequence", "seq_pos", "leader", "hazards",
    # the decision in progress: the moving car, a battle, secret simultaneous choices
    "move", "battle", "secret", "done", "vsc_plan", "pit_exits", "final_round",
    "classification", "deferred", "start_round",
    # FGP 14: a championship (the races run so far and the standings)
    "season", "results", "standings",
    # FGP 15: what the optional rules remember (rules/optional_rules_b.py), JSON-like
    "optional",
    # BOT 1.2: the BOT seats' control cards, BOT cards and tokens (bot/table.py)
    "bots",
    # [ADV] FGP 3.3 / 13.1: the weather (None in a Standard race; rules/weather.py)
    "weather",
)


# config fields added after races were recorded, and their defaults
LATER_CONFIG = {"teams": None, "turn_seconds": 60}      # FGP 14.4, 15.12
# Race.built before the track is worked out: a key matching no race's (track,
# config), so where.track_of needs no test for None
UNBUILT = (object(), object(), None)


class Race:
    """Everything about one FormulaGP race.

    config: the FormulaGPConfig the race (or championship) was set up with,
    treated as immutable; `track` is the circuit of the race being run (a
    championship moves on, FGP 14.1) and `content_dir` the config's content
    folder. decks: the shared EVENT, RISK, DAMAGE, FAILURE and DRIVER decks
    (FGP 3.4, 4.1)."""

    # `built`: the race's Track, worked out from `track` and `config` and kept
    # with them (rules/where.track_of); not part of the position
    __slots__ = RACE_FIELDS + ("built",)

    def __init__(self, config: FormulaGPConfig, seed: int = 0, track: str | None = None):
        self.config = config
        self.chance = Chance(Rng(seed))
        self.track = track or config.track            # track key (track.track())
        self.content_dir: str | None = config.content
        self.cars: list[Car] = []
        self.decks: dict[str, Deck] = {k: Deck() for k in SHARED_DECKS}
        self.pit_order: list[int] = []      # seat in each pit box, box 0 nearest the exit
        self.panel_side = "green"           # FGP 3.2 a
        self.flag = 9                       # chequered flag on the radar (FGP 3.2 b)
        self.final_flag = 24                # FGP 12.1
        self.yellow_panel = 0               # Yellow Flag token on race control (FGP 13.8)
        self.sc_radar: int | None = None    # SC token on the radar while the SC is out
        self.green_flags: list[int] = []    # radar spaces of Green Flag tokens (FGP 13.8.1)
        self.yellow_flags: list[dict] = []  # local yellows: {"tile": t, "until": radar}
        self.safety_car: dict | None = None # {"tile": t, "until": radar} (FGP 13.9)
        self.vsc = False                    # FGP 13.9.3
        self.red_flag = False               # FGP 13.10
        self.round = 0                      # 0 = before the race (qualifying)
        self.turn = Turn("setup")           # phase, pending decision, over (engine/steps.py)
        self.sequence: list[int] = []       # driver sequence of this round (FGP 7.3.2)
        self.seq_pos = 0                    # whose turn: an index into sequence
        self.leader: int | None = None      # seat holding the race-leader token
        self.hazards: dict[int, str] = {}   # tile -> hazard token (FGP 13.13)
        self.move: dict | None = None       # the turn in progress (rules/turn.py)
        self.battle: dict | None = None     # the battle in progress (FGP 9.2-9.4)
        self.secret: dict[int, dict] = {}   # hidden simultaneous choices by seat
        self.done: list[int] = []           # seats that took their turn this round
        self.vsc_plan: dict | None = None   # FGP 13.9.3
        self.pit_exits: list[int] = []      # pit-exit order for the next round (11.2)
        self.final_round = False            # FGP 12.1
        self.classification: list[int] = []
        self.deferred: list[int] = []       # round-1 yellow flags, placed after all moved
        self.start_round = 1                # the round run as FGP 7.2.1 (a red-flag restart: 13.10)
        self.season: list[str] = []         # tracks still to race after this one (FGP 14.1)
        self.results: list[dict] = []       # each finished race: track, classification, points
        self.standings: dict[int, int] = {} # drivers' championship points (FGP 14.3)
        self.optional: dict = {}            # FGP 15 optional rules' memory (str keys)
        self.bots: dict | None = None       # BOT seats (bot/table.py); None: no BOTs
        self.weather: dict | None = None    # [ADV] FGP 3.3: card, Weather token, ... (weather.py)
        self.built: tuple = UNBUILT        # (track key, config, Track): where.track_of

    def car(self, seat: int) -> Car:
        return self.cars[seat]

    @property
    def rounds_left(self) -> int:
        """Rounds still to come after this one, by the radar (FGP 12.1)."""
        return max(0, self.final_flag - self.flag)

    def clone(self) -> "Race":
        r = Race.__new__(Race)
        r.config = self.config                    # immutable by convention
        r.built = self.built                      # the Track is read-only
        r.chance = self.chance.clone()
        r.track = self.track
        r.content_dir = self.content_dir
        r.cars = [c.clone() for c in self.cars]
        r.decks = {k: d.clone() for k, d in self.decks.items()}
        r.pit_order = self.pit_order.copy()
        r.panel_side = self.panel_side
        r.flag = self.flag
        r.final_flag = self.final_flag
        r.yellow_panel = self.yellow_panel
        r.sc_radar = self.sc_radar
        r.green_flags = self.green_flags.copy()
        r.yellow_flags = [dict(y) for y in self.yellow_flags]
        r.safety_car = dict(self.safety_car) if self.safety_car else None
        r.vsc = self.vsc
        r.red_flag = self.red_flag
        r.round = self.round
        r.turn = self.turn.clone()
        r.sequence = self.sequence.copy()
        r.seq_pos = self.seq_pos
        r.leader = self.leader
        r.hazards = dict(self.hazards)
        r.move = _copy(self.move) if self.move is not None else None
        r.battle = _copy(self.battle) if self.battle is not None else None
        r.secret = {k: _copy(v) for k, v in self.secret.items()}
        r.done = self.done.copy()
        r.vsc_plan = _copy(self.vsc_plan) if self.vsc_plan is not None else None
        r.pit_exits = self.pit_exits.copy()
        r.final_round = self.final_round
        r.classification = self.classification.copy()
        r.deferred = self.deferred.copy()
        r.start_round = self.start_round
        r.season = self.season.copy()
        r.results = _copy(self.results)
        r.standings = dict(self.standings)
        r.optional = _copy(self.optional)
        r.bots = _copy(self.bots)
        r.weather = _copy(self.weather)
        return r

    def to_doc(self) -> dict:
        return {
            # config fields added later dump only when set, so older races
            # dump (and hash) as they did before the field existed
            "config": self.config.model_dump(mode="json", exclude={
                f for f, v in LATER_CONFIG.items() if getattr(self.config, f) == v} or None),
            "chance": self.chance.to_doc(),
            "track": self.track,
            "cars": [c.to_doc() for c in self.cars],
            "decks": {k: d.to_doc() for k, d in self.decks.items()},
            "pit_order": list(self.pit_order),
            "panel_side": self.panel_side,
            "flag": self.flag,
            "final_flag": self.final_flag,
            "yellow_panel": self.yellow_panel,
            "sc_radar": self.sc_radar,
            "green_flags": list(self.green_flags),
            "yellow_flags": [dict(y) for y in self.yellow_flags],
            "safety_car": dict(self.safety_car) if self.safety_car else None,
            "vsc": self.vsc,
            "red_flag": self.red_flag,
            "round": self.round,
            "turn": self.turn.to_doc(),
            "sequence": list(self.sequence),
            "seq_pos": self.seq_pos,
            "leader": self.leader,
            "hazards": {str(k): v for k, v in self.hazards.items()},
            "move": _copy(self.move),
            "battle": _copy(self.battle),
            "secret": {str(k): _copy(v) for k, v in self.secret.items()},
            "done": list(self.done),
            "vsc_plan": _copy(self.vsc_plan),
            "pit_exits": list(self.pit_exits),
            "final_round": self.final_round,
            "classification": list(self.classification),
            "deferred": list(self.deferred),
            "start_round": self.start_round,
            "season": list(self.season),
            "results": _copy(self.results),
            "standings": {str(k): v for k, v in self.standings.items()},
            # FGP 15: only when an option remembers something, so a Standard race's
            # document (and its state hash) is what it was before the options
            **({"optional": _copy(self.optional)} if self.optional else {}),
            # only a race with BOTs has the key (a Standard record's positions are unchanged)
            **({"bots": _copy(self.bots)} if self.bots is not None else {}),
            # [ADV] only when there is weather, so a Standard race's document is unchanged
            **({"weather": _copy(self.weather)} if self.weather is not None else {}),
        }

    @classmethod
    def from_doc(cls, doc: dict) -> "Race":
        r = cls.__new__(cls)
        r.config = FormulaGPConfig.model_validate(doc["config"])
        r.built = UNBUILT
        r.chance = Chance.from_state(doc["chance"])
        r.track = doc.get("track") or r.config.track
        r.content_dir = r.config.content
        r.cars = [Car.from_doc(c) for c in doc["cars"]]
        # the shared decks, and any other the race was set up with (FGP 4.9 TEAM RADIO)
        r.decks = {k: Deck.from_doc(doc.get("decks", {}).get(k, {}))
                   for k in dict.fromkeys((*SHARED_DECKS, *doc.get("decks", {})))}
        r.pit_order = list(doc.get("pit_order", ()))
        r.panel_side = doc.get("panel_side", "green")
        r.flag = doc.get("flag", 9)
        r.final_flag = doc.get("final_flag", 24)
        r.yellow_panel = doc.get("yellow_panel", 0)
        r.sc_radar = doc.get("sc_radar")
        r.green_flags = list(doc.get("green_flags", ()))
        r.yellow_flags = [dict(y) for y in doc.get("yellow_flags", ())]
        sc = doc.get("safety_car")
        r.safety_car = dict(sc) if sc else None
        r.vsc = doc.get("vsc", False)
        r.red_flag = doc.get("red_flag", False)
        r.round = doc.get("round", 0)
        r.turn = Turn.from_doc(doc.get("turn"))
        r.sequence = list(doc.get("sequence", ()))
        r.seq_pos = doc.get("seq_pos", 0)
        r.leader = doc.get("leader")
        r.hazards = {int(k): v for k, v in doc.get("hazards", {}).items()}
        r.move = _copy(doc.get("move"))
        r.battle = _copy(doc.get("battle"))
        r.secret = {int(k): _copy(v) for k, v in doc.get("secret", {}).items()}
        r.done = list(doc.get("done", ()))
        r.vsc_plan = _copy(doc.get("vsc_plan"))
        r.pit_exits = list(doc.get("pit_exits", ()))
        r.final_round = doc.get("final_round", False)
        r.classification = list(doc.get("classification", ()))
        r.deferred = list(doc.get("deferred", ()))
        r.start_round = doc.get("start_round", 1)
        r.season = list(doc.get("season", ()))
        r.results = _copy(doc.get("results", []))
        r.standings = {int(k): v for k, v in doc.get("standings", {}).items()}
        r.optional = _copy(doc.get("optional", {}))
        r.bots = _copy(doc.get("bots"))
        r.weather = _copy(doc.get("weather"))
        return r

    def __eq__(self, other) -> bool:
        return isinstance(other, Race) and self.to_doc() == other.to_doc()


def _copy(x):
    """Deep copy of JSON-like data (dicts, lists, tuples, scalars)."""
    if isinstance(x, dict):
        return {k: _copy(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_copy(v) for v in x]
    return x
