"""The heuristic FormulaGP driver's answers at a pit stop and under the
flags (FGP 11.2, 13.8-13.10): a part of bots.HeuristicBot, kept apart so
that each file stays one reading. The methods read the bot's tyre plan and
wear rate (bots.py) through `self`."""
from __future__ import annotations

from . import actions as A
from . import bot_strategy as S
from .rules import cards as C
from .rules import compounds
from .rules.where import track_of

DONE = A.Done()         # a value: one object serves (bots.py hands it too)


class StopAnswers:
    """The pit stop, the discards in the box, the rejoin, the VSC steps and
    the red flag's new set: mixed into bots.HeuristicBot."""

    def _pit_stop(self, race, seat, legal):
        """FGP 11.2: the compound that brings most for the rounds left (the
        plan's on a tie); FGP 11.2.1: one card repaired (a WHITE roll), or
        all of them when there are two or more (a round in the box)."""
        car = race.cars[seat]
        side = C.board_side(race, car)
        nxt = self._next_stint(race, seat)
        avoid = tuple(compounds.used(car)) if self._needs_type(race, seat) else ()
        tyre = self.weather_tyre(race, seat, S.best_tyre(
            side, S.rounds_left(race.flag, race.final_flag) - 1, self._rate(race), nxt, avoid))
        cards = [*car.damage, *car.failures]
        want = ("none", None) if not cards else (("one", cards[0]) if len(cards) == 1
                                                 else ("all", None))
        self.stint += 1
        self._seen = (tyre, side.start_position(tyre))
        for a in legal:
            if a.tyre == tyre and (a.repair, a.card) == want:
                return a
        return next((a for a in legal if a.tyre == tyre), legal[0])

    def _pit_discard(self, race, seat, legal):
        for a in legal:
            if isinstance(a, A.Discard) and C.kind_of(race, a.card) == "tyre_wear":
                return a
        return DONE

    def _end_events(self, race, seat, legal):
        return legal[0]                  # a held EVENT card helps now rather than never

    def _rejoin(self, race, seat, legal):
        """The space furthest on, rejoining the track or stepping under the VSC."""
        trk = track_of(race)
        return max(legal, key=lambda a: trk.progress(a.to))

    _vsc_step = _rejoin

    def _red_flag(self, race, seat, legal):
        """FGP 13.10: a new set if it brings more than the one fitted; repairs."""
        car = race.cars[seat]
        side = C.board_side(race, car)
        n, rate = S.rounds_left(race.flag, race.final_flag), self._rate(race)
        keep = S.stint_value(side, car.tyre, car.wear, n, rate)

        need = self._needs_type(race, seat)
        used = compounds.used(car)

        def value(a):
            if a.tyre is None:
                return keep
            v = S.stint_value(side, a.tyre, side.start_position(a.tyre), n, rate)
            # [ADV] FGP 5.1.3: a free change to a second tyre type is taken
            return v + (S.PLAN_MP * 4 if need and a.tyre not in used else 0)
        fits = [a for a in legal if (a.repair == "all") == bool(car.damage)] or legal
        return max(fits, key=lambda a: (value(a), a.tyre is None))
