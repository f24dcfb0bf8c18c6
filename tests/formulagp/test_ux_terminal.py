"""Issue 15, the terminal: one decision's screen (the board, whose turn, the
menu) fits 100 x 40 in whole races as the human seat sees them; every menu
line typed back is its action; `help rules` holds the reference the screen
leaves out."""
from __future__ import annotations

import io

import pytest

from chequered.engine.protocol import BadInput
from chequered.games.formulagp import actions as A
from chequered.terminal import SCREEN_COLS, SCREEN_ROWS
from chequered.terminal import Session as Terminal

from .ux_races import GAME, RACES, play, positions


def _terminal(session) -> Terminal:
    """A terminal showing the engine session `session` (nothing read or run)."""
    t = Terminal(GAME, session.config, session.seed, GAME.clone(session.initial), {},
                 out=io.StringIO(), read_line=lambda prompt: None)
    t.race = session
    return t


@pytest.mark.parametrize("name", sorted(RACES))
def test_every_decision_fits_100_by_40(name):
    """Every line fits 100 columns and every screen 40 lines: a whole-move
    menu too long for three columns shows each space several moves end on
    once ("drive to tile 21, lane 3 (3 ways)", terminal_menu.py)."""
    cfg, seed = RACES[name]
    seen = {"decisions": 0, "grouped": 0}

    def check(session, seat):
        t = _terminal(session)
        screen = t.screen(seat)
        seen["decisions"] += 1
        seen["grouped"] += t.menu.grouped
        assert all(len(line) <= SCREEN_COLS for line in screen), \
            max(screen, key=len)
        assert len(screen) <= SCREEN_ROWS, "\n".join(screen)
        if t.menu.grouped:
            step = GAME.pending_step(session.state)
            assert step.route is not None and step.name == "move", "\n".join(screen)
            # every legal move is reachable from the menu, once
            assert sorted(i for _, idx in t.menu.entries for i in idx) == \
                list(range(len(session.listing(session.state, seat))))
    play(cfg, seed, check)
    assert seen["decisions"] > 20


def test_space_by_space_every_screen_fits():
    """With moves space by space (--fine-moves) every decision fits 100 x 40."""
    cfg, seed = RACES["standard"]

    def check(session, seat):
        screen = _terminal(session).screen(seat)
        assert len(screen) <= SCREEN_ROWS and all(len(x) <= SCREEN_COLS for x in screen), \
            "\n".join(screen)
    play(cfg, seed, check, fine=True)


@pytest.mark.parametrize("name", sorted(RACES))
def test_every_menu_line_typed_back_is_its_action(name):
    """Issue 15: the menu's own text (`return P01 (Option, 1 LED)`, a whole move) is
    accepted when typed: each line parses to the action it stands for, so no
    two lines of a menu read the same."""
    cfg, seed = RACES[name]
    checked = [0]

    def check(session, seat):
        legal = session.listing(session.state, seat)
        lines = [GAME.describe_choice(session.state, seat, a) for a in legal]
        assert len(set(x.casefold() for x in lines)) == len(lines), lines
        for action, line in zip(legal, lines):
            assert session.parse(seat, line) == action, line
            checked[0] += 1
    play(cfg, seed, check)
    assert checked[0] > 100


def test_card_returns_typed_back():
    """The reported line: a return of an Option card, as the menu prints it."""
    cfg, seed = RACES["standard"]
    typed = []

    def check(session, seat):
        for a in session.listing(session.state, seat):
            if isinstance(a, A.Return):
                line = GAME.describe_choice(session.state, seat, a)
                assert line.startswith(f"return {a.card} (") and line.endswith(")")
                assert session.parse(seat, line) == a
                assert session.parse(seat, line.upper()) == a        # case does not matter
                typed.append(line)
                with pytest.raises(BadInput):
                    session.parse(seat, line + " and more")
    play(cfg, seed, check)
    assert any("(Option, " in x for x in typed)


def test_the_screen_leaves_the_reference_to_help_rules():
    st = next(p for p in positions("standard") if p.turn.pending.step == "prep")
    text = GAME.render_text(GAME.view(st, 0))
    card = GAME.help(st, 0)
    assert "(d = degrades" not in text and "(d = degrades" in card      # the long board
    assert "What the symbols mean" in card and "tricky corner" in card  # the legend
    assert "FGP 7.3.3.1" in card                                        # the rule in hand
    assert len(text.splitlines()) <= 24


def test_the_track_window_follows_the_car_and_shows_the_running_order():
    st = positions("standard")[10]
    view = GAME.view(st, 0)
    lines = GAME.render_text(view).splitlines()
    car = st.cars[0]
    from chequered.games.formulagp.track import track
    tile = track(st.track).spaces[car.space].tile if car.space is not None else None
    rows = [x for x in lines if x[:3].strip().isdigit()]
    if tile is not None:
        assert int(rows[1][:3]) == tile                 # one tile behind, then ahead
    assert any(x.rstrip().endswith("notes") and " car " in x for x in lines)
    assert sum("@" in x for x in lines) == 1           # your car in the running order


def test_a_space_several_moves_end_on_lists_its_ways_when_chosen():
    """On a grouped menu a number stands for a space; when several moves end
    there the terminal lists them and asks which (Enter goes back)."""
    cfg, seed = RACES["standard"]
    tried = []

    def check(session, seat):
        if tried:
            return
        t = _terminal(session)
        t.screen(seat)
        if not t.menu.grouped:
            return
        n, (text, idx) = next(((n, e) for n, e in enumerate(t.menu.entries, start=1)
                               if len(e[1]) > 1), (None, (None, None)))
        if n is None:
            return
        assert text.endswith(f"({len(idx)} ways)")
        legal = session.listing(session.state, seat)
        answers = iter(["2"])
        t._read_line = lambda prompt, timeout=None: next(answers, None)
        assert t.from_group(seat, str(n)) == legal[idx[1]]
        answers = iter([""])
        assert t.from_group(seat, str(n)) is None            # nothing chosen: asked again
        with pytest.raises(BadInput):
            t.from_group(seat, str(len(t.menu.entries) + 1))
        tried.append(n)
    play(cfg, seed, check)
    assert tried, "no grouped menu with a space several moves end on"


def test_a_menu_line_cut_short_on_screen_is_the_start_of_its_action():
    cfg, seed = RACES["standard"]
    done = []

    def check(session, seat):
        if done:
            return
        legal = session.listing(session.state, seat)
        if len(legal) < 2:
            return
        text = GAME.describe_choice(session.state, seat, legal[-1])
        cut = text[:max(12, len(text) - 5)] + "…"
        try:
            got = session.parse(seat, cut)
        except BadInput:
            return                                      # that start is shared: ambiguous
        assert got == legal[-1]
        done.append(cut)
    play(cfg, seed, check)
    assert done


def test_a_bot_driving_space_by_space_is_one_log_line_with_its_steps():
    """A Pro BOT drives a space at a time, each space a single-choice step
    (BOT 2): the log heads the run once, "move one space ×N", and keeps
    every space's line under it."""
    import re

    from chequered.engine.session import Session
    race = Session(GAME, GAME.config(seats=["pro"] * 4), 4)
    race.settle()
    folded = 0
    for _ in range(400):
        seats = GAME.to_act(race.state)
        if not seats or folded >= 3:
            break
        seat = min(seats)
        agent = GAME.make_agent("pro", seat, 4)
        entry = race.act(seat, agent.choose(GAME, race.state, seat), "bot")
        lines = race.lines(entry, None)
        for k, line in enumerate(lines):
            m = re.fullmatch(r"(.+): move one space ×(\d+) \(the only choice\)", line)
            if m:
                folded += 1
                n = int(m.group(2))
                under = []
                for x in lines[k + 1:]:
                    if not x.startswith("    "):
                        break
                    under.append(x)
                steps = [x for x in under if x.startswith(f"    {m.group(1)} to tile ")]
                assert len(steps) == n, under
        heads = [x for x in lines if not x.startswith("    ")]
        assert sum(int(h.split("×")[1].split()[0]) if "×" in h else 1 for h in heads) \
            == len(entry.all())
    assert folded >= 3


def test_every_action_card_fits_its_hand_cell_whole():
    """The terminal's hand shows two cards a line in 100 columns; a RED card
    read "[]>lane+wear  counter-stee", its pair function cut short."""
    from chequered.games.formulagp.position import position
    from chequered.games.formulagp.render_board import SECONDARY_TEXT, board_view
    from chequered.games.formulagp.render_text import board_lines, card_cell
    from chequered.games.formulagp.rules import cards as C
    st = position('[[car]]\nat = "13.2.1"\n')
    car = st.cars[0]
    car.hand = list(car.deck.pile) + list(car.hand)
    bv = board_view(car, C.board_side(st, car), C.content_of(st))
    assert len(bv["hand"]) > 40
    for c in bv["hand"]:
        cell = card_cell(c)
        assert len(cell) <= 47 and cell.startswith(c["id"] + " ")
        if c["secondary"]:
            assert cell.endswith(SECONDARY_TEXT.get(c["secondary"], c["secondary"])), cell
    assert max(len(line) for line in board_lines(bv)) <= 100


def test_a_team_radio_card_is_read_whole():
    """[ADV] FGP 4.9: "Radio Silence (TR25): Leave the driver alone: stress -1;
    you lose one unused parameter t" was the screen's whole account of a
    card, cut at 100 columns; the text now wraps under its line."""
    from chequered.games.formulagp.render_text import WIDTH, radio_lines
    card = {"name": "Radio Silence", "id": "TR25",
            "text": "Leave the driver alone: stress -1; you lose one unused parameter token "
                    "of your choice until the end of the race"}
    view = {"seat": 0, "cars": [{"seat": 0, "radio": card}, {"seat": 1, "radio": None}],
            "radio_discard_top": None, "radio_drawn": []}
    lines = radio_lines(view)
    assert all(len(x) <= WIDTH for x in lines)
    assert " ".join(x.strip() for x in lines[:2]).endswith(card["text"])
    assert lines[1].startswith("    ")
