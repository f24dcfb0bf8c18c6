"""FormulaGP for the conformance test: sample configurations, candidate
actions (legal and illegal), and the invariants checked after every action."""
from __future__ import annotations

from .bot.checks import invariants as bot_invariants
from . import actions as A
from .rules import cards as C
from .rules import team_radio as TR
from .rules.steps import MACHINE
from .rules.where import track_of
from .state import ACTION_DECK_SIZE, SHARED_DECKS


def sample_configs() -> list[dict]:
    out = []
    for track in ("fast", "twisty", "street"):
        out.append({"track": track, "seats": ["random"] * 6})
        out.append({"track": track, "seats": ["heuristic"] * 4 + ["random"] * 2})
    out.append({"track": "fast", "seats": ["random", "random"], "tyres": ["soft", "hard"],
                "sides": ["B", "A"]})
    out.append({"track": "street", "seats": ["heuristic"] * 10})
    out.append({"track": "twisty,fast", "options": ["championship"],
                "seats": ["heuristic", "random", "heuristic"]})
    out.append({"track": "twisty", "options": ["pit_start_round_3"],   # FGP 7.2 (A11)
                "seats": ["random"] * 4})
    # the Advanced race (FGP 1, 3.2 b; rules/advanced.py)
    out.append({"track": "twisty", "rules": "advanced",
                "seats": ["heuristic"] * 4 + ["random"] * 2})
    out.append({"track": "street", "rules": "advanced", "seats": ["random"] * 6})
    out.append({"track": "fast", "rules": "advanced",                 # FGP 4.9 TEAM RADIO
                "seats": ["heuristic"] * 3 + ["random"] * 3})
    out.append({"track": "street", "seats": ["pro", "random", "rookie", "heuristic", "pro",
                                             "rookie"]})                 # BOT 1
    out.append({"track": "street", "rules": "advanced",     # [ADV] late pit bonus, debris, oil
                "seats": ["random"] * 3 + ["heuristic"] * 3})
    out.append({"track": "street", "seats": ["random"] * 3,            # FGP 15.3-15.7.1
                "options": ["quali_die_roll", "street_circuit", "street_defence_2",
                            "grid_order_start",
                            "medium_wear_placement", "counter_steer_outside",
                            "ot_management", "turn_time_limit"]})
    # FGP 15.8-15.14 with the Advanced rules, BOTs and people's teams together
    out.append({"track": "fast", "rules": "advanced",
                "seats": ["random"] * 2 + ["heuristic", "pro", "rookie", "heuristic"],
                "options": ["race_director_penalties", "limited_tyre_sets",
                            "safety_car_card_twice", "fast_virtual_safety_car",
                            "weather_modifier", "sc_red_flag_on_6"]})
    out.append({"track": "twisty", "seats": ["random", "heuristic"] * 2,
                "teams": [1, 1, 2, 2], "options": ["constructors", "fast_safety_car",
                                                   "must_counter_steer", "red_flag_restart_draw"]})
    # FGP 14.4 with BOT teammates, BOT 3.5, BOT 7.2 / 7.4 / 7.5
    out.append({"track": "fast,twisty", "seats": ["random", "pro", "pro", "rookie", "pro", "pro"],
                "teams": [1, 1, 2, 2, 3, 3],
                "options": ["championship", "constructors", "team_orders", "bot_blocking", "photo_finish",
                            "bot_photo_finish", "bot_stress"]})
    return out


def candidate_actions(race, seat: int) -> list:
    """The legal actions plus near misses: cards from another seat's hand,
    spaces one step too far, a battle against oneself."""
    out = list(MACHINE.fine(race, seat))
    other = [c for c in race.cars if c.seat != seat]
    foreign = [h for c in other for h in c.hand if h not in race.cars[seat].hand][:2]
    for f in foreign:
        out += [A.Return(f), A.Discard(f), A.Cards((f,)), A.Play((f,))]
    trk = track_of(race)
    car = race.cars[seat]
    if car.space is not None:
        far = [t for m in trk.moves(car.space) for t in trk.reachable(m.to)]
        out += [A.Step(t) for t in far[:3]]
    out += [A.Attack(seat), A.Done(), A.Stop(), A.Push(True), A.Reduce(99, ())]
    seen, uniq = set(), []
    for a in out:
        if a not in seen:
            seen.add(a)
            uniq.append(a)
    return uniq


def invariants(race) -> list[str]:
    problems = []
    trk = track_of(race)
    spaces = trk.spaces
    # one car per space, except the car shadows of slipstream spaces (FGP 8.5)
    count: dict[int, int] = {}
    for c in race.cars:
        if c.space is not None:
            count[c.space] = count.get(c.space, 0) + 1
    exit_space = trk.pit.exit_space if trk.pit else None
    for s, n in count.items():
        if n > 1 and n > spaces[s].capacity and s != exit_space:
            problems.append(f"space {s} holds {n} cars (capacity {spaces[s].capacity})")
    # every ACTION deck holds its 45 cards, each once (FGP 4.3)
    for c in race.cars:
        d = c.deck
        seen = set(d.pile)
        seen.update(d.discards, d.removed, c.hand)
        n = len(d.pile) + len(d.discards) + len(d.removed) + len(c.hand)
        if n != ACTION_DECK_SIZE or len(seen) != ACTION_DECK_SIZE:
            problems.append(f"seat {c.seat}: ACTION cards not conserved ({n})")
    # shared decks: every card in exactly one place
    sizes = C.deck_sizes(race)
    extra = {"event": [e for c in race.cars for e in c.held_events],
             "damage": [e for c in race.cars for e in c.damage],
             "failure": [e for c in race.cars for e in c.failures]}
    for name in SHARED_DECKS:
        if name == "driver":
            continue                  # dealt once at setup; the cards by the boards are fixed
        d = race.decks[name]
        where = [*d.pile, *d.discards, *d.removed, *extra.get(name, ())]
        if len(where) != len(set(where)):
            problems.append(f"{name} deck: a card in two places")
        if name in sizes and len(where) != sizes[name]:
            problems.append(f"{name} deck holds {len(where)} cards, not {sizes[name]}")
    problems += bot_invariants(race)                # BOT 1.2: the BOT cards conserved
    for c in race.cars:
        side = C.board_side(race, c)
        if not 0 <= c.wear < len(side.tyre_track):
            problems.append(f"seat {c.seat}: tyre wear {c.wear} off the track")
        if not 0 <= c.ers <= side.ers_max:
            problems.append(f"seat {c.seat}: ERS {c.ers} outside 0..{side.ers_max}")
        if c.space is not None and c.off_track:
            problems.append(f"seat {c.seat}: on a space and off track")
        # FGP 11.1: no car ends anywhere on the PIT LANE space: reaching it (a
        # step, a spin or counter-steer, a push: A214) puts the car in the pit lane
        if c.space is not None and spaces[c.space].pit_lane:
            problems.append(f"seat {c.seat}: stands on the PIT LANE space {c.space}")
        if c.in_pit and (c.space is not None or c.off_track):
            problems.append(f"seat {c.seat}: in the pit lane and on the track")
    problems += TR.invariants(race)
    p = race.turn.pending
    if p is not None and not race.turn.over:
        for s in p.seats:
            if not MACHINE.fine(race, s):
                problems.append(f"seat {s} must act at {p.step} with no legal action")
    return problems
