"""EVENT, RISK, DAMAGE and FAILURE card effects (FGP 4.4-4.7, 7.3.3.1, 9.3,
13.3, 13.6, 13.7, 13.12): every effect kind, conditions and targets, held
events, once-per-round damage, close calls, modifiers, every shipped card and
card conservation."""
from __future__ import annotations

import itertools

import pytest
from pydantic import TypeAdapter

from chequered.engine import chance
from chequered.engine.deck import Deck
from chequered.engine.protocol import IllegalAction
from chequered.engine.rng import Rng
from chequered.games.formulagp.content import EFFECT_KINDS, Effect, load_content
from chequered.games.formulagp.rules import card_effects as E
from chequered.games.formulagp.rules import cards as C
from chequered.games.formulagp.rules import penalties as P
from chequered.games.formulagp.rules.setup import new_race

_EFF = TypeAdapter(Effect)
S = E.Situation


def eff(**kw):
    return _EFF.validate_python(kw)


@pytest.fixture
def race():
    # seat 0: vireo side A: max OT 2, ERS max 3 with LEDs [0, 0, 2, 2]; medium
    # tyres on wear 3 of an 18-space track (degrade icon at 7, RED die at 17);
    # driver stress track: starts on 2 (the middle), STRESSED on 3.
    return new_race("fast", 6, seed=11)


def arrange(race, seat, hand):
    car = race.cars[seat]
    ids = C.action_ids(C.content_of(race))
    car.deck = Deck([c for c in ids if c not in hand])
    car.hand = list(hand)
    assert C.deck_conserved(car)
    return car


def on_top(race, deck, cid):
    d = race.decks[deck]
    if cid in d.pile:
        d.pile.remove(cid)
    elif cid in d.discards:
        d.discards.remove(cid)
    else:
        raise AssertionError(f"{cid} is not in the {deck} deck")
    d.pile.append(cid)


def deck_ids(deck):
    ct = load_content()
    if deck in ("event", "risk"):
        return sorted(c.id for c in ct.standard(deck))
    return sorted(c.id for c in getattr(ct, deck).cards)


def places(race, cid):
    """Every place a shared card lies."""
    out = []
    for name, d in race.decks.items():
        for where in ("pile", "discards", "removed"):
            out += [f"{name}.{where}"] * getattr(d, where).count(cid)
    for car in race.cars:
        out += [f"held{car.seat}"] * car.held_events.count(cid)
        out += [f"damage{car.seat}"] * car.damage.count(cid)
        out += [f"failure{car.seat}"] * car.failures.count(cid)
    return out


def assert_conserved(race):
    """Each EVENT/RISK/DAMAGE/FAILURE card in exactly one place, in its own
    deck or by/held at a car; every ACTION deck whole (45 distinct cards)."""
    for deck in ("event", "risk", "damage", "failure"):
        for cid in deck_ids(deck):
            p = places(race, cid)
            assert len(p) == 1, (cid, p)
            assert p[0].startswith(deck) or p[0][:4] in ("held", "dama", "fail"), (cid, p)
    for car in race.cars:
        assert all(c in deck_ids("event") for c in car.held_events)
        assert all(c in deck_ids("damage") for c in car.damage)
        assert all(c in deck_ids("failure") for c in car.failures)
    assert C.check_conservation(race) == []


def kinds(out):
    return [f.kind for f in out.followups]


# ---- coverage of the effect union ----------------------------------------------------
def test_every_effect_kind_has_a_handler():
    assert set(E._HANDLERS) == set(EFFECT_KINDS)


# ---- tyre_wear (FGP 10.1) ------------------------------------------------------------------
def test_tyre_wear_moves_the_marker_and_reports_icons(race):
    car = race.cars[0]
    out = E.apply_effect(race, 0, eff(type="tyre_wear", amount=4))   # 3 -> 7: degrade icon
    assert car.wear == 7
    assert [e.kind for e in out.events] == ["tyre_wear", "tyre_bonus"]
    assert out.events[1].data["side"] == "degraded"
    E.apply_effect(race, 0, eff(type="tyre_wear", amount=-1))
    assert car.wear == 6


def test_tyre_wear_reaching_the_red_die_icon_is_announced(race):
    car = race.cars[0]
    car.wear = 16
    out = E.apply_effect(race, 0, eff(type="tyre_wear", amount=2))
    assert car.wear == 17 and "red_die_tyres" in [e.kind for e in out.events]


def test_tyre_wear_who_all_and_others(race):
    E.apply_effect(race, 2, eff(type="tyre_wear", amount=1, who="all"))
    assert [c.wear for c in race.cars] == [4] * 6
    E.apply_effect(race, 2, eff(type="tyre_wear", amount=1, who="others"))
    assert [c.wear for c in race.cars] == [5, 5, 4, 5, 5, 5]


def test_card_tyre_wear_still_counts_under_the_safety_car(race):
    # FGP 13.9.2 spares only the wear of movement and lane changes
    race.safety_car = {"tile": 3, "until": 12}
    E.apply_effect(race, 0, eff(type="tyre_wear", amount=2))
    assert race.cars[0].wear == 5
    E.apply_effect(race, 0, eff(type="tyre_wear", amount=-1))
    assert race.cars[0].wear == 4


# ---- stress (FGP 13.3) -------------------------------------------------------------------------
def test_stress_up_down_and_focus(race):
    car = race.cars[0]
    E.apply_effect(race, 0, eff(type="stress", amount=1))
    assert car.stress == 3 and not car.focus
    E.apply_effect(race, 0, eff(type="stress", amount=-2))
    assert car.stress == 1 and car.focus


def test_stress_beyond_the_stressed_space_asks_for_a_red_die(race):
    car = race.cars[0]
    out = E.apply_effect(race, 0, eff(type="stress", amount=1))      # 2 -> 3, STRESSED
    assert car.stress == 3 and out.followups == []
    out = E.apply_effect(race, 0, eff(type="stress", amount=1))
    assert car.stress == 3
    assert [(f.kind, f.seat, f.data["die"]) for f in out.followups] == [("die", 0, "red")]
    out = E.apply_effect(race, 0, eff(type="stress", amount=2))      # two points beyond (A65)
    assert car.stress == 3 and [f.data["die"] for f in out.followups] == ["red", "red"]


def test_stress_of_others_targets_their_seats(race):
    race.cars[1].stress = 3
    out = E.apply_effect(race, 0, eff(type="stress", amount=1, who="others"))
    assert race.cars[0].stress == 2 and race.cars[2].stress == 3
    assert [(f.kind, f.seat) for f in out.followups] == [("die", 1)]


# ---- ers (FGP 8.8.1, 4.10) ------------------------------------------------------------------------
def test_ers_charge_is_capped_and_loss_floors_at_zero(race):
    car = race.cars[0]
    car.ers = 1
    E.apply_effect(race, 0, eff(type="ers", amount=5))
    assert car.ers == 3
    E.apply_effect(race, 0, eff(type="ers", amount=-2))
    assert car.ers == 1
    E.apply_effect(race, 0, eff(type="ers", amount=-3))
    assert car.ers == 0


def test_ers_loss_below_the_hand_forces_discards(race):
    car = arrange(race, 0, ["G01", "G02", "R01", "R02", "T01", "P01"])
    car.ers = 2                                    # 2 LEDs: limit 6
    out = E.apply_effect(race, 0, eff(type="ers", amount=-1))
    assert car.ers == 1 and C.hand_limit(race, car) == 4
    assert [(f.kind, f.data) for f in out.followups] == [
        ("discard", {"count": 2, "choice": "own", "reason": "hand_limit"})]


def test_ers_charge_blocked_by_a_charging_failure(race):
    car = race.cars[0]
    car.ers = 1
    car.failures.append("X05")
    race.decks["failure"].pile.remove("X05")
    out = E.apply_effect(race, 0, eff(type="ers", amount=1))
    assert car.ers == 1 and out.events[0].kind == "effect_blocked"


# ---- ot (FGP 9.2, 4.12) ----------------------------------------------------------------------------
def test_ot_is_capped_unless_beyond_max(race):
    car = race.cars[0]                              # max OT 2
    E.apply_effect(race, 0, eff(type="ot", amount=3))
    assert car.ot == 2
    E.apply_effect(race, 0, eff(type="ot", amount=1, beyond_max=True))
    assert car.ot == 3
    E.apply_effect(race, 0, eff(type="ot", amount=1))   # already past max: no loss, no gain
    assert car.ot == 3


# ---- movement, battle LEDs, clearing (FGP 7.3.3.2, 9.3) ---------------------------------------------
def test_movement_adds_to_mp_event_and_clears_at_turn_end(race):
    car = race.cars[0]
    E.resolve_card(race, 0, "E06")                  # +2
    E.resolve_card(race, 0, "E22")                  # -1 MP and ERS +1
    assert car.mp_event == 1
    E.clear_turn_effects(car)
    assert car.mp_event == 0


def test_battle_leds_only_in_a_battle_and_for_the_role(race):
    car = race.cars[0]
    E.resolve_card(race, 0, "E14")                  # attack +2, not in a battle
    assert car.leds_event == 0
    E.resolve_card(race, 0, "E14", situation=S(in_battle=True, role="defend"))
    assert car.leds_event == 0
    E.resolve_card(race, 0, "E14", situation=S(in_battle=True, role="attack"))
    E.resolve_card(race, 0, "E16", situation=S(in_battle=True, role="attack"))   # any +1
    assert car.leds_event == 3
    E.clear_battle_effects(car)
    assert car.leds_event == 0


# ---- draw (FGP 4.2.1, 4.4-4.7) --------------------------------------------------------------------------
def test_draw_action_cards(race):
    car = arrange(race, 0, ["G01"])
    top = car.deck.pile[-1]
    out = E.resolve_card(race, 0, "E24")
    assert car.hand == ["G01", top] and "draw" in [e.kind for e in out.events]
    assert_conserved(race)


def test_risk_card_drawing_damage_places_it_by_the_board(race):
    car = race.cars[0]
    on_top(race, "risk", "K10")
    on_top(race, "damage", "D11")                   # max OT -1
    out = E.draw_and_resolve(race, 0, "risk")
    assert car.damage == ["D11"] and car.damage_tokens == ["max_ot"]
    assert car.damaged_this_round and C.max_ot(race, car) == 1
    assert race.decks["risk"].discards == ["K10"]
    assert [e.kind for e in out.events][:4] == ["draw", "card_resolved", "draw", "damage_drawn"]
    assert out.events[0].data["cards"] == ["K10"] and out.events[0].to is None   # face up
    assert_conserved(race)


def test_damage_only_once_per_round(race):
    car = race.cars[0]
    on_top(race, "damage", "D05")
    E.draw_and_resolve(race, 0, "damage")
    on_top(race, "damage", "D06")
    pile = list(race.decks["damage"].pile)
    out = E.draw_and_resolve(race, 0, "damage")
    assert car.damage == ["D05"] and race.decks["damage"].pile == pile
    assert [e.kind for e in out.events] == ["damage_ignored"]
    car.damaged_this_round = False                   # a new round
    E.draw_and_resolve(race, 0, "damage")
    assert car.damage == ["D05", "D06"]
    assert_conserved(race)


def test_close_call_does_nothing_lasting(race):
    car = race.cars[0]
    on_top(race, "damage", "D02")
    out = E.draw_and_resolve(race, 0, "damage")
    assert car.damage == [] and car.damage_tokens == []
    assert race.decks["damage"].discards == ["D02"]
    assert car.stress == 3                           # its only effect: stress +1
    assert E.modifiers(race, car) == E.Mods()
    assert car.damaged_this_round                    # the round's damage is spent (choice)
    assert kinds(out) == []
    assert_conserved(race)


def test_failure_via_draw_failure_then_resolved(race):
    car = race.cars[0]
    on_top(race, "failure", "X16")                   # +1 wear, tyre bonus -1
    E.resolve_card(race, 0, "K15")
    assert car.failures == ["X16"] and car.failure_tokens == ["tyre_bonus"]
    assert car.wear == 4 and E.modifiers(race, car).tyre_bonus == -1
    on_top(race, "failure", "X03")                   # no failure: draw an ACTION card
    n = len(car.hand)
    E.draw_and_resolve(race, 0, "failure")
    assert car.failures == ["X16"] and "X03" in race.decks["failure"].discards
    assert len(car.hand) == n + 1
    assert_conserved(race)


# ---- discard (FGP 4.2.1, 8.8) ---------------------------------------------------------------------------
def test_random_discard_never_takes_tyre_wear_or_draw_failure(race):
    # the card is picked by lot among those that may go: G01, R03, P02
    for pick, card in enumerate(["G01", "R03", "P02"]):
        r = race.clone()
        car = arrange(r, 0, ["T01", "F01", "G01", "T02", "R03", "P02"])
        with chance.scripted(r.chance, order=[("below", pick)]):
            out = E.resolve_card(r, 0, "K19")          # discard 1 at random
        assert set(car.hand) == {"T01", "F01", "G01", "T02", "R03", "P02"} - {card}
        assert car.deck.discards == [card] and C.deck_conserved(car)
        gone = next(e for e in out.events if e.kind == "discarded")
        assert gone.to == 0 and "card" not in gone.seen_by(1).data      # face down


def test_random_discard_with_only_tyre_wear_and_draw_failure_does_nothing(race):
    car = arrange(race, 0, ["T01", "F01"])
    out = E.resolve_card(race, 0, "E23")
    assert car.hand == ["T01", "F01"] and out.events[-1].kind == "discard_none"


def test_random_discard_is_deterministic_by_seed():
    picks = []
    for _ in range(2):
        r = new_race("fast", 2, seed=5)
        car = arrange(r, 0, ["G01", "G02", "G03", "R01", "R02"])
        E.apply_effect(r, 0, eff(type="discard", count=2, choice="random"))
        picks.append(list(car.deck.discards))
    assert picks[0] == picks[1] and len(picks[0]) == 2


def test_own_discard_is_a_followup_capped_by_what_may_go(race):
    arrange(race, 0, ["T01", "G01"])
    out = E.apply_effect(race, 0, eff(type="discard", count=3, choice="own"))
    assert [(f.kind, f.data["count"], f.data["choice"]) for f in out.followups] == [
        ("discard", 1, "own")]


# ---- what the round machine does ----------------------------------------------------------------------
@pytest.mark.parametrize("effect, kind, data", [
    (dict(type="die_roll", die="yellow"), "die", {"die": "yellow", "cause": "card"}),
    (dict(type="loss_of_control"), "loss_of_control", {}),
    (dict(type="yellow_flag", panel="white_die"), "yellow_flag",
     {"panel": "white_die", "on_track": True}),
    (dict(type="safety_car", red_flag_on=[5, 6]), "safety_car",
     {"red_flag_on": [5, 6], "deploy_on": "green"}),
    (dict(type="virtual_safety_car"), "vsc", {}),
    (dict(type="investigation"), "investigation", {}),
    (dict(type="hazard", token="oil"), "hazard", {"token": "oil"}),
    (dict(type="lose_turn"), "lose_turn", {}),
])
def test_followups(race, effect, kind, data):
    before = race.to_doc()
    out = E.apply_effect(race, 3, eff(**effect))
    assert [(f.kind, f.seat, f.data) for f in out.followups] == [(kind, 3, data)]
    assert race.to_doc() == before                  # nothing changed by itself


def test_named_cards_ask_the_round_machine(race):
    assert kinds(E.resolve_card(race, 0, "E01")) == ["yellow_flag"]
    assert kinds(E.resolve_card(race, 0, "E03")) == ["safety_car"]
    assert kinds(E.resolve_card(race, 0, "K12")) == ["loss_of_control"]


def test_investigation_shows_held_cards_for_penalties(race):
    race.cars[1].held_events = ["E13", "E22"]        # 1 penalty icon; end icon
    for c in ("E13", "E22"):
        race.decks["event"].pile.remove(c)
    held = E.held_for_investigation(race)
    res = P.investigation(held)
    assert [(a.seat, a.tokens) for a in res.awards] == [(1, 1)]


# ---- penalty, parameter, cold tyres -------------------------------------------------------------------
def test_penalty_tokens(race):
    E.resolve_card(race, 0, "K14")
    E.apply_effect(race, 0, eff(type="penalty", count=2))
    assert race.cars[0].penalties == 3


def test_parameter_lose_and_restore(race):
    car = race.cars[0]
    E.resolve_card(race, 0, "K22")                   # lose WHITE
    assert car.params == {"white": False, "yellow": True, "red": True}
    out = E.resolve_card(race, 0, "K22")             # already gone: nothing
    assert out.events[-1].kind == "effect_skipped"
    car.params["red"] = False
    E.resolve_card(race, 0, "E17")                   # restore 'any': WHITE first
    assert car.params == {"white": True, "yellow": True, "red": False}
    E.resolve_card(race, 0, "E17")
    assert car.params == {"white": True, "yellow": True, "red": True}
    E.apply_effect(race, 0, eff(type="parameter", colour="any", amount=-1))
    assert car.params == {"white": False, "yellow": True, "red": True}
    E.apply_effect(race, 0, eff(type="parameter", colour="red", amount=-1))
    assert car.params == {"white": False, "yellow": True, "red": False}


def test_cold_tyres_token(race):
    E.resolve_card(race, 0, "K24")
    assert race.cars[0].cold_tyres == 2


# ---- board values, disabled functions, modifiers (FGP 13.6, 13.7) ---------------------------------
def take(race, seat, deck, cid):
    on_top(race, deck, cid)
    race.cars[seat].damaged_this_round = False
    return E.draw_and_resolve(race, seat, deck)


def test_modifiers_from_damage_and_failure_cards(race):
    car = race.cars[0]
    assert E.modifiers(race, car) == E.Mods()
    take(race, 0, "damage", "D07")                   # speed -1 in 2nd and 4th
    take(race, 0, "damage", "D08")                   # DRS disabled
    take(race, 0, "failure", "X09")                  # speed -1 in 6th and 8th
    take(race, 0, "failure", "X07")                  # speed -1 in 8th
    take(race, 0, "failure", "X04")                  # ERS spend disabled
    take(race, 0, "damage", "D15")                   # no pairs until repaired
    m = E.modifiers(race, car)
    assert [m.speed_delta(g) for g in (2, 4, 6, 8)] == [-1, -1, -1, -2]
    assert m.disabled == {"drs", "ers_spend"} and m.no_pairs and not m.no_tyre_bonus
    assert car.damage_tokens == ["speed", "drs"]
    assert car.failure_tokens == ["speed", "speed", "ers_spend"]
    assert_conserved(race)


def test_board_values_change_the_rule_helpers(race):
    car = race.cars[0]
    take(race, 0, "damage", "D10")                   # max ERS -1: ERS 3 -> 2
    assert car.ers == 2 and C.ers_max(race, car) == 2
    take(race, 0, "failure", "X11")                  # max OT -1
    assert C.max_ot(race, car) == 1
    m = E.modifiers(race, car)
    assert (m.ers_max, m.max_ot, m.hand_limit, m.tyre_bonus) == (-1, -1, 0, 0)


def test_hand_limit_damage_forces_discards(race):
    car = arrange(race, 0, ["G01", "G02", "G03", "R01", "R02", "R03"])   # ERS 3: limit 6
    out = take(race, 0, "damage", "D12")
    assert C.hand_limit(race, car) == 5
    assert [(f.kind, f.data["count"], f.data["reason"]) for f in out.followups] == [
        ("discard", 1, "hand_limit")]


def test_board_value_from_a_card_not_by_the_board_is_skipped(race):
    out = E.resolve_card(race, 0, "D10")            # resolved without being drawn
    assert race.cars[0].damage_tokens == [] and out.events[-1].kind == "effect_skipped"


def test_repair_takes_a_failure_off_the_board(race):
    car = race.cars[0]
    take(race, 0, "failure", "X06")
    take(race, 0, "failure", "X13")
    race.decks["event"].pile.remove("E19")
    car.held_events = ["E19"]
    E.play_held_event(race, 0, "E19", repair="X13")
    assert car.failures == ["X06"] and car.failure_tokens == ["drs"]
    assert "X13" in race.decks["failure"].discards and "E19" in race.decks["event"].discards
    out = E.apply_effect(race, 0, eff(type="repair", what="failure"))   # default: oldest
    assert car.failures == [] and car.failure_tokens == [] and out.events[0].kind == "repaired"
    out = E.apply_effect(race, 0, eff(type="repair", what="damage"))
    assert out.events[0].kind == "effect_skipped"
    assert_conserved(race)


def test_remove_by_board_refuses_a_card_elsewhere(race):
    with pytest.raises(IllegalAction):
        E.remove_by_board(race, race.cars[0], "D05")


# ---- next-turn flags (FGP 13.13.1 style) -------------------------------------------------------------
def test_next_turn_flags_set_in_own_turn_apply_to_the_next_turn(race):
    car = race.cars[0]
    race.sequence, race.seq_pos = [3, 0, 1], 1          # seat 0 is moving
    E.resolve_card(race, 0, "K18")                   # no tyre bonus, no pairs next turn
    m = E.modifiers(race, car)
    assert not m.no_pairs and not m.no_tyre_bonus   # not in the rest of this turn
    E.clear_turn_effects(car)                        # end of this turn
    m = E.modifiers(race, car)
    assert m.no_pairs and m.no_tyre_bonus            # the next turn
    E.clear_turn_effects(car)                        # end of the next turn
    assert E.modifiers(race, car) == E.Mods()
    assert car.no_pairs_next is False and car.no_tyre_bonus_next is False


def test_next_turn_flag_set_outside_own_turn_applies_to_the_coming_turn(race):
    car = race.cars[0]
    race.sequence, race.seq_pos = [3, 0, 1], 0          # seat 3 moves; seat 0 defends
    E.resolve_card(race, 0, "K17")
    assert E.modifiers(race, car).no_tyre_bonus and car.no_tyre_bonus_next is True
    E.clear_turn_effects(car)
    assert not E.modifiers(race, car).no_tyre_bonus


def test_next_turn_flag_while_one_is_in_force_keeps_both(race):
    car = race.cars[0]
    car.no_pairs_next = True                         # in force this turn
    E.resolve_card(race, 0, "K18", situation=S(own_turn=True))
    assert E.modifiers(race, car).no_pairs
    E.clear_turn_effects(car)
    assert E.modifiers(race, car).no_pairs
    E.clear_turn_effects(car)
    assert not E.modifiers(race, car).no_pairs


def test_until_repaired_flags_last_until_repair(race):
    car = race.cars[0]
    take(race, 0, "damage", "D16")                   # +1 wear, no tyre bonus until repaired
    assert car.wear == 4
    for _ in range(3):
        E.clear_turn_effects(car)
        assert E.modifiers(race, car).no_tyre_bonus
    E.remove_by_board(race, car, "D16")
    assert not E.modifiers(race, car).no_tyre_bonus


# ---- conditions and targets -----------------------------------------------------------------------------
@pytest.mark.parametrize("cond, yes, no", [
    ("paired", S(paired=True), S()),
    ("red_or_blue", S(pace="blue"), S(pace="green")),
    ("green", S(pace="green"), S(pace="red")),
    ("on_curve", S(on_curve=True), S()),
    ("on_straight", S(), S(on_curve=True)),
    ("changed_lane", S(changed_lane=True), S()),
])
def test_conditions(race, cond, yes, no):
    e = eff(type="penalty", only_if=cond)
    E.apply_effect(race, 0, e, situation=yes)
    assert race.cars[0].penalties == 1
    out = E.apply_effect(race, 0, e, situation=no)
    assert race.cars[0].penalties == 1 and out.events[0].kind == "effect_skipped"


def test_leader_condition_reads_each_car(race):
    race.cars[2].leader = True
    E.apply_effect(race, 0, eff(type="stress", amount=1, who="all", only_if="leader"))
    assert [c.stress for c in race.cars] == [2, 2, 3, 2, 2, 2]


def test_shipped_conditional_cards(race):
    car = race.cars[0]
    E.resolve_card(race, 0, "K21", situation=S(pace="green"))
    E.resolve_card(race, 0, "E20", situation=S(changed_lane=False))
    assert car.wear == 3
    E.resolve_card(race, 0, "K21", situation=S(pace="red"))
    E.resolve_card(race, 0, "E20", situation=S(changed_lane=True))
    assert car.wear == 5
    on_top(race, "damage", "D05")
    E.resolve_card(race, 0, "K23", situation=S(on_curve=False))
    assert car.damage == []
    E.resolve_card(race, 0, "K23", situation=S(on_curve=True))
    assert car.damage == ["D05"]


# ---- held EVENT cards (FGP 4.4, 7.3.3.1, 9.3) ------------------------------------------------------
def test_event_that_can_be_held_goes_face_down(race):
    car = race.cars[0]
    on_top(race, "event", "E06")
    out = E.draw_and_resolve(race, 0, "event")
    assert car.held_events == ["E06"] and car.mp_event == 0
    assert [e.kind for e in out.events] == ["draw", "event_held"]
    drawn = out.events[0]
    assert drawn.to == 0 and drawn.data["cards"] == ["E06"]      # its drawer reads it
    assert "E06" not in str(drawn.seen_by(1).data) + str(out.events[1].data)   # hidden
    assert_conserved(race)


def test_immediate_event_resolves_and_is_discarded(race):
    car = race.cars[0]
    on_top(race, "event", "E13")                     # can be held but 'apply at once'
    E.draw_and_resolve(race, 0, "event")
    assert car.held_events == [] and car.stress == 3
    assert race.decks["event"].discards == ["E13"]
    on_top(race, "event", "E11")                     # every car -1 wear
    E.draw_and_resolve(race, 0, "event")
    assert [c.wear for c in race.cars] == [2] * 6
    assert_conserved(race)


def test_held_event_choices_and_playing(race):
    car = race.cars[0]
    for c in ("E06", "E14", "E15", "E16"):
        race.decks["event"].pile.remove(c)
    car.held_events = ["E06", "E14", "E15", "E16"]
    assert E.held_event_choices(race, 0, when="turn") == ["E06"]
    assert E.held_event_choices(race, 0, when="battle") == ["E14", "E15", "E16"]
    assert E.held_event_choices(race, 0, when="battle", role="defend") == ["E15", "E16"]
    before = race.to_doc()
    with pytest.raises(IllegalAction):                # a battle card outside a battle
        E.play_held_event(race, 0, "E14")
    with pytest.raises(IllegalAction):                # a turn card inside a battle
        E.play_held_event(race, 0, "E06", situation=S(in_battle=True, role="attack"))
    with pytest.raises(IllegalAction):                # attack card while defending
        E.play_held_event(race, 0, "E14", situation=S(in_battle=True, role="defend"))
    with pytest.raises(IllegalAction):                # not held
        E.play_held_event(race, 0, "E07")
    assert race.to_doc() == before
    E.play_held_event(race, 0, "E06")
    assert car.mp_event == 2 and car.held_events == ["E14", "E15", "E16"]
    E.play_held_event(race, 0, "E15", situation=S(in_battle=True, role="defend"))
    assert car.leds_event == 2
    assert race.decks["event"].discards == ["E06", "E15"]
    assert_conserved(race)


# ---- every shipped card, several situations ---------------------------------------------------------
SITUATIONS = [S(), S(paired=True, pace="red", on_curve=True, changed_lane=True),
              S(pace="blue", in_battle=True, role="attack", own_turn=True),
              S(pace="green", in_battle=True, role="defend", own_turn=False)]


@pytest.mark.parametrize("sit", SITUATIONS)
def test_every_card_resolves_through_draw(sit):
    race = new_race("fast", 6, seed=2)
    car = arrange(race, 1, ["G01", "T01", "F01", "R02", "P01", "B01"])
    for deck in ("event", "risk", "damage", "failure"):
        for cid in deck_ids(deck):
            if cid not in race.decks[deck].pile + race.decks[deck].discards:
                continue                             # already drawn by a nested draw
            on_top(race, deck, cid)
            car.damaged_this_round = False
            out = E.draw_and_resolve(race, 1, deck, situation=sit)
            assert out.events, cid
            assert all(e.rule.startswith("FGP ") for e in out.events), cid
            assert all(isinstance(f, E.Followup) for f in out.followups)
            assert_conserved(race)
    # held cards can all be played in a fitting situation
    for cid in list(car.held_events):
        card = C.shared_card(race, cid)
        role = next((e.role for e in card.effects if e.type == "battle_leds"), "any")
        s = S(in_battle=True, role="attack" if role == "any" else role) \
            if card.play == "battle" else S()
        E.play_held_event(race, 1, cid, situation=s)
    assert car.held_events == []
    assert_conserved(race)


@pytest.mark.parametrize("deck", ["event", "risk", "damage", "failure"])
def test_every_card_resolves_directly(deck):
    ct = load_content()
    for cid in [c.id for c in getattr(ct, deck).cards]:
        for sit in SITUATIONS:
            race = new_race("fast", 6, seed=4)
            out = E.resolve_card(race, 0, cid, situation=sit)
            assert out.events[0].kind == "card_resolved" and out.events[0].data["card"] == cid


def test_unknown_card_is_refused(race):
    with pytest.raises(ValueError):
        E.resolve_card(race, 0, "G01")
    with pytest.raises(ValueError):
        E.draw_and_resolve(race, 0, "action")


# ---- conservation and determinism over many draws -------------------------------------------------
def _churn(seed, steps=300):
    race = new_race("fast", 6, seed=seed)
    rng = Rng(seed).spawn("test")          # the test's own choices, not the race's
    for i in range(steps):
        seat = rng.below(6)
        car = race.cars[seat]
        if i % 6 == 0:
            for c in race.cars:
                c.damaged_this_round = False
                E.clear_turn_effects(c)
        if len(car.hand) < 3:
            C.draw_cards(race, car, 3, events=[])
        sit = SITUATIONS[rng.below(len(SITUATIONS))]
        choices = E.held_event_choices(race, seat, when="battle" if sit.in_battle else "turn",
                                       role=sit.role)
        if choices and rng.below(2):
            E.play_held_event(race, seat, choices[0], situation=sit)
        else:
            E.draw_and_resolve(race, seat, ("event", "risk", "damage", "failure")[rng.below(4)],
                               situation=sit)
        if car.failures and rng.below(3) == 0:       # a pit stop now and then
            E.remove_by_board(race, car, car.failures[0])
        if car.damage and rng.below(3) == 0:
            E.remove_by_board(race, car, car.damage[0])
        assert_conserved(race)
    return race


@pytest.mark.parametrize("seed", [1, 2])
def test_conservation_over_many_draws(seed):
    _churn(seed)


def test_deterministic_given_the_seed():
    assert _churn(9, 120).to_doc() == _churn(9, 120).to_doc()
    assert _churn(9, 120).to_doc() != _churn(10, 120).to_doc()

