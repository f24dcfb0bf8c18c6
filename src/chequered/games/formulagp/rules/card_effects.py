"""Applying EVENT, RISK, DAMAGE and FAILURE cards to the race (FGP 4.4-4.7,
7.3.3.1, 9.3, 13.6, 13.7).

Every card's `effects` list is typed data (effects.py). `resolve_card`
applies one card's effects for the seat that drew or played it; what only the
round machine can do (dice, loss of control, flags, the Safety Car, a player's
own choice of discards ...) comes back as `Followup`s, in card order.

The helpers of rules.cards, rules.tyres, rules.hazards, rules.draw and
rules.pit do the work; this module only dispatches. Everything is
deterministic given `race.chance`. Readings and choices: docs/design/
formulagp-effects.md.

The lasting effects and turn flags (`modifiers`, `clear_turn_effects` ...)
are in rules/turn_flags.py, re-exported here.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ....engine import chance
from ....engine.protocol import Event, IllegalAction
from ..bot import events as BE
from ..bot.table import is_bot
from ..effects import field_of
from ..state import PARAMETERS, Car, Race
from . import car_state as CS
from . import cards as C
from . import hazards as H
from . import penalty_tokens as PT
from .draw import play_option_event
from .pit import cold_tyres_token
from .turn_flags import (ACTIVE, PENDING, Mods, clear_battle_effects,  # noqa: F401
                         clear_turn_effects, flag as _flag, modifiers, restrict_next_turn)

DECKS = ("event", "risk", "damage", "failure")
MAX_DEPTH = 8                       # nested draws (a RISK card drawing DAMAGE ...)

RULE_OF_DECK = {"event": "FGP 4.4", "risk": "FGP 4.5", "damage": "FGP 13.6",
                "failure": "FGP 13.7", "action": "FGP 4.2.1"}


# =========================================================================
# Interface types
# =========================================================================
@dataclass
class Followup:
    """Something only the round machine can do, for `seat`.

    kind / data:
      "die"              die: "red" | "yellow" (cause: "over_stress" | "card")
      "loss_of_control"  {}
      "yellow_flag"      panel: int | "white_die", on_track: bool
      "safety_car"       red_flag_on: list[int], deploy_on: "green" | "any"
      "vsc"              {}
      "investigation"    {}
      "discard"          count: int, choice: "own", reason: "card" | "hand_limit"
                         (hand_limit: use cards.overflow_choices, FGP 8.8)
      "lose_turn"        {}
      "hazard"           token: "gravel" | "debris" | "oil"
    """
    kind: str
    seat: int
    data: dict = field(default_factory=dict)


@dataclass
class Outcome:
    events: list[Event] = field(default_factory=list)
    followups: list[Followup] = field(default_factory=list)

    def extend(self, other: "Outcome") -> "Outcome":
        self.events += other.events
        self.followups += other.followups
        return self


@dataclass(unsafe_hash=True)
class Situation:
    """Facts about the current turn that `only_if` conditions need.

    pace: "green" | "red" | "blue" (the race pace played, FGP 7.3.3.5);
    role: "attack" | "defend" in a battle. own_turn: is it the drawer's own
    turn? None = read it from the race (race.sequence[race.seq_pos]); it decides
    whether a next-turn flag waits for the end of this turn (PENDING)."""
    paired: bool = False
    pace: str | None = None
    on_curve: bool = False
    changed_lane: bool = False
    in_battle: bool = False
    role: str | None = None
    own_turn: bool | None = None


# =========================================================================
# Look-ups
# =========================================================================
def _mover(race: Race) -> int | None:
    if race.sequence and 0 <= race.seq_pos < len(race.sequence):
        return race.sequence[race.seq_pos]
    return None


def _own_turn(race: Race, seat: int, situation: Situation) -> bool:
    if situation.own_turn is not None:
        return situation.own_turn
    return _mover(race) == seat


def _targets(race: Race, seat: int, who: str) -> list[Car]:
    if who == "all":
        return list(race.cars)
    if who == "others":
        return [c for c in race.cars if c.seat != seat]
    return [race.cars[seat]]


def _holds(race: Race, car: Car, cond: str, situation: Situation) -> bool:
    """The `only_if` condition. Every condition reads the drawer's turn
    (`situation`) except 'leader', read for each car affected."""
    if cond == "always":
        return True
    if cond == "paired":
        return situation.paired
    if cond == "red_or_blue":
        return situation.pace in ("red", "blue")
    if cond == "green":
        return situation.pace == "green" and not situation.paired
    if cond == "on_curve":
        return situation.on_curve
    if cond == "on_straight":
        return not situation.on_curve
    if cond == "leader":
        return car.leader or race.leader == car.seat
    if cond == "changed_lane":
        return situation.changed_lane
    raise ValueError(f"unknown condition {cond!r}")


def _where(race: Race, car: Car, card_id: str) -> str | None:
    """'damage' / 'failure' when the card lies by this car's board."""
    if card_id in car.damage:
        return "damage"
    if card_id in car.failures:
        return "failure"
    return None


# =========================================================================
# One effect
# =========================================================================
def apply_effect(race: Race, seat: int, effect, *, situation: Situation = Situation(),
                 card: str | None = None, repair: str | None = None,
                 depth: int = 0) -> Outcome:
    """Apply one effect (an effects.Effect) of `card` for `seat`."""
    out = Outcome()
    drawer = race.cars[seat]
    who = field_of(effect, "who", "self")
    kind = effect.type
    targets = [c for c in _targets(race, seat, who)
               if _holds(race, c, effect.only_if, situation)]
    if not targets:
        out.events.append(Event("effect_skipped", {"seat": seat, "card": card, "effect": kind,
                                                   "only_if": effect.only_if}, "FGP 4.4"))
        return out
    fn = _HANDLERS[kind]
    for car in targets:
        fn(race, car, effect, out, situation=situation, card=card, drawer=drawer,
           repair=repair, depth=depth)
    return out


def _tyre_wear(race, car, e, out, **_):
    # FGP 10.1 (icons through rules.tyres); FGP 13.9.2: no wear added under the SC.
    out.events += CS.wear(race, car, e.amount, "FGP 10.1")


def _stress(race, car, e, out, **_):
    events, reds = CS.stress(race, car, e.amount, "FGP 13.3")
    out.events += events
    for _ in range(reds):                           # FGP 13.3: beyond the stressed space
        out.followups.append(Followup("die", car.seat, {"die": "red", "cause": "over_stress"}))


def _ers(race, car, e, out, **_):
    if e.amount > 0:
        if "ers_charge" in modifiers(race, car).disabled:     # FGP 13.7 (MGU-K fault)
            out.events.append(Event("effect_blocked", {"seat": car.seat, "effect": "ers",
                                                       "by": "ers_charge"}, "FGP 13.7"))
            return
        out.events += C.charge_ers(race, car, e.amount, "FGP 8.8.1")
        return
    with _limit_watch(race, car, out):
        lost = min(car.ers, -e.amount)
        car.ers -= lost
        if lost:
            out.events.append(Event("ers", {"seat": car.seat, "delta": -lost, "ers": car.ers},
                                    "FGP 4.10"))


def _ot(race, car, e, out, **_):
    if e.amount >= 0:
        top = car.ot + e.amount if e.beyond_max else max(car.ot, min(C.max_ot(race, car),
                                                                     car.ot + e.amount))
    else:
        top = max(0, car.ot + e.amount)
    delta, car.ot = top - car.ot, top
    out.events.append(Event("ot", {"seat": car.seat, "delta": delta, "ot": car.ot}, "FGP 9.2"))


def _movement(race, car, e, out, **_):
    car.mp_event += e.amount
    out.events.append(Event("mp_event", {"seat": car.seat, "delta": e.amount,
                                         "mp_event": car.mp_event}, "FGP 7.3.3.2"))


def _battle_leds(race, car, e, out, situation, card, **_):
    if not situation.in_battle or (e.role != "any" and e.role != situation.role):
        out.events.append(Event("effect_skipped", {"seat": car.seat, "card": card,
                                                   "effect": "battle_leds",
                                                   "role": e.role}, "FGP 9.3"))
        return
    car.leds_event += e.amount
    out.events.append(Event("leds_event", {"seat": car.seat, "delta": e.amount,
                                           "leds_event": car.leds_event}, "FGP 9.3"))


def _draw(race, car, e, out, situation, depth, **_):
    if e.deck == "action":
        C.draw_cards(race, car, e.count, "FGP 4.2.1", events=out.events)
        return
    for _ in range(e.count):
        out.extend(draw_and_resolve(race, car.seat, e.deck, situation=situation,
                                    _depth=depth + 1))


def _discard(race, car, e, out, **_):
    pool = C.discardable(race, car)
    n = min(e.count, len(pool))
    if n == 0:
        out.events.append(Event("discard_none", {"seat": car.seat}, "FGP 8.8"))
        return
    if e.choice == "own":
        out.followups.append(Followup("discard", car.seat,
                                      {"count": n, "choice": "own", "reason": "card"}))
        return
    for _ in range(n):                              # FGP 4.2.1; never TW / DF (FGP 8.8)
        i = chance.below(race.chance, out.events, len(pool), rule="FGP 4.2.1",
                         what="a card taken at random")
        c = pool.pop(i)
        C.discard(car, c, "FGP 4.2.1")
        out.events.append(C.face_down("discarded", car.seat, c, "FGP 4.2.1", random=True))


def _followup(kind, data_of):
    def fn(race, car, e, out, drawer, **_):
        out.followups.append(Followup(kind, car.seat, data_of(e)))
    return fn


def _penalty(race, car, e, out, **_):
    out.events += PT.add(race, car.seat, e.count, "FGP 13.12", total=True, tokens=e.count)


def _parameter(race, car, e, out, **_):
    colours = PARAMETERS if e.colour == "any" else (e.colour,)
    want_used = e.amount > 0                        # restore a used one / lose an unused one
    pick = next((p for p in colours if car.params[p] != want_used), None)
    if pick is None:
        out.events.append(Event("effect_skipped", {"seat": car.seat, "effect": "parameter",
                                                   "colour": e.colour}, "FGP 4.12"))
        return
    car.params[pick] = want_used
    out.events.append(Event("parameter_restored" if want_used else "parameter_lost",
                            {"seat": car.seat, "colour": pick}, "FGP 4.12"))


def _turn_flag(attr):
    def fn(race, car, e, out, situation, card, drawer, **_):
        if e.duration == "until_repaired" and _where(race, car, card) is not None:
            out.events.append(Event(attr, {"seat": car.seat, "until": "repaired"}, "FGP 13.6"))
            return                                  # read by `modifiers` from the card
        own = _own_turn(race, car.seat, situation) if car is drawer else \
            _mover(race) == car.seat
        setattr(car, attr, _flag(int(getattr(car, attr)) | (PENDING if own else ACTIVE)))
        out.events.append(Event(attr, {"seat": car.seat, "until": "next_turn"}, "FGP 13.13.1"))
    return fn


def _cold_tyres(race, car, e, out, **_):
    car.cold_tyres = max(car.cold_tyres, cold_tyres_token())
    out.events.append(Event("cold_tyres", {"seat": car.seat, "rounds": car.cold_tyres},
                            "FGP 11.3"))


def _token(race, car, e, out, card, **_):
    """FGP 13.6 / 13.7: the token goes on the board while the card lies by it;
    `modifiers` reads the card. An EVENT/RISK card cannot leave one."""
    where = _where(race, car, card)
    key = field_of(e, "function") or field_of(e, "target")
    rule = "FGP 13.7" if where == "failure" else "FGP 13.6"
    if where is None:
        out.events.append(Event("effect_skipped", {"seat": car.seat, "card": card,
                                                   "effect": e.type, "reason": "not by board"},
                                rule))
        return
    (car.failure_tokens if where == "failure" else car.damage_tokens).append(key)
    if key == "hand_limit":                         # FGP 8.8: down to the new limit at once
        extra = C.overflow(race, car) - _overflow_without(race, car, card, where)
        if extra > 0:
            out.followups.append(Followup("discard", car.seat, {
                "count": extra, "choice": "own", "reason": "hand_limit"}))
    out.events.append(Event(f"{where}_token", {"seat": car.seat, "card": card, "key": key},
                            rule))
    if key == "ers_max" and car.ers > C.ers_max(race, car):
        with _limit_watch(race, car, out):
            car.ers = C.ers_max(race, car)
        out.events.append(Event("ers", {"seat": car.seat, "ers": car.ers, "capped": True},
                                rule))


def _overflow_without(race, car, card, where) -> int:
    """The overflow the car would have without this card by its board."""
    pile = car.failures if where == "failure" else car.damage
    i = pile.index(card)
    pile.pop(i)
    try:
        return C.overflow(race, car)
    finally:
        pile.insert(i, card)


def _repair(race, car, e, out, repair, **_):
    pile = car.failures if e.what == "failure" else car.damage
    if not pile:
        out.events.append(Event("effect_skipped", {"seat": car.seat, "effect": "repair",
                                                   "what": e.what}, "FGP 13.7"))
        return
    target = repair if repair in pile else pile[0]
    out.events += remove_by_board(race, car, target, "FGP 13.7" if e.what == "failure"
                                  else "FGP 13.6")


_HANDLERS = {
    "tyre_wear": _tyre_wear,
    "stress": _stress,
    "ers": _ers,
    "ot": _ot,
    "movement": _movement,
    "battle_leds": _battle_leds,
    "draw": _draw,
    "discard": _discard,
    "die_roll": _followup("die", lambda e: {"die": e.die, "cause": "card"}),
    "loss_of_control": _followup("loss_of_control", lambda e: {}),
    "yellow_flag": _followup("yellow_flag", lambda e: {"panel": e.panel,
                                                       "on_track": e.on_track}),
    "safety_car": _followup("safety_car", lambda e: {"red_flag_on": list(e.red_flag_on),
                                                     "deploy_on": e.deploy_on}),
    "virtual_safety_car": _followup("vsc", lambda e: {}),
    "investigation": _followup("investigation", lambda e: {}),
    "penalty": _penalty,
    "parameter": _parameter,
    "hazard": _followup("hazard", lambda e: {"token": e.token}),
    "no_pairs": _turn_flag("no_pairs_next"),
    "no_tyre_bonus": _turn_flag("no_tyre_bonus_next"),
    "lose_turn": _followup("lose_turn", lambda e: {}),
    "cold_tyres": _cold_tyres,
    "board_value": _token,
    "disable": _token,
    "repair": _repair,
}


class _limit_watch:
    """FGP 8.8: when a change lowers the hand limit below the hand, the car
    must come down to it at once: a 'discard' followup (reason hand_limit)."""

    def __init__(self, race, car, out):
        self.race, self.car, self.out = race, car, out

    def __enter__(self):
        self.before = C.overflow(self.race, self.car)

    def __exit__(self, *exc):
        if exc[0] is None:
            extra = C.overflow(self.race, self.car) - self.before
            if extra > 0:
                self.out.followups.append(Followup(
                    "discard", self.car.seat,
                    {"count": extra, "choice": "own", "reason": "hand_limit"}))
        return False


def remove_by_board(race: Race, car: Car, card_id: str, rule: str = "FGP 11.2.1") -> list[Event]:
    """A DAMAGE or FAILURE card by the board is repaired: off the board to its
    deck's discard pile, its tokens removed (FGP 13.6, 13.7)."""
    where = _where(race, car, card_id)
    if where is None:
        raise IllegalAction(f"{rule}: {card_id} does not lie by seat {car.seat}'s board", rule)
    (car.failures if where == "failure" else car.damage).remove(card_id)
    race.decks[where].discard(card_id)
    tokens = car.failure_tokens if where == "failure" else car.damage_tokens
    for e in C.shared_card(race, card_id).effects:
        key = field_of(e, "function") or field_of(e, "target")
        if e.type in ("board_value", "disable") and key in tokens:
            tokens.remove(key)
    return [Event("repaired", {"seat": car.seat, "card": card_id, "deck": where}, rule)]


# =========================================================================
# Cards
# =========================================================================
def resolve_card(race: Race, seat: int, card_id: str, *, situation: Situation = Situation(),
                 repair: str | None = None, _depth: int = 0) -> Outcome:
    """Apply every effect of an EVENT/RISK/DAMAGE/FAILURE card for `seat` (the
    drawer/player), checking each effect's `only_if` against `situation` and
    its `who`. Where the card goes (discard, held, by the board) is the
    caller's; a DAMAGE/FAILURE card already by the board places its tokens.
    `repair`: which card a repair effect takes (default: the oldest)."""
    deck = C.shared_deck(race, card_id)
    card = C.shared_card(race, card_id)
    out = Outcome([Event("card_resolved", {"seat": seat, "card": card_id, "deck": deck,
                                           "name": card.name}, RULE_OF_DECK[deck])])
    for e in card.effects:
        out.extend(apply_effect(race, seat, e, situation=situation, card=card_id,
                                repair=repair, depth=_depth))
    return out


def draw_and_resolve(race: Race, seat: int, deck: str, *, situation: Situation = Situation(),
                     _depth: int = 0) -> Outcome:
    """Draw from a shared deck and resolve it (FGP 4.4-4.7, 13.6, 13.7):
    EVENT: a card that can be held and is played in a turn or a battle goes to
    car.held_events, unresolved; any other resolves and is discarded.
    RISK: resolved, discarded. DAMAGE: once per round (FGP 13.6), a Close
    Call! resolves and is discarded, any other lies by the board. FAILURE:
    through cards.draw_failure (no-failure cards discarded), then resolved."""
    if deck not in DECKS:
        raise ValueError(f"draw_and_resolve: deck is one of {DECKS}, not {deck!r}")
    car = race.cars[seat]
    rule = RULE_OF_DECK[deck]
    if _depth > MAX_DEPTH:
        return Outcome([Event("draw_stopped", {"seat": seat, "deck": deck}, rule)])
    ev: list[Event] = []
    if deck in ("damage", "failure") and is_bot(race, seat):    # BOT 6.3, A149
        return Outcome(BE.damage(race, seat) if deck == "damage" else BE.no_failure(race, seat))
    if deck == "event":
        eid = play_option_event(race, car, ev)
        out = Outcome(ev)
        if eid is not None:
            out.extend(resolve_card(race, seat, eid, situation=situation, _depth=_depth))
        elif not ev:
            out.events.append(Event("deck_empty", {"deck": deck}, rule))
        return out
    if deck == "damage":
        if car.damaged_this_round:
            return Outcome([Event("damage_ignored", {"seat": seat}, "FGP 13.6")])
        cid = H.draw_damage(race, car, ev, "FGP 13.6")
    elif deck == "failure":
        cid = C.draw_failure(race, car, ev)
    else:
        cid = C.draw_shared(race, "risk", ev, rule=rule, seat=seat)
        if cid is None:
            return Outcome([Event("deck_empty", {"deck": deck}, rule)])
        out = Outcome(ev)
        try:
            out.extend(resolve_card(race, seat, cid, situation=situation, _depth=_depth))
        finally:
            race.decks["risk"].discard(cid)
        return out
    if cid is None:
        return Outcome([Event("deck_empty", {"deck": deck}, rule)])
    out = Outcome(ev)
    return out.extend(resolve_card(race, seat, cid, situation=situation, _depth=_depth))


def held_event_choices(race: Race, seat: int, *, when: str, role: str | None = None
                       ) -> list[str]:
    """Held EVENT cards playable now (FGP 4.4, 7.3.3.1, 9.3): when='turn' the
    cards played at the beginning or end of the turn, when='battle' those
    for a battle (for `role`, if given). Each id once, in held order."""
    if when not in ("turn", "battle"):
        raise ValueError("when is 'turn' or 'battle'")
    out = []
    for cid in dict.fromkeys(race.cars[seat].held_events):
        card = C.shared_card(race, cid)
        if when == "battle":
            if card.play != "battle":
                continue
            roles = {e.role for e in card.effects if e.type == "battle_leds"}
            if role is not None and roles and not roles & {"any", role}:
                continue
        elif card.play == "battle":
            continue
        out.append(cid)
    return out


def play_held_event(race: Race, seat: int, card_id: str, *, situation: Situation = Situation(),
                    repair: str | None = None) -> Outcome:
    """Play a held EVENT card (FGP 7.3.3.1 in a turn, FGP 9.3 in a battle): it
    leaves the table, resolves and is discarded. Raises IllegalAction (state
    untouched) when it is not held or not playable now."""
    when = "battle" if situation.in_battle else "turn"
    rule = "FGP 9.3" if when == "battle" else "FGP 7.3.3.1"
    if card_id not in held_event_choices(race, seat, when=when, role=situation.role):
        raise IllegalAction(f"{rule}: {card_id} is not a held EVENT card seat {seat} "
                            f"can play {'in this battle' if when == 'battle' else 'now'}",
                            rule)
    car = race.cars[seat]
    car.held_events.remove(card_id)
    out = Outcome()                                 # the face-down card is turned up
    chance.reveal(out.events, "event_played", {"seat": seat, "card": card_id}, rule)
    try:
        out.extend(resolve_card(race, seat, card_id, situation=situation, repair=repair))
    finally:
        race.decks["event"].discard(card_id)
    return out


def held_for_investigation(race: Race) -> dict:
    """FGP 13.12.1: what each player shows when the 'Investigation' card is
    played (the "investigation" followup), ready for penalties.investigation:
    seat -> [penalties.HeldCard] of the held EVENT cards."""
    from .penalties import HeldCard
    return {car.seat: [HeldCard(cid, C.shared_card(race, cid).penalty_icons,
                                C.shared_card(race, cid).end_penalty)
                       for cid in car.held_events]
            for car in race.cars}
