"""The battle as decision steps (FGP 9.2-9.4): OT from the points left, the
declaration, OT boosts, the secret simultaneous cards, the boosts after the
reveal, the result and a secondary attack. The arithmetic is rules/battle.py
and rules/overtake.py; this module only sequences it."""
from __future__ import annotations

from ....engine import chance
from ....engine.protocol import Event
from ....engine.steps import Step
from ..memo import keep
from ..actions import Attack, Boost, Cards, Done, Parameter, Spend, canon, one
from ..state import Race
from . import battle as B
from . import battle_retry as BR
from .battle import card_info
from . import card_effects as FX
from . import car_state as CS
from . import cards as C
from . import secondary as SF
from . import hazards_adv as HA
from . import flags as F
from .flags import lapping_defence
from .overtake import battle_targets, charge_ot, ot_leds
from .decide import remember, wait
from .move_steps import brake_cards
from . import optional_rules as O
from .optional_rules import street_defence_leds
from .optional_steps import overrun
from . import optional_steps_c as OC
from .start_steps import infos, stressed
from .turn import car_of, wear
from .speed_limits import due_dice
from .tyres import red_die_after_move
from . import weather_steps as WX
from ..bot import battle as BOTB
from ..bot.table import is_bot
from .where import (in_yellow_zone, near_tiles, passable, place, positions, race_round, tile_of,
                    track_of, whole_tiles_on)


def failed_lapping(race: Race, mover: int, blockers) -> list[Event]:
    """FGP 13.11.3: stopped behind a car a lap (or more) down and not past it:
    an attempt token on that car; the second flips it to double (everyone
    passes it freely next round)."""
    m = race.cars[mover]
    trk = track_of(race)                # (once, not twice a blocker)
    for b in blockers:
        if b is None or b < 0:
            continue
        car = race.cars[b]
        lapping = car.laps_down > m.laps_down \
            or whole_tiles_on(trk, m) > whole_tiles_on(trk, car)
        if lapping and car.attempts < 2:
            car.attempts = F.failed_lapping(car.attempts)
            return [Event("lapping_attempt", {"seat": b, "attempts": car.attempts},
                          "FGP 13.11.3")]
    return []


def _max_ot(race: Race, car) -> int:
    ot = C.max_ot(race, car)
    return ot if ot > 0 else 0          # (a test, not max(): see cards.ers_max)


def _targets(race: Race, car) -> list:
    mv = race.move
    allowed = race.safety_car is None and not in_yellow_zone(race, tile_of(race, car)) \
        and not race.vsc
    ahead = mv.get("ahead")
    trk = track_of(race)
    # the cars passed freely: those on the tiles the stop rule reads, no other
    near = near_tiles(trk, car.space) if car.space is not None else None
    targets = battle_targets(trk, car.space, car.ot, positions(race, car.seat),
                             ahead_in_space=ahead, passable=passable(race, car, near, trk),
                             round_no=race_round(race), battles_allowed=allowed)
    # FGP 13.8.1: no overtaking into a yellow zone either
    return [t for t in targets
            if not in_yellow_zone(race, tile_of(race, race.cars[t.defender]))]


def _battle(race: Race) -> list[Event]:
    """FGP 9.2 step 2: the points left go onto the OT indicator (+2 from a
    slipstream shadow behind the opponent, FGP 8.5)."""
    mv = race.move
    car = car_of(race)
    if is_bot(race, car.seat):                          # BOT 3.2: the BOT rules decide
        return BOTB.attack_stage(race)
    behind = mv.get("ahead") is not None and mv["ahead"] in mv["blocked"]
    ch = charge_ot(mv["left"], _max_ot(race, car), ot=OC.saved_ot(race, car.seat),  # FGP 15.13
                   slipstream=behind, round_no=race_round(race))
    car.ot = ch.ot
    mv["charged"] = [mv["left"], behind]        # FGP 15.7.1: a Brake! may lower it
    mv["left"] = 0
    ev = [Event("ot_charge", {"seat": car.seat, "ot": ch.ot, "lost": ch.lost,
                              "slipstream": ch.slipstream}, "FGP 9.2")]
    targets = _targets(race, car)
    if not targets:
        car.ot = 0
        mv["stage"] = "resolve"
        return ev + failed_lapping(race, car.seat, mv["blocked"])
    mv["stage"] = "declare"
    # FGP 4.11.3: the RED roll the turn owes for tyres on the RED die icon
    # (FGP 10.1) comes before a battle, as before a pit entry, and only once
    if not mv.get("tyres_rolled") and red_die_after_move(C.board_side(race, car), car.wear):
        mv["dice"].append("red")
        mv["tyres_rolled"] = True
    mv["dice"] += due_dice(race, car)                   # [ADV] FGP 8.4.2, 4.11.3
    if mv["dice"]:                                      # FGP 9.2 3a: dice first
        mv["next"] = "declare"
        mv["stage"] = "dice"
        return ev
    if mv.get("now"):                                   # (forced discards come first)
        return ev
    # the declaration asked at once, from the targets just found: nothing
    # has moved since (the stage would find them again)
    return ev + _declare(race, targets)


def _declare(race: Race, found: list | None = None) -> list[Event]:
    car = car_of(race)
    targets = None if car.space is None or car.spun else \
        (found if found is not None else _targets(race, car))
    if not targets:
        car.ot = 0
        race.move["stage"] = "resolve"
        return []
    wait(race, "attack", [car.seat])
    remember(race, car.seat, _attack_list(race, car.seat, targets))    # the targets found
    return []


def _attack_legal(race: Race, seat: int) -> list:
    return _attack_list(race, seat, _targets(race, race.cars[seat]))


def _attack_list(race: Race, seat: int, targets: list) -> list:
    out: list = []
    if not _plays(race, seat, "attack"):               # FGP 9.3: nothing to attack with
        return [Attack(None)]
    car = race.cars[seat]
    for t in targets:
        if t.from_slipstream:
            out += [Attack(t.defender, s) for s in t.sides]
        else:
            out.append(Attack(t.defender))
    if out and _ot_managed(race, car):
        # FGP 15.7.1: a Brake! (FGP 8.9) takes a point off before the OT charge
        if race.move.get("charged", [0])[0] > 0:
            out += [Spend("brake", (c,)) for c in brake_cards(race, car)]
        if O.must_attack(car.ot, _max_ot(race, car)):
            return out                                  # full OT: no way out
    return out + [Attack(None)]


def _ot_managed(race: Race, car) -> bool:
    """FGP 15.7.1 is in force for this car (not in a slipstream space)."""
    return O.ot_management(race.config.options,
                           in_slipstream=track_of(race).spaces[car.space].slipstream > 0)


def _attack_act(race: Race, seat: int, action) -> list[Event]:
    car = race.cars[seat]
    if isinstance(action, Spend):                       # FGP 15.7.1 / 8.9: Brake!
        return _brake(race, car, action.cards[0])
    if action.defender is None:                         # FGP 9.2: OT wasted
        lost, car.ot = car.ot, 0
        race.move["stage"] = "resolve"
        return [Event("no_battle", {"seat": seat, "ot_lost": lost}, "FGP 9.2")] \
            + failed_lapping(race, seat, race.move["blocked"])
    race.battle = {"attacker": seat, "defender": action.defender, "side": action.side,
                   "slip": action.side is not None, "cards": {}, "boost": {}}
    OC.spend_saved_ot(race, seat)                       # FGP 15.13: used once
    race.move["stage"] = "ot_boost"
    return [Event("battle", {"attacker": seat, "defender": action.defender,
                             "ot": car.ot}, "FGP 9.2")]


def _brake(race: Race, car, card: str) -> list[Event]:
    """FGP 15.7.1: a Tyre Wear card braking one point (+1 wear, FGP 8.9) before
    the points go onto the OT indicator: the OT is charged again from the rest."""
    mv = race.move
    C.play(car, card, "FGP 8.9")
    ev = wear(race, car, 1, "FGP 8.9")
    mv["charged"][0] -= 1
    left, behind = mv["charged"]
    car.ot = charge_ot(left, _max_ot(race, car), ot=0, slipstream=behind,
                       round_no=race_round(race)).ot
    ev.append(Event("brake", {"seat": car.seat, "ot": car.ot}, "FGP 15.7.1"))
    return ev                           # the declaration is asked again (_declare)


def _still_attacks(race: Race, seat: int, spent: str) -> bool:
    """A +1 OT card is only offered when the attacker keeps a battle play."""
    car = race.cars[seat]
    hand = [card_info(C.content_of(race), c) for c in car.hand if c != spent]
    return bool(B.battle_plays(hand, ers=car.ers, role="attack"))


def _ot_boost_stage(race: Race) -> list[Event]:
    wait(race, "ot_boost", [race.move["seat"]])
    return []


def _boost_ot_legal(race: Race, seat: int) -> list:
    car = race.cars[seat]
    out: list = []
    if car.ot < _max_ot(race, car):
        for f, c in SF.single_spends(race, car):
            if f == "ot_plus1" and _still_attacks(race, seat, c):
                out.append(Spend("ot_plus1", (c,)))
    if C.can_use_parameter(car, "red"):
        out.append(Parameter("red"))
    return out + [Done()]


def _boost_ot_act(race: Race, seat: int, action) -> list[Event]:
    car = race.cars[seat]
    if isinstance(action, Spend):
        return SF.spend_single(race, car, "ot_plus1", action.cards[0])
    if isinstance(action, Parameter):
        return C.use_parameter(race, car, "red")
    race.move["stage"] = "battle_cards"
    return []


# ---- FGP 9.3: secret simultaneous cards ------------------------------------------------
def _role(race: Race, seat: int) -> str:
    return "attack" if seat == race.battle["attacker"] else "defend"


def _plays(race: Race, seat: int, role: str | None = None) -> tuple:
    car = race.cars[seat]
    role = role or _role(race, seat)
    att = race.cars[race.battle["attacker"]] if race.battle else car
    # FGP 13.11.1: a car about to be lapped (the attacker is already ahead of it
    # in the race, one lap up or nearly) cannot defend
    if role == "attack":
        may = True
    else:
        trk = track_of(race)            # (once, not for each car)
        may = lapping_defence(att.laps_down, car.laps_down,
                              attacker_ahead=whole_tiles_on(trk, att) > whole_tiles_on(trk, car))
    mods = FX.modifiers(race, car)
    nop = stressed(race, seat) or mods.no_pairs \
        or HA.start_no_pairs(race, car) or WX.no_pairs(race, seat)   # [ADV] FGP 13.13.2-3, 13.1
    ers = car.ers if "ers_spend" not in mods.disabled else 0
    # a battle asks for a car's plays up to eight times (declaration, cards,
    # boosts, result): keyed by the card ids, not by their CardInfo (whose
    # hash is worked out field by field), once per content and hand
    key = (race.content_dir, tuple(car.hand), ers, role, nop, may)
    got = _PLAYS.get(key)
    if got is None:     # (memo.keep, not remembered's lambda: its cells are made at every call)
        got = keep(_PLAYS, key, tuple(B.battle_plays(
            infos(race, seat), ers=ers, role=role, no_pairs=nop, may_defend=may)))
    return got


_PLAYS: dict = {}       # (content dir, hand, ERS, role, no pairs, may defend) -> _plays


def _cards_stage(race: Race) -> list[Event]:
    b = race.battle
    wait(race, "battle_cards", BOTB.cards_from(race, [b["attacker"], b["defender"]]))
    race.move["stage"] = "battle_boost"
    return [Event("battle_cards_wanted", {}, "FGP 9.3")]


def _cards_legal(race: Race, seat: int) -> list:
    return [one(Cards, p.cards, p.orange_as) for p in _plays(race, seat)]


def _cards_act(race: Race, seat: int, action: Cards) -> list[Event]:
    race.battle["cards"][str(seat)] = list(action.cards)
    return [Event("secret_chosen", {"seat": seat}, "FGP 9.3")]


def _play_of(race: Race, seat: int) -> B.BattlePlay:
    want = sorted(race.battle["cards"][str(seat)])
    n = len(want)
    for p in _plays(race, seat):
        if len(p.cards) == n and sorted(p.cards) == want:    # (sorted only when it may match)
            return p
    return B.BattlePlay()


def _colours(race: Race, play: B.BattlePlay) -> dict:
    return {c: C.colour_of(race, c) for c in play.cards}


def _facts(race: Race, seat: int, play, boost=B.Boost()) -> set[str]:
    b = race.battle
    car = race.cars[seat]
    d = race.cars[b["defender"]]
    trk = track_of(race)
    straight = d.space is not None and trk.tile_of(d.space).straight
    return B.skill_facts(play, _colours(race, play), boost,
                         from_slipstream=b["slip"] and seat == b["attacker"],
                         straight=straight, cold_tyres=car.cold_tyres > 0,
                         w2w=car.w2w is not None)


def _skill(race: Race, seat: int):
    return CS.driver(race, race.cars[seat]).skill


def _boost_stage(race: Race) -> list[Event]:
    b = race.battle
    ev = []
    for seat in BOTB.cards_from(race, [b["attacker"], b["defender"]]):   # turned up
        chance.reveal(ev, "battle_reveal", {"seat": seat, "cards": b["cards"][str(seat)]},
                      "FGP 9.3")
    race.move["stage"] = "battle_result"
    lists = {s: _boost_legal(race, s) for s in BOTB.cards_from(race, [b["attacker"],
                                                                      b["defender"]])}
    seats = [s for s, legal in lists.items() if len(legal) > 1]
    if seats:
        wait(race, "battle_boost", seats)
        first = race.turn.pending.seats[0]              # the seat asked first
        remember(race, first, lists[first])             # its list, just made
    return ev


def _boost_legal(race: Race, seat: int) -> list:
    car = race.cars[seat]
    play = _play_of(race, seat)
    if seat == race.battle["defender"] and not play.defends:
        return [Boost()]
    ers_left = car.ers - play.blue
    if "ers_spend" in FX.modifiers(race, car).disabled:
        ers_left = 0
    skill_ok = not car.skill_used and B.skill_applies(_skill(race, seat), _role(race, seat),
                                                   _facts(race, seat, play))
    events = FX.held_event_choices(race, seat, when="battle")
    # the list follows from these values alone: made once (one object a value)
    key = (ers_left >= 1, skill_ok, tuple(events))
    got = _BOOSTS.get(key)
    if got is None:     # (memo.keep, not remembered's lambda: its cells are made at every call)
        got = keep(_BOOSTS, key, tuple([
            one(Boost, x.spend_ers, x.skill, x.events) for x in B.boost_choices(
                ers_after_cards=ers_left, skill_usable=skill_ok, events=events)]))
    return list(got)


_BOOSTS: dict = {}      # (an ERS charge left, skill usable, events) -> _boost_legal


def _boost_act(race: Race, seat: int, action: Boost) -> list[Event]:
    race.battle["boost"][str(seat)] = [action.ers, action.skill, list(action.events)]
    return [Event("secret_chosen", {"seat": seat}, "FGP 9.3")]


def preview(race: Race, seat: int, cards) -> B.LedTotal | None:
    """FGP 9.3: the LEDs these battle cards would bring, before any boost (the
    menu shows it before the choice); None for cards that are no play."""
    want = sorted(cards)
    for p in _plays(race, seat):
        if sorted(p.cards) == want:
            return _total(race, seat, p, B.Boost())
    return None


def _total(race: Race, seat: int, play, boost: B.Boost) -> B.LedTotal:
    car = race.cars[seat]
    side = C.board_side(race, car)
    role = _role(race, seat)
    ot_l = ot_leds(side.ot_leds, car.ot) if role == "attack" else 0
    ers_l = B.ers_spend_leds(side.ers_leds, car.ers, play.blue) if boost.spend_ers else 0
    sk = _skill(race, seat).leds if boost.skill else 0
    evl = sum(B.event_leds(C.shared_card(race, e), role) for e in boost.events)
    if role == "defend":                # FGP 15.2 option: passing on a street is harder
        evl += street_defence_leds(race.config.options, track_of(race).style)
    return B.led_total(play, ot_leds=ot_l, skill_leds=sk, ers_leds=ers_l,
                       event_leds=evl + car.leds_event, cold_tyres=car.cold_tyres > 0)


def _result(race: Race) -> list[Event]:
    """FGP 9.4: compare and carry out the result."""
    if BOTB.involved(race):                             # BOT 3.2.4: BATTLE cards
        return BOTB.result(race)
    b = race.battle
    a, d = b["attacker"], b["defender"]
    car = race.cars[a]
    plays = {s: _play_of(race, s) for s in (a, d)}
    boosts = {}
    for s in (a, d):
        x = b["boost"].get(str(s), [False, False, []])
        boosts[s] = B.Boost(bool(x[0]), bool(x[1]), tuple(x[2]))
    for s in (a, d):
        if boosts[s].skill:
            race.cars[s].skill_used = True               # FGP 4.8: once per round
    totals = {s: _total(race, s, plays[s], boosts[s]) for s in (a, d)}
    ev: list[Event] = []
    for s in (a, d):                                    # the boosts chosen face down
        if str(s) in b["boost"]:
            x = boosts[s]
            chance.reveal(ev, "battle_boost", {"seat": s, "ers": x.spend_ers, "skill": x.skill,
                                               "events": list(x.events)}, "FGP 9.3")
    trk = track_of(race)
    res = B.resolve_battle(trk, attacker=a, defender=d, attacker_space=car.space, ot=car.ot,
                           attack=plays[a], defence=plays[d], attack_total=totals[a],
                           defence_total=totals[d], others=positions(race, a),
                           attack_boost=boosts[a], defence_boost=boosts[d],
                           from_slipstream=b["slip"], side=b["side"])
    ev.append(Event("battle_result", {"attacker": a, "defender": d, "outcome": res.outcome,
                                      "attack": res.attacker_total,
                                      "defence": res.defender_total}, res.rule))
    managed = _ot_managed(race, car)                    # from the space it attacked from
    ev += _apply_result(race, res, plays, boosts)
    if res.outcome == "tie" and BR.open_after_tie(race):    # [ADV] FGP 9.4.3
        return ev + BR.offer(race)
    if res.outcome == "attacker" and res.ot_lost and res.secondary is None and managed:
        ev += overrun(race, a)                          # FGP 15.7.1: every OT point used
    if res.outcome != "attacker":
        ev += failed_lapping(race, a, [d])
    race.battle = None
    car.ot = 0
    FX.clear_battle_effects(race.cars[d])
    mv = race.move
    if res.secondary is not None and res.secondary.target is not None:
        mv["secondary"] = [res.secondary.target, res.secondary.ot]
        mv["stage"] = "secondary"
    else:
        mv["stage"] = "resolve"
    return ev


def _apply_result(race: Race, res: B.BattleResult, plays, boosts) -> list[Event]:
    ev: list[Event] = []
    for seat, cards in res.discards.items():
        car = race.cars[seat]
        for c in cards:
            if c in car.hand:
                C.play(car, c, "FGP 9.4")
            elif c in car.held_events:
                car.held_events.remove(c)
                race.decks["event"].discard(c)
    for seat, n in res.ers.items():
        car = race.cars[seat]
        ev += CS.spend_ers(race, car, min(-n, car.ers), "FGP 9.3") if car.ers else []
    for seat, n in res.wear.items():
        ev += wear(race, race.cars[seat], n, "FGP 9.3")
    for seat, n in res.stress.items():
        e, reds = CS.stress(race, race.cars[seat], n, res.rule)
        ev += e
        _queue_dice(race, seat, ["red"] * reds)
    for seat in res.yellow_die:
        _queue_dice(race, seat, ["yellow"])
    if res.outcome == "attacker" and res.path:
        ev += _drive(race, race.cars[res.attacker], list(res.path))
    return ev


def _queue_dice(race: Race, seat: int, dice: list[str]) -> None:
    if not dice:
        return
    mv = race.move
    if seat == mv["seat"]:
        mv["dice"] += dice
    else:
        mv.setdefault("followups", []).extend(
            {"kind": "die", "seat": seat, "data": {"die": d}} for d in dice)


def _drive(race: Race, car, path: list[int]) -> list[Event]:
    """Move a car along spaces, counting laps at the line (FGP 9.4.1 OT move)."""
    trk = track_of(race)
    ev = []
    for to in path:
        here = car.space
        if any(m.to == to and m.crosses_finish for m in trk.moves(here)) or \
                trk.spaces[to].tile < trk.spaces[here].tile:
            car.laps += 1
            if race.final_round or race.flag >= race.final_flag:
                car.crossed_final = True
        car.space = to
    ev.append(Event("overtake", {"seat": car.seat, **place(race, car.space)}, "FGP 9.4.1"))
    return ev


# ---- FGP 9.4.1 secondary attack ----------------------------------------------------------
def _secondary_stage(race: Race) -> list[Event]:
    wait(race, "secondary", [race.move["seat"]])
    return []


def _secondary_legal(race: Race, seat: int) -> list:
    car = race.cars[seat]
    target = race.move["secondary"][0]
    occ = {}
    for s in positions(race, seat).values():
        occ[s] = occ.get(s, 0) + 1
    from .overtake import free_sides
    sides = free_sides(track_of(race), car.space, occ)
    cards = B.secondary_attack_choices(infos(race, seat), ers=car.ers)
    out = [Attack(target, s) for s in sides] if any(c is not None for c in cards) else []
    return out + [Attack(None)]


def _secondary_act(race: Race, seat: int, action: Attack) -> list[Event]:
    """FGP 9.4.1: the car ahead cannot defend; one movement card is played
    (the lowest-LED one: our reading, the card only has to be played)."""
    mv = race.move
    car = race.cars[seat]
    target, ot = mv.pop("secondary")
    if action.defender is None:
        mv["stage"] = "resolve"
        return [Event("secondary_declined", {"seat": seat}, "FGP 9.4.1")]
    cards = [c for c in B.secondary_attack_choices(infos(race, seat), ers=car.ers) if c]
    card = min(cards, key=lambda c: (C.action_card(C.content_of(race), c).leds, c))
    colour = C.colour_of(race, card)
    res = B.resolve_secondary_attack(
        track_of(race), attacker=seat, target=target,
        attack=B.SecondaryAttack(target, ot, car.space), card=card, colour=colour,
        side=action.side, others=positions(race, seat))
    C.play(car, card, "FGP 9.4.1")
    ev = [Event("secondary_attack", {"seat": seat, "target": target, "card": card},
                "FGP 9.4.1")]
    if colour == "blue" and car.ers:
        ev += CS.spend_ers(race, car, 1, "FGP 9.4.1")
    if res.path:
        ev += _drive(race, car, list(res.path))
    if res.secondary is not None and res.secondary.target is not None:
        mv["secondary"] = [res.secondary.target, res.secondary.ot]
        mv["stage"] = "secondary"
    else:
        mv["stage"] = "resolve"
    return ev



# ---- the tables (rules/steps.py joins every module's) ----------------------------------
def _text(words):
    return lambda action: words


STAGES = {
    "battle": _battle, "declare": _declare, "ot_boost": _ot_boost_stage,
    "battle_cards": _cards_stage, "battle_boost": _boost_stage, "battle_result": _result,
    "secondary": _secondary_stage,
}

STEPS = (
    # from_hand: with FGP 15.7.1 a Brake! card may be played here
    Step("attack", "FGP 9.2", _attack_legal, _attack_act, label="attack or not",
         from_hand=True),
    Step("ot_boost", "FGP 9.2", _boost_ot_legal, _boost_ot_act, label="boost the OT",
         from_hand=True, key=canon),
    Step("battle_cards", "FGP 9.3", _cards_legal, _cards_act, label="choose battle cards",
         concurrent=True, secret=True, key=canon,
         public_text=_text("chooses battle cards face down")),
    # both decide before either sees the other's boosts; the result shows them
    Step("battle_boost", "FGP 9.3", _boost_legal, _boost_act, label="boost the battle",
         concurrent=True, secret=True, key=canon,
         public_text=_text("chooses battle boosts face down")),
    Step("secondary", "FGP 9.4.1", _secondary_legal, _secondary_act,
         label="attack the car ahead or not", from_hand=True),
)
