"""A race's next steps worked out away from the event loop (hub.Hub runs
these in threads of their own): a person's action parsed and tried, the
bots' batch, each with the hash of the state it leads to, which the
database stores with it. The loop then only commits and tells everyone.
"""
from __future__ import annotations

import time

from ..agents.search_kind import is_search_kind
from ..engine.protocol import Seat
from .live import Entry, LiveRace

BOT_BATCH_SECONDS = 0.05     # bots act in batches this long, then the race is stored and shown


class Tried:
    """Steps tried on a copy of the race's state: the copy, the entries
    that lead to it, and its state hash."""
    __slots__ = ("state", "entries", "digest")

    def __init__(self, race: LiveRace, state, entries: list[Entry]):
        self.state, self.entries = state, entries
        self.digest = race.game.state_hash(state)


def person_step(race: LiveRace, seat: Seat, doc, by: str) -> Tried:
    """A person's action, parsed (a WebError if it cannot be read or is not
    legal now) and tried. The caller holds the race's lock."""
    action = race.parse(seat, doc)
    state, entry = race.trial(seat, action, by)
    return Tried(race, state, entry.all())


def searching(race: LiveRace, seat: Seat) -> bool:
    """Whether `seat` is played by a search (the `mcts` kinds): seconds a
    decision, where the other bots take microseconds."""
    return is_search_kind(race.controllers[seat])


def bot_batch(race: LiveRace, search: bool = False) -> tuple[object, list[Entry]]:
    """Bots act on a copy of the state for up to BOT_BATCH_SECONDS. A batch
    of fast bots stops before a search seat; a `search` batch is that seat's
    one decision (hub.Hub runs the two kinds in threads of their own, so
    that a search thinking in one race holds up no other race's bots)."""
    game = race.game
    state = game.clone(race.state)
    entries: list[Entry] = []
    start = time.perf_counter()
    while time.perf_counter() - start < BOT_BATCH_SECONDS:
        seat = next((s for s in sorted(game.to_act(state))
                     if race.controllers[s] != "human"), None)
        if seat is None or (searching(race, seat) and (entries or not search)):
            break
        action = race.agent(seat).choose(game, state, seat)
        entry = race.step(state, seat, action, "bot")
        entry.follow = race.forced_steps(state)
        entries += entry.all()
        if search:
            break
    return state, entries


def bot_steps(race: LiveRace, search: bool = False) -> Tried:
    """bot_batch, with the hash of the state it ends in."""
    return Tried(race, *bot_batch(race, search))


def timeout_agent(race: LiveRace, seat: Seat):
    """Who decides for a person whose time ran out, when the game imposes no
    action of its own: the game's first own bot (random if it has none)."""
    kinds = [k for k in race.game.bots() if k != "random"] or ["random"]
    key = (seat, "timeout:" + kinds[0])
    if key not in race.agents:
        race.agents[key] = race.game.make_agent(kinds[0], seat, race.seed)
    return race.agents[key]
