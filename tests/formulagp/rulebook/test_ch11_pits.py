"""FGP 11 Pit Stops (the chapter, 11.1 Entering the Pits, 11.2 Pit Stop
Procedures) and FGP 5.1.3's tyre strategy in the race, scenario by scenario:
each test writes a position (docs/rules/formulagp-positions.md), plays it
through the protocol (GAME.legal_actions, GAME.apply, GAME.to_act) and checks
what the rulebook asks. 11.2.1, 11.2.2 and 11.3: test_ch11_pits_leaving.py.
The track and board facts the tests lean on: rulebook/pitlane.py."""
from __future__ import annotations

from chequered.engine.play import play
from chequered.games.formulagp import actions as A
from chequered.games.formulagp.position import position
from chequered.games.formulagp.rules import cards as C
from chequered.games.formulagp.rules.where import whole_tiles
from chequered.games.formulagp.track import track

from .pitlane import (GAME, PIT_EXIT, PIT_LANE, SHADOW, S, in_pit, kinds, steps,
                      to_step)


# ---- FGP 11 (chapter): pit stops are optional in a Standard race --------------------------
def test_fgp_11_a_pit_stop_is_optional():
    """A car in front of the pit entry may drive into the pit lane or stay out on track."""
    st = position("""
        round = 5
        [[car]]
        name = "Red"
        at = "39.4.1"
        hand = ["R01"]
    """)
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("R01",)))
    legal = GAME.fine_actions(st, 0)
    assert A.Step(PIT_LANE) in legal and A.Step(S("39.3.1")) in legal
    steps(st, 0, "39.3.1", "shadow_car")                # past the entry, still racing
    assert not st.cars[0].in_pit and not st.cars[0].box_call


# ---- FGP 11.1 Entering the Pits ---------------------------------------------------------------
def test_fgp_11_1_forward_entry_loses_the_points_left_and_charges_no_ers():
    """Driving forward onto the PIT LANE space puts the car in the pit lane at once: the
    points left are lost (no ERS charge for them) and its turn ends there."""
    st = position("""
        round = 5
        [[car]]
        name = "Red"
        at = "38.4.1"
        hand = ["R01"]
        ers = 1
        [[car]]
        name = "Blue"
        at = "10.2.1"
    """)
    car = st.cars[0]
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("R01",)))                  # RED in 8th: 5 MP + tyre bonus 2
    assert st.move["left"] == 7
    ev = steps(st, 0, "39.4.1", "pit_entry")
    entry = next(e for e in ev if e.kind == "pit_entry")
    assert entry.data["lost"] == 5 and entry.rule == "FGP 11.1"
    assert car.ers == 1 and car.penalties == 0
    assert car.in_pit and car.space is None and car.box_call
    assert "turn_end" in kinds(ev) and st.move["seat"] == 1


def test_fgp_11_1_the_space_behind_the_yellow_line_is_not_a_place_to_stop():
    """A car that does not pit stops at the latest on the shadow car: stepping onto the
    PIT LANE space always means entering the pit lane."""
    st = position("""
        round = 5
        [[car]]
        name = "Red"
        at = "39.3.1"
        hand = ["G01"]
    """)
    car = st.cars[0]
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G01",)))                  # GREEN: 3 + 2 = 5 MP
    steps(st, 0, "shadow_car")
    assert A.Step(PIT_LANE) in GAME.fine_actions(st, 0)  # only as a pit entry (sideways)
    steps(st, 0, "0.3.1")
    assert car.space == S("0.3.1") and not car.in_pit


def test_fgp_11_1_a_car_on_the_shadow_car_does_not_stop_a_car_entering_the_pits():
    """With an opponent on the shadow car, a car in the pit lane's lane still drives onto
    the PIT LANE space and into the pits without a battle."""
    st = position("""
        round = 5
        sequence = ["Blue", "Red"]
        to_move = "Red"
        [[car]]
        name = "Red"
        at = "39.4.1"
        hand = ["R01"]
        [[car]]
        name = "Blue"
        at = "shadow_car"
    """)
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("R01",)))
    assert A.Step(PIT_LANE) in GAME.fine_actions(st, 0)
    ev = GAME.apply(st, 0, A.Step(PIT_LANE))
    assert "pit_entry" in kinds(ev) and not any("battle" in k for k in kinds(ev))
    assert st.cars[0].in_pit and st.cars[1].space == SHADOW


def test_fgp_11_1_a_lateral_entry_across_the_yellow_line_is_a_penalty():
    """From the shadow car the car may still turn into the PIT LANE space sideways, but
    it has crossed the yellow line on purpose: one Penalty token at once."""
    st = position("""
        round = 5
        [[car]]
        name = "Red"
        at = "39.3.1"
        hand = ["G01"]
    """)
    car = st.cars[0]
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G01",)))
    ev = steps(st, 0, "shadow_car", "pit_entry")
    assert car.in_pit and car.penalties == 1
    assert [e.data["cause"] for e in ev if e.kind == "penalty"] == ["yellow_line"]


def test_fgp_11_1_a_pairs_yellow_die_is_rolled_on_track_before_the_pit_lane():
    """A pair's YELLOW die is resolved while the car is still on the track, then it enters."""
    st = position("""
        round = 5
        rolls = ["yellow:stress"]
        [[car]]
        name = "Red"
        at = "39.4.1"
        hand = ["G01", "G02"]
        stress = 2
    """)
    car = st.cars[0]
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G01", "G02")))
    ev = GAME.apply(st, 0, A.Step(PIT_LANE))
    order = [e.kind for e in ev if e.kind in ("roll", "stress", "pit_entry")]
    assert order == ["roll", "stress", "pit_entry"]
    assert car.stress == 3 and car.in_pit


def test_fgp_11_1_a_spin_towards_the_pit_lane_hits_the_wall():
    """A spin that would shift the car into the pit lane is a wall hit: a DAMAGE card, the
    car goes backwards into the pit lane, its turn ends; next round it makes its stop."""
    # worn tyres on the RED die icon: the tyres' RED die after the move; WHITE green
    # shifts the car right, towards lane 4 and the pit lane
    st = position("""
        round = 5
        sequence = ["Blue", "Red"]
        to_move = "Red"
        forced = ["red:loss_of_control", "white:3", "card:D05"]
        [[car]]
        name = "Red"
        at = "39.3.1"
        hand = ["G01"]
        wear = 17
        [[car]]
        name = "Blue"
        at = "0.2.1"
    """)
    car = st.cars[0]
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G01",)))
    steps(st, 0, "shadow_car")
    # behind the car on tile 0: the tyres' RED die comes before any battle (FGP 4.11.3)
    ev = GAME.apply(st, 0, A.Stop())
    assert "pit_wall" in kinds(ev)
    assert car.in_pit and car.space is None and car.box_call and car.facing_back
    assert car.damage == ["D05"]
    to_step(st, 0, "pit_stop")                         # the stop, facing forward again
    assert st.round == 6 and not car.facing_back


def test_fgp_11_1_a_blue_card_into_the_pit_lane_rolls_white_for_the_speed_limit():
    """Entering with a BLUE card calls for the WHITE die: its icon face (1) is pit
    speeding and a Penalty token; any other face costs nothing."""
    for face, tokens in ((1, 1), (4, 0)):
        st = position(f"""
            round = 5
            rolls = ["white:{face}"]
            [[car]]
            name = "Red"
            at = "39.4.1"
            hand = ["B01"]
            [[car]]
            name = "Blue"
            at = "10.2.1"
        """)
        car = st.cars[0]
        GAME.apply(st, 0, A.Done())
        GAME.apply(st, 0, A.Play(("B01",)))
        ev = GAME.apply(st, 0, A.Step(PIT_LANE))
        assert car.in_pit and car.penalties == tokens
        assert [e.data["cause"] for e in ev if e.kind == "penalty"] == ["speeding"] * tokens


def test_fgp_11_1_an_ers_extension_may_reach_the_pit_lane_with_the_speed_check():
    """Points bought by an extension may carry the car onto the PIT LANE space; the car
    then rolls the WHITE die for pit speeding (A21)."""
    st = position("""
        round = 5
        rolls = ["white:1"]
        [[car]]
        name = "Red"
        at = "37.4.1"
        hand = ["G01"]
        tyre = "hard"
        [[car]]
        name = "Blue"
        at = "10.2.1"
    """)
    car = st.cars[0]
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G01",)))                  # GREEN in 8th 3 + hard tyres 1
    assert st.move["left"] == 4
    steps(st, 0, "37.3.1", "38.3.1", "39.3.1", "39.4.1")
    assert GAME.pending_step(st).name == "extend"
    assert A.Extend("ers") in GAME.fine_actions(st, 0)
    GAME.apply(st, 0, A.Extend("ers"))
    assert A.Step(PIT_LANE) in GAME.fine_actions(st, 0)
    ev = GAME.apply(st, 0, A.Step(PIT_LANE))
    assert car.in_pit and car.ers == 2 and car.penalties == 1
    assert [e.data["cause"] for e in ev if e.kind == "penalty"] == ["speeding"]


def test_fgp_11_1_a_counter_steer_before_the_pit_lane_carries_on_without_a_penalty():
    """A loss of control rolled before the pit entry and saved by a counter-steer lets the
    car go on into its box; being shifted over the line that way costs no penalty."""
    st = position("""
        round = 5
        rolls = ["red:loss_of_control", "white:2"]
        [[car]]
        name = "Red"
        at = "39.4.1"
        hand = ["G01", "G02"]
        wear = 17
        [[car]]
        name = "Blue"
        at = "10.2.1"
    """)
    car = st.cars[0]
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G01",)))
    GAME.apply(st, 0, A.Step(PIT_LANE))
    assert GAME.pending_step(st).name == "control"
    GAME.apply(st, 0, next(a for a in GAME.fine_actions(st, 0)
                           if getattr(a, "card", None) == "G02"))
    assert car.in_pit and car.box_call and car.penalties == 0 and not car.spun


# ---- FGP 11.2 Pit Stop Procedures ---------------------------------------------------------------
def test_fgp_11_2_first_turn_in_the_box_charges_ers_and_resets_stress():
    """The stop itself: +1 ERS (never past the maximum) and the stress token back on the
    middle space, then the player's choices."""
    st = in_pit("ers = 1\nstress = 3")
    car = st.cars[0]
    assert GAME.pending_step(st).name == "pit_stop" and GAME.to_act(st) == {0}
    assert car.ers == 2 and car.stress == 2
    st = in_pit("ers = 3")
    assert st.cars[0].ers == 3


def test_fgp_11_2_one_or_two_penalty_tokens_hold_the_car_one_round_first():
    """Penalty tokens are served before anything else: with 2 tokens the car sits out one
    round (no ERS, no stress reset), the tokens go, and the stop is made the round after."""
    st = in_pit("penalties = 2\ners = 1\nstress = 3")
    car = st.cars[0]
    assert car.penalties == 0 and car.in_pit and car.ers == 1 and car.stress == 3
    assert 0 in st.done and st.move["seat"] == 1          # its turn is over
    to_step(st, 0, "pit_stop")
    assert st.round == 6 and car.ers == 2 and car.stress == 2


def test_fgp_11_2_three_penalty_tokens_hold_the_car_two_rounds():
    """Three tokens or more: two rounds in the box before the stop proper."""
    st = in_pit("penalties = 3")
    assert st.cars[0].penalties == 0
    to_step(st, 0, "pit_stop")
    assert st.round == 7


def test_fgp_11_2_new_tyres_put_the_wear_marker_on_their_start():
    """Fitting a set (another compound or the same one) puts the wear marker back on that
    compound's starting space; keeping the set keeps the wear."""
    for tyre in ("hard", "medium", "soft"):
        st = in_pit('tyre = "medium"\nwear = 12')
        car = st.cars[0]
        GAME.apply(st, 0, A.PitStop(tyre, (), "none"))
        assert car.tyre == tyre and car.wear == C.board_side(st, car).start_position(tyre)
    st = in_pit('tyre = "medium"\nwear = 12')
    GAME.apply(st, 0, A.PitStop(None, (), "none"))
    assert st.cars[0].wear == 12


def test_fgp_11_2_discard_any_card_but_draw_failure_then_draw_to_the_hand_limit():
    """In the box any ACTION card may be discarded, Tyre Wear cards too; then the hand is
    filled up to 4 + the ERS LEDs. A Draw Failure card is never discarded: one in hand when
    the turn starts is played first (FGP 7.3.3.1), one drawn in the box stays for the next turn."""
    st = in_pit('hand = ["T01", "F01", "G01", "R01"]\ners = 2')
    assert "F01" not in st.cars[0].hand              # played at the start of the turn
    st = in_pit('hand = ["T01", "G01", "R01"]\ners = 2\ndeck = ["F01"]')
    car = st.cars[0]
    GAME.apply(st, 0, A.PitStop(None, (), "none"))
    legal = GAME.fine_actions(st, 0)
    assert A.Discard("T01") in legal and A.Discard("G01") in legal
    assert not any(isinstance(a, A.Discard) and a.card == "F01" for a in legal)
    GAME.apply(st, 0, A.Discard("T01"))
    GAME.apply(st, 0, A.Discard("G01"))
    GAME.apply(st, 0, A.Done())
    assert "F01" in car.hand and "T01" not in car.hand and "G01" not in car.hand
    assert len(car.hand) == C.hand_limit(st, car) == 4 + C.ers_leds(st, car)


def test_fgp_11_2_the_car_leaves_its_box_for_the_pit_exit_and_its_turn_ends():
    """Once the stop is done the car waits on the pit-exit space and its turn is over."""
    st = in_pit()
    car = st.cars[0]
    GAME.apply(st, 0, A.PitStop(None, (), "none"))
    ev = GAME.apply(st, 0, A.Done())
    assert car.space == PIT_EXIT and not car.in_pit
    assert "to_pit_exit" in kinds(ev) and "turn_end" in kinds(ev)
    assert st.move["seat"] == 1


def test_fgp_11_2_a_car_on_the_pit_exit_space_is_passed_without_a_battle():
    """A car waiting at the pit exit does not stop a car driving past it in lane 3."""
    st = position("""
        round = 5
        [[car]]
        name = "Red"
        at = "shadow_car"
        hand = ["G01"]
        [[car]]
        name = "Blue"
        at = "pit_exit"
    """)
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G01",)))
    assert A.Stop() not in GAME.fine_actions(st, 0)
    steps(st, 0, "0.3.1", "1.3.1")
    assert st.cars[0].space == S("1.3.1")


def test_fgp_11_2_a_car_waiting_at_the_pit_exit_is_in_no_wheel_to_wheel_battle():
    """The car on the pit-exit space can be passed without a battle, so a car ending the
    round beside it on the exit tile gives it no wheel-to-wheel token, nor takes one."""
    st = position("""
        round = 5
        sequence = ["Red", "Blue"]
        to_move = "Blue"
        [[car]]
        name = "Red"
        at = "pit_exit"
        [[car]]
        name = "Blue"
        at = "39.3.1"
        hand = ["G01"]
        ers = 0
    """)
    GAME.apply(st, 1, A.Done())
    GAME.apply(st, 1, A.Play(("G01",)))                  # 3 + 2 = 5 MP
    steps(st, 1, "shadow_car", "0.3.1")
    GAME.apply(st, 1, A.Reduce(3, ()))                   # stops beside Red: 3 ERS
    assert st.round == 6 and st.cars[1].space == S("0.3.1")
    assert st.cars[0].w2w is None and st.cars[1].w2w is None


def test_fgp_11_2_cars_leaving_in_one_round_line_up_by_white_rolls():
    """Two or more cars leaving in one round roll WHITE: the lowest moves first, a 1 (the
    icon) is a slow stop and goes last; a tie goes to the box nearer the exit."""
    # the rolls are made at the end of the round, in the order the cars left the box
    st = position("""
        round = 5
        sequence = ["Grey", "Red", "Blue", "Green"]
        to_move = "Red"
        rolls = ["white:3", "white:1", "white:3"]
        [[car]]
        name = "Red"
        at = "pit"
        box = 2
        [[car]]
        name = "Blue"
        at = "pit"
        box = 0
        [[car]]
        name = "Green"
        at = "pit"
        box = 1
        [[car]]
        name = "Grey"
        at = "10.2.1"
    """)
    for s in (0, 1, 2):
        assert GAME.pending_step(st).name == "pit_stop" and GAME.to_act(st) == {s}
        GAME.apply(st, s, A.PitStop(None, (), "none"))
        ev = GAME.apply(st, s, A.Done())
    assert next(e for e in ev if e.kind == "pit_exit_order").data["order"] == [2, 0, 1]
    to_step(st, 2, "prep")                              # round 6: Green moves first
    assert st.round == 6 and [s for s in st.sequence if s in (0, 1, 2)] == [2, 0, 1]


# ---- FGP 11.2: the pit lane crosses the finish line: the stop costs time, never a lap --------
def test_fgp_11_2_a_stop_across_the_finish_line_keeps_the_car_on_its_lap():
    """Pitting from the last tile before the line: the lap is completed in the pit lane,
    the car waits at the pit exit on its new lap, gets no blue flag and moves next round."""
    st = position("""
        round = 5
        sequence = ["Blue", "Red"]
        to_move = "Red"
        [[car]]
        name = "Red"
        at = "39.4.1"
        hand = ["R01"]
        [[car]]
        name = "Blue"
        at = "6.2.1"
        laps = 1
    """)
    red = st.cars[0]
    before = whole_tiles(st, red)
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("R01",)))
    ev = GAME.apply(st, 0, A.Step(PIT_LANE))
    assert red.in_pit and red.laps == 1
    assert any(e.kind == "lap" and e.data == {"seat": 0, "laps": 1} for e in ev)
    to_step(st, 0, "pit_stop")                                  # round 6: the stop
    GAME.apply(st, 0, A.PitStop("hard", (), "none"))
    GAME.apply(st, 0, A.Done())
    assert red.space == PIT_EXIT and red.laps == 1
    assert whole_tiles(st, red) == before + 2               # tile 39 -> tile 0, a lap on
    to_step(st, 0, "prep")                                      # round 7: it moves
    assert st.round == 7 and red.laps_down == 0 and not red.blue_flag
    assert st.move["seat"] == 0


def test_fgp_11_2_no_car_loses_a_lap_or_gets_a_blue_flag_for_a_stop_in_heuristic_races():
    """In 48 bot races on the three tracks every pit stop leaves the car one lap further
    on when its pit lane crosses the line, and a stopping car is blue-flagged only when
    the leader is a whole lap of tiles ahead of it (never for the stop itself)."""
    stops = 0
    for seed in range(16):
        for key in ("fast", "twisty", "street"):
            trk = track(key)
            crosses = trk.pit.exit_tile < trk.pit.entry_tile
            cfg = GAME.config(track=key, seats=["heuristic"] * 6)
            st = GAME.new(cfg, seed)
            start: dict[int, tuple] = {}        # seat -> (laps, whole tiles) as its move began
            pitted: dict[int, tuple] = {}

            def on_step(seat, action, events, step, st=st, trk=trk, crosses=crosses):
                nonlocal stops
                for e in events:
                    s = e.data.get("seat")
                    if e.kind == "move_play":
                        car = st.cars[s]
                        start[s] = (car.laps, whole_tiles(st, car)) if car.space is not None \
                            else None
                    elif e.kind == "pit_entry" and start.get(s):
                        pitted[s] = start[s]
                    elif e.kind == "to_pit_exit" and s in pitted:
                        laps0, tiles0 = pitted[s]
                        car = st.cars[s]
                        stops += 1
                        assert car.laps == laps0 + (1 if crosses else 0), (key, seed, s)
                        assert whole_tiles(st, car) > tiles0, (key, seed, s)
                    elif e.kind == "blue_flag" and s in pitted and e.data["laps_down"]:
                        # only a leader a whole lap ahead of where the car came in
                        # (a long stay in the box can cost that much) laps it
                        lead = max(whole_tiles(st, c) for c in st.cars)
                        assert lead - pitted[s][1] > trk.lap_tiles, \
                            (key, seed, s, "blue flag for a stop")
                    elif e.kind == "turn_end" and st.cars[s].space is not None \
                            and st.cars[s].space != trk.pit.exit_space:
                        pitted.pop(s, None)             # back on the track
            play(GAME, cfg, seed, on_step=on_step, state=st)
    assert stops >= 10

# ---- FGP 5.1.3 tyre strategy in the race ---------------------------------------------------
def test_fgp_5_1_3_a_stop_may_fit_any_dry_compound():
    """At a stop the player picks the compound: soft, medium or hard (or keeps the set);
    wet tyres are not offered in a Standard (dry) race."""
    st = in_pit()
    tyres = {a.tyre for a in GAME.fine_actions(st, 0) if isinstance(a, A.PitStop)}
    assert tyres == {None, "soft", "medium", "hard"}


def test_fgp_5_1_3_softer_tyres_give_more_speed_and_wear_out_sooner():
    """Fresh soft tyres add more movement than medium, medium more than hard; and from
    their starting space soft tyres reach their worn-out icon first, hard tyres last."""
    mp, life = {}, {}
    for tyre in ("soft", "medium", "hard"):
        st = in_pit('hand = ["R05"]', head='sequence = ["Blue", "Red"]\nto_move = "Red"')
        GAME.apply(st, 0, A.PitStop(tyre, (), "none"))
        GAME.apply(st, 0, A.Done())                      # R05 kept through the redraw
        to_step(st, 0, "play")                           # round 6, from the pit exit
        ev = GAME.apply(st, 0, A.Play(("R05",)))
        mp[tyre] = next(e for e in ev if e.kind == "move_play").data["mp"]
        side = C.board_side(st, st.cars[0])
        start = side.start_position(tyre)
        life[tyre] = next(w for w in range(start, len(side.tyre_track))
                          if side.tyre_state(tyre, w) == "worn") - start
    assert mp["soft"] > mp["medium"] > mp["hard"]
    assert life["soft"] < life["medium"] < life["hard"]
