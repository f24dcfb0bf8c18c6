"""A socket is sent only the board pieces and running-order rows it does not
have (web/deltas.py, issue 16): rebuilt as the page does (page_copy.py), each
state is still exactly its viewer's picture, an index only ever names what
that very socket was sent, and a socket opened mid-race gets everything."""
from __future__ import annotations

import json
import random

import pytest

from chequered.engine import registry
from chequered.web.built import build_messages
from chequered.web.live import LiveRace
from chequered.web.subscriber import Subscriber
from chequered.web.turns import bot_batch

from .page_copy import PageCopy

VIEWERS = (0, 1, None)


def _race(name: str, seed: int) -> LiveRace:
    game = registry.game(name)
    bot = next(k for k in game.bots() if k != "random")
    kinds = ["human", "human", bot, bot]
    return LiveRace.build(game, "r", game.config(seats=kinds).model_dump(mode="json"), seed,
                          kinds, [])


def _step(race: LiveRace, rng: random.Random) -> bool:
    to_act = sorted(race.game.to_act(race.state))
    if not to_act:
        return False
    people = [s for s in to_act if race.controllers[s] == "human"]
    if people:
        state, entry = race.trial(people[0], rng.choice(race.legal(people[0])), "human")
        entries = entry.all()
    else:
        state, entries = bot_batch(race)
    race.state = state
    race.entries.extend(entries)
    return True


def _send(race: LiveRace, subs: dict) -> dict:
    """One broadcast as the hub's flush makes it; each socket's raw messages."""
    keys = {v: (v, False, False, sub.sent_log) for v, sub in subs.items()}
    built = build_messages(race, set(keys.values()), {})
    out = {}
    for v, sub in subs.items():
        sub.push_state(*built[keys[v]])
        sub.sent_log = race.version
        out[v] = []
        while not sub.queue.empty():
            out[v].append(sub.queue.get_nowait())
    return out


def _pieces(game, view) -> set[str]:
    layer = game.board_layers.dynamic(view)
    return {p for part in layer.parts if isinstance(part, tuple) for p in part}


@pytest.mark.parametrize("name", ["stockcar", "formulagp"])
def test_each_socket_rebuilds_its_own_picture_from_the_pieces_it_was_sent(name):
    race = _race(name, 5)
    game = race.game
    rng = random.Random(5)
    subs = {v: Subscriber("r", v, text=False) for v in VIEWERS}
    pages = {v: PageCopy() for v in VIEWERS}
    indexed = {v: 0 for v in VIEWERS}
    seen_by = {v: set() for v in VIEWERS}          # pieces of each viewer's own views
    raw_of = {v: [] for v in VIEWERS}
    for _ in range(40):
        sent = _send(race, subs)
        for v in VIEWERS:
            view = game.view(race.state, v)
            seen_by[v] |= _pieces(game, view)
            for text in sent[v]:
                raw_of[v].append(text)
                raw = json.loads(text)
                msg = pages[v].take(raw)
                if msg is None:
                    continue
                assert msg["whole"] == game.render_svg(view)
                assert msg["standings"] == [row.to_doc() for row in game.standings(view)]
                indexed[v] += any(isinstance(p, list) and any(isinstance(x, int) for x in p)
                                  for p in raw["board"]["parts"])
        if not _step(race, rng):
            break
    # the pieces did their work: later states named pieces the socket had
    assert all(n > 5 for n in indexed.values()), indexed
    # hidden information: a piece only seat 0 ever saw (its hand, its own
    # board) never reached another socket, whole or by index
    private = seen_by[0] - seen_by[1] - seen_by[None]
    assert private
    for v in (1, None):
        stream = "".join(raw_of[v])
        assert not [p for p in private if json.dumps(p) in stream]


def test_a_socket_opened_mid_race_gets_every_piece_whole():
    race = _race("stockcar", 2)
    rng = random.Random(2)
    old = {0: Subscriber("r", 0, text=False)}
    for _ in range(12):
        _send(race, old)
        _step(race, rng)
    fresh = {0: Subscriber("r", 0, text=False)}
    texts = _send(race, fresh)[0]
    page = PageCopy()
    msgs = [m for m in (page.take(json.loads(t)) for t in texts) if m is not None]
    raw = json.loads(texts[-1])
    assert all(p is None or all(isinstance(x, str) for x in p) for p in raw["board"]["parts"])
    assert all(isinstance(row, dict) for row in raw["standings"])
    assert msgs[-1]["whole"] == race.game.render_svg(race.game.view(race.state, 0))
