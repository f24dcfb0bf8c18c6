"""Observations come from the seat's view only: what it could not see at the
table never reaches it (issue 18; DESIGN: hidden information)."""
import numpy as np
import pytest

pytest.importorskip("numpy")          # the tables speak numpy (the rl extra brings it)

from chequered.engine.rng import Rng  # noqa: E402
from chequered.rl.table import Table, TooManyChoices  # noqa: E402

from .short import SHORT  # noqa: E402


def _same(a: dict, b: dict) -> bool:
    return all(np.array_equal(a[k], b[k]) for k in a)


def _walk(table, rng: Rng, steps: int):
    """Random legal decisions; yields the table before each one."""
    for _ in range(steps):
        seat = table.deciding()
        if seat is None:
            return
        yield table
        table.act(seat, rng.below(len(table.legal(seat))))


@pytest.mark.parametrize("name", ["formulagp", "stockcar"])   # the games with hands
def test_another_seats_hidden_cards_never_reach_an_observation(name):
    """Resampling what a seat cannot see (the others' hands, the decks) leaves
    its observation as it was; the others' own observations do change, so
    there was something hidden to leak."""
    table = Table(name, {**SHORT[name], "seats": ["human"] * 3})
    table.start(5)
    others_changed = 0
    for k, t in enumerate(_walk(table, Rng(9), 120)):
        if k % 7:
            continue
        for seat in range(t.n):
            world = t.clone()
            world.replace(t.game.redeterminize(t.state, seat, Rng(k * 10 + seat)))
            assert _same(t.observe(seat), world.observe(seat)), \
                f"{name}: seat {seat}'s observation depends on what it cannot see (step {k})"
            others_changed += sum(not _same(t.observe(o), world.observe(o))
                                  for o in range(t.n) if o != seat)
    assert others_changed, f"{name}: nothing hidden was resampled; the test proved nothing"


def test_a_face_down_choice_stays_hidden_from_the_next_seat_asked():
    """FormulaGP's simultaneous face-down choices are asked one seat at a
    time: the next seat's observation is the same whichever card the first
    chose, when the table shows them alike."""
    table = Table("formulagp", {**SHORT["formulagp"], "seats": ["human"] * 3})
    table.start(3)
    game = table.game
    pairs = 0
    for t in _walk(table, Rng(4), 400):
        step = game.pending_step(t.state)
        deciding = sorted(game.to_act(t.state))
        if not (step.secret and len(deciding) > 1):
            continue
        first, later = deciding[0], deciding[1]
        options = t.legal(first)
        by_text: dict[str, list[int]] = {}
        for i, action in enumerate(options):
            by_text.setdefault(game.action_text(step, first, action, later), []).append(i)
        for same in by_text.values():
            if len(same) < 2:
                continue
            seen = []
            for i in same[:2]:
                twin = t.clone()
                assert twin.act(first, i) is None
                assert later in game.to_act(twin.state)
                seen.append(twin.observe(later))
            assert _same(*seen), f"seat {later} saw which card seat {first} chose face down"
            pairs += 1
    assert pairs, "no face-down choice met: the test proved nothing"


def test_an_illegal_index_leaves_the_race_as_it_was():
    table = Table("racepace", SHORT["racepace"])
    table.start(1)
    seat = table.deciding()
    before = table.game.state_hash(table.state)
    n = len(table.legal(seat))
    assert "not legal" in table.act(seat, n)
    assert table.act(seat, -1) is not None
    assert table.act(1 - seat, 0) == "this seat is not deciding now"
    assert table.game.state_hash(table.state) == before
    assert table.act(seat, n - 1) is None
    assert table.game.state_hash(table.state) != before


def test_too_many_choices_is_an_error_not_a_cut_list():
    table = Table("racepace", SHORT["racepace"], max_actions=2)
    table.start(1)
    with pytest.raises(TooManyChoices, match="max_actions="):
        for t in _walk(table, Rng(1), 50):
            t.observe(t.deciding())


def test_returns_follow_the_classification():
    table = Table("racepace", {**SHORT["racepace"], "seats": ["human"] * 3})
    table.start(2)
    assert table.returns() == [0.0, 0.0, 0.0]
    for _ in _walk(table, Rng(2), 10_000):
        pass
    assert table.over()
    order = table.game.result(table.state).classification
    returns = table.returns()
    assert [returns[s] for s in order] == [1.0, 0.0, -1.0]


def test_the_observation_is_a_function_of_the_view():
    """Two seats' views differ, and so do their observations; the same view
    always gives the same numbers."""
    table = Table("stockcar", SHORT["stockcar"])
    table.start(4)
    a, b = table.observe(0)["observation"], table.observe(1)["observation"]
    assert not np.array_equal(a, b)
    assert np.array_equal(a, table.observe(0)["observation"])
