"""FormulaGP actions are values (actions.py): one made from JSON's lists
equals the one the rules make from tuples, and holds tuples (each
__post_init__ converts only a field that is not a tuple already)."""
from __future__ import annotations

import json
from dataclasses import astuple, fields

import pytest

from chequered.games.formulagp import actions as A

CASES = [
    A.Cards(("G01", "O02"), ("red",)), A.Cards(),
    A.Play(("G01", "O02"), ("green",), True), A.Play(("B03",)),
    A.PoleKeep("G01", ("R02",), ("B03", "O04")), A.Spend("mp_2x", ("G01", "R02")),
    A.Parameter("white", ("G01",)), A.QuickRepair("F01", ("G01", "R02")),
    A.NoMove(("play", "O01")), A.Reduce(2, ("T01",)), A.Boost(True, False, ("E01",)),
    A.PitStop("soft", ("G01", "R02")),
]


@pytest.mark.parametrize("made", CASES, ids=lambda a: type(a).__name__)
def test_an_action_from_json_lists_holds_tuples_and_equals_the_rules_one(made):
    cls, args = type(made), astuple(made)
    back = cls(*json.loads(json.dumps(args)))       # lists, as a JSON round trip gives
    assert back == made and hash(back) == hash(made)
    for f in fields(cls):
        if type(getattr(made, f.name)) is tuple:
            assert type(getattr(back, f.name)) is tuple
