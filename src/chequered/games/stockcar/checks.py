"""What the conformance and soak tests need to know about the stock-car
game: configurations covering every track and team count, a superset of the
legal actions, and the invariants every state must satisfy."""
from __future__ import annotations

from collections import Counter

from .actions import (Activate, Affect, Discard, KeepHand, MoveType, Pit, PitDone, PlayCard,
                      Retire, Step)
from .content import MOVES, load_content
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
    C = load_content(state.config.content)
    T = C.tracks[state.track]
    numbers = sorted({c.number for c in state.cars}) + [0, 99]
    some_cards = list(C.card_ids[:6]) + sorted(set(state.hands[seat])) + ["R99"]
    out: list = [Activate(n) for n in numbers]
    out += [PlayCard(k) for k in some_cards] + [Retire()]
    out += [MoveType(k) for k in (*MOVES, "warp")]
    out += [Step(a, lane) for a in (0, 1, 2) for lane in range(0, T.maxw + 2)]
    out += [Affect(n) for n in numbers] + [Pit(n) for n in numbers] + [PitDone()]
    out += [Discard(k) for k in some_cards] + [KeepHand()]
    return list(dict.fromkeys(out))


def invariants(state) -> list[str]:
    C = load_content(state.config.content)
    T = C.tracks[state.track]
    bad = []
    # One car per space except the Apron: occ agrees with the cars.
    seen = {}
    on_apron = Counter(i for stack in state.apron.values() for i in stack)
    for c in state.cars:
        if c.status == RACING:
            if c.lane == 0:
                if on_apron[c.idx] != 1 or c.idx not in state.apron.get(c.dist % T.n, ()):
                    bad.append(f"car #{c.number} on the Apron but not in its stack")
            else:
                key = (c.dist % T.n, c.lane)
                if key in seen:
                    bad.append(f"cars #{seen[key]} and #{c.number} share space {key}")
                seen[key] = c.number
                if not 1 <= c.lane <= T.width[key[0]]:
                    bad.append(f"car #{c.number} off the track at {key}")
                if state.occ[key[0] * (T.maxw + 1) + c.lane] != c.idx:
                    bad.append(f"space {key} does not hold car #{c.number}")
        else:
            if c.position is None:
                bad.append(f"car #{c.number} out of the race without a Position marker")
            if on_apron[c.idx]:
                bad.append(f"car #{c.number} out of the race but on the Apron")
    if sum(1 for x in state.occ if x != -1) != len(seen):
        bad.append("a track space holds a car that is not there")
    positions = [c.position for c in state.cars if c.position is not None]
    if len(set(positions)) != len(positions) or any(not 1 <= p <= len(state.cars)
                                                     for p in positions):
        bad.append(f"Position markers {sorted(positions)}")
    # Every deck conserved.
    held = [k for h in state.hands for k in h]
    playing = [state.move["card"]] if (state.move and "card" in state.move
                                       and state.phase in ("type", "move")) else []
    race = Counter(state.deck.pile + state.deck.discards + held + playing)
    if race != Counter(C.card_ids):
        bad.append(f"Race deck holds {sum(race.values())} cards, not the 84")
    ev = Counter(state.events.pile + state.events.discards
                 + ([state.event_card] if state.event_card else []))
    if ev != Counter(C.event_ids):
        bad.append(f"Event deck holds {sum(ev.values())} cards, not the 26")
    # Hand sizes: never above starting cars + 1; full while cars are activated.
    for seat, hand in enumerate(state.hands):
        if len(hand) > state.hand_size:
            bad.append(f"seat {seat} holds {len(hand)} cards, hand size {state.hand_size}")
        if state.phase in ("car", "card", "type", "move"):
            unflipped = sum(1 for c in state.cars if c.team == seat and not c.flipped)
            if len(hand) < unflipped:
                bad.append(f"seat {seat} has {len(hand)} cards for {unflipped} cars")
    if state.phase == "over":
        if any(c.status == RACING for c in state.cars):
            bad.append("race over with cars still racing")
    elif not any(c.status == RACING for c in state.cars):
        bad.append("race running with no car racing")
    return bad
