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
import threading
from collections import OrderedDict
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


class Drawings:
    """A drawing function whose results are kept by what they draw: a part
    of a picture that changes less often than the views it is in (a seat's
    own board; the marks every viewer of a state shares) is drawn once per
    distinct content (issue 16: the web app draws each view for every move).
    The key is the arguments themselves as canonical JSON, so a drawing only
    ever goes to a view holding that very content: nothing one viewer may see
    reaches another. Thread-safe: the web app draws in more than one thread."""

    def __init__(self, draw, size: int = 256):
        self.draw, self.size = draw, size
        self.kept: OrderedDict = OrderedDict()
        self.lock = threading.Lock()

    def __call__(self, *args):
        key = json.dumps(args, sort_keys=True, separators=(",", ":"), default=repr)
        with self.lock:
            got = self.kept.get(key)
            if got is not None:
                self.kept.move_to_end(key)
                return got
        got = self.draw(*args)
        with self.lock:
            self.kept[key] = got
            if len(self.kept) > self.size:
                self.kept.popitem(last=False)
        return got
