"""More rule-matrix checks through the round machine (docs/rules/formulagp.md):
secondary functions, parameters, the car characteristic, Draw Failure
cards, the ERS hand limit, the driver sequence, DRS, wheel-to-wheel pushes,
lapping and penalties served in the pit (FGP 4.2.2, 4.3.4, 4.12, 4.13,
7.3.2, 8.3.1, 8.6, 8.8, 9.5, 11.2, 13.11)."""
from __future__ import annotations

import pytest

import chequered
from chequered.games.formulagp import actions as A
from chequered.games.formulagp.rules import cards as C
from chequered.games.formulagp.rules.round_flow import MAX_ROUNDS
from chequered.games.formulagp.rules.steps import MACHINE as machine
from chequered.games.formulagp.rules.setup import new_race
from chequered.games.formulagp.track import track

from .test_matrix_turn import forward_steps, ids, kinds, lane_space, scenario, straight_start

GAME = chequered.game("formulagp")
CONTENT = C.content_of(new_race("fast", 1))


def with_secondary(f, n):
    return [c.id for c in CONTENT.action.cards if c.secondary == f][:n]


def finish_round(st, round_no):
    while st.round == round_no and not GAME.is_over(st):
        s = st.turn.pending.seats[0]
        GAME.apply(st, s, GAME.fine_actions(st, s)[-1])


# ---- FGP 4.2.2: a pair of matching 2x icons, spent in the preparations ---------------------
def test_fgp_4_2_2_two_cards_with_the_ers_icon_charge_one_ers():
    trk = track("fast")
    a, b = with_secondary("ers_2x", 2)
    green = next(c for c in ids("movement", "green", 20) if c not in (a, b))
    st = scenario([straight_start(trk)], hands=[[green, a, b]])
    car = st.cars[0]
    car.ers = 0
    st.turn.cache = None
    spend = next(x for x in GAME.fine_actions(st, 0)
                 if isinstance(x, A.Spend) and x.function == "ers_2x")
    GAME.apply(st, 0, spend)
    assert car.ers == 1 and a not in car.hand and b not in car.hand


def test_fgp_4_2_2_two_cards_with_the_mp_icon_add_one_point_to_the_move():
    trk = track("fast")
    a, b = with_secondary("mp_2x", 2)
    green = next(c for c in ids("movement", "green", 20) if c not in (a, b))
    sp = straight_start(trk)
    plain = scenario([sp], hands=[[green, a, b]])
    GAME.apply(plain, 0, A.Done())
    GAME.apply(plain, 0, next(x for x in GAME.fine_actions(plain, 0) if not x.characteristic))
    st = scenario([sp], hands=[[green, a, b]])
    GAME.apply(st, 0, next(x for x in GAME.fine_actions(st, 0)
                           if isinstance(x, A.Spend) and x.function == "mp_2x"))
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, next(x for x in GAME.fine_actions(st, 0) if not x.characteristic))
    assert st.move["mp"] == plain.move["mp"] + 1


# ---- FGP 4.12: the YELLOW parameter gives +1 ERS once -----------------------------------------
def test_fgp_4_12_yellow_parameter_charges_one_ers_and_is_used_up():
    trk = track("fast")
    green = ids("movement", "green")[0]
    st = scenario([straight_start(trk)], hands=[[green]])
    car = st.cars[0]
    car.ers = 0
    st.turn.cache = None
    GAME.apply(st, 0, A.Parameter("yellow"))
    assert car.ers == 1 and not car.params["yellow"]
    assert A.Parameter("yellow") not in GAME.fine_actions(st, 0)


# ---- FGP 4.13: the car characteristic, +1 MP once per turn where the board says -----------
def test_fgp_4_13_car_characteristic_adds_one_point():
    trk = track("fast")
    green = ids("movement", "green")[0]
    for t in trk.tiles:
        sp = lane_space(trk, t.index, 2)
        if sp is None:
            continue
        st = scenario([sp], hands=[[green]])
        GAME.apply(st, 0, A.Done())
        if A.Play((green,), (), True) in GAME.fine_actions(st, 0):
            break
    else:
        raise AssertionError("no tile where the characteristic applies")
    plain = scenario([sp], hands=[[green]])
    GAME.apply(plain, 0, A.Done())
    GAME.apply(plain, 0, A.Play((green,), (), False))
    GAME.apply(st, 0, A.Play((green,), (), True))
    assert st.move["mp"] == plain.move["mp"] + 1 and st.cars[0].characteristic_used
    # FGP 7.2.1: never in round 1 (2nd gear, no characteristic)
    r1 = scenario([sp], hands=[[green]], round_no=1)
    r1.secret = {}
    r1.turn.cache = None
    GAME.apply(r1, 0, A.Done())
    assert not any(x.characteristic for x in GAME.fine_actions(r1, 0))


# ---- FGP 4.3.4 / 7.3.3.1: a Draw Failure card is played first and draws a FAILURE ----------
def test_fgp_4_3_4_draw_failure_is_played_at_the_start_of_the_turn():
    trk = track("fast")
    df = ids("draw_failure")[0]
    green = ids("movement", "green")[0]
    pile = len(new_race("fast", 1, seed=1).decks["failure"].pile)
    st = scenario([straight_start(trk)], hands=[[green, df]], stage="begin")
    car = st.cars[0]
    assert df not in car.hand and df in car.deck.discards
    assert len(st.decks["failure"].pile) == pile - 1          # a FAILURE card drawn
    assert st.turn.pending.step == "prep"


# ---- FGP 8.8: an ERS spend that lowers the hand limit forces discards at once ----------------
def test_fgp_8_8_blue_card_at_two_leds_drops_the_hand_limit_and_forces_a_discard():
    trk = track("fast")
    blue = ids("movement", "blue")[0]
    greens = ids("movement", "green", 5)
    st = scenario([straight_start(trk)], hands=[[blue, *greens]])
    car = st.cars[0]
    car.ers = 2
    assert C.hand_limit(st, car) == 6 and len(car.hand) == 6
    st.turn.cache = None
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play((blue,)))
    assert car.ers == 1 and C.hand_limit(st, car) == 4
    assert st.turn.pending.step == "discard" and st.turn.pending.seats == [0]
    GAME.apply(st, 0, GAME.fine_actions(st, 0)[0])
    assert len(car.hand) == 4 and st.turn.pending.step == "move"


# ---- FGP 7.3.2: the next round's sequence starts with the car in front -----------------------
def test_fgp_7_3_2_next_round_sequence_puts_the_car_in_front_first():
    trk = track("fast")
    sp = straight_start(trk)
    ahead = lane_space(trk, trk.tile_ahead(trk.spaces[sp].tile, 12), 2)
    green = ids("movement", "green")[0]
    st = scenario([sp, ahead], hands=[[green], []], done=(1,))
    finish_round(st, 3)
    while st.turn.pending.step == "returns":
        GAME.apply(st, st.turn.pending.seats[0], A.Done())
    assert st.sequence == [1, 0] and st.turn.pending.seats == [1]


# ---- FGP 8.6: DRS pulls the car to the tile behind the next car in the zone ------------------
def test_fgp_8_6_drs_pulls_the_car_up_behind_the_next_car_in_the_zone():
    trk = track("fast")
    zone = [s for s in trk.spaces if s.drs_zone == 1]
    tiles = sorted({s.tile for s in zone})
    first = next(s.id for s in zone if s.tile == tiles[0] and s.lane == 2)
    target = next(s.id for s in zone if s.tile == tiles[-1] and s.lane == 3)
    for round_no, pulled in ((3, True), (2, False)):
        st = scenario([first, target], hands=[[], []], round_no=round_no, done=(1,))
        st.turn.pending = None
        st.move = {"seat": 0, "stage": "after_move", "dice": [], "colours": ["green"],
                   "visited": [first], "left": 0, "blocked": [], "reduced": False}
        ev = machine.advance(st)
        car = st.cars[0]
        if pulled:
            drs = next(e for e in ev if e.kind == "drs")
            assert trk.spaces[drs.data["to"]].tile == tiles[-1] - 1
            assert trk.spaces[drs.data["to"]].lane == 2
        else:
            assert "drs" not in kinds(ev) and car.space == first     # FGP 7.2.2


def test_fgp_8_6_no_drs_after_a_reduced_move():
    trk = track("fast")
    zone = [s for s in trk.spaces if s.drs_zone == 1]
    tiles = sorted({s.tile for s in zone})
    first = next(s.id for s in zone if s.tile == tiles[0] and s.lane == 2)
    target = next(s.id for s in zone if s.tile == tiles[-1] and s.lane == 3)
    st = scenario([first, target], hands=[[], []], done=(1,))
    st.turn.pending = None
    st.move = {"seat": 0, "stage": "after_move", "dice": [], "colours": ["green"],
               "visited": [first], "left": 0, "blocked": [], "reduced": True}
    ev = machine.advance(st)
    assert "drs" not in kinds(ev)


# ---- FGP 9.5 / 8.3.1: wheel-to-wheel partners push each other aside ---------------------------
def test_fgp_9_5_a_wheel_to_wheel_car_pushes_its_partner_one_lane_over():
    trk = track("fast")
    for t in trk.tiles:
        spaces = [lane_space(trk, t.index, lane) for lane in (2, 3, 4)]
        if all(s is not None and not trk.spaces[s].slipstream for s in spaces) \
                and spaces[1] in trk.spaces[spaces[0]].right \
                and spaces[2] in trk.spaces[spaces[1]].right and t.straight:
            break
    else:
        raise AssertionError("no tile with lanes 2-4")
    mine, theirs, beyond = spaces
    green = ids("movement", "green")[0]
    st = scenario([mine, theirs], hands=[[green], []], done=(1,))
    st.cars[0].w2w = st.cars[1].w2w = "vs"
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play((green,)))
    assert A.Step(theirs) in GAME.fine_actions(st, 0)
    ev = GAME.apply(st, 0, A.Step(theirs))
    assert "push" in kinds(ev)
    assert st.cars[0].space == theirs and st.cars[1].space == beyond
    assert st.cars[0].penalties == 0
    # FGP 8.3.1 / 9.1: without the tokens a car on the same tile pushes all the same
    st = scenario([mine, theirs], hands=[[green], []], done=(1,))
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play((green,)))
    assert A.Step(theirs) in GAME.fine_actions(st, 0)


# ---- FGP 13.11.1: a car lapped before it has moved loses its turn ------------------------------
def test_fgp_13_11_1_lapped_before_moving_gets_a_blue_flag_and_loses_its_turn():
    trk = track("fast")
    sp = straight_start(trk)
    t = trk.spaces[sp].tile
    slow_tile = trk.tile_ahead(t, 1)
    slow = lane_space(trk, slow_tile, 4) or lane_space(trk, slow_tile, 1)
    red = ids("movement", "red")[0]
    st = scenario([sp, slow], hands=[[red], []])
    st.cars[0].laps = 1                     # a lap ahead, two tiles behind on the track
    st.turn.cache = None
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play((red,)))
    forward_steps(st)
    assert trk.spaces[st.cars[0].space].tile > slow_tile
    ev = []
    while st.round == 3:
        s = st.turn.pending.seats[0]
        ev += GAME.apply(st, s, GAME.fine_actions(st, s)[-1])
    assert st.cars[1].laps_down == 1 and st.cars[1].blue_flag
    assert any(e.kind == "turn_lost" and e.data["seat"] == 1 for e in ev)
    assert st.cars[1].space == slow


# ---- FGP 11.2 / 13.12: Penalty tokens are served in the box ------------------------------------
def test_fgp_11_2_penalty_tokens_are_served_in_the_box_before_the_stop():
    st = scenario([straight_start(track("fast"))], hands=[[]])
    car = st.cars[0]
    car.space, car.in_pit, car.box_call, car.penalties = None, True, True, 1
    st.move = {"seat": 0, "stage": "begin"}
    st.turn.pending, st.turn.cache = None, None
    ev = machine.advance(st)
    served = next(e for e in ev if e.kind == "penalty_served")
    assert served.data["tokens"] == 1 and car.penalties == 0
    assert "turn_end" in kinds(ev) and car.in_pit


# ---- FGP 9.4.2: the defender shows more LEDs: nobody moves, the attacker's OT is lost --------
def test_fgp_9_4_2_defender_with_more_leds_keeps_the_place():
    from .test_round import _battle_site
    trk = track("fast")
    s0, s1, other = _battle_site(trk)
    cards = CONTENT.action.cards
    red = next(c.id for c in cards if c.colour == "red")
    weak = min((c for c in cards if c.colour == "green"), key=lambda c: c.leds).id
    strong = sorted((c for c in cards if c.colour == "blue"), key=lambda c: -c.leds)
    st = scenario([s0, other], hands=[[red, weak], [strong[0].id, strong[1].id]], done=(1,))
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play((red,)))
    GAME.apply(st, 0, A.Step(s1))
    GAME.apply(st, 0, A.Stop())
    GAME.apply(st, 0, A.Attack(1))
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Cards((weak,)))
    best = max(GAME.fine_actions(st, 1), key=lambda a: sum(
        C.action_card(CONTENT, c).leds for c in a.cards))
    ev = GAME.apply(st, 1, best)
    while st.turn.pending and st.turn.pending.step == "battle_boost":
        ev += GAME.apply(st, st.turn.pending.seats[0], A.Boost())
    res = next(e for e in ev if e.kind == "battle_result")
    assert res.data["defence"] > res.data["attack"] and res.data["outcome"] == "defender"
    assert st.cars[0].space == s1 and st.cars[1].space == other
    assert st.cars[0].ot == 0


# ---- FGP 8.4.1: a tile with the 'no paired cards' icon ----------------------------------------
def test_fgp_8_4_1_no_pairs_from_a_no_paired_cards_tile():
    trk = track("fast")
    tile = next(t for t in trk.tiles if t.no_pairs and lane_space(trk, t.index, 2))
    greens = ids("movement", "green", 2)
    st = scenario([lane_space(trk, tile.index, 2)], hands=[greens])
    GAME.apply(st, 0, A.Done())
    assert GAME.fine_actions(st, 0) and all(len(a.cards) == 1 for a in GAME.fine_actions(st, 0))


# ---- FGP 8.9: Brake! with a Tyre Wear card when the ERS is full ------------------------------
def test_fgp_8_9_brake_with_a_tyre_wear_card_stops_one_point_early():
    trk = track("fast")
    green = ids("movement", "green")[0]
    tw = ids("tyre_wear")[0]
    st = scenario([straight_start(trk)], hands=[[green, tw]])
    car = st.cars[0]
    assert car.ers == C.ers_max(st, car)
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play((green,)))
    while st.move["left"] > 1:
        GAME.apply(st, 0, next(a for a in GAME.fine_actions(st, 0) if isinstance(a, A.Step)))
    assert A.Reduce(0, (tw,)) in GAME.fine_actions(st, 0)
    wear, here = car.wear, car.space
    GAME.apply(st, 0, A.Reduce(0, (tw,)))
    assert car.wear == wear + 1 and tw not in car.hand and car.space == here


# ---- FGP 13.13.1: a gravel token -----------------------------------------------------------
def test_fgp_13_13_1_driving_through_gravel_with_a_red_card_wears_and_clears_the_token():
    trk = track("fast")
    sp = straight_start(trk)
    gt = trk.tile_ahead(trk.spaces[sp].tile, 1)
    red = ids("movement", "red")[0]
    green = ids("movement", "green")[0]
    for card, fast in ((red, True), (green, False)):
        st = scenario([sp], hands=[[card]])
        st.hazards = {gt: "gravel"}
        car = st.cars[0]
        GAME.apply(st, 0, A.Done())
        GAME.apply(st, 0, A.Play((card,)))
        forward_steps(st)
        assert trk.spaces[car.space].tile > gt
        wear = car.wear
        while st.turn.pending and st.turn.pending.seats == [0] and st.round == 3:
            GAME.apply(st, 0, A.Done())
        if fast:
            assert car.wear == wear + 1 and gt not in st.hazards
        else:
            assert car.wear == wear and st.hazards.get(gt) == "gravel"


# ---- FGP 11.2.1 b: repair everything and stay in the box a round ------------------------------
def test_fgp_11_2_1_repairing_every_card_keeps_the_car_a_round_in_the_box():
    st = scenario([straight_start(track("fast"))], hands=[[]])
    car = st.cars[0]
    dmg = st.decks["damage"].draw()
    car.damage = [dmg]
    car.space, car.in_pit, car.box_call = None, True, True
    st.move = {"seat": 0, "stage": "begin"}
    st.turn.pending, st.turn.cache = None, None
    machine.advance(st)
    assert A.PitStop(None, (), "all") in GAME.fine_actions(st, 0)
    GAME.apply(st, 0, A.PitStop(None, (), "all"))
    assert car.damage == [] and dmg in st.decks["damage"].discards
    ev = GAME.apply(st, 0, A.Done())
    while st.round < 5:
        ev += GAME.apply(st, st.turn.pending.seats[0], GAME.fine_actions(st, st.turn.pending.seats[0])[-1])
    # round 4: held in the box; at its end to the pit exit; round 5 from there
    assert any(e.kind == "box_wait" and e.data["seat"] == 0 for e in ev)
    rounds = [e.data["round"] for e in ev if e.kind == "round"]
    waited = next(i for i, e in enumerate(ev) if e.kind == "box_wait")
    left = next(i for i, e in enumerate(ev) if e.kind == "to_pit_exit")
    assert rounds == [4, 5] and waited < left
    assert car.space == track("fast").pit.exit_space and not car.in_pit


# ---- FGP 12.2.1: penalty icons left in hand at the finish --------------------------------------
def test_fgp_12_2_1_a_draw_failure_card_left_in_hand_costs_a_penalty_at_the_finish():
    trk = track("fast")
    green = ids("movement", "green")[0]
    df = ids("draw_failure")[0]
    st = scenario([straight_start(trk)], hands=[[green]], round_no=MAX_ROUNDS)
    st.flag = 5
    car = st.cars[0]
    car.deck.pile.remove(df)
    car.hand.append(df)
    st.turn.cache = None
    icons = C.action_card(CONTENT, df).penalty_icons
    assert icons >= 1
    ev = []
    GAME.apply(st, 0, A.Done())
    ev += GAME.apply(st, 0, A.Play((green,)))
    while not GAME.is_over(st):
        ev += GAME.apply(st, 0, GAME.fine_actions(st, 0)[-1])
    pen = [e for e in ev if e.kind == "penalty" and e.data.get("cause") == "end"]
    assert pen and pen[0].data["tokens"] == icons and car.penalties == icons


# ---- FGP 13.11.3: unsuccessful lapping attempts -----------------------------------------------
def test_fgp_13_11_3_two_failed_lapping_attempts_let_everybody_pass_next_round():
    from chequered.games.formulagp.rules.where import passable
    from .test_round import _battle_site
    trk = track("fast")
    s0, s1, other = _battle_site(trk)
    red = ids("movement", "red")[0]
    for before, after in ((0, 1), (1, 2)):
        st = scenario([s0, other], hands=[[red], []], done=(1,))
        st.cars[0].laps = 2                     # the leader, two laps on
        st.cars[1].laps_down, st.cars[1].blue_flag = 1, True
        st.cars[1].attempts = before
        st.turn.cache = None
        GAME.apply(st, 0, A.Done())
        GAME.apply(st, 0, A.Play((red,)))
        GAME.apply(st, 0, A.Step(s1))
        assert A.Stop() in GAME.fine_actions(st, 0)
        ev = GAME.apply(st, 0, A.Stop())
        while st.turn.pending and st.turn.pending.step == "attack":
            ev += GAME.apply(st, 0, A.Attack(None))
        assert st.cars[1].attempts == after or st.round == 4
        assert any(e.kind == "lapping_attempt" and e.data["attempts"] == after for e in ev)
    # the round ends: the double token frees the lapped car for the next round
    while st.round == 3:
        GAME.apply(st, st.turn.pending.seats[0], GAME.fine_actions(st, st.turn.pending.seats[0])[-1])
    assert st.cars[1].attempts == 3 and 1 in passable(st, st.cars[0])


# ---- FGP 8.5: slipstream spaces --------------------------------------------------------------
def _slip_site(trk):
    slip = next(s for s in trk.spaces if s.slipstream >= 1 and s.lane == 2 and s.count == 1)
    back = next(s.id for s in trk.spaces if s.lane == 2 and s.tile == slip.tile - 1
                and slip.id in s.forward)
    return back, slip.id


def test_fgp_8_5_onto_the_shadow_behind_a_car_then_stopped_with_ot_up_to_the_limit():
    trk = track("fast")
    back, slip = _slip_site(trk)
    red = ids("movement", "red")[0]
    st = scenario([back, slip], hands=[[red, *ids("movement", "green", 1)], []], done=(1,))
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play((red,)))
    assert A.Step(slip) in GAME.fine_actions(st, 0)     # a free car shadow: no battle needed
    ev = GAME.apply(st, 0, A.Step(slip))
    assert st.cars[0].space == st.cars[1].space == slip
    ot = next(e for e in ev if e.kind == "ot_charge")
    assert ot.data["ot"] == C.max_ot(st, st.cars[0])      # never beyond the car's limit
    assert st.turn.pending.step == "attack" and any(a.defender == 1 and a.side is not None
                                               for a in GAME.fine_actions(st, 0))


def test_fgp_8_5_reaching_the_shadow_with_the_last_point_still_gives_two_ot():
    trk = track("fast")
    back, slip = _slip_site(trk)
    red = ids("movement", "red")[0]
    st = scenario([back, slip], hands=[[red, *ids("movement", "green", 1)], []], done=(1,))
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play((red,)))
    st.move["left"] = 1                                   # the last point of the move
    ev = GAME.apply(st, 0, A.Step(slip))
    while st.turn.pending and st.turn.pending.step == "extend":
        ev += GAME.apply(st, 0, A.Done())
    ot = [e for e in ev if e.kind == "ot_charge"]
    assert ot and ot[0].data["ot"] == 2


# ---- FGP 13.7.1: quick repair of a failure in the preparations --------------------------------
def test_fgp_13_7_1_quick_repair_pays_the_cost_and_takes_the_failure_off():
    trk = track("fast")
    fid = next(c.id for c in CONTENT.failure.cards
               if c.quick_repair is not None and c.quick_repair.cards == 1
               and not c.quick_repair.parameters)
    greens = ids("movement", "green", 3)
    st = scenario([straight_start(trk)], hands=[greens])
    car = st.cars[0]
    st.decks["failure"].pile.remove(fid)
    car.failures.append(fid)
    st.turn.cache = None
    fixes = [a for a in GAME.fine_actions(st, 0) if isinstance(a, A.QuickRepair)]
    assert fixes and all(a.failure == fid and len(a.cards) == 1 for a in fixes)
    GAME.apply(st, 0, fixes[0])
    assert fid not in car.failures and fid in st.decks["failure"].discards
    assert fixes[0].cards[0] not in car.hand


# ---- FGP 13.11.2: a double-blue car is passed freely -----------------------------------------
def test_fgp_13_11_2_a_double_blue_flag_car_does_not_stop_the_others():
    from .test_round import _battle_site
    trk = track("fast")
    s0, s1, other = _battle_site(trk)
    red = ids("movement", "red")[0]
    for laps_down, free in ((2, True), (0, False)):
        st = scenario([s0, other], hands=[[red], []], done=(1,))
        st.cars[0].laps = 3 if laps_down else 0
        st.cars[1].laps_down, st.cars[1].blue_flag = laps_down, bool(laps_down)
        st.turn.cache = None
        GAME.apply(st, 0, A.Done())
        GAME.apply(st, 0, A.Play((red,)))
        GAME.apply(st, 0, A.Step(s1))
        into = [a for a in GAME.fine_actions(st, 0) if isinstance(a, A.Step)
                and trk.spaces[a.to].tile == trk.spaces[other].tile]
        assert bool(into) == free


# ---- FGP 13.11.4: unlapping by passing the leader; the car moves again -----------------------
def test_fgp_13_11_4_passing_the_leader_by_a_tile_gives_the_lap_back_and_another_move():
    trk = track("fast")
    sp = straight_start(trk)
    t = trk.spaces[sp].tile
    lead_tile = trk.tile_ahead(t, 1)
    leader = lane_space(trk, lead_tile, 4) or lane_space(trk, lead_tile, 1)
    red = ids("movement", "red")[0]
    green = ids("movement", "green")[0]
    st = scenario([sp, leader], hands=[[red, green], []], done=(1,))
    st.cars[1].laps = 1
    st.cars[0].laps_down, st.cars[0].blue_flag = 1, True
    st.leader = 1
    st.turn.cache = None
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play((red,)))
    forward_steps(st)
    assert trk.spaces[st.cars[0].space].tile >= lead_tile + 1
    ev = []
    while st.turn.pending and st.turn.pending.step in ("extend", "move"):
        ev += GAME.apply(st, 0, A.Done() if st.turn.pending.step == "extend"
                         else GAME.fine_actions(st, 0)[-1])
    assert st.cars[0].laps_down == 0 and not st.cars[0].blue_flag
    assert "unlapped" in kinds(ev)
    assert st.round == 3 and st.turn.pending.step == "prep" and st.turn.pending.seats == [0]


# ---- FGP 9.4.3: a tie: nobody moves, both drivers gain stress --------------------------------
def test_fgp_9_4_3_a_tie_leaves_both_cars_and_adds_one_stress_each():
    from .test_round import _battle_site
    trk = track("fast")
    s0, s1, other = _battle_site(trk)
    cards = CONTENT.action.cards
    red = next(c.id for c in cards if c.colour == "red")
    pool = [c.id for c in cards if c.kind in ("movement", "tyre_wear") and c.id != red]
    st = scenario([s0, other], hands=[[red, *pool[:6]], pool[6:14]], done=(1,))
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play((red,)))
    GAME.apply(st, 0, A.Step(s1))
    GAME.apply(st, 0, A.Stop())
    GAME.apply(st, 0, A.Attack(1))
    GAME.apply(st, 0, A.Done())
    stress = (st.cars[0].stress, st.cars[1].stress)
    for a in GAME.fine_actions(st, 0):
        for d in GAME.fine_actions(st, 1):
            if not d.cards:
                continue
            trial = st.clone()
            GAME.apply(trial, 0, a)
            ev = GAME.apply(trial, 1, d)
            while trial.turn.pending and trial.turn.pending.step == "battle_boost":
                ev += GAME.apply(trial, trial.turn.pending.seats[0], A.Boost())
            res = next(e for e in ev if e.kind == "battle_result")
            if res.data["attack"] == res.data["defence"]:
                assert res.data["outcome"] == "tie"
                assert trial.cars[0].space == s1 and trial.cars[1].space == other
                assert (trial.cars[0].stress, trial.cars[1].stress) == \
                    (stress[0] + 1, stress[1] + 1)
                return
    raise AssertionError("no tie among the plays")


# ---- FGP 4.2: the discard piles are face down ---------------------------------------------
def test_fgp_4_2_the_views_show_discard_piles_as_counts_only():
    trk = track("fast")
    opt = ids("option")[0]
    green = ids("movement", "green")[0]
    st = scenario([straight_start(trk), lane_space(trk, 20, 2)], hands=[[green, opt], []])
    GAME.apply(st, 0, A.PlayCard(opt, "play"))
    assert opt in st.cars[0].deck.discards
    for seat in (0, 1, None):
        v = GAME.view(st, seat)
        assert all(isinstance(c["discards"], int) for c in v["cars"])
        assert all(isinstance(d["discards"], int) for d in v["decks"].values())
        assert opt not in str(v["cars"][0])
