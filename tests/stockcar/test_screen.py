"""Every decision of a person in the terminal fits one 100x40 screen: the
board (board_text.py), whose turn and what is decided, and the menu
(terminal.Session.screen), whole races on every track with 2 to 7 teams.
Menu items say what an action does in players' words."""
from __future__ import annotations

import io
import random

import pytest

from chequered.engine.play import agents_for
from chequered.games.stockcar import GAME
from chequered.terminal import SCREEN_COLS, SCREEN_ROWS, Session
from chequered.testing.conformance import DEBUG_TEXT


def play_as_a_person(seats, track, seed, fine=False, laps=None):
    """A whole race with seat 0 at the keyboard choosing at random; every
    screen it was shown, with the step it was for."""
    cfg = {"seats": seats, "track": track}
    if laps:
        cfg["laps"] = laps
    config = GAME.config(**cfg)
    rng = random.Random(seed)
    screens = []

    def person(prompt):
        if "File name" in prompt:            # the offer to save at the finish
            return "no"
        if "Type yes" in prompt:             # a confirmation (retiring a car)
            return "yes"
        seat = min(GAME.to_act(session.state))
        screens.append((GAME.pending_step(session.state).name, session.screen(seat)))
        return str(rng.randrange(len(session.race.legal(seat))) + 1)

    session = Session(GAME, config, seed, GAME.new(config, seed), agents_for(GAME, config, seed),
                      out=io.StringIO(), read_line=person, fine_moves=fine)
    assert session.run() == 0 and GAME.is_over(session.state)
    return screens


@pytest.mark.parametrize("seats, track, seed", [
    (["human", "bot"], "speedway", 1),
    (["human", "bot", "bot"], "triangle", 2),
    (["human", "bot", "bot", "bot"], "short", 3),
    (["human", "bot", "bot", "bot", "bot"], "speedway", 4),
    (["human"] + ["bot"] * 6, "road", 5),
    (["human", "random"], "triangle", 6),
])
def test_every_decision_fits_one_screen(seats, track, seed):
    screens = play_as_a_person(seats, track, seed)
    assert len(screens) > 20
    steps = set()
    for step, screen in screens:
        steps.add(step)
        assert len(screen) <= SCREEN_ROWS, (step, "\n".join(screen))
        assert all(len(line) <= SCREEN_COLS for line in screen), "\n".join(screen)
        assert not any(DEBUG_TEXT.search(line) for line in screen), "\n".join(screen)
    assert {"car", "discard"} <= steps and steps & {"type", "move"}


def test_space_by_space_fits_too():
    for step, screen in play_as_a_person(["human", "bot", "bot"], "short", 7, fine=True, laps=1):
        assert len(screen) <= SCREEN_ROWS and all(len(x) <= SCREEN_COLS for x in screen)
