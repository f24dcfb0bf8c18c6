"""The decision machine (rules/steps.py and the step modules): whole races, the
rulebook's worked examples played through the decision steps, secrecy of
simultaneous choices, and positions built by hand (FGP 6, 7, 8, 9, 11, 12)."""
from __future__ import annotations

import pytest

import chequered
from chequered.engine.play import play
from chequered.engine.protocol import IllegalAction
from chequered.engine.records import record_of, replay
from chequered.games.formulagp import actions as A
from chequered.games.formulagp.rules import cards as C
from chequered.games.formulagp.rules.steps import MACHINE as machine
from chequered.games.formulagp.rules.setup import new_race
from chequered.games.formulagp.rules.tyres import tyre_bonus
from chequered.games.formulagp.track import track

from .scenario import scenario as _scenario

GAME = chequered.game("formulagp")


# ---- whole races ----------------------------------------------------------------------
@pytest.mark.parametrize("trk", ["fast", "twisty", "street"])
def test_heuristic_race_completes_and_replays(trk):
    cfg = GAME.config(track=trk, seats=["heuristic"] * 6)
    played = play(GAME, cfg, 5)
    st = played.state
    assert GAME.is_over(st)
    res = GAME.result(st)
    assert sorted(res.classification) == list(range(6))
    # FGP 14.2: the 6-car row
    assert sorted(res.points.values(), reverse=True) == [6, 4, 3, 2, 1, 0]
    assert max(res.laps.values()) >= 1
    rec = record_of(GAME, cfg, 5, played.actions, st)
    assert GAME.state_hash(replay(rec)) == GAME.state_hash(st)


def test_same_seed_same_race():
    cfg = GAME.config(track="twisty", seats=["heuristic"] * 4 + ["random"] * 2)
    a, b = play(GAME, cfg, 11), play(GAME, cfg, 11)
    assert GAME.state_hash(a.state) == GAME.state_hash(b.state)
    assert GAME.state_hash(play(GAME, cfg, 12).state) != GAME.state_hash(a.state)


def test_ten_cars_on_the_street_circuit():
    st = play(GAME, GAME.config(track="street", seats=["heuristic"] * 10), 2).state
    res = GAME.result(st)
    # FGP 14.2: 10+ cars score 13-10-8-6-5-4-3-2-1-0
    assert sorted(res.points.values(), reverse=True) == [13, 10, 8, 6, 5, 4, 3, 2, 1, 0]


# ---- qualifying and the start (FGP 6, 7.2) -------------------------------------------------
def _fresh(seats=3, track="fast", seed=4):
    # the starting tyres fixed in the config: no FGP 5.1.3 choice comes first
    cfg = GAME.config(track=track, seats=["human"] * seats, tyres=["medium"] * seats)
    return GAME.new(cfg, seed)


def _finish_returns(st):
    while st.turn.pending.step == "returns":
        GAME.apply(st, st.turn.pending.seats[0], A.Done())


def test_qualifying_choices_are_secret_until_all_have_chosen():
    st = _fresh()
    _finish_returns(st)
    assert st.turn.pending.step == "quali_cards" and st.turn.pending.seats == [0, 1, 2]
    play0 = next(a for a in GAME.fine_actions(st, 0) if len(a.cards) == 2)
    GAME.apply(st, 0, play0)
    v1 = GAME.view(st, 1)
    assert v1["chosen"] == [0] and v1.get("secret") is None
    assert not set(play0.cards) & set(map(str, v1.values()))
    assert GAME.view(st, 0)["secret"]["cards"] == list(play0.cards)
    with pytest.raises(IllegalAction):
        GAME.apply(st, 0, play0)                      # already chosen
    for s in (1, 2):
        GAME.apply(st, s, A.Cards())                  # missed qualifying
    # FGP 6.2: scores revealed, then pushes in pit-box order
    scores = {c.seat: c.quali_score for c in st.cars}
    assert scores[1] == scores[2] == 0 and scores[0] > 0
    assert st.turn.pending.step == "push"


def test_grid_pole_bonus_and_round_one_order():
    st = _fresh(seats=4)
    _finish_returns(st)
    for s in range(4):
        GAME.apply(st, s, GAME.fine_actions(st, s)[-1])
    while st.turn.pending.step in ("push", "quali_save"):
        seat = st.turn.pending.seats[0]
        GAME.apply(st, seat, A.Push(False) if st.turn.pending.step == "push"
                   else GAME.fine_actions(st, seat)[0])
    grid = [c.seat for c in sorted(st.cars, key=lambda c: c.grid or 99) if c.grid]
    scores = [st.cars[s].quali_score for s in grid]
    assert scores == sorted(scores, reverse=True)          # FGP 6.2: highest on pole
    assert st.turn.pending.step == "pole_keep" and st.turn.pending.seats == [grid[0]]
    pole = st.cars[grid[0]]
    n = len(pole.hand)
    drawn = list(st.move["pole"])
    keep = GAME.fine_actions(st, pole.seat)[0]
    GAME.apply(st, pole.seat, keep)
    assert len(pole.hand) == n - 2 and keep.keep in pole.hand      # FGP 7.2.1: keep 1 of 3
    assert all(c not in pole.hand for c in drawn if c != keep.keep)
    assert st.turn.pending.step == "start_cards"
    leds = {}
    for s in list(st.turn.pending.seats):
        a = max(GAME.fine_actions(st, s), key=lambda a: len(a.cards))
        leds[s] = sum(C.action_card(C.content_of(st), c).leds for c in a.cards
                      if C.kind_of(st, c) == "movement") + \
            sum(1 for c in a.cards if C.kind_of(st, c) != "movement")
        GAME.apply(st, s, a)
    # FGP 7.2.1 step 4: most LEDs first, ties by grid position
    pos = {s: i for i, s in enumerate(grid)}
    order = sorted(leds, key=lambda s: (-leds[s], pos[s]))
    stuck = [s for s in grid if st.cars[s].stuck_in_neutral]
    assert st.sequence == order + stuck
    # round 1: free actions first (no Option card for an EVENT), then the revealed
    # cards in 2nd gear (no play step)
    assert st.turn.pending.step == "prep"
    seat = st.turn.pending.seats[0]
    assert not any(isinstance(a, A.PlayCard) and a.how == "play"
                   for a in GAME.fine_actions(st, seat))
    GAME.apply(st, seat, A.Done())
    assert st.move["gear"] == 2 and st.turn.pending.step in ("move", "extend")


# ---- positions built by hand: the worked examples through the steps ----------------------
def _lane_space(trk, tile, lane):
    sp = trk.tiles[tile].lanes[lane - 1]
    return sp[-1] if sp else None


def _pick(st, colour):
    return next(c.id for c in C.content_of(st).action.cards if c.colour == colour)


def _free_run(trk, tile, lane, n):
    """True when lane `lane` runs straight on from `tile` for n tiles, one
    space a tile, with no pit spaces (a clean stretch to count spaces on)."""
    for k in range(n + 1):
        t = trk.tiles[trk.tile_ahead(tile, k)]
        sp = t.lanes[lane - 1]
        if len(sp) != 1 or trk.spaces[sp[0]].pit_lane or trk.spaces[sp[0]].shadow_car:
            return False
    return True


def test_fgp_7_3_3_5_green_in_6th_gear_with_tyre_bonus_3_moves_5_spaces():
    """FGP 7.3.3.5 example: a GREEN card in 6th gear gives 2 MP; with a tyre
    bonus of +3 the car moves 5 spaces."""
    trk = track("fast")
    tile, lane = next((t.index, ln) for t in trk.tiles for ln in (1, 2, 3, 4)
                      if t.gear == 6 and _free_run(trk, t.index, ln, 5))
    green = _pick(new_race("fast", 1), "green")
    st = _scenario([trk.tiles[tile].lanes[lane - 1][0]], hands=[[green]])
    car = st.cars[0]
    side = C.board_side(st, car)
    car.tyre, car.wear = "soft", side.start_position("soft")
    assert tyre_bonus(side, car.tyre, car.wear) == 3 and side.speed.mp(6, "green") == 2
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play((green,)))
    assert st.move["mp"] == 5
    start = trk.progress(car.space)
    moved = 0
    while st.turn.pending.step == "move":
        forward = [a for a in GAME.fine_actions(st, 0) if isinstance(a, A.Step)
                   and trk.spaces[a.to].lane == lane]
        GAME.apply(st, 0, forward[0])
        moved += 1
    assert moved == 5 and trk.progress(car.space)[0] == (start[0] + 5) % trk.lap_tiles


def test_fgp_8_8_spending_a_charge_drops_the_hand_limit_at_once():
    """FGP 8.8 example: at the ERS level with 2 LEDs the hand holds 6; one
    charge spent drops the limit to 4 and the cards over it go at once."""
    trk = track("fast")
    tile, lane = next((t.index, ln) for t in trk.tiles for ln in (1, 2, 3, 4)
                      if t.straight and _free_run(trk, t.index, ln, 7)
                      and trk.tiles[trk.tile_ahead(t.index, 5)].straight)
    probe = new_race("fast", 1)
    deck = C.content_of(probe).action.cards
    green = [c.id for c in deck if c.colour == "green"][:3]
    reds = [c.id for c in deck if c.colour == "red"][:4]
    st = _scenario([trk.tiles[tile].lanes[lane - 1][0]], hands=[[*green, *reds[:3]]])
    car = st.cars[0]
    side = C.board_side(st, car)
    car.ers = 2
    assert side.ers_leds[2] == 2 and side.ers_leds[1] == 0
    assert C.hand_limit(st, car) == 6 and len(car.hand) == 6
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play((green[0],)))
    while st.turn.pending.step == "move":
        GAME.apply(st, 0, next(a for a in GAME.fine_actions(st, 0) if isinstance(a, A.Step)))
    assert st.turn.pending.step == "extend" and A.Extend("ers") in GAME.fine_actions(st, 0)
    GAME.apply(st, 0, A.Extend("ers"))
    assert C.hand_limit(st, car) == 4 and len(car.hand) == 5
    assert st.turn.pending.step == "discard"                  # at once, before moving on
    GAME.apply(st, 0, GAME.fine_actions(st, 0)[0])
    assert len(car.hand) == 4 and st.turn.pending.step == "move"


def _battle_sites(trk):
    """Tiles t, t+1 whose lane 2 has one space each (one step apart) and a
    tile t+2 with a space in lane 3 (adjacent to lane 2): the FGP 9.2 picture."""
    for t in trk.tiles:
        a, b = trk.tile_ahead(t.index, 1), trk.tile_ahead(t.index, 2)
        if len(t.lanes[1]) == 1 and len(trk.tiles[a].lanes[1]) == 1 \
                and trk.tiles[b].lanes[2] and trk.tiles[b].lanes[1]:
            s0, s1 = t.lanes[1][0], trk.tiles[a].lanes[1][0]
            if s1 in trk.spaces[s0].forward and not trk.spaces[s0].slipstream \
                    and not trk.spaces[s1].slipstream:
                yield s0, s1, trk.tiles[b].lanes[2][-1]


def _battle_site(trk):
    return next(_battle_sites(trk))


def _four_mp(trk, side):
    """A site, pace and tyre giving exactly 4 MP from the site's start tile."""
    for s0, s1, other in _battle_sites(trk):
        gear = trk.tile_of(s0).gear
        for tyre in ("medium", "soft", "hard"):
            bonus = tyre_bonus(side, tyre, side.start_position(tyre))
            for pace in ("green", "red"):
                if side.speed.mp(gear, pace) + bonus == 4:
                    return (s0, s1, other), pace, tyre
    raise AssertionError("no site gives 4 MP")


@pytest.mark.parametrize("track_key", ["fast", "twisty"])
def test_fgp_9_2_stop_rule_and_ot_from_the_points_left(track_key):
    """FGP 9.2 example: 4 MP, the car drives one space and must stop behind a
    car in the adjacent lane of the next tile; 3 MP left, OT capacity 2 ->
    OT 2 and 1 point lost."""
    trk = track(track_key)
    probe = new_race(track_key, 2)
    side = C.board_side(probe, probe.cars[0])
    assert side.max_ot == 2
    (s0, s1, other), pace, tyre = _four_mp(trk, side)
    card = _pick(probe, pace)
    spare = [c.id for c in C.content_of(probe).action.cards if c.colour == "orange"][:3]
    st = _scenario([s0, other], hands=[[card, *spare[:2]], [spare[2]]], track_key=track_key)
    car = st.cars[0]
    car.tyre, car.wear = tyre, side.start_position(tyre)
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play((card,)))
    assert st.move["mp"] == 4
    GAME.apply(st, 0, A.Step(s1))
    legal = GAME.fine_actions(st, 0)
    # the step onto the other car's tile is not offered; Stop is
    assert A.Stop() in legal
    assert all(trk.spaces[a.to].tile != trk.spaces[other].tile
               for a in legal if isinstance(a, A.Step))
    ev = GAME.apply(st, 0, A.Stop())
    ot = next(e for e in ev if e.kind == "ot_charge")
    assert ot.data["ot"] == 2 and ot.data["lost"] == 1
    assert st.turn.pending.step == "attack"
    assert A.Attack(1) in GAME.fine_actions(st, 0)


def test_battle_cards_are_secret_and_the_winner_overtakes():
    trk = track("fast")
    s0, s1, other = _battle_site(trk)
    probe = new_race("fast", 2)
    cards = C.content_of(probe).action.cards
    red = next(c.id for c in cards if c.colour == "red")
    blues = [c.id for c in cards if c.colour == "blue"][:2]
    greens = [c.id for c in cards if c.colour == "green"][:2]
    st = _scenario([s0, other], hands=[[red, *blues], greens])
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play((red,)))
    GAME.apply(st, 0, A.Step(s1))
    GAME.apply(st, 0, A.Stop())
    GAME.apply(st, 0, A.Attack(1))
    GAME.apply(st, 0, A.Done())                      # no OT boost
    assert st.turn.pending.step == "battle_cards" and st.turn.pending.seats == [0, 1]
    strong = max(GAME.fine_actions(st, 0), key=lambda a: sum(
        C.action_card(C.content_of(st), c).leds for c in a.cards))
    GAME.apply(st, 0, strong)
    v = GAME.view(st, 1)
    assert v["battle"]["chosen"] == [0] and "0" not in v["battle"]["cards"]
    assert GAME.fine_actions(st, 1)[0] == A.Cards()            # FGP 9.3: no defence first
    GAME.apply(st, 1, A.Cards())
    while st.turn.pending and st.turn.pending.step == "battle_boost":
        s = st.turn.pending.seats[0]
        GAME.apply(st, s, A.Boost())
    # no defence: the attack succeeds and the car drives its OT (FGP 9.3, 9.4.1)
    assert trk.spaces[st.cars[0].space].tile == trk.spaces[other].tile or \
        trk.progress(st.cars[0].space) > trk.progress(s1)


def test_illegal_step_names_the_rule_and_changes_nothing():
    trk = track("fast")
    s0, s1, other = _battle_site(trk)
    probe = new_race("fast", 2)
    red = _pick(probe, "red")
    st = _scenario([s0, other], hands=[[red], []])
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play((red,)))
    h = GAME.state_hash(st)
    with pytest.raises(IllegalAction, match="FGP 8.3"):
        GAME.apply(st, 0, A.Step(other))
    assert GAME.state_hash(st) == h


def test_pit_stop_changes_tyres_and_leaves_in_exit_order():
    st = _scenario([0], hands=[[]])
    car = st.cars[0]
    car.space, car.in_pit, car.box_call = None, True, True
    car.wear = 9
    st.move = {"seat": 0, "stage": "begin"}
    st.turn.pending, st.turn.cache = None, None
    machine.advance(st)
    assert st.turn.pending.step == "pit_stop"
    GAME.apply(st, 0, A.PitStop("soft", (), "none"))
    side = C.board_side(st, car)
    assert car.tyre == "soft" and car.wear == side.start_position("soft")
    assert car.cold_tyres == 0          # FGP 11.3: the token comes with the exit move
    GAME.apply(st, 0, A.Done())
    assert car.space == track("fast").pit.exit_space and not car.in_pit


def test_fgp_8_2_1_reduce_five_points_three_spaces_two_ers():
    """FGP 8.2.1 / 8.8.1 a example: 5 MP, the car drives 3 spaces and turns the
    last 2 MP into 2 ERS charges."""
    trk = track("fast")
    probe = new_race("fast", 1)
    side = C.board_side(probe, probe.cars[0])
    pick = None
    for t in trk.tiles:
        for ln in (1, 2, 3, 4):
            if not _free_run(trk, t.index, ln, 5):
                continue
            for tyre in ("medium", "soft", "hard"):
                for pace in ("green", "red"):
                    bonus = tyre_bonus(side, tyre, side.start_position(tyre))
                    if side.speed.mp(t.gear, pace) + bonus == 5:
                        pick = (t.index, ln, tyre, pace)
    assert pick, "no stretch gives 5 MP"
    tile, lane, tyre, pace = pick
    card = _pick(probe, pace)
    st = _scenario([trk.tiles[tile].lanes[lane - 1][0]], hands=[[card]])
    car = st.cars[0]
    car.tyre, car.wear = tyre, side.start_position(tyre)
    car.ers = side.ers_max - 2
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play((card,)))
    assert st.move["mp"] == 5
    for _ in range(3):
        step = next(a for a in GAME.fine_actions(st, 0)
                    if isinstance(a, A.Step) and trk.spaces[a.to].lane == lane)
        GAME.apply(st, 0, step)
    assert A.Reduce(2, ()) in GAME.fine_actions(st, 0)
    GAME.apply(st, 0, A.Reduce(2, ()))
    assert car.ers == side.ers_max
    assert trk.progress(car.space)[0] == (tile + 3) % trk.lap_tiles


def test_fgp_7_3_3_1_held_event_cards_can_be_played_at_the_end_of_the_turn():
    trk = track("fast")
    tile, lane = next((t.index, ln) for t in trk.tiles for ln in (1, 2, 3, 4)
                      if _free_run(trk, t.index, ln, 9))
    probe = new_race("fast", 1)
    content = C.content_of(probe)
    held = next(c.id for c in content.event.cards if c.can_hold and c.play == "turn"
                and c.mode == "all")
    green = _pick(probe, "green")
    st = _scenario([trk.tiles[tile].lanes[lane - 1][0]], hands=[[green]])
    st.decks["event"].pile.remove(held)
    st.cars[0].held_events.append(held)
    st.turn.cache = None
    assert A.PlayCard(held, "event") in GAME.fine_actions(st, 0)   # at the start ...
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play((green,)))
    while st.turn.pending.step in ("move", "extend"):
        legal = GAME.fine_actions(st, 0)
        GAME.apply(st, 0, next((a for a in legal if isinstance(a, A.Step)), A.Done()))
    assert st.turn.pending.step == "end_events"                           # ... and at the end
    GAME.apply(st, 0, A.PlayCard(held, "event"))
    assert held not in st.cars[0].held_events


def test_fgp_10_1_worn_out_tyres_let_tyre_wear_cards_be_discarded():
    trk = track("fast")
    probe = new_race("fast", 1)
    content = C.content_of(probe)
    tw = next(c.id for c in content.action.cards if c.kind == "tyre_wear")
    green = _pick(probe, "green")
    st = _scenario([trk.tiles[1].lanes[1][0]], hands=[[green, tw]])
    assert A.PlayCard(tw, "worn_discard") not in GAME.fine_actions(st, 0)
    car = st.cars[0]
    side = C.board_side(st, car)
    car.wear = next(i for i in range(len(side.tyre_track))
                    if side.tyre_state(car.tyre, i) == "worn")
    st.turn.cache = None
    assert A.PlayCard(tw, "worn_discard") in GAME.fine_actions(st, 0)
    wear = car.wear
    GAME.apply(st, 0, A.PlayCard(tw, "worn_discard"))
    assert tw not in car.hand and tw in car.deck.discards and car.wear == wear


def test_fgp_14_championship_standings_and_pit_boxes_by_standings():
    """FGP 14.1-14.3: the races of a series in one game; points carried over;
    from the second race the pit boxes follow the standings."""
    from chequered.engine.play import play as play_all
    cfg = GAME.config(track="twisty,fast", options=["championship"],
                      seats=["heuristic"] * 4)
    played = play_all(GAME, cfg, 3)
    st = played.state
    res = GAME.result(st)
    races = res.extra["races"]
    assert [r["track"] for r in races] == ["twisty", "fast"]
    total = {s: sum(r["points"][str(s)] for r in races) for s in range(4)}
    assert res.points == total
    assert res.classification == sorted(range(4), key=lambda s: (-total[s], races[-1][
        "classification"].index(s)))
    first = {int(k): v for k, v in races[0]["points"].items()}
    boxes = sorted(range(4), key=lambda s: st.pit_order.index(s))
    assert [first[s] for s in boxes] == sorted(first.values(), reverse=True)
    assert sum(res.extra["teams"].values()) == sum(total.values())
    rec = record_of(GAME, cfg, 3, played.actions, st)
    assert GAME.state_hash(replay(rec)) == GAME.state_hash(st)


def test_fgp_4_8_driver_skill_once_per_round():
    """FGP 4.8: a driver's skill adds its LEDs in one battle a round."""
    trk = track("fast")
    s0, s1, other = _battle_site(trk)
    probe = new_race("fast", 2)
    cards = C.content_of(probe).action.cards
    red = next(c.id for c in cards if c.colour == "red")
    greens = [c.id for c in cards if c.colour == "green"][:3]
    st = _scenario([s0, other], hands=[[red, *greens[:2]], [greens[2]]])
    st.cars[0].driver = "DR01"                 # skill: attack, always, +1 LED
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play((red,)))
    GAME.apply(st, 0, A.Step(s1))
    GAME.apply(st, 0, A.Stop())
    GAME.apply(st, 0, A.Attack(1))
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, GAME.fine_actions(st, 0)[0])
    GAME.apply(st, 1, GAME.fine_actions(st, 1)[-1])
    assert st.turn.pending.step == "battle_boost"
    assert any(a.skill for a in GAME.fine_actions(st, 0))
    st.cars[0].skill_used = True                # used in an earlier battle this round
    st.turn.cache = None
    assert not any(a.skill for a in GAME.fine_actions(st, 0))


def test_fgp_5_1_2_a_champions_driver_card_can_be_chosen():
    from chequered.games.formulagp.rules.cards import content_of
    champ = content_of(new_race("fast", 1)).champions.cards[0]
    cfg = GAME.config(track="fast", seats=["heuristic", "heuristic"],
                      drivers=[champ.id, None])
    st = GAME.new(cfg, 4)
    assert st.cars[0].driver == champ.id and st.cars[1].driver is not None
    assert st.cars[0].stress == 2                  # FGP 5.1.2: the middle space
    assert GAME.is_over(play(GAME, cfg, 4).state)
