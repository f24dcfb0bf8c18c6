"""Overtaking and battles (FGP 9.1-9.5) on small hand-built tracks."""
from __future__ import annotations

import pytest

from chequered.games.formulagp.content import DriverSkill, load_content
from chequered.games.formulagp.rules.battle import (
    BattlePlay, Boost, CardInfo, OtBoost, apply_ot_boost, battle_plays, battle_targets,
    blockers, boost_choices, card_info, charge_ot, check_play, check_step, declare_choices,
    end_without_battle, ers_spend_leds, event_leds, filter_steps, led_total, may_pass_freely,
    must_stop, ot_boost_choices, ot_leds, ot_move, outcome, resolve_battle,
    resolve_secondary_attack, secondary_attack_choices, skill_applies, skill_facts,
    w2w_end_of_round, w2w_partners,
)
from chequered.games.formulagp.rules.movement import IllegalMove, legal_steps
from chequered.games.formulagp.track import Library, build_track

E = {}
S = {"slipstream": 1}
TILES = [
    {"id": "FIN", "kind": "feature", "feature": "finish"},
    {"id": "ST", "kind": "straight", "lanes": [[E], [E], [E], [E]]},
    {"id": "ST2", "kind": "straight", "lanes": [[E, E], [E, E], [E, E], [E, E]]},
    {"id": "ST3", "kind": "straight", "lanes": [[E, E, E], [E, E, E], [E, E, E], [E, E, E]]},
    {"id": "SL", "kind": "straight", "lanes": [[E], [S], [E], [E]]},
    {"id": "SL2", "kind": "straight", "lanes": [[E], [S], [S], [E]]},
    {"id": "GAP", "kind": "straight", "lanes": [[E], [], [E], [E]]},
    {"id": "DBL", "kind": "straight",
     "lanes": [[E], [{"double": True}], [{"double_part": True}], [E]]},
]
LIB = Library.model_validate({"source": "test", "tiles": TILES})


def build(*ids: str):
    return build_track(["FIN", *ids], LIB)


def at(tr, tile: int, lane: int, index: int = 0) -> int:
    return tr.tiles[tile].lanes[lane - 1][index]


def fwd(tr, space: int) -> int:
    return next(m.to for m in tr.moves(space) if not m.lane_change)


def side_to(tr, space: int, side: str) -> int:
    sp = tr.spaces[space]
    return (sp.left if side == "left" else sp.right)[0]


def occ(*spaces: int) -> dict[int, int]:
    out: dict[int, int] = {}
    for s in spaces:
        out[s] = out.get(s, 0) + 1
    return out


G = lambda i, leds=1: CardInfo(i, "movement", "green", leds)       # noqa: E731
R = lambda i, leds=2: CardInfo(i, "movement", "red", leds)         # noqa: E731
B = lambda i, leds=3: CardInfo(i, "movement", "blue", leds)        # noqa: E731
O = lambda i, leds=2: CardInfo(i, "movement", "orange", leds)      # noqa: E731
TW = lambda i: CardInfo(i, "tyre_wear", None, 1)                   # noqa: E731
OP = lambda i: CardInfo(i, "option", None, 1)                      # noqa: E731
DF = CardInfo("F01", "draw_failure", None, 0)


# ---- FGP 9.1 overtaking without a battle ----------------------------------------------
def test_fgp_9_1_empty_lane_between_lets_red_pass_blue_then_grey():
    tr = build("ST", "ST", "ST")
    blue, grey = at(tr, 1, 1), at(tr, 2, 4)
    others = {"blue": blue, "grey": grey}
    red = at(tr, 0, 2)
    # staying in the middle lane: Blue is in the adjacent lane -> stop and battle
    assert check_step(tr, red, at(tr, 1, 2), others).blocked_by == ("blue",)
    # one lane to the right first: lane 2 is empty between them -> no battle
    red = side_to(tr, red, "right")
    assert check_step(tr, red, at(tr, 1, 3), others).allowed
    red = at(tr, 1, 3)
    # on the next tile Grey (lane 4) is adjacent; shift left and pass it freely
    assert not check_step(tr, red, at(tr, 2, 3), others).allowed
    red = side_to(tr, red, "left")
    assert red == at(tr, 1, 2)
    assert check_step(tr, red, at(tr, 2, 2), others).allowed


def test_fgp_9_1_double_lane_space_counts_as_one_lane():
    tr = build("ST", "DBL", "ST")
    orange = at(tr, 1, 1)
    blue = at(tr, 0, 3)
    dbl = at(tr, 1, 3)                         # the double space (lanes 2-3)
    assert tr.spaces[dbl].lanes == (2, 3)
    assert blockers(tr, dbl, {"orange": orange}) == ["orange"]
    # the same lanes on a plain tile leave lane 2 empty between them
    tr2 = build("ST", "ST", "ST")
    assert blockers(tr2, at(tr2, 1, 3), {"orange": at(tr2, 1, 1)}) == []
    assert check_step(tr, blue, dbl, {"orange": orange}).allowed is False


def test_fgp_9_1_the_empty_lane_must_be_a_racing_lane():
    tr = build("ST", "GAP", "ST")          # lane 2 of GAP has no spaces (A47)
    assert blockers(tr, at(tr, 1, 3), {"x": at(tr, 1, 1)}) == ["x"]


def test_fgp_9_1_an_occupied_lane_is_not_empty():
    tr = build("ST", "ST", "ST")
    others = {"a": at(tr, 1, 1), "b": at(tr, 1, 2)}
    # lane 2 is taken, so nothing separates the mover from either car; only the
    # adjacent one can be attacked
    assert set(blockers(tr, at(tr, 1, 3), others)) == {"a", "b"}
    assert [t.defender for t in battle_targets(tr, at(tr, 0, 3), 1, others)] == ["b"]
    assert blockers(tr, at(tr, 1, 4), {"a": at(tr, 1, 1)}) == []


def test_fgp_9_1_cars_that_may_be_passed_freely():
    assert may_pass_freely(round_no=1) and may_pass_freely(round_no=2)
    assert not may_pass_freely(round_no=3)
    assert may_pass_freely(round_no=5, other_spun=True)
    assert may_pass_freely(round_no=5, other_on_pit_exit=True)
    assert may_pass_freely(round_no=5, both_w2w=True)
    assert may_pass_freely(round_no=5, other_double_blue=True)
    assert not may_pass_freely(round_no=5, other_double_blue=True, mover_double_blue=True)
    tr = build("ST", "ST", "ST")
    assert blockers(tr, at(tr, 1, 2), {"a": at(tr, 1, 2)}, passable={"a"}) == []


def test_fgp_9_1_once_on_the_tile_moves_are_free():
    tr = build("ST", "ST2", "ST")
    me = at(tr, 1, 1, 0)
    others = {"a": at(tr, 1, 2, 1)}
    # same tile: stepping forward and sideways is not this chapter's business
    assert check_step(tr, me, at(tr, 1, 1, 1), others).allowed
    assert check_step(tr, me, at(tr, 1, 2, 0), others).allowed


def test_fgp_9_1_a_step_let_pass_is_answered_in_full():
    # (check_step hands one shared object for each of these answers)
    tr = build("ST", "ST", "ST")
    me = at(tr, 1, 2)
    within = check_step(tr, me, side_to(tr, me, "right"), {})
    assert (within.allowed, within.enters_tile, within.blocked_by, within.shadow,
            within.rule) == (True, False, (), False, "FGP 9.1")
    free = check_step(tr, me, at(tr, 2, 2), {"far": at(tr, 2, 4)})
    assert (free.allowed, free.enters_tile, free.blocked_by, free.shadow,
            free.rule) == (True, True, (), False, "FGP 9.1")


# ---- FGP 9.2 preparing a battle --------------------------------------------------------
def test_fgp_9_2_stop_rule_on_the_forward_most_space():
    tr = build("ST", "ST2", "ST")
    green = at(tr, 2, 3)
    me = at(tr, 1, 2, 0)
    steps = legal_steps(tr, me, occupied=occ(green))
    kept, blocked = filter_steps(tr, me, steps, {"green": green})
    assert at(tr, 1, 2, 1) in [s.to for s in kept]        # still drives to the front
    assert must_stop(tr, me, {"green": green}) == ()      # not yet forward-most
    front = at(tr, 1, 2, 1)
    kept, blocked = filter_steps(tr, front, legal_steps(tr, front, occupied=occ(green)),
                                 {"green": green})
    assert blocked == ("green",)
    assert all(tr.spaces[s.to].tile == 1 for s in kept)   # only lateral moves remain
    assert must_stop(tr, front, {"green": green}) == ("green",)


def test_fgp_9_2_same_lane_one_more_space_onto_a_free_slipstream_shadow():
    tr = build("ST", "SL", "ST")
    opp = at(tr, 1, 2)                      # slipstream space with one shadow
    me = at(tr, 0, 2)
    c = check_step(tr, me, opp, {"opp": opp})
    assert c.allowed and c.shadow and c.blocked_by == ("opp",)
    # from the adjacent lane there is no shadow to take
    assert not check_step(tr, at(tr, 0, 3), at(tr, 1, 3), {"opp": opp}).allowed
    # shadow already taken
    assert not check_step(tr, me, opp, {"opp": opp, "x": opp}).allowed
    # on the shadow the car stops behind the opponent (unless it may pass it)
    assert must_stop(tr, opp, {"opp": opp}, ahead_in_space="opp") == ("opp",)
    assert must_stop(tr, opp, {"opp": opp}, passable={"opp"}, ahead_in_space="opp") == ()


def test_fgp_9_2_worked_example_four_mp_one_space_capacity_two():
    # Orange has 4 MP, can drive only 1 space and must stop one tile behind
    # Green (adjacent lane); 3 MP remain, OT capacity 2: OT 2, one point lost.
    tr = build("ST", "ST2", "ST")
    green = at(tr, 2, 3)
    orange = at(tr, 1, 2, 0)
    board = next(s for b in load_content().boards for s in b.sides if s.max_ot == 2)
    mp = 4
    orange = fwd(tr, orange)
    mp -= 1
    assert must_stop(tr, orange, {"green": green}) == ("green",)
    got = charge_ot(mp, board.max_ot)
    assert (got.ot, got.transferred, got.lost) == (2, 2, 1)


def test_fgp_9_2_ot_transfer_is_capped_and_starts_from_zero():
    assert charge_ot(1, 3).ot == 1
    assert charge_ot(0, 3).ot == 0
    assert charge_ot(5, 3, ot=1) == charge_ot(5, 3, ot=1)
    got = charge_ot(5, 3, ot=1)
    assert (got.ot, got.transferred, got.lost) == (3, 2, 3)


def test_fgp_9_2_slipstream_bonus_plus_two():
    got = charge_ot(0, 3, slipstream=True)
    assert (got.ot, got.slipstream) == (2, 2)
    assert charge_ot(1, 2, slipstream=True).ot == 2           # capped at the maximum
    assert charge_ot(1, 4, slipstream=True).ot == 3
    assert charge_ot(0, 3, slipstream=True, round_no=2).ot == 0   # FGP 7.2 rounds 1-2


def test_fgp_9_2_charge_ot_equals_its_min_max_form():
    # charge_ot clamps with tests (no builtin min/max call): every small case
    # against the formula written with min and max
    for mp in range(7):
        for max_ot in range(5):
            for ot in range(6):
                for slip in (False, True):
                    for rnd in (2, 3):
                        room = max(0, max_ot - ot)
                        moved = min(room, mp)
                        bonus = max(0, min(max_ot, ot + moved + 2) - ot - moved) \
                            if slip and rnd > 2 else 0
                        got = charge_ot(mp, max_ot, ot=ot, slipstream=slip, round_no=rnd)
                        assert (got.ot, got.transferred, got.lost, got.slipstream) \
                            == (ot + moved + bonus, moved, mp - moved, bonus)


def test_fgp_9_2_ending_the_move_wastes_the_ot():
    assert end_without_battle(2) == 2        # two points wasted; the indicator goes to 0


def test_fgp_9_2_c_ot_boosts():
    ch = ot_boost_choices(1, 2, ["O01", "O02"], red_parameter=True)
    assert [(c.kind, c.card) for c in ch] == [("card", "O01"), ("card", "O02"),
                                              ("red_parameter", None), ("done", None)]
    assert apply_ot_boost(1, 2, OtBoost("card", "O01")) == 2
    # at the maximum: no card, but the RED parameter goes over it
    ch = ot_boost_choices(2, 2, ["O01"], red_parameter=True)
    assert [c.kind for c in ch] == ["red_parameter", "done"]
    assert apply_ot_boost(2, 2, OtBoost("red_parameter")) == 3
    with pytest.raises(IllegalMove):
        apply_ot_boost(2, 2, OtBoost("card", "O01"))
    assert [c.kind for c in ot_boost_choices(0, 2, [], red_parameter=False)] == ["done"]


def test_fgp_9_2_c_leds_of_the_top_level_above_the_limit():
    table = [0, 1, 2]
    assert [ot_leds(table, n) for n in range(5)] == [0, 1, 2, 2, 2]


# ---- FGP 9.2 b who may be attacked (A27) -----------------------------------------------
def test_fgp_9_2_b_adjacent_lane_with_ot():
    tr = build("ST", "ST", "ST")
    me = at(tr, 0, 2)
    others = {"a": at(tr, 1, 3), "b": at(tr, 1, 1)}
    t = battle_targets(tr, me, 1, others)
    assert sorted(x.defender for x in t) == ["a", "b"]       # the attacker names one
    assert all(not x.from_slipstream for x in t)
    assert declare_choices(t) == [t[0].defender, t[1].defender, None]
    assert battle_targets(tr, me, 0, others) == []            # no OT, no battle
    assert battle_targets(tr, me, 2, others, round_no=2) == []
    assert battle_targets(tr, me, 2, others, battles_allowed=False) == []


def test_fgp_9_2_b_same_lane_without_slipstream_cannot_attack():
    tr = build("ST", "ST", "ST")
    assert battle_targets(tr, at(tr, 0, 2), 2, {"a": at(tr, 1, 2)}) == []


def test_fgp_9_2_b_from_a_slipstream_shadow_with_room_aside():
    tr = build("ST", "SL", "ST")
    sl = at(tr, 1, 2)
    t = battle_targets(tr, sl, 2, {"a": sl}, ahead_in_space="a")
    assert len(t) == 1 and t[0].defender == "a" and t[0].from_slipstream
    assert set(t[0].sides) == {"left", "right"}
    # both sides taken: no battle
    full = {"a": sl, "l": at(tr, 1, 1), "r": at(tr, 1, 3)}
    assert battle_targets(tr, sl, 2, full, ahead_in_space="a") == []


# ---- FGP 9.3 battle cards and totals ---------------------------------------------------
def test_fgp_9_3_a_movement_or_tyre_wear_card_is_needed():
    hand = [G("G01"), OP("P01"), TW("T01"), DF]
    plays = battle_plays(hand, ers=0)
    sets = {tuple(sorted(p.cards)) for p in plays}
    assert ("G01",) in sets and ("T01",) in sets and ("G01", "P01", "T01") in sets
    assert ("P01",) not in sets and () not in sets
    assert not any("F01" in p.cards for p in plays)
    with pytest.raises(IllegalMove):
        check_play(hand, BattlePlay(cards=("P01",)), ers=0)
    p = check_play(hand, BattlePlay(cards=("G01", "T01")), ers=0)
    assert (p.leds, p.tyre_wear) == (2, 1)


def test_fgp_9_3_defender_may_decline():
    plays = battle_plays([G("G01")], ers=0, role="defend")
    assert plays[0] == BattlePlay() and not plays[0].defends
    assert battle_plays([OP("P01")], ers=0, role="defend") == [BattlePlay()]


def test_fgp_9_3_pairs_as_in_movement_and_blue_pairs_in_battle():
    hand = [G("G01"), G("G02"), R("R01"), O("O01"), B("B01"), B("B02")]
    plays = battle_plays(hand, ers=2)
    pairs = {(tuple(sorted(p.cards)), p.orange_as) for p in plays if p.pair}
    assert (("G01", "G02"), ()) in pairs
    assert (("B01", "B02"), ()) in pairs                      # BLUE pair: battle only
    assert (("G01", "O01"), ("green",)) in pairs
    assert (("O01", "R01"), ("red",)) in pairs
    assert not any(set(c) == {"G01", "R01"} for c, _ in pairs)  # mixed colours
    assert not any(p.pair for p in battle_plays(hand, ers=2, no_pairs=True))


def test_fgp_9_3_a42_blue_cards_cost_ers():
    hand = [B("B01"), B("B02")]
    assert {p.cards for p in battle_plays(hand, ers=1)} == {("B01",), ("B02",)}
    assert battle_plays(hand, ers=0) == []
    assert len(battle_plays(hand, ers=0, blue_free_in_battle=True)) == 3
    assert ers_spend_leds([0, 0, 2, 2], 3, blue=1) == 2
    assert ers_spend_leds([0, 0, 2, 2], 2, blue=1) == 0
    with pytest.raises(IllegalMove):
        ers_spend_leds([0, 0, 2, 2], 1, blue=1)


def test_fgp_9_3_content_cards_feed_the_battle():
    content = load_content()
    ids = [c.id for c in content.action.cards]
    infos = [card_info(content, i) for i in ids[:3]]
    assert all(isinstance(i, CardInfo) and i.leds >= 0 for i in infos)


def test_fgp_9_3_led_total_terms():
    play = BattlePlay(cards=("R01", "T01"), primary=("R01",), tyre_wear=1, leds=3)
    t = led_total(play, ot_leds=2, skill_leds=1, ers_leds=2, event_leds=2, cold_tyres=True)
    assert (t.cards, t.ot, t.skill, t.ers, t.events, t.cold_tyres) == (3, 2, 1, 2, 2, 2)
    assert t.total == 8
    assert led_total(play).total == 3


def test_fgp_9_3_boost_choices_a28():
    ch = boost_choices(ers_after_cards=1, skill_usable=True, events=["E1"])
    assert len(ch) == 8 and Boost(True, True, ("E1",)) in ch
    assert boost_choices(ers_after_cards=0, skill_usable=False) == [Boost()]


def test_fgp_4_8_driver_skill_applies():
    sk = DriverSkill(role="attack", condition="from_slipstream", leds=1)
    assert skill_applies(sk, "attack", {"from_slipstream"})
    assert not skill_applies(sk, "attack", set())
    assert not skill_applies(sk, "defend", {"from_slipstream"})
    assert skill_applies(DriverSkill(role="any", condition="always", leds=1), "defend", ())


# ---- FGP 9.4 results -------------------------------------------------------------------
def test_fgp_9_4_outcomes():
    assert outcome(5, 4) == "attacker"
    assert outcome(4, 5) == "defender"
    assert outcome(4, 4) == "tie"
    assert outcome(1, None) == "attacker"


def _plays():
    a = BattlePlay(cards=("G01", "G02", "T01"), primary=("G01", "G02"), pair=True,
                   tyre_wear=1, leds=4)
    d = BattlePlay(cards=("B01",), primary=("B01",), blue=1, leds=3)
    return a, d


def test_fgp_9_4_1_attacker_drives_its_ot_in_its_own_lane():
    tr = build("ST", "ST3", "ST3")
    me = at(tr, 0, 2)
    defender = at(tr, 1, 3, 0)
    others = {"d": defender, "x": at(tr, 1, 1, 1)}     # adjacent cars cannot stop it
    a, d = _plays()
    r = resolve_battle(tr, attacker="a", defender="d", attacker_space=me, ot=2,
                       attack=a, defence=d, attack_total=6, defence_total=5, others=others,
                       attack_boost=Boost(spend_ers=True))
    assert r.outcome == "attacker" and r.rule == "FGP 9.4.1"
    assert r.path == (at(tr, 1, 2, 0), at(tr, 1, 2, 1)) and r.space == at(tr, 1, 2, 1)
    assert (r.ot_used, r.ot_lost) == (2, 0)
    assert r.wear == {"a": 1} and r.ers == {"a": -1, "d": -1}
    assert r.yellow_die == ("a",)
    assert r.discards == {"a": a.cards, "d": d.cards}
    assert r.stress == {}


def test_fgp_9_4_1_blocked_in_its_lane_the_rest_is_lost():
    tr = build("ST", "ST3", "ST3")
    me = at(tr, 0, 2)
    others = {"d": at(tr, 1, 3, 0), "y": at(tr, 1, 2, 1)}
    a, d = _plays()
    r = resolve_battle(tr, attacker="a", defender="d", attacker_space=me, ot=3,
                       attack=a, defence=d, attack_total=6, defence_total=1, others=others)
    assert r.path == (at(tr, 1, 2, 0),) and (r.ot_used, r.ot_lost) == (1, 2)


def test_fgp_9_4_1_no_defence_means_the_attack_succeeds():
    tr = build("ST", "ST", "ST")
    a, _ = _plays()
    r = resolve_battle(tr, attacker="a", defender="d", attacker_space=at(tr, 0, 2), ot=1,
                       attack=a, defence=BattlePlay(), attack_total=0, defence_total=9,
                       others={"d": at(tr, 1, 3)})
    assert r.outcome == "attacker" and r.defender_total is None
    r = resolve_battle(tr, attacker="a", defender="d", attacker_space=at(tr, 0, 2), ot=1,
                       attack=a, defence=BattlePlay(), attack_total=0, defence_total=None,
                       others={"d": at(tr, 1, 3)}, defence_boost=Boost(spend_ers=True))
    assert "d" not in r.ers and "d" not in r.discards
    assert r.space == at(tr, 1, 2)


def test_fgp_9_4_1_slipstream_vs_slipstream_first_point_is_lateral():
    tr = build("ST", "SL", "ST2")
    sl = at(tr, 1, 2)
    a, d = _plays()
    r = resolve_battle(tr, attacker="a", defender="d", attacker_space=sl, ot=3,
                       attack=a, defence=d, attack_total=5, defence_total=2,
                       others={"d": sl}, from_slipstream=True, side="right")
    assert r.path == (at(tr, 1, 3), at(tr, 2, 3, 0), at(tr, 2, 3, 1))
    with pytest.raises(IllegalMove):
        resolve_battle(tr, attacker="a", defender="d", attacker_space=sl, ot=3,
                       attack=a, defence=d, attack_total=5, defence_total=2,
                       others={"d": sl}, from_slipstream=True)


def test_fgp_9_4_1_secondary_attack_from_a_slipstream_shadow():
    tr = build("ST", "ST", "SL", "ST")
    me = at(tr, 0, 2)
    front = at(tr, 2, 2)                       # a car in a slipstream space ahead
    a, d = _plays()
    r = resolve_battle(tr, attacker="a", defender="d", attacker_space=me, ot=3,
                       attack=a, defence=d, attack_total=5, defence_total=2,
                       others={"d": at(tr, 1, 3), "f": front})
    assert r.space == front and r.path == (at(tr, 1, 2), front)
    assert r.secondary is not None
    assert (r.secondary.target, r.secondary.ot) == ("f", 1 + 2)
    assert r.ot_lost == 0
    hand = [G("G01"), B("B01"), OP("P01")]
    assert secondary_attack_choices(hand, ers=0) == ["G01", None]
    assert secondary_attack_choices(hand, ers=1) == ["G01", "B01", None]


def test_fgp_9_4_2_defender_has_more_leds():
    tr = build("ST", "ST", "ST")
    a, d = _plays()
    me = at(tr, 0, 2)
    r = resolve_battle(tr, attacker="a", defender="d", attacker_space=me, ot=2,
                       attack=a, defence=d, attack_total=3, defence_total=5,
                       others={"d": at(tr, 1, 3)})
    assert r.outcome == "defender" and r.rule == "FGP 9.4.2"
    assert r.path == () and r.space == me and r.ot_lost == 2 and r.stress == {}
    assert r.discards == {"a": a.cards, "d": d.cards} and r.yellow_die == ("a",)


def test_fgp_9_4_3_tie_both_gain_stress():
    tr = build("ST", "ST", "ST")
    a, d = _plays()
    me = at(tr, 0, 2)
    r = resolve_battle(tr, attacker="a", defender="d", attacker_space=me, ot=2,
                       attack=a, defence=d,
                       attack_total=led_total(a, ot_leds=1),
                       defence_total=led_total(d, skill_leds=2), others={"d": at(tr, 1, 3)})
    assert r.outcome == "tie" and r.rule == "FGP 9.4.3"
    assert r.stress == {"a": 1, "d": 1} and r.space == me and r.path == ()


# ---- FGP 9.4.1 end of round / 9.5 wheel-to-wheel (A18) ----------------------------------
def test_fgp_9_5_token_cycle_three_stages():
    tr = build("ST", "ST", "ST")
    pos = {"a": at(tr, 1, 1), "b": at(tr, 1, 3), "c": at(tr, 2, 2)}
    u = w2w_end_of_round(tr, pos, {}, round_no=5)
    assert u.tokens == {"a": "vs", "b": "vs", "c": None} and u.stress == {}
    u = w2w_end_of_round(tr, pos, u.tokens, round_no=6)
    assert u.tokens == {"a": "stress", "b": "stress", "c": None}
    assert u.stress == {"a": 1, "b": 1}
    u = w2w_end_of_round(tr, pos, u.tokens, round_no=7)
    assert u.tokens == {"a": None, "b": None, "c": None} and u.stress == {"a": 1, "b": 1}


def test_fgp_9_5_alone_on_the_tile_loses_the_token_and_rounds_1_2_and_sc():
    tr = build("ST", "ST", "ST")
    pos = {"a": at(tr, 1, 1), "c": at(tr, 2, 2)}
    u = w2w_end_of_round(tr, pos, {"a": "vs"}, round_no=5)
    assert u.tokens["a"] is None and u.stress == {}
    pos = {"a": at(tr, 1, 1), "b": at(tr, 1, 3)}
    assert w2w_end_of_round(tr, pos, {}, round_no=2).tokens == {"a": None, "b": None}
    assert w2w_end_of_round(tr, pos, {"a": "vs"}, round_no=5,
                            safety_car=True).tokens == {"a": None, "b": None}


def test_fgp_9_5_two_cars_in_one_slipstream_space_are_not_w2w():
    tr = build("ST", "SL", "ST")
    sl = at(tr, 1, 2)
    assert w2w_end_of_round(tr, {"a": sl, "b": sl}, {}, round_no=5).tokens == \
        {"a": None, "b": None}


def test_fgp_9_5_example_red_joins_grey_and_blue():
    # Grey and Blue are W2W; Red drives into the shadow behind Grey without
    # attacking Blue and gets a W2W token at the end of the round.
    tr = build("ST", "SL", "ST")
    grey, blue = at(tr, 1, 2), at(tr, 1, 3)
    red = at(tr, 0, 2)
    c = check_step(tr, red, grey, {"grey": grey, "blue": blue})
    assert c.allowed and c.shadow
    tokens = {"grey": "vs", "blue": "vs", "red": None}
    pos = {"grey": grey, "blue": blue, "red": grey}
    u = w2w_end_of_round(tr, pos, tokens, round_no=6)
    assert u.tokens == {"grey": "stress", "blue": "stress", "red": "vs"}
    assert u.stress == {"grey": 1, "blue": 1}


def test_fgp_9_5_partners_pass_freely():
    tr = build("ST", "ST", "ST")
    pos = {"grey": at(tr, 1, 2), "blue": at(tr, 1, 3), "red": at(tr, 0, 3)}
    tokens = {"grey": "vs", "blue": "vs", "red": None}
    assert w2w_partners(tokens, pos, tr, "grey") == ["blue"]
    assert w2w_partners(tokens, pos, tr, "red") == []
    # grey moving again this round: blue does not stop it
    others = {"blue": pos["blue"]}
    assert blockers(tr, at(tr, 2, 3), others, passable=w2w_partners(tokens, pos, tr,
                                                                      "grey")) == []


def test_fgp_9_3_a_lone_orange_is_one_play_and_lapped_cars_cannot_defend():
    plays = battle_plays([O("O01")], ers=0)
    assert [p.cards for p in plays] == [("O01",)]
    assert battle_plays([G("G01")], ers=0, role="defend", may_defend=False) == [BattlePlay()]


def test_fgp_4_8_skill_facts_of_a_play():
    p = BattlePlay(cards=("R01", "R02", "T01"), primary=("R01", "R02"), pair=True,
                   tyre_wear=1, leds=5)
    f = skill_facts(p, {"R01": "red", "R02": "red", "T01": None}, Boost(spend_ers=True),
                    from_slipstream=True, straight=False, w2w=True)
    assert {"with_pair", "with_red", "with_tyre_wear_card", "with_ers", "from_slipstream",
            "on_curve", "wheel_to_wheel", "always"} <= f
    assert "single_card" not in f and "on_straight" not in f


def test_fgp_9_3_event_cards_in_battle():
    content = load_content()
    battle_cards = [c for c in content.event.cards if c.play == "battle"]
    assert battle_cards
    attack = [c for c in battle_cards if any(e.type == "battle_leds" and e.role == "attack"
                                             for e in c.effects)]
    assert attack and event_leds(attack[0], "attack") > 0
    assert event_leds(attack[0], "defend") == 0
    other = next(c for c in content.event.cards if c.play != "battle")
    assert event_leds(other, "attack") == 0


def test_fgp_9_4_1_secondary_attack_is_won_by_committing_a_movement_card():
    tr = build("ST", "ST", "SL", "ST2")
    me = at(tr, 0, 2)
    front = at(tr, 2, 2)
    others = {"d": at(tr, 1, 3), "f": front}
    a, d = _plays()
    first = resolve_battle(tr, attacker="a", defender="d", attacker_space=me, ot=3,
                           attack=a, defence=d, attack_total=5, defence_total=2, others=others)
    sec = first.secondary
    r = resolve_secondary_attack(tr, attacker="a", target="f", attack=sec, card="G09",
                                 colour="green", side="left", others=others)
    assert r.outcome == "attacker"
    # 1 + 2 OT: one lateral point, then two forward in lane 1
    assert r.path == (at(tr, 2, 1), at(tr, 3, 1, 0), at(tr, 3, 1, 1))
    assert r.discards == {"a": ("G09",)}
    no = resolve_secondary_attack(tr, attacker="a", target="f", attack=sec, card=None,
                                  colour=None, side=None, others=others)
    assert no.outcome == "declined" and no.ot_lost == 3 and no.space == front


def test_fgp_9_4_1_lane_ends_the_ot_move_stops():
    tr = build("ST", "GAP", "ST")          # lane 2 has no space on GAP
    path, left, shadow = ot_move(tr, at(tr, 0, 2), 3, {})
    assert (path, left, shadow) == ([], 3, False)
    path, left, _ = ot_move(tr, at(tr, 0, 3), 2, {})
    assert path == [at(tr, 1, 3), at(tr, 2, 3)] and left == 0
