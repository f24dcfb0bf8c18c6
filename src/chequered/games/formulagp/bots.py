"""A heuristic FormulaGP driver to fill seats until the rulebook's BOT rules
land: it reads the state directly (no search) and picks, step by step, what a
sensible player would: the fastest affordable play, forward progress with
few lane changes, battles it can win, a pit stop when the tyres are gone,
counter-steers when it can."""
from __future__ import annotations

from ...engine.rng import Rng
from . import actions as A
from .rules import cards as C
from .rules.battle import card_info
from .rules.overtake import battle_targets
from .rules.tyres import red_die_tyres, tyre_state
from .rules.turn import gear_for
from .rules.where import passable, positions, race_round, track_of

VALUE = {"blue": 5, "red": 4, "orange": 3.5, "green": 2, None: 1}


def card_value(race, card: str) -> float:
    k = C.kind_of(race, card)
    if k == "movement":
        return VALUE[C.colour_of(race, card)] + 0.1 * C.action_card(C.content_of(race), card).leds
    if k == "option":
        return 2.5
    if k == "tyre_wear":
        return 1.0
    return 0.0


class HeuristicBot:
    def __init__(self, seed: int = 0):
        self.rng = Rng(seed)
        self._pit: tuple = ()            # (round, seat, wear, decision) of the last check

    def choose(self, game, state, seat: int):
        legal = game.legal_actions(state, seat)
        step = state.turn.pending.step if state.turn.pending else ""
        pick = getattr(self, f"_{step}")(state, seat, legal)
        return pick if pick in legal else legal[0]

    # ---- cards -------------------------------------------------------------------
    def _returns(self, race, seat, legal):
        car = race.cars[seat]
        tws = [a for a in legal if isinstance(a, A.Return) and C.is_tyre_wear(race, a.card)]
        movement = sum(1 for c in car.hand if C.kind_of(race, c) == "movement")
        if tws and movement < 4:
            return tws[0]
        return _done(legal)

    def _best_plays(self, race, seat, legal, keep_movement: bool):
        car = race.cars[seat]
        best, score = None, -1e9
        for a in legal:
            cards = list(a.cards)
            left = [c for c in car.hand if c not in cards]
            if keep_movement and cards and not any(C.kind_of(race, c) == "movement" for c in left):
                continue
            leds = sum(C.action_card(C.content_of(race), c).leds for c in cards)
            s = leds - 1.2 * sum(card_value(race, c) for c in cards if C.kind_of(race, c) == "movement") / 3
            s -= 0.8 * len(cards)
            if s > score:
                best, score = a, s
        return best

    def _quali_cards(self, race, seat, legal):
        return self._best_plays(race, seat, legal, keep_movement=True) or legal[0]

    def _push(self, race, seat, legal):
        steer = any(f == "counter_steer" for f, _ in C.single_spends(race, race.cars[seat]))
        return A.Push(steer)

    def _quali_save(self, race, seat, legal):
        return next((a for a in legal if a.card), legal[0])

    def _pole_keep(self, race, seat, legal):
        return max(legal, key=lambda a: (card_value(race, a.keep), -len(a.top)))

    def _start_cards(self, race, seat, legal):
        car = race.cars[seat]
        side = C.board_side(race, car)

        def score(a):
            cols = [C.colour_of(race, c) for c in a.cards if C.kind_of(race, c) == "movement"]
            decl = list(a.orange_as)
            eff = [decl.pop(0) if c == "orange" and decl else c for c in cols]
            pace = eff[0] if len(eff) == 1 else {"green": "red", "red": "blue"}.get(eff[0], "blue")
            extras = len(a.cards) - len(cols)
            return side.speed.mp(2, pace) * 2 - extras * 0.5 - (1.5 if len(eff) == 2 else 0)
        return max(legal, key=score)

    # ---- the turn ------------------------------------------------------------------
    def _prep(self, race, seat, legal):
        car = race.cars[seat]
        for a in legal:
            if isinstance(a, A.QuickRepair):
                return a
        for a in legal:
            # an Option card is worth its LEDs in a battle: draw its EVENT only
            # when the hand is full anyway
            if isinstance(a, A.PlayCard) and a.how == "play" \
                    and len(car.hand) >= C.hand_limit(race, car) \
                    and sum(C.kind_of(race, c) == "option" for c in car.hand) >= 2:
                return a
            if isinstance(a, A.PlayCard) and a.how == "event":
                return a
            if isinstance(a, A.PlayCard) and a.how == "sc_discard" \
                    and C.is_tyre_wear(race, a.card):
                return a
        for a in legal:
            if isinstance(a, A.Spend) and a.function == "tyre_2x" and car.wear >= 3:
                return a
            if isinstance(a, A.Spend) and a.function == "ers_2x" and car.ers <= 1:
                return a
        if any(isinstance(a, A.Parameter) and a.colour == "yellow" for a in legal) and car.ers == 0:
            return A.Parameter("yellow")
        if any(isinstance(a, A.Done) for a in legal):
            return A.Done()
        nm = [a for a in legal if isinstance(a, A.NoMove)]
        return nm[0] if nm else legal[0]

    def _white(self, race, seat, legal):
        """FGP 4.12: the WHITE token throws away what cannot move the car."""
        car = race.cars[seat]
        for a in legal:
            if isinstance(a, A.Discard) and (C.kind_of(race, a.card) == "option" or (
                    C.colour_of(race, a.card) == "blue" and car.ers == 0)):
                return a
        return _done(legal)

    def _play(self, race, seat, legal):
        car = race.cars[seat]
        side = C.board_side(race, car)
        gear = gear_for(race, car)

        def score(a):
            cols = [C.colour_of(race, c) for c in a.cards]
            decl = list(a.orange_as)
            eff = [decl.pop(0) if c == "orange" and decl else c for c in cols]
            pace = eff[0] if len(eff) == 1 else {"green": "red", "red": "blue"}[eff[0]]
            mp = side.speed.mp(gear, pace) + (1 if a.characteristic else 0)
            cost = sum(card_value(race, c) for c in a.cards) * 0.3
            if len(a.cards) == 2:
                cost += 1.0                        # the YELLOW die
            if "blue" in cols:
                cost += 0.8 if car.ers > 1 else 2.0
            return mp - cost
        return max(legal, key=score)

    def _want_pit(self, race, car) -> bool:
        side = C.board_side(race, car)
        if race.final_round or race.flag >= race.final_flag - 1:
            return False
        return tyre_state(side, car.tyre, car.wear) == "worn" or red_die_tyres(side, car.wear) \
            or len(car.damage) + len(car.failures) >= 3

    def _move(self, race, seat, legal):
        car = race.cars[seat]
        trk = track_of(race)
        here = trk.spaces[car.space]
        key = (race.round, seat, car.wear)
        if self._pit[:3] != key:
            self._pit = key + (self._want_pit(race, car),)
        pit = self._pit[3]

        def progress(to):
            sp = trk.spaces[to]
            return ((sp.tile - here.tile) % trk.lap_tiles) + sp.span[0]
        steps = [a for a in legal if isinstance(a, A.Step)]
        if pit:
            for a in steps:
                if trk.spaces[a.to].pit_lane:
                    return a
        steps = [a for a in steps if not trk.spaces[a.to].pit_lane]
        forward = [a for a in steps if progress(a.to) > here.span[0] + 1e-9 or
                   trk.spaces[a.to].tile != here.tile]
        if forward:
            lane = here.lane
            return max(forward, key=lambda a: (progress(a.to), -abs(trk.spaces[a.to].lane - lane)))
        lateral = [a for a in steps if a.to not in race.move.get("visited", [])]
        if any(isinstance(a, A.Stop) for a in legal):
            # stopping behind a car in its own lane leads to no battle (A27): go round it
            if not (lateral and race.move["left"] > 1) or self._attack_from_here(race, car):
                return A.Stop()
        if lateral and race.move["left"] > 1:
            return lateral[self.rng.below(len(lateral))]
        red = [a for a in legal if isinstance(a, A.Reduce)]
        if red:
            return max(red, key=lambda a: a.charge)
        return steps[0] if steps else legal[0]

    @staticmethod
    def _attack_from_here(race, car) -> bool:
        """A battle could be declared after stopping here (FGP 9.2 b)."""
        return bool(battle_targets(track_of(race), car.space, 1, positions(race, car.seat),
                                   ahead_in_space=race.move.get("ahead"),
                                   passable=passable(race, car), round_no=race_round(race)))

    def _extend(self, race, seat, legal):
        car = race.cars[seat]
        for a in legal:
            if isinstance(a, A.Extend) and a.via == "ers" and car.ers >= 3:
                return a
            if isinstance(a, A.Extend) and a.via == "tyre_wear" and car.wear <= 2:
                return a
        return A.Done()

    def _attack(self, race, seat, legal):
        car = race.cars[seat]
        good = sum(C.action_card(C.content_of(race), c).leds for c in car.hand)
        atk = [a for a in legal if a.defender is not None]
        if atk and (car.ot >= 2 or good >= 6):
            return atk[0]
        return A.Attack(None)

    def _ot_boost(self, race, seat, legal):
        return A.Done()

    def _battle_cards(self, race, seat, legal):
        content = C.content_of(race)
        infos = {c: card_info(content, c) for c in race.cars[seat].hand}

        def score(a):
            leds = sum(infos[c].leds for c in a.cards)
            return leds - 1.5 * max(0, len(a.cards) - 2) - 0.5 * len(a.cards)
        return max(legal, key=score)

    def _battle_boost(self, race, seat, legal):
        car = race.cars[seat]
        return max(legal, key=lambda a: (a.skill, a.ers and car.ers >= 2, -len(a.events)))

    def _secondary(self, race, seat, legal):
        return next((a for a in legal if a.defender is not None), legal[-1])

    def _control(self, race, seat, legal):
        return next((a for a in legal if a.card), legal[-1])

    def _discard(self, race, seat, legal):
        return min(legal, key=lambda a: card_value(race, a.card))

    def _pit_stop(self, race, seat, legal):
        laps_left = race.final_flag - race.flag
        tyre = "soft" if laps_left <= 4 else ("medium" if laps_left <= 9 else "hard")
        car = race.cars[seat]
        want = "all" if len(car.damage) + len(car.failures) >= 2 else "none"
        for a in legal:
            if a.tyre == tyre and a.repair == want:
                return a
        return next((a for a in legal if a.tyre == tyre), legal[0])

    def _pit_discard(self, race, seat, legal):
        for a in legal:
            if isinstance(a, A.Discard) and C.kind_of(race, a.card) == "tyre_wear":
                return a
        return A.Done()

    def _end_events(self, race, seat, legal):
        return legal[0]                  # a held EVENT card helps now rather than never

    def _rejoin(self, race, seat, legal):
        trk = track_of(race)
        return max(legal, key=lambda a: trk.progress(a.to))

    def _vsc_step(self, race, seat, legal):
        trk = track_of(race)
        return max(legal, key=lambda a: trk.progress(a.to))

    def _red_flag(self, race, seat, legal):
        car = race.cars[seat]
        side = C.board_side(race, car)
        fresh = tyre_state(side, car.tyre, car.wear) != "fresh"
        for a in legal:
            if (a.tyre == "medium") == fresh and (a.repair == "all") == bool(car.damage):
                return a
        return legal[0]


def _done(legal):
    return next((a for a in legal if isinstance(a, A.Done)), legal[-1])
