"""Rule-matrix checks of the end of a move through the round machine
(docs/rules/formulagp.md): the dice, loss of control, counter-steer, spins,
collisions, yellow flags and the Safety Car as the step modules carry them
out (FGP 4.11, 8.7, 10.1, 13.2-13.5, 13.8, 13.9). The dice are rigged by
scripting the race's chance (engine/chance.scripted), so each test names the
faces it needs in the order they are rolled."""
from __future__ import annotations

import pytest

import chequered
from chequered.engine import chance
from chequered.games.formulagp import actions as A
from chequered.games.formulagp.rules import cards as C
from chequered.games.formulagp.rules.steps import MACHINE as machine
from chequered.games.formulagp.rules.setup import new_race
from chequered.games.formulagp.rules.tyres import red_die_after_move
from chequered.games.formulagp.track import track

from .test_matrix_turn import ids, kinds, lane_space, scenario, straight_start

GAME = chequered.game("formulagp")


CONTENT = C.content_of(new_race("fast", 1))


def _roll(die: str, ok) -> int:
    """The roll (1..6) that shows the first face of `die` for which ok(face)."""
    return next(i for i, f in enumerate(getattr(CONTENT.dice, die), 1) if ok(f))


def red(result):
    return _roll("red", lambda f: f == result)


def yellow(result):
    return _roll("yellow", lambda f: f == result)


def white(colour):
    return _roll("white", lambda f: f.colour == colour and not f.icon)


def white_n(value):
    return _roll("white", lambda f: f.value == value)


def end_move_here(spaces, *, hands, dice=(), rolls=(), done=(), wear=None, track_key="fast",
                  order=None):
    """Seat 0 has just ended its move on spaces[0] (a GREEN card) with `dice`
    still to roll: run the end-of-move steps (incident_steps) from there.
    `order`: forced rolls and cards in one sequence (chance.scripted)."""
    st = scenario(spaces, hands=hands, done=done, track_key=track_key)
    if wear is not None:
        st.cars[0].wear = wear
    st.turn.pending = None
    st.move = {"seat": 0, "stage": "resolve", "dice": list(dice), "colours": ["green"],
               "visited": [spaces[0]], "left": 0, "blocked": [], "reduced": False}
    st.turn.cache = None
    with chance.scripted(st.chance, rolls=rolls, order=order):
        return st, machine.advance(st)


def counter_steer_cards(n=1):
    content = C.content_of(new_race("fast", 1))
    return [c.id for c in content.action.cards if c.secondary == "counter_steer"][:n]


def middle_of_three(trk):
    """A lane-2 space with track spaces both sides (no wall, not off track)."""
    for s in trk.spaces:
        if s.lane == 2 and len(s.left) == 1 and len(s.right) == 1 and not s.slipstream \
                and not s.skid_to and not s.pit_lane and trk.tile_of(s.id).straight \
                and not trk.spaces[s.left[0]].slipstream and not trk.spaces[s.right[0]].slipstream:
            return s.id
    raise AssertionError("no lane-2 space with neighbours both sides")


# ---- FGP 8.7 / 13.2 / 13.4.2: a tricky corner -------------------------------------------------
def test_fgp_8_7_ending_on_the_skid_marks_rolls_red_and_a_spin_lands_on_the_shadow():
    trk = track("fast")
    skid = next(s for s in trk.spaces if s.skid_to)
    st, ev = end_move_here([skid.id], hands=[[]], rolls=[red("loss_of_control"), white("green")])
    car = st.cars[0]
    dice = [e for e in ev if e.kind == "roll"]
    assert dice[0].data["die"] == "red"
    # A26: no counter-steer card: off track on the skid marks' car shadow
    assert car.off_track and car.spun and tuple(car.off_spot)[0] == skid.skid_to[0]
    assert "yellow_flag" in kinds(ev) and st.yellow_flags      # FGP 13.4.2 / 13.8.1


def test_fgp_8_7_no_red_die_when_the_move_ends_elsewhere():
    trk = track("fast")
    st, ev = end_move_here([straight_start(trk)], hands=[[]])
    assert not [e for e in ev if e.kind == "roll"]


# ---- FGP 10.1 / 13.2: tyres past the RED die icon roll RED after every move -----------------
def test_fgp_10_1_tyres_on_the_red_die_icon_roll_red_after_the_move():
    trk = track("fast")
    side = C.board_side(new_race("fast", 1), new_race("fast", 1).cars[0])
    pos = next(w for w in range(len(side.tyre_track)) if red_die_after_move(side, w))
    st, ev = end_move_here([straight_start(trk)], hands=[[]], rolls=[red("risk")], wear=pos)
    die = [e for e in ev if e.kind == "roll"]
    assert die and die[0].data["die"] == "red" and die[0].data["face"] == "risk"
    st, ev = end_move_here([straight_start(trk)], hands=[[]], wear=pos - 1)
    assert not [e for e in ev if e.kind == "roll"]


# ---- FGP 4.11.3 / 4.5: a RISK face draws a RISK card at once ----------------------------------
def test_fgp_4_5_risk_face_draws_and_resolves_a_risk_card():
    trk = track("fast")
    st = scenario([straight_start(trk)], hands=[[]])
    before = len(st.decks["risk"].pile)
    st, ev = end_move_here([straight_start(trk)], hands=[[]], dice=["yellow"], rolls=[yellow("risk")])
    die = next(e for e in ev if e.kind == "roll")
    assert die.data["die"] == "yellow" and die.data["face"] == "risk"
    assert len(st.decks["risk"].pile) == before - 1


# ---- FGP 13.4 / 13.4.1: a counter-steer card at the control step ---------------------------
def test_fgp_13_4_1_counter_steer_spends_the_card_shifts_one_lane_and_wears():
    trk = track("fast")
    sp = middle_of_three(trk)
    cs = counter_steer_cards()[0]
    st, _ = end_move_here([sp], hands=[[cs]], dice=["red"], rolls=[red("loss_of_control")])
    assert st.turn.pending.step == "control" and st.turn.pending.seats == [0]
    assert set(GAME.fine_actions(st, 0)) == {A.CounterSteer(cs), A.CounterSteer(None)}
    car = st.cars[0]
    wear = car.wear
    with chance.scripted(st.chance, rolls=[white("green")]):
        GAME.apply(st, 0, A.CounterSteer(cs))
    assert cs not in car.hand and car.wear == wear + 1
    assert car.space in trk.spaces[sp].right and not car.spun


def test_fgp_13_4_2_spin_on_track_wears_stresses_and_waves_a_yellow_flag():
    trk = track("fast")
    sp = middle_of_three(trk)
    probe = scenario([sp], hands=[[]])
    wear, stress, panel = probe.cars[0].wear, probe.cars[0].stress, probe.yellow_panel
    st, ev = end_move_here([sp], hands=[[]], dice=["red"],
                           rolls=[red("loss_of_control"), white("red")])
    car = st.cars[0]
    assert car.spun and car.space in trk.spaces[sp].left
    assert car.wear == wear + 1 and car.stress == stress + 1
    assert "yellow_flag" in kinds(ev) and st.yellow_panel == panel + 1
    assert car.rejoin == "a"        # FGP 13.4.5 a: the next move first turns the car


# ---- FGP 13.5: a spin into a car is a collision ---------------------------------------------
def test_fgp_13_5_spin_into_a_car_is_a_collision_with_damage_and_a_penalty():
    trk = track("fast")
    sp = middle_of_three(trk)
    left, right = trk.spaces[sp].left[0], trk.spaces[sp].right[0]
    dmg = len(scenario([sp, left, right], hands=[[], [], []]).decks["damage"].pile)
    # seat 0 shifts right into seat 2; seat 2 then shifts right, away from it
    st, ev = end_move_here([sp, left, right], hands=[[], [], []], dice=["red"], done=(1, 2),
                           rolls=[red("loss_of_control"), white("green"), white("green")])
    col = next(e for e in ev if e.kind == "collision")
    assert col.data == {"seat": 0, "hit": 2}
    assert st.cars[0].penalties == 1 and st.cars[0].space == sp      # the initiator stays
    assert len(st.decks["damage"].pile) == dmg - 2                   # both draw DAMAGE
    # the car hit loses control at once
    assert any(e.kind == "loss_of_control" and e.data["seat"] == 2 for e in ev)


# ---- FGP 13.8 / 13.9: a second zone deploys the Safety Car; the round ends ------------------
def test_fgp_13_8_a_second_zone_deploys_the_safety_car_and_the_round_ends():
    trk = track("fast")
    sp = middle_of_three(trk)
    ft = trk.tile_ahead(trk.spaces[sp].tile, 10)
    far = next(s for lane in trk.tiles[ft].lanes for s in lane)
    st = scenario([sp, far], hands=[[], []])
    zone = [{"yellow_tile": ft, "green_tile": trk.tile_ahead(ft, 2), "ends_at": st.flag + 2}]
    st, ev = end_move_here([sp, far], hands=[[], []], dice=["red"],
                           rolls=[red("loss_of_control"), white("red")])
    st2 = scenario([sp, far], hands=[[], []])
    st2.yellow_flags = zone
    st2.turn.pending = None
    st2.move = {"seat": 0, "stage": "resolve", "dice": ["red"], "colours": ["green"],
                "visited": [sp], "left": 0, "blocked": [], "reduced": False}
    with chance.scripted(st2.chance, rolls=[red("loss_of_control"), white("red")]):
        ev2 = machine.advance(st2)
    assert "safety_car" not in kinds(ev)                 # one zone: no Safety Car
    assert "safety_car" in kinds(ev2) and st2.safety_car is not None
    assert st2.round == 4 and st2.cars[1].space == far   # seat 1 did not move in round 3
    assert not st2.yellow_flags                          # FGP 13.9.2: flags cleared


def test_fgp_13_5_each_car_loses_control_only_once_in_a_collision():
    trk = track("fast")
    sp = middle_of_three(trk)
    left, right = trk.spaces[sp].left[0], trk.spaces[sp].right[0]
    # seat 0 shifts right into seat 2; seat 2 shifts left, back into seat 0
    st, ev = end_move_here([sp, left, right], hands=[[], [], []], dice=["red"], done=(1, 2),
                           rolls=[red("loss_of_control"), white("green"), white("red")])
    lost = [e.data["seat"] for e in ev if e.kind == "loss_of_control"]
    assert lost.count(0) == 1 and lost.count(2) == 1
    assert st.cars[0].penalties == 1


# ---- FGP 13.4.5: rejoining at the next turn ------------------------------------------------
def test_fgp_13_4_5_a_spun_car_spends_its_first_point_turning_round_without_tyre_bonus():
    from chequered.games.formulagp.rules.tyres import tyre_bonus
    trk = track("fast")
    sp = straight_start(trk)
    green = ids("movement", "green")[0]
    plain = scenario([sp], hands=[[green]])
    GAME.apply(plain, 0, A.Done())
    GAME.apply(plain, 0, A.Play((green,)))
    st = scenario([sp], hands=[[green]])
    car = st.cars[0]
    car.spun, car.facing_back, car.rejoin = True, True, "a"
    GAME.apply(st, 0, A.Done())
    ev = GAME.apply(st, 0, A.Play((green,)))
    bonus = tyre_bonus(C.board_side(st, car), car.tyre, car.wear)
    assert st.move["mp"] == plain.move["mp"] - bonus
    assert "turned" in kinds(ev) and not car.facing_back and not car.spun
    assert st.move["left"] == st.move["mp"] - 1 and car.space == sp


def test_fgp_13_4_5_b_an_off_track_car_first_steps_back_onto_the_nearest_space():
    trk = track("fast")
    skid = next(s for s in trk.spaces if s.skid_to)
    st, _ = end_move_here([skid.id], hands=[[]], rolls=[red("loss_of_control"), white("green")])
    car = st.cars[0]
    assert car.off_track
    green = ids("movement", "green")[0]
    st2 = scenario([skid.id], hands=[[green]])
    c2 = st2.cars[0]
    c2.space, c2.off_track, c2.off_spot = None, True, list(car.off_spot)
    # facing forward (as after a counter-steer off track, FGP 13.4.3 a): no turning point
    c2.spun, c2.facing_back, c2.rejoin = False, False, "b"
    st2.turn.cache = None
    GAME.apply(st2, 0, A.Done())
    GAME.apply(st2, 0, A.Play((green,)))
    assert st2.turn.pending.step == "rejoin"
    opts = GAME.fine_actions(st2, 0)
    assert opts and all(trk.spaces[o.to].tile == car.off_spot[0] for o in opts)
    calm = next(o for o in opts if not trk.spaces[o.to].skid_to)   # not back on the skid marks
    GAME.apply(st2, 0, calm)
    assert c2.space == calm.to and not c2.off_track


# ---- FGP 13.8.1: inside a yellow zone no pairs --------------------------------------------
def test_fgp_13_8_1_no_pairs_inside_a_yellow_zone():
    trk = track("fast")
    sp = straight_start(trk)
    t = trk.spaces[sp].tile
    greens = ids("movement", "green", 2)
    st = scenario([sp], hands=[greens])
    st.yellow_flags = [{"yellow_tile": t, "green_tile": trk.tile_ahead(t, 2),
                        "ends_at": st.flag + 2}]
    st.turn.cache = None
    GAME.apply(st, 0, A.Done())
    assert all(len(a.cards) == 1 for a in GAME.fine_actions(st, 0))


# ---- FGP 13.9.3: the Virtual Safety Car --------------------------------------------------
def test_fgp_13_9_3_vsc_every_other_car_drives_the_drawers_distance():
    trk = track("fast")
    sp = straight_start(trk)
    t = trk.spaces[sp].tile
    back = lane_space(trk, trk.tile_ahead(t, len(trk.tiles) - 8), 2)
    front = lane_space(trk, trk.tile_ahead(t, 14), 2)
    st = scenario([sp, back, front], hands=[[], [], []], done=(2,))
    st.sequence = [2, 0, 1]
    st.seq_pos = 1
    path = [sp]
    here = sp
    for _ in range(3):
        here = next(f for f in trk.spaces[here].forward if trk.spaces[f].lane == 2)
        path.append(here)
    st.cars[0].space = here
    st.turn.pending = None
    st.vsc = True
    st.move = {"seat": 0, "stage": "end", "vsc": True, "visited": path}
    ev = machine.advance(st)
    assert "vsc_plan" in kinds(ev)
    plan = next(e for e in ev if e.kind == "vsc_plan").data
    assert plan["steps"] == 3 and plan["movers"] == [1, 2]
    moved = {1: 0, 2: 0}
    while st.turn.pending and st.turn.pending.step == "vsc_step":
        s = st.turn.pending.seats[0]
        moved[s] += 1
        ev += GAME.apply(st, s, GAME.fine_actions(st, s)[0])
    assert moved == {1: 3, 2: 3}
    # the next round: no draw phase, the drawer first, seat 2 (moved twice) skips
    assert st.round == 4 and st.turn.pending.step == "prep" and st.turn.pending.seats == [0]
    assert st.sequence == [0, 1]


# ---- FGP 13.10: the red flag (A14: the Safety Car card and a WHITE 6) ----------------------
def test_fgp_13_10_red_flag_lines_up_the_grid_and_restarts_as_round_one():
    trk = track("fast")
    sp = straight_start(trk)
    ahead = lane_space(trk, trk.tile_ahead(trk.spaces[sp].tile, 5), 2)
    greens = ids("movement", "green", 2)
    st = scenario([sp, ahead], hands=[[greens[0]], [greens[1]]], done=(1,))
    st.sequence = [1, 0]
    st.seq_pos = 1
    st.turn.pending = None
    st.move = {"seat": 0, "stage": "incidents", "visited": [sp], "dice": [],
               "followups": [{"kind": "safety_car", "seat": 0, "data": {}}]}
    for c in st.cars:
        c.ers, c.penalties = 0, 0
    with chance.scripted(st.chance, rolls=[white_n(6)]):
        ev = machine.advance(st)
    rf = next(e for e in ev if e.kind == "red_flag")
    assert rf.data["grid"] == [1, 0]
    assert st.turn.pending.step == "red_flag" and sorted(st.turn.pending.seats) == [0, 1]
    assert all(c.ers == C.ers_max(st, c) for c in st.cars)
    for s in (0, 1):
        GAME.apply(st, s, A.PitStop("soft", (), "none"))
    assert st.cars[0].tyre == "soft"
    # A38: the race start again: the pole car's bonus card, then round 1's
    # secret plays in 2nd gear
    assert st.turn.pending.step == "pole_keep" and st.turn.pending.seats == [1]
    GAME.apply(st, 1, GAME.fine_actions(st, 1)[0])
    assert st.turn.pending.step == "start_cards"


# ---- FGP 11.1 / 4.11.2: dice still to roll are rolled on track before the pit entry --------
def test_fgp_11_1_a_pairs_yellow_die_is_rolled_before_the_car_enters_the_pit_lane():
    from .test_matrix_turn import _before_pit
    trk = track("fast")
    greens = ids("movement", "green", 2)
    st = scenario([_before_pit(trk)], hands=[greens])
    GAME.apply(st, 0, A.Done())
    assert A.Play(tuple(greens)) in GAME.fine_actions(st, 0)
    GAME.apply(st, 0, A.Play(tuple(greens)))
    with chance.scripted(st.chance, rolls=[yellow("tyre_wear")]):
        ev = GAME.apply(st, 0, A.Step(trk.pit.entry_space))
    order = [e.kind for e in ev if e.kind in ("roll", "pit_entry")]
    assert order[:2] == ["roll", "pit_entry"]
    assert st.cars[0].in_pit


def test_fgp_11_1_a_red_roll_that_spins_the_car_keeps_it_out_and_skips_the_next_roll():
    from chequered.games.formulagp.rules.tyres import red_die_after_move
    from .test_matrix_turn import _before_pit
    trk = track("fast")
    red_card = ids("movement", "red")[0]
    st = scenario([_before_pit(trk)], hands=[[red_card]])
    car = st.cars[0]
    side = C.board_side(st, car)
    car.wear = next(w for w in range(len(side.tyre_track)) if red_die_after_move(side, w))
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play((red_card,)))
    with chance.scripted(st.chance, rolls=[red("loss_of_control"), white("red")]):
        ev = GAME.apply(st, 0, A.Step(trk.pit.entry_space))
    assert [e.data["die"] for e in ev if e.kind == "roll"][:1] == ["red"]
    assert "pit_entry" not in kinds(ev) and not car.in_pit
    assert car.skip_red                    # FGP 10.1: no second tyre roll at the next entry


# ---- FGP 11.1: a spin shifting the car towards the pit lane hits the pit wall ---------------
def test_fgp_11_1_a_spin_into_the_pit_lane_hits_the_wall_and_puts_the_car_in_the_pit():
    trk = track("fast")
    entry = trk.pit.entry_space
    beside = trk.spaces[entry].left[0] if trk.spaces[entry].left else trk.spaces[entry].right[0]
    colour = "green" if entry in trk.spaces[beside].right else "red"
    dmg = len(scenario([beside], hands=[[]]).decks["damage"].pile)
    st, ev = end_move_here([beside], hands=[[]], dice=["red"],
                           rolls=[red("loss_of_control"), white(colour)])
    car = st.cars[0]
    assert "pit_wall" in kinds(ev)
    assert car.in_pit and car.box_call and car.space is None
    assert len(st.decks["damage"].pile) == dmg - 1          # the spin into the wall: DAMAGE


# ---- FGP 13.5 / 8.3.1: a shift into a full slipstream space: WHITE rolls pick the car hit ----
def test_fgp_13_5_full_slipstream_space_white_rolls_pick_the_car_involved():
    trk = track("fast")
    slip = next(s for s in trk.spaces if s.slipstream == 1 and s.left
                and not trk.spaces[s.left[0]].slipstream)
    beside = slip.left[0]
    # seat 0 shifts right into the full space; seat 1 rolls 5, seat 2 rolls 2: seat 2 is hit
    st, ev = end_move_here([beside, slip.id, slip.id], hands=[[], [], []], dice=["red"],
                           done=(1, 2), rolls=[red("loss_of_control"), white("green"),
                                               white_n(5),
                                               white_n(2),
                                               white("green")])
    rolls = [e for e in ev if e.kind == "roll" and e.rule == "FGP 13.5"]
    assert sorted(e.data["seat"] for e in rolls) == [1, 2]
    col = next(e for e in ev if e.kind == "collision")
    assert col.data == {"seat": 0, "hit": 2}
    assert st.cars[0].space == beside and st.cars[0].penalties == 1


# ---- FGP 13.12.1: the Investigation card ------------------------------------------------------
def test_fgp_13_12_1_investigation_gives_a_penalty_per_icon_on_held_event_cards():
    trk = track("fast")
    sp = straight_start(trk)
    ahead = lane_space(trk, trk.tile_ahead(trk.spaces[sp].tile, 5), 2)
    st = scenario([sp, ahead], hands=[[], []], done=(1,))
    card = next(c for c in C.content_of(st).event.cards if c.penalty_icons and c.can_hold)
    st.decks["event"].pile.remove(card.id)
    st.cars[1].held_events.append(card.id)
    st.turn.pending = None
    st.move = {"seat": 0, "stage": "incidents", "visited": [sp], "dice": [],
               "followups": [{"kind": "investigation", "seat": 0, "data": {}}]}
    ev = machine.advance(st)
    inv = next(e for e in ev if e.kind == "investigation")
    assert inv.data["shown"]["1"] == [card.id]
    assert st.cars[1].penalties == card.penalty_icons and st.cars[0].penalties == 0


# ---- FGP 13.4.4: a spin into a wall -------------------------------------------------------
def test_fgp_13_4_4_b_a_spin_into_a_wall_draws_damage_and_rejoins_by_c():
    trk = track("street")
    sp = next(s for s in trk.spaces if not s.pit_lane and not s.skid_to and not s.slipstream
              and not s.pit_exit and not s.shadow_car
              and ((not s.left and s.edge_left == "wall")
                   or (not s.right and s.edge_right == "wall")))
    colour = "red" if (not sp.left and sp.edge_left == "wall") else "green"
    dmg = len(scenario([sp.id], hands=[[]], track_key="street").decks["damage"].pile)
    # a DAMAGE card held by the board (not a Close Call!, whose stress +1 would
    # take the now STRESSED driver beyond the 3rd space: a RED roll, FGP 13.3)
    st, ev = end_move_here([sp.id], hands=[[]], dice=["red"], track_key="street",
                           order=[("roll", red("loss_of_control")), ("roll", white(colour)),
                                  ("card", "D05")])
    car = st.cars[0]
    loc = next(e for e in ev if e.kind == "loss_of_control")
    assert loc.data["result"] == "wall" and car.damage == ["D05"]
    assert car.space == sp.id and car.rejoin == "c"
    assert len(st.decks["damage"].pile) == dmg - 1
