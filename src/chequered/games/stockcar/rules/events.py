"""The Team Bar, Event cards and the Yellow Flag restart.

STOCK The Team Bar, Events, Yellow Flag restart, Green Restart Line (the
last three are ours: docs/rules/stockcar.md).
"""
from __future__ import annotations

from ....engine import chance
from ....engine.protocol import Event
from ..content import PERMANENT, TEMPORARY
from ..state import RACING
from .order import leader, lift, place, running_order


def reshuffler(state, events: list):
    """STOCK Fill hands: an empty Race deck shuffles its discards (for
    chance.draw_many's `refill`)."""
    def refill(deck) -> None:
        chance.reshuffle(state.chance, events, deck, rule="STOCK Fill hands", what="Race deck")
    return refill


def fill_hand(state, seat: int, events: list) -> None:
    """STOCK Fill hands: draw up to the hand size; the cards are shown to
    their owner only (the others see how many)."""
    need = state.hand_size - len(state.hands[seat])
    if need > 0:
        state.hands[seat] += chance.draw_many(
            state.chance, events, state.deck, need, rule="STOCK Fill hands",
            what="Race card", to=seat, refill=reshuffler(state, events))


def read_bar(state, C, events: list) -> tuple:
    """STOCK The Team Bar: turn up the top Race card; its bar, as team
    indexes left to right. The card goes to the discards."""
    if not state.deck.pile:
        reshuffler(state, events)(state.deck)
    card = chance.draw(state.chance, events, state.deck, rule="STOCK The Team Bar",
                       what="Team Bar card")
    state.deck.discard(card)
    state.bar_reads += 1
    events.append(Event("team_bar", {"card": card, "bar": C.cards[card].bar},
                        "STOCK The Team Bar"))
    return C.card_bar[card]


def seat_of_team(state, C) -> dict:
    """Team index -> seat."""
    return {t: seat for seat, t in enumerate(team_indexes(state, C))}


def team_indexes(state, C) -> list[int]:
    keys = state.config.teams
    if keys is None:
        return list(range(len(state.config.seats)))
    by_key = {t.key: i for i, t in enumerate(C.teams)}
    return [by_key[k] for k in keys]


def random_team(state, C, eligible: set, events: list) -> int | None:
    """STOCK The Team Bar: a random team, skipping teams that are not racing
    or have no qualifying car. Returns a seat."""
    if not eligible:
        return None
    seats = seat_of_team(state, C)
    for t in read_bar(state, C, events):
        seat = seats.get(t)
        if seat is not None and seat in eligible:
            return seat
    return None


def add_wear(car, kind: str, amount: int) -> None:
    # A new list, never a change in place: a cloned car shares its wear lists
    # with the original (state.Car.clone; a search clones thousands of states).
    if kind in TEMPORARY:
        temp = car.temp.copy()
        temp[TEMPORARY.index(kind)] += amount
        car.temp = temp
    else:
        perm = car.perm.copy()
        perm[PERMANENT.index(kind)] += amount
        car.perm = perm
    car.wear += amount


def draw_event(state, C, T, events: list):
    """STOCK Events: the First Player turns up an Event card and resolves it.
    Returns a pending choice {"seat", "cars"} when a team's owner must pick
    the affected car, else None."""
    if not state.events.pile:
        chance.reshuffle(state.chance, events, state.events, rule="STOCK Events",
                         what="Event deck")
    card = chance.draw(state.chance, events, state.events, rule="STOCK Events",
                       what="Event card")
    state.event_card = card
    ev = C.events[card]
    events.append(Event("event", {"card": card, "title": ev.title, "kind": ev.kind},
                        "STOCK Events"))
    if ev.kind == "green":
        end_event(state)
    elif ev.kind == "yellow":
        caution(state, events)
        end_event(state)
    elif ev.kind == "leader":
        lead = leader(state, T)
        if lead is not None:
            hit(state, C, lead, events)
        else:
            end_event(state)
    else:                                   # wear, crash: a random team's car
        eligible = {c.team for c in state.cars if c.status == RACING}
        seat = random_team(state, C, eligible, events)
        if seat is None:
            if ev.kind == "crash":
                caution(state, events)
            end_event(state)
            return None
        mine = [c for c in state.cars if c.team == seat and c.status == RACING]
        if len(mine) > 1:
            # STOCK The Team Bar: the picked team's owner chooses the car.
            return {"seat": seat, "cars": [c.idx for c in mine]}
        hit(state, C, mine[0], events)
    return None


def hit(state, C, car, events: list) -> None:
    """The event's wear on the affected car; a crash then brings a caution."""
    ev = C.events[state.event_card]
    add_wear(car, ev.wear, ev.amount)
    events.append(Event("wear", {"car": car.number, "wear": ev.wear, "amount": ev.amount},
                        "STOCK Events"))
    if ev.kind == "crash":
        caution(state, events)
    end_event(state)


def end_event(state) -> None:
    state.events.discard(state.event_card)
    state.event_card = None


def caution(state, events: list) -> None:
    state.yellow = True
    events.append(Event("yellow", {}, "STOCK Yellow Flag restart"))


def line_up(state, T, laps: int, events: list) -> None:
    """STOCK Yellow Flag restart (ours): the field lines up behind the leader
    two by two on the restart lanes, in running order; cars that pitted
    this turn come after those that did not, cars with a Lap-down marker
    last. The leader is placed in the inside restart lane of its own sector.
    STOCK Green Restart Line: on the last lap, a leader past the green
    restart line is brought back to it, so the race restarts from there."""
    order = running_order(state, T)
    if not order:
        return
    pitted = set(state.pitted)
    field = ([c for c in order if not c.lapdown and c.idx not in pitted]
             + [c for c in order if not c.lapdown and c.idx in pitted]
             + [c for c in order if c.lapdown])
    top = field[0].dist
    green = (laps - 1) * T.n + T.green_line
    if top > green and top < laps * T.n and top // T.n == laps - 1:
        top = green
        events.append(Event("green_line", {"car": field[0].number},
                            "STOCK Green Restart Line"))
    lead_dist = field[0].dist
    for c in field:
        lift(state, T, c)
    for k, c in enumerate(field):
        slot = top - k // 2
        if c.lapdown:
            # A lapped car keeps the laps it is down: it lines up in its slot
            # on the track, but whole laps behind, and stays lapped.
            slot -= T.n * max(1, (lead_dist - c.dist) // T.n)
        place(state, T, c, slot, T.restart[k % 2])
    events.append(Event("restart", {"order": [c.number for c in field]},
                        "STOCK Yellow Flag restart"))
