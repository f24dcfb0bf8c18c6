"""FGP 9 (Overtaking), section by section, written from the rulebook: each
test writes a position by hand and plays it through the protocol.

On the fast track tiles 0-6 are straight (tiles 3 and 4 have two spaces a
lane), tile 12 has slipstream spaces (one car shadow) in lanes 2 and 3, tile
16 a double-lane space (16.2.2, lanes 2-3). Vireo (the attacker in most
tests) holds OT 2 (LEDs 0/1/2), halcyon OT 3 (0/1/1/2); medium tyres +2,
hard +1; GREEN in 8th gear = 3 points. Cards: G01-G04 1 LED, G05-G09 2,
R01-R04 2, R05-R08 3, T01-T08 and P01-P06 1, R04-R06 carry +1 OT."""
from __future__ import annotations

from .common import A, GAME, kinds, legal, name, play, position, space, turn_over


def steps(st, *names):
    return play(st, *[A.Step(space(st, n)) for n in names])


def single(card: str) -> A.Play:
    return A.Play((card,), (), False)


def targets(st) -> set:
    return {(a.defender, a.side) for a in legal(st) if a.defender is not None}


BATTLE = """
round = 5
rolls = {rolls}
[[car]]
name = "vireo"
at = "1.2.1"
tyre = "hard"
hand = {attacker}
[[car]]
name = "halcyon"
at = "3.3.1"
hand = {defender}
"""


def battle(attacker, defender, *, rolls="[]"):
    """Vireo, 4 points (GREEN G01, hard tyres), drives one space to 2.2.1 and
    stops: halcyon sits on the next tile in the lane beside (3.3.1); OT 2."""
    st = position(BATTLE.format(attacker=["G01", *attacker], defender=list(defender),
                                rolls=rolls))
    play(st, A.Done(), single("G01"))
    ev = steps(st, "2.2.1")
    ev += play(st, A.Stop())
    return st, ev


def fight(st, attack, defence, boosts=((), ())):
    """Declare against halcyon, no OT boost, the secret cards, no boosts."""
    ev = play(st, A.Attack(1), A.Done())
    ev += play(st, A.Cards(tuple(attack)), seat=0)
    ev += play(st, A.Cards(tuple(defence)), seat=1)
    while st.turn.pending and st.turn.pending.step == "battle_boost":
        s = min(GAME.to_act(st))
        ev += play(st, A.Boost(False, False, ()), seat=s)
    return ev


# ---- FGP 9 --------------------------------------------------------------------------------
def test_fgp_9_onto_an_opponents_tile_only_by_a_free_pass_or_a_battle():
    """Moving onto a tile held by an opponent is overtaking: beside it (no empty lane) the car stops before that tile; with an empty lane between it drives on."""
    st, ev = battle([], ["G03"])
    assert name(st, 0) == "2.2.1" and "stop_behind" in kinds(ev)
    st = position(BATTLE.format(attacker=["G01"], defender=["G03"], rolls="[]")
                  .replace('at = "3.3.1"', 'at = "3.4.1"'))
    play(st, A.Done(), single("G01"))
    steps(st, "2.2.1", "3.2.1")                              # lane 3 empty between
    assert name(st, 0) == "3.2.1"


# ---- FGP 9.1 ------------------------------------------------------------------------------
def test_fgp_9_1_red_moves_one_lane_right_and_passes_blue_without_a_battle():
    """The book's first example: staying in the middle lane means a battle; one lane to the right leaves an empty lane between and Red passes freely."""
    text = """
round = 5
[[car]]
name = "Red"
at = "1.2.1"
hand = ["R01"]
[[car]]
name = "Blue"
at = "2.1.1"
"""
    st = position(text)
    play(st, A.Done(), single("R01"))                       # 7 points
    options = legal(st)
    assert A.Step(space(st, "2.2.1")) not in options and A.Stop() in options
    steps(st, "1.3.1", "2.3.1", "3.3.1")
    assert name(st, 0) == "3.3.1"


def test_fgp_9_1_red_enters_beside_grey_then_changes_lanes_and_drives_past():
    """The book's second example: Red reaches Grey's tile with an empty lane between, then moves freely there, lane changes included, and on past Grey."""
    st = position("""
round = 5
[[car]]
name = "Red"
at = "1.1.1"
hand = ["G05"]
[[car]]
name = "Grey"
at = "2.3.1"
""")
    play(st, A.Done(), single("G05"))
    steps(st, "2.1.1", "2.2.1", "3.2.1", "3.2.2")
    assert name(st, 0) == "3.2.2"


def test_fgp_9_1_a_car_that_passed_freely_may_then_push():
    """Having reached a tile without a battle, the car moves normally there: a lateral step into the other car's space pushes it one lane on."""
    st = position("""
round = 5
[[car]]
name = "Red"
at = "0.1.1"
hand = ["R01"]
[[car]]
name = "Grey"
at = "1.3.1"
""")
    play(st, A.Done(), single("R01"))
    steps(st, "1.1.1", "1.2.1")                             # onto the tile, no battle
    assert A.Step(space(st, "1.3.1")) in legal(st)
    ev = steps(st, "1.3.1")
    assert "push" in kinds(ev)
    assert (name(st, 0), name(st, 1)) == ("1.3.1", "1.4.1")


def test_fgp_9_1_a_double_lane_space_is_one_lane():
    """Blue cannot use the double-lane space (lanes 2-3 of tile 16) to pass Orange in lane 1 freely: leaving it for lane 3 it is still beside Orange; from a plain lane-3 space it would pass."""
    text = """
round = 5
[[car]]
name = "Blue"
at = "{at}"
hand = ["G05"]
[[car]]
name = "Orange"
at = "17.1.1"
"""
    st = position(text.format(at="16.2.2"))
    play(st, A.Done(), single("G05"))
    options = legal(st)
    assert A.Step(space(st, "17.3.1")) not in options and A.Stop() in options
    # from the single space of lane 3 on tile 2 an empty lane 2 lets it pass a car in lane 1
    st = position(text.format(at="2.3.1").replace('at = "17.1.1"', 'at = "3.1.1"'))
    play(st, A.Done(), single("G05"))
    assert A.Step(space(st, "3.3.1")) in legal(st)


def test_fgp_9_1_several_tyre_wear_cards_brake_at_once():
    """Several Tyre Wear cards may be played together for Brake!, one point and +1 wear each."""
    st = position("""
round = 5
[[car]]
name = "vireo"
at = "1.2.1"
hand = ["G05", "T01", "T02", "T03"]
[[car]]
name = "halcyon"
at = "30.2.1"
""")
    play(st, A.Done(), single("G05"))
    steps(st, "2.2.1", "3.2.1")
    wear = st.cars[0].wear
    play(st, A.Reduce(0, ("T01", "T02", "T03")))
    assert name(st, 0) == "3.2.1" and st.cars[0].wear == wear + 3


# ---- FGP 9.2 ------------------------------------------------------------------------------
def test_fgp_9_2_orange_4_points_one_space_ot_2_and_one_point_lost():
    """The book's example: 4 points, one space to the last space of its tile beside the car ahead; 3 points left, OT capacity 2, the third is lost."""
    st, ev = battle(["G05"], ["G03"])
    (ot,) = [e for e in ev if e.kind == "ot_charge"]
    assert (ot.data["ot"], ot.data["lost"]) == (2, 1)
    assert st.cars[0].ot == 2 and targets(st) == {(1, None)}


def test_fgp_9_2_a_car_right_behind_in_its_lane_may_stop():
    """Reaching a car that sits on the very next space of its own lane, the mover may stop on the last space of its tile instead of changing lanes."""
    st = position("""
round = 5
[[car]]
name = "vireo"
at = "1.2.1"
hand = ["G05"]
[[car]]
name = "halcyon"
at = "2.2.1"
""")
    play(st, A.Done(), single("G05"))
    assert A.Stop() in legal(st)
    ev = play(st, A.Stop())
    assert name(st, 0) == "1.2.1" and "stop_behind" in kinds(ev)
    # straight behind it (not a slipstream space) no battle can be declared
    assert "battle" not in kinds(ev) and st.cars[0].ot == 0


def test_fgp_9_2_the_car_may_stop_short_of_the_shadow_and_attack_beside():
    """The step into the shadow behind a same-lane car is allowed, not forced: the car may stop on its tile's last space and attack the car in the lane beside."""
    st = position("""
round = 5
[[car]]
name = "vireo"
at = "11.2.1"
hand = ["G01", "G05"]
[[car]]
name = "halcyon"
at = "12.3.1"
[[car]]
name = "corsa_nera"
at = "12.2.1"
""")
    play(st, A.Done(), single("G01"))
    options = legal(st)
    assert A.Step(space(st, "12.2.1")) in options and A.Stop() in options
    play(st, A.Stop())
    assert name(st, 0) == "11.2.1" and targets(st) == {(1, None)}


def test_fgp_9_2_ending_the_move_instead_wastes_the_ot():
    """Choosing not to battle ends the turn with the OT back to zero."""
    st, _ = battle([], ["G03"])
    ev = play(st, A.Attack(None))
    assert st.cars[0].ot == 0 and "battle" not in kinds(ev)
    assert [e.data["ot_lost"] for e in ev if e.kind == "no_battle"] == [2]


def test_fgp_9_2_dice_owed_by_the_move_are_rolled_before_the_battle():
    """A pair's YELLOW die is rolled once the car has stopped, before it declares the battle."""
    st = position(BATTLE.format(attacker=["G01", "G02"], defender=["G03"],
                                rolls='["yellow:tyre_wear"]'))
    play(st, A.Done(), A.Play(("G01", "G02"), (), False))   # RED pace: 5 + 1 points
    steps(st, "2.2.1")
    wear = st.cars[0].wear
    ev = play(st, A.Stop())
    assert [e.data.get("die") for e in ev if e.kind == "roll"] == ["yellow"]
    assert st.cars[0].wear == wear + 1 and st.turn.pending.step == "attack"


def test_fgp_9_2_c_ot_cards_stop_at_the_limit_the_red_token_goes_over():
    """A +1 OT card cannot raise OT past the car's maximum; the RED parameter token can, and the LEDs are then those of the highest level."""
    st, _ = battle(["R04", "G05"], ["G03"])                  # R04: +1 OT
    play(st, A.Attack(1))
    assert st.cars[0].ot == 2
    options = legal(st)
    assert not any(isinstance(a, A.Spend) for a in options)  # already at the maximum (2)
    play(st, A.Parameter("red"))
    assert st.cars[0].ot == 3
    play(st, A.Done(), A.Cards(("G05",)), seat=0)
    ev = play(st, A.Cards(("G03",)), seat=1)
    while st.turn.pending and st.turn.pending.step == "battle_boost":
        ev += play(st, A.Boost(False, False, ()), seat=min(GAME.to_act(st)))
    (res,) = [e for e in ev if e.kind == "battle_result"]
    assert res.data["attack"] == 2 + 2                       # G05 + the top level's 2 LEDs


def test_fgp_9_2_c_a_plus_one_ot_card_below_the_limit():
    """Below the maximum a card's +1 OT function raises the OT by one."""
    st = position(BATTLE.format(attacker=["G01", "R04", "G05"], defender=["G03"], rolls="[]")
                  .replace('at = "1.2.1"\ntyre = "hard"', 'at = "0.2.1"\ntyre = "hard"\nwear = 16'))
    play(st, A.Done(), single("G01"))                       # 3 points: worn tyres
    steps(st, "1.2.1", "2.2.1")
    play(st, A.Stop(), A.Attack(1))
    assert st.cars[0].ot == 1
    play(st, A.Spend("ot_plus1", ("R04",)))
    assert st.cars[0].ot == 2 and "R04" not in st.cars[0].hand


# ---- FGP 9.3 ------------------------------------------------------------------------------
def test_fgp_9_3_secret_cards_at_least_one_movement_or_tyre_wear_card():
    """Both sides choose face down; every attack play holds a movement or Tyre Wear card (an Option card only adds LEDs); the defender may also not defend."""
    st, _ = battle(["G05", "P01", "T01"], ["G03", "P02"])
    play(st, A.Attack(1), A.Done())
    assert st.turn.pending.step == "battle_cards" and GAME.to_act(st) == {0, 1}
    attack = GAME.fine_actions(st, 0)
    assert A.Cards(("P01",)) not in attack and A.Cards(("T01",)) in attack
    assert A.Cards(("G05", "P01", "T01")) in attack
    defence = GAME.fine_actions(st, 1)
    assert A.Cards(()) in defence and A.Cards(("P02",)) not in defence


def test_fgp_9_3_an_undefended_attack_succeeds_and_tyre_wear_cards_cost_wear():
    """No defence: the attack succeeds, the attacker drives its OT forward; each Tyre Wear card played costs +1 wear."""
    st, _ = battle(["G05", "T01"], ["G03"])
    wear = st.cars[0].wear
    ev = fight(st, ("G05", "T01"), ())
    (res,) = [e for e in ev if e.kind == "battle_result"]
    assert res.data["outcome"] == "attacker"
    assert st.cars[0].wear == wear + 1 and name(st, 0) == "3.2.2"
    assert "G05" not in st.cars[0].hand and "T01" not in st.cars[0].hand


def test_fgp_9_3_leds_add_up_cards_and_ot_for_the_attacker_cards_for_the_defender():
    """The totals: the cards' LEDs, plus the LEDs of the attacker's OT level; an Option card adds its LED."""
    st, _ = battle(["R05", "P01"], ["R06", "P02"])           # 3 + 1 (+2 OT) vs 3 + 1
    ev = fight(st, ("R05", "P01"), ("R06", "P02"))
    (res,) = [e for e in ev if e.kind == "battle_result"]
    assert (res.data["attack"], res.data["defence"]) == (6, 4)


# ---- FGP 9.4 ------------------------------------------------------------------------------
def test_fgp_9_4_the_totals_decide_win_loss_or_tie():
    """More LEDs for the attacker: it overtakes; more for the defender: it holds; equal: a tie."""
    for attack, defence, outcome in ((("G05",), ("G03",), "attacker"),       # 4 v 1
                                     (("G02",), ("R05", "P01"), "defender"),  # 3 v 4
                                     (("G05",), ("R05", "P01"), "tie")):      # 4 v 4
        st, _ = battle(list(attack), list(defence))
        ev = fight(st, attack, defence)
        (res,) = [e for e in ev if e.kind == "battle_result"]
        assert res.data["outcome"] == outcome


# ---- FGP 9.4.1 ----------------------------------------------------------------------------
def test_fgp_9_4_1_the_winner_drives_all_its_ot_forward_in_its_own_lane():
    """The attacker spends every OT point driving forward, no lane change; the defender stays."""
    st, _ = battle(["G05"], ["G03"])
    ev = fight(st, ("G05",), ("G03",))
    assert (name(st, 0), name(st, 1)) == ("3.2.2", "3.3.1")   # two spaces: 3.2.1, 3.2.2
    assert "overtake" in kinds(ev) and st.cars[0].ot == 0


def test_fgp_9_4_1_a_car_in_the_way_stops_the_ot_move_the_rest_is_lost():
    """A car in the attacker's lane ends the OT move behind it; the other cars ahead cannot defend."""
    st = position(BATTLE.format(attacker=["G01", "G05"], defender=["G03"], rolls="[]")
                  + '\n[[car]]\nname = "corsa_nera"\nat = "3.2.2"\n')
    play(st, A.Done(), single("G01"))
    steps(st, "2.2.1")
    play(st, A.Stop())
    assert targets(st) == {(1, None)}                        # the same-lane car: no target
    fight(st, ("G05",), ("G03",))
    assert name(st, 0) == "3.2.1" and name(st, 2) == "3.2.2"


def test_fgp_9_4_1_ending_in_a_shadow_gives_a_secondary_attack():
    """The OT move ending in a slipstream shadow behind another car: the remaining OT + 2 attack again, that car cannot defend, one movement card is played."""
    st = position("""
round = 5
[[car]]
name = "vireo"
at = "11.2.1"
tyre = "hard"
hand = ["G01", "G05", "G02"]
[[car]]
name = "halcyon"
at = "12.3.1"
hand = ["G03"]
[[car]]
name = "corsa_nera"
at = "12.2.1"
""")
    play(st, A.Done(), single("G01"))                       # 4 points
    assert A.Step(space(st, "12.2.1")) in legal(st)          # the shadow behind corsa_nera...
    play(st, A.Stop())                                      # ... or stop: OT 2 (2 lost)
    ev = fight(st, ("G05",), ("G03",))
    assert name(st, 0) == "12.2.1" and st.turn.pending.step == "secondary"
    assert {a.side for a in legal(st) if a.defender == 2} == {"left", "right"}
    ev = play(st, A.Attack(2, "left"))
    # one OT point left + 2: a lateral point to 12.1.1, then two forward
    assert name(st, 0) == "14.1.1" and "G02" not in st.cars[0].hand


def test_fgp_9_4_1_cars_ending_the_round_together_get_wheel_to_wheel_tokens():
    """After all turns, cars on one tile get the VS token; already VS: flipped to Stress with +1 stress; already Stress: +1 stress and removed."""
    text = """
round = 5
sequence = ["halcyon", "vireo"]
to_move = "vireo"
[[car]]
name = "vireo"
at = "3.2.1"
ers = 0
hand = ["G05", "T01", "T02"]
{tok}
[[car]]
name = "halcyon"
at = "3.3.1"
{tok}
"""
    for tok, after, stress in (("", "vs", 0), ('w2w = "vs"', "stress", 1),
                               ('w2w = "stress"', None, 1)):
        st = position(text.format(tok=tok))
        before = [c.stress for c in st.cars]
        play(st, A.Done(), single("G05"), A.Reduce(3, ("T01", "T02")))
        assert [c.w2w for c in st.cars] == [after, after]
        assert [c.stress - b for c, b in zip(st.cars, before)] == [stress, stress]


# ---- FGP 9.4.2 ----------------------------------------------------------------------------
def test_fgp_9_4_2_the_defender_holds_both_stay_cards_go_pairs_roll_yellow():
    """More LEDs for the defender: both cars stay, every battle card is discarded, a pair played in the battle rolls the YELLOW die."""
    st, _ = battle(["G02"], ["R05", "R06"], rolls='["yellow:stress"]')
    stress = st.cars[1].stress
    ev = fight(st, ("G02",), ("R05", "R06"))
    (res,) = [e for e in ev if e.kind == "battle_result"]
    assert res.data["outcome"] == "defender"
    assert (name(st, 0), name(st, 1)) == ("2.2.1", "3.3.1")
    assert st.cars[0].hand == [] and st.cars[1].hand == []
    assert st.cars[1].stress == stress + 1


# ---- FGP 9.4.3 ----------------------------------------------------------------------------
def test_fgp_9_4_3_a_tie_both_stay_and_both_gain_one_stress():
    """Equal LEDs: the overtake fails, both cars stay, each driver gains 1 stress."""
    st, _ = battle(["G05"], ["R05", "P01"])                  # 2 + 2 v 3 + 1
    stress = [c.stress for c in st.cars]
    ev = fight(st, ("G05",), ("R05", "P01"))
    (res,) = [e for e in ev if e.kind == "battle_result"]
    assert res.data["outcome"] == "tie"
    assert (name(st, 0), name(st, 1)) == ("2.2.1", "3.3.1")
    assert [c.stress for c in st.cars] == [stress[0] + 1, stress[1] + 1]


# ---- FGP 9.5 ------------------------------------------------------------------------------
W2W = """
round = 6
[[car]]
name = "vireo"
at = "2.3.1"
hand = ["G05"]
w2w = "vs"
w2w_with = [1]
[[car]]
name = "halcyon"
at = "3.2.1"
w2w = "vs"
w2w_with = [0]
"""


def test_fgp_9_5_wheel_to_wheel_cars_race_past_each_other():
    """Cars in a wheel-to-wheel battle move freely among themselves (no stop, no battle) and may push each other."""
    st = position(W2W)
    play(st, A.Done(), single("G05"))
    steps(st, "3.3.1")                                       # beside halcyon: no stop
    assert A.Step(space(st, "3.2.1")) in legal(st) and A.Stop() not in legal(st)
    ev = steps(st, "3.2.1")                                 # a push: halcyon to lane 1
    assert "push" in kinds(ev) and name(st, 1) == "3.1.1"


def test_fgp_9_5_the_battle_is_with_the_cars_it_shared_the_tile_with():
    """A W2W token does not make every other token holder passable: a car W2W with someone else still blocks."""
    st = position(W2W.replace("w2w_with = [1]", "w2w_with = [2]")
                  .replace("w2w_with = [0]", "w2w_with = [3]") + """
[[car]]
name = "corsa_nera"
at = "30.2.1"
w2w = "vs"
w2w_with = [0]
[[car]]
name = "ardent"
at = "35.2.1"
w2w = "vs"
w2w_with = [1]
""")
    play(st, A.Done(), single("G05"))
    assert A.Step(space(st, "3.3.1")) not in legal(st) and A.Stop() in legal(st)


def test_fgp_9_5_tokens_at_the_end_of_a_round_only_with_a_regular_space_car():
    """Sharing a tile at the end of a round makes cars W2W for the next, when one of them is on a regular space; each records whom it shares the tile with."""
    st = position("""
round = 5
sequence = ["halcyon", "vireo"]
to_move = "vireo"
[[car]]
name = "vireo"
at = "12.4.1"
ers = 0
hand = ["G05", "T01", "T02"]
[[car]]
name = "halcyon"
at = "12.3.1"
""")
    play(st, A.Done(), single("G05"), A.Reduce(3, ("T01", "T02")))
    assert [c.w2w for c in st.cars] == ["vs", "vs"]
    assert (st.cars[0].w2w_with, st.cars[1].w2w_with) == ([1], [0])
