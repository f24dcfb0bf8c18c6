"""[ADV] TEAM RADIO cards (FGP 4.9, 3.4, 4.3.3, 5.1.1, 7.2, 8.8.1 c, 10.1, 11.2):
pure functions on the race; the decisions are rules/radio_steps.py.

Each player holds one card, face down on the table like any card that is not
an ACTION card (FGP 4.2.1 'Holding a card'): `Car.radio`, seen by its owner
only until it is used (then `Car.radio_seen`: the table saw it). The deck is
`race.decks["radio"]`; its discard pile is face up (FGP 4.9: the cards given up
go "face up on the discard pile", and its top card can be taken), so the cards
put on it are shown to everyone, the last one on top (`Deck.discards[-1]`).

Choices (docs/rules/formulagp.md "Choices"):
A94 the two cards of FGP 4.9 are drawn and one kept as the race starts (FGP
    7.2), once the grid is set and before the pole sitter's bonus card; every
    player chooses at once and face down, then the cards given up go on the
    discard pile together, in grid order (the last car's on top). A red-flag
    restart (FGP 13.10) deals none: every player already holds one.
A95 a card given up always goes on the discard pile face up; when several go
    at once, the new cards not kept go first and the card given up last, on top.
A96 a card is used in the preparations of the car's own turn (FGP 7.3.3.1),
    before it moves, at most once a turn; its `when` is read as the turn starts
    (the tile the car is on, the Race Leader token); the whole cost must be
    payable; not in round 1 (the start play is already revealed, FGP 7.2.1) nor
    under the Safety Car or the VSC (every car's movement is set by the rules,
    FGP 13.9). The move of that turn is made with single cards (FGP 4.9: no
    pairs while resolving the card).
A97 the free change in the pit stop (FGP 11.2) offers the same two ways as
    the Option card (FGP 4.9) or no change.
"""
from __future__ import annotations

from ....engine import chance
from ....engine.protocol import IllegalAction
from ..state import PARAMETERS, Car, Race
from . import card_effects as FX
from . import cards as C
from .where import race_round, tile_of, track_of
from .hazards import stress_bounds

RULE = "FGP 4.9"
DRAW = 2                      # FGP 4.9: draw two cards, keep one


# ---- the deck -------------------------------------------------------------------------
def in_play(race: Race) -> bool:
    """FGP 3 / 3.4: TEAM RADIO cards are used in an Advanced race only."""
    return race.config.rules == "advanced" and "radio" in race.decks


def card(race: Race, cid: str):
    return C.content_of(race).team_radio.card(cid)


def deck(race: Race):
    return race.decks["radio"]


def discard_top(race: Race) -> str | None:
    """The face-up card on top of the TEAM RADIO discard pile."""
    d = deck(race)
    return d.discards[-1] if d.discards else None


def draw(race: Race, car: Car, events: list, n: int = DRAW) -> list[str]:
    """Up to n cards off the TEAM RADIO deck, seen by their drawer only (the
    others read that cards were drawn), reshuffling the discards when the pile
    runs out (FGP 4.2). They wait in `car.radio_drawn` for the keep choice."""
    got = []
    for _ in range(n):
        c = C.draw_from(race, deck(race), events, rule=RULE, what="TEAM RADIO card",
                        to=car.seat, seat=car.seat)
        if c is None:
            break
        got.append(c)
    car.radio_drawn = car.radio_drawn + got
    return got


def _to_discards(race: Race, cards: list[str]) -> None:
    for c in cards:
        deck(race).discard(c)


def keep(race: Race, car: Car, cid: str, events: list, *, show: bool = True) -> None:
    """FGP 4.9: keep `cid`, one of the cards just drawn or the card held; the
    others go face up on the discard pile (A95: the new ones first, a card
    given up on top). show=False: they wait in `car.radio_drawn` to be shown
    together (the start of the race, A94)."""
    if cid not in car.radio_drawn and cid != car.radio:
        raise IllegalAction(f"{RULE}: {cid} is neither drawn nor held", RULE)
    gone = [c for c in car.radio_drawn if c != cid]
    if car.radio is not None and car.radio != cid:
        gone.append(car.radio)
    if cid != car.radio:
        car.radio, car.radio_seen = cid, False
    if not show:
        car.radio_drawn = gone
        return
    car.radio_drawn = []
    _to_discards(race, gone)
    if gone:
        chance.reveal(events, "radio_discarded", {"seat": car.seat, "cards": gone}, RULE)


def show_discards(race: Race, seats, events: list) -> None:
    """A94: the cards given up at the start go on the discard pile face up."""
    for s in seats:
        car = race.cars[s]
        gone, car.radio_drawn = car.radio_drawn, []
        _to_discards(race, gone)
        if gone:
            chance.reveal(events, "radio_discarded", {"seat": s, "cards": gone}, RULE)


def swap_with_discards(race: Race, car: Car, events: list) -> None:
    """FGP 4.9 first way: the top card of the discard pile for the card held,
    which goes on the pile in its place (both face up: the table sees them)."""
    top = discard_top(race)
    if top is None:
        raise IllegalAction(f"{RULE}: the TEAM RADIO discard pile is empty", RULE)
    deck(race).discards.pop()
    old = car.radio
    if old is not None:
        deck(race).discard(old)
    car.radio, car.radio_seen = top, True
    chance.reveal(events, "radio_swapped", {"seat": car.seat, "took": top, "gave": old}, RULE)


def ways(race: Race) -> list[str]:
    """FGP 4.9: the ways to a new card open now: 'discard' (the pile's top
    card) and 'deck' (draw two)."""
    d = deck(race)
    out = ["discard"] if d.discards else []
    if d.pile or len(d.discards) > 1:
        out.append("deck")
    return out


# ---- using the card (A96) ----------------------------------------------------------------
def applies(race: Race, car: Car, cid: str) -> bool:
    """The card's `when`, read as the car starts its turn."""
    when = card(race, cid).when
    if when == "any":
        return True
    if when in ("leader", "chasing"):
        lead = car.leader or race.leader == car.seat
        return lead if when == "leader" else not lead
    t = tile_of(race, car)
    if t is None:
        return False
    straight = track_of(race).tiles[t].straight
    return straight if when == "on_straight" else not straight


def payable(race: Race, car: Car, cid: str) -> bool:
    """Every price of the card can be paid in full (ERS charges, a parameter
    token still unused); a parameter token to win back must be a used one."""
    c = card(race, cid)
    for e in c.cost:
        if e.type == "ers" and car.ers < -e.amount:
            return False
        if e.type == "parameter" and not any(
                car.params[p] for p in (PARAMETERS if e.colour == "any" else (e.colour,))):
            return False
    for e in c.gain:
        if e.type == "parameter" and all(
                car.params[p] for p in (PARAMETERS if e.colour == "any" else (e.colour,))):
            return False
    return True


def usable(race: Race, seat: int, *, used: str | None, fixed: bool) -> bool:
    """A96: may the car use its card now (in its preparations)? `used`: the
    card already used this turn, if any; `fixed`: round 1's revealed play."""
    car = race.cars[seat]
    if not in_play(race) or car.radio is None or used is not None or fixed:
        return False
    if race_round(race) < 2 or race.safety_car is not None or race.vsc:
        return False
    return applies(race, car, car.radio) and payable(race, car, car.radio)


def use(race: Race, seat: int) -> FX.Outcome:
    """FGP 4.9: the card is shown and resolved, benefit then price, for the
    car in its own turn; it stays with the car (held 'as long as you like')."""
    car = race.cars[seat]
    cid = car.radio
    out = FX.Outcome()
    chance.reveal(out.events, "radio_used", {"seat": seat, "card": cid}, RULE)
    car.radio_seen = True
    c = card(race, cid)
    sit = FX.Situation(own_turn=True)
    for e in (*c.gain, *c.cost):
        out.extend(FX.apply_effect(race, seat, e, situation=sit, card=cid))
    return out


def value(race: Race, car: Car, cid: str) -> float:
    """A rough worth of using the card now, for the heuristic bot: movement
    points count 1, an ERS charge 0.8 (nothing when full), a wear space 0.9 (more
    on worn tyres), stress 0.7, a card 1, a parameter 0.8; a die roll, a next
    turn restricted, cost what they risk."""
    worn = car.wear >= 6
    ers_room = C.ers_max(race, car) - car.ers
    total = 0.0
    for e in (*card(race, cid).gain, *card(race, cid).cost):
        a = getattr(e, "amount", 0)
        if e.type == "movement":
            total += a
        elif e.type == "ers":
            total += (1.2 if car.ers <= 1 else 0.8) * (min(a, ers_room) if a > 0 else a)
        elif e.type == "tyre_wear":
            total -= a * (1.3 if worn else 0.9)
        elif e.type == "stress":
            # FGP 13.3: each point past STRESSED rolls the RED die at once
            over = max(0, car.stress + a - stress_bounds()[1]) if a > 0 else 0
            total -= a * (1.2 if car.stress >= 3 and a > 0 else 0.7) + 2.5 * over
        elif e.type == "parameter":
            total += 0.8 * a
        elif e.type == "draw":
            total += e.count
        elif e.type == "die_roll":
            total -= 1.5 if e.die == "red" else 0.8
        else:                                           # no pairs / no tyre bonus next turn
            total -= 1.0
    return total


def shown(race: Race, car: Car, viewer: int | None) -> str | None:
    """What `viewer` sees of the car's card: its owner always; the others only
    once it was shown (used, or taken face up from the discard pile)."""
    if car.radio is None:
        return None
    return car.radio if viewer == car.seat or car.radio_seen else None


def invariants(race: Race) -> list[str]:
    """The 30 TEAM RADIO cards each in one place (draw pile, discard pile, held,
    drawn); one card per player at most, and one each from the race start on;
    none for a BOT (A158)."""
    if not in_play(race):
        return []
    d = deck(race)
    where = [*d.pile, *d.discards, *d.removed]
    for c in race.cars:
        where += ([c.radio] if c.radio is not None else []) + list(c.radio_drawn)
    out = []
    if len(where) != len(set(where)) or len(where) != len(C.content_of(race).team_radio.cards):
        out.append(f"TEAM RADIO deck: {len(where)} cards, or one in two places")
    from ..bot.table import is_bot
    if race.round >= 1 and any(c.radio is None for c in race.cars if not is_bot(race, c.seat)):
        out.append("a player without a TEAM RADIO card in the race (FGP 7.2)")
    if any(c.radio is not None or c.radio_drawn for c in race.cars if is_bot(race, c.seat)):
        out.append("a BOT with a TEAM RADIO card (A158)")
    return out


__all__ = ["in_play", "card", "deck", "discard_top", "draw", "keep", "show_discards",
           "swap_with_discards", "ways", "applies", "payable", "usable", "use", "value",
           "shown", "invariants"]
