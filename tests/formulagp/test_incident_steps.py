"""The end of a turn (rules/incident_steps.py): the quick test of the
end-of-turn step agrees with its legal list."""
from __future__ import annotations

from chequered.games.formulagp.actions import Done
from chequered.games.formulagp.rules import incident_steps as IS
from chequered.games.formulagp.rules.setup import new_race


def test_nothing_held_and_nothing_to_repair_leaves_done_alone():
    """FGP 7.3.3.1 / 13.7.1: a car holding no EVENT card and no FAILURE card
    (the case _turn_events passes at once) has only Done at the end of its
    turn, with the Safety Car out or not."""
    race = new_race("fast", 6, seed=3)
    for car in race.cars:
        assert not car.held_events and not car.failures
        assert IS._end_events_legal(race, car.seat) == [Done()]
        race.safety_car = {"tile": 0, "until": 99}
        assert IS._end_events_legal(race, car.seat) == [Done()]
        race.safety_car = None


def test_a_move_with_no_die_and_no_incident_goes_on_to_the_turn_events(monkeypatch):
    """FGP 13.2 / 4.11: when _resolve queues no die and no incident it runs
    the end-of-turn events and, when nothing is pending, the end of the turn
    at once: the same race and events as the machine running the stages one
    at a time, and the dice and incidents stages it skips would have done
    nothing else (races of the bench, stage by stage)."""
    import chequered
    from chequered.bench import bench_seats, parse_seats, play_one
    from chequered.games.formulagp.rules import steps as S
    game = chequered.game("formulagp")
    resolve, checked = IS._resolve, []

    def check(race, trk=None):
        st = race.clone()
        ev = resolve(race, trk)                 # chained
        with monkeypatch.context() as m:        # _resolve alone, as before the chain
            m.setattr(IS, "_turn_events", lambda r: [])
            one = resolve(st)
        if st.move["stage"] != "turn_events":
            return ev
        skipped = st.clone()
        skipped.move["next"], skipped.move["stage"] = "turn_events", "dice"
        assert IS._dice(skipped) == [] and IS._incidents(skipped) == []
        assert skipped.move == st.move and game.state_hash(skipped) == game.state_hash(st)
        with monkeypatch.context() as m:        # the turn events alone, then the end
            m.setattr(IS, "end_stage", lambda r: [])
            one += S.STAGES["turn_events"](st)
        if st.turn.pending is None:
            one += S.STAGES["end"](st)
        assert one == ev and game.state_hash(st) == game.state_hash(race)
        assert st.move == race.move and st.turn.phase == race.turn.phase
        checked.append(st.turn.pending is None)
        return ev
    monkeypatch.setitem(S.STAGES, "resolve", check)
    monkeypatch.setattr(IS, "_resolve", check)  # as _after_move runs it at once too
    play_one(game, game.config(seats=parse_seats(bench_seats(game))), 2)
    assert len(checked) > 20 and all(checked)
