"""The heuristic team bot: plays every decision, beats random teams, pits
with sense and builds drafts."""
from __future__ import annotations

from chequered.engine.play import play
from chequered.games.stockcar import GAME
from chequered.games.stockcar.actions import Pit, PitDone
from chequered.games.stockcar.bots import TeamBot

from .helpers import C, car, card_with, position


def test_bot_team_beats_random_teams():
    wins = 0
    for seed in range(12):
        config = GAME.config(seats=["bot", "random", "random"], track="short", laps=2)
        res = GAME.result(play(GAME, config, seed).state)
        wins += res.classification[0] == 0
    assert wins >= 9


def test_bot_races_finish_on_every_track_with_most_cars_classified():
    for track in C.tracks:
        st = play(GAME, GAME.config(seats=["bot"] * 4, track=track), 11).state
        finished = sum(c.status == "finished" for c in st.cars)
        assert GAME.is_over(st) and finished >= len(st.cars) // 2


def test_bot_pits_a_worn_car_but_not_into_a_lap_down():
    bot = TeamBot(1)
    st = position([car(1, 0, 30, temp=(2, 1, 0)), car(2, 1, 31)], phase="pits", actor=0,
                  queue=[0, 1], hands=[[card_with(mp=4)], []])
    assert bot.choose(GAME, st, 0) == Pit(1)
    st = position([car(1, 0, 30 - C.tracks["speedway"].n + 4, temp=(2, 1, 0)), car(2, 1, 31)],
                  phase="pits", actor=0, queue=[0, 1], hands=[[card_with(mp=4)], []])
    assert bot.choose(GAME, st, 0) == PitDone()


def test_bot_pits_under_yellow():
    st = position([car(1, 0, 30, temp=(1, 0, 0)), car(2, 1, 31)], phase="pits", actor=0,
                  queue=[0, 1], yellow=True, hands=[[card_with(mp=4)], []])
    assert TeamBot(1).choose(GAME, st, 0) == Pit(1)


def test_bot_prefers_a_draft_that_carries_team_mates():
    draft = card_with(move="draft", mp=6, wear="none")
    solo = card_with(move="solo", mp=6, wear="none")
    st = position([car(1, 0, 20), car(2, 0, 19), car(3, 0, 18), car(9, 1, 40)],
                  hands=[[solo, draft], [card_with(mp=4)]])
    from chequered.games.stockcar.actions import Activate, MoveType, PlayCard
    GAME.apply(st, 0, Activate(1))
    bot = TeamBot(1)
    assert bot.choose(GAME, st, 0) == PlayCard(draft)
    GAME.apply(st, 0, PlayCard(draft))
    assert bot.choose(GAME, st, 0) == MoveType("draft")
