"""The pictures of docs/play/stockcar.md, drawn by the game's own
render_svg from real positions of seeded races (seat 0's view).

Regenerate them after a change of the board:

    PYTHONPATH=src python -m tests.stockcar.play_images
"""
from __future__ import annotations

from pathlib import Path

from chequered.engine.play import agents_for
from chequered.games.stockcar import GAME

IMG = Path(__file__).resolve().parents[2] / "docs" / "play" / "img"

# name -> (config, seed, the decision of seat 0 to draw, how many of them to skip)
PICTURES = {
    "stockcar-car": ({"seats": ["bot"] * 4, "track": "speedway"}, 3, "car", 0),
    "stockcar-move": ({"seats": ["bot"] * 4, "track": "speedway"}, 3, "move", 1),
    "stockcar-pits": ({"seats": ["bot"] * 3, "track": "triangle"}, 2, "pits", 0),
    "stockcar-discard": ({"seats": ["bot"] * 3, "track": "short"}, 4, "discard", 2),
    "stockcar-finish": ({"seats": ["bot"] * 4, "track": "short", "laps": 1}, 7, "over", 0),
}


def position_for(cfg: dict, seed: int, step: str, skip: int):
    """The race when seat 0 is asked `step` for the (skip+1)th time, single
    steps listed (as the board marks them), or its end for "over"."""
    config = GAME.config(**cfg)
    st = GAME.new(config, seed)
    agents = agents_for(GAME, config, seed)
    while not GAME.is_over(st):
        seat = min(GAME.to_act(st))
        if seat == 0 and GAME.pending_step(st).name == step:
            if skip == 0:
                return st
            skip -= 1
        GAME.apply(st, seat, agents[seat].choose(GAME, st, seat))
    return st


def render(name: str) -> str:
    return GAME.render_svg(GAME.view(position_for(*PICTURES[name]), 0))


def main() -> None:
    for name in PICTURES:
        (IMG / f"{name}.svg").write_text(render(name) + "\n", encoding="utf-8")
        print(f"wrote {IMG / name}.svg")


if __name__ == "__main__":
    main()
