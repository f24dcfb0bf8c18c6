"""FormulaGP's redeterminize (view.py) at a simultaneous face-down step: a
seat deciding after another must not get that seat's real committed choice
(FGP 6.1, 7.2.1, 9.3: chosen face down, revealed together)."""
from __future__ import annotations

import pytest

from chequered.agents.mcts import Search
from chequered.agents.search_kind import Budget
from chequered.engine import registry
from chequered.engine.play import agents_for
from chequered.engine.rng import Rng
from chequered.games.formulagp.rules.steps import MACHINE

GAME = registry.game("formulagp")


def _choice(race, step: str, seat: int):
    """What `seat` has committed at `step` (None: nothing yet)."""
    if step in ("battle_cards", "battle_boost"):
        key = "cards" if step == "battle_cards" else "boost"
        return race.battle[key].get(str(seat))
    return race.secret.get(seat)


def stopped_at(step: str, kinds, seeds, ready=lambda race: True, first=min):
    """A race of `kinds` stopped when `step` is pending and `ready(race)`;
    of the seats to act, `first` acts first."""
    for seed in seeds:
        config = GAME.config(seats=list(kinds))
        race = GAME.new(config, seed)
        agents = agents_for(GAME, config, seed)
        while not GAME.is_over(race):
            f = GAME.forced(race)
            if f is not None:
                GAME.apply(race, *f)
                continue
            if race.turn.pending.step == step and ready(race):
                return race
            s = first(GAME.to_act(race))
            GAME.apply(race, s, agents[s].choose(GAME, race, s))
    raise AssertionError(f"no {step} in seeds {list(seeds)}")


def after_another(step: str, seed: int):
    """A heuristic race stopped at `step` when one seat has chosen face down
    and another still has to: (race, the seat to decide, the seat that chose)."""
    def chose(race) -> list[int]:
        acts = GAME.to_act(race)
        if len(acts) != 1:
            return []
        return [s for s in range(len(race.cars))
                if s not in acts and _choice(race, step, s) is not None]

    def ready(race) -> bool:
        return bool(chose(race)) and len(GAME.legal_actions(race, min(GAME.to_act(race)))) > 1
    race = stopped_at(step, ["heuristic"] * 3, [seed], ready, first=max)
    return race, min(GAME.to_act(race)), chose(race)[0]


def other_choice(race, step: str, seat: int):
    """The same race but `seat` committed another legal choice face down."""
    twin = race.clone()
    real = _choice(race, step, seat)
    st = MACHINE.steps[step]
    for a in st.legal(twin, seat):
        trial = twin.clone()
        st.apply(trial, seat, a)
        if _choice(trial, step, seat) != real:
            return trial
    raise AssertionError("only one legal choice at this step")


CASES = [("quali_cards", 1), ("start_cards", 1), ("battle_cards", 1), ("battle_cards", 2),
         ("battle_boost", 5)]


@pytest.mark.parametrize("step,seed", CASES)
def test_the_others_committed_choice_is_not_seen(step, seed):
    a, seat, chose = after_another(step, seed)
    b = other_choice(a, step, chose)
    assert GAME.view(a, seat) == GAME.view(b, seat)           # the seat cannot tell them apart
    for k in range(6):
        wa, wb = (GAME.redeterminize(x, seat, Rng(k)) for x in (a, b))
        assert GAME.state_hash(wa) == GAME.state_hash(wb)


@pytest.mark.parametrize("step,seed", CASES[:3])
def test_the_search_cannot_tell_them_apart(step, seed):
    a, seat, chose = after_another(step, seed)
    b = other_choice(a, step, chose)

    def figures(race):
        res = Search(GAME, seat, Budget(10), horizon=12).run(race, Rng(4))
        return [(r.action, r.visits, r.value) for r in res.rated]
    assert figures(a) == figures(b)


@pytest.mark.parametrize("step,seed", CASES)
def test_a_determinization_is_a_race_that_goes_on(step, seed):
    race, seat, chose = after_another(step, seed)
    real = _choice(race, step, chose)
    seen = []
    for k in range(30):
        w = GAME.redeterminize(race, seat, Rng(k))
        again = _choice(w, step, chose)
        seen.append(again == real)
        # the choice drawn afresh is one the other seat could make in that world
        trial = _forget(w, step, chose)
        assert again in [_choice(_acted(trial, step, chose, a), step, chose)
                         for a in MACHINE.steps[step].legal(trial, chose)]
        GAME.apply(w, seat, GAME.legal_actions(w, seat)[-1])   # the step completes
        assert GAME.to_act(w) or GAME.is_over(w) or GAME.forced(w) is not None
    assert not all(seen)                       # drawn afresh, not the real one kept


def _forget(race, step: str, seat: int):
    r = race.clone()
    if step in ("battle_cards", "battle_boost"):
        r.battle["cards" if step == "battle_cards" else "boost"].pop(str(seat))
    else:
        r.secret.pop(seat)
    return r


def _acted(race, step, seat, action):
    r = race.clone()
    MACHINE.steps[step].apply(r, seat, action)
    return r


@pytest.mark.parametrize("seed", [14, 15])
def test_every_seat_asked_has_a_choice_in_every_world(seed):
    # Before the fix a resampled hand could hold no start play (FGP 7.2.1) for a
    # seat still asked: the heuristic bot met an empty legal list in a rollout.
    config = GAME.config(seats=["heuristic"] * 3)
    race = GAME.new(config, seed)
    agents = agents_for(GAME, config, seed)
    while race.turn.pending is None or race.turn.pending.step != "start_cards":
        f = GAME.forced(race)
        s, a = f if f is not None else (min(GAME.to_act(race)), None)
        GAME.apply(race, s, a if f is not None else agents[s].choose(GAME, race, s))
    asked = sorted(GAME.to_act(race))
    assert len(asked) >= 2
    for seat in asked:
        for k in range(40):
            w = GAME.redeterminize(race, seat, Rng(k))
            assert all(GAME.legal_actions(w, s) for s in asked)
            for car, real in zip(w.cars, race.cars):      # as many cards drawn as seen
                assert len(car.hand) == len(real.hand) and len(car.drawn) == len(real.drawn)


# ---- picks in progress another seat cannot see ---------------------------------------
def swap_unseen(race, who: int, key: str):
    """The same race but one picked card of `who` swapped with a card of its
    draw pile: no other seat can tell the two apart."""
    twin = race.clone()
    car = twin.cars[who]
    old = twin.move[key][0]
    new = next(c for c in car.deck.pile if not _is_unpickable(twin, c))
    car.deck.pile[car.deck.pile.index(new)] = old
    car.hand[car.hand.index(old)] = new
    twin.move[key] = [new if c == old else c for c in twin.move[key]]
    MACHINE.forget(twin)
    return twin


def _is_unpickable(race, card) -> bool:
    from chequered.games.formulagp.rules import cards as C
    return C.is_draw_failure(race, card) or C.is_tyre_wear(race, card)


@pytest.mark.parametrize("key,step,kinds", [
    ("pole", "pole_keep", ["heuristic"] * 3),             # FGP 7.2.1: three cards drawn unseen
    ("white", "white", ["random"] * 3),                   # FGP 4.12: cards picked to discard
])
def test_another_seats_pick_is_drawn_afresh(key, step, kinds):
    race = stopped_at(step, kinds, range(1, 60), lambda r: bool(r.move and r.move.get(key)))
    who = race.turn.pending.seats[0]
    twin = swap_unseen(race, who, key)
    for seat in range(len(race.cars)):
        if seat == who:
            continue
        assert GAME.view(race, seat) == GAME.view(twin, seat)
        for k in range(4):
            wa, wb = (GAME.redeterminize(x, seat, Rng(k)) for x in (race, twin))
            assert GAME.state_hash(wa) == GAME.state_hash(wb)
            # the picked cards are in the hand of the world drawn, and pickable;
            # as many as the table saw laid aside
            assert all(c in wa.cars[who].hand for c in wa.move[key])
            assert len(wa.move[key]) == len(race.move[key])
            if key == "white":
                assert not any(_is_unpickable(wa, c) for c in wa.move[key])
    # its own pick is its own: kept as it is
    w = GAME.redeterminize(race, who, Rng(0))
    assert w.move[key] == race.move[key]
