"""FGP 15.8-15.13, optional rules (the second half) as they act on a race:
small hooks the step modules call, each doing nothing unless its option is
in `race.config.options`. The rules themselves are the pure functions of
rules/optional_rules_b.py; what an option remembers is `race.optional`."""
from __future__ import annotations

from ....engine import chance
from ....engine.protocol import Event
from ..state import Race
from . import optional_rules_b as R
from . import penalty_tokens as PT

SC_TWICE = "safety_car_card_twice"      # FGP 15.11.1
FAST_VSC = "fast_virtual_safety_car"    # FGP 15.11.3
DIRECTOR = "race_director_penalties"    # FGP 15.9
FAST_SC = "fast_safety_car"             # FGP 15.11.2
TYRE_SETS = "limited_tyre_sets"         # FGP 15.10


def on(race: Race, name: str) -> bool:
    return name in race.config.options


# ---- FGP 15.11.1 -------------------------------------------------------------------------
def sc_card_back(race: Race, card, events: list) -> bool:
    """FGP 15.11.1: the 'Safety Car' EVENT card just drawn goes back into the
    draw pile, shuffled, the first time (shown to everyone: it was drawn to
    be played at once). True when it went back."""
    if not on(race, SC_TWICE) or not R.sc_card_goes_back(
            card.name, race.optional.get("sc_card_returned", False)):
        return False
    race.optional["sc_card_returned"] = True
    deck = race.decks["event"]
    deck.pile.append(card.id)
    chance.reveal(events, "sc_card_returned", {"card": card.id}, "FGP 15.11.1")
    chance.shuffle(race.chance, events, deck, rule="FGP 15.11.1", what="EVENT deck")
    return True


# ---- FGP 15.11.3 ---------------------------------------------------------------------------
def start_fast_vsc(race: Race) -> list[Event]:
    """FGP 15.11.3 step 1 done (the drawer completed its turn): the round ends
    here and the flag moves on to the VSC round (the `vsc` phase first ends
    this round: `fast_vsc_round_end`). A108 in the matrix."""
    drawer = race.move["seat"]
    out = [c.seat for c in race.cars if c.space is None or c.spun]
    movers = R.fast_vsc_order(race.sequence, drawer, out=out)
    race.vsc_plan = {"first": drawer, "skip": [], "movers": movers,
                     "steps": R.FAST_VSC_SPACES, "skip_draw": True, "fast": "wait"}
    return [Event("fast_vsc", {"steps": R.FAST_VSC_SPACES, "movers": list(movers)},
                  "FGP 15.11.3")]


def fast_vsc_round_end(race: Race) -> list[Event] | None:
    """FGP 15.11.3 step 2: the cars yet to move lose this round's turn (they
    drive in the VSC round); the round ends, the next (no draw phase: "they do
    not draw new cards") is the VSC round. None when no fast VSC waits."""
    plan = race.vsc_plan
    if not plan or plan.get("fast") != "wait":
        return None
    plan["fast"] = "drive"
    race.turn.phase = "round_end"
    return []


def fast_vsc_sequence(race: Race) -> list[Event] | None:
    """FGP 15.11.3 step 3: in the VSC round every car drives 4 spaces in the
    order of `fast_vsc_order` (the `vsc` phase of rules/flag_steps.py drives
    them, one step a decision, no cards); None when this is no fast VSC."""
    plan = race.vsc_plan
    if not plan or plan.get("fast") != "drive":
        return None
    race.sequence = list(plan["movers"])
    race.seq_pos = 0
    race.vsc = True
    race.turn.phase = "vsc"
    return [Event("sequence", {"order": list(race.sequence)}, "FGP 15.11.3")]


def fast_vsc_over(race: Race) -> None:
    """FGP 15.11.3: the VSC lasts one round: the plan goes with it, so the
    next round draws as normal."""
    if race.vsc_plan and race.vsc_plan.get("fast"):
        race.vsc_plan = None


# ---- FGP 15.9 ------------------------------------------------------------------------------
def incident_penalty(race: Race, seat: int, cause: str, rule: str) -> list[Event]:
    """The one Penalty token an incident with another car gives (a collision,
    FGP 13.5; a push off the track, 8.3.1 / 13.4.5); with the option the race
    director's WHITE roll decides it first (FGP 15.9)."""
    from .dice import roll_die, white_value
    if not on(race, DIRECTOR) or PT.exempt(race, seat):   # BOT 6.8: a Rookie, no roll
        return PT.add(race, seat, 1, rule, cause=cause)
    ev: list[Event] = []
    white = white_value(roll_die(race, ev, "white", "FGP 15.9", seat=seat))
    warned = race.optional.setdefault("warnings", {})
    v = R.director(white, warned.get(str(seat), 0))
    warned[str(seat)] = v.warnings
    ev.append(Event("race_director", {"seat": seat, "verdict": v.kind,
                                      "warnings": v.warnings}, "FGP 15.9"))
    if v.tokens:
        ev += PT.add(race, seat, v.tokens, rule, tokens=v.tokens, cause=cause)
    return ev


def warnings(race: Race, seat: int) -> int:
    """FGP 15.9: the black & white flags a driver holds (public)."""
    return race.optional.get("warnings", {}).get(str(seat), 0)


# ---- FGP 15.11.2 ---------------------------------------------------------------------------
def fast_sc(race: Race) -> bool:
    return race.safety_car is not None and on(race, FAST_SC)   # (the SC first: rarely out)


def fast_sc_prep(race: Race, seat: int, legal: list) -> list:
    """FGP 15.11.2: a Safety Car turn uses no card: of the preparations only
    the parameter tokens and the discards stay (the discards: any card but
    the Draw Failure card, one Tyre Wear card a turn); Done is always there."""
    from ..actions import Done, Parameter, PlayCard
    from . import cards as C
    car = race.cars[seat]
    kinds = {c: C.kind_of(race, c) for c in car.hand}
    out = [a for a in legal if isinstance(a, Parameter)]
    out += [PlayCard(c, "sc_discard") for c in R.fast_sc_discards(
        car.hand, kinds, tyre_wear_discarded=bool(race.move.get("sc_tyre_discard")))]
    return out + [Done()]


def fast_sc_move(race: Race) -> list[Event]:
    """FGP 15.11.2: instead of cards the car drives 6 movement points; the
    Safety Car's limits (FGP 13.9.2: no overtaking, one tile behind the car
    ahead) are the move's own (rules/move_steps.py)."""
    from .plays import gear_for
    mv = race.move
    car = race.cars[mv["seat"]]
    n = R.FAST_SC_SPACES
    turning = 0
    if car.rejoin is not None:                          # FGP 13.4.5, as start_move
        from .hazards import rejoin_plan
        turning = rejoin_plan(car.rejoin, spun=car.facing_back).turn_mp
    mv.update(stage="moving", cards=[], colours=[], pace="green", pair=False, lanes=True,
              lc_wear=0, mp=n, left=n, start=car.space,
              visited=[car.space] if car.space is not None else [], changes=0,
              reduced=False, extending=False, blocked=[], ahead=None, dice=[],
              blue=False, gear=gear_for(race, car), turning=turning)
    if car.off_track or car.rejoin is not None:
        mv["stage"] = "rejoin"
    return [Event("fast_sc_move", {"seat": car.seat, "mp": n}, "FGP 15.11.2")]


# ---- FGP 15.10 -----------------------------------------------------------------------------
def _sets_phase(race: Race) -> list[Event]:
    """FGP 15.10: before qualifying every player takes Option A or B, all at
    once (the tokens taken are on the table for all to see)."""
    from .decide import wait
    race.turn.phase = "tyre_sets_taken"
    wait(race, "tyre_sets", range(len(race.cars)))
    return []


def _sets_legal(race: Race, seat: int) -> list:
    from ..actions import TyreSets
    return [TyreSets(k) for k in R.TYRE_SETS]


def _sets_act(race: Race, seat: int, action) -> list[Event]:
    race.optional.setdefault("tyre_sets", {})[str(seat)] = list(R.TYRE_SETS[action.choice])
    return [Event("tyre_sets", {"seat": seat, "choice": action.choice}, "FGP 15.10")]


def _sets_taken(race: Race) -> list[Event]:
    """The starting tyres next (FGP 5.1.3), or, fixed by the configuration,
    fitted from the sets now; then qualifying."""
    if race.config.tyres is None:
        race.turn.phase = "start_tyres"
        return []
    for car in race.cars:
        car.tyres_left = start_sets(race, car.seat, car.tyre)
    race.turn.phase = "qualifying"
    return []


def start_sets(race: Race, seat: int, tyre: str) -> list[str]:
    """FGP 15.10: the car's pit box once it starts on `tyre` (with the
    option; the other dry compounds without it, FGP 5.1.3)."""
    sets = race.optional.get("tyre_sets", {}).get(str(seat))
    if not on(race, TYRE_SETS) or sets is None:
        return [t for t in R.DRY if t != tyre]
    return R.sets_after_fitting(sets, tyre)


def tyre_offer(race: Race, car, choices: list) -> list:
    """FGP 15.10: only compounds with a set left in the box (option)."""
    return R.tyre_offer(choices, car.tyres_left) if on(race, TYRE_SETS) else list(choices)


def fit_set(race: Race, car, tyre: str) -> bool:
    """FGP 15.10: a set fitted in the box leaves the box's sets (the one
    taken off is not used again). False without the option."""
    if not on(race, TYRE_SETS):
        return False
    if tyre in R.DRY:
        car.tyres_left = R.sets_after_fitting(car.tyres_left, tyre)
    return True


def first_phase(race: Race, phase: str) -> str:
    """The setup's first phase: the choice of sets comes first (option)."""
    return "tyre_sets" if on(race, TYRE_SETS) else phase


def _sets_text(action) -> str:
    return f"takes tyre sets Option {action.choice}"


PHASES = {"tyre_sets": _sets_phase, "tyre_sets_taken": _sets_taken}


def steps():
    from ....engine.steps import Step as Decision
    return (Decision("tyre_sets", "FGP 15.10", _sets_legal, _sets_act,
                     label="choose your tyre sets, Option A or B", concurrent=True),)


# ---- the log's words for the events above (log.py joins them) ---------------------------
VERDICTS = {"racing_incident": "a racing incident, no penalty",
            "warning": "a warning (black & white flag)", "penalty": "a penalty"}
EVENT_TEXT = {
    "tyre_sets": lambda d, w: f"{w.who(d['seat'])} takes the tyre sets of Option "
                              f"{d['choice']}: " + ", ".join(R.TYRE_SETS[d["choice"]]),
    "fast_sc_move": lambda d, w: f"{w.who(d['seat'])} follows the Safety Car: "
                                 f"{d['mp']} spaces, no cards",
    "race_director": lambda d, w: f"the race director rules {VERDICTS[d['verdict']]} for "
                                  f"{w.who(d['seat'])} ({d['warnings']} warnings)",
    "fast_vsc": lambda d, w: f"VIRTUAL SAFETY CAR: next round every car drives "
                             f"{d['steps']} spaces, no cards: " + w.order(d["movers"]),
    "sc_card_returned": lambda d, w: f"{w.card(d['card'])} goes back into the EVENT deck, "
                                     "shuffled: the next one counts",
}
