"""The heuristic driver's look ahead (heuristic_moves.spend_test): its memo
serves whatever order steps are tested in, and the lazy pick
(spendable_best) is the pick made from the whole filtered list."""
from __future__ import annotations

from chequered.engine.play import agents_for, play
from chequered.games.formulagp import GAME
from chequered.games.formulagp import bots
from chequered.games.formulagp import heuristic_moves as HM
from chequered.games.formulagp.rules.move_steps import step_options
from chequered.games.formulagp.rules.where import track_of
from chequered.games.formulagp.track import track, track_keys

CONFIGS = [
    ({"track": "fast", "seats": ["heuristic"] * 6}, (1, 2, 3)),
    ({"track": "twisty", "seats": ["heuristic"] * 4, "rules": "advanced"}, (4,)),
]


def _events(config, seed):
    out = []
    play(GAME, config, seed, agents=agents_for(GAME, config, seed),
         on_step=lambda seat, action, ev, step: out.extend((e.kind, e.data) for e in ev))
    return out


def test_no_step_goes_back_a_tile():
    """spend_test keys a position by the path's spaces on its own tile: the
    spaces a step reaches from there on are on that tile or ahead of it."""
    for key in track_keys():
        trk = track(key)
        n = len(trk.tiles)
        for sp in trk.spaces:
            if sp.pit_lane:
                continue
            for m in trk.moves(sp.id):
                if not trk.spaces[m.to].pit_lane:
                    assert (trk.spaces[m.to].tile - sp.tile) % n in (0, 1), (key, sp.id, m.to)


def test_a_step_tested_after_others_answers_as_tested_alone(monkeypatch):
    """A shared spend_test answers each step as a fresh one does, in either
    order: from races' look-ahead positions, the car put on every space
    near the pit entry with 1 to 7 points left."""
    kept = []

    def keep(race, car, left):
        if len(kept) < 3:
            kept.append((GAME.clone(race), car.seat))
        return HM.spend_test(race, car, left)
    monkeypatch.setattr(bots, "spend_test", keep)
    _events(GAME.config(**CONFIGS[0][0]), CONFIGS[0][1][0])
    answers = []
    for race, seat in kept:
        car = race.cars[seat]
        reach = HM.pit_table(track_of(race), across=True)
        trk = track_of(race)
        for sp in [s for s, d in reach.items() if 0 < d <= 4]:
            # come straight there, or from a space beside it
            for came in [[sp]] + [[m.to, sp] for m in trk.moves(sp) if m.lane_change]:
                car.space, race.move["visited"] = sp, came
                steps = step_options(race, seat)[0]
                for left in range(1, 8):
                    fresh = [HM.spend_test(race, car, left)(a) for a in steps]
                    ok = HM.spend_test(race, car, left)
                    back = [ok(a) for a in reversed(steps)][::-1]
                    assert back == fresh and race.move["visited"] == came and car.space == sp
                    assert HM.spendable(race, car, steps, left) == \
                        [a for a, k in zip(steps, fresh) if k]
                    answers += fresh
    assert True in answers and False in answers


def test_the_lazy_pick_changes_no_race(monkeypatch):
    """Races with spendable_best never answering (every step tested, then
    best_step on the filtered list) are the same races."""
    found = []

    def lazy(*args):
        found.append(HM.spendable_best(*args))
        return found[-1]
    monkeypatch.setattr(bots, "spendable_best", lazy)
    quick = [_events(GAME.config(**cfg), seed) for cfg, seeds in CONFIGS for seed in seeds]
    assert any(f is not None for f in found)
    monkeypatch.setattr(bots, "spendable_best", lambda *args: None)
    assert [_events(GAME.config(**cfg), seed) for cfg, seeds in CONFIGS for seed in seeds] == quick
