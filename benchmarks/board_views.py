"""The board of every view of a few races, as a digest per view: proof that
drawing a board in two layers (issue 16) changed no picture.

    .venv/bin/python benchmarks/board_views.py [GAME ...] [--races 3] [--plies 300]

Plays seeds 0..races-1 with two people (random legal moves) and two of the
game's first bot, and prints `game seed ply viewer digest` for every viewer
(the spectator and each seat) after every action. The digest is that of the
SVG's canonical XML (C14N 2.0: attributes sorted, whitespace around text
stripped) with the layer slots (`<g data-layer>`) unwrapped, so the same
picture gives the same digest whether or not it was drawn in layers. Run it
on two trees and diff the outputs.
"""
from __future__ import annotations

import argparse
import hashlib
import random
import xml.etree.ElementTree as ET

from chequered.engine import registry

SVG = "{http://www.w3.org/2000/svg}"


def unwrap_slots(root: ET.Element) -> None:
    """Put each slot's children where the slot is (as the picture is drawn)."""
    for parent in list(root.iter()):
        for i, child in reversed(list(enumerate(parent))):
            if child.tag == SVG + "g" and "data-layer" in child.attrib:
                parent.remove(child)
                for k, grand in enumerate(list(child)):
                    parent.insert(i + k, grand)


def digest(svg: str) -> str:
    root = ET.fromstring(svg)
    unwrap_slots(root)
    text = ET.canonicalize(ET.tostring(root, encoding="unicode"), strip_text=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("games", nargs="*")
    ap.add_argument("--races", type=int, default=3)
    ap.add_argument("--plies", type=int, default=300)
    args = ap.parse_args()
    for name in args.games or registry.game_names():
        game = registry.game(name)
        bot = next((k for k in game.bots() if k != "random"), "random")
        kinds = ["human", "human", bot, bot]
        config = game.config(seats=kinds)
        for seed in range(args.races):
            state = game.new(config, seed)
            rng = random.Random(seed)
            agents = {s: game.make_agent(bot, s, seed) for s in (2, 3)}
            for ply in range(args.plies):
                for viewer in (None, 0, 1, 2, 3):
                    print(name, seed, ply, viewer, digest(game.render_svg(game.view(state, viewer))))
                to_act = sorted(game.to_act(state))
                if not to_act:
                    break
                seat = to_act[0]
                action = (agents[seat].choose(game, state, seat) if seat in agents
                          else rng.choice(game.legal_actions(state, seat)))
                game.apply(state, seat, action)


if __name__ == "__main__":
    main()
