"""A heuristic FormulaGP driver to fill seats until the rulebook's BOT rules
land: it reads what its seat may see (the public state and its own hand; no
search) and picks, step by step, what a sensible player would: a tyre
strategy (bot_strategy.py: the starting compound by a plan, a stop when it
pays), the fastest affordable play, forward progress with few lane changes
and never a way that leaves the pit lane as the only step, battles it can
win, counter-steers when it can."""
from __future__ import annotations

import math

from ...engine.drive import drive_own
from ...engine.rng import Rng
from . import actions as A
from . import bot_strategy as S
from .bot_stops import DONE as _DONE, StopAnswers
from .heuristic_drive import points as move_points
from .heuristic_moves import (APPROACH, best_step, drive_table, pit_route, sort_steps,
                              spend_test, spendable_best)
from .heuristic_plays import card_value, plays_facts
from .rules import cards as C
from .rules import secondary as SF
from .rules import compounds
from .rules import speed_limits as SL
from .rules import team_radio as TR
from .rules.advanced import is_advanced
from .rules.battle import card_info
from .rules.late_pit import fresh_tyres_space
from .rules.move_steps import point_reduces, push_spaces
from .rules.overtake import battle_targets
from .rules.plays import gear_for
from .rules.where import (distance, grid_spaces, near_tiles, passable, positions, race_round,
                          track_of)


class HeuristicBot(StopAnswers):
    def __init__(self, seed: int = 0):
        self.rng = Rng(seed)
        self._plan_rng = Rng(seed).spawn("tyre strategy")   # the plan draws on its own stream
        self.plan: S.Plan | None = None  # the tyre strategy (bot_strategy.py)
        self.stint = 0                   # index in plan.stints of the tyres fitted
        self._pit: tuple = ()            # (round, decision) of the last pit check
        self._seen: tuple = ()           # (tyre, wear) at the last decision
        self._gained = 0                 # wear gained so far in the race (own board)
        self._start: float | None = None # distance at the first racing decision
        self._by_step: dict = {}         # step name -> its bound method (choose)
        self._roads: tuple | None = None  # (track, its table read at every movement point)

    def choose(self, game, state, seat: int):
        # a point-by-point policy (WholeMoves makes moves of it)
        p = state.turn.pending
        return self.pick(state, seat, p.step if p else "", game.fine_actions(state, seat))

    def pick(self, state, seat: int, step: str, legal: list):
        """The driver's answer to `step` from its legal list `legal`."""
        self._observe(state, seat)
        # the method of each step, looked up once (asked at every movement point)
        by_step = self._by_step
        how = by_step.get(step)
        if how is None:
            how = by_step[step] = getattr(self, f"_{step}")
        pick = how(state, seat, legal)
        for a in legal:             # the list's own object, found without calling __eq__
            if a is pick:
                return pick
        return pick if pick in legal else legal[0]

    def drive(self, game, state, seat: int):
        """The whole move choose() would make point by point, applied in
        place (engine/play.py asks it of the bots that have it): the
        movement points by heuristic_drive.points, the rest by engine/drive."""
        return drive_own(game.machine, state, seat, self.pick, "move", move_points,
                         (game.machine, self))

    # ---- tyre strategy (FGP 5.1.3, 10.1, 11) ---------------------------------------
    def _observe(self, race, seat):
        """The car's own wear and pace, seen at each of its decisions."""
        car = race.cars[seat]
        tyre, wear = car.tyre, car.wear
        seen = self._seen
        if not seen or seen[1] != wear or seen[0] != tyre:     # (asked at every point)
            if seen and seen[0] == tyre and wear > seen[1]:
                self._gained += wear - seen[1]
            self._seen = (tyre, wear)
        if self._start is None and race.round >= 1 and car.space is not None:
            self._start = distance(race, car)

    def plan_for(self, race, seat) -> S.Plan:
        """The plan, drawn once from the race as set up: its rounds, the lap
        length and the pit entry (the windows), the car's board."""
        if self.plan is None:
            trk = track_of(race)
            side = C.board_side(race, race.cars[seat])
            rounds = S.rounds_left(race.flag - race.round, race.final_flag)
            tiles = [trk.spaces[s].tile for s in grid_spaces(trk, len(race.cars))]
            grid = sum(tiles) / len(tiles) - trk.lap_tiles        # the grid is before the line
            entry = trk.pit.entry_tile if trk.pit else trk.lap_tiles - 1
            windows = S.pit_windows(grid, rounds, trk.lap_tiles, entry, S.TILES_PER_ROUND)
            u = self._plan_rng.below(1 << 30) / (1 << 30)
            self.plan = S.choose_plan(side, rounds, windows, u,
                                      two_types=compounds.applies(race))
        return self.plan

    def _next_stint(self, race, seat) -> str | None:
        plan = self.plan_for(race, seat)
        return plan.stints[self.stint + 1] if self.stint + 1 < len(plan.stints) else None

    def _rate(self, race) -> float:
        n = race_round(race) - 1        # (tests, not min()/max(): some 1k instructions a call)
        return (S.WEAR_PER_ROUND * S.PRIOR_ROUNDS + self._gained) / (S.PRIOR_ROUNDS + (n if n > 0 else 0))

    def _car_now(self, race, seat) -> S.CarNow:
        car = race.cars[seat]
        trk = track_of(race)
        rounds = S.rounds_left(race.flag, race.final_flag)
        n = race_round(race) - 1
        done = distance(race, car) - (self._start if self._start is not None else -2.0)
        pace = (S.TILES_PER_ROUND * S.PRIOR_ROUNDS + done) / (S.PRIOR_ROUNDS + (n if n > 0 else 0))
        later = math.ceil(trk.lap_tiles / (pace if pace > 1.0 else 1.0))   # the pit entry again: a lap on
        ctl = C.content_of(race).control
        table = ctl.pit_penalty_rounds
        adv = race.config.rules == "advanced"                    # [ADV] FGP 11.4
        late = (ctl.late_pit_bonus, ctl.late_pit_bonus_degraded) if adv else None
        late_in = fresh_tyres_space(race) - race.flag if adv else 0
        return S.CarNow(car.tyre, car.wear, car.penalties, len(car.damage) + len(car.failures),
                        rounds, self._rate(race), later if later < rounds else None,
                        race.safety_car is not None or bool(race.vsc),
                        table[car.penalties if car.penalties < len(table) else -1], late, late_in,
                        car.fresh_tyres, self._needs_type(race, seat))

    @staticmethod
    def _needs_type(race, seat) -> bool:
        """[ADV] FGP 5.1.3: one tyre type so far in a race that asks for two."""
        used = compounds.used(race.cars[seat])
        return compounds.applies(race) and compounds.types_used(used) < compounds.MIN_TYPES

    def _stop_now(self, race, seat) -> bool:
        """FGP 11: into the pits this lap? Never in the start rounds (FGP 7.2),
        on the final lap or without a reason; otherwise when it pays."""
        if self._pit and self._pit[0] == race.round:
            return self._pit[1]
        want = False
        if race_round(race) > 2 and self._needs_type(race, seat) and (
                race.final_round or race.flag >= race.final_flag):
            want = True              # [ADV] FGP 5.1.3: a late stop beats a disqualification
        elif race_round(race) > 2 and not race.final_round and race.flag < race.final_flag:
            car = race.cars[seat]
            side = C.board_side(race, car)
            nxt = self._next_stint(race, seat)      # (draws the plan if none yet)
            # without a reason to stop (S.stop_reasons) stop_pays is False: the
            # CarNow it reads is made only with one
            want = bool(S.reasons(side, car.tyre, car.wear, car.penalties,
                                  len(car.damage) + len(car.failures),
                                  self._needs_type(race, seat))) \
                and S.stop_pays(side, self._car_now(race, seat), nxt) \
                or (self.weather_tyre(race, seat, car.tyre) != car.tyre      # [ADV] 10.2.1
                    and S.rounds_left(race.flag, race.final_flag) >= 3)
        self._pit = (race.round, want)
        return want

    def _tyre_sets(self, race, seat, legal):
        """FGP 15.10: Option A (two soft sets) when the plan starts on softs."""
        return A.TyreSets("A" if self.plan_for(race, seat).stints[0] == "soft" else "B")

    def _start_tyre(self, race, seat, legal):
        return A.StartTyre(self.weather_tyre(race, seat, self.plan_for(race, seat).stints[0]))

    @staticmethod
    def weather_tyre(race, seat, dry: str) -> str:
        """[ADV] FGP 10.2.1: the compound for the track as it is: WET tyres in the
        rain, the dry choice `dry` otherwise. A car on the wrong tyres for the
        weather stops at the next pit entry (with 3 or more rounds left, _stop_now)."""
        if race.weather is None:
            return dry
        from .rules.weather_steps import raining
        return "wet" if raining(race) else (dry if dry != "wet" else "medium")

    # ---- cards -------------------------------------------------------------------
    def _returns(self, race, seat, legal):
        facts = C.card_facts(race)
        for a in legal:
            # the first Tyre Wear card drawn goes back with few movement cards in hand
            if isinstance(a, A.Return) and facts[a.card][0] == "tyre_wear":
                if _count_kind(race, race.cars[seat].hand, "movement") < 4:
                    return a
                break
        return _done(legal)

    def _best_plays(self, race, seat, legal, keep_movement: bool):
        car = race.cars[seat]
        content = C.content_of(race)
        # each card of the hand read once (not once per play holding it):
        # its LEDs, and its value when it is a movement card
        leds_of = {c: C.action_card(content, c).leds for c in car.hand}
        moves = {c: card_value(race, c) for c in car.hand if C.kind_of(race, c) == "movement"}
        best, score = None, -1e9
        led, value, is_move = leds_of.__getitem__, moves.__getitem__, moves.__contains__
        for a in legal:                     # (sums in C, in the cards' order)
            cards = a.cards
            if keep_movement and cards and moves.keys() <= set(cards):
                continue                    # no movement card would be left in hand
            leds = sum(map(led, cards))
            s = leds - 1.2 * sum(map(value, filter(is_move, cards))) / 3
            s -= 0.8 * len(cards)
            if s > score:
                best, score = a, s
        return best

    @staticmethod
    def _team_order(race, seat, legal):
        """FGP 14.4: the team's player ahead of its BOT gives the order (a
        battle between teammates risks both cars)."""
        return next((a for a in legal if isinstance(a, A.TeamOrder) and a.order), legal[0])

    def _quali_cards(self, race, seat, legal):
        return self._best_plays(race, seat, legal, keep_movement=True) or legal[0]

    def _push(self, race, seat, legal):
        steer = any(f == "counter_steer" for f, _ in SF.single_spends(race, race.cars[seat]))
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
        # the list read once (each kind keeps its order); a Quick Repair first
        cards, spends = [], []
        radio = False
        yellow = done = no_move = None
        for a in legal:
            t = type(a)
            if t is A.PlayCard:
                cards.append(a)
                if a.how == "radio":
                    radio = True
            elif t is A.Parameter:
                if yellow is None and a.colour == "yellow":
                    yellow = a
            elif t is A.Done:
                if done is None:
                    done = a
            elif t is A.Spend:
                spends.append(a)
            elif t is A.QuickRepair:
                return a
            elif t is A.NoMove:
                if no_move is None:
                    no_move = a
            elif t in _RADIO:
                radio = True
        if radio:
            got = self._radio(race, seat, legal)
            if got is not None:
                return got
        full = None                     # the hand full, with two Option cards or more
        for a in cards:
            # an Option card is worth its LEDs in a battle: draw its EVENT only
            # when the hand is full anyway
            if a.how == "play":
                if full is None:
                    full = _count_kind(race, car.hand, "option") >= 2 \
                        and len(car.hand) >= C.hand_limit(race, car)
                if full:
                    return a
            if a.how == "event":
                return a
            if a.how == "sc_discard" and C.is_tyre_wear(race, a.card):
                return a
        for a in spends:
            if a.function == "tyre_2x" and car.wear >= 3:
                return a
            if a.function == "ers_2x" and car.ers <= 1:
                return a
        # the legal object itself, not an equal new one: the checks that it
        # is legal then find it by identity
        if car.ers == 0 and yellow is not None:
            return yellow
        if done is not None:
            return done
        return no_move if no_move is not None else legal[0]

    def _radio(self, race, seat, legal):
        """FGP 4.9 [ADV]: keep the TEAM RADIO card worth most (one that always
        applies a little more); take the discard pile's top card when it is
        clearly better, else draw two when the card held is poor; use the card
        when it pays now. In the preparations: None when there is nothing to do."""
        car = race.cars[seat]
        if not any(isinstance(a, _RADIO) or (isinstance(a, A.PlayCard) and a.how == "radio")
                   for a in legal):
            # nothing of the radio to choose (every preparation of a Standard
            # race): what the choices below come to without reading the cards
            return next((a for a in legal if isinstance(a, A.Done)), None) \
                if race.turn.pending.step == "radio_swap" else None

        def worth(cid):
            return TR.value(race, car, cid) + (0.5 if TR.card(race, cid).when == "any" else 0)
        keeps = [a for a in legal if isinstance(a, A.RadioKeep)]
        if keeps:
            return max(keeps, key=lambda a: worth(a.card))
        use = next((a for a in legal if isinstance(a, A.UseRadio)), None)
        if use is not None and TR.value(race, car, use.card) >= 0.25:
            return use
        held = worth(car.radio) if car.radio else -9.0
        top = TR.discard_top(race) if TR.in_play(race) else None
        if A.RadioSwap("discard") in legal and top and worth(top) > held + 0.5:
            return A.RadioSwap("discard")
        if A.RadioSwap("deck") in legal and held < 0.5:
            return A.RadioSwap("deck")
        option = next((a for a in legal if isinstance(a, A.PlayCard) and a.how == "radio"), None)
        if option is not None and held < 0 and len(car.hand) >= C.hand_limit(race, car):
            return option
        return next((a for a in legal if isinstance(a, A.Done)), None) \
            if race.turn.pending.step == "radio_swap" else None

    _radio_pick = _radio_swap = _radio_keep = _radio

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
        trk = track_of(race)
        gear = gear_for(race, car, trk)
        # [ADV] FGP 8.4.2: a corner taken faster than its gear marker rolls the dice
        limits = is_advanced(race) and race.safety_car is None and not race.vsc \
            and car.space is not None and any(t.speed_limit for t in trk.tiles)

        blue_cost = 0.8 if car.ers > 1 else 2.0
        mp = side.speed.mp
        mps: dict = {}          # pace -> the board's MP in this gear (a few paces a list)
        # the best score, the first of equals (as max() keeps)
        best, top = None, None
        for a, (pace, cost, blue, eff) in zip(legal, plays_facts(race, legal)):
            if blue:
                cost += blue_cost
            # a play with the characteristic (+1) and the same play without it
            # differ in their MP only
            points = mps.get(pace)
            if points is None:
                points = mps[pace] = mp(gear, pace)
            if a.characteristic:
                points += 1
            if limits:
                tiles = S.tiles_driven(trk, car.space, points)
                cost += S.speed_limit_cost(len(SL.breaches(trk, tiles, SL.card_colour(eff))))
            s = points - cost
            if best is None or s > top:
                best, top = a, s
        return best

    def _move(self, race, seat, legal, roads=None):
        """`roads`: _roads_of the race's track, when the caller has it."""
        car = race.cars[seat]
        space = car.space
        if roads is None:
            roads = self._roads_of(track_of(race))
        # facts: to -> (pit lane, dead end, (progress, -lanes), gains ground);
        # the movement points to the PIT LANE space (pit_in), across the
        # yellow line too or not
        facts, to_pit, across, ranked, dead_end, _ = roads[space]
        left = race.move["left"]
        # no push into another car (FGP 8.3.1: a penalty or a collision at worst):
        # the steps' own flags, found with the legal list
        full = push_spaces(race, seat, legal)
        if self._lines_up(race, seat, to_pit, left):
            best = pit_route(track_of(race), legal, facts, full,
                             left - 1 if to_pit <= left else left + APPROACH)
            if best is not None:
                return best
        look = self._looks_ahead(across, left)
        if not (look or dead_end):
            # the usual point: the best step of the list itself (the steps
            # into the pit lane are not ranked)
            best = best_step(ranked, legal, full)
            if best is not None:
                return best
        # look ahead: no way that leaves the pit lane as the only step later
        if look:
            ok = spend_test(race, car, left - 1)
            # the pick below when the best ranked step passes (most often):
            # the steps ranked after it need no test, the list no sorting
            best = spendable_best(ranked, legal, full, facts, ok)
            if best is not None:
                return best
        on_track, into_pit, dead = sort_steps(legal, facts)
        steps = on_track
        # (filter and loops below, not comprehensions: a variable one reads
        # is a cell made at every call of _move, the usual point's too)
        if look:
            steps = list(filter(ok, steps)) or steps
        # nor into the lane that only leads into the pit lane (FGP 11.1)
        if dead:
            kept = []
            for a in steps:
                if not facts[a.to][1]:
                    kept.append(a)
            steps = kept or steps
        if look or dead_end:
            best = best_step(ranked, steps, full)
            if best is not None:
                return best
        visited = race.move.get("visited", [])
        lateral = []
        for a in steps:
            if a.to not in visited and a.to not in full:
                lateral.append(a)
        if A.Stop in map(type, legal):  # (read in C: no generator made for any())
            # stopping behind a car in its own lane leads to no battle (A27): go round it
            if not (lateral and left > 1) or self._attack_from_here(race, car):
                return A.Stop()
        if lateral and left > 1:
            return lateral[self.rng.below(len(lateral))]
        red = point_reduces(race, seat, legal)
        if red:
            return max(red, key=lambda a: a.charge)
        for a in steps:
            if a.to not in full:
                return a
        # the pit lane (a stop) rather than a push into a car (a collision, FGP 13.5)
        return (into_pit or steps or legal)[0]

    def _lines_up(self, race, seat, to_pit, left) -> bool:
        """The pit entry within this move, or a little beyond it, and a stop
        wanted: line up for it (its lane) now."""
        return to_pit is not None and to_pit <= left + APPROACH and self._stop_now(race, seat)

    @staticmethod
    def _looks_ahead(across, left) -> bool:
        """The pit lane within the points left: look ahead (spendable)."""
        return across is not None and across <= left

    def _roads_of(self, trk) -> list:
        """The track's table the driver reads at every movement point
        (heuristic_moves.drive_table), fetched once a track."""
        got = self._roads
        if got is None or got[0] is not trk:
            got = self._roads = (trk, drive_table(trk))
        return got[1]

    @staticmethod
    def _attack_from_here(race, car) -> bool:
        """A battle could be declared after stopping here (FGP 9.2 b)."""
        trk = track_of(race)
        # the cars passed freely: those on the tiles the stop rule reads, no other
        return bool(battle_targets(trk, car.space, 1, positions(race, car.seat),
                                   ahead_in_space=race.move.get("ahead"),
                                   passable=passable(race, car, near_tiles(trk, car.space), trk),
                                   round_no=race_round(race)))

    def _extend(self, race, seat, legal):
        car = race.cars[seat]
        for a in legal:
            if isinstance(a, A.Extend) and a.via == "ers" and car.ers >= 3:
                return a
            if isinstance(a, A.Extend) and a.via == "tyre_wear" and car.wear <= 2:
                return a
        for a in legal:
            if isinstance(a, A.Done):
                return a
        return _DONE

    def _attack(self, race, seat, legal):
        car = race.cars[seat]
        good = sum(C.action_card(C.content_of(race), c).leds for c in car.hand)
        atk = [a for a in legal if isinstance(a, A.Attack) and a.defender is not None]
        # FGP 15.7.1 (option): a full OT indicator may have to attack
        if atk and (car.ot >= 2 or good >= 6 or A.Attack(None) not in legal):
            return atk[0]
        return A.Attack(None)

    def _second_attempt(self, race, seat, legal):
        """[ADV] FGP 9.4.3: attack again with a hand still worth it."""
        return self._attack(race, seat, [a for a in legal if isinstance(a, A.Attack)])

    def _momentum_cards(self, race, seat, legal):
        """FGP 15.1: the play it would make on its turn, shown for the order."""
        from .rules.optional_steps_c import turn_start
        with turn_start(race, seat):
            return self._play(race, seat, legal)

    def _defend_block(self, race, seat, legal):
        """FGP 15.7.2: block with the weakest card that can (a card for a tyre wear)."""
        cards = [a for a in legal if isinstance(a, A.PlayCard)]
        return min(cards, key=lambda a: card_value(race, a.card)) if cards else legal[-1]

    def _quali_wear(self, race, seat, legal):
        """FGP 15.3: a point or two of wear while the tyres are fresh."""
        return legal[min(len(legal) - 1, 1)]

    def _quali_again(self, race, seat, legal):
        """FGP 15.3: try again only after a failed attempt left no score."""
        return A.Push(not race.cars[seat].quali_score)

    def _ot_boost(self, race, seat, legal):
        return _DONE

    def _battle_cards(self, race, seat, legal):
        content = C.content_of(race)
        leds = {c: card_info(content, c).leds for c in race.cars[seat].hand}
        # the best score, the first of equals (as max() keeps)
        best, top = None, None
        led = leds.__getitem__
        for a in legal:
            n = len(a.cards)
            # (a test, not max(0, n - 2): see cards.ers_max)
            s = sum(map(led, a.cards)) - 1.5 * (n - 2 if n > 2 else 0) - 0.5 * n
            if best is None or s > top:
                best, top = a, s
        return best

    def _battle_boost(self, race, seat, legal):
        car = race.cars[seat]
        return max(legal, key=lambda a: (a.skill, a.ers and car.ers >= 2, -len(a.events)))

    def _secondary(self, race, seat, legal):
        return next((a for a in legal if a.defender is not None), legal[-1])

    def _control(self, race, seat, legal):
        return next((a for a in legal if a.card), legal[-1])

    def _discard(self, race, seat, legal):
        return min(legal, key=lambda a: card_value(race, a.card))


_RADIO = (A.RadioKeep, A.UseRadio, A.RadioSwap)


def _done(legal):
    # (a loop: a generator left half-read costs its closing when freed)
    for a in legal:
        if isinstance(a, A.Done):
            return a
    return legal[-1]


def _count_kind(race, hand: list, kind: str) -> int:
    """How many cards of `hand` are of `kind` (a loop: a comprehension's
    cells are made at every call)."""
    facts = C.card_facts(race)
    n = 0
    for c in hand:
        if facts[c][0] == kind:
            n += 1
    return n
