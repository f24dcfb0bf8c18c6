"""FormulaGP state: clone() independence and to_doc/from_doc round trips."""
from __future__ import annotations

import json
from pathlib import Path

from chequered.engine.deck import Deck
from chequered.engine.steps import Pending
from chequered.games.formulagp import state as S
from chequered.games.formulagp.rules.setup import new_race
from chequered.games.formulagp.state import Car, Race


def busy_race() -> Race:
    """A race in the middle of things: every kind of field set."""
    r = new_race("fast", 4, seed=11)
    r.round, r.turn.phase, r.seq_pos = 5, "movement", 2
    r.flag = 13
    r.sequence = [2, 0, 3, 1]
    r.turn.pending = Pending("no_move", [2], {"car": 2, "must_change_lane": True, "list": [1, 2]})
    r.yellow_flags = [{"tile": 7, "until": 15}]
    r.green_flags = [15]
    r.safety_car = {"tile": 3, "until": 14}
    r.hazards = {12: "gravel"}
    r.leader = 2
    c = r.cars[2]
    c.space, c.in_pit, c.laps, c.gear = 40, False, 1, 6
    c.hand = [c.deck.draw() for _ in range(5)]
    c.drawn = c.hand[:2]
    c.returns_left, c.returned = 1, 1
    c.deck.discard(c.deck.draw())
    c.deck.remove(c.deck.pile[0])
    c.params["red"] = False
    c.held_events = [r.decks["event"].draw()]
    c.damage_tokens = ["drs"]
    c.penalties, c.w2w, c.cold_tyres = 2, "vs", 1
    return r


def test_car_defaults_follow_fgp_5_1_3():
    c = Car(0, "vireo")
    assert (c.ot, c.stress, c.in_pit, c.space, c.side) == (0, 2, True, None, "A")
    assert c.params == {"white": True, "yellow": True, "red": True}
    assert S.Player is Car


def test_race_doc_round_trip_is_exact_and_json_ready():
    r = busy_race()
    doc = r.to_doc()
    text = json.dumps(doc, sort_keys=True)
    back = Race.from_doc(json.loads(text))
    assert back == r
    assert json.dumps(back.to_doc(), sort_keys=True) == text
    assert back.hazards == {12: "gravel"}          # int keys survive JSON
    assert back.turn.pending.context["must_change_lane"] is True
    assert back.cars[2].deck.removed == r.cars[2].deck.removed
    assert len(back.cars[2].deck.pile) == 45 - 5 - 1 - 1


def test_round_trip_keeps_the_rng_stream():
    r = busy_race()
    back = Race.from_doc(r.to_doc())
    assert back.chance == r.chance
    assert [r.chance.rng.below(1000) for _ in range(5)] == \
        [back.chance.rng.below(1000) for _ in range(5)]


def test_clone_is_deep_for_everything_mutable():
    r = busy_race()
    before = json.dumps(r.to_doc(), sort_keys=True)
    k = r.clone()
    assert k == r
    c = k.cars[2]
    c.hand.pop()
    c.drawn.clear()
    c.deck.pile.pop()
    c.deck.discards.append("X")
    c.params["white"] = False
    c.held_events.clear()
    c.damage_tokens.append("ers_spend")
    c.tyres_left.clear()
    k.decks["risk"].pile.pop()
    k.turn.pending.context["list"].append(3)
    k.turn.pending.seats.append(0)
    k.yellow_flags[0]["until"] = 99
    k.safety_car["tile"] = 0
    k.hazards[1] = "gravel"
    k.sequence.append(9)
    k.green_flags.append(1)
    k.pit_order.reverse()
    k.chance.rng.next64()
    assert json.dumps(r.to_doc(), sort_keys=True) == before


def test_pending_round_trip_and_none():
    p = Pending("draw", {3, 1}, {"a": [1, {"b": 2}]})
    assert p.seats == [1, 3]
    assert Pending.from_doc(p.to_doc()) == p
    assert Pending.from_doc(None) is None


def test_car_doc_round_trip_with_own_deck():
    c = Car(3, "lumen", "B")
    c.deck = Deck(["G01", "R01"], ["T01"], ["F01"])
    c.hand = ["B01"]
    back = Car.from_doc(json.loads(json.dumps(c.to_doc())))
    assert back == c and back.deck == c.deck and back.side == "B"


def test_no_global_random_in_state_or_rules():
    src = Path(S.__file__).parent
    for p in [src / "state.py", *sorted((src / "rules").glob("*.py"))]:
        if p.name in ("setup.py", "cards.py", "draw.py", "state.py"):
            text = p.read_text(encoding="utf-8")
            assert "import random" not in text and "from random" not in text, p
