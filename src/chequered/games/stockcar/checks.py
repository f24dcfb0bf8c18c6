"""What the conformance and soak tests need to know about the stock-car
game: configurations covering every track and team count, a superset of the
legal actions, and the invariants every state must satisfy."""
from __future__ import annotations

from collections import Counter

from ...engine.routes import Route

from .actions import (Activate, Affect, Discard, KeepHand, MoveType, Pit, PitDone, PlayCard,
                      Retire, Step)
from .content import MOVES, load_content
from .rules.movement import chain
from .rules.order import scan_leader
from .rules.steps import MACHINE
from .rules.turn import step_name
from .state import RACING


def sample_configs() -> list[dict]:
    """Short races (one or two laps) on every track with 2 to 7 teams, so
    thousands of seeds play in reasonable time; one full-length race."""
    tracks = ["speedway", "short", "triangle", "road"]
    out = []
    seatings = [["random", "random"], ["random", "bot", "random"],
                ["bot", "random", "random", "bot"], ["random"] * 5,
                ["random", "bot", "random", "bot", "random", "bot"], ["random"] * 7,
                ["bot", "bot"], ["random"] * 4]
    for i, seats in enumerate(seatings):
        out.append({"seats": seats, "track": tracks[i % 4], "laps": 1 + (i % 3 == 2)})
    out.append({"seats": ["random", "random", "random"], "track": "short", "laps": 2,
                "teams": ["black", "blue", "red"]})
    out.append({"seats": ["bot", "bot", "bot", "random"], "track": "road"})
    return out


def candidate_actions(state, seat: int) -> list:
    """A superset of the legal actions: the seat's own cars and one other
    team's car, its hand and two cards it does not hold, every movement type
    and a made-up one, every step to a lane from the Apron to one past the
    widest sector."""
    C = load_content(state.config.content)
    T = C.tracks[state.track]
    mine = [c.number for c in state.cars if c.team == seat]
    other = next((c.number for c in state.cars if c.team != seat), 0)
    numbers = mine + [other, 0]
    hand = sorted(set(state.hands[seat]))
    cards = hand + [k for k in C.card_ids[:3] if k not in hand] + ["R99"]
    out: list = [Activate(n) for n in numbers]
    out += [PlayCard(k) for k in cards] + [Retire()]
    out += [MoveType(k) for k in (*MOVES, "warp")]
    out += [Step(a, lane) for a in (0, 1) for lane in range(0, T.maxw + 2)]
    out += [Affect(n) for n in numbers] + [Pit(n) for n in numbers] + [PitDone()]
    out += [Discard(k) for k in cards] + [KeepHand()]
    step = MACHINE.pending_step(state)
    if step is not None and step.route is not None and seat in state.turn.pending.seats:
        # A step offered as whole moves (rules/routes.py): a single step that
        # only begins a listed route is legal too (engine/steps.Machine.fine),
        # so it is no near miss; a few listed routes, and one run on past the
        # end of a listed route, which must be refused.
        listed = MACHINE.legal(state, seat)
        fine = MACHINE.fine(state, seat)
        out = [a for a in out if a in listed or a not in fine]
        routes = [a for a in listed if type(a) is Route]
        out += routes[:2] + routes[-1:]
        if routes:
            r = routes[0]
            out.append(Route(r.path + r.path[-1:]))
    return out


def invariants(state) -> list[str]:
    C = load_content(state.config.content)
    T = C.tracks[state.track]
    phase = step_name(state)
    bad = []
    # One car per space except the Apron: occ agrees with the cars.
    seen = {}
    on_apron = Counter(i for stack in state.apron.values() for i in stack)
    n, w1, width, occ = T.n, T.maxw + 1, T.width, state.occ
    unflipped = [0] * len(state.hands)
    racing = 0
    for c in state.cars:
        if not c.flipped:
            unflipped[c.team] += 1
        if c.status == RACING:
            racing += 1
            if c.lane == 0:
                if on_apron[c.idx] != 1 or c.idx not in state.apron.get(c.dist % n, ()):
                    bad.append(f"car #{c.number} on the Apron but not in its stack")
            else:
                key = (c.dist % n, c.lane)
                if key in seen:
                    bad.append(f"cars #{seen[key]} and #{c.number} share space {key}")
                seen[key] = c.number
                if not 1 <= c.lane <= width[key[0]]:
                    bad.append(f"car #{c.number} off the track at {key}")
                if occ[key[0] * w1 + c.lane] != c.idx:
                    bad.append(f"space {key} does not hold car #{c.number}")
        else:
            if c.position is None:
                bad.append(f"car #{c.number} out of the race without a Position marker")
            if on_apron[c.idx]:
                bad.append(f"car #{c.number} out of the race but on the Apron")
    # The slots the rules keep up to date by hand, for speed, agree with what
    # they stand for: a car's wear with its boxes, the known leader with a scan.
    for c in state.cars:
        if c.wear != sum(c.temp) + sum(c.perm):
            bad.append(f"car #{c.number} wear {c.wear}, its boxes hold {sum(c.temp) + sum(c.perm)}")
    known = state.lead
    if known is not None:
        scanned = scan_leader(state, T)
        if (scanned.idx if scanned is not None else -1) != known:
            bad.append(f"leader kept as car index {known}, the cars say "
                       f"{scanned.number if scanned is not None else 'none'}")
    kept = state.lines
    if kept is not None and kept[0] is state.move and "snake" not in kept[0]:
        car = state.cars[kept[1]]
        if [kept[2], kept[3]] != [chain(state, T, car, 1), chain(state, T, car, -1)]:
            bad.append(f"linked lines of car #{car.number} kept as {kept[2:]}, the cars "
                       "say otherwise")
    line = state.lap_line
    if line is not None:
        for c in state.cars:
            if c.status == RACING and (c.dist <= line or c.lapdown):
                bad.append(f"lap line kept at {line}, car #{c.number} at {c.dist}"
                           f"{' lapped' if c.lapdown else ''}")
    if len(occ) - occ.count(-1) != len(seen):
        bad.append("a track space holds a car that is not there")
    positions = [c.position for c in state.cars if c.position is not None]
    if len(set(positions)) != len(positions) or any(not 1 <= p <= len(state.cars)
                                                     for p in positions):
        bad.append(f"Position markers {sorted(positions)}")
    # Every deck conserved.
    held = [k for h in state.hands for k in h]
    playing = [state.move["card"]] if (state.move and "card" in state.move
                                       and phase in ("type", "move")) else []
    race = state.deck.pile + state.deck.discards + held + playing
    if len(race) != len(C.card_ids) or set(race) != C.card_set:
        bad.append(f"Race deck holds {len(race)} cards, not the 84")
    ev = state.events.pile + state.events.discards + ([state.event_card]
                                                       if state.event_card else [])
    if len(ev) != len(C.event_ids) or set(ev) != C.event_set:
        bad.append(f"Event deck holds {len(ev)} cards, not the 26")
    # Hand sizes: never above starting cars + 1, exactly that when a turn
    # starts (STOCK Fill hands), and enough for every car still to activate.
    turn_start = phase == "car" and not any(c.flipped for c in state.cars)
    for seat, hand in enumerate(state.hands):
        if len(hand) > state.hand_size:
            bad.append(f"seat {seat} holds {len(hand)} cards, hand size {state.hand_size}")
        if phase in ("car", "card", "type", "move") and len(hand) < unflipped[seat]:
            bad.append(f"seat {seat} has {len(hand)} cards for {unflipped[seat]} cars")
        if turn_start and len(hand) != state.hand_size:
            bad.append(f"seat {seat} starts the turn with {len(hand)} cards, not "
                       f"{state.hand_size}")
    if not state.turn.over and state.turn.pending is None:
        bad.append("race running with no decision pending")
    if phase == "over":
        if racing:
            bad.append("race over with cars still racing")
    elif not racing:
        bad.append("race running with no car racing")
    return bad
