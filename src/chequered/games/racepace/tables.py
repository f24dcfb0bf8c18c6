"""Lookups precomputed once from the content, cached per content directory.

The rules read these instead of walking the pydantic models on every
decision (DESIGN: precompute from content once, at load).
"""
from __future__ import annotations

from functools import lru_cache

from .actions import PickDriver, PickTeam
from .content import LEVELS, Content, SafetyCar, load_content

# Button numbers (RP Step 2, "The 11 actions"); the board data names them.
MEC_B, PU_B, AER_B, SKI_B, XP_B, CHARGE, USE_EBS, DEFEND, START, REACT, BOXBOX = range(1, 12)
MAX_CARS = 8          # seats at the table (config.py; grid_extra and setup.ROTATIONS)
UPGRADE_BAR = {MEC_B: 0, PU_B: 1, AER_B: 2, SKI_B: 3, XP_B: 4}   # button -> bar index
# The drivers a situation effect is for, as a slice of the running order
# (None: all of it, not a copy).
WHO = {"all": None, "leader": slice(None, 1), "top3": slice(None, 3),
       "bottom3": slice(-3, None), "last": slice(-1, None)}


class Plain:
    """A content model's fields as plain attributes, for what the rules read
    every round or every decision: a pydantic model's attribute read passes
    its __getattr__ hook and costs about three times a plain one."""

    def __init__(self, model):
        # One attribute at a time (a model iterates as (field, value)): an
        # instance __dict__ filled at once by update() is read about three
        # times slower again in CPython 3.11 (its reads stay unspecialised).
        for name, value in model:
            setattr(self, name, value)


class InLaps(dict):
    """dist -> whether a car there stands on one of `laps` (lap-track
    spaces, as the FEB laps), read without a call: every dist of the grid
    and of the longest race and a lap track beyond is listed once per
    content; any other (a hand-written position's) is worked out when
    asked and not kept."""

    __slots__ = ("board_lap", "laps")

    def __init__(self, board_lap, laps: frozenset, dists: range):
        super().__init__((d, board_lap(d) in laps) for d in dists)
        self.board_lap = board_lap
        self.laps = laps

    def __missing__(self, dist: int) -> bool:
        return self.board_lap(dist) in self.laps


class Tables:
    def __init__(self, content: Content, directory: str | None):
        b = content.board
        self.content = content
        self.directory = directory
        self.track = b.lap_track
        self.feb = frozenset(b.feb_laps)
        self.corner = frozenset(b.corner_laps)
        self.backmarkers = {bm.lap: tuple(bm.penalties) for bm in b.backmarkers}
        self.buttons = {btn.number: btn for btn in b.buttons}
        keys = {btn.key: btn.number for btn in b.buttons}
        expected = {"MEC": MEC_B, "PU": PU_B, "AER": AER_B, "SKI": SKI_B, "XP": XP_B,
                    "CHARGE": CHARGE, "USE_EBS": USE_EBS, "DEFEND": DEFEND,
                    "START": START, "REACT": REACT, "BOXBOX": BOXBOX}
        if keys != expected:
            raise ValueError("board buttons must be numbered as on the game board: "
                             + ", ".join(f"{n} {k}" for k, n in expected.items()))
        # For each button, the compounds whose light is lit, as a frozenset.
        self.tyre_ok = {n: frozenset(btn.tyres) for n, btn in self.buttons.items()}
        self.sc_ok = {n: btn.safety_car for n, btn in self.buttons.items()}
        self.lit_a = {n for n, btn in self.buttons.items() if "A" in btn.team}
        self.lit_b = {n for n, btn in self.buttons.items() if "B" in btn.team}
        self.tyres = {t.key: Plain(t) for t in b.tyres}
        self.green = tuple(b.green_bonus)
        self.ebs = tuple(b.ebs_bonus)
        self.mec_pit = tuple(b.mec_pit)
        self.mec_pit_ebs = tuple(b.mec_pit_ebs)
        self.level_index = {name: i for i, name in enumerate(LEVELS)}
        self.teams = {t.key: t for t in content.teams}
        self.drivers = {d.key: d for d in content.drivers}
        self.skill = {d.key: d.skill for d in content.drivers}
        # RP Setup K, L: one pick action per board, made once (a frozen
        # dataclass costs more to build than to look up; every race lists
        # the boards twelve times), by key to leave out taken boards.
        self.team_picks = {k: PickTeam(k) for k in self.teams}
        self.driver_picks = {k: PickDriver(k) for k in self.drivers}
        self.circuits = {c.key: c for c in content.circuits}
        # Per circuit, read after every move: the laps to win and the finish
        # token's lap on side B.
        self.laps = {c.key: c.laps for c in content.circuits}
        self.finish_lap = {c.key: c.finish_lap for c in content.circuits}
        # RP Setup M: each team and driver's starting bars (MEC, PU, AER,
        # SKI, XP, EBS) as levels 0..4; RP Setup O: their numbers.
        self.start_bars = {
            (t.key, d.key): tuple(self.level_index[lv] for lv in (
                t.levels["MEC"], t.levels["PU"], t.levels["AER"], d.levels["SKI"],
                d.levels["XP"], t.levels["EBS"]))
            for t in content.teams for d in content.drivers}
        self.grid_number = {(t.key, d.key): (t.number + d.number, d.number)
                            for t in content.teams for d in content.drivers}
        # RP Circuit, Starting grid: the extra laps of each grid position
        # (positions 3-8 drive 1 to 3 more laps).
        slots, parts = b.grid_slots_per_part, b.grid_parts
        self.grid_extra = tuple(parts[min(pos // slots, len(parts) - 1)] for pos in range(MAX_CARS))
        self.circuit_order = [c.key for c in content.circuits]
        # Whether each dist is a FEB lap (RP EBS notes), read for every car
        # in every round.
        self.in_feb = InLaps(self.board_lap, self.feb,
                             range(-self.track, max(self.laps.values()) + self.track))
        # RP Tyre Degradation Bar: laps to each compound's Box-Box token per
        # circuit (tyre_life), read on every move.
        self.lives = {(c.key, t.key): t.max_laps if t.max_laps is not None else
                      c.boxbox_soft if t.key == "S" else c.boxbox_medium
                      for c in content.circuits for t in b.tyres}
        self.cards = {c.key: c for c in content.situations}
        # Per situation card, its Safety Car conditions (RP Safety Car
        # Situations): most cards have none, and then no lap is counted.
        # Each as (cars in a lap, the XP limit `xp_below` as a bar level or None).
        def xp(e, name):
            level = getattr(e, name, None)
            return None if level is None else self.level_index[level]
        self.sc_effects = {c.key: tuple((e.cars_in_lap, xp(e, "xp_below"))
                                        for e in c.effects if isinstance(e, SafetyCar))
                           for c in content.situations}
        # Per situation card, the effects that apply after the actions (RP
        # Step 3a), each as (its type, the effect's fields (Plain), the XP
        # limits `xp_below` and `xp_at_least` as bar levels or None, the
        # drivers it is for as a slice of the running order or None: all): read
        # every round.
        self.round_effects = {
            c.key: tuple((type(e), Plain(e), xp(e, "xp_below"), xp(e, "xp_at_least"),
                          WHO.get(getattr(e, "who", None)))
                         for e in c.effects if not isinstance(e, SafetyCar))
            for c in content.situations}
        self.rp_max = b.rp_max
        self.defend_bonus = b.defend_bonus
        self.defend_penalty = b.defend_penalty
        self.deck_cards = {"I": [c.key for c in content.situations if c.deck == "I"],
                           "II": [c.key for c in content.situations if c.deck == "II"]}
        self.weather = {w.key: Plain(w) for w in content.weather}
        self.rain_keys = [w.key for w in content.weather if w.kind == "rain"]
        self.sun_keys = [w.key for w in content.weather if w.kind == "sun"]
        # Which deck's start lights drive each colour (RP Bot mode).
        self.colour_deck: dict[str, str] = {}
        for c in content.situations:
            for colour in c.lights:
                self.colour_deck.setdefault(colour, c.deck)
        # Each driver's deck for RP Bot mode and the action its colour's start
        # light shows on each card of that deck, looked up every step.
        self.bot_actions = {}
        for d in content.drivers:
            deck = self.colour_deck.get(d.colour)
            self.bot_actions[d.key] = (deck, {c.key: c.lights[d.colour] for c in content.situations
                                              if c.deck == deck and d.colour in c.lights})

    def board_lap(self, dist: int) -> int:
        """The lap-track space a car at `dist` stands on; 0 on the grid."""
        return (dist - 1) % self.track + 1 if dist > 0 else 0

    def tyre_life(self, circuit: str, compound: str) -> int:
        """Laps to the Box-Box token of a compound (RP Tyre Degradation Bar)."""
        return self.lives[circuit, compound]


@lru_cache(maxsize=8)
def tables(directory: str | None = None) -> Tables:
    return Tables(load_content(directory), directory)


def content_version(config=None) -> str:
    """A short stable hash of the content a race uses (records carry it)."""
    from ...engine.hashing import sha256_of
    return sha256_of(tables(config.content if config is not None else None)
                     .content.model_dump(mode="json"))[:12]
