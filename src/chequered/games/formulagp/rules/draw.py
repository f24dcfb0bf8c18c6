"""The draw phase (FGP 7.3.1), also used for qualifying (FGP 6.2 step 1) and
the WHITE parameter token (FGP 4.12).

Decision steps, each with a finite legal list:
  DRAW (every seat at once):   legal_returns() -> return_card(card)* ; finish_returns()
  NO_MOVE (one seat):          no_move_choices() -> apply_no_move(choice)

Our readings (docs/design/formulagp-digest.md A12, A13):
- A hand already at or over the limit draws nothing and discards nothing.
- Returned cards go to the bottom one by one, each under the one returned
  before it, so the return order is the order in which they come back.
  Replacements are drawn when the player is done returning, and cannot be
  returned themselves.
- The no-movement-card procedure is run for the coming move; the caller
  says whether that move's first movement point must be a lane change.
"""
from __future__ import annotations

from itertools import combinations

from ....engine import chance
from ....engine.protocol import Event, IllegalAction
from ..state import Car, Race
from . import cards as C
from . import optional_steps_b as OB

RULE = "FGP 7.3.1"


# ---- drawing up to the hand limit ------------------------------------------------
def draw_to_limit(race: Race, seat: int, rule: str = RULE) -> list[Event]:
    """FGP 7.3.1 step 1: draw up to 4 + ERS LEDs. The cards drawn become
    returnable (except Draw Failure) and the player may return up to as many
    as the ERS LEDs (step 2)."""
    car = race.cars[seat]
    leds = C.ers_leds(race, car)                        # drawing leaves the ERS as it is
    ev: list[Event] = []
    # a hand at or over the limit draws nothing (draw_cards draws no n <= 0;
    # no max() call: in this Python a min or max call costs some 1,000
    # machine instructions)
    got = C.draw_cards(race, car, C.hand_limit(race, car, leds) - len(car.hand), rule, events=ev)
    car.drawn = _returnable(race, got)
    car.returns_left = leds
    car.returned = 0
    return ev


def _returnable(race: Race, got: list) -> list[str]:
    """The cards drawn but the Draw Failure card (a loop: a comprehension's
    cell is made at every call)."""
    facts = C.card_facts(race)
    out = []
    for c in got:
        if facts[c][0] != "draw_failure":
            out.append(c)
    return out


def start_draw_phase(race: Race, seats=None) -> list[Event]:
    """Every player draws at once (FGP 7.3.1); seats in seat order so the
    rng stream is fixed. Returns the events; `seats_to_return` tells who has
    a return decision to make."""
    ev: list[Event] = []
    for seat in (range(len(race.cars)) if seats is None else seats):
        ev += draw_to_limit(race, seat)
    return ev


def seats_to_return(race: Race) -> list[int]:
    return [c.seat for c in race.cars if legal_returns(race, c.seat)]


# ---- returning cards (FGP 7.3.1 step 2) --------------------------------------------
def legal_returns(race: Race, seat: int) -> list[str]:
    """Cards the player may still return: drawn this phase, still in the
    hand, not the Draw Failure card, while returns are left (ERS LEDs)."""
    car = race.cars[seat]
    if car.returns_left <= 0:
        return []
    facts = C.card_facts(race)
    hand = car.hand
    out = []                # (a loop: a comprehension's cells are made at every call)
    for c in dict.fromkeys(car.drawn):
        if c in hand and facts[c][0] != "draw_failure":
            out.append(c)
    return out


def why_not_return(race: Race, seat: int, card: str) -> str | None:
    """Why `seat` may not return `card` now (its own cards only), or None."""
    if card in legal_returns(race, seat):
        return None
    if card in C.action_ids(C.content_of(race)) and C.is_draw_failure(race, card):
        return f"{RULE}: a Draw Failure card cannot be returned"
    if race.cars[seat].returns_left <= 0:
        return f"{RULE}: no returns left (one per LED beside the ERS charge)"
    return f"{RULE}: {card} was not drawn this round"


def return_card(race: Race, seat: int, card: str) -> list[Event]:
    """Return one card to the bottom of the ACTION deck (FGP 7.3.1, 4.2.1)."""
    car = race.cars[seat]
    why = why_not_return(race, seat, card)
    if why is not None:
        raise IllegalAction(why, RULE)
    C.return_to_bottom(car, card, RULE)
    car.returns_left -= 1
    car.returned += 1
    return [C.face_down("return", seat, card, RULE)]


def finish_returns(race: Race, seat: int) -> list[Event]:
    """Done returning: draw one replacement per returned card; nothing more
    can be returned this phase (FGP 7.3.1 'once per round')."""
    car = race.cars[seat]
    n, car.returned = car.returned, 0
    ev: list[Event] = []
    C.draw_cards(race, car, n, RULE, events=ev)
    car.drawn = []
    car.returns_left = 0
    return ev


def apply_returns(race: Race, seat: int, returned: list[str]) -> list[Event]:
    """Return these cards in this order, then draw the replacements. The
    state is untouched when the list is illegal."""
    car = race.cars[seat]
    legal = legal_returns(race, seat)
    if len(returned) > car.returns_left or len(set(returned)) != len(returned) \
            or any(c not in legal for c in returned):
        raise IllegalAction(f"{RULE}: may return up to {car.returns_left} of the cards "
                            f"drawn this round, never a Draw Failure card", RULE)
    ev: list[Event] = []
    for c in returned:
        ev += return_card(race, seat, c)
    return ev + finish_returns(race, seat)


# ---- the no-movement-card procedure (FGP 7.3.1 step 3) -------------------------------
def _movement(race: Race, car: Car) -> list[str]:
    facts = C.card_facts(race)
    return [c for c in car.hand if facts[c][0] == "movement"]


def _ers_disabled(race: Race, car: Car) -> bool:
    # FGP 13.6/13.7: a Damage/Failure token covering the ERS spend function.
    return C.covered(race, car, "ers_spend")


def has_playable_movement(race: Race, car: Car, must_change_lane: bool = False) -> bool:
    """A movement card the car can play now: any GREEN, RED or ORANGE card;
    a BLUE card needs an ERS charge (FGP 4.10) and cannot change lanes
    (FGP 4.3.1)."""
    facts = C.card_facts(race)
    blue = False
    for c in car.hand:
        kind, colour = facts[c]
        if kind == "movement":
            if colour != "blue":
                return True
            blue = True
    return blue and car.ers >= 1 and not must_change_lane and not _ers_disabled(race, car)


def _only_blue(race: Race, car: Car) -> bool:
    mv = _movement(race, car)
    return bool(mv) and all(C.colour_of(race, c) == "blue" for c in mv)


def no_move_choices(race: Race, seat: int, must_change_lane: bool = False) -> list[tuple]:
    """The legal choices of FGP 7.3.1 step 3, or [] when the car has a
    playable movement card. Choices:
      ("white",)           a) spend the WHITE parameter token (then choose the
                           discards with white_discard_choices / use_white_parameter)
      ("play", card)       b) play an Option (draw an EVENT) or Tyre Wear card
                           (+1 wear) and draw one card
      ("blue_pair", a, b)  c) only BLUE cards, ERS empty: spend two BLUE cards
                           (+1 ERS secondary) to play a third
      ("discard_blue", c)  d) only BLUE cards, first MP must change lane:
                           discard a BLUE card and draw one
      ("discard_draw", c)  e) nothing else left: discard a card and draw one
      ("draw",)            e) with nothing that may be discarded: draw one
    """
    car = race.cars[seat]
    if has_playable_movement(race, car, must_change_lane):
        return []
    out: list[tuple] = []
    if car.params.get("white"):                                           # a)
        out.append(("white",))
    for c in dict.fromkeys(car.hand):                                     # b)
        if C.kind_of(race, c) in ("option", "tyre_wear"):
            out.append(("play", c))
    if _only_blue(race, car):
        blues = sorted(dict.fromkeys(c for c in _movement(race, car)
                                     if C.action_card(C.content_of(race), c).secondary
                                     == "ers_2x"))
        if car.ers == 0 and not must_change_lane and len(_movement(race, car)) >= 3 \
                and not _ers_disabled(race, car) \
                and not C.covered(race, car, "ers_charge"):                    # c)
            out += [("blue_pair", a, b) for a, b in combinations(blues, 2)]
        if must_change_lane:                                              # d)
            out += [("discard_blue", c) for c in dict.fromkeys(_movement(race, car))]
    if not out:                                                           # e)
        out = [("discard_draw", c) for c in dict.fromkeys(C.discardable(race, car))]
        if not out:
            out = [("draw",)]
    return out


def apply_no_move(race: Race, seat: int, choice: tuple,
                  must_change_lane: bool = False, *, draw_event=None) -> list[Event]:
    """Carry out one choice of no_move_choices (FGP 7.3.1 step 3). For
    ("white",) see use_white_parameter, which also takes the discards.
    `draw_event(race, seat) -> events` draws the EVENT card of an Option card
    played and resolves it (FGP 4.3.3, 7.3.1 'resolve it immediately'): the
    round machine passes the card-effects resolver (rules/turn.py); it is
    needed only for that choice."""
    choice = tuple(choice)
    legal = no_move_choices(race, seat, must_change_lane)
    if choice[:1] == ("white",) and ("white",) in legal:
        return use_white_parameter(race, seat, list(choice[1]) if len(choice) > 1 else [])
    if choice not in legal:
        raise IllegalAction(f"{RULE}: {choice!r} is not a legal step of the "
                            "no-movement-card procedure", RULE)
    kind = choice[0]
    if kind == "play" and C.kind_of(race, choice[1]) == "option" and draw_event is None:
        raise ValueError("FGP 4.3.3: an Option card needs draw_event to resolve its EVENT card")
    car = race.cars[seat]
    car.no_move_procedure = True
    ev: list[Event] = []
    if kind == "play":
        card = choice[1]
        C.play(car, card, RULE)
        if C.kind_of(race, card) == "tyre_wear":
            ev += C.add_wear(race, car, 1, "FGP 4.3.2")
        else:
            ev += draw_event(race, seat)
        C.draw_cards(race, car, 1, RULE, events=ev)
        ev.append(Event("no_move_play", {"seat": seat, "card": card}, RULE))
    elif kind == "blue_pair":
        C.spend(car, choice[1], "FGP 4.2.2")
        C.spend(car, choice[2], "FGP 4.2.2")
        ev.append(Event("spend_pair", {"seat": seat, "cards": list(choice[1:]),
                                       "function": "ers_2x"}, RULE))
        ev += C.charge_ers(race, car, 1, RULE)
    elif kind in ("discard_blue", "discard_draw"):
        C.discard(car, choice[1], RULE)
        ev.append(C.face_down("discard_draw", seat, choice[1], RULE))
        C.draw_cards(race, car, 1, RULE, events=ev)
    elif kind == "draw":
        C.draw_cards(race, car, 1, RULE, events=ev)
    if has_playable_movement(race, car, must_change_lane):
        car.no_move_procedure = False
    return ev


def play_option_event(race: Race, car: Car, events: list) -> str | None:
    """FGP 4.3.3: an Option card played draws one EVENT card, seen by its
    drawer. A card that can be held goes face down in front of the player
    (FGP 4.2.1); any other is shown to everyone and returned for the caller to
    resolve (it then lies on the discard pile). None: held, or no card left."""
    eid = C.draw_shared(race, "event", events, rule="FGP 4.4", to=car.seat)
    if eid is None:
        return None
    card = C.shared_card(race, eid)
    if OB.sc_card_back(race, card, events):          # FGP 15.11.1 (option)
        return None
    if card.can_hold and card.play != "immediately":
        car.held_events.append(eid)
        events.append(Event("event_held", {"seat": car.seat}, "FGP 4.4"))
        return None
    race.decks["event"].discard(eid)
    chance.reveal(events, "event_drawn", {"seat": car.seat, "card": eid}, "FGP 4.4")
    return eid


# ---- the WHITE parameter token (FGP 4.12) --------------------------------------------
def white_discard_choices(race: Race, seat: int) -> list[str]:
    """Cards the WHITE token may discard: any except Tyre Wear and Draw
    Failure cards (FGP 4.12, A5)."""
    return list(dict.fromkeys(C.discardable(race, race.cars[seat])))


def use_white_parameter(race: Race, seat: int, discards: list[str]) -> list[Event]:
    """FGP 4.12 WHITE: discard any number of cards (not Tyre Wear / Draw
    Failure), then draw up to the hand limit with the normal procedure,
    returns included (FGP 7.3.1). Untouched state when illegal."""
    car = race.cars[seat]
    if not car.params.get("white"):
        raise IllegalAction("FGP 4.12: the WHITE parameter token is already used", "FGP 4.12")
    pool = list(C.discardable(race, car))
    for c in discards:
        if c not in pool:
            raise IllegalAction(f"FGP 4.12: {c} cannot be discarded with the WHITE token",
                                "FGP 4.12")
        pool.remove(c)
    car.params["white"] = False
    for c in discards:
        C.discard(car, c, "FGP 4.12")
    ev = [Event("parameter", {"seat": seat, "colour": "white", "discarded": len(discards)},
                "FGP 4.12")]
    return ev + draw_to_limit(race, seat, "FGP 4.12")
