"""FormulaGP actions are values (actions.py): one made from JSON's lists
equals the one the rules make from tuples, and holds tuples (Cards and
Play convert only when a field is not a tuple already)."""
from __future__ import annotations

import json

import pytest

from chequered.games.formulagp.actions import Cards, Play


@pytest.mark.parametrize("cls,args", [
    (Cards, (("G01", "O02"), ("red",))),
    (Cards, ((), ())),
    (Play, (("G01", "O02"), ("green",), True)),
    (Play, (("B03",), (), False)),
])
def test_an_action_from_json_lists_holds_tuples_and_equals_the_rules_one(cls, args):
    made = cls(*args)
    back = cls(*json.loads(json.dumps(args)))       # lists, as a JSON round trip gives
    mixed = cls(args[0], list(args[1]), *args[2:])  # one field a list, one a tuple
    for got in (back, mixed):
        assert got == made and hash(got) == hash(made)
        assert type(got.cards) is tuple and type(got.orange_as) is tuple
