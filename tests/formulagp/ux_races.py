"""Races played as a person at the keyboard would, for the tests of what
players see (issue 15): seat 0 is the human seat and chooses mostly as the
heuristic bot would (so that races look like real ones: pit stops, battles,
the finish), now and then a menu line at random; the other seats are BOTs.
`positions` keeps a copy of the race at each of seat 0's decisions."""
from __future__ import annotations

import random
from functools import lru_cache

from chequered.engine import registry
from chequered.engine.play import agents_for
from chequered.engine.session import Session

GAME = registry.game("formulagp")

# (config, seed): a Standard grid, an Advanced race, a full grid of ten, and
# optional rules that add decisions of their own
RACES = {
    "standard": ({"seats": ["human"] + ["pro"] * 5}, 2),
    "standard-street": ({"seats": ["human"] + ["pro"] * 3, "track": "street"}, 2),
    "advanced": ({"seats": ["human"] + ["pro"] * 3, "rules": "advanced"}, 3),
    "ten": ({"seats": ["human"] + ["pro"] * 9, "track": "twisty"}, 4),
    "options": ({"seats": ["human", "heuristic", "heuristic"],
                 "options": ["quali_die_roll", "momentum_sequence", "limited_tyre_sets"]}, 5),
}


def play(cfg: dict, seed: int, on_decision, *, fine: bool = False, random_share: float = 0.2):
    """Play a whole race; `on_decision(session, seat)` is called at each of seat
    0's decisions before it chooses. Returns the finished engine session."""
    config = GAME.config(**cfg)
    session = Session(GAME, config, seed)
    session.fine = fine
    agents = agents_for(GAME, config, seed)
    mirror = agents_for(GAME, config.model_copy(update={"seats": ["heuristic"]
                                                        + config.seats[1:]}), seed)[0]
    rnd = random.Random(seed)
    session.settle()
    while not GAME.is_over(session.state):
        seat = min(GAME.to_act(session.state))
        if seat == 0:
            on_decision(session, seat)
            legal = session.listing(session.state, seat)
            if rnd.random() < random_share:
                action = legal[rnd.randrange(len(legal))]
            else:
                action = mirror.choose(GAME, session.state, seat)
            session.act(seat, action, by="human")
        else:
            session.act(seat, agents[seat].choose(GAME, session.state, seat),
                        by=session.controllers[seat])
    return session


@lru_cache(maxsize=None)
def positions(name: str, every: int = 1) -> tuple:
    """Copies of the race at seat 0's decisions (every `every`-th one), and
    the race's end."""
    cfg, seed = RACES[name]
    out, count = [], [0]

    def keep(session, seat):
        count[0] += 1
        if count[0] % every == 0:
            out.append(GAME.clone(session.state))
    end = play(cfg, seed, keep)
    out.append(GAME.clone(end.state))
    return tuple(out)
