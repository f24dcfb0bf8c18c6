"""Hand-written positions (formulagp-position/1, position.py): space names,
the decision a position stands at, forced dice and cards, bad input, the
worked examples of docs/rules/formulagp-positions.md played through the
protocol, and the CLI loading a short-form file."""
from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from chequered.cli import app
from chequered.engine.chance import ScriptError
from chequered.engine.protocol import BadInput
from chequered.games.formulagp import GAME
from chequered.games.formulagp import actions as A
from chequered.games.formulagp.position import parse_space, position, space_name
from chequered.games.formulagp.state import Race
from chequered.games.formulagp.track import track, track_keys

DOC = Path(__file__).parents[2] / "docs" / "rules" / "formulagp-positions.md"


def examples() -> dict[str, str]:
    """The doc's TOML blocks that start with '# example: NAME'."""
    out = {}
    for block in re.findall(r"```toml\n(.*?)```", DOC.read_text(), re.S):
        m = re.match(r"# example: (.+)\n", block)
        if m:
            out[m.group(1).strip()] = block
    return out


def seat_to_act(st) -> int:
    seats = GAME.to_act(st)
    assert len(seats) == 1, seats
    return next(iter(seats))


def drive_forward(st, seat: int) -> None:
    """Take forward steps (the move's first Step) until the turn leaves `seat`
    or a non-movement decision comes."""
    for _ in range(60):
        if seat not in GAME.to_act(st) or st.turn.pending.step not in ("move", "extend"):
            return
        legal = GAME.fine_actions(st, seat)
        steps = [a for a in legal if isinstance(a, A.Step)]
        if steps:
            here = st.cars[seat].space
            fwd = [a for a in steps if here is not None
                   and a.to in track(st.track).spaces[here].forward]
            GAME.apply(st, seat, (fwd or steps)[0])
        else:
            done = [a for a in legal if isinstance(a, (A.Done, A.Stop))]
            GAME.apply(st, seat, done[0] if done else legal[0])
    raise AssertionError("the move did not end")


# ---- space names ---------------------------------------------------------------------
@pytest.mark.parametrize("key", track_keys())
def test_every_space_name_round_trips(key):
    t = track(key)
    names = set()
    for sp in t.spaces:
        n = space_name(t, sp.id)
        assert parse_space(t, n) == sp.id
        assert space_name(t, parse_space(t, n)) == n
        tile, lane, k = map(int, n.split("."))
        assert (tile, lane) == (sp.tile, sp.lane)
        names.add(n)
    assert len(names) == len(t.spaces)


def test_space_names_follow_tile_lane_and_back_of_tile():
    t = track("fast")
    sid = parse_space(t, "3.2.2")            # tile 3 has two spaces a lane
    sp = t.spaces[sid]
    assert (sp.tile, sp.lane, sp.index) == (3, 2, 1)
    assert t.spaces[parse_space(t, "3.2.1")].forward == (sid,)


def test_double_space_answers_to_both_lanes():
    t = track("fast")
    sid = parse_space(t, "16.2.2")
    assert t.spaces[sid].lanes == (2, 3)
    assert parse_space(t, "16.3.2") == sid
    assert space_name(t, sid) == "16.2.2"


def test_pit_aliases():
    t = track("fast")
    assert parse_space(t, "pit_entry") == t.pit.entry_space == parse_space(t, "40.4.1")
    assert parse_space(t, "shadow_car") == t.pit.shadow_car == parse_space(t, "40.3.1")
    assert parse_space(t, "pit_exit") == t.pit.exit_space == parse_space(t, "0.4.1")
    assert t.spaces[parse_space(t, "pit_entry")].pit_lane


@pytest.mark.parametrize("name, words", [
    ("12.2", "tile.lane.space"), ("41.1.1", "tile 41"), ("12.5.1", "lane 5"),
    ("12.2.9", "spaces 1-1"), ("7.1.1", "no space"), ("pit", "tile.lane.space"),
])
def test_bad_space_names(name, words):
    with pytest.raises(BadInput, match=re.escape(words)):
        parse_space("fast", name)


def test_tile_numbers_on_the_board_picture_and_text_view():
    from chequered.games.formulagp.render_track import track_svg
    from chequered.games.formulagp.render_track_text import track_text
    t = track("fast")
    svg = track_svg(t)
    assert all(f'class="tile-no" data-tile="{i}"' in svg for i in range(t.lap_tiles))
    rows = track_text(t).splitlines()
    assert [int(r[:3]) for r in rows] == list(range(t.lap_tiles))


# ---- the decision a position stands at -------------------------------------------------
TWO = """
round = 5
{extra}
[[car]]
name = "vireo"
at = "20.2.1"
hand = ["G01", "R02"]
[[car]]
name = "halcyon"
at = "10.3.1"
hand = ["G02"]
"""


def test_default_is_the_first_car_at_its_preparations():
    st = position(TWO.format(extra=""))
    assert st.turn.phase == "turns" and st.round == 5 and st.flag == 13
    assert st.turn.pending.step == "prep" and GAME.to_act(st) == {0}
    assert st.done == [] and st.sequence == [0, 1]
    car = st.cars[0]
    assert car.board == "vireo" and space_name("fast", car.space) == "20.2.1"
    assert car.hand == ["G01", "R02"] and len(car.deck.pile) == 43
    assert "G01" not in car.deck.pile
    assert st.leader == 0 and car.leader


def test_to_move_counts_earlier_cars_as_done():
    st = position(TWO.format(extra='to_move = "Halcyon GP"\nsequence = ["vireo", "halcyon"]'))
    assert GAME.to_act(st) == {1} and st.turn.pending.step == "prep"
    assert st.done == [0] and st.cars[0].moved and not st.cars[1].moved
    # after its turn the round ends: the next round's draw phase (returns) for both
    GAME.apply(st, 1, A.Done())
    GAME.apply(st, 1, A.Play(("G02",)))
    drive_forward(st, 1)
    assert st.round == 6 and st.turn.pending.step == "returns"


def test_round_start_runs_the_draw_phase():
    st = position(TWO.format(extra='phase = "round_start"'))
    assert st.round == 5 and st.flag == 13
    assert st.turn.pending.step == "returns" and GAME.to_act(st) == {0, 1}
    assert [len(c.hand) for c in st.cars] == [6, 6]      # hand limit 4 + 2 LEDs at full ERS
    assert st.cars[0].hand[:2] == ["G01", "R02"]


def test_car_in_the_pit_lane_stops_and_car_in_box_leaves():
    st = position("""
[[car]]
at = "pit"
[[car]]
at = "box"
hand = ["G01"]
""")
    assert st.turn.pending.step == "pit_stop" and GAME.to_act(st) == {0}
    assert st.cars[0].in_pit and st.cars[0].space is None
    st = position("""
to_move = "halcyon"
[[car]]
at = "3.2.1"
[[car]]
at = "box"
hand = ["G01"]
""")
    assert st.turn.pending.step == "prep" and GAME.to_act(st) == {1}
    assert st.cars[1].space == track("fast").pit.exit_space and st.move["exit"]


def test_car_fields_by_name():
    st = position("""
leader = "halcyon"
panel = 2
yellow_zones = [{yellow = 20, green = 22}]
hazards = {"15" = "oil"}
decks = {risk = ["K05", "K01"]}
[[car]]
at = "12.2.1"
side = "B"
driver = "DR03"
tyre = "soft"
wear = 5
ers = 1
stress = 1
ot = 1
params = ["white", "red"]
penalties = 1
w2w = "vs"
cold_tyres = 1
laps = 2
laps_down = 1
held_events = ["E04"]
damage = ["D02"]
deck = ["T01", "G05"]
box = 3
[[car]]
name = "halcyon"
at = "16.2.1"
stress = 3
""")
    c = st.cars[0]
    assert (c.side, c.driver, c.tyre, c.wear, c.ers, c.stress, c.focus, c.ot) == \
        ("B", "DR03", "soft", 5, 1, 1, True, 1)
    assert c.params == {"white": True, "yellow": False, "red": True}
    assert (c.penalties, c.w2w, c.cold_tyres, c.laps, c.laps_down, c.blue_flag) == \
        (1, "vs", 1, 2, 1, True)
    assert c.tyres_left == ["medium", "hard"]
    assert c.held_events == ["E04"] and "E04" not in st.decks["event"].pile
    assert c.damage == ["D02"] and "D02" not in st.decks["damage"].pile
    assert c.deck.pile[-2:] == ["G05", "T01"]            # the top is the end of the pile
    assert st.decks["risk"].pile[-2:] == ["K01", "K05"]
    assert c.box == 3 and st.pit_order[0] == 1 and st.cars[1].box == 0
    assert st.leader == 1 and st.cars[1].leader and not c.leader
    assert st.yellow_panel == 2 and st.hazards == {15: "oil"}
    assert st.yellow_flags == [{"yellow_tile": 20, "green_tile": 22, "ends_at": 13}]


def test_free_labels_take_the_next_board():
    st = position("""
to_move = "Blue"
[[car]]
name = "Red"
at = "3.2.1"
[[car]]
name = "Blue"
board = "kestrel"
at = "5.2.1"
hand = ["G01"]
""")
    assert [c.board for c in st.cars] == ["vireo", "kestrel"]
    assert GAME.to_act(st) == {1}


# ---- forced dice and cards --------------------------------------------------------------
def test_rolls_are_used_in_order():
    from chequered.games.formulagp.rules.dice import roll_die
    st = position(TWO.format(extra='rolls = ["white:4", "red:loss_of_control", "yellow:risk"]'))
    ev: list = []
    faces = [roll_die(st, ev, "white", "t"), roll_die(st, ev, "red", "t"),
             roll_die(st, ev, "yellow", "t")]
    assert faces[0].value == 4 and faces[1:] == ["loss_of_control", "risk"]
    assert not st.chance.script


def test_a_roll_for_another_die_is_refused():
    from chequered.games.formulagp.rules.dice import roll_die
    st = position(TWO.format(extra='rolls = ["white:4"]'))
    with pytest.raises(ScriptError, match="white:4"):
        roll_die(st, [], "yellow", "t")


def test_cards_are_forced_as_drawn():
    from chequered.games.formulagp.rules import cards as C
    st = position(TWO.format(extra='forced = ["yellow:risk", "card:K07"]'))
    from chequered.games.formulagp.rules.dice import roll_die
    assert roll_die(st, [], "yellow", "t") == "risk"
    assert C.draw_shared(st, "risk", [], rule="t") == "K07"


# ---- bad input ---------------------------------------------------------------------------
@pytest.mark.parametrize("text, words", [
    ('trak = "fast"\n[[car]]\nat = "1.1.1"', ["trak", "did you mean 'track'"]),
    ('[[car]]\nat = "1.1.1"\ngeer = 4', ["car[0]", "geer"]),
    ('[[car]]\ngear = 4', ["car[0]", "`at` is required"]),
    ('to_move = "nobody"\n[[car]]\nat = "1.1.1"', ["to_move", "'nobody'"]),
    ('[[car]]\nat = "99.1.1"', ["car[0].at", "tile 99"]),
    ('[[car]]\nat = "1.1.1"\n[[car]]\nat = "1.1.1"', ["same space 1.1.1"]),
    ('[[car]]\nat = "1.1.1"\nhand = ["Z99"]', ["car[0].hand", "'Z99'", "ACTION"]),
    ('[[car]]\nat = "1.1.1"\nhand = ["G01", "G01"]', ["listed twice"]),
    ('[[car]]\nat = "1.1.1"\ngear = 5', ["car[0].gear", "2, 4, 6, 8"]),
    ('[[car]]\nat = "1.1.1"\ntyre = "slick"', ["car[0].tyre", "soft"]),
    ('[[car]]\nat = "1.1.1"\nstress = 9', ["car[0].stress"]),
    ('rolls = ["green:3"]\n[[car]]\nat = "1.1.1"', ["rolls", "white, yellow, red"]),
    ('rolls = ["yellow:7"]\n[[car]]\nat = "1.1.1"', ["YELLOW die has faces", "stress"]),
    ('decks = {action = ["G01"]}\n[[car]]\nat = "1.1.1"', ["decks", "action"]),
    ('[[car]]\nat = "1.1.1"\nheld_events = ["K01"]', ["held_events", "EVENT"]),
    ('[[car]]\nat = "1.1.1"\nboard = "nope"', ["car[0].board", "vireo"]),
    ('[[car]]\nat = "1.1.1"\nstress = 1', ["leader", "focus"]),
    ('phase = "later"\n[[car]]\nat = "1.1.1"', ["phase", "round_start"]),
    ('safety_car = 77\n[[car]]\nat = "1.1.1"', ["safety_car.tile"]),
    ('[[car]]\nat = "1.1.1"\nspun = 3', ["car[0].spun", "true or false"]),
    ('[[car]]\nat = "1.1.1"\nspace = 3', ["car[0]", "'space'"]),
    ('weather = "rainy"\n[[car]]\nat = "1.1.1"', ["weather", "Advanced"]),
    ('rules = "advanced"\nweather = "snow"\n[[car]]\nat = "1.1.1"', ["weather.kind", "rainy"]),
    ('rules = "advanced"\nweather = {kind = "cloudy", hail = 1}\n[[car]]\nat = "1.1.1"',
     ["weather", "hail"]),
])
def test_bad_input_names_the_key(text, words):
    with pytest.raises(BadInput) as exc:
        position(text)
    for w in words:
        assert w in str(exc.value), (w, str(exc.value))


def test_weather_key_sets_the_advanced_weather():
    """[ADV] FGP 3.3 / 13.1: the weather a position names, and dry by default."""
    st = position('rules = "advanced"\nround = 7\nweather = {kind = "cloudy", marker = 12}\n'
                  '[[car]]\nat = "1.1.1"')
    assert st.flag == 7 and st.weather["card"] == "W3" and st.weather["marker"] == 12
    assert st.weather["side"] == "die" and not st.weather["wet_race"]
    st = position('rules = "advanced"\nweather = {card = "W5"}\n[[car]]\nat = "1.1.1"')
    assert st.weather["card"] == "W5" and st.weather["wet_race"]
    st = position('rules = "advanced"\n[[car]]\nat = "1.1.1"')
    assert st.weather["card"] == "W1" and st.weather["temperature"] == "normal"
    assert position('[[car]]\nat = "1.1.1"').weather is None


# ---- the doc's worked examples, played -------------------------------------------------
def test_doc_has_the_examples():
    assert {"push", "pit", "safety car"} <= set(examples())


def test_example_push():
    """A RED pair: BLUE pace, then the forced YELLOW face 'stress' (FGP 4.11.2)."""
    st = position(examples()["push"])
    car = st.cars[0]
    GAME.apply(st, 0, A.Done())
    pair = A.Play(("R01", "R02"))
    assert pair in GAME.fine_actions(st, 0)
    GAME.apply(st, 0, pair)
    assert st.move["pair"] and st.move["pace"] == "blue"
    drive_forward(st, 0)
    assert car.stress == 3 and not st.chance.script
    assert seat_to_act(st) == 1 and st.done == [0]


def test_example_pit():
    """One step onto the PIT LANE space puts the car in its box for its stop (FGP 11.1)."""
    st = position(examples()["pit"])
    car = st.cars[1]
    assert seat_to_act(st) == 1 and st.done == [0]
    GAME.apply(st, 1, A.Done())
    GAME.apply(st, 1, A.Play(("G03",)))
    entry = track("fast").pit.entry_space
    assert A.Step(entry) in GAME.fine_actions(st, 1)
    GAME.apply(st, 1, A.Step(entry))
    assert car.in_pit and car.box_call and car.space is None
    assert st.round == 9 and st.turn.pending.step == "returns"     # the round is over


def test_example_safety_car():
    """Under the Safety Car: no pairs, and no car drives onto its tile (FGP 13.9.2)."""
    st = position(examples()["safety car"])
    GAME.apply(st, 0, A.Done())
    plays = [a for a in GAME.fine_actions(st, 0) if isinstance(a, A.Play)]
    assert plays and all(len(a.cards) == 1 for a in plays)
    GAME.apply(st, 0, A.Play(("R01",)))
    drive_forward(st, 0)
    t = track("fast")
    assert t.spaces[st.cars[0].space].tile == 8
    assert seat_to_act(st) == 1


def test_other_doc_blocks_load():
    blocks = re.findall(r"```toml\n(.*?)```", DOC.read_text(), re.S)
    assert len(blocks) >= 4
    for b in blocks:
        position(b)


# ---- files and the command line ----------------------------------------------------------
SHORT = """format = "formulagp-position/1"
round = 14
[[car]]
name = "vireo"
at = "30.2.1"
controller = "heuristic"
[[car]]
name = "halcyon"
at = "28.3.1"
controller = "heuristic"
"""


def test_file_loader_reads_the_short_form(tmp_path):
    from chequered.engine.positions import load_position_file
    p = tmp_path / "short.toml"
    p.write_text(SHORT)
    st = load_position_file(GAME, p)
    assert st.round == 14 and st.turn.pending.step == "prep"
    assert st.cars[1].board == "halcyon"
    bad = tmp_path / "bad.toml"
    bad.write_text(SHORT.replace('at = "28.3.1"', 'at = "28.9.1"'))
    with pytest.raises(BadInput, match=r"bad\.toml.*car\[1\]\.at"):
        load_position_file(GAME, bad)
    assert tomllib.loads(SHORT)["format"] == "formulagp-position/1"


def test_cli_race_from_a_short_position(tmp_path):
    p = tmp_path / "short.toml"
    p.write_text(SHORT)
    res = CliRunner().invoke(app, ["race", "formulagp", "--position", str(p), "--seed", "3",
                                   "--json"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.stdout)
    assert sorted(out["classification"]) == [0, 1]


def test_cli_bad_short_position_is_one_line(tmp_path):
    p = tmp_path / "short.toml"
    p.write_text(SHORT.replace('controller = "heuristic"\n', 'controler = "heuristic"\n', 1))
    res = CliRunner().invoke(app, ["race", "formulagp", "--position", str(p)])
    assert res.exit_code == 2 and "Traceback" not in res.output
    assert "controler" in res.stderr and "car[0]" in res.stderr


def test_advanced_fields_fresh_tyres_debris_and_oil():
    """An Advanced position puts a Fresh Tyres token on a board and debris and
    oil on tiles; the token reaches the document only once it is set."""
    st = position("""
rules = "advanced"
flag = 18
hazards = {"5" = "debris", "7" = "oil"}
[[car]]
at = "3.2.1"
fresh_tyres = true
[[car]]
at = "1.2.1"
""")
    assert st.config.rules == "advanced"
    assert st.cars[0].fresh_tyres and not st.cars[1].fresh_tyres
    assert st.hazards == {5: "debris", 7: "oil"}
    docs = [c.to_doc() for c in st.cars]
    assert docs[0]["fresh_tyres"] is True and "fresh_tyres" not in docs[1]
    again = Race.from_doc(st.to_doc())
    assert again.cars[0].fresh_tyres and again == st
    with pytest.raises(BadInput, match="fresh_tyres"):
        position('[[car]]\nat = "3.2.1"\nfresh_tyres = 2\n')
