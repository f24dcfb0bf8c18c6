"""Chance is explicit: no game code rolls a die, draws or shuffles except
through engine/chance.py, and none marks an event as a reveal by hand.

A scan of the source of every game. Allowed: bots (they use their own agent
generator, never the race's), `redeterminize` (it resamples with the
generator it is given), and the Bolide solver (no chance at all).
"""
from __future__ import annotations

import ast
from pathlib import Path

import chequered

GAMES = Path(chequered.__file__).parent / "games"
RANDOM_METHODS = {"below", "randint", "choice", "shuffle", "next64", "spawn", "reshuffle",
                  "shuffled"}
ALLOWED_FILES = {"bots.py", "solver.py", "solver_fast.py", "solver_svg.py"}


def offences(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = []
    dice_names: set[str] = set()         # names imported from engine.dice

    def visit(node, allowed: bool):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            allowed = allowed or node.name.startswith(("redeterminize", "_redeterminize",
                                                       "_resample"))
        if isinstance(node, ast.ImportFrom) and node.module \
                and node.module.endswith("engine.dice"):
            out.append(f"{path.name}:{node.lineno}: imports engine.dice (use engine.chance)")
            dice_names.update(a.asname or a.name for a in node.names)
        if isinstance(node, ast.keyword) and node.arg == "reveal":
            out.append(f"{path.name}:{node.lineno}: reveal= set by hand")
        if isinstance(node, ast.Call) and not allowed:
            f = node.func
            through_chance = isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) \
                and f.value.id == "chance"
            if isinstance(f, ast.Attribute) and not through_chance:
                if f.attr in RANDOM_METHODS:
                    out.append(f"{path.name}:{node.lineno}: .{f.attr}() outside engine.chance")
                if f.attr == "draw" and not node.args:
                    out.append(f"{path.name}:{node.lineno}: Deck.draw() outside engine.chance")
                if f.attr == "pop" and isinstance(f.value, ast.Attribute) \
                        and f.value.attr == "pile":
                    out.append(f"{path.name}:{node.lineno}: a card taken off a pile by hand")
            if isinstance(f, ast.Name) and f.id in dice_names:
                out.append(f"{path.name}:{node.lineno}: {f.id}() outside engine.chance")
            if len(node.args) == 4 and isinstance(f, ast.Name) and f.id == "Event" \
                    and isinstance(node.args[3], ast.Constant) and node.args[3].value is True:
                out.append(f"{path.name}:{node.lineno}: Event(..., True) reveal by hand")
        for child in ast.iter_child_nodes(node):
            visit(child, allowed)

    visit(tree, False)
    return out


def test_no_game_touches_chance_by_hand():
    found = []
    for path in sorted(GAMES.rglob("*.py")):
        if path.name in ALLOWED_FILES:
            continue
        found += [f"{path.relative_to(GAMES)}: {o.split(': ', 1)[1]}" for o in offences(path)]
    assert not found, "chance used by hand:\n" + "\n".join(found)
