"""FGP 3 game setup and FGP 5 pre-race preparations."""
from __future__ import annotations

import pytest

from chequered.engine.protocol import BadInput
from chequered.engine.rng import Rng
from chequered.games.formulagp.content import load_content
from chequered.games.formulagp.rules import cards as C
from chequered.games.formulagp.rules.setup import default_boards, new_race


@pytest.fixture(scope="module")
def content():
    return load_content()


def test_same_seed_same_race_bit_for_bit():
    assert new_race("fast", 6, seed=5).to_doc() == new_race("fast", 6, seed=5).to_doc()
    assert new_race("fast", 6, seed=5).to_doc() != new_race("fast", 6, seed=6).to_doc()


def test_fgp_3_2_b_chequered_flag_on_space_9_gives_16_rounds():
    r = new_race("twisty", 4, seed=1)
    assert r.flag == 9 and r.final_flag == 24
    assert r.final_flag - r.flag + 1 == 16          # digest A2
    assert r.round == 0 and r.turn.phase == "qualifying"
    assert r.turn.pending is None
    assert all(c.hand == [] for c in r.cars)        # qualifying draws later (FGP 6.2)


@pytest.mark.parametrize("seed", range(8))
def test_fgp_3_1_pit_boxes_and_3_2_a_panel_side_follow_the_rng_order(seed, content):
    r = new_race("fast", 6, seed=seed)
    rng = Rng(seed)
    order = list(range(6))
    rng.shuffle(order)                               # 1. pit boxes
    face = rng.choice(list(content.dice.white))      # 2. WHITE die
    assert r.pit_order == order
    assert r.panel_side == face.colour
    side = next(s for s in content.control.sides if s.colour == face.colour)
    assert r.yellow_panel == side.yellow_start == 0
    assert [c.box for c in r.cars] == [order.index(s) for s in range(6)]
    assert all(c.in_pit and c.space is None for c in r.cars)
    assert r.sc_radar is None and r.green_flags == [] and r.yellow_flags == []


def test_both_panel_sides_occur():
    assert {new_race("fast", 2, seed=s).panel_side for s in range(20)} == {"green", "red"}


def test_fgp_3_4_standard_decks_drop_advanced_cards(content):
    r = new_race("fast", 6, seed=3)
    std_event = {c.id for c in content.event.cards if c.mode == "all"}
    std_risk = {c.id for c in content.risk.cards if c.mode == "all"}
    assert set(r.decks["event"].pile) == std_event and len(std_event) < 30
    assert set(r.decks["risk"].pile) == std_risk and len(std_risk) < 30
    assert len(r.decks["damage"]) == 16 and len(r.decks["failure"]) == 16
    # 20 DRIVER cards, 6 dealt (FGP 5.1.2)
    assert len(r.decks["driver"]) == 14
    assert len({c.driver for c in r.cars}) == 6
    assert C.deck_sizes(r) == {"event": len(std_event), "risk": len(std_risk),
                                      "damage": 16, "failure": 16, "driver": 20}
    assert C.check_conservation(r) == []


def test_fgp_5_1_1_every_action_deck_is_a_shuffled_45(content):
    r = new_race("fast", 3, seed=2)
    ids = sorted(c.id for c in content.action.cards)
    for car in r.cars:
        assert sorted(car.deck.pile) == ids and car.hand == []
        assert C.deck_conserved(car)
    assert r.cars[0].deck.pile != r.cars[1].deck.pile


def test_fgp_5_1_3_board_tokens():
    r = new_race("fast", 3, seed=4, boards=["vireo", "halcyon", "corsa_nera"],
                 sides=["A", "B", "A"], tyres=["medium", "hard", "soft"],
                 drivers=["DR01", None, "DR05"])
    v, h, c = r.cars
    # b) ERS at the maximum: vireo A 3, halcyon B 4, corsa_nera A 4
    assert (v.ers, h.ers, c.ers) == (3, 4, 4)
    # a) OT on the 'OT' space; d) three parameter tokens; stress on the middle space
    assert all(x.ot == 0 and all(x.params.values()) and x.stress == 2 for x in r.cars)
    # e) wear marker: vireo A soft/medium start 3; halcyon B hard start 2; corsa A soft 3
    assert (v.wear, h.wear, c.wear) == (3, 2, 3)
    assert h.tyres_left == ["soft", "medium"] and v.tyres_left == ["soft", "hard"]
    assert (v.driver, c.driver) == ("DR01", "DR05")
    assert h.driver not in ("DR01", "DR05") and h.driver not in r.decks["driver"].pile
    assert "DR01" not in r.decks["driver"].pile
    # hand limit with full ERS: vireo A 3 -> 2 LEDs -> 6; halcyon B 4 -> 2 LEDs -> 6
    assert C.hand_limit(r, v) == 6 and C.hand_limit(r, h) == 6
    assert (v.team, v.number, v.side, h.side) == ("Vireo Racing", 1, "A", "B")
    assert all(x.gear == 2 for x in r.cars)


def test_default_boards_are_distinct_teams(content):
    assert default_boards(content, 6) == [b.key for b in content.boards][:6]


@pytest.mark.parametrize("kwargs, msg", [
    ({"boards": ["vireo", "vireo"]}, "one seat only"),
    ({"boards": ["vireo", "nope"]}, "unknown FormulaGP board"),
    ({"sides": ["A", "C"]}, "side"),
    ({"tyres": ["soft", "wet"]}, "starting tyre"),
    ({"drivers": ["DR01", "DR01"]}, "once"),
    ({"drivers": ["ZZ", None]}, "unknown driver"),
    ({"boards": ["vireo"]}, "1 entries for 2 seats"),
    ({"rules": "expert"}, "rule level"),
])
def test_bad_setup_is_bad_input(kwargs, msg):
    with pytest.raises(BadInput, match=msg):
        new_race("fast", 2, seed=0, **kwargs)


def test_more_seats_than_pit_boxes_or_boards():
    with pytest.raises(BadInput, match="pit boxes"):
        new_race("fast", 11, seed=0)
    with pytest.raises(BadInput):
        new_race("nowhere", 2, seed=0)
