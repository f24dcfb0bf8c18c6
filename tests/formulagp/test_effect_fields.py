"""effects.field_of: the rules' read of an effect's optional fields."""
from __future__ import annotations

from chequered.games.formulagp.content import load_content
from chequered.games.formulagp.effects import field_of


def test_field_of_reads_as_getattr_on_every_content_effect():
    # effects.field_of (the rules' read of who/function/target) answers what
    # getattr with a default would, on every effect the content holds
    ct = load_content()
    effects = [e for deck in ("event", "risk", "damage", "failure")
               for c in getattr(ct, deck).cards for e in c.effects]
    assert {type(e).__name__ for e in effects} >= {"Disable", "BoardValue"}
    for e in effects:
        for name, default in (("who", "self"), ("function", None), ("target", None),
                              ("amount", 0), ("nothing", 7)):
            assert field_of(e, name, default) == getattr(e, name, default)
