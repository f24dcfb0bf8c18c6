"""FGP 15.12 in the terminal: over the time limit, the player is told of the
offence (two warnings, then a Penalty token) and still makes the decision."""
from __future__ import annotations

import io

from chequered.engine import registry
from chequered.engine.play import agents_for
from chequered.terminal import TIMEOUT, Session


def test_terminal_time_limit_warns_then_penalises_and_the_player_still_decides():
    game = registry.game("formulagp")
    config = game.config(seats=["human", "heuristic"], options=["turn_time_limit"],
                         turn_seconds=45)
    state = game.new(config, 2)
    answers = iter([TIMEOUT, TIMEOUT, TIMEOUT, "1"])
    out = io.StringIO()
    session = Session(game, config, 2, state, agents_for(game, config, 2), out=out,
                      read_line=lambda prompt, timeout=None: next(answers, None))
    session.run()
    text = out.getvalue()
    assert "(time limit: 45 s for this move)" in text
    assert "went over the time limit: warning 1 of 2" in text
    assert "warning 2 of 2" in text
    assert "gets 1 penalty token for going over the time limit" in text
    assert text.count("(a new 45 s for this move)") == 3
    mine = [st for st in session.steps if st.seat == 0]
    assert [type(st.action).__name__ for st in mine[:3]] == ["Overrun"] * 3
    assert type(mine[3].action).__name__ != "Overrun"      # the player's own choice
    assert session.state.cars[0].penalties == 1
