"""Scenario tests for the last optional rules (FGP 15.1, 15.7.2, 15.8, 15.12,
15.13), written from the rulebook: each option's position is played with and
without the option, through GAME.legal_actions / GAME.apply."""
from __future__ import annotations

import pytest

from chequered.engine.play import play
from chequered.engine.records import record_of, replay
from chequered.games.formulagp.checks import invariants
from chequered.games.formulagp.config import FormulaGPConfig
from chequered.games.formulagp.track import track_keys

from ._flags_help import A, GAME, at, drive, finish, kinds, pos

# ---- FGP 15.7.2 Defending Position ----------------------------------------------------------
BATTLE = """
rules = "advanced"
round = 5
options = {options}
[[car]]
name = "vireo"
at = "1.2.1"
tyre = "hard"
hand = {attacker}
[[car]]
name = "halcyon"
at = "{defender_at}"
hand = {defender}
{third}
"""
THIRD = """
[[car]]
name = "kestrel"
at = "3.2.1"
hand = ["G02"]
"""


def _no_boosts(st):
    ev = []
    while st.turn.pending and st.turn.pending.step == "battle_boost":
        ev += GAME.apply(st, min(GAME.to_act(st)), A.Boost(False, False, ()))
    return ev


def _tie(defender, *, options=("defending_position",), third=""):
    """Vireo (OT 2) stops behind halcyon and attacks: G05 + 2 OT LEDs
    against R05 + P01, 4 against 4, a tie. Vireo keeps G06 for a second go."""
    st = pos(BATTLE.format(options=list(options), attacker=["G01", "G05", "G06"],
                           defender=["R05", "P01", *defender], defender_at="3.3.1",
                           third=third))
    ev = []
    for a in (A.Done(), A.Play(("G01",), (), False)):
        ev += GAME.apply(st, 0, a)
    ev += GAME.apply(st, 0, next(a for a in GAME.fine_actions(st, 0) if isinstance(a, A.Step)))
    ev += GAME.apply(st, 0, A.Stop())
    ev += GAME.apply(st, 0, A.Attack(1)) + GAME.apply(st, 0, A.Done())
    ev += GAME.apply(st, 0, A.Cards(("G05",))) + GAME.apply(st, 1, A.Cards(("R05", "P01")))
    ev += _no_boosts(st)
    assert next(e for e in ev if e.kind == "battle_result").data["outcome"] == "tie"
    return st, ev


def test_fgp_15_7_2_the_defender_blocks_with_a_movement_card_no_second_attack():
    """After a tie the defender may play a GREEN, RED or ORANGE card to change
    lanes in front of the attacker: the attacker gains one tyre wear and may
    not attack again."""
    st, _ = _tie(["G03", "R01", "O01", "B01"])
    assert st.turn.pending.step == "defend_block" and set(GAME.to_act(st)) == {1}
    legal = GAME.fine_actions(st, 1)
    assert set(legal) == {A.PlayCard("G03", "block"), A.PlayCard("R01", "block"),
                          A.PlayCard("O01", "block"), A.Done()}     # no BLUE card
    wear = st.cars[0].wear
    ev = GAME.apply(st, 1, A.PlayCard("R01", "block"))
    assert "block" in kinds(ev) and st.cars[0].wear == wear + 1
    assert "R01" not in st.cars[1].hand and "R01" in st.cars[1].deck.discards
    assert at(st, 1) == "3.2.1" and at(st, 0) == "2.2.1"        # into the attacker's lane
    assert st.battle is None and st.cars[0].ot == 0
    assert not (st.turn.pending and st.turn.pending.step == "second_attempt")


def test_fgp_15_7_2_without_a_block_the_attacker_tries_again_one_ot_less():
    """If the defender does not block, the attacker may attack again with one
    OT point less, the two battling with the cards they have left."""
    st, _ = _tie(["G03"])
    GAME.apply(st, 1, A.Done())
    assert st.turn.pending.step == "second_attempt" and set(GAME.to_act(st)) == {0}
    ev = GAME.apply(st, 0, A.Attack(1))
    assert "second_attempt" in kinds(ev) and st.cars[0].ot == 1
    GAME.apply(st, 0, A.Done())
    ev = GAME.apply(st, 0, A.Cards(("G06",))) + GAME.apply(st, 1, A.Cards(("G03",)))
    ev += _no_boosts(st)
    assert [e for e in ev if e.kind == "battle_result"][-1].data["outcome"] == "attacker"


def test_fgp_15_7_2_with_the_lane_taken_the_defender_blocks_where_it_is():
    """A car already beside the defender in the attacker's lane: the blocking
    defender holds its line (A150); the attacker still gains the wear and
    does not attack again."""
    st, _ = _tie(["G03"], third=THIRD)
    wear = st.cars[0].wear
    ev = GAME.apply(st, 1, A.PlayCard("G03", "block"))
    assert "block_lane" not in kinds(ev) and at(st, 1) == "3.3.1"
    assert st.battle is None and st.cars[0].wear == wear + 1


def test_fgp_15_7_2_no_block_card_or_no_option_the_attacker_decides():
    """With only a BLUE card the defender cannot block; without the option
    the attacker decides at once (FGP 9.4.3)."""
    st, _ = _tie(["B01"])
    assert st.turn.pending.step == "second_attempt"
    st, _ = _tie(["G03"], options=())
    assert st.turn.pending.step == "second_attempt"


def test_fgp_15_7_2_the_option_needs_the_advanced_second_attempt():
    """The block changes an Advanced rule: a Standard race refuses the option."""
    with pytest.raises(ValueError):
        FormulaGPConfig(seats=["heuristic"] * 2, options=["defending_position"])



# ---- FGP 15.8 / 15.8.1 Photo Finish ---------------------------------------------------------
# The final round is over once kestrel (lost turn) is done; vireo and halcyon crossed the
# line in it and stand on tile 3 of the fast track (a straight), halcyon first in the
# driver sequence (the inside lane of the corner on tile 7).
FINISH = """
round = 16
final_round = true
to_move = "kestrel"
options = {options}
[[car]]
name = "vireo"
at = "{vireo}"
laps = 2
crossed_final = true
hand = {v_hand}
{v_more}
[[car]]
name = "halcyon"
at = "3.3.1"
laps = 2
crossed_final = true
hand = {h_hand}
{h_more}
[[car]]
name = "kestrel"
at = "30.2.1"
laps = 2
lose_turn = true
"""


def _finish_line(v_hand, h_hand, *, options=("photo_finish",), vireo="3.2.1", v_more="",
                 h_more="", forced=None):
    doc = FINISH.format(options=list(options), v_hand=list(v_hand), h_hand=list(h_hand),
                        vireo=vireo, v_more=v_more, h_more=h_more)
    return pos(doc, forced=forced) if forced else pos(doc)


def _turn(st, seat, card):
    ev = drive(st, seat, [card])
    return ev + finish(st, seat)


def test_fgp_15_8_cars_level_for_the_win_race_on_and_the_one_ahead_wins():
    """Two cars that crossed the line end the race on one tile: instead of the
    driver sequence (halcyon first) they take another turn each, halcyon
    first, and vireo's RED card puts it a tile ahead: vireo wins."""
    st = _finish_line(["R01"], ["G01"], options=())
    assert GAME.is_over(st) and st.classification == [1, 0, 2]
    st = _finish_line(["R01"], ["G01"])
    assert not GAME.is_over(st) and set(GAME.to_act(st)) == {1}
    _turn(st, 1, "G01")
    assert set(GAME.to_act(st)) == {0}
    ev = _turn(st, 0, "R01")
    assert "photo_winner" in kinds(ev) and GAME.is_over(st)
    assert st.classification == [0, 1, 2]


def test_fgp_15_8_1_level_again_means_another_photo_finish_round():
    """Both GREEN cards give the same distance: still level, so they go on
    with the cards left; then vireo's RED card decides."""
    st = _finish_line(["G02", "R01"], ["G01", "G03"])
    _turn(st, 1, "G01")
    ev = _turn(st, 0, "G02")
    assert at(st, 0).split(".")[0] == at(st, 1).split(".")[0]
    assert "photo_round" in kinds(ev) and not GAME.is_over(st)
    _turn(st, 1, "G03")
    _turn(st, 0, "R01")
    assert GAME.is_over(st) and st.classification[0] == 0


def test_fgp_15_8_1_the_only_car_with_a_movement_card_wins():
    """Halcyon holds no movement card: vireo alone drives and wins, even with
    a GREEN card."""
    st = _finish_line(["G02"], ["T01"])
    assert set(GAME.to_act(st)) == {0}
    _turn(st, 0, "G02")
    assert GAME.is_over(st) and st.classification == [0, 1, 2]
    assert st.cars[1].hand == ["T01"]


def test_fgp_15_8_1_no_movement_card_each_draws_the_top_card():
    """Neither holds a movement card: each draws the top card of its deck and
    plays it if it can; halcyon's Tyre Wear card cannot move it, vireo's
    GREEN card can, so vireo wins."""
    st = _finish_line([], [], forced=["card:T01", "card:G07"])
    assert st.cars[1].hand == ["T01"] and st.cars[0].hand == ["G07"]
    _turn(st, 0, "G07")
    assert GAME.is_over(st) and st.classification[0] == 0


def test_fgp_15_8_penalties_first_then_the_cars_level_on_a_tile():
    """Penalties are resolved first: vireo five tiles ahead with one Penalty
    token ends level with halcyon, so the two race on."""
    st = _finish_line(["G02"], ["G01"], vireo="8.2.1", v_more="penalties = 1")
    assert not GAME.is_over(st) and sorted(st.optional["photo"]["cars"]) == [0, 1]


def test_fgp_15_8_a_spun_car_or_one_not_fighting_for_the_win_is_left_out():
    """A car that crossed the line and spun is out of the photo finish, and a
    car a lap down on the tile is not fighting for the win: the driver
    sequence classifies them, no photo finish."""
    st = _finish_line(["G02"], ["G01"], h_more="spun = true")
    assert GAME.is_over(st) and "photo" not in st.optional
    st = _finish_line(["G02"], ["G01"], h_more="laps_down = 1\nblue_flag = true")
    assert GAME.is_over(st) and "photo" not in st.optional



# ---- FGP 15.13 New Overtake Mode ------------------------------------------------------------
# The fast track's control point is DRS zone 1 (tiles 2-5, track data `overtake_zone`);
# vireo (maximum OT 2) drives a GREEN card, five spaces in 8th gear.
MODE = """
round = 5
options = {options}
{optional}
[[car]]
name = "vireo"
at = "{vireo}"
hand = ["G01", "G02", "R01"]
[[car]]
name = "halcyon"
at = "{halcyon}"
hand = ["G06"]
"""


def _mode(halcyon, *, options=("overtake_mode",), vireo="0.2.1", optional=""):
    st = pos(MODE.format(options=list(options), vireo=vireo, halcyon=halcyon,
                         optional=optional))
    ev = drive(st, 0, ["G01"])
    while st.turn.pending.step in ("move", "extend"):         # no extension
        ev += GAME.apply(st, 0, A.Stop() if st.turn.pending.step == "move" else A.Done())
    return st, ev


def _event(ev, kind):
    return next((e.data for e in ev if e.kind == kind), None)


def test_fgp_15_13_catching_a_car_in_the_zone_charges_ot_by_the_tiles_between():
    """Vireo stops in the zone one tile behind halcyon (the lane beside): the
    control point saves 1 OT point; the standard charge (the point left)
    adds to it up to the maximum, so vireo attacks with OT 2 and the saved
    point is used up."""
    st, ev = _mode("4.3.1")
    assert at(st, 0) == "3.2.2"
    assert _event(ev, "overtake_mode") == {"seat": 0, "ot": 1, "gap": 1}
    assert _event(ev, "ot_charge")["ot"] == 2 and st.cars[0].ot == 2
    GAME.apply(st, 0, A.Attack(1))
    assert st.optional["overtake"]["0"] == 0                  # once only
    st, ev = _mode("4.3.1", options=())
    assert _event(ev, "overtake_mode") is None and _event(ev, "ot_charge")["ot"] == 1


def test_fgp_15_13_no_drs_the_gap_is_saved_up_to_the_maximum():
    """From the last tile of the lap: without the option DRS pulls vireo up
    behind halcyon; with it there is no DRS: vireo stays two tiles back and
    saves 2 OT points (its maximum)."""
    st, ev = _mode("5.3.1", options=(), vireo="40.2.1")
    assert "drs" in kinds(ev) and at(st, 0) == "4.2.2"
    st, ev = _mode("5.3.1", vireo="40.2.1")
    assert "drs" not in kinds(ev) and at(st, 0) == "3.2.2"
    assert _event(ev, "overtake_mode") == {"seat": 0, "ot": 2, "gap": 2}
    assert st.optional["overtake"]["0"] == 2
    assert GAME.view(st, 1)["cars"][0]["overtake_ot"] == 2      # on the board, seen by all


def test_fgp_15_13_entering_the_zone_with_no_car_there_resets_ot_to_zero():
    """Each entry into the zone resets the saved points: with no car in the
    zone they drop to zero."""
    st, ev = _mode("12.2.1", optional='optional = { overtake = { "0" = 2 } }')
    assert _event(ev, "overtake_mode") == {"seat": 0, "ot": 0, "gap": 0}
    assert st.optional["overtake"]["0"] == 0


def test_fgp_15_13_the_saved_points_are_used_anywhere_in_the_lap():
    """Away from the zone the saved points join the standard OT charge when
    the car is blocked by an opponent (here vireo drives from tile 9)."""
    st, ev = _mode("13.3.1", vireo="9.2.1", optional='optional = { overtake = { "0" = 2 } }')
    assert _event(ev, "overtake_mode") is None
    left = _event(ev, "stop_behind")["left"]
    assert _event(ev, "ot_charge")["ot"] == min(2, left + 2) == 2
    st, ev = _mode("13.3.1", vireo="9.2.1", options=())
    assert _event(ev, "ot_charge")["ot"] == min(2, left)


def test_fgp_15_13_every_track_names_its_overtake_mode_zone(tmp_path):
    """The track data says which DRS zone is the control point; a zone number
    the track lacks is refused."""
    from chequered.games.formulagp.track import TRACK_DIR, TrackError, load_track, track
    for key in track_keys():
        trk = track(key)
        assert 1 <= trk.spec.overtake_zone <= len(trk.drs_zones)
    bad = tmp_path / "bad.toml"
    bad.write_text((TRACK_DIR / "twisty.toml").read_text(encoding="utf-8").replace(
        "overtake_zone = 1", "overtake_zone = 2"), encoding="utf-8")
    with pytest.raises(TrackError, match="overtake_zone"):
        load_track(bad)



# ---- FGP 15.1 Player Turn Sequence determined by momentum ------------------------------------
# Round 5 begins (phase round_start): vireo and halcyon share tile 3 of the fast track,
# halcyon first of the two in the standard sequence (the inside lane of the corner on
# tile 7); kestrel leads the race alone on tile 20.
MOMENTUM = """
round = 4
phase = "round_start"
options = {options}
[[car]]
name = "vireo"
at = "3.2.1"
hand = ["G01", "R09", "G02", "G03", "G04"]
{v_more}
[[car]]
name = "halcyon"
at = "3.3.1"
hand = ["G05", "G06", "G07", "G08", "G09"]
[[car]]
name = "kestrel"
at = "20.2.1"
hand = ["G10", "G11", "G12", "R01", "R02"]
"""


def _momentum(options=("momentum_sequence",), v_more=""):
    st = pos(MOMENTUM.format(options=list(options), v_more=v_more))
    while st.turn.pending and st.turn.pending.step == "returns":      # the draw phase
        GAME.apply(st, min(GAME.to_act(st)), A.Done())
    return st


def test_fgp_15_1_cars_on_one_tile_move_by_the_leds_they_show():
    """The two cars on one tile choose their movement cards face down and show
    them together: vireo's RED card (4 LEDs) beats halcyon's GREEN (2), so
    vireo moves first; the car alone on its tile keeps its place; each then
    drives the card it showed."""
    st = _momentum()
    assert st.turn.pending.step == "momentum_cards" and set(GAME.to_act(st)) == {0, 1}
    assert st.sequence == [2, 1, 0]
    GAME.apply(st, 0, A.Play(("R09",), (), False))
    ev = GAME.apply(st, 1, A.Play(("G05",), (), False))
    shown = {e.data["seat"]: e.data["leds"] for e in ev if e.kind == "momentum_reveal"}
    assert shown == {0: 4, 1: 2} and st.sequence == [2, 0, 1]
    assert "R09" not in st.cars[0].hand
    _turn(st, 2, "G10")                                     # kestrel, the leader
    ev = GAME.apply(st, 0, A.Done())                        # preparations over
    play = next(e for e in ev if e.kind == "move_play")
    assert play.data["cards"] == ["R09"] and play.data["pace"] == "red"


def test_fgp_15_1_a_tie_keeps_the_standard_order_and_worn_tyres_move_last():
    """Equal LEDs keep the standard sequence; a car on worn tyres moves last
    of its tile whatever it shows."""
    st = _momentum()
    GAME.apply(st, 0, A.Play(("G01",), (), False))
    GAME.apply(st, 1, A.Play(("G05",), (), False))         # 1 LED against 2
    assert st.sequence == [2, 1, 0]
    st = _momentum(v_more="tyre = \"soft\"\nwear = 17")
    from chequered.games.formulagp.rules import cards as C
    from chequered.games.formulagp.rules.tyres import worn_out
    assert worn_out(C.board_side(st, st.cars[0]), "soft", st.cars[0].wear)
    GAME.apply(st, 0, A.Play(("R09",), (), False))
    GAME.apply(st, 1, A.Play(("G05",), (), False))
    assert st.sequence == [2, 1, 0]


def test_fgp_15_1_without_the_option_the_standard_sequence():
    """The normal rule: no cards are shown for the order."""
    st = _momentum(options=())
    assert st.turn.pending.step == "prep" and st.sequence == [2, 1, 0]


def option_steps_reached() -> set[str]:
    """The steps only these options ask for (test_turn_engine.py's table check)."""
    st, _ = _tie(["G03"])
    return {GAME.pending_step(st).name, GAME.pending_step(_momentum()).name}


# ---- the options together, whole races --------------------------------------------------------
OPTIONS_C = ["defending_position", "photo_finish", "overtake_mode", "momentum_sequence"]
KINDS = {"block", "photo_finish", "photo_round", "photo_winner", "overtake_mode",
         "momentum_reveal"}   # the heuristic blocks when it can


@pytest.mark.parametrize("track", track_keys())
@pytest.mark.parametrize("cars", [2, 6, 10])
def test_fgp_15_c_options_together_whole_races_keep_the_invariants_and_replay(track, cars):
    """Heuristic drivers race an Advanced race to the end with every option of
    this part on; after every action the race is sound, and its record
    replays it. The 10-car race on the fast track meets every option's case."""
    cfg = GAME.config(track=track, rules="advanced", seats=["heuristic"] * cars,
                      options=OPTIONS_C)
    seed = 30 if (track, cars) == ("fast", 10) else 3       # a seed with a photo finish
    st = GAME.new(cfg, seed)
    seen: set[str] = set()

    def check(seat, action, events, step):
        seen.update(e.kind for e in events if e.kind in KINDS)
        assert not invariants(st), invariants(st)
    played = play(GAME, cfg, seed, on_step=check, state=st)
    assert GAME.is_over(st) and sorted(GAME.result(st).classification) == list(range(cars))
    rec = record_of(GAME, cfg, seed, played.actions, st)
    assert GAME.state_hash(replay(rec)) == GAME.state_hash(st)
    if (track, cars) == ("fast", 10):
        assert seen == KINDS, seen


def test_fgp_15_1_a_bot_on_the_tile_rolls_the_white_die_for_its_leds():
    """BOT cars show no card: they roll the WHITE die, a green face counting 1
    LED. halcyon, a Pro BOT, rolls green (1 LED) against vireo's GREEN card (1
    LED): a tie keeps the standard order; rolling red (0 LEDs) it drops behind
    vireo's card. Only the person's car chooses cards."""
    orders = {}
    for face in ("green", "red"):
        doc = MOMENTUM.format(options=["momentum_sequence"], v_more="").replace(
            'name = "halcyon"', 'name = "halcyon"\ncontroller = "pro"')
        doc = doc.replace('round = 4', f'round = 4\nrolls = ["white:{face}"]')
        st = pos(doc)
        while st.turn.pending and st.turn.pending.step == "returns":
            GAME.apply(st, min(GAME.to_act(st)), A.Done())
        assert st.turn.pending.step == "momentum_cards" and set(GAME.to_act(st)) == {0}
        before = list(st.sequence)
        ev = GAME.apply(st, 0, A.Play(("G01",), (), False))
        bot = [e.data for e in ev if e.kind == "momentum_bot"]
        assert bot == [{"seat": 1, "leds": 1 if face == "green" else 0}]
        orders[face] = (before, list(st.sequence))
    before, after = orders["green"]
    assert before == [2, 1, 0] and after == [2, 1, 0]          # tie: standard order
    assert orders["red"][1] == [2, 0, 1]                       # 1 LED beats 0
