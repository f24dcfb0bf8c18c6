"""FGP 4.9 [ADV] Team Radio cards and the sections that refer to them (3, 3.4,
4.3.3, 5.1.1, 7.2, 8.8.1 c, 10.1, 11.2), scenario by scenario: a position
written by hand (docs/rules/formulagp-positions.md, `rules = "advanced"`),
played through the protocol. The cards are our reconstruction
(content/team_radio.toml); the choices A94-A97 are in rules/team_radio.py."""
from __future__ import annotations

import json

import pytest

from chequered.engine.play import play as play_race
from chequered.engine.records import record_of, replay
from chequered.games.formulagp import actions as A
from chequered.games.formulagp.checks import invariants
from chequered.games.formulagp.rules import team_radio as TR
from chequered.games.formulagp.rules.setup import new_race
from chequered.games.formulagp.track import track_keys

from .common import GAME, kinds, position

STRAIGHT, CURVE = "1.2.1", "7.2.1"          # fast: tile 1 a straight, tile 7 a corner


def adv(car: str, *, more: str = "", extra_cars: str = "") -> object:
    """An Advanced position, round 5, the car 'Red' to move."""
    return position(f"""
        rules = "advanced"
        round = 5
        {more}
        [[car]]
        name = "Red"
        {car}
        [[car]]
        name = "Blue"
        at = "30.2.1"
        radio = "TR30"
        {extra_cars}
    """)


def _prep(st, seat=0):
    return GAME.fine_actions(st, seat)


# ---- FGP 3 / 3.4: the deck is the Advanced race's -----------------------------------------------
def test_fgp_3_4_the_team_radio_deck_is_shuffled_in_an_advanced_race_only():
    """A Standard race has no TEAM RADIO deck; an Advanced one shuffles all 30 cards."""
    assert "radio" not in new_race("fast", 2, seed=3).decks
    st = new_race("fast", 2, seed=3, rules="advanced")
    assert sorted(st.decks["radio"].pile) == [f"TR{i:02}" for i in range(1, 31)]
    assert st.decks["radio"].pile != sorted(st.decks["radio"].pile)


# ---- FGP 4.9 / 5.1.1 / 7.2: two drawn before the start, one kept -------------------------------
def _to_step(st, step):
    while st.turn.pending.step != step:
        s = min(GAME.to_act(st))
        GAME.apply(st, s, GAME.fine_actions(st, s)[-1])


def test_fgp_7_2_each_player_draws_two_keeps_one_and_the_other_goes_face_up():
    """Once the grid is set every player draws two TEAM RADIO cards and keeps one face
    down, all at once; the cards given up then lie face up on the discard pile, and the
    pole sitter's bonus card comes next."""
    cfg = GAME.config(seats=["human"] * 3, track="fast", rules="advanced",
                      tyres=["medium"] * 3)
    st = GAME.new(cfg, 4)
    _to_step(st, "radio_pick")
    assert st.round == 0 and all(c.grid for c in st.cars)          # after the grid
    assert sorted(GAME.to_act(st)) == [0, 1, 2]
    drawn = {c.seat: list(c.radio_drawn) for c in st.cars}
    assert all(len(d) == 2 for d in drawn.values())
    assert len(st.decks["radio"].pile) == 24
    ev = []
    for s in (2, 0, 1):
        assert not [e for e in ev if e.kind == "radio_discarded"]   # not before all chose
        legal = GAME.fine_actions(st, s)
        assert legal == [A.RadioKeep(c) for c in drawn[s]]
        ev += GAME.apply(st, s, A.RadioKeep(drawn[s][1]))
    assert [c.radio for c in st.cars] == [drawn[s][1] for s in range(3)]
    gone = [e for e in ev if e.kind == "radio_discarded"]
    order = list(st.sequence)
    assert [e.data["seat"] for e in gone] == order                  # grid order (A94)
    assert st.decks["radio"].discards == [drawn[s][0] for s in order]
    assert all(e.to is None for e in gone)
    assert st.turn.pending.step == "pole_keep"


def test_fgp_4_9_a_standard_race_deals_no_team_radio_cards():
    """The Standard race goes from the grid straight to the pole sitter's bonus."""
    cfg = GAME.config(seats=["human"] * 2, track="fast", tyres=["medium"] * 2)
    st = GAME.new(cfg, 4)
    _to_step(st, "pole_keep")
    assert all(c.radio is None for c in st.cars)


# ---- FGP 4.9: using the card --------------------------------------------------------------------------
def test_fgp_4_9_the_card_gives_its_benefit_for_its_price_once_a_turn_and_stays():
    """'Hammer Time' before the move: +1 movement point and +1 tyre wear; it cannot be used
    again in that turn, and the car keeps it."""
    st = adv(f'at = "{STRAIGHT}"\nhand = ["R01", "G01"]\nradio = "TR01"')
    base = adv(f'at = "{STRAIGHT}"\nhand = ["R01", "G01"]\nradio = "TR01"')
    car = st.cars[0]
    wear = car.wear
    assert A.UseRadio("TR01") in _prep(st)
    ev = GAME.apply(st, 0, A.UseRadio("TR01"))
    used = next(e for e in ev if e.kind == "radio_used")
    assert used.to is None and used.data["card"] == "TR01" and used.rule == "FGP 4.9"
    assert car.wear == wear + 1 and car.radio == "TR01" and car.radio_seen
    assert A.UseRadio("TR01") not in _prep(st)                     # once per turn
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("R01",)))
    GAME.apply(base, 0, A.Done())
    GAME.apply(base, 0, A.Play(("R01",)))
    assert st.move["mp"] == base.move["mp"] + 1


def test_fgp_4_9_no_pairs_in_the_turn_the_card_is_resolved():
    """With two RED cards in hand a pair is on offer, but not after the card is used."""
    st = adv(f'at = "{STRAIGHT}"\nhand = ["R01", "R02"]\nradio = "TR01"')
    GAME.apply(st, 0, A.Done())
    assert any(len(a.cards) == 2 for a in GAME.fine_actions(st, 0))
    st = adv(f'at = "{STRAIGHT}"\nhand = ["R01", "R02"]\nradio = "TR01"')
    GAME.apply(st, 0, A.UseRadio("TR01"))
    GAME.apply(st, 0, A.Done())
    plays = GAME.fine_actions(st, 0)
    assert plays and all(len(a.cards) == 1 for a in plays)


def test_fgp_4_9_when_applicable_the_tile_and_the_price():
    """'Deploy Down the Straight' (+2 MP for an ERS charge) applies from a straight, not
    from a corner, and only with a charge to pay."""
    assert A.UseRadio("TR05") in _prep(adv(f'at = "{STRAIGHT}"\nhand = ["R01"]\n'
                                           'radio = "TR05"\ners = 2'))
    assert A.UseRadio("TR05") not in _prep(adv(f'at = "{CURVE}"\nhand = ["R01"]\n'
                                               'radio = "TR05"\ners = 2'))
    assert A.UseRadio("TR05") not in _prep(adv(f'at = "{STRAIGHT}"\nhand = ["R01"]\n'
                                               'radio = "TR05"\ners = 0'))


def test_fgp_4_9_leader_cards_for_the_leader_chasing_cards_for_the_others():
    """'Pace at the Front' needs the Race Leader token, 'Close the Gap' a car without it."""
    lead = adv(f'at = "{STRAIGHT}"\nhand = ["R01"]\nradio = "TR29"\ners = 2',
               more='leader = "Red"')
    assert A.UseRadio("TR29") in _prep(lead)
    chase = adv(f'at = "{STRAIGHT}"\nhand = ["R01"]\nradio = "TR29"\ners = 2',
                more='leader = "Blue"')
    assert A.UseRadio("TR29") not in _prep(chase)
    assert A.UseRadio("TR04") in _prep(adv(f'at = "{STRAIGHT}"\nhand = ["R01"]\n'
                                           'radio = "TR04"', more='leader = "Blue"'))


def test_fgp_8_8_1_c_a_team_radio_card_charges_the_ers():
    """'Harvest Mode': ERS +1 for one movement point less this turn."""
    st = adv(f'at = "{STRAIGHT}"\nhand = ["R01"]\nradio = "TR02"\ners = 1')
    base = adv(f'at = "{STRAIGHT}"\nhand = ["R01"]\nradio = "TR02"\ners = 1')
    GAME.apply(st, 0, A.UseRadio("TR02"))
    assert st.cars[0].ers == 2
    for s in (st, base):
        GAME.apply(s, 0, A.Done())
        GAME.apply(s, 0, A.Play(("R01",)))
    assert st.move["mp"] == base.move["mp"] - 1


def test_fgp_10_1_a_team_radio_card_decreases_tyre_wear():
    """'Look After the Tyres': tyre wear one space back for a movement point."""
    st = adv(f'at = "{STRAIGHT}"\nhand = ["R01"]\nradio = "TR03"\nwear = 4')
    GAME.apply(st, 0, A.UseRadio("TR03"))
    assert st.cars[0].wear == 3


def test_fgp_4_9_a_die_as_the_price_is_rolled_after_the_move():
    """'Attack Mode' (+2 MP): the YELLOW die is rolled once the car has moved."""
    st = adv(f'at = "{STRAIGHT}"\nhand = ["R01"]\nradio = "TR14"\nstress = 2',
             more='leader = "Blue"\nrolls = ["yellow:stress"]')
    ev = GAME.apply(st, 0, A.UseRadio("TR14"))
    assert "roll" not in kinds(ev)
    GAME.apply(st, 0, A.Done())
    GAME.apply(st, 0, A.Play(("R01",)))
    while st.turn.pending and st.turn.pending.seats == [0]:
        legal = GAME.fine_actions(st, 0)
        pick = next((a for a in legal if isinstance(a, A.Step)), None) or \
            next((a for a in legal if isinstance(a, (A.Done, A.Stop))), legal[-1])
        ev += GAME.apply(st, 0, pick)
    assert "roll" in kinds(ev) and st.cars[0].stress == 3


def test_fgp_4_9_not_in_round_one_nor_under_the_safety_car():
    """The start play is already revealed in round 1 (A96), and under the Safety Car the
    rules set every car's pace: no TEAM RADIO card then."""
    st = adv(f'at = "{STRAIGHT}"\nhand = ["R01", "P01"]\nradio = "TR01"',
             more="safety_car = 20")
    legal = _prep(st)
    assert A.UseRadio("TR01") not in legal and A.PlayCard("P01", "radio") not in legal


# ---- FGP 4.3.3 / 4.9: the Option card changes the card --------------------------------------------
def test_fgp_4_3_3_an_option_card_draws_an_event_or_changes_the_team_radio_card():
    """In an Advanced race the Option card offers both; in a Standard one only the EVENT."""
    st = adv(f'at = "{STRAIGHT}"\nhand = ["R01", "P01"]\nradio = "TR01"',
             more='decks = { radio_discards = ["TR07"] }')
    assert {A.PlayCard("P01", "play"), A.PlayCard("P01", "radio")} <= set(_prep(st))
    std = position(f"""
        round = 5
        [[car]]
        name = "Red"
        at = "{STRAIGHT}"
        hand = ["R01", "P01"]
    """)
    assert not [a for a in GAME.fine_actions(std, 0)
                if isinstance(a, A.PlayCard) and a.how == "radio"]


def test_fgp_4_9_take_the_top_card_of_the_discard_pile_and_leave_yours_there():
    """The Option card played, the car swaps its card with the face-up top of the pile."""
    st = adv(f'at = "{STRAIGHT}"\nhand = ["R01", "P01"]\nradio = "TR01"',
             more='decks = { radio_discards = ["TR07", "TR09"] }')
    GAME.apply(st, 0, A.PlayCard("P01", "radio"))
    car = st.cars[0]
    assert "P01" in car.deck.discards and "P01" not in car.hand
    legal = GAME.fine_actions(st, 0)
    assert legal == [A.RadioSwap("discard"), A.RadioSwap("deck")]   # a change is a must
    ev = GAME.apply(st, 0, A.RadioSwap("discard"))
    assert car.radio == "TR09" and st.decks["radio"].discards == ["TR07", "TR01"]
    sw = next(e for e in ev if e.kind == "radio_swapped")
    assert sw.to is None and (sw.data["took"], sw.data["gave"]) == ("TR09", "TR01")
    assert st.turn.pending.step == "prep"


def test_fgp_4_9_draw_two_keep_one_the_rest_face_up_yours_on_top():
    """Two cards drawn: keeping a new one puts the other and the old card on the pile
    (A95: the old one on top)."""
    st = adv(f'at = "{STRAIGHT}"\nhand = ["R01", "P01"]\nradio = "TR01"',
             more='decks = { radio = ["TR11", "TR12"] }')
    GAME.apply(st, 0, A.PlayCard("P01", "radio"))
    ev = GAME.apply(st, 0, A.RadioSwap("deck"))
    car = st.cars[0]
    assert car.radio_drawn == ["TR11", "TR12"]
    assert set(GAME.fine_actions(st, 0)) == {A.RadioKeep("TR11"), A.RadioKeep("TR12"),
                                              A.RadioKeep("TR01")}
    drawn = next(e for e in ev if e.kind == "draw")
    assert drawn.seen_by(1).data.get("cards") is None               # face down to the others
    ev = GAME.apply(st, 0, A.RadioKeep("TR12"))
    assert car.radio == "TR12" and not car.radio_seen and car.radio_drawn == []
    assert st.decks["radio"].discards == ["TR11", "TR01"]
    assert next(e for e in ev if e.kind == "radio_discarded").data["cards"] == ["TR11", "TR01"]


def test_fgp_4_9_or_keep_your_card_and_put_both_new_ones_face_up():
    st = adv(f'at = "{STRAIGHT}"\nhand = ["R01", "P01"]\nradio = "TR01"',
             more='decks = { radio = ["TR11", "TR12"] }')
    GAME.apply(st, 0, A.PlayCard("P01", "radio"))
    GAME.apply(st, 0, A.RadioSwap("deck"))
    GAME.apply(st, 0, A.RadioKeep("TR01"))
    assert st.cars[0].radio == "TR01"
    assert st.decks["radio"].discards == ["TR11", "TR12"]


# ---- FGP 11.2: the free change in the pit stop ---------------------------------------------------
def test_fgp_11_2_the_team_radio_card_changes_for_free_in_the_pit_stop():
    """In the box the car may change its card without an Option card (A97: the same two
    ways), or keep it; then the cards are changed as usual."""
    st = adv('at = "pit"\nhand = ["R01"]\nradio = "TR01"',
             more='decks = { radio_discards = ["TR22"] }')
    GAME.apply(st, 0, GAME.fine_actions(st, 0)[0])                 # tyres and repairs
    assert st.turn.pending.step == "radio_swap"
    assert set(GAME.fine_actions(st, 0)) == {A.RadioSwap("discard"), A.RadioSwap("deck"),
                                              A.Done()}
    GAME.apply(st, 0, A.RadioSwap("discard"))
    assert st.cars[0].radio == "TR22" and st.turn.pending.step == "pit_discard"
    st = adv('at = "pit"\nhand = ["R01"]\nradio = "TR01"')
    GAME.apply(st, 0, GAME.fine_actions(st, 0)[0])
    GAME.apply(st, 0, A.Done())
    assert st.cars[0].radio == "TR01" and st.turn.pending.step == "pit_discard"


# ---- hidden information ---------------------------------------------------------------------------------
def _secrets(st, viewer):
    """The TEAM RADIO cards `viewer` has not seen: the others' face-down card and their
    drawn cards, by id and by name."""
    out = []
    for c in st.cars:
        if c.seat == viewer:
            continue
        ids = ([c.radio] if c.radio and not c.radio_seen else []) + list(c.radio_drawn)
        out += [(i, TR.card(st, i).name) for i in ids]
    return out


def test_fgp_4_9_another_seat_never_sees_a_face_down_team_radio_card():
    """A whole Advanced race: no view, log line or event shown to another seat names a
    TEAM RADIO card held face down (or drawn and not yet kept) by a car."""
    cfg = GAME.config(seats=["heuristic"] * 4, track="twisty", rules="advanced")
    st = GAME.new(cfg, 11)
    checked = 0

    def on_step(seat, action, events, step):
        nonlocal checked
        for v in range(len(st.cars)):
            hidden = _secrets(st, v)
            if not hidden:
                continue
            view = json.dumps(GAME.view(st, v))
            texts = [view]
            for e in events:
                seen = e.seen_by(v)
                if seen is not None:
                    texts += [json.dumps(seen.data), GAME.describe(seen, st)]
            for cid, name in hidden:
                assert not any(cid in t or name in t for t in texts), (cid, step and step.name)
            checked += 1
    play_race(GAME, cfg, 11, state=st, on_step=on_step)
    assert GAME.is_over(st) and checked > 100


# ---- whole races ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("track", track_keys())
@pytest.mark.parametrize("cars", [2, 6, 10])
def test_a_whole_advanced_race_with_team_radio_cards(track, cars):
    """Heuristic drivers race an Advanced race to the flag: every car holds a TEAM RADIO
    card, the invariants hold after every decision, and the record replays."""
    cfg = GAME.config(seats=["heuristic"] * cars, track=track, rules="advanced")
    st = GAME.new(cfg, 7)
    used = []

    def on_step(seat, action, events, step):
        assert invariants(st) == []
        used.extend(e for e in events if e.kind == "radio_used")
    done = play_race(GAME, cfg, 7, state=st, on_step=on_step)
    assert GAME.is_over(st) and all(c.radio for c in st.cars) and used
    rec = record_of(GAME, cfg, 7, done.actions, st)
    assert GAME.state_hash(replay(rec)) == GAME.state_hash(st)


def test_fgp_4_9_a_person_keeps_and_uses_team_radio_cards_in_the_terminal():
    """A person at the keyboard sees the card held on the board, keeps one of the two at
    the start by its menu number and uses it when the menu offers it."""
    import io

    from chequered.engine.play import agents_for
    from chequered.terminal import Session
    cfg = GAME.config(track="fast", seats=["human"] + ["heuristic"] * 3, rules="advanced")
    st = GAME.new(cfg, 5)
    out = io.StringIO()
    said = {"use": 0}

    def script(prompt):
        legal = GAME.fine_actions(session.state, 0)
        use = next((i for i, a in enumerate(legal) if isinstance(a, A.UseRadio)), None)
        if use is not None:
            said["use"] += 1
            return str(use + 1)
        return "1"
    session = Session(GAME, cfg, 5, st, agents_for(GAME, cfg, 5), out=out,
                      read_line=script)
    assert session.run() == 0
    text = out.getvalue()
    assert "keep TEAM RADIO" in text and "TEAM RADIO: " in text      # the board names it
    assert said["use"] and "uses the TEAM RADIO card" in text


def test_positions_write_the_team_radio_card_and_the_deck():
    """The position format's `radio` (a car's card), `decks.radio` (the pile's top) and
    `decks.radio_discards` (the face-up pile, last on top); Advanced only."""
    from chequered.engine.protocol import BadInput
    st = adv(f'at = "{STRAIGHT}"\nradio = "TR05"',
             more='decks = { radio = ["TR11", "TR12"], radio_discards = ["TR07", "TR09"] }')
    d = st.decks["radio"]
    assert st.cars[0].radio == "TR05" and st.cars[1].radio == "TR30"
    assert d.pile[-2:] == ["TR12", "TR11"] and d.discards == ["TR07", "TR09"]
    assert len(d.pile) == 30 - 2 - 2
    with pytest.raises(BadInput, match="Advanced"):
        position(f"""
            [[car]]
            name = "Red"
            at = "{STRAIGHT}"
            radio = "TR05"
        """)
    with pytest.raises(BadInput, match="TEAM RADIO"):
        adv(f'at = "{STRAIGHT}"\nradio = "TR30"')              # Blue holds it already


def test_fgp_4_9_search_resamples_the_cards_a_seat_has_not_seen():
    """For the other seat's search, Red's face-down card is any card that seat has not
    seen; once Red has used it (shown to the table) it stays what it is."""
    from chequered.engine.rng import Rng
    from chequered.games.formulagp.view import redeterminize
    st = adv(f'at = "{STRAIGHT}"\nhand = ["R01"]\nradio = "TR01"',
             more='decks = { radio_discards = ["TR07"] }')
    guesses = {redeterminize(st, 1, Rng(i)).cars[0].radio for i in range(20)}
    assert len(guesses) > 3 and "TR07" not in guesses and "TR30" not in guesses
    assert {redeterminize(st, 0, Rng(i)).cars[0].radio for i in range(5)} == {"TR01"}
    GAME.apply(st, 0, A.UseRadio("TR01"))
    assert {redeterminize(st, 1, Rng(i)).cars[0].radio for i in range(5)} == {"TR01"}


def test_fgp_7_3_1_the_option_card_of_the_no_movement_procedure_may_change_the_card():
    """Without a movement card to play, the Option card played and resolved at once in
    the draw procedure may change the TEAM RADIO card (then a new ACTION card comes)."""
    st = adv(f'at = "{STRAIGHT}"\nhand = ["P01", "T01"]\nradio = "TR01"\ndeck = ["G01"]',
             more='decks = { radio_discards = ["TR07"] }')
    legal = _prep(st)
    assert A.NoMove(("play", "P01")) in legal and A.NoMove(("play_radio", "P01")) in legal
    GAME.apply(st, 0, A.NoMove(("play_radio", "P01")))
    car = st.cars[0]
    assert "G01" in car.hand and "P01" not in car.hand
    assert st.turn.pending.step == "radio_swap"
    GAME.apply(st, 0, A.RadioSwap("discard"))
    assert car.radio == "TR07" and st.turn.pending.step == "prep"


def test_fgp_4_9_bots_hold_no_team_radio_card():
    """A158: 'each player draws 2 TEAM RADIO cards' is for players; the BOT rules
    give a BOT none. In an Advanced race with Pro and Rookie BOTs only the people's
    and heuristic cars draw, keep and change TEAM RADIO cards."""
    from chequered.engine.play import play
    seats = ["heuristic", "pro", "rookie", "pro", "heuristic", "rookie"]
    cfg = GAME.config(seats=seats, rules="advanced", track="fast")
    drew: set[int] = set()
    st = play(GAME, cfg, 2, on_step=lambda seat, a, ev, step: drew.update(
        e.data["seat"] for e in ev if e.kind in ("radio_kept", "radio_swapped", "radio_used"))).state
    assert drew and all(seats[s] == "heuristic" for s in drew)
    assert all(c.radio is None and not c.radio_drawn for c in st.cars if seats[c.seat] != "heuristic")
