"""memo: answers kept under their key, the whole table forgotten once full,
the same whether a caller stores through remembered or keep."""
from chequered.games.formulagp.memo import keep, remembered


def test_keep_stores_and_forgets_the_full_table_first():
    table = {}
    assert keep(table, "a", 1, limit=2) == 1
    assert keep(table, "b", 2, limit=2) == 2
    assert table == {"a": 1, "b": 2}
    assert keep(table, "c", 3, limit=2) == 3
    assert table == {"c": 3}


def test_remembered_makes_once_and_forgets_as_keep_does():
    table, made = {}, []

    def make(v):
        made.append(v)
        return v

    assert remembered(table, "a", lambda: make(1), limit=2) == 1
    assert remembered(table, "a", lambda: make(9), limit=2) == 1
    remembered(table, "b", lambda: make(2), limit=2)
    remembered(table, "c", lambda: make(3), limit=2)
    assert made == [1, 2, 3] and table == {"c": 3}
