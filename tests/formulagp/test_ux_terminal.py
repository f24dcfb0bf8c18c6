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
    """Every line fits 100 columns. Every screen fits 40 lines but where a
    whole-move menu is longer than the terminal's four columns can hold in the
    room the board leaves: there the board is at its shortest (the hand in
    one line), at most 18 lines with the turn line, so a menu of up to 88
    moves fits."""
    cfg, seed = RACES[name]
    seen = {"decisions": 0, "overflow": 0}

    def check(session, seat):
        t = _terminal(session)
        screen = t.screen(seat)
        seen["decisions"] += 1
        assert all(len(line) <= SCREEN_COLS for line in screen), \
            max(screen, key=len)
        if len(screen) <= SCREEN_ROWS:
            return
        seen["overflow"] += 1
        step = GAME.pending_step(session.state)
        board = len(GAME.render_text(GAME.view(session.state, seat)).splitlines()) + 3
        items = len(session.listing(session.state, seat))
        assert step.route is not None and step.name == "move", "\n".join(screen)
        assert board <= 18 and items > 4 * (SCREEN_ROWS - board), "\n".join(screen)
    play(cfg, seed, check)
    assert seen["decisions"] > 20
    assert seen["overflow"] <= seen["decisions"] // 10     # rare, and only long move menus


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
    """Issue 15: the menu's own text (`return P01[OPTION 1]`, a whole move) is
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
                assert line.startswith(f"return {a.card}[") and line.endswith("]")
                assert session.parse(seat, line) == a
                assert session.parse(seat, line.upper()) == a        # case does not matter
                typed.append(line)
                with pytest.raises(BadInput):
                    session.parse(seat, line + " and more")
    play(cfg, seed, check)
    assert any("[OPTION" in x for x in typed)


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
