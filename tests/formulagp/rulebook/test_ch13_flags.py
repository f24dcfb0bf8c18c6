"""Scenario tests for FGP 13.8-13.10 (yellow flags, race control, the Safety
Car, the Virtual Safety Car, the Red Flag), written from the rulebook: each
sets a position up, plays it through GAME.legal_actions / GAME.apply and
checks what the rule asks for."""
from __future__ import annotations

from chequered.engine import chance
from chequered.games.formulagp.track import track

from ..scenario import scenario
from ._flags_help import A, CONTENT, GAME, card_ids, event_id, face, kinds, play_on


def _lane_space(trk, tile, lane=2):
    return next(s for s in trk.tiles[tile % trk.lap_tiles].lanes[lane - 1]
                if not trk.spaces[s].pit_lane and not trk.spaces[s].shadow_car)


# ---- FGP 13.8.2 / 13.9: the numbers behind race control (reported bug) -------------------
def test_fgp_13_8_2_one_incident_on_track_card_and_one_yellow_flag_risk_card():
    """The book names 'the' Incident on Track EVENT card and 'the' Yellow Flag
    RISK card: one copy of each in a Standard game."""
    assert sum(c.name == "Incident on Track" for c in CONTENT.standard("event")) == 1
    assert sum(c.name == "Yellow Flag" for c in CONTENT.standard("risk")) == 1
    assert sum(c.name == "Safety Car" for c in CONTENT.standard("event")) == 1


def test_fgp_13_9_safety_car_card_on_a_red_face_leaves_the_race_running():
    """The 'Safety Car' card only results in a Safety Car when its WHITE roll
    says yes (green); a red face short of 6 leaves the race going on."""
    trk = track("fast")
    t = next(x.index for x in trk.tiles if x.straight and x.index > 3)
    opt = card_ids("option")[0]
    green = card_ids("movement", "green")[0]
    st = scenario([_lane_space(trk, t), _lane_space(trk, t - 3)], hands=[[opt, green], []])
    with chance.scripted(st.chance, order=[("card", event_id("Safety Car")),
                                           ("roll", face("white", colour="red", value=2))]):
        ev = GAME.apply(st, 0, A.PlayCard(opt, "play"))
        ev += play_on(st, lambda s: 0 in s.done)
    assert "safety_car" not in kinds(ev) and st.safety_car is None
    assert "red_flag" not in kinds(ev)
    assert 1 not in st.done                     # the round goes on: the next car moves


# ---- FGP 13.9.2 benefits: two separate discard rights (reported bug) ---------------------
def test_fgp_13_9_2_one_tyre_wear_discard_and_any_option_discards_in_a_turn():
    """Under the Safety Car a car may discard one Tyre Wear card in its turn
    and, besides, as many Option cards as it likes."""
    trk = track("fast")
    t = next(x.index for x in trk.tiles if x.straight and x.index > 3)
    tws = card_ids("tyre_wear", n=2)
    opts = card_ids("option", n=2)
    green = card_ids("movement", "green")[0]
    st = scenario([_lane_space(trk, t)], hands=[tws + opts + [green]])
    st.safety_car = {"tile": trk.tile_ahead(t, 8), "until": st.flag + 2}
    st.turn.cache = None
    GAME.apply(st, 0, A.PlayCard(tws[0], "sc_discard"))
    legal = GAME.legal_actions(st, 0)
    assert A.PlayCard(tws[1], "sc_discard") not in legal          # one Tyre Wear a turn
    assert A.PlayCard(opts[0], "sc_discard") in legal
    GAME.apply(st, 0, A.PlayCard(opts[0], "sc_discard"))
    assert A.PlayCard(opts[1], "sc_discard") in GAME.legal_actions(st, 0)
    GAME.apply(st, 0, A.PlayCard(opts[1], "sc_discard"))
    assert st.cars[0].hand == [tws[1], green]


# ---- FGP 13.9.2 benefits: a blue-flag car may pass the Safety Car (A35) ------------------
def test_fgp_13_9_2_a_blue_flag_car_drives_past_the_safety_car():
    """A lapped car under the Safety Car may move past it (to unlap itself);
    a car on the lead lap stops on the tile behind it."""
    trk = track("fast")
    t = next(x.index for x in trk.tiles
             if all(trk.tiles[trk.tile_ahead(x.index, k)].straight for k in range(5)))
    red = card_ids("movement", "red")[0]
    for laps_down, passes in ((1, True), (0, False)):
        st = scenario([_lane_space(trk, t)], hands=[[red]])
        st.cars[0].laps_down, st.cars[0].blue_flag = laps_down, bool(laps_down)
        sc_tile = trk.tile_ahead(t, 2)
        st.safety_car = {"tile": sc_tile, "until": st.flag + 2}
        st.turn.cache = None
        GAME.apply(st, 0, A.Done())
        GAME.apply(st, 0, A.Play((red,)))
        tiles = set()
        while st.turn.pending and st.turn.pending.step == "move":
            steps = [a for a in GAME.legal_actions(st, 0) if isinstance(a, A.Step)]
            if not steps:
                break
            GAME.apply(st, 0, steps[0])
            tiles.add(trk.spaces[st.cars[0].space].tile)
        assert (sc_tile in tiles) == passes
        if not passes:
            assert trk.spaces[st.cars[0].space].tile == trk.tile_ahead(t, 1)


# ---- FGP 13.10: a red flag laps nobody (reported bug) ------------------------------------
def test_fgp_13_10_the_restart_grid_laps_nobody():
    """Cars on the lead lap stay on it after the red-flag restart, even those
    that had not crossed the line again since the leader did."""
    trk = track("fast")
    n = trk.lap_tiles
    opt = card_ids("option")[0]
    green = card_ids("movement", "green")[0]
    st = scenario([_lane_space(trk, 3), _lane_space(trk, n - 3), _lane_space(trk, n - 6)],
                  hands=[[opt, green], [], []])
    leader, b, c = st.cars
    leader.laps, b.laps, c.laps = 1, 0, 0          # B and C have not recrossed the line
    st.leader, leader.leader = 0, True
    with chance.scripted(st.chance, order=[("card", event_id("Safety Car")),
                                           ("roll", face("white", value=6))]):
        ev = GAME.apply(st, 0, A.PlayCard(opt, "play"))
        ev += play_on(st, lambda s: s.red_flag)
    assert "red_flag" in kinds(ev)
    restart = None
    ev = play_on(st, lambda s: s.turn.phase == "turns" and s.start_round == s.round)
    restart = st.round
    ev += play_on(st, lambda s: s.round > restart + 1)
    assert all(car.laps_down == 0 for car in st.cars)
    assert "blue_flag" not in kinds(ev)
