"""The pictures of docs/play/racepace.md, rendered by the game's own
render_svg from real races (a fixed seed, people played by the bot's pit
wall). Regenerate them after a change to the board:

    PYTHONPATH=src python -m tests.racepace.docs_images
"""
from __future__ import annotations

from pathlib import Path

import chequered
from chequered.engine.session import Session
from chequered.games.racepace.actions import Select
from chequered.games.racepace.tables import REACT

G = chequered.game("racepace")
IMG = Path(__file__).resolve().parents[2] / "docs" / "play" / "img"


def _play_until(cfg: dict, seed: int, stop, pick=None):
    """A race in which every seat is played by the bot until `stop(state,
    seat)` holds for the seat to act; `pick(state, seat)` may choose for
    seat 0 instead. Returns the state and the seat to act."""
    config = G.config(**cfg)
    race = Session(G, config, seed)
    race.settle()
    agents = {s: G.make_agent("bot", s, seed) for s in range(len(config.seats))}
    while not race.over:
        (seat,) = race.to_act()
        if stop(race.state, seat):
            return race.state, seat
        action = (pick(race.state, seat) if pick and seat == 0 else None) or \
            agents[seat].choose(G, race.state, seat)
        race.act(seat, action, by="bot")
    raise AssertionError("the race ended first")


def _react(state, seat):
    legal = G.legal_actions(state, seat)
    return Select(REACT) if Select(REACT) in legal else None


PICTURES = {
    # name: (config, seed, stop(state, seat), pick for seat 0)
    "team": ({"seats": ["human", "human", "human"], "track": "usa_austin"}, 3,
             lambda s, seat: seat == 0 and s.turn.phase == "team", None),
    "driver": ({"seats": ["human", "human", "human"], "track": "usa_austin"}, 3,
               lambda s, seat: seat == 0 and s.turn.phase == "driver", None),
    "tyre": ({"seats": ["human", "bot", "bot", "bot"], "track": "usa_austin"}, 3,
             lambda s, seat: seat == 0 and s.turn.phase == "tyre", None),
    "select": ({"seats": ["human", "bot", "bot", "bot", "bot", "bot"], "track": "monaco"}, 2,
               lambda s, seat: seat == 0 and s.turn.phase == "select" and s.round == 9, None),
    "react": ({"seats": ["human", "human", "human", "human"], "track": "spain"}, 5,
              lambda s, seat: seat == 0 and s.turn.phase == "react", _react),
    "finish": ({"seats": ["human", "bot", "bot", "bot"], "track": "usa_austin"}, 3,
               lambda s, seat: seat == 0 and s.turn.phase == "select"
               and max(c.dist for c in s.cars) >= 46, None),
}


def render(name: str) -> str:
    cfg, seed, stop, pick = PICTURES[name]
    state, seat = _play_until(cfg, seed, stop, pick)
    return G.render_svg(G.view(state, seat))


def render_all(out: Path = IMG) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for name in PICTURES:
        path = out / f"racepace-{name}.svg"
        path.write_text(render(name) + "\n", encoding="utf-8")
        paths.append(path)
    return paths


if __name__ == "__main__":
    for p in render_all():
        print(p)
