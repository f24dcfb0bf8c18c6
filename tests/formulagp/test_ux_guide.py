"""Issue 15, what stands beside the board: the legend of every mark, the
running order by the rules (the Race Leader token on the first car of its
tile, A212), a word on every decision, the warnings before choices that
cost the player's own race, the qualifying score shown before the choice,
and the first-race tutorial clicked through as the browser does."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from chequered.engine.session import Session
from chequered.games.formulagp import actions as A
from chequered.games.formulagp.position import position
from chequered.games.formulagp.track_marks import token_text
from chequered.games.formulagp.rules.where import running_order, whole_tiles
from chequered.games.formulagp.track import track

from .ux_races import GAME, RACES, play, positions

NS = "{http://www.w3.org/2000/svg}"


# ---- legend -------------------------------------------------------------------------------
def test_the_legend_explains_every_mark_with_its_rule_and_a_swatch():
    st = positions("advanced")[20]
    marks = GAME.legend(GAME.view(st, 0))
    assert len(marks) > 40
    symbols = [m.symbol for m in marks]
    assert len(set(symbols)) == len(symbols)
    for m in marks:
        assert m.symbol and m.name and len(m.text) > 20
        assert re.match(r"FGP \d", m.rule), m
        root = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg" width="24" '
                             f'height="24">{m.swatch}</svg>')
        assert len(root) >= 1
    spectator = GAME.legend(GAME.view(st, None))
    assert {m.symbol for m in spectator} < set(symbols)        # no board marks without a board
    standard = GAME.legend(GAME.view(positions("standard")[5], 0))
    assert "OIL" not in {m.symbol for m in standard}           # [ADV] only


def test_every_symbol_of_the_text_board_is_in_the_legend():
    symbols = set()
    for m in GAME.legend(GAME.view(positions("advanced")[20], 0)):
        symbols |= set(m.symbol.split())
    trk = track("fast")
    picture = GAME.render_text(GAME.view(positions("standard")[8], 0)).splitlines()
    for line in picture:
        if not (line[:3].strip().isdigit() and line[22:23] in ("|", "#")):
            continue                         # a tile's row: its walls at column 22
        head, *lanes = line[:52].split("|")
        for word in head.split()[1:]:
            assert word in symbols or re.fullmatch(r"g\d", word) and "g4" in symbols, word
        for cell in lanes:
            for glyph in cell.split():
                assert glyph.isdigit() or glyph in symbols or glyph in "<>", glyph
    for word in ("YF", "GF", "SC", "GR", "OIL", "DEB", "WTR"):
        assert word in symbols
    for token in ("yellow", "green", "SC", "gravel", "oil", "debris", "standing_water"):
        assert token_text(token) in symbols
    assert {"RL", "box", "spun", "off", "W2W"} <= symbols
    assert len(trk.tiles) == 41


# ---- running order ---------------------------------------------------------------------------
def _tile_pair(trk):
    """A straight tile before a right-hand corner with two spaces in lanes 1 and 3."""
    for t in trk.tiles:
        if t.spec.kind == "straight" and len(t.lanes[0]) == 2 and len(t.lanes[2]) == 2:
            return t
    raise LookupError


def test_the_race_leader_is_first_on_its_tile_fgp_13_3_a212():
    """The issue's "leader on the car in P2": cars on one tile used to be
    ordered by how far along the tile they were; the Race Leader token stays
    with its holder until a car ends a round a whole tile ahead (FGP 13.3),
    and FGP 7.3.2 ranks the others by lane, so the holder is first."""
    trk = track("fast")
    t = _tile_pair(trk)
    behind = f"{t.index}.1.1"                # lane 1, the first space of the tile
    ahead = f"{t.index}.3.2"                 # lane 3, further along the same tile
    back = f"{(t.index - 3) % len(trk.tiles)}.2.1"
    st = position({"track": "fast", "round": 5, "leader": "vireo",
                   "car": [{"at": behind, "hand": []}, {"at": ahead, "hand": []},
                           {"at": back, "hand": []}]})
    assert st.cars[1].space is not None and whole_tiles(st, st.cars[0]) == whole_tiles(st, st.cars[1])
    view = GAME.view(st, None)
    assert view["order"] == running_order(st) == [0, 1, 2]
    rows = GAME.standings(view)
    assert rows[0].seat == 0 and "RL" in dict((f.label, f.value) for f in rows[0].facts)["notes"]
    text = GAME.render_text(view)
    first = next(x for x in text.splitlines() if " 1 #" in x)
    assert "#1 " in first and first.rstrip().endswith("RL")


def test_every_race_shows_the_token_on_the_first_car_of_its_tile():
    for st in positions("standard"):
        view = GAME.view(st, 0)
        order = view["order"]
        assert sorted(order) == list(range(len(st.cars)))
        if st.leader is None or st.cars[st.leader].space is None:
            continue
        lead_tiles = whole_tiles(st, st.cars[st.leader])
        mates = [s for s in order if st.cars[s].space is not None
                 and whole_tiles(st, st.cars[s]) == lead_tiles]
        assert mates[0] == st.leader


def test_standings_rows_hold_the_facts_with_tips():
    st = positions("standard")[15]
    rows = GAME.standings(GAME.view(st, 2))
    assert [r.place for r in rows] == list(range(1, 7))
    assert [r.seat for r in rows] == GAME.view(st, 2)["order"]
    for r in rows:
        labels = [f.label for f in r.facts]
        assert labels[:5] == ["lap", "tyre", "ERS", "cards", "stress"]
        assert all(f.tip for f in r.facts)
        assert r.name.startswith(f"#{r.seat + 1} ")
        card_fact = next(f for f in r.facts if f.label == "cards")
        assert card_fact.value == str(len(st.cars[r.seat].hand))   # how many, never which


def test_starting_tyres_read_face_down_until_shown_together():
    """FGP 5.1.3 (A69, ours: chosen face down, shown together). Before the
    reveal a player's car holds a placeholder compound; the running order
    read "tyre medium 3" for a player who had not chosen yet. A BOT's tyre
    comes from its cards (BOT 1.3.1) and shows at once."""
    config = GAME.config(seats=["human", "human", "pro"])
    st = GAME.new(config, 3)
    assert GAME.pending_step(st).name == "start_tyre"

    def tyres(seat):
        view = GAME.view(st, seat)
        return {r.seat: dict((f.label, f.value) for f in r.facts)["tyre"]
                for r in GAME.standings(view)}, GAME.render_text(view)
    shown, _ = tyres(1)
    assert shown[0] == shown[1] == "face down" and shown[2].split()[0] in ("soft", "medium", "hard")
    GAME.apply(st, 0, A.StartTyre("hard"))
    for seat in (1, None):          # the first player's hard tyres are still face down
        shown, text = tyres(seat)
        assert shown[0] == "face down" and "hard" not in shown.values()
    shown, _ = tyres(0)             # ... but the player sees its own choice
    assert shown[0] == "hard, face down" and shown[1] == "face down"
    GAME.apply(st, 1, A.StartTyre("soft"))
    shown, text = tyres(None)
    assert shown[0].startswith("hard ") and shown[1].startswith("soft ")
    row = next(x for x in text.splitlines() if " #1 " in x and "Vireo" in x)
    assert " H " in row


def test_the_status_line_names_every_phase_in_players_words():
    """The status line read "start tyres shown" while the players were still
    choosing their tyres face down: the code's phase names say what the code
    does next, so each phase has its own words."""
    from chequered.games.formulagp.render_text import PHASE_TEXT
    assert set(GAME.spec.machine.phases) <= set(PHASE_TEXT)
    st = GAME.new(GAME.config(seats=["human", "pro"]), 3)
    head = GAME.render_text(GAME.view(st, 0)).splitlines()[0]
    assert "choosing starting tyres" in head and "shown" not in head


# ---- a word on each decision, warnings ----------------------------------------------------
def test_every_decision_step_is_explained():
    for name in GAME.spec.machine.steps:
        text = GAME.spec.explain.get(name, "")
        sentences = [x for x in re.split(r"(?<=[.!?])\s+", text.strip()) if x]
        assert 1 <= len(sentences) <= 4 and len(text) > 60, name
        assert "FGP" not in text                    # in players' words; the turn names the rule


def _warned(name):
    got = {}

    def look(session, seat):
        st = session.state
        for a in session.listing(st, seat):
            w = GAME.confirm(st, seat, a)
            if w:
                got.setdefault(GAME.pending_step(st).name, (a, w))
    cfg, seed = RACES[name]
    play(cfg, seed, look)
    return got


def test_confirm_warns_before_choices_that_cost_your_race():
    got = _warned("standard")
    assert "quali_cards" in got and got["quali_cards"][0] == A.Cards()
    assert "back of the grid" in got["quali_cards"][1]
    for step, (action, text) in got.items():
        assert re.search(r"FGP \d", text)
        assert step in ("quali_cards", "quali_save", "control", "battle_cards", "pit_stop")
    st = positions("standard")[10]
    seat = min(GAME.to_act(st))
    for a in GAME.legal_actions(st, seat):
        if GAME.pending_step(st).name in ("prep", "move", "returns"):
            assert GAME.confirm(st, seat, a) is None


@pytest.mark.parametrize("step,action,words", [
    ("control", A.CounterSteer(None), "spins"),
    ("quali_save", A.CounterSteer(None), "crash"),
    ("battle_cards", A.Cards(), "only your OT"),
    ("pit_stop", A.PitStop(repair="all"), "in the box"),
])
def test_confirm_texts(step, action, words):
    from chequered.engine.steps import Pending
    st = GAME.clone(positions("standard")[5])
    st.turn.pending = Pending(step, [0])
    assert words in GAME.confirm(st, 0, action)
    assert GAME.confirm(st, 0, A.Done()) is None


# ---- the qualifying score before the choice (issue 15) -------------------------------------
def test_qualifying_options_show_the_score_they_give():
    cfg = {"seats": ["human", "human"], "tyres": ["medium", "soft"]}
    session = Session(GAME, GAME.config(**cfg), 7)
    session.settle()
    st = session.state
    while st.turn.pending.step != "quali_cards":
        for s in sorted(GAME.to_act(st)):
            session.act(s, A.Done(), by="human")
    menus = {s: {GAME.describe_choice(st, s, a): a for a in GAME.legal_actions(st, s)}
             for s in (0, 1)}
    picks = {}
    for s, menu in menus.items():
        assert next(iter(menu)) == "play no cards: no score, back of the grid"
        line, action = max(((k, v) for k, v in menu.items() if v.cards),
                           key=lambda kv: int(kv[0].rsplit(" ", 1)[1]))
        picks[s] = int(line.rsplit("score ", 1)[1])
        session.act(s, action, by="human")
    for s in (0, 1):                         # the score the reveal gave, as the menu said
        assert st.cars[s].quali_score == picks[s] or st.cars[s].crashed


# ---- tutorial --------------------------------------------------------------------------------
def test_the_tutorial_is_clicked_through_as_the_browser_does():
    """Seat 0 takes the first listed choice each time (forced single choices
    are applied for it); the BOT plays its own; the race ends within the
    tutorial's bound of seat 0's decisions."""
    tut = GAME.tutorial()
    assert tut.config["seats"][0] == "human" and len(tut.intro) > 100 and tut.outro
    config = GAME.config(**tut.config)
    session = Session(GAME, config, tut.seed)
    from chequered.engine.play import agents_for
    agents = agents_for(GAME, config, tut.seed)
    session.settle()
    decisions, steps = 0, set()
    while not GAME.is_over(session.state):
        seat = min(GAME.to_act(session.state))
        if seat == 0:
            decisions += 1
            steps.add(GAME.pending_step(session.state).name)
            session.act(0, GAME.legal_actions(session.state, 0)[0], by="human")
            assert decisions <= tut.max_decisions
        else:
            session.act(seat, agents[seat].choose(GAME, session.state, seat), by="bot")
    assert decisions <= tut.max_decisions <= 60
    assert {"start_tyre", "quali_cards", "prep", "move"} <= steps
    assert set(tut.notes) <= set(GAME.spec.machine.steps)


def test_the_status_line_says_final_lap_once_the_flag_reaches_the_final_space():
    """FGP 12: when the Chequered Flag token reaches the final space, the lap
    being run becomes the last; the board said "flag 27/24" beyond it."""
    view = GAME.view(positions("standard")[3], 0)
    line = GAME.render_text(view).splitlines()[0]
    assert f"flag {view['flag']}/{view['final_flag']}" in line and "final lap" not in line
    for flag in (view["final_flag"], view["final_flag"] + 3):
        line = GAME.render_text({**view, "flag": flag}).splitlines()[0]
        assert f"flag {flag}: final lap" in line and "/" not in line.split("|")[1]


def test_a_rookie_marked_tactics_card_turned_by_a_pro_reads_as_a_mark():
    """BOT 1.1: the ten single-LED TACTICS cards also serve Pro BOTs as
    regular cards; the log says the card carries the mark, not that the Pro
    has become a Rookie."""
    from chequered.games.formulagp.bot.content import load_bot_content as bot_content
    from chequered.games.formulagp.bot.text import card_name
    rookie = next(c.id for c in bot_content().tactics if c.rookie and not c.failure)
    plain = next(c.id for c in bot_content().tactics if not c.rookie and not c.failure)
    assert f"TACTICS card {rookie} (single-LED Rookie mark):" in card_name(rookie)
    assert "(Rookie)" not in card_name(rookie) and "Rookie" not in card_name(plain)


def test_a_battle_reads_who_attacks_and_who_defends_with_what():
    """FGP 9.4: "against #2 Halcyon GP 2" read as a car numbered 2; the line
    names the attack and the defence, and a BOT's count does not repeat the
    BATTLE card's text drawn just before (BOT 3.2.3)."""
    from chequered.engine.protocol import Event
    st = positions("standard")[5]
    ev = Event("battle_result", {"attacker": 0, "defender": 1, "attack": 2, "defence": 2,
                                 "outcome": "defender"}, "FGP 9.4.3")
    text = GAME.describe(ev, st)
    assert re.fullmatch(r"battle: #\d [\w ]+ attacks with 2 LEDs, #\d [\w ]+ defends with 2: "
                        r"#\d [\w ]+ wins \(FGP 9.4.3\)", text), text
    none = GAME.describe(Event("battle_result", {"attacker": 0, "defender": 1, "attack": 5,
                                                 "defence": None, "outcome": "attacker"},
                               "FGP 9.4.1"), st)
    assert " does not defend: " in none and "no defence" not in none
    score = GAME.describe(Event("bot_battle_score", {"seat": 0, "cards": ["BAT12"], "leds": 2,
                                                     "ot": 2, "aborted": False}, "BOT 3.2.3"), st)
    assert "(BOT) counts 2 LEDs and 2 OT (BAT12)" in score
    assert "redraws" not in score


def test_every_board_part_a_token_can_cover_has_players_words():
    """FGP 13.6 / 13.7: a DAMAGE or FAILURE token covers a board function or
    value; the log said "puts max ot out of order", the code's key. Every
    key the shipped cards can cover has a label and a phrase."""
    from chequered.games.formulagp.content import load_content
    from chequered.games.formulagp.render_board import PART_LABELS, PARTS
    content = load_content()
    keys = set()
    for card in [*content.damage.cards, *content.failure.cards]:
        for e in card.effects:
            key = getattr(e, "function", None) or getattr(e, "target", None)
            if key:
                keys.add(key)
    assert keys and keys <= set(PARTS) and keys <= set(PART_LABELS), keys - set(PARTS)
    for key in keys:
        assert "_" not in PARTS[key] and "_" not in PART_LABELS[key]
