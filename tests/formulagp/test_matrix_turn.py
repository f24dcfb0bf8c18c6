"""Rule-matrix checks through the round machine (docs/rules/formulagp.md):
positions built by hand, then played with GAME.apply, so that each test
fails if the step modules stop carrying out the rule, not only the pure
functions (FGP 4.3, 7.3.1, 7.3.3, 8.2, 11.1, 12, 13.3, 13.9.2)."""
from __future__ import annotations

import pytest

import chequered
from chequered.games.formulagp import actions as A
from chequered.games.formulagp.rules import cards as C
from chequered.games.formulagp.rules.round_flow import MAX_ROUNDS
from chequered.games.formulagp.rules.steps import MACHINE as machine
from chequered.games.formulagp.rules.hazards import STRESSED_SPACE
from chequered.games.formulagp.rules.setup import new_race
from chequered.games.formulagp.track import track

GAME = chequered.game("formulagp")


def scenario(spaces, *, hands, track_key="fast", round_no=3, done=(), stage="prep"):
    """Cars on `spaces` (None: in the pit box), seat 0 to move; the seats in
    `done` have already moved this round."""
    st = new_race(track_key, len(spaces), seed=1, controllers=["human"] * len(spaces))
    st.round, st.flag, st.turn.phase = round_no, 8 + round_no, "turns"
    for car, sp, hand in zip(st.cars, spaces, hands):
        car.space, car.in_pit, car.laps = sp, sp is None, 0
        for c in car.hand:
            car.deck.pile.append(c)
        car.hand = []
        for c in hand:
            car.deck.pile.remove(c)
            car.hand.append(c)
    st.sequence = list(range(len(spaces)))
    st.seq_pos, st.done = 0, list(done)
    st.move = {"seat": 0, "stage": stage}
    st.turn.pending, st.turn.cache = None, None
    machine.advance(st)
    return st


def ids(kind=None, colour=None, n=1, *, probe=new_race("fast", 1)):
    cards = C.content_of(probe).action.cards
    out = [c.id for c in cards if (kind is None or c.kind == kind)
           and (colour is None or c.colour == colour)]
    return out[:n]


def lane_space(trk, tile, lane):
    sp = trk.tiles[tile].lanes[lane - 1]
    return sp[-1] if sp else None


def straight_start(trk, gear=None):
    """A lane-2 space on a straight tile followed by more straight tiles."""
    for t in trk.tiles:
        nxt = [trk.tiles[trk.tile_ahead(t.index, k)] for k in range(1, 4)]
        if t.straight and all(x.straight for x in nxt) and lane_space(trk, t.index, 2) \
                and (gear is None or t.gear == gear):
            return lane_space(trk, t.index, 2)
    raise AssertionError("no straight run")


def forward_steps(st, seat=0):
    """Drive every point straight on (a forward step when there is one)."""
    while st.turn.pending and st.turn.pending.step == "move":
        legal = GAME.fine_actions(st, seat)
        steps = [a for a in legal if isinstance(a, A.Step)]
        if not steps:
            break
        trk = track(st.track)
        here = st.cars[seat].space
        fwd = [a for a in steps if not next(m for m in trk.moves(here) if m.to == a.to).lane_change]
        GAME.apply(st, seat, (fwd or steps)[0])


def kinds(events):
    return [e.kind for e in events]


# ---- FGP 4.3.1 / 13.3: a single GREEN card relieves stress from round 3 --------------------
def test_fgp_13_3_single_green_card_relieves_one_stress_through_a_turn():
    trk = track("fast")
    green = ids("movement", "green")[0]
    for round_no, relieved in ((3, True), (2, False)):
        st = scenario([straight_start(trk)], hands=[[green]], round_no=round_no)
        car = st.cars[0]
        car.stress += 1
        before = car.stress
        GAME.apply(st, 0, A.Done())
        GAME.apply(st, 0, A.Play((green,)))
        assert car.stress == (before - 1 if relieved else before)


# ---- FGP 13.3: on the STRESSED space no pairs are played ------------------------------------
def test_fgp_13_3_a_stressed_driver_may_not_play_a_pair():
    trk = track("fast")
    greens = ids("movement", "green", 2)
    st = scenario([straight_start(trk)], hands=[greens])
    GAME.apply(st, 0, A.Done())
    assert any(len(a.cards) == 2 for a in GAME.fine_actions(st, 0))
    st = scenario([straight_start(trk)], hands=[greens])
    car = st.cars[0]
    car.stress = STRESSED_SPACE                     # the 3rd space: STRESSED
    st.turn.cache = None
    GAME.apply(st, 0, A.Done())
    assert all(len(a.cards) == 1 for a in GAME.fine_actions(st, 0))


# ---- FGP 4.11.2: a pair rolls the YELLOW die after the move ---------------------------------
def test_fgp_4_11_2_a_pair_rolls_the_yellow_die_after_the_move():
    trk = track("fast")
    greens = ids("movement", "green", 2)
    st = scenario([straight_start(trk)], hands=[greens])
    GAME.apply(st, 0, A.Done())
    seen = GAME.apply(st, 0, A.Play(tuple(greens)))
    assert st.move["dice"] == ["yellow"]
    while st.turn.pending and st.turn.pending.step == "move":
        seen += GAME.apply(st, 0, next(a for a in GAME.fine_actions(st, 0)
                                       if isinstance(a, A.Step)))
    while st.turn.pending and st.turn.pending.step == "extend" and st.turn.pending.seats == [0]:
        seen += GAME.apply(st, 0, A.Done())
    dice = [e for e in seen if e.kind == "roll" and e.data["seat"] == 0]
    assert dice and dice[0].data["die"] == "yellow"


# ---- FGP 7.3.3.1 / 4.3.2: a Tyre Wear card played to free the hand --------------------------
def test_fgp_7_3_3_1_tyre_wear_card_played_in_preparations_adds_wear():
    trk = track("fast")
    tw = ids("tyre_wear")[0]
    green = ids("movement", "green")[0]
    tw2 = ids("tyre_wear", n=2)[1]
    st = scenario([straight_start(trk)], hands=[[green, tw, tw2]])
    car = st.cars[0]
    wear = car.wear
    GAME.apply(st, 0, A.PlayCard(tw, "tyre_wear"))
    assert car.wear == wear + 1 and tw not in car.hand and tw in car.deck.discards
    # "one or more": the second one too, though the hand is no longer full
    GAME.apply(st, 0, A.PlayCard(tw2, "tyre_wear"))
    assert car.wear == wear + 2 and tw2 in car.deck.discards


# ---- FGP 4.3.3: an Option card draws an EVENT card before the move --------------------------
def test_fgp_4_3_3_option_card_draws_an_event_card():
    trk = track("fast")
    opt = ids("option")[0]
    green = ids("movement", "green")[0]
    st = scenario([straight_start(trk)], hands=[[green, opt]])
    pile = len(st.decks["event"].pile)
    ev = GAME.apply(st, 0, A.PlayCard(opt, "play"))
    assert "play_option" in kinds(ev)
    assert len(st.decks["event"].pile) == pile - 1 and opt not in st.cars[0].hand


# ---- FGP 8.2.1: reduce the move, +1 ERS a point; then no extension (FGP 8.2) ----------------
def test_fgp_8_2_1_reduce_charges_ers_and_ends_the_move():
    trk = track("fast")
    red = ids("movement", "red")[0]
    st = scenario([straight_start(trk)], hands=[[red]])
    car = st.cars[0]
    car.ers = 0
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play((red,)))
    mp = st.move["mp"]
    assert mp >= 3
    # every point left must become ERS (or a Brake!): drive until they fit
    while st.move["left"] > C.ers_max(st, car):
        assert not any(isinstance(a, A.Reduce) for a in GAME.fine_actions(st, 0))
        GAME.apply(st, 0, next(a for a in GAME.fine_actions(st, 0)
                               if isinstance(a, A.Step)))
    left = st.move["left"]
    assert 1 <= left < mp
    assert A.Reduce(left, ()) in GAME.fine_actions(st, 0)
    here = car.space
    ev = GAME.apply(st, 0, A.Reduce(left, ()))
    assert car.ers == left and "reduce" in kinds(ev)
    assert car.space == here and "extend" not in kinds(ev)      # FGP 8.2: not both
    assert "turn_end" in kinds(ev)


# ---- FGP 8.2.2: extend from a straight tile with ERS -----------------------------------------
def test_fgp_8_2_2_extend_from_a_straight_tile_spends_one_ers_for_one_space():
    trk = track("fast")
    green = ids("movement", "green")[0]
    st = scenario([straight_start(trk, gear=8) if any(t.gear == 8 for t in trk.tiles)
                   else straight_start(trk)], hands=[[green]])
    car = st.cars[0]
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play((green,)))
    forward_steps(st)
    assert st.turn.pending.step == "extend"
    assert trk.tile_of(car.space).straight
    legal = GAME.fine_actions(st, 0)
    assert A.Extend("ers") in legal
    assert not any(isinstance(a, A.Extend) and a.via == "tyre_wear" for a in legal)
    ers, here = car.ers, car.space
    GAME.apply(st, 0, A.Extend("ers"))
    assert car.ers == ers - 1 and st.turn.pending.step == "move"
    GAME.apply(st, 0, next(a for a in GAME.fine_actions(st, 0) if isinstance(a, A.Step)))
    assert car.space != here
    assert not any(isinstance(a, A.Reduce) for a in GAME.fine_actions(st, 0))


# ---- FGP 11.1: the car that reaches the PIT LANE space goes to its box ----------------------
def _before_pit(trk):
    entry = trk.pit.entry_space
    for s in trk.spaces:
        for m in trk.moves(s.id):
            if m.to == entry and not m.lane_change and not m.crosses_yellow_line:
                return s.id
    raise AssertionError("no forward move into the pit lane")


def test_fgp_11_1_entering_the_pit_lane_loses_the_points_left_and_stops_next_turn():
    trk = track("fast")
    red = ids("movement", "red")[0]
    st = scenario([_before_pit(trk)], hands=[[red]])
    car = st.cars[0]
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play((red,)))
    assert A.Step(trk.pit.entry_space) in GAME.fine_actions(st, 0)
    left = st.move["left"]
    ev = GAME.apply(st, 0, A.Step(trk.pit.entry_space))
    entry = next(e for e in ev if e.kind == "pit_entry")
    assert entry.data["lost"] == left - 1
    assert car.in_pit and car.box_call and car.space is None
    assert "turn_end" in kinds(ev)            # the turn ended in the pit lane
    # next round: the stop (FGP 11.2)
    while st.turn.pending and st.turn.pending.step not in ("pit_stop",):
        s = st.turn.pending.seats[0]
        GAME.apply(st, s, GAME.fine_actions(st, s)[-1])
    assert st.turn.pending.step == "pit_stop" and st.turn.pending.seats == [0]


# ---- FGP 12.1 / 12.2: the leader crossing the line on the final lap ends the race ------------
def _before_line(trk):
    for s in trk.spaces:
        for m in trk.moves(s.id):
            if m.crosses_finish and not m.lane_change and s.lane in (2, 3):
                return s.id
    raise AssertionError("no space before the line")


def test_fgp_12_1_leader_crossing_on_the_final_lap_makes_it_the_final_round():
    trk = track("fast")
    red = ids("movement", "red")[0]
    green = ids("movement", "green")[0]
    behind = trk.tiles[trk.spaces[_before_line(trk)].tile - 3].lanes[1][-1]
    st = scenario([_before_line(trk), behind], hands=[[red], [green]], round_no=16)
    assert st.flag == st.final_flag
    car = st.cars[0]
    st.leader = 0
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play((red,)))
    forward_steps(st)
    assert car.laps == 1 and car.crossed_final
    while st.turn.pending and st.turn.pending.seats == [0]:
        GAME.apply(st, 0, GAME.fine_actions(st, 0)[-1])
    assert st.final_round and not GAME.is_over(st)     # the others still move
    while not GAME.is_over(st):
        s = st.turn.pending.seats[0]
        GAME.apply(st, s, GAME.fine_actions(st, s)[-1])
    assert st.round == 16                               # no further round
    assert st.classification[0] == 0                    # FGP 12.2.2: the crosser wins


def test_max_rounds_stops_and_classifies_a_race_still_running():
    trk = track("fast")
    green = ids("movement", "green")[0]
    st = scenario([straight_start(trk)], hands=[[green]], round_no=MAX_ROUNDS)
    st.flag = 5                                         # far from the final lap
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play((green,)))
    while not GAME.is_over(st):
        GAME.apply(st, 0, GAME.fine_actions(st, 0)[-1])
    assert st.classification == [0]


# ---- FGP 7.3.1: the next round opens with the draw and the returns --------------------------
def test_fgp_7_3_1_next_round_draws_to_four_plus_leds_then_asks_for_returns():
    trk = track("fast")
    green = ids("movement", "green")[0]
    st = scenario([straight_start(trk)], hands=[[green]])
    car = st.cars[0]
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play((green,)))
    while st.round == 3:
        GAME.apply(st, 0, GAME.fine_actions(st, 0)[-1])
    assert st.turn.pending.step == "returns"
    assert len(car.hand) == C.hand_limit(st, car)
    assert st.flag == 12                               # FGP 7.3: the flag advanced


# ---- FGP 13.3 / 9.5 / 11.3: the end-of-round bookkeeping --------------------------------------
def test_end_of_round_leader_token_w2w_tokens_and_cold_tyres():
    """Seat 1 a tile ahead of the leader becomes race leader (FGP 13.3); seats
    1 and 2 side by side on one tile get wheel-to-wheel tokens (FGP 9.5);
    cold tyres count down (FGP 11.3)."""
    trk = track("fast")
    start = straight_start(trk)
    t = trk.spaces[start].tile
    a_tile = trk.tile_ahead(t, 6)
    pair = [lane_space(trk, a_tile, 2), lane_space(trk, a_tile, 3)]
    assert all(p is not None and not trk.spaces[p].slipstream for p in pair)
    green = ids("movement", "green")[0]
    st = scenario([start, *pair], hands=[[green], [], []], done=(1, 2))
    st.leader = 0
    st.cars[0].leader = True
    st.cars[2].cold_tyres = 2
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play((green,)))
    while st.round == 3:
        s = st.turn.pending.seats[0]
        GAME.apply(st, s, GAME.fine_actions(st, s)[-1])
    assert st.leader in (1, 2) and st.cars[st.leader].leader and not st.cars[0].leader
    assert st.cars[1].w2w is not None and st.cars[2].w2w is not None
    assert st.cars[0].w2w is None
    assert st.cars[2].cold_tyres == 1


# ---- FGP 13.9.2: under the Safety Car no pairs, no Option draws --------------------------
def test_fgp_13_9_2_under_the_safety_car_no_pairs_and_options_only_discarded():
    trk = track("fast")
    greens = ids("movement", "green", 2)
    opt = ids("option")[0]
    st = scenario([straight_start(trk)], hands=[greens + [opt]])
    st.safety_car = {"tile": trk.tile_ahead(trk.spaces[st.cars[0].space].tile, 8),
                     "until": st.flag + 2}
    st.turn.cache = None
    legal = GAME.fine_actions(st, 0)
    assert A.PlayCard(opt, "sc_discard") in legal and A.PlayCard(opt, "play") not in legal
    GAME.apply(st, 0, A.Done())
    assert all(len(a.cards) == 1 for a in GAME.fine_actions(st, 0))


def test_fgp_9_5_w2w_stress_past_the_top_at_the_end_of_the_round_rolls_red():
    trk = track("fast")
    start = straight_start(trk)
    a_tile = trk.tile_ahead(trk.spaces[start].tile, 6)
    pair = [lane_space(trk, a_tile, 2), lane_space(trk, a_tile, 3)]
    green = ids("movement", "green")[0]
    st = scenario([start, *pair], hands=[[green], [], []], done=(1, 2))
    st.cars[1].stress = STRESSED_SPACE                   # already STRESSED
    st.cars[1].w2w = st.cars[2].w2w = "vs"
    GAME.apply(st, 0, A.Done())
    ev = GAME.apply(st, 0, A.Play((green,)))
    while st.round == 3:
        s = st.turn.pending.seats[0]
        ev += GAME.apply(st, s, GAME.fine_actions(st, s)[-1])
    assert any(e.kind == "roll" and e.data["seat"] == 1 and e.data["die"] == "red" for e in ev)
