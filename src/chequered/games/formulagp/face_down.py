"""The choices other seats have already committed face down at a pending
simultaneous step (FGP 6.1 qualifying, 7.2.1 start, 9.3 battle cards and
boosts, 15.1 momentum, 5.1.3 start tyres): a seat deciding after them has
not seen them, so redeterminize (view.py) takes them back before resampling
the hidden cards, and view._resample_choices draws each afresh from the legal
choices of the resampled world (it uses redeterminize's generator, so it
lives with it)."""
from __future__ import annotations

from .state import Race

TRIES = 64          # worlds drawn before giving up on one where every chooser could choose

# step -> where its committed choice is kept: in race.secret by seat, or in
# race.battle[...] by str(seat)
WHERE = {"quali_cards": "secret", "start_cards": "secret", "momentum_cards": "secret",
         "start_tyre": "secret", "battle_cards": "cards", "battle_boost": "boost"}


def take_back(race: Race, seat: int) -> tuple[str | None, dict]:
    """Remove the face-down choices of the seats other than `seat` that have
    already chosen at the pending step: (the step, {chooser: its choice})."""
    p = race.turn.pending
    where = WHERE.get(p.step) if p is not None else None
    if where is None:
        return None, {}
    store = race.secret if where == "secret" else race.battle[where]
    key = int if where == "secret" else str
    taken = {}
    for s in range(len(race.cars)):
        if s != seat and s not in p.seats and key(s) in store:
            taken[s] = store.pop(key(s))
    return p.step, taken


def can_choose(race: Race, seat: int) -> bool:
    """Whether every seat but `seat` that the pending step asks has a legal
    choice in this world (a resampled hand may have none: a start play
    needs a movement card it can play, FGP 7.2.1)."""
    p = race.turn.pending
    if p is None or race.turn.over:
        return True
    from .rules.steps import MACHINE
    legal = MACHINE.steps[p.step].legal
    return all(legal(race, s) for s in p.seats if s != seat)
