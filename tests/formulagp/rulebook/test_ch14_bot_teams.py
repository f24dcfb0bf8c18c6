"""FGP 14.4 with BOT cars (a person's car and its Pro BOT, teams of BOTs,
team orders) and BOT 3.5 (a BOT overtaking its BOT teammate), written from the
rulebook: positions by hand (test_bot3_battle.py's battle set-up: the mover
stops on 2.2.1 beside the car on 3.3.1), the dice and cards forced, played
through GAME.apply. The drivers' standings of the season so far are set on
the race before the move (`standings`, FGP 14.3)."""
from __future__ import annotations

import pytest

from chequered.games.formulagp import actions as A
from chequered.games.formulagp.config import FormulaGPConfig

from .common import GAME, kinds, name, play
from .test_bot3_battle import car, defend, drive_to_2_2_1, outcome, pos

TEAM = "teams = [1, 1]\n"
ORDERS = 'options = ["team_orders"]\n' + TEAM


@pytest.fixture
def by_cards(monkeypatch):
    """A BOT brought to its battle by playing its move with cards (test_bot3_battle.py)."""
    from chequered.games.formulagp.bot import move
    monkeypatch.setattr(move, "drives", lambda race, seat: False)


# ---- the team: a person's car and its Pro BOT ------------------------------------------------
def test_fgp_14_4_the_players_pro_bot_takes_its_teams_control_card_and_qualifies_second():
    """A person on Halcyon's board with a Pro BOT teammate: the BOT races with
    Halcyon's second Pro BOT control card (PRO04, max OT 2) and both share the
    team's pit box, the player first (it qualifies first)."""
    cfg = GAME.config(track="fast", seats=["human", "pro", "pro"], teams=[1, 1, 2],
                      boards=["halcyon", "kestrel", "vireo"])
    st = GAME.new(cfg, 3)                                # the BOT setup is automatic
    assert st.bots["cars"]["1"]["card"] == "PRO04"      # the person's team, second driver
    assert st.bots["cars"]["2"]["card"] == "PRO01"      # alone: its own team's first
    assert st.cars[0].box == st.cars[1].box and st.pit_order.index(0) + 1 == \
        st.pit_order.index(1)
    assert st.cars[1].team == st.cars[0].team


def test_fgp_14_4_a_pro_bot_listed_before_its_players_car_is_refused():
    with pytest.raises(ValueError):
        FormulaGPConfig(seats=["pro", "human"], teams=[1, 1])
    FormulaGPConfig(seats=["human", "pro"], teams=[1, 1])
    FormulaGPConfig(seats=["pro", "rookie"], teams=[1, 1])
    FormulaGPConfig(seats=["heuristic", "pro"], teams=[1, 1])
    FormulaGPConfig(seats=["heuristic", "pro"], teams=[1, 1], options=["team_orders"])


# ---- team orders: "do not overtake the player" -------------------------------------------
def bot_behind_player(rolls=(), head=ORDERS, standings=(10, 4), battle=("BAT22",)):
    """The player (Halcyon, seat 0) on 3.3.1, its Pro BOT (Vireo, seat 1) drives
    to 2.2.1 and is in position to attack it."""
    st = pos(car("halcyon", "human", "3.3.1", ["G03"]),
             car("vireo", "pro", "1.2.1", ["G01"], "TAC11"), battle=list(battle),
             rolls=list(rolls), head=head + 'to_move = "vireo"\n')
    st.standings = {0: standings[0], 1: standings[1]}
    return st, drive_to_2_2_1(st)


@pytest.mark.usefixtures("by_cards")
def test_fgp_14_4_the_player_ahead_orders_do_not_overtake_green_the_bot_obeys():
    """The player is ahead in the standings: it is asked before the BOT decides to
    attack; it issues the order, the WHITE die is green: the BOT stays behind."""
    st, ev = bot_behind_player(rolls=["white:3"])
    assert st.turn.pending.step == "team_order" and GAME.to_act(st) == {0}
    assert GAME.fine_actions(st, 0) == [A.TeamOrder("no_overtake"), A.TeamOrder(None)]
    ev = play(st, A.TeamOrder("no_overtake"), seat=0)
    assert [e.data for e in ev if e.kind == "team_order"] == \
        [{"seat": 0, "bot": 1, "order": "no_overtake", "followed": True}]
    assert "bot_battle_decision" not in kinds(ev) and "bot_battle" not in kinds(ev)
    assert name(st, 1) == "2.2.1" and st.battle is None and "BAT22" in st.decks["battle"].pile


@pytest.mark.usefixtures("by_cards")
def test_fgp_14_4_a_red_die_the_bot_makes_its_planned_attack():
    st, _ = bot_behind_player(rolls=["white:2"])
    ev = play(st, A.TeamOrder("no_overtake"), seat=0)
    assert [e.data["followed"] for e in ev if e.kind == "team_order"] == [False]
    assert "bot_battle" in kinds(ev) and st.turn.pending.step == "battle_cards"


@pytest.mark.usefixtures("by_cards")
def test_fgp_14_4_no_order_issued_no_die():
    st, _ = bot_behind_player()
    ev = play(st, A.TeamOrder(None), seat=0)
    assert "team_order_none" in kinds(ev) and "bot_battle" in kinds(ev)
    assert not any(e.kind == "roll" for e in ev)


@pytest.mark.usefixtures("by_cards")
def test_fgp_14_4_no_orders_when_not_ahead_in_the_standings_or_without_the_option():
    """Level on points (a first race) or behind: no team order; nor without the option."""
    for head, standings in ((ORDERS, (4, 4)), (ORDERS, (2, 8)), (TEAM, (10, 4))):
        st, ev = bot_behind_player(head=head, standings=standings)
        assert "bot_battle" in kinds(ev) and st.turn.pending.step == "battle_cards"


# ---- team orders: "do not defend during a battle with the player" ------------------------------
def player_attacks_its_bot(rolls=(), standings=(10, 4)):
    """The player (Vireo, seat 0) drives to 2.2.1 and attacks its Pro BOT
    (Halcyon, TAC11: always defends) on 3.3.1 with G05 (2 LEDs) + OT 2."""
    st = pos(car("vireo", "human", "1.2.1", ["G01", "G05"]),
             car("halcyon", "pro", "3.3.1", [], "TAC11"), battle=["BAT30"], rolls=list(rolls),
             head=ORDERS)
    st.standings = {0: standings[0], 1: standings[1]}
    drive_to_2_2_1(st)
    play(st, A.Attack(1), A.Done())
    return st, defend(st, ["G05"], seat=0)


def test_fgp_14_4_do_not_defend_green_the_bot_lets_the_player_by():
    """The player's cards are shown; before its BOT decides to defend, the
    player orders it not to: green, no defence, the player overtakes (OT 2)."""
    st, ev = player_attacks_its_bot(rolls=["white:5"])
    assert st.turn.pending.step == "team_order"
    assert GAME.fine_actions(st, 0) == [A.TeamOrder("no_defence"), A.TeamOrder(None)]
    ev = play(st, A.TeamOrder("no_defence"), seat=0)
    assert "bot_battle_score" not in kinds(ev) and outcome(ev) == ["attacker"]
    assert name(st, 0) == "3.2.2" and "BAT30" in st.decks["battle"].pile


def test_fgp_14_4_do_not_defend_red_the_bot_defends():
    """Red: no team orders; the BOT's TACTICS card defends, BAT30 (6 LEDs) wins."""
    st, _ = player_attacks_its_bot(rolls=["white:4"])
    ev = play(st, A.TeamOrder("no_defence"), seat=0)
    assert outcome(ev) == ["defender"] and name(st, 0) == "2.2.1"


# ---- teams of BOTs, BOT 3.5 --------------------------------------------------------------------
def bots_of_one_team(tactics, rolls=(), head=TEAM, battle=("BAT22", "BAT30")):
    """Two Pro BOTs of one team: Vireo (seat 0, faster) drives to 2.2.1 behind its
    teammate Halcyon (seat 1) on 3.3.1."""
    st = pos(car("vireo", "pro", "1.2.1", ["G01"], "TAC11"),
             car("halcyon", "pro", "3.3.1", [], tactics), battle=list(battle),
             rolls=list(rolls), head=head)
    return st, drive_to_2_2_1(st)


@pytest.mark.usefixtures("by_cards")
def test_bot_3_5_the_slower_bot_moves_aside_on_its_yellow_arrow_the_faster_passes():
    """TAC14's yellow arrow points right: 3.4.1 is open, Halcyon moves there (no
    movement point) and Vireo overtakes without a battle with its OT points
    (PRO01: 2), to 3.2.2, no BATTLE card drawn."""
    st, ev = bots_of_one_team("TAC14")
    assert [e.data["to"] for e in ev if e.kind == "bot_aside"] and name(st, 1) == "3.4.1"
    assert [e.data["ot"] for e in ev if e.kind == "bot_teammate_pass"] == [2]
    assert name(st, 0) == "3.2.2" and "bot_battle_score" not in kinds(ev)
    assert "battle_result" not in kinds(ev)


@pytest.mark.usefixtures("by_cards")
def test_bot_3_5_no_open_space_they_battle_but_the_slower_does_not_defend():
    """Halcyon's yellow arrow points right, where Kestrel (another team) stands on
    3.4.1: no open space, so Vireo attacks as normal (TAC11, BAT22) and Halcyon
    does not defend: no BATTLE card for it, Vireo overtakes with OT 2."""
    st = pos(car("vireo", "pro", "1.2.1", ["G01"], "TAC11"),
             car("halcyon", "pro", "3.3.1", [], "TAC14"), car("kestrel", "human", "3.4.1"),
             battle=["BAT22", "BAT30"], head='teams = [1, 1, 2]\n')
    ev = drive_to_2_2_1(st)
    assert "bot_aside" not in kinds(ev) and "bot_battle" in kinds(ev)
    assert [e.data["seat"] for e in ev if e.kind == "bot_battle_score"] == [0]
    assert outcome(ev) == ["attacker"] and name(st, 0) == "3.2.2"


@pytest.mark.usefixtures("by_cards")
def test_bot_3_5_bots_of_different_teams_battle_as_ever():
    st, ev = bots_of_one_team("TAC14", head="teams = [1, 2]\n")
    assert "bot_aside" not in kinds(ev)
    assert [e.data["seat"] for e in ev if e.kind == "bot_battle_score"] == [0, 1]


@pytest.mark.usefixtures("by_cards")
def test_fgp_14_4_a_bot_team_the_pro_with_more_points_always_issues_orders():
    """Two Pro BOTs of one team, the one ahead (Halcyon, 12 points) counts as the
    player and always orders its teammate not to overtake: green, Vireo stays."""
    st = pos(car("vireo", "pro", "1.2.1", ["G01"], "TAC11"),
             car("halcyon", "pro", "3.3.1", [], "TAC14"), battle=["BAT22"],
             rolls=["white:1"], head=ORDERS)
    st.standings = {0: 3, 1: 12}
    ev = drive_to_2_2_1(st)
    assert [e.data for e in ev if e.kind == "team_order"] == \
        [{"seat": 1, "bot": 0, "order": "no_overtake", "followed": True}]
    assert "bot_aside" not in kinds(ev) and name(st, 0) == "2.2.1" and name(st, 1) == "3.3.1"


# ---- team orders: "move after the player" wheel-to-wheel ----------------------------------------
W2W = ORDERS + """
sequence = ["kestrel", "vireo", "halcyon"]
to_move = "kestrel"
"""


def bot_beside_player(rolls=(), standings=(10, 4), head=W2W):
    """The player (Halcyon, seat 0) and its Pro BOT (Vireo, seat 1) share tile 3
    wheel-to-wheel, the BOT first in the sequence (the inside lane); Kestrel
    (another team) moves first; the standings are set during its turn."""
    from ._flags_help import drive, finish
    st = pos(car("halcyon", "human", "3.3.1", ["G03"], w2w='"vs"'),
             car("vireo", "pro", "3.2.1", [], "TAC11", w2w='"vs"'),
             car("kestrel", "human", "8.2.1", ["G01"]), rolls=list(rolls),
             head=head.replace("teams = [1, 1]", "teams = [1, 1, 2]"))
    st.standings = {0: standings[0], 1: standings[1], 2: 0}
    drive(st, 2, ["G01"])
    return st, finish(st, 2)


def test_fgp_14_4_move_after_the_player_green_the_bot_waits_for_its_turn():
    """Before the BOT's wheel-to-wheel turn the player orders it to move after
    it: green, the player moves first and the BOT after it."""
    st, _ = bot_beside_player(rolls=["white:5"])
    assert st.turn.pending.step == "team_order" and GAME.to_act(st) == {0}
    assert GAME.fine_actions(st, 0) == [A.TeamOrder("w2w_after"), A.TeamOrder(None)]
    ev = play(st, A.TeamOrder("w2w_after"), seat=0)
    assert [e.data["followed"] for e in ev if e.kind == "team_order"] == [True]
    assert st.sequence == [2, 0, 1] and st.move["seat"] == 0 and "bot_move" not in kinds(ev)


def test_fgp_14_4_move_after_the_player_red_the_bot_moves_first():
    st, _ = bot_beside_player(rolls=["white:6"])
    ev = play(st, A.TeamOrder("w2w_after"), seat=0)
    assert [e.data["followed"] for e in ev if e.kind == "team_order"] == [False]
    assert st.sequence == [2, 1, 0] and "bot_move" in kinds(ev)


def test_fgp_14_4_no_wheel_to_wheel_order_when_behind_in_the_standings():
    st, ev = bot_beside_player(standings=(3, 9))
    assert "bot_move" in kinds(ev) and st.sequence == [2, 1, 0]


def option_steps_reached() -> set[str]:
    """The step only team orders ask for (test_turn_engine.py's table check)."""
    st, _ = player_attacks_its_bot()
    return {GAME.pending_step(st).name}


def _passing(rolls, standings=(10, 4)):
    """A BOT team (the Pro on 3.3.1 leads the standings) and its teammate level
    with it on 3.2.1, about to step along lane 2 past it: a pass without a
    battle (BOT 3.1)."""
    from chequered.games.formulagp.position import parse_space
    st = pos(car("halcyon", "pro", "3.3.1", (), "TAC12"),
             car("vireo", "pro", "3.2.1", (), "TAC11"), rolls=list(rolls),
             head=ORDERS + 'to_move = "vireo"\n')
    st.standings = {0: standings[0], 1: standings[1]}
    st.move = {"seat": 1, "stage": "moving", "left": 3, "bot": True}
    return st, parse_space(st.track, "3.2.2")


def test_fgp_14_4_do_not_overtake_holds_a_pass_without_a_battle_too():
    """'Do not overtake the player' also keeps the BOT from passing its player by an
    open lane: the BOT team's player issues it, green: the BOT's move ends behind;
    red: it passes as planned. Not ahead in the standings: no order at all."""
    from chequered.games.formulagp.bot.team_orders import pass_order
    st, ahead = _passing(["white:3"])
    held, ev = pass_order(st, st.cars[1], ahead)
    assert held and [e.data["followed"] for e in ev if e.kind == "team_order"] == [True]
    assert "team_order_held" in kinds(ev) and st.move["left"] == 0
    st, ahead = _passing(["white:2"])
    held, ev = pass_order(st, st.cars[1], ahead)
    assert not held and st.move["left"] == 3 and "roll" in kinds(ev)
    assert st.move["team_order"]["followed"] is False
    st, ahead = _passing([], standings=(4, 10))
    assert pass_order(st, st.cars[1], ahead) == (False, []) and "team_order" not in st.move
