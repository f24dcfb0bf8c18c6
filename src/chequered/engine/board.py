"""Clickable board elements: the convention between render_svg and the web page.

A game's `render_svg(view)` may mark any element that stands for an action
(a reachable point, a button, a card) with the attribute

    data-action="<the action's canonical JSON>"

written by `data_action(action_doc(action))`. The browser receives the seat's
legal actions with the same canonical key (`action_key`), and makes clickable
exactly the marked elements whose key is legal; everything else stays inert.
Marking an element is harmless when its action is not legal right now, so a
renderer may mark every button it draws without knowing the legal list.
A game that overrides `Game.encode_action` must mark with its own encoding.
"""
from __future__ import annotations

import dataclasses
import json
from html import escape


def action_doc(action) -> dict:
    """The default JSON form of an action dataclass: {"type": ClassName, field: value}."""
    doc = {"type": type(action).__name__}
    for f in dataclasses.fields(action):
        doc[f.name] = getattr(action, f.name)
    return doc


def action_key(doc: dict) -> str:
    """Canonical JSON of an action document: sorted keys, no spaces, so that
    the server and the SVG agree on one string per action."""
    return json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def data_action(doc: dict) -> str:
    """The attribute (with a leading space) marking an SVG element as this action."""
    return f' data-action="{escape(action_key(doc), quote=True)}"'
