"""The starting-tyre choice (FGP 5.1.3) and the heuristic bot's tyre strategy
(FGP 10.1, 11, 11.2): a plan picks the starting compound, a stop needs a
reason and must pay, and the bot never drives into the pits in round 1."""
from __future__ import annotations

from chequered.engine.play import agents_for, play
from chequered.games.formulagp import GAME
from chequered.games.formulagp import actions as A
from chequered.games.formulagp import bot_strategy as S
from chequered.games.formulagp.bots import HeuristicBot
from chequered.games.formulagp.content import load_content
from chequered.games.formulagp.rules import cards as C

from .scenario import scenario


# ---- FGP 5.1.3: the starting tyres ----------------------------------------------------
def test_fgp_5_1_3_players_pick_starting_tyres_face_down_then_all_are_shown():
    """Each player picks the compound to start on; nobody sees another's pick
    before all have picked; then the marker sits on that compound's start and
    the other two compounds wait in the pit box."""
    st = GAME.new(GAME.config(track="fast", seats=["human"] * 3), 4)
    assert GAME.pending_step(st).name == "start_tyre" and GAME.to_act(st) == {0, 1, 2}
    assert GAME.fine_actions(st, 1) == [A.StartTyre("soft"), A.StartTyre("medium"),
                                         A.StartTyre("hard")]
    GAME.apply(st, 0, A.StartTyre("hard"))
    v = GAME.view(st, 1)
    assert v["chosen"] == [0] and v.get("secret") is None
    assert "hard" not in str(GAME.view(st, 1)["cars"][0]["tyre"])
    GAME.apply(st, 1, A.StartTyre("soft"))
    ev = GAME.apply(st, 2, A.StartTyre("soft"))
    shown = [e for e in ev if e.kind == "start_tyres"]
    assert shown and shown[0].reveal and shown[0].data["tyres"] == {"0": "hard", "1": "soft",
                                                                    "2": "soft"}
    for car, tyre in zip(st.cars, ("hard", "soft", "soft")):
        side = C.board_side(st, car)
        assert car.tyre == tyre and car.wear == side.start_position(tyre)
        assert sorted(car.tyres_left) == sorted(t for t in ("soft", "medium", "hard") if t != tyre)
    assert GAME.pending_step(st).name in ("returns", "quali_cards")     # qualifying follows


def test_fgp_5_1_3_tyres_fixed_in_the_config_are_not_asked():
    """A config that names the starting tyres goes straight to qualifying."""
    st = GAME.new(GAME.config(track="fast", seats=["human"] * 2, tyres=["soft", "hard"]), 4)
    assert GAME.pending_step(st).name != "start_tyre"
    assert [c.tyre for c in st.cars] == ["soft", "hard"]


# ---- the strategy's values ------------------------------------------------------------
def _side():
    return load_content().boards[0].side("A")


def test_a_stop_needs_a_reason_and_must_pay():
    """No stop with fresh tyres, no penalties and no damage, however long the
    race; worn tyres with rounds to go stop; too few rounds left never stop."""
    side = _side()
    fresh = S.CarNow("medium", side.start_position("medium"), 0, 0, rounds=12, rate=0.5,
                     later_window=None, safety_car=False, hold_rounds=0)
    assert S.stop_reasons(side, fresh) == [] and not S.stop_pays(side, fresh, "soft")
    worn_at = next(i for i in range(len(side.tyre_track))
                   if side.tyre_state("medium", i) == "worn")
    worn = S.CarNow("medium", worn_at, 0, 0, rounds=10, rate=0.5, later_window=None,
                    safety_car=False, hold_rounds=0)
    assert S.stop_reasons(side, worn) == ["tyres"] and S.stop_pays(side, worn, None)
    late = S.CarNow("medium", worn_at, 0, 0, rounds=2, rate=0.5, later_window=None,
                    safety_car=False, hold_rounds=0)
    assert not S.stop_pays(side, late, None)
    # a stop is cheaper under the Safety Car: a degraded set that stays out
    # under green is changed behind the Safety Car
    deg = next(i for i in range(worn_at) if side.tyre_state("medium", i) == "degraded")
    green = S.CarNow("medium", deg + 2, 0, 0, rounds=6, rate=0.5, later_window=None,
                     safety_car=False, hold_rounds=0)
    sc = S.CarNow("medium", deg + 2, 0, 0, rounds=6, rate=0.5, later_window=None,
                  safety_car=True, hold_rounds=0)
    assert not S.stop_pays(side, green, None) and S.stop_pays(side, sc, None)


def test_plans_need_a_pit_window_and_the_stint_values_follow_the_board():
    """A one-stop plan needs the pit entry in round 3 or later; the tyre bonus
    of a stint is the board's fresh then degraded value (FGP 10.1)."""
    side = _side()
    one_stop = next(p for p in S.PLANS if p.name == "soft-medium")
    assert S.plan_value(side, one_stop, 17, [1]) == float("-inf")
    assert S.plan_value(side, one_stop, 17, [1, 12]) > float("-inf")
    start = side.start_position("soft")
    deg = next(i for i in range(start, 99) if side.tyre_state("soft", i) != "fresh")
    rounds = deg - start                                  # wear 1 a round, all fresh
    assert S.stint_value(side, "soft", start, rounds, 1.0) == rounds * side.tyres.soft.fresh
    assert S.stint_value(side, "soft", start, rounds + 1, 1.0) == \
        rounds * side.tyres.soft.fresh + side.tyres.soft.degraded


def test_a_stint_counts_each_round_by_the_wear_marker_and_the_red_die_at_the_end():
    """FGP 10.1: a round is worth the tyre bonus where the marker is half way
    through it; on the last space nothing but a RED die (RED_DIE_MP)."""
    side = _side()
    last = len(side.tyre_track) - 1
    for tyre in ("soft", "medium", "hard", "wet"):
        for wear in (0, 3, last - 1, last):
            for rounds in (0, 1, 7, 30):
                for rate in (0.35, 0.5, 0.7381, 1.5):
                    want = 0.0
                    for k in range(rounds):
                        pos = min(last, int(wear + rate * (k + 0.5)))
                        want += side.tyre_bonus(tyre, pos) - (S.RED_DIE_MP if pos == last else 0)
                    assert S.stint_value(side, tyre, wear, rounds, rate) == want


# ---- the bot in scenarios ---------------------------------------------------------------
def _drive(st, bot):
    """Seat 0's turn to its end with the bot; True if it entered the pit lane."""
    entered = False
    while st.move is not None and st.move.get("seat") == 0 and GAME.to_act(st):
        seat = min(GAME.to_act(st))
        ev = GAME.apply(st, seat, bot.choose(GAME, st, seat))
        entered |= any(e.kind == "pit_entry" for e in ev)
    return entered


def test_round_one_never_ends_in_the_pit_lane():
    """Round 1 on the grid, the car ahead blocks the lane: moving out to the
    lane that leads only into the pit lane must not happen (the old fallback
    drove cars into the pits in round 1)."""
    for seed in range(12):
        st = scenario([174, 178], hands=[["R01", "G01"], ["G02"]], round_no=1)
        assert not _drive(st, HeuristicBot(seed)), seed


def test_worn_tyres_at_the_pit_entry_stop_and_fresh_ones_do_not():
    """Mid-race next to the pit entry: worn mediums come in, fresh ones stay out."""
    for wear, pits in ((14, True), (3, False)):
        st = scenario([174, 100], hands=[["R01", "G01"], ["G02"]], round_no=8)
        st.cars[0].tyre, st.cars[0].wear = "medium", wear
        assert _drive(st, HeuristicBot(0)) is pits, wear


# ---- over 30 races -----------------------------------------------------------------------
def test_thirty_races_vary_the_start_and_every_stop_has_a_reason():
    """Over 30 six-car heuristic races the field starts on more than one
    compound, no car enters the pits in rounds 1-2 unless it has damage to repair
    (a collision at the start), and every entry had tyres past the degrade icon, Penalty tokens to serve
    or cards to repair."""
    starts, stops = [], []
    for track in ("fast", "street", "twisty"):
        for seed in range(1, 11):
            config = GAME.config(track=track, seats=["heuristic"] * 6)
            st = GAME.new(config, seed)
            now = {"round": 0}

            def hook(seat, action, events, step, st=st, now=now):
                for e in events:
                    if e.kind == "round":
                        now["round"] = e.data["round"]
                    if e.kind == "start_tyres":
                        starts.extend(e.data["tyres"].values())
                    if e.kind == "pit_entry":
                        car = st.cars[e.data["seat"]]
                        own = sum(1 for x in events if x.kind == "penalty"
                                  and x.data.get("seat") == car.seat
                                  and x.data.get("cause") in ("yellow_line", "speeding"))
                        side = C.board_side(st, car)
                        stops.append({
                            "round": now["round"] - st.start_round + 1,
                            "tyres": side.tyre_state(car.tyre, car.wear) != "fresh",
                            "penalties": car.penalties - own > 0,
                            "damage": bool(car.damage or car.failures)})
            play(GAME, config, seed, agents=agents_for(GAME, config, seed), state=st,
                 on_step=hook)
    assert len(starts) == 180
    assert len(set(starts)) >= 2 and max(starts.count(t) for t in set(starts)) <= 0.95 * 180
    assert stops, "no pit stop in 30 races"
    for s in stops:
        assert s["round"] > 2 or s["damage"], s
        assert s["tyres"] or s["penalties"] or s["damage"], s



def test_late_pit_bonus_counts_in_the_stop_from_the_fresh_tyres_round():
    """[ADV] FGP 11.4: a degraded set that would stay out is changed once a stop brings
    the Fresh Tyres token (+2, +1 degraded), not before the token reaches the boxes;
    a car with a token already changes too (a new set turns it back to +2); fresh
    tyres alone are still no reason to stop."""
    side = _side()
    deg = next(i for i in range(len(side.tyre_track)) if side.tyre_state("medium", i) == "degraded")
    car = dict(rounds=6, rate=0.5, later_window=None, safety_car=False, hold_rounds=0)
    base = S.CarNow("medium", deg, 0, 0, **car)
    now = S.CarNow("medium", deg, 0, 0, **car, late_pit=(2, 1), late_in=0)
    soon = S.CarNow("medium", deg, 0, 0, **car, late_pit=(2, 1), late_in=3)
    kept = S.CarNow("medium", deg, 0, 0, **car, late_pit=(2, 1), late_in=0, fresh_token=True)
    assert not S.stop_pays(side, base, None) and S.stop_pays(side, now, None)
    assert not S.stop_pays(side, soon, None)
    assert S.late_pit_value(side, "medium", deg, 4, 0.5, (2, 1)) == 4
    assert S.late_pit_value(side, "medium", side.start_position("medium"), 2, 0.5, (2, 1)) == 4
    assert S.stop_pays(side, kept, None)
    fresh = S.CarNow("medium", side.start_position("medium"), 0, 0, **car, late_pit=(2, 1))
    assert S.stop_reasons(side, fresh) == [] and not S.stop_pays(side, fresh, None)


def test_the_bots_quick_reason_check_changes_no_race(monkeypatch):
    """HeuristicBot._stop_now asks S.reasons before it makes the CarNow that
    stop_pays reads (stop_pays is False without a reason): races with that
    check always passed, so stop_pays is asked every time, are the same."""
    import types

    from chequered.games.formulagp import bots

    def events(seed):
        config = GAME.config(track="fast", seats=["heuristic"] * 6)
        st = GAME.new(config, seed)
        out = []
        play(GAME, config, seed, agents=agents_for(GAME, config, seed), state=st,
             on_step=lambda seat, action, ev, step: out.extend((e.kind, e.data) for e in ev))
        return out
    quick = [events(seed) for seed in (1, 2)]
    always = types.SimpleNamespace(**vars(S))
    always.reasons = lambda *args: ["asked"]
    monkeypatch.setattr(bots, "S", always)
    assert [events(seed) for seed in (1, 2)] == quick
