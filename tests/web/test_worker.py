"""State messages built in a worker process (web/worker.py, issue 16): the
same messages, byte for byte, as the server's own thread builds, for every
viewer, as the race goes on, after an undo, and after the worker dies; the
people's legal lists come back for parsing; a game a fresh process does not
know is built in the server."""
from __future__ import annotations

import json
import random

import pytest

from chequered.engine import registry
from chequered.web.built import build_messages
from chequered.web.live import LiveRace
from chequered.web.worker import Worker

from .helpers import run

GAMES = ["formulagp", "stockcar", "bolide", "racepace"]


def new_race(name: str, seed: int) -> LiveRace:
    game = registry.game(name)
    bot = next(k for k in game.bots() if k != "random")
    kinds = ["human", "human", bot, bot]
    return LiveRace.build(game, f"w-{name}-{seed}", game.config(seats=kinds)
                          .model_dump(mode="json"), seed, kinds, [])


def play(race: LiveRace, rng: random.Random, n: int) -> None:
    """`n` actions by whoever is to act (people at random, bots as bots), as
    the hub commits them: a new state object each time."""
    game = race.game
    for _ in range(n):
        to_act = sorted(game.to_act(race.state))
        if not to_act:
            return
        seat = to_act[0]
        if race.controllers[seat] == "human":
            action = rng.choice(race.legal(seat))
        else:
            action = race.agent(seat).choose(game, race.state, seat)
        state, entry = race.trial(seat, action, "human")
        race.state = state
        race.entries.extend(entry.all())


def stop(worker: Worker) -> None:
    if worker.pool is not None:
        worker.pool.shutdown()


def texts(built: dict) -> dict:
    return {key: (msg.text, msg.kept, msg.board, board) for key, (msg, board) in built.items()}


def wanted(race: LiveRace, start: int) -> set:
    return {(v, False, False, start) for v in (None, 0, 1)} | {(0, False, True, 0)}


def same(worker: Worker, race: LiveRace, start: int = 0) -> dict:
    snap = race.snapshot()
    deadlines = {0: 1234.5}
    here = build_messages(snap, wanted(snap, start), deadlines)
    there = run(worker.build(snap, wanted(snap, start), deadlines))
    assert texts(there) == texts(here)
    return there


@pytest.mark.parametrize("name", GAMES)
def test_the_worker_builds_the_same_messages_as_the_server(name):
    worker = Worker()
    rng = random.Random(7)
    race = new_race(name, 11)
    try:
        same(worker, race)                    # a race the worker has never seen
        for _ in range(4):
            start = race.version
            play(race, rng, 3)
            same(worker, race, start)         # only the new actions cross
        # an undo gives the race other entries: the worker is sent it whole
        state, entries = race.rebuild_to(max(0, race.version - 2))
        race.state, race.entries = state, entries
        same(worker, race)
        play(race, rng, 2)
        same(worker, race)
    finally:
        stop(worker)


def test_a_worker_that_dies_is_replaced_and_told_the_race_again():
    worker = Worker()
    rng = random.Random(3)
    race = new_race("formulagp", 5)
    try:
        play(race, rng, 3)
        same(worker, race)
        for proc in list(worker.pool._processes.values()):
            proc.kill()
            proc.join()
        play(race, rng, 3)
        same(worker, race)
    finally:
        stop(worker)


def test_the_people_legal_lists_come_back_for_parsing():
    """A person's action is parsed against the list the worker made for that
    state; the engine is not asked again (a move's routes cost tens of ms)."""
    worker = Worker()
    rng = random.Random(1)
    race = new_race("formulagp", 2)
    try:
        for _ in range(30):
            human = [s for s in race.game.to_act(race.state) if race.controllers[s] == "human"]
            if human:
                break
            play(race, rng, 1)
        seat = human[0]
        snap = race.snapshot()
        run(worker.build(snap, {(seat, False, False, 0)}, {}))
        menu = race.menus[seat][2]
        assert race.listing(race.state, seat) is menu
        fresh = race.game.legal_actions(race.game.clone(race.state), seat)
        assert menu == fresh
        action = rng.choice(menu)
        assert race.parse(seat, json.loads(json.dumps(race.game.encode_action(action)))) == action
        play(race, rng, 1)                      # another state: the list no longer serves
        assert race.menus[seat][0] is not race.state
    finally:
        stop(worker)


def test_a_game_a_fresh_process_does_not_know_is_built_in_the_server(with_duel):
    worker = Worker()
    assert worker.builds(registry.game("formulagp"))
    assert not worker.builds(registry.game("duel"))
    assert worker.pool is None
