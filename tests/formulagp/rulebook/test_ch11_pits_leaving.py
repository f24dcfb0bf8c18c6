"""FGP 11.2.1 Repairing Damage and Failures, 11.2.2 Racing With a Teammate and
11.3 Leaving the Pits, scenario by scenario (positions played through the
protocol; the track and board facts: rulebook/pitlane.py)."""
from __future__ import annotations

from chequered.engine import chance
from chequered.games.formulagp import actions as A
from chequered.games.formulagp.position import position
from chequered.games.formulagp.rules import cards as C

from .pitlane import (GAME, PIT_EXIT, PIT_LANE, S, in_pit, kinds, on_pit_exit, roll,
    steps, to_step)


# ---- FGP 11.2.1 Repairing Damage and Failures -----------------------------------------------
def test_fgp_11_2_1_a_one_repair_with_a_number_leaves_behind_the_cars_that_did_not_repair():
    """Repairing one card: it comes off the board, the WHITE die is rolled as the car leaves;
    with a number it goes out after every car that did no repair."""
    st = position("""
        round = 5
        sequence = ["Grey", "Red", "Blue"]
        to_move = "Red"
        [[car]]
        name = "Red"
        at = "pit"
        damage = ["D05", "D06"]
        box = 0
        [[car]]
        name = "Blue"
        at = "pit"
        box = 1
        [[car]]
        name = "Grey"
        at = "10.2.1"
    """)
    car = st.cars[0]
    GAME.apply(st, 0, A.PitStop(None, (), "one", "D05"))
    assert car.damage == ["D06"]
    with chance.scripted(st.chance, rolls=[roll("white", 2)]):
        ev = GAME.apply(st, 0, A.Done())                # the repair roll, before leaving
    assert [e.data["value"] for e in ev if e.kind == "roll"] == [2]
    assert car.damage == ["D06"] and car.space == PIT_EXIT
    GAME.apply(st, 1, A.PitStop(None, (), "none"))
    with chance.scripted(st.chance, rolls=[roll("white", 6)]):   # Blue's pit time
        ev = GAME.apply(st, 1, A.Done())
    assert next(e for e in ev if e.kind == "pit_exit_order").data["order"] == [1, 0]


def test_fgp_11_2_1_a_one_repair_with_the_icon_is_a_long_repair():
    """A 1 on the repair roll: every DAMAGE and FAILURE card comes off, the car stays in
    its box, is asked nothing in its second turn there, then goes to the pit exit."""
    st = position("""
        round = 5
        sequence = ["Blue", "Red"]
        to_move = "Red"
        rolls = ["white:1"]
        [[car]]
        name = "Red"
        at = "pit"
        damage = ["D05", "D06"]
        [[car]]
        name = "Blue"
        at = "10.2.1"
    """)
    car = st.cars[0]
    GAME.apply(st, 0, A.PitStop(None, (), "one", "D05"))
    GAME.apply(st, 0, A.Done())
    assert car.damage == [] and car.in_pit and car.space is None
    to_step(st, 1, "prep")                              # round 6: Blue on track first
    bot, ev = GAME.make_agent("heuristic", 1, 1), []
    while st.round == 6:
        assert GAME.to_act(st) == {1}, "nothing is asked of the car held in its box"
        ev += GAME.apply(st, 1, bot.choose(GAME, st, 1))
    assert "box_wait" in kinds(ev) and car.space == PIT_EXIT
    assert kinds(ev).index("box_wait") < kinds(ev).index("to_pit_exit")


def test_fgp_11_2_1_a_one_repair_takes_off_that_card_s_token_only():
    """Repairing one DAMAGE card removes its Damage token; the token of a card still by
    the board stays (here the DRS one)."""
    st = position("""
        round = 5
        sequence = ["Blue", "Red"]
        to_move = "Red"
        rolls = ["white:4"]
        [[car]]
        name = "Red"
        at = "pit"
        damage = ["D05", "D08"]
        damage_tokens = ["speed", "drs"]
        [[car]]
        name = "Blue"
        at = "10.2.1"
    """)
    car = st.cars[0]
    GAME.apply(st, 0, A.PitStop(None, (), "one", "D05"))
    GAME.apply(st, 0, A.Done())
    assert car.damage == ["D08"] and car.damage_tokens == ["drs"]


def test_fgp_11_2_1_b_repairing_everything_keeps_the_car_a_round_with_no_roll():
    """Repairing all the cards at once: no WHITE die, the car stays in its box until the
    next round, when it goes out to the pit exit."""
    st = position("""
        round = 5
        sequence = ["Blue", "Red"]
        to_move = "Red"
        [[car]]
        name = "Red"
        at = "pit"
        damage = ["D05", "D06"]
        [[car]]
        name = "Blue"
        at = "10.2.1"
    """)
    car = st.cars[0]
    GAME.apply(st, 0, A.PitStop(None, (), "all"))
    with chance.scripted(st.chance, rolls=[]):
        GAME.apply(st, 0, A.Done())
    assert car.damage == [] and car.in_pit and car.space is None
    to_step(st, 0, "prep")                               # round 7 from the pit exit
    assert st.round == 7 and car.space == PIT_EXIT


def test_fgp_11_2_1_a_car_held_by_a_long_repair_lines_up_with_the_cars_not_repairing():
    """A car leaving after the round it was held by a long repair made no repair in that
    round: it rolls its pit time and goes out ahead of a car that repaired in that round."""
    st = position("""
        round = 5
        [[car]]
        name = "Red"
        at = "pit"
        damage = ["D05", "D06"]
        box = 0
        [[car]]
        name = "Blue"
        at = "39.4.1"
        hand = ["R01"]
        damage = ["D07"]
        box = 1
    """)
    held = st.cars[0]
    with chance.scripted(st.chance, rolls=[roll("white", 1)]):     # a long repair
        GAME.apply(st, 0, A.PitStop(None, (), "one", "D05"))
        GAME.apply(st, 0, A.Done())
    GAME.apply(st, 1, A.Done())
    GAME.apply(st, 1, A.Play(("R01",)))
    GAME.apply(st, 1, A.Step(PIT_LANE))
    to_step(st, 1, "pit_stop")                           # round 6: Red sits it out
    assert st.round == 6 and held.in_pit
    # Blue's repair roll (2), then the held car's pit-time roll (6)
    with chance.scripted(st.chance, rolls=[roll("white", 2), roll("white", 6)]):
        GAME.apply(st, 1, A.PitStop(None, (), "one", "D07"))
        ev = GAME.apply(st, 1, A.Done())
    assert next(e for e in ev if e.kind == "pit_exit_order").data["order"] == [0, 1]


# ---- FGP 11.2.2 Racing With a Teammate -------------------------------------------------------
def test_fgp_11_2_2_the_teammate_served_second_leaves_after_the_others_before_repairs():
    """Two cars of one team stopping in the same round share the box: the one served
    second goes out after every other car that did not repair, still ahead of repairers."""
    st = position("""
        round = 5
        sequence = ["Grey", "Red", "Blue", "Green", "Orange"]
        to_move = "Red"
        [[car]]
        name = "Red"
        at = "pit"
        [[car]]
        name = "Blue"
        at = "pit"
        [[car]]
        name = "Green"
        at = "pit"
        [[car]]
        name = "Orange"
        at = "pit"
        damage = ["D05"]
        [[car]]
        name = "Grey"
        at = "10.2.1"
    """)
    # a team of two is not in the Standard set-up (one board a seat): made by hand here
    st.cars[1].team, st.cars[1].box = st.cars[0].team, st.cars[0].box
    for s in (0, 1, 2):
        GAME.apply(st, s, A.PitStop(None, (), "none"))
        GAME.apply(st, s, A.Done())
    # Orange's repair roll, then the pit times of Red, Blue and Green
    rolls = [roll("white", 2), roll("white", 5), roll("white", 2), roll("white", 4)]
    with chance.scripted(st.chance, rolls=rolls):
        GAME.apply(st, 3, A.PitStop(None, (), "one", "D05"))
        ev = GAME.apply(st, 3, A.Done())
    assert next(e for e in ev if e.kind == "pit_exit_order").data["order"] == [2, 0, 1, 3]


# ---- FGP 11.3 Leaving the Pits ---------------------------------------------------------------
def test_fgp_11_3_the_move_out_of_the_pit_exit_is_in_second_gear_with_one_card():
    """A car starting its turn on the pit-exit space moves in 2nd gear, whatever the
    tile's gear, and may not play a pair."""
    st = on_pit_exit('["R01", "R02", "G01", "G02"]')
    GAME.apply(st, 0, A.Done())
    plays = [a for a in GAME.fine_actions(st, 0) if isinstance(a, A.Play)]
    assert plays and all(len(a.cards) == 1 for a in plays)
    ev = GAME.apply(st, 0, A.Play(("R01",)))
    mp = next(e for e in ev if e.kind == "move_play").data
    side = C.board_side(st, st.cars[0])
    assert mp["gear"] == 2 and mp["mp"] == side.speed.gear2.red + 2     # + medium bonus 2


def test_fgp_11_3_any_movement_colour_may_leave_the_pits():
    """GREEN, RED, BLUE or ORANGE: each may be played alone for the move out."""
    st = on_pit_exit('["G01", "R01", "B01", "O01"]')
    GAME.apply(st, 0, A.Done())
    plays = {a.cards for a in GAME.fine_actions(st, 0) if isinstance(a, A.Play)}
    assert plays == {("G01",), ("R01",), ("B01",), ("O01",)}


def test_fgp_11_3_leaving_sideways_across_the_yellow_line_is_a_penalty():
    """The car should drive straight out; it may cut across the yellow line sideways, but
    that earns a Penalty token at once. Straight out costs nothing."""
    st = on_pit_exit('["G01"]')
    car = st.cars[0]
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G01",)))
    assert {A.Step(S("1.4.1")), A.Step(S("0.3.1"))} <= set(GAME.fine_actions(st, 0))
    ev = steps(st, 0, "0.3.1")
    assert car.penalties == 1 and car.space == S("0.3.1")
    assert [(e.data["cause"], e.rule) for e in ev if e.kind == "penalty"] == \
        [("yellow_line", "FGP 11.3")]
    st = on_pit_exit('["G01"]')
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G01",)))
    steps(st, 0, "1.4.1")
    assert st.cars[0].penalties == 0


def _cold_rounds(tyre):
    """Red makes its stop in round 5 (tyres `tyre`, None = kept); the Cold Tyres token
    at every decision up to round 8 (its exit turn, in round 6, counted apart)."""
    st = in_pit()
    car = st.cars[0]
    GAME.apply(st, 0, A.PitStop(tyre, (), "none"))
    GAME.apply(st, 0, A.Done())
    seen: dict = {}
    bots = {s: GAME.make_agent("heuristic", s, 1) for s in (0, 1)}
    exit_round = None
    while st.round <= 8:
        s = min(GAME.to_act(st))
        if exit_round is None and s == 0 and GAME.pending_step(st).name == "prep":
            exit_round = st.round
        key = "exit turn on" if st.round == exit_round else st.round
        seen.setdefault(key, set()).add(car.cold_tyres > 0)
        GAME.apply(st, s, bots[s].choose(GAME, st, s))
    return exit_round, seen


def test_fgp_11_3_cold_tyres_for_the_exit_round_and_the_next_after_a_tyre_change():
    """The Cold Tyres token (-2 LEDs) lies by the car from its move out of the pits through
    the next round, and is gone after that."""
    exit_round, seen = _cold_rounds("soft")
    assert exit_round == 6 and seen["exit turn on"] == {True}
    assert seen[7] == {True} and seen[8] == {False}


def test_fgp_11_3_cold_tyres_also_after_a_stop_without_new_tyres():
    """Leaving the pits gives the Cold Tyres token whether or not a new set was fitted."""
    exit_round, seen = _cold_rounds(None)
    assert exit_round == 6 and seen["exit turn on"] == {True}
    assert seen[7] == {True} and seen[8] == {False}


def test_fgp_11_3_cold_tyres_cost_two_leds_in_a_battle():
    """A car with the Cold Tyres token counts 2 LEDs less in a battle (here defending)."""
    def defence(cold: int) -> int:
        st = position(f"""
            round = 5
            [[car]]
            name = "Red"
            at = "10.2.1"
            hand = ["R01", "G01"]
            [[car]]
            name = "Blue"
            at = "12.1.1"
            hand = ["G05"]
            cold_tyres = {cold}
        """)
        GAME.apply(st, 0, A.Done())
        GAME.apply(st, 0, A.Play(("R01",)))
        steps(st, 0, "11.2.1")
        GAME.apply(st, 0, A.Stop())                  # behind Blue, in the next lane
        GAME.apply(st, 0, A.Attack(1))
        for _ in range(6):
            step = GAME.pending_step(st).name
            if step not in ("ot_boost", "battle_cards", "battle_boost"):
                break
            for s in sorted(GAME.to_act(st)):
                legal = GAME.fine_actions(st, s)
                pick = next((a for a in legal if isinstance(a, A.Cards)
                             and a.cards == (("G01",) if s == 0 else ("G05",))), None)
                ev = GAME.apply(st, s, pick or (A.Done() if A.Done() in legal else
                                                A.Boost() if A.Boost() in legal else legal[0]))
                res = [e for e in ev if e.kind == "battle_result"]
                if res:
                    return res[0].data["defence"]
        raise AssertionError("no battle result")
    assert defence(0) - defence(1) == 2

