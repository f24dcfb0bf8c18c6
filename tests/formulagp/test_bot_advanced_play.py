"""The heuristic bot in an Advanced race: it prices the corners a play would
take faster than their gear marker (FGP 8.4.2) and a stress cost that would
go past STRESSED (FGP 13.3), because both roll the RED die."""
from __future__ import annotations

import pytest

from chequered.games.formulagp import GAME
from chequered.games.formulagp import bot_strategy as S
from chequered.games.formulagp.bots import HeuristicBot
from chequered.games.formulagp.position import position
from chequered.games.formulagp.rules import team_radio as TR
from chequered.games.formulagp.rules.where import track_of


def _first_play(rules: str) -> list[str]:
    """What the bot plays from tile 20 of the fast track (tile 22: GREEN marker)."""
    st = position(f"""
        track = "fast"
        rules = "{rules}"
        round = 5
        [[car]]
        name = "vireo"
        at = "20.2.1"
        hand = ["G05", "R05"]
        [[car]]
        name = "halcyon"
        at = "2.2.1"
        hand = ["G06"]
    """)
    bot = HeuristicBot(1)
    for _ in range(20):
        seat = min(GAME.to_act(st))
        ev = GAME.apply(st, seat, bot.choose(GAME, st, seat))
        played = [e for e in ev if e.kind == "move_play"]
        if played:
            return played[0].data["cards"]
    raise AssertionError("no play")


def test_the_bot_keeps_to_a_green_marker_in_an_advanced_race():
    """A RED card would take the GREEN-marked corner too fast (a RED die): the
    bot plays the GREEN one; in a Standard race, with no markers, the RED."""
    trk = track_of(position('track = "fast"\nrules = "advanced"\n[[car]]\nat = "20.2.1"'))
    assert trk.tiles[22].speed_limit == "GREEN"
    assert _first_play("advanced") == ["G05"]
    assert _first_play("standard") == ["R05"]


def test_tiles_driven_and_the_price_of_breaches():
    trk = track_of(position('track = "fast"\n[[car]]\nat = "20.2.1"'))
    start = next(s.id for s in trk.spaces if s.tile == 20 and not s.pit_lane)
    assert S.tiles_driven(trk, start, 0) == []
    far = S.tiles_driven(trk, start, 12)
    assert far[0] == 20 and 22 in far and far == sorted(far)
    assert S.speed_limit_cost(0) == 0 and S.speed_limit_cost(2) > S.speed_limit_cost(1) > 2


@pytest.mark.parametrize("stress, worth_it", [(2, True), (3, False)])
def test_a_radio_card_that_would_over_stress_is_not_worth_using(stress, worth_it):
    """'Full Send' (+3 MP, stress +1, a YELLOW die): worth it from the middle
    space, not from STRESSED, where the +1 rolls the RED die at once."""
    st = position(f"""
        rules = "advanced"
        round = 5
        [[car]]
        at = "20.2.1"
        stress = {stress}
        radio = "TR15"
        [[car]]
        name = "halcyon"
        at = "2.2.1"
    """)
    assert (TR.value(st, st.cars[0], "TR15") > 0) is worth_it
