"""RP Game Setup: circuit, decks, player boards, the grid and tyres."""
from __future__ import annotations

from ....engine import chance
from ....engine.chance import Chance
from ....engine.deck import Deck
from ....engine.protocol import BadInput, Event
from ....engine.rng import Rng
from ....engine.steps import Turn
from ..state import Car, RaceState, Variants
from ..tables import MAX_CARS, Tables, tables
from . import cards


def new_state(config, seed: int) -> RaceState:
    """A race before its first decision (the machine then advances it)."""
    T = tables(config.content)
    season = _season(config, T)
    s = RaceState.__new__(RaceState)
    s.config = config
    s.tables = T
    s.variants = Variants(config)
    s.chance = Chance(Rng(seed))
    s.turn = Turn("team")
    s.cars = [Car(i, kind == "bot") for i, kind in enumerate(config.seats)]
    s.circuit = season[0]
    s.race_index = 0
    s.round = 0
    s.queue = []
    s.start_player = 0
    s.weather = ["sun"] * 4
    s.weather_card = None
    s.rain_drawn = False
    s.decks = {}
    s.hidden = {}
    s.situation = {}
    s.safety_car = False
    s.sc_cause = set()
    s.backmarkers = {}
    s.finish_side = "A"
    s.stamp_counter = 0
    s.taken = {}
    s.reactors = []
    s.standings = dict.fromkeys(range(len(s.cars)), 0)
    s.fastest = None
    s.race_results = []
    # Boards fixed in the config (a new Car has none: nothing to do without).
    if config.teams or config.drivers:
        for name, lookup in (("teams", T.teams), ("drivers", T.drivers)):
            fixed = getattr(config, name) or [None] * len(s.cars)
            for car, key in zip(s.cars, fixed):
                if key is not None and key not in lookup:
                    raise BadInput(f"unknown {name[:-1]} {key!r}; choose from {', '.join(lookup)}")
                setattr(car, name[:-1], key)
        _check_unique(s, config)
    s.queue = team_pick_order(s)
    return s


def _season(config, T: Tables) -> list[str]:
    # RP Campaign Mode: all 14 circuits or a selection; otherwise one race.
    season = (config.season or T.circuit_order) if config.campaign else [config.track]
    for key in season:
        if key not in T.circuits:
            raise BadInput(f"unknown circuit {key!r}; choose from {', '.join(T.circuits)}")
    return list(season)


def season_of(state) -> list[str]:
    return _season(state.config, state.tables)


def _check_unique(s, config) -> None:
    teams = [c.team for c in s.cars if c.team]
    drivers = [c.driver for c in s.cars if c.driver]
    if len(drivers) != len(set(drivers)):
        raise BadInput("each driver can drive for only one seat")
    # RP Team Play: two boards of the same team per team; otherwise one each.
    per_team = 2 if config.team_play else 1
    for t in set(teams):
        if teams.count(t) > per_team:
            raise BadInput(f"team {t!r} is chosen by too many seats")
    if config.team_play:
        for a in range(0, len(s.cars), 2):
            x, y = s.cars[a].team, s.cars[a + 1].team
            if x and y and x != y:
                raise BadInput(f"Team Play: seats {a} and {a + 1} are team mates and "
                               "must drive for the same team")


def team_pick_order(s) -> list[int]:
    """RP Setup K: the first player picks a team, then clockwise. In Team Play
    one pick per team (the pair's first seat) covers both its drivers."""
    if s.variants.team_play:
        return [a for a in range(0, len(s.cars), 2) if not s.cars[a].team]
    return [c.seat for c in s.cars if not c.team]


def driver_pick_order(s) -> list[int]:
    """RP Setup L / Team Play Setup: the last to pick a team picks a driver
    first and takes the Start Player Card; then counter-clockwise. In Team
    Play the last to pick a first driver picks a second one first, clockwise."""
    n = len(s.cars)
    if s.variants.team_play:
        firsts = list(range(n - 2, -1, -2))
        seconds = list(range(1, n, 2))
        order = firsts + seconds
    else:
        order = list(range(n - 1, -1, -1))
    return [seat for seat in order if not s.cars[seat].driver]


def first_start_player(s) -> int:
    return len(s.cars) - 2 if s.variants.team_play else len(s.cars) - 1


def prepare_race(s: RaceState, events: list[Event]) -> None:
    """Set up the circuit, decks, boards and grid for race `s.race_index`."""
    T = s.tables
    s.circuit = season_of(s)[s.race_index]
    circuit = T.circuits[s.circuit]
    s.round = 1
    # RP Setup H: the finish token, side A or B.
    s.finish_side = circuit.finish_side
    # RP Backmarkers: penalty tokens on each backmarker field.
    s.backmarkers = {lap: list(p) for lap, p in T.backmarkers.items()}
    # RP Setup J: the circuit's number of rain cards, picked at random, plus all
    # sun cards, shuffled face down; then the Race Situation I and II decks.
    ch = s.chance
    rain = list(T.rain_keys)
    chance.shuffle(ch, events, rain, rule="RP Setup J", what="pile of rain cards")
    weather = Deck(rain[:circuit.rain_cards] + list(T.sun_keys), removed=rain[circuit.rain_cards:])
    chance.shuffle(ch, events, weather, rule="RP Setup J", what=cards.DECK_WORDS["weather"])
    s.decks = {"weather": weather,
               "I": chance.new_deck(ch, events, T.deck_cards["I"], rule="RP Setup J",
                                    what=cards.DECK_WORDS["I"]),
               "II": chance.new_deck(ch, events, T.deck_cards["II"], rule="RP Setup J",
                                     what=cards.DECK_WORDS["II"])}
    s.hidden = {k: [] for k in s.decks}
    s.situation = {}
    s.weather_card = None
    s.weather = ["sun"] * 4
    s.taken = {}
    s.reactors = []
    s.fastest = None
    # RP Setup M: driver tokens on the white base positions.
    for car in s.cars:
        car.bars = list(T.start_bars[car.team, car.driver])
        car.tyre = None
        car.td = 0
        car.sets = {"S": 2, "M": 2}
        car.used = []
        car.tokens = []
        car.next_tokens = []
        car.finished = False
        car.finish_round = 0
        car.dsq = None
    reset_round_fields(s.cars)
    _grid(s, T, events)
    # RP Setup: draw two cards face-down from each deck, turn the third.
    cards.turn_setup_cards(s, T, events)
    # RP Setup 3: everybody but the bots chooses a starting tyre.
    s.queue = [seat for seat in rotation(s) if not s.cars[seat].bot]
    s.turn.phase = "tyre"


def _grid(s: RaceState, T: Tables, events: list[Event]) -> None:
    """RP Setup O: the grid by team + driver number (tie: higher driver number);
    in a Campaign's later races the championship leader starts last."""
    number = T.grid_number                 # (team + driver number, driver number)
    if s.variants.campaign and s.race_index > 0:
        order = sorted(s.cars, key=lambda c: (s.standings[c.seat],
                                              [-x for x in number[c.team, c.driver]]))
        rule = "RP Campaign Mode"
    else:
        order = sorted(s.cars, key=lambda c: number[c.team, c.driver], reverse=True)
        rule = "RP Setup O"
    extra = T.grid_extra
    for pos, car in enumerate(order):
        s.stamp_counter += 1
        car.place(-extra[pos], s.stamp_counter, False)   # RP Circuit, Starting grid
    events.append(Event("grid", {"order": [c.seat for c in order],
                                 "extra": [-c.dist for c in order]}, rule))


def rotation(s: RaceState) -> list[int]:
    """Seats clockwise from the start player (a new list)."""
    return ROTATIONS[len(s.cars)][s.start_player].copy()


# Each table size's rotations, by start player: looked up once a round
# (building one from a range and two slices cost three times as much).
ROTATIONS = {n: [list(range(first, n)) + list(range(first)) for first in range(n)]
             for n in range(2, MAX_CARS + 1)}


def reset_round_fields(cars: list[Car]) -> None:
    """What a car did this round, cleared for the next (RP Step 2 to 3b)."""
    for car in cars:
        # RP Race Pace Tokens: tokens taken this round resolve in the next.
        # (no new lists when a car has none, as in most rounds)
        if car.next_tokens:
            car.tokens = car.next_tokens
            car.next_tokens = []
        elif car.tokens:
            car.tokens = []
        car.button = None
        car.copied = None
        car.pit = False
        car.charge = False
        car.ebs_bonus = 0
        car.ebs_used = False
        car.start_bonus = 0
        car.card_rp = 0
        car.rp = 0
        car.moved = 0
        car.overtook = False
