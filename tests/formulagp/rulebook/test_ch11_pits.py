"""FGP 11 Pit Stops and FGP 5.1.3's pit-stop strategy, scenario by scenario:
each test sets a position up, plays it through the protocol (GAME.legal_actions,
GAME.apply, GAME.to_act) and checks what the rulebook demands.

Track "fast": the pit-entry tile is tile 40 (its lane 4 is the PIT LANE space,
lane 3 the shadow car), the finish line lies between tile 40 and tile 0, the
pit-exit space is lane 4 of tile 0; tile 39 lane 4 leads forward into the
PIT LANE space. Every tile from 37 to 3 is a straight in 8th gear."""
from __future__ import annotations

import chequered
from chequered.engine import chance
from chequered.engine.play import play
from chequered.games.formulagp import actions as A
from chequered.games.formulagp.rules import cards as C
from chequered.games.formulagp.rules.steps import MACHINE as machine
from chequered.games.formulagp.rules.setup import new_race
from chequered.games.formulagp.rules.where import whole_tiles
from chequered.games.formulagp.track import track

GAME = chequered.game("formulagp")
FAST = track("fast")
PIT_LANE, SHADOW, PIT_EXIT = FAST.pit.entry_space, FAST.pit.shadow_car, FAST.pit.exit_space
CONTENT = C.content_of(new_race("fast", 1))


def sp(tile: int, lane: int, index: int = 0) -> int:
    """The space id of tile.lane.index on the fast track."""
    return FAST.tiles[tile].lanes[lane - 1][index]


def roll(die: str, face) -> int:
    """The scripted roll (1..6) showing `face` (a WHITE value or a RED/YELLOW result)."""
    faces = getattr(CONTENT.dice, die)
    return next(i for i, f in enumerate(faces, 1)
                if (f.value == face if die == "white" else f == face))


def position(cars: list[dict], *, round_no: int = 5, done=(), track_key: str = "fast"):
    """Cars placed by hand (at: a space id or "box"; hand: card ids; any other
    key sets that Car field); the first car not in `done` starts its turn."""
    st = new_race(track_key, len(cars), seed=1, controllers=["human"] * len(cars))
    st.round, st.flag, st.turn.phase = round_no, 8 + round_no, "turns"
    for car, spec in zip(st.cars, cars):
        spec = dict(spec)
        at = spec.pop("at")
        car.space, car.in_pit = (None, True) if at == "box" else (at, False)
        car.laps = spec.pop("laps", 0)
        for c in car.hand:
            car.deck.pile.append(c)
        car.hand = []
        for c in spec.pop("hand", ()):
            car.deck.pile.remove(c)
            car.hand.append(c)
        for k, v in spec.items():
            setattr(car, k, v)
    st.sequence = [c.seat for c in st.cars if c.seat not in done] + list(done)
    st.seq_pos, st.done = 0, []
    for s in done:
        st.done.append(s)
        st.cars[s].moved = True
    st.move = {"seat": st.sequence[0], "stage": "begin"}
    st.turn.pending, st.turn.cache = None, None
    machine.advance(st)
    return st


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def to_step(st, seat: int, step: str) -> None:
    """Play `seat`'s plain choices (Done, else the first legal action) and every
    other seat by the heuristic bot, until `seat` is asked for `step`."""
    bots = {}
    for _ in range(2000):
        seats = GAME.to_act(st)
        assert seats, "the race ended first"
        s = min(seats)
        if s == seat and GAME.pending_step(st).name == step:
            return
        if s == seat:
            legal = GAME.legal_actions(st, s)
            GAME.apply(st, s, A.Done() if A.Done() in legal else legal[0])
        else:
            bot = bots.setdefault(s, GAME.make_agent("heuristic", s, 1))
            GAME.apply(st, s, bot.choose(GAME, st, s))
    raise AssertionError(f"seat {seat} never reached {step}")


# ---- FGP 11 (chapter): pit stops are optional in a Standard race --------------------------
def test_fgp_11_a_pit_stop_is_optional():
    """A car in front of the pit entry may drive into the pit lane or stay out on track."""
    st = position([{"at": sp(39, 4), "hand": ["R01"]}])
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("R01",)))
    legal = GAME.legal_actions(st, 0)
    assert A.Step(PIT_LANE) in legal and A.Step(sp(39, 3)) in legal
    GAME.apply(st, 0, A.Step(sp(39, 3)))
    GAME.apply(st, 0, A.Step(SHADOW))                 # past the entry, still racing
    assert not st.cars[0].in_pit and not st.cars[0].box_call


# ---- FGP 11.2: the pit lane crosses the finish line: the stop costs time, never a lap --------
def test_fgp_11_2_a_stop_across_the_finish_line_keeps_the_car_on_its_lap():
    """Pitting from the last tile before the line: the lap is completed in the pit lane,
    the car waits at the pit exit on its new lap, gets no blue flag and moves next round."""
    st = position([{"at": sp(39, 4), "hand": ["R01"]},
                   {"at": sp(6, 2), "laps": 1, "hand": []}], done=(1,))
    red, leader = st.cars
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
    assert whole_tiles(st, red) == before + 2                     # tile 39 -> tile 0, a lap on
    to_step(st, 0, "prep")                                      # round 7: it moves
    assert st.round == 7 and red.laps_down == 0 and not red.blue_flag
    assert not red.lose_turn and st.move["seat"] == 0


def test_fgp_11_2_no_car_loses_a_lap_or_gets_a_blue_flag_for_a_stop_in_heuristic_races():
    """In 48 bot races on the three tracks every pit stop leaves the car one lap further
    on when its pit lane crosses the line, and no stopping car is blue-flagged for it."""
    stops = 0
    for seed in range(16):
        for key in ("fast", "twisty", "street"):
            trk = track(key)
            crosses = trk.pit.exit_tile < trk.pit.entry_tile
            cfg = GAME.config(track=key, seats=["heuristic"] * 6)
            st = GAME.new(cfg, seed)
            seen: dict[int, tuple] = {}                 # seat -> (laps, whole tiles) before entry
            last: dict[int, tuple] = {}

            def on_step(seat, action, events, step, st=st, trk=trk, crosses=crosses):
                nonlocal stops
                for e in events:
                    s = e.data.get("seat")
                    if e.kind == "pit_entry":
                        seen[s] = last[s]
                    elif e.kind == "to_pit_exit" and s in seen:
                        laps0, tiles0 = seen.pop(s)
                        car = st.cars[s]
                        stops += 1
                        assert car.laps == laps0 + (1 if crosses else 0), (key, seed, s)
                        gap = (trk.pit.exit_tile - trk.spaces[trk.pit.entry_space].tile) \
                            % trk.lap_tiles
                        assert whole_tiles(st, car) - tiles0 <= gap + 1, (key, seed, s)
                    elif e.kind == "blue_flag":
                        car = st.cars[s]
                        assert not (car.space == trk.pit.exit_space or car.in_pit), \
                            (key, seed, s, "blue flag for a stop")
                for c in st.cars:
                    if c.space is not None:
                        last[c.seat] = (c.laps, whole_tiles(st, c))
            play(GAME, cfg, seed, on_step=on_step, state=st)
    assert stops >= 10


# ---- FGP 11.1 Entering the Pits ---------------------------------------------------------------
def test_fgp_11_1_forward_entry_loses_the_points_left_and_charges_no_ers():
    """Driving forward onto the PIT LANE space puts the car in the pit lane at once: the
    points left are lost (no ERS charge for them) and its turn ends there."""
    st = position([{"at": sp(38, 4), "hand": ["R01"], "ers": 1}, {"at": sp(10, 2)}])
    car = st.cars[0]
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("R01",)))                  # RED in 8th: 5 MP + tyre bonus 2
    assert st.move["left"] == 7
    GAME.apply(st, 0, A.Step(sp(39, 4)))
    ev = GAME.apply(st, 0, A.Step(PIT_LANE))
    entry = next(e for e in ev if e.kind == "pit_entry")
    assert entry.data["lost"] == 5 and entry.rule == "FGP 11.1"
    assert car.ers == 1 and car.penalties == 0
    assert car.in_pit and car.space is None and car.box_call
    assert "turn_end" in kinds(ev)


def test_fgp_11_1_the_space_behind_the_yellow_line_is_not_a_place_to_stop():
    """A car that does not pit stops at the latest on the shadow car: stepping onto the
    PIT LANE space always means entering the pit lane."""
    st = position([{"at": sp(39, 3), "hand": ["G01"]}])
    car = st.cars[0]
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G01",)))                  # GREEN: 3 + 2 = 5 MP
    GAME.apply(st, 0, A.Step(SHADOW))
    assert A.Step(PIT_LANE) in GAME.legal_actions(st, 0)  # only as a pit entry (lateral)
    GAME.apply(st, 0, A.Step(sp(0, 3)))
    assert car.space == sp(0, 3) and not car.in_pit


def test_fgp_11_1_a_car_on_the_shadow_car_does_not_stop_a_car_entering_the_pits():
    """With an opponent on the shadow car, a car in the pit lane's lane still drives onto
    the PIT LANE space and into the pits without a battle."""
    st = position([{"at": sp(39, 4), "hand": ["R01"]},
                   {"at": SHADOW, "hand": []}], done=(1,))
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("R01",)))
    assert A.Step(PIT_LANE) in GAME.legal_actions(st, 0)
    ev = GAME.apply(st, 0, A.Step(PIT_LANE))
    assert "pit_entry" in kinds(ev) and "battle" not in " ".join(kinds(ev))
    assert st.cars[0].in_pit and st.cars[1].space == SHADOW


def test_fgp_11_1_a_lateral_entry_across_the_yellow_line_is_a_penalty():
    """From the shadow car the car may still turn into the PIT LANE space sideways, but
    it has crossed the yellow line on purpose: one Penalty token at once."""
    st = position([{"at": sp(39, 3), "hand": ["G01"]}])
    car = st.cars[0]
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G01",)))
    GAME.apply(st, 0, A.Step(SHADOW))
    ev = GAME.apply(st, 0, A.Step(PIT_LANE))
    assert car.in_pit and car.penalties == 1
    assert [e.data["cause"] for e in ev if e.kind == "penalty"] == ["yellow_line"]


def test_fgp_11_1_a_pairs_yellow_die_is_rolled_on_track_before_the_pit_lane():
    """A pair's YELLOW die is resolved while the car is still on the track, then it enters."""
    st = position([{"at": sp(39, 4), "hand": ["G01", "G02"], "stress": 2}])
    car = st.cars[0]
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G01", "G02")))
    with chance.scripted(st.chance, rolls=[roll("yellow", "stress")]):
        ev = GAME.apply(st, 0, A.Step(PIT_LANE))
    order = [e.kind for e in ev if e.kind in ("roll", "stress", "pit_entry")]
    assert order == ["roll", "stress", "pit_entry"]
    assert car.stress == 3 and car.in_pit


def test_fgp_11_1_a_spin_towards_the_pit_lane_hits_the_wall():
    """A spin that would shift the car into the pit lane is a wall hit: a DAMAGE card, the
    car goes backwards into the pit lane, its turn ends; next round it makes its stop."""
    worn = len(C.board_side(new_race("fast", 1), new_race("fast", 1).cars[0]).tyre_track) - 1
    st = position([{"at": sp(39, 3), "hand": ["G01"], "wear": worn},
                   {"at": sp(0, 2), "hand": []}], done=(1,))
    car = st.cars[0]
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G01",)))
    GAME.apply(st, 0, A.Step(SHADOW))
    GAME.apply(st, 0, A.Stop())                        # behind the car on tile 0
    to_step(st, 0, "attack")
    # the tyres' RED die: loss of control; WHITE green = a shift to the right (lane 4)
    with chance.scripted(st.chance, rolls=[roll("red", "loss_of_control"), roll("white", 3)],
                         cards=["D05"]):
        ev = GAME.apply(st, 0, A.Attack(None))
    assert "pit_wall" in kinds(ev)
    assert car.in_pit and car.space is None and car.box_call and car.facing_back
    assert car.damage == ["D05"]
    to_step(st, 0, "pit_stop")
    assert st.round == 6


def test_fgp_11_1_a_blue_card_into_the_pit_lane_rolls_white_for_the_speed_limit():
    """Entering with a BLUE card calls for the WHITE die: its icon face (1) is pit
    speeding and a Penalty token; any other face costs nothing."""
    for face, tokens in ((1, 1), (4, 0)):
        st = position([{"at": sp(39, 4), "hand": ["B01"]}, {"at": sp(10, 2)}])
        car = st.cars[0]
        GAME.apply(st, 0, A.Done())
        GAME.apply(st, 0, A.Play(("B01",)))
        with chance.scripted(st.chance, rolls=[roll("white", face)]):
            ev = GAME.apply(st, 0, A.Step(PIT_LANE))
        assert car.in_pit and car.penalties == tokens
        assert [e.data["cause"] for e in ev if e.kind == "penalty"] == ["speeding"] * tokens


def test_fgp_11_1_an_ers_extension_may_reach_the_pit_lane_with_the_speed_check():
    """Points bought by an extension may carry the car onto the PIT LANE space; the car
    then rolls the WHITE die for pit speeding (A21)."""
    st = position([{"at": sp(37, 4), "hand": ["G01"], "tyre": "hard", "wear": 1},
                   {"at": sp(10, 2)}])
    car = st.cars[0]
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G01",)))                  # GREEN in 8th 3 + hard tyres 1
    assert st.move["left"] == 4
    for to in (sp(37, 3), sp(38, 3), sp(39, 3), sp(39, 4)):
        GAME.apply(st, 0, A.Step(to))
    assert GAME.pending_step(st).name == "extend"
    assert A.Extend("ers") in GAME.legal_actions(st, 0)
    GAME.apply(st, 0, A.Extend("ers"))
    assert A.Step(PIT_LANE) in GAME.legal_actions(st, 0)
    with chance.scripted(st.chance, rolls=[roll("white", 1)]):
        ev = GAME.apply(st, 0, A.Step(PIT_LANE))
    assert car.in_pit and car.ers == 2 and car.penalties == 1
    assert [e.data["cause"] for e in ev if e.kind == "penalty"] == ["speeding"]


def test_fgp_11_1_a_counter_steer_before_the_pit_lane_carries_on_without_a_penalty():
    """A loss of control rolled before the pit entry and saved by a counter-steer lets the
    car go on into its box; being shifted over the yellow line that way is no penalty."""
    worn = 17
    st = position([{"at": sp(39, 4), "hand": ["G01", "G02"], "wear": worn},
                   {"at": sp(10, 2)}])
    car = st.cars[0]
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G01",)))
    with chance.scripted(st.chance, rolls=[roll("red", "loss_of_control"), roll("white", 2)]):
        GAME.apply(st, 0, A.Step(PIT_LANE))
        assert GAME.pending_step(st).name == "control"
        steer = next(a for a in GAME.legal_actions(st, 0) if getattr(a, "card", None) == "G02")
        GAME.apply(st, 0, steer)
    assert car.in_pit and car.box_call and car.penalties == 0 and not car.spun


# ---- FGP 11.2 Pit Stop Procedures ---------------------------------------------------------------
def boxed(**kw) -> dict:
    """A car in its pit box that entered the pit lane last round."""
    return {"at": "box", "box_call": True, **kw}


def test_fgp_11_2_first_turn_in_the_box_charges_ers_and_resets_stress():
    """The stop itself: +1 ERS (never past the maximum) and the stress token back on the
    middle space, then the player's choices."""
    st = position([boxed(ers=1, stress=4, focus=False), {"at": sp(10, 2)}])
    car = st.cars[0]
    assert GAME.pending_step(st).name == "pit_stop" and GAME.to_act(st) == {0}
    assert car.ers == 2 and car.stress == 2
    st = position([boxed(ers=3), {"at": sp(10, 2)}])
    assert st.cars[0].ers == 3


def test_fgp_11_2_one_or_two_penalty_tokens_hold_the_car_one_round_first():
    """Penalty tokens are served before anything else: with 2 tokens the car sits out one
    round (no ERS, no stress reset), the tokens go, and the stop is made the round after."""
    st = position([boxed(penalties=2, ers=1, stress=4), {"at": sp(10, 2)}])
    car = st.cars[0]
    assert car.penalties == 0 and car.in_pit and car.ers == 1 and car.stress == 4
    assert 0 in st.done and st.move["seat"] == 1          # its turn is over
    to_step(st, 0, "pit_stop")
    assert st.round == 6 and car.ers == 2 and car.stress == 2


def test_fgp_11_2_three_penalty_tokens_hold_the_car_two_rounds():
    """Three tokens or more: two rounds in the box before the stop proper."""
    st = position([boxed(penalties=3), {"at": sp(10, 2)}])
    car = st.cars[0]
    assert car.penalties == 0
    to_step(st, 0, "pit_stop")
    assert st.round == 7


def test_fgp_11_2_new_tyres_put_the_wear_marker_on_their_start():
    """Fitting a set (another compound or the same one) puts the wear marker back on that
    compound's starting space."""
    for tyre in ("hard", "medium", "soft"):
        st = position([boxed(tyre="medium", wear=12), {"at": sp(10, 2)}])
        car = st.cars[0]
        GAME.apply(st, 0, A.PitStop(tyre, (), "none"))
        side = C.board_side(st, car)
        assert car.tyre == tyre and car.wear == side.start_position(tyre)
    st = position([boxed(tyre="medium", wear=12), {"at": sp(10, 2)}])
    GAME.apply(st, 0, A.PitStop(None, (), "none"))           # no new set: the wear stays
    assert st.cars[0].wear == 12


def test_fgp_11_2_discard_any_card_but_draw_failure_then_draw_to_the_hand_limit():
    """In the box any ACTION card may be discarded, Tyre Wear cards too but never a Draw
    Failure card; then the hand is filled up to 4 + the ERS LEDs."""
    st = position([boxed(hand=["T01", "F01", "G01", "R01"], ers=2), {"at": sp(10, 2)}])
    car = st.cars[0]
    GAME.apply(st, 0, A.PitStop(None, (), "none"))
    legal = GAME.legal_actions(st, 0)
    assert A.Discard("T01") in legal and A.Discard("G01") in legal
    assert A.Discard("F01") not in legal
    GAME.apply(st, 0, A.Discard("T01"))
    GAME.apply(st, 0, A.Discard("G01"))
    GAME.apply(st, 0, A.Done())
    assert "F01" in car.hand and "T01" not in car.hand and "G01" not in car.hand
    assert len(car.hand) == C.hand_limit(st, car) == 4 + C.ers_leds(st, car)


def test_fgp_11_2_the_car_leaves_its_box_for_the_pit_exit_and_its_turn_ends():
    """Once the stop is done the car waits on the pit-exit space and its turn is over."""
    st = position([boxed(), {"at": sp(10, 2)}])
    car = st.cars[0]
    GAME.apply(st, 0, A.PitStop(None, (), "none"))
    ev = GAME.apply(st, 0, A.Done())
    assert car.space == PIT_EXIT and not car.in_pit
    assert "to_pit_exit" in kinds(ev) and "turn_end" in kinds(ev)
    assert st.move["seat"] == 1


def test_fgp_11_2_a_car_on_the_pit_exit_space_is_passed_without_a_battle():
    """A car waiting at the pit exit does not stop a car driving past it in lane 3."""
    st = position([{"at": sp(40, 3), "hand": ["G01"]}, {"at": PIT_EXIT}], done=(1,))
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G01",)))
    assert A.Stop() not in GAME.legal_actions(st, 0)
    GAME.apply(st, 0, A.Step(sp(0, 3)))
    GAME.apply(st, 0, A.Step(sp(1, 3)))
    assert st.cars[0].space == sp(1, 3)


def test_fgp_11_2_cars_leaving_in_one_round_line_up_by_white_rolls():
    """Two or more cars leaving in one round roll WHITE: the lowest moves first, a 1 (the
    icon) is a slow stop and goes last; a tie goes to the box nearer the exit."""
    cars = [boxed(box=2), boxed(box=0), boxed(box=1), {"at": sp(10, 2)}]
    st = position(cars, done=(3,))
    for s in (0, 1, 2):
        assert GAME.pending_step(st).name == "pit_stop" and GAME.to_act(st) == {s}
        GAME.apply(st, s, A.PitStop(None, (), "none"))
        if s < 2:
            GAME.apply(st, s, A.Done())
    # rolled at the end of the round, in the order the cars reached the pit exit
    with chance.scripted(st.chance, rolls=[roll("white", 3), roll("white", 1),
                                           roll("white", 3)]):
        ev = GAME.apply(st, 2, A.Done())
    assert next(e for e in ev if e.kind == "pit_exit_order").data["order"] == [2, 0, 1]
    to_step(st, 2, "prep")                              # round 6: 2 moves first
    assert st.round == 6 and [s for s in st.sequence if s in (0, 1, 2)] == [2, 0, 1]


# ---- FGP 11.2.1 Repairing Damage and Failures -----------------------------------------------
def test_fgp_11_2_1_a_one_repair_with_a_number_leaves_behind_the_cars_that_did_not_repair():
    """Repairing one card: it comes off the board, the WHITE die is rolled as the car leaves;
    with a number it goes out after every car that did no repair."""
    st = position([boxed(damage=["D05", "D06"], box=0), boxed(box=1), {"at": sp(10, 2)}],
                  done=(2,))
    car = st.cars[0]
    GAME.apply(st, 0, A.PitStop(None, (), "one", "D05"))
    assert car.damage == ["D06"]
    with chance.scripted(st.chance, rolls=[roll("white", 2)]):
        ev = GAME.apply(st, 0, A.Done())                # the repair roll, before leaving
    assert [e.data["value"] for e in ev if e.kind == "roll"] == [2]
    assert car.damage == ["D06"] and car.space == PIT_EXIT
    GAME.apply(st, 1, A.PitStop(None, (), "none"))
    with chance.scripted(st.chance, rolls=[roll("white", 6)]):   # the other car's pit time
        ev = GAME.apply(st, 1, A.Done())
    assert next(e for e in ev if e.kind == "pit_exit_order").data["order"] == [1, 0]


def test_fgp_11_2_1_a_one_repair_with_the_icon_is_a_long_repair():
    """A 1 on the repair roll: every DAMAGE and FAILURE card comes off, the car stays in
    its box, is asked nothing in its second turn there, then goes to the pit exit."""
    st = position([boxed(damage=["D05", "D06"]), {"at": sp(10, 2)}], done=(1,))
    car = st.cars[0]
    with chance.scripted(st.chance, rolls=[roll("white", 1)]):
        GAME.apply(st, 0, A.PitStop(None, (), "one", "D05"))
        GAME.apply(st, 0, A.Done())
    assert car.damage == [] and car.in_pit and car.space is None
    to_step(st, 1, "prep")                              # round 6: seat 1 on track first
    bot, ev = GAME.make_agent("heuristic", 1, 1), []
    while st.round == 6:
        assert GAME.to_act(st) == {1}, "nothing is asked of the car held in its box"
        ev += GAME.apply(st, 1, bot.choose(GAME, st, 1))
    assert "box_wait" in kinds(ev) and car.space == PIT_EXIT
    assert kinds(ev).index("box_wait") < kinds(ev).index("to_pit_exit")


def test_fgp_11_2_1_b_repairing_everything_keeps_the_car_a_round_with_no_roll():
    """Repairing all the cards at once: no WHITE die, the car stays in its box until the
    next round, when it goes out to the pit exit."""
    st = position([boxed(damage=["D05", "D06"]), {"at": sp(10, 2)}], done=(1,))
    car = st.cars[0]
    GAME.apply(st, 0, A.PitStop(None, (), "all"))
    with chance.scripted(st.chance, rolls=[]):
        GAME.apply(st, 0, A.Done())
    assert car.damage == [] and car.in_pit and car.space is None
    to_step(st, 0, "prep")                               # round 7 from the pit exit
    assert st.round == 7 and car.space == PIT_EXIT


def test_fgp_11_2_1_a_car_held_by_a_long_repair_lines_up_with_the_cars_not_repairing():
    """A car leaving after the round it was held by a long repair made no repair in that
    round: it goes out ahead of a car that repaired in that round."""
    st = position([boxed(damage=["D05", "D06"], box=0),
                   {"at": sp(39, 4), "hand": ["R01"], "damage": ["D07"], "box": 1}])
    held, other = st.cars
    with chance.scripted(st.chance, rolls=[roll("white", 1)]):     # a long repair
        GAME.apply(st, 0, A.PitStop(None, (), "one", "D05"))
        GAME.apply(st, 0, A.Done())
    GAME.apply(st, 1, A.Done())
    GAME.apply(st, 1, A.Play(("R01",)))
    GAME.apply(st, 1, A.Step(PIT_LANE))
    to_step(st, 1, "pit_stop")                           # round 6: seat 0 sits it out
    assert st.round == 6 and held.in_pit
    # seat 1's repair roll (2), then the held car's pit-time roll (6)
    with chance.scripted(st.chance, rolls=[roll("white", 2), roll("white", 6)]):
        GAME.apply(st, 1, A.PitStop(None, (), "one", "D07"))
        ev = GAME.apply(st, 1, A.Done())
    assert next(e for e in ev if e.kind == "pit_exit_order").data["order"] == [0, 1]


# ---- FGP 11.2.2 Racing With a Teammate -------------------------------------------------------
def test_fgp_11_2_2_the_teammate_served_second_leaves_after_the_others_before_repairs():
    """Two cars of one team stopping in the same round share the box: the one served
    second goes out after every other car that did not repair, still ahead of repairers."""
    team = {"team": "Halcyon GP", "box": 0}
    st = position([boxed(**team), boxed(**team), boxed(box=1),
                   boxed(box=2, damage=["D05"]), {"at": sp(10, 2)}], done=(4,))
    for s in (0, 1, 2):
        GAME.apply(st, s, A.PitStop(None, (), "none"))
        GAME.apply(st, s, A.Done())
    # seat 3's repair roll, then the pit times of seats 0, 1 and 2
    rolls = [roll("white", 2), roll("white", 5), roll("white", 2), roll("white", 4)]
    with chance.scripted(st.chance, rolls=rolls):
        GAME.apply(st, 3, A.PitStop(None, (), "one", "D05"))
        ev = GAME.apply(st, 3, A.Done())
    assert next(e for e in ev if e.kind == "pit_exit_order").data["order"] == [2, 0, 1, 3]


# ---- FGP 11.3 Leaving the Pits ---------------------------------------------------------------
def test_fgp_11_3_the_move_out_of_the_pit_exit_is_in_second_gear_with_one_card():
    """A car starting its turn on the pit-exit space moves in 2nd gear, whatever the
    tile's gear, and may not play a pair."""
    st = position([{"at": PIT_EXIT, "hand": ["R01", "R02", "G01", "G02"]}, {"at": sp(10, 2)}])
    GAME.apply(st, 0, A.Done())
    plays = [a for a in GAME.legal_actions(st, 0) if isinstance(a, A.Play)]
    assert plays and all(len(a.cards) == 1 for a in plays)
    ev = GAME.apply(st, 0, A.Play(("R01",)))
    mp = next(e for e in ev if e.kind == "move_play").data
    side = C.board_side(st, st.cars[0])
    assert mp["gear"] == 2 and mp["mp"] == side.speed.gear2.red + 2     # + medium bonus 2


def test_fgp_11_3_any_movement_colour_may_leave_the_pits():
    """GREEN, RED, BLUE or ORANGE: each may be played alone for the move out."""
    st = position([{"at": PIT_EXIT, "hand": ["G01", "R01", "B01", "O01"]}, {"at": sp(10, 2)}])
    GAME.apply(st, 0, A.Done())
    plays = {a.cards for a in GAME.legal_actions(st, 0) if isinstance(a, A.Play)}
    assert plays == {("G01",), ("R01",), ("B01",), ("O01",)}


def test_fgp_11_3_leaving_sideways_across_the_yellow_line_is_a_penalty():
    """The car should drive straight out; it may cut across the yellow line sideways, but
    that earns a Penalty token at once. Straight out costs nothing."""
    st = position([{"at": PIT_EXIT, "hand": ["G01"]}, {"at": sp(10, 2)}])
    car = st.cars[0]
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G01",)))
    assert {A.Step(sp(1, 4)), A.Step(sp(0, 3))} <= set(GAME.legal_actions(st, 0))
    ev = GAME.apply(st, 0, A.Step(sp(0, 3)))
    assert car.penalties == 1 and car.space == sp(0, 3)
    assert [(e.data["cause"], e.rule) for e in ev if e.kind == "penalty"] == \
        [("yellow_line", "FGP 11.3")]
    st = position([{"at": PIT_EXIT, "hand": ["G01"]}, {"at": sp(10, 2)}])
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G01",)))
    GAME.apply(st, 0, A.Step(sp(1, 4)))
    assert st.cars[0].penalties == 0


def _cold_rounds(tyre):
    """Play a stop (tyres `tyre`, None = kept) from the box in round 5 and record the
    Cold Tyres token at every decision from round 5 to round 8."""
    st = position([boxed(), {"at": sp(10, 2)}])
    car = st.cars[0]
    GAME.apply(st, 0, A.PitStop(tyre, (), "none"))
    GAME.apply(st, 0, A.Done())
    seen: dict[int, set] = {}
    bots = {s: GAME.make_agent("heuristic", s, 1) for s in (0, 1)}
    moved_at = None
    while st.round <= 8:
        s = min(GAME.to_act(st))
        if s == 0 and st.move and st.move.get("seat") == 0 and moved_at is None \
                and GAME.pending_step(st).name == "prep":
            moved_at = st.round
        key = st.round if st.round != moved_at else "exit turn on"
        seen.setdefault(key, set()).add(car.cold_tyres > 0)
        GAME.apply(st, s, bots[s].choose(GAME, st, s))
    return moved_at, seen


def test_fgp_11_3_cold_tyres_for_the_exit_round_and_the_next_after_a_tyre_change():
    """The Cold Tyres token (-2 LEDs) lies by the car from its move out of the pits through
    the next round, and is gone after that."""
    moved_at, seen = _cold_rounds("soft")
    assert moved_at == 6 and seen["exit turn on"] == {True}
    assert seen[7] == {True} and seen[8] == {False}


def test_fgp_11_3_cold_tyres_also_after_a_stop_without_new_tyres():
    """Leaving the pits gives the Cold Tyres token whether or not a new set was fitted."""
    moved_at, seen = _cold_rounds(None)
    assert moved_at == 6 and seen["exit turn on"] == {True}
    assert seen[7] == {True} and seen[8] == {False}


# ---- FGP 5.1.3 tyre strategy in the race ---------------------------------------------------
def test_fgp_5_1_3_a_stop_may_fit_any_dry_compound():
    """At a stop the player picks the compound: soft, medium or hard (or keeps the set);
    wet tyres are not offered in a Standard (dry) race."""
    st = position([boxed(), {"at": sp(10, 2)}])
    tyres = {a.tyre for a in GAME.legal_actions(st, 0) if isinstance(a, A.PitStop)}
    assert tyres == {None, "soft", "medium", "hard"}


def test_fgp_5_1_3_softer_tyres_give_more_speed_and_wear_out_sooner():
    """Fresh soft tyres add more movement than medium, medium more than hard; and from
    their starting space soft tyres reach their worn-out icon first, hard tyres last."""
    mp, life = {}, {}
    for tyre in ("soft", "medium", "hard"):
        st = position([boxed(hand=["R05"]), {"at": sp(10, 2)}], done=(1,))
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
