"""A fresh race: game setup (FGP 3) and pre-race preparations (FGP 5).

`new_race` draws on the race's own chance (engine/chance.py) in a fixed order,
so the same arguments and seed give the same race bit for bit:
  1. pit-box order (FGP 3.1)
  2. WHITE die for the control-panel side (FGP 3.2 a)
  3. shared decks, each shuffled (FGP 3.4): EVENT, RISK, DAMAGE, FAILURE, DRIVER
  4. per seat in seat order: the ACTION deck shuffled (FGP 5.1.1), then a
     driver dealt from the DRIVER deck when none is configured (FGP 5.1.2).
"""
from __future__ import annotations

from ....engine import chance
from ....engine.protocol import BadInput
from ....engine.steps import Turn
from ..config import RULE_LEVELS, FormulaGPConfig
from ..content import Content, load_content
from ..state import Car, Race
from ..bot.table import first_phase
from ..track import track as load_track
from ..track import track_keys
from . import teams as T
from .advanced import flag_start
from .cards import DECK_NAMES, action_ids
from .dice import roll_die
from .hazards import MIDDLE_SPACE
from .optional_rules import street_damage_deck, street_race
from .tyres import fit_tyres
from .optional_steps_b import first_phase as sets_first
from .weather_steps import setup as weather_setup

DRY_TYRES = ("soft", "medium", "hard")      # FGP 5.1.3; wet is for rain ([ADV] 10.2)
DEFAULT_TYRE = "medium"


def default_boards(content: Content, seats: int) -> list[str]:
    """One team per seat, in the order of boards.toml."""
    keys = [b.key for b in content.boards]
    if seats > len(keys):
        raise BadInput(f"FormulaGP: {seats} seats but only {len(keys)} team boards")
    return keys[:seats]


def new_race(track: str, seats: int = 6, *, boards: list[str] | None = None,
             sides: list[str] | None = None, tyres: list[str] | None = None,
             drivers: list[str | None] | None = None, controllers: list[str] | None = None,
             seed: int = 0, content_dir: str | None = None,
             rules: str = "standard", config: FormulaGPConfig | None = None,
             teams: list[int] | None = None) -> Race:
    """A Standard or Advanced race before qualifying: every car in its pit box (FGP 3.1),
    the control panel set (FGP 3.2), decks shuffled (FGP 3.4) and the player
    boards prepared (FGP 5.1). `config` is the game's config (the race keeps
    it); without one, tools and tests get the config these arguments make."""
    content = load_content(content_dir)
    trk = load_track(track)
    if rules not in RULE_LEVELS:
        raise BadInput(f"FormulaGP: rule level {rules!r} is not one of {', '.join(RULE_LEVELS)}")
    if seats < 1:
        raise BadInput("FormulaGP: at least one seat")
    problems = T.check_teams(teams, seats)
    if problems:
        raise BadInput("FormulaGP: " + "; ".join(problems))
    units = T.units(teams, seats)               # FGP 11.2.2: a team shares one box
    boxes = trk.pit.boxes if trk.pit else len(units)
    if len(units) > boxes:
        raise BadInput(f"FormulaGP: track {track!r} has {boxes} pit boxes, not {len(units)}")
    boards = list(boards) if boards else default_boards(content, seats)
    sides = list(sides) if sides else ["A"] * seats
    tyres = list(tyres) if tyres else [DEFAULT_TYRE] * seats
    drivers = list(drivers) if drivers else [None] * seats
    controllers = list(controllers) if controllers else ["human"] * seats
    for name, v in (("boards", boards), ("sides", sides), ("tyres", tyres),
                    ("drivers", drivers), ("controllers", controllers)):
        if len(v) != seats:
            raise BadInput(f"FormulaGP: {name} lists {len(v)} entries for {seats} seats")
    if len(set(boards)) != len(boards):
        raise BadInput("FormulaGP: each team board can be used by one seat only (FGP 5.1.1)")
    for b in boards:
        content.board(b)                                  # BadInput when unknown
    for s in sides:
        if s not in ("A", "B"):
            raise BadInput(f"FormulaGP: board side {s!r} is not A or B (FGP 5.1.1)")
    for t in tyres:
        if t not in DRY_TYRES and not (t == "wet" and rules == "advanced"):   # [ADV] 10.2
            raise BadInput(f"FormulaGP: starting tyre {t!r} is not one of "
                           f"{', '.join(DRY_TYRES)} (FGP 5.1.3)")
    driver_ids = {d.id for d in content.drivers()}      # DRIVER or CHAMPIONS (FGP 5.1.2)
    for d in drivers:
        if d is not None and d not in driver_ids:
            raise BadInput(f"FormulaGP: unknown driver card {d!r}")
    chosen = [d for d in drivers if d is not None]
    if len(set(chosen)) != len(chosen):
        raise BadInput("FormulaGP: a driver card can be chosen once")

    ctl = content.control
    if config is None:
        config = _config(track, controllers, boards, sides, tyres, drivers, content_dir, rules,
                         teams)
    race = Race(config, seed, track)
    ch, ev = race.chance, []            # the race's log starts after setup

    # FGP 3.1: shuffle the pit-box tiles; box 0 is the one closest to the pit exit.
    # FGP 2.1.4 / 14.4: teammates share a tile, so the tiles are the teams'.
    order = list(range(len(units)))
    chance.shuffle(ch, ev, order, rule="FGP 3.1", what="pit boxes")
    in_boxes = [units[u] for u in order]
    race.pit_order = T.flatten(in_boxes)
    box_of = T.boxes(in_boxes)

    # FGP 3.2 a: the WHITE die's colour picks the control-panel side.
    face = roll_die(race, ev, "white", "FGP 3.2")
    panel = next(s for s in ctl.sides if s.colour == face.colour)
    race.panel_side = panel.colour
    # FGP 3.2 b: Chequered Flag on radar space 9 (Standard) or 1 (Advanced); final
    # lap at 24 (FGP 12.1).
    race.flag = flag_start(ctl, rules)
    race.final_flag = ctl.final_lap
    # FGP 3.2 c: one Yellow Flag token on race control, the other and both green
    # flags in reserve (not on the radar yet). FGP 3.2 d: the SC token in place.
    race.yellow_panel = panel.yellow_start
    race.green_flags = []
    race.sc_radar = None
    if rules == "advanced":             # [ADV] FGP 3.2 f-i, 3.3: the weather
        weather_setup(race, ev)

    # FGP 3.4: shuffle the shared decks; Advanced-only EVENT/RISK cards removed
    # from a Standard game (they are simply not in the game, so not counted),
    # kept in an Advanced one.
    for name, cards in (("event", content.race_cards("event", rules)),
                        ("risk", content.race_cards("risk", rules)),
                        ("damage", street_damage_deck(    # FGP 15.2: two Close Calls
                            content.damage.cards, street=street_race(config.options, trk.style))),
                        ("failure", content.failure.cards),
                        ("driver", [c for c in content.driver.cards if c.id not in chosen])):
        race.decks[name] = chance.new_deck(ch, ev, [c.id for c in cards], rule="FGP 3.4",
                                           what=f"{DECK_NAMES[name]} deck")
    if rules == "advanced":                 # FGP 3.4 [ADV], 4.9: the TEAM RADIO deck
        race.decks["radio"] = chance.new_deck(ch, ev, [c.id for c in content.team_radio.cards],
                                              rule="FGP 3.4", what="TEAM RADIO deck")

    ids = action_ids(content)
    for seat in range(seats):
        board = content.board(boards[seat])
        side = board.side(sides[seat])
        car = Car(seat, board.key, sides[seat])
        # FGP 14.4 / 16.5 (A112): a team's cars carry its first car's team and number
        first = content.board(boards[next(u for u in units if seat in u)[0]])
        car.team = first.team
        car.number = first.number
        car.controller = controllers[seat]
        car.box = box_of[seat]
        car.in_pit = True                            # FGP 3.1
        car.space = None
        car.deck = chance.new_deck(ch, ev, ids, rule="FGP 5.1.1", what="ACTION deck")
        # FGP 5.1.2: chosen driver, or the top card of the DRIVER deck (face up).
        car.driver = drivers[seat] if drivers[seat] is not None \
            else chance.draw(ch, ev, race.decks["driver"], rule="FGP 5.1.2",
                             what="DRIVER card", seat=seat)
        car.stress = MIDDLE_SPACE                    # FGP 5.1.2: the middle space
        car.focus = False
        # FGP 5.1.3 a-e
        car.ot = 0                                   # a) OT indicator on 'OT'
        car.ers = side.ers_max                       # b) ERS at its maximum
        car.tyre = tyres[seat]                       # c) bonus token of the fitted tyre
        car.tyres_left = [t for t in DRY_TYRES if t != car.tyre]
        car.params = {"white": True, "yellow": True, "red": True}   # d)
        car.wear = fit_tyres(side, car.tyre,        # e) wear marker on the tyre's start
                             medium_early="medium_wear_placement" in config.options)
        car.gear = ctl.start_gear
        race.cars.append(car)

    race.round = 0
    if config.tyres is None:
        # FGP 5.1.3: the players pick their starting tyres (rules/setup_steps.py)
        race.turn = Turn(first_phase(race, sets_first(race, "start_tyres")))
        return race
    # Next: qualifying, which opens with every seat drawing (FGP 6.2 step 1,
    # rules.draw.start_draw_phase) and then the returns step. The decision
    # machine (rules/steps.py) runs it; nothing is pending yet.
    race.turn = Turn(first_phase(race, sets_first(race, "qualifying")))   # BOT setup, tyre sets first
    return race


def new_game(config: FormulaGPConfig, seed: int) -> Race:
    """The race (or the first race of a championship, FGP 14.1) a config sets
    up; the decision machine then runs qualifying's first steps."""
    keys = track_keys()
    for t in [config.track, *(config.season or ())]:
        if t not in keys:
            where = " in the season" if t != config.track else ""
            raise BadInput(f"unknown FormulaGP track {t!r}{where}; choose from {', '.join(keys)}")
    race = new_race(config.track, len(config.seats), boards=config.boards, sides=config.sides,
                    tyres=config.tyres, drivers=config.drivers, controllers=list(config.seats),
                    seed=seed, content_dir=config.content, rules=config.rules, config=config,
                    teams=config.teams)
    if "championship" in config.options:            # FGP 14.1: a series of races
        race.season = list(config.season or [config.track])[1:]
    return race


def _config(track, controllers, boards, sides, tyres, drivers, content_dir,
            rules, teams=None) -> FormulaGPConfig:
    try:
        return FormulaGPConfig(track=track, seats=controllers, boards=boards, sides=sides,
                               tyres=tyres, drivers=drivers, content=content_dir, rules=rules,
                               teams=teams)
    except ValueError as exc:                   # pydantic's ValidationError included
        raise BadInput(f"FormulaGP: {exc}") from None
