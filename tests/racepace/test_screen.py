"""Issue 15, the terminal: every decision of a person fits one 100x40 screen
(the board, whose turn, the menu), the lap track is drawn with its marks,
and the menu says what each choice does."""
from __future__ import annotations

import io
import re

import pytest

from chequered.engine.play import agents_for
from chequered.terminal import SCREEN_COLS, SCREEN_ROWS, Session

from chequered.games.racepace.actions import Select

from .helpers import PU_B, G, new_race, now, place

RACES = [
    ({"seats": ["human", "bot", "bot", "bot", "bot", "bot", "bot", "bot"], "track": "monaco"}, 1),
    ({"seats": ["human", "bot", "bot", "bot", "bot", "bot"]}, 2),
    ({"seats": ["human"] * 8, "track": "spain"}, 3),
    ({"seats": ["human", "human", "random", "random"], "options": ["team"],
      "track": "mexico"}, 4),
    ({"seats": ["human", "bot", "bot"], "rules": "academy", "track": "japan"}, 5),
    ({"seats": ["human", "random", "bot"], "options": ["campaign"],
      "season": ["bahrain", "singapore"]}, 6),
]


def play_as_people(cfg: dict, seed: int):
    """A whole race at the keyboard: each person answers the menu number of
    what the game's bot would choose (so the race sees pit stops, rain and
    the finish); returns every screen shown."""
    config = G.config(**cfg)
    state = G.new(config, seed)
    screens = []
    pilot = {s: G.make_agent("bot", s, seed) for s in range(len(config.seats))}

    def answer(prompt):
        seats = session.game.to_act(session.state)
        if prompt.startswith("Type yes"):
            return "yes"                 # a confirmation (guide.confirm)
        if not seats or not prompt.endswith("> "):
            return "no"                  # an offer to save the race, at the finish
        seat = min(seats)
        screens.append(session.screen(seat))
        action = pilot[seat].choose(G, session.state, seat)
        return str(session.race.legal(seat).index(action) + 1)
    session = Session(G, config, seed, state, agents_for(G, config, seed), out=io.StringIO(),
                      read_line=answer)
    assert session.run() == 0 and G.is_over(session.state)
    return screens


@pytest.mark.parametrize("cfg, seed", RACES)
def test_every_decision_fits_one_100x40_screen(cfg, seed):
    screens = play_as_people(cfg, seed)
    assert len(screens) > 10
    for screen in screens:
        assert len(screen) <= SCREEN_ROWS, "\n".join(screen)
        too_wide = [line for line in screen if len(line) > SCREEN_COLS]
        assert not too_wide, too_wide


def test_board_draws_the_lap_track_with_its_marks_and_the_cars():
    s = new_race(["kimi", "bastian", "jesus"], track="monaco")
    place(s, 0, 16)
    place(s, 1, 65)
    place(s, 2, 65)
    text = G.render_text(G.view(s, 0))
    lines = text.splitlines()
    key = next(line for line in lines if line.startswith("Lap track:"))
    for word in ("F FEB", "c corner", "B backmarker", "# finish", "b B token", ": grid"):
        assert word in key
    laps = next(line for line in lines if line.startswith("laps  "))
    first = laps.index(":::: ") + 5             # the cell of lap 1
    assert len(laps) - first == 78 + 1             # every lap of the race, and past the line
    cell = lambda lap: laps[first + lap - 1]       # noqa: E731
    assert cell(5) == "F" and cell(2) == "c" and cell(16) == "B"       # board.toml
    assert cell(65) == "F"                          # lap 65 is board space 5, not lap 5
    assert cell(18) == "b" and cell(78) == "#"      # the side-B token, then the finish
    cars = lines[lines.index(laps) + 1:lines.index(laps) + 3]
    assert cars[0][first + 16 - 1] == "1"          # player 1 on lap 16
    assert {cars[0][first + 64], cars[1][first + 64]} == {"2", "3"}    # both on lap 65


def test_cars_on_neighbouring_laps_never_read_as_one_number():
    s = new_race(["kimi", "bastian"], track="usa_austin")
    place(s, 0, 6)
    place(s, 1, 7)
    lines = G.render_text(G.view(s, 0)).splitlines()
    cars = [line for line in lines if line.startswith("cars")]
    assert "12" not in cars[0] and "21" not in cars[0]


def test_the_action_column_is_explained_on_the_board():
    s = new_race(["kimi", "bastian"], seats=["human", "human"])
    seat = now(s)
    G.apply(s, seat, Select(PU_B))
    text = G.render_text(G.view(s, None))
    assert re.search(r"^pos car driver .* action +notes$", text, re.M)
    assert "action = button chosen this round" in text
    row = next(line for line in text.splitlines()
               if re.match(rf" +\d+[ *] +{seat + 1} ", line))
    assert " PU " in row


def test_menu_items_say_what_they_do():
    s = new_race(["kimi", "bastian"], seats=["human", "human"])
    G.apply(s, now(s), Select(PU_B))             # the Start Player chose; now the other
    seat = now(s)
    lines = [G.describe_choice(s, seat, a) for a in G.legal_actions(s, seat)]
    for line, action in zip(lines, G.legal_actions(s, seat)):
        assert line.startswith(G.describe_action(action) + ": "), line
        assert "seat" not in line and "Select(" not in line
    text = "\n".join(lines)
    assert "+1 RP every round" in text or "no gain until" in text       # the bars
    assert "no tyre wear now" in text                                    # Charge EBS
    assert re.search(r"Box Box Soft: pit, -3 RP, lasts \d+ laps", text)
    assert "Start: +1 RP now" in text
    # short enough to stay whole when a long menu is laid out in two columns
    assert max(len(line) for line in lines) <= 44
