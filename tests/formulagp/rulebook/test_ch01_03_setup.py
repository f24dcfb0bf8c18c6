"""FGP 1 (the game), 2 (components: track tiles, lanes, spaces, walls, pit
boxes, the component list) and 3 (setup: track, race control panel, cards,
other components), written from the rulebook: games started from a config or
positions, played through GAME.apply. FGP 1.1-1.3 describe the book itself
(n/a in the matrix)."""
from __future__ import annotations

from collections import Counter

import pytest

from chequered.engine.protocol import BadInput
from chequered.games.formulagp import actions as A
from chequered.games.formulagp.config import FormulaGPConfig
from chequered.games.formulagp.rules import cards as C
from chequered.games.formulagp.track import track, track_keys

from ._util import CONTENT, GAME, all_done, at, drive, finish_turn, new, no_pushes, pos, \
    qualify, space


# ---- FGP 1 -----------------------------------------------------------------------------
def test_fgp_1_a_standard_race_reaches_the_final_lap_in_round_16():
    """A Standard race: round 1 is played with the chequered flag on space 9, each
    round moves it on one space, and round 16 brings it to space 24: from then on the
    leader crossing the line starts the final round."""
    hands = [["G05", "G06", "G07", "G08", "G09", "G10"],
             ["G05", "G06", "G07", "G08", "G09", "G10"]]
    st = new(2, hands=hands)
    all_done(st)
    qualify(st, {0: ["G05"], 1: ["G06"]})
    no_pushes(st)
    GAME.apply(st, st.turn.pending.seats[0], GAME.fine_actions(st, st.turn.pending.seats[0])[0])
    assert st.turn.pending.step == "start_cards" and st.round == 1 and st.flag == 9
    text = """
        round = {r}
        [[car]]
        name = "vireo"
        at = "39.2.1"
        laps = 2
        hand = ["G05", "G06"]
        """
    for rnd, flag, final in ((15, 23, False), (16, 24, True)):
        st = pos(text.format(r=rnd))
        assert st.flag == flag
        GAME.apply(st, 0, A.Done())
        GAME.apply(st, 0, A.Play(("G05",)))
        drive(st, 0, ["40.2.1", "0.2.1"])          # across the line
        assert st.cars[0].laps == 3
        finish_turn(st, 0)
        assert GAME.is_over(st) is final
        if not final:
            assert st.round == 16 and st.flag == 24


def test_fgp_1_more_cars_than_six_up_to_the_pit_boxes():
    """The book plays 1 to 6 players (more cars with BOTs); we run up to one car per
    pit box of the track (10), and refuse more."""
    cfg = FormulaGPConfig(seats=["heuristic"] * 10, track="street")
    st, _ = GAME.start(cfg, 1)
    assert len(st.cars) == 10 and st.turn.pending.step == "start_tyre"
    with pytest.raises((BadInput, ValueError)):
        FormulaGPConfig(seats=["heuristic"] * 11, track="street")


# ---- FGP 2 / 2.1 ---------------------------------------------------------------------------
@pytest.mark.parametrize("key", ("fast", "twisty", "street"))
def test_fgp_2_every_track_is_built_from_tiles_and_can_be_raced(key):
    """A circuit is made of track tiles; a race starts on each of ours."""
    trk = track(key)
    assert trk.tiles and all(t.id for t in trk.tiles) and key in track_keys()
    st, _ = GAME.start(FormulaGPConfig(seats=["human"] * 2, track=key), 1)
    assert st.track == key and st.turn.pending.step == "start_tyre"   # 5.1.3 (A69), then qualifying


def test_fgp_2_1_slipstream_tiles_count_as_straights():
    """Any tile with a slipstream space is a straight (whatever its shape): a car ending
    its move there may extend it with ERS, the straight-tile extension."""
    for key in ("fast", "twisty", "street"):
        trk = track(key)
        for t in trk.tiles:
            if any(trk.spaces[s].slipstream for s in t.spaces):
                assert t.straight, (key, t.id)
    st = pos("""
        round = 6
        [[car]]
        name = "vireo"
        at = "10.2.1"         # 6th gear: GREEN 2 + hard tyres 1 = 3 MP
        tyre = "hard"
        ers = 2
        hand = ["G05"]
        [[car]]
        name = "halcyon"
        at = "30.2.1"
        """)
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G05",)))
    drive(st, 0, ["11.2.1", "11.3.1", "12.3.1"])   # ends on the slipstream tile 12
    assert st.turn.pending.step == "extend"
    assert A.Extend("ers") in GAME.fine_actions(st, 0)


def test_fgp_2_1_tile_icons_gear_no_pairs_and_no_movement_point():
    """The gear icon sets the gear of a car starting on the tile; a no-pairs tile
    refuses pairs; tiles marked as costing no movement point (the finish line, a
    spacer) are crossed for free."""
    st = pos("""
        round = 6
        [[car]]
        name = "vireo"
        at = "22.3.1"         # 2nd gear, no paired cards
        hand = ["R04", "R05"]
        [[car]]
        name = "halcyon"
        at = "39.2.1"
        hand = ["G05"]
        """)
    GAME.apply(st, 0, A.Done())
    plays = GAME.fine_actions(st, 0)
    assert all(len(p.cards) == 1 for p in plays)
    GAME.apply(st, 0, plays[0])
    assert st.move["gear"] == 2
    finish_turn(st, 0)
    GAME.apply(st, 1, A.Done())
    GAME.apply(st, 1, A.Play(("G05",)))
    drive(st, 1, ["40.2.1", "0.2.1"])             # over the finish line: one point each
    assert st.move["left"] == st.move["mp"] - 2 and st.cars[1].laps == 1


# ---- FGP 2.1.1 / 2.1.2 -------------------------------------------------------------------
def test_fgp_2_1_1_a_lane_without_spaces_is_not_racing_surface():
    """Where a tile has no spaces in a lane (grass, paint) a car cannot drive into it:
    the car in lane 1 before tile 7 must change lane to go on."""
    st = pos("""
        round = 6
        [[car]]
        name = "vireo"
        at = "6.1.1"
        hand = ["G05"]
        [[car]]
        name = "halcyon"
        at = "30.2.1"
        """)
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G05",)))
    trk = track("fast")
    targets = [trk.spaces[a.to] for a in GAME.fine_actions(st, 0) if isinstance(a, A.Step)]
    assert targets and all(t.tile == 6 for t in targets)        # lateral only
    assert not trk.tiles[7].lanes[0]


def test_fgp_2_1_2_one_car_a_space_except_slipstream_spaces_and_double_lane_choice():
    """A car never moves into a space another car holds, except a slipstream space
    with a free car shadow; from a double-lane space the car picks either lane."""
    st = pos("""
        round = 2             # cars pass freely, but not through one another
        [[car]]
        name = "vireo"
        at = "11.2.1"
        hand = ["G05"]
        [[car]]
        name = "halcyon"
        at = "12.2.1"         # a slipstream space with one car shadow
        [[car]]
        name = "lumen"
        at = "13.2.1"
        """)
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G05",)))
    assert A.Step(space(st, "12.2.1")) in GAME.fine_actions(st, 0)      # the shadow
    drive(st, 0, ["12.2.1"])
    assert A.Step(space(st, "13.2.1")) not in GAME.fine_actions(st, 0)  # occupied
    st = pos("""
        round = 6
        [[car]]
        name = "vireo"
        at = "16.2.2"         # the double-lane space of lanes 2 and 3
        hand = ["G05"]
        [[car]]
        name = "halcyon"
        at = "30.2.1"
        """)
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G05",)))
    trk = track("fast")
    ahead = {trk.spaces[a.to].lane for a in GAME.fine_actions(st, 0)
             if isinstance(a, A.Step) and trk.spaces[a.to].tile == 17}
    assert ahead == {2, 3}


# ---- FGP 2.1.3 -------------------------------------------------------------------------
def test_fgp_2_1_3_going_off_beside_a_wall_is_a_wall_hit_with_damage():
    """On a tile with walls a car that goes off the track hits the wall and draws a
    DAMAGE card."""
    st = pos("""
        track = "street"
        round = 6
        rolls = ["red:loss_of_control", "white:red"]
        decks = {damage = ["D05"]}
        [[car]]
        name = "vireo"
        at = "3.1.1"
        wear = 17             # the RED-die icon: a RED roll after the move
        hand = ["G05"]
        [[car]]
        name = "halcyon"
        at = "30.2.1"
        """)
    assert track("street").tiles[6].walls
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("G05",)))
    drive(st, 0, ["4.1.1", "5.1.1", "6.1.1"])
    ev = GAME.apply(st, 0, A.Done())               # no extension: the dice
    hit = next(e for e in ev if e.kind == "loss_of_control")
    assert hit.data["result"] == "wall"
    assert "D05" in st.cars[0].damage


# ---- FGP 2.1.4 / 3.1 -----------------------------------------------------------------------
def test_fgp_2_1_4_and_3_1_pit_boxes_shuffled_every_car_in_its_own_box():
    """Each car has its own pit box; the boxes are placed at random, the cars start in
    them, and the Safety Car waits in the pit lane."""
    orders = set()
    for seed in range(1, 9):
        st = new(6, seed=seed)
        assert sorted(c.box for c in st.cars) == list(range(6))
        assert [st.pit_order.index(c.seat) for c in st.cars] == [c.box for c in st.cars]
        assert st.safety_car is None
        orders.add(tuple(st.pit_order))
    assert len(orders) > 4


def test_fgp_3_1_cars_leave_their_boxes_for_the_grid_after_qualifying():
    """Before qualifying every car is in its pit box; the grid is set from qualifying."""
    from chequered.games.formulagp.rules.setup import new_game
    st = new_game(FormulaGPConfig(seats=["human"] * 3), 4)
    assert all(c.in_pit and c.space is None for c in st.cars)


# ---- FGP 2.2 -------------------------------------------------------------------------
def test_fgp_2_2_each_action_deck_and_the_shared_decks():
    """Each ACTION deck is 45 cards: 12 GREEN, 10 RED, 4 BLUE, 4 ORANGE, 8 Tyre Wear, 6
    Option, 1 Draw Failure; 30 EVENT, 30 RISK, 16 DAMAGE, 16 FAILURE, 20 DRIVER and 20
    CHAMPIONS cards."""
    st = new(2)
    for car in st.cars:
        cards = list(car.hand) + list(car.deck.pile) + list(car.deck.discards)
        kinds = Counter(C.action_card(CONTENT, c).colour or C.kind_of(st, c) for c in cards)
        assert kinds == {"green": 12, "red": 10, "blue": 4, "orange": 4, "tyre_wear": 8,
                         "option": 6, "draw_failure": 1}
    sizes = {"event": len(CONTENT.event.cards), "risk": len(CONTENT.risk.cards),
             "damage": len(CONTENT.damage.cards), "failure": len(CONTENT.failure.cards),
             "driver": len(CONTENT.driver.cards), "champions": len(CONTENT.champions.cards)}
    assert sizes == {"event": 30, "risk": 30, "damage": 16, "failure": 16, "driver": 20,
                     "champions": 20}


# ---- FGP 3 -----------------------------------------------------------------------------
def test_fgp_3_the_standard_race_only_and_no_speed_limit_markers():
    """The Standard race has no weather, no TEAM RADIO cards and no gear/speed-limit
    markers: a RED card through a marked corner rolls no die. The rule levels are
    Standard and Advanced (the Advanced race: rulebook/test_adv_core.py)."""
    with pytest.raises((BadInput, ValueError)):
        FormulaGPConfig(seats=["human"], rules="sprint")
    st = new(1)
    assert st.weather is None and "weather" not in st.to_doc()     # [ADV] 3.3 only
    assert set(st.decks) == {"event", "risk", "damage", "failure", "driver"}
    assert any(t.speed_limit for t in track("fast").tiles)
    st = pos("""
        round = 6
        [[car]]
        name = "vireo"
        at = "8.2.1"          # the RED-marked corners 9-10 ahead ([ADV] only)
        hand = ["R04"]
        [[car]]
        name = "halcyon"
        at = "30.2.1"
        """)
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("R04",)))
    ev = []
    while st.turn.pending and st.turn.pending.seats == [0] and \
            st.turn.pending.step == "move":
        steps = [a for a in GAME.fine_actions(st, 0) if isinstance(a, A.Step)]
        ev += GAME.apply(st, 0, steps[0])
    assert track("fast").spaces[st.cars[0].space].tile > 10
    finish_turn(st, 0)
    assert not [e for e in ev if e.kind == "roll"]


# ---- FGP 3.2 -------------------------------------------------------------------------
def test_fgp_3_2_the_race_control_panel_at_the_start():
    """a) the WHITE die's colour picks the panel side; b) the chequered flag on space 9;
    c) the Yellow Flag token on race control's first space, no flags on the track; d)
    the Safety Car token at its space of that side; e) no car has Cold Tyres yet."""
    sides = set()
    for seed in range(1, 21):
        st = new(2, seed=seed)
        side = next(s for s in CONTENT.control.sides if s.colour == st.panel_side)
        sides.add(st.panel_side)
        assert st.flag == 9 and st.final_flag == 24
        assert st.yellow_panel == side.yellow_start and st.yellow_flags == []
        assert st.green_flags == [] and st.safety_car is None
        assert all(c.cold_tyres == 0 for c in st.cars)
    assert sides == {"green", "red"}


# ---- FGP 3.4 / 3.5 -----------------------------------------------------------------------
def test_fgp_3_4_decks_shuffled_advanced_event_and_risk_cards_removed():
    """The shared decks are shuffled; in a Standard race the EVENT and RISK cards marked
    for the Advanced game are taken out."""
    st = new(2, seed=3)
    adv_event = {c.id for c in CONTENT.event.cards if c.mode != "all"}
    adv_risk = {c.id for c in CONTENT.risk.cards if c.mode != "all"}
    assert adv_event and adv_risk
    assert not adv_event & set(st.decks["event"].pile)
    assert not adv_risk & set(st.decks["risk"].pile)
    other = new(2, seed=4)
    assert st.decks["event"].pile != other.decks["event"].pile


def test_fgp_3_5_the_three_dice():
    """The WHITE die has green and red faces with numbers (one face the die icon); the
    YELLOW die gives stress, tyre wear or a RISK card; the RED die tyre wear, a RISK
    card or a loss of control."""
    white = CONTENT.dice.white
    assert len(white) == 6 and {f.colour for f in white} == {"green", "red"}
    assert sum(f.icon for f in white) == 1
    assert set(CONTENT.dice.yellow) == {"stress", "tyre_wear", "risk"}
    assert set(CONTENT.dice.red) == {"tyre_wear", "risk", "loss_of_control"}
