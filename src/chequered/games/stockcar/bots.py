"""A heuristic team bot (seat kind `bot`).

It decides from the state without searching: which car (the one with the
most team mates linked behind it, else its rearmost racing car, so that it
can join the packs in front), which card (movement
points, plus the cars of its own team the pack would carry, minus the wear
it would take), which movement type (a pack when it carries team mates or
has a line to follow, solo when alone or when the card rewards it), each
step (forward progress first, keeping a lane that stays open, and on the
last point tucking in behind a car to build the next draft), when to pit
(temporary wear that slows the car, never a stop that would get it lapped;
always under a yellow flag) and which cards to throw away.
"""
from __future__ import annotations

from ...agents.random_agent import RandomAgent
from ...engine.drive import drive_own
from .drive import points as move_points
from .actions import KEEP_HAND, PIT_DONE, RETIRE, SOLO, Discard, Pit, PlayCard, move_type
from .rules import movement
from .rules.movement import NO_PUSH, PUSH_AHEAD
from .rules.order import leader, order_key
from .rules.turn import car_of
from .state import RACING, cars_of


# 0.2 * lane, as the float product: _step subtracts it from a whole number.
_FIFTHS = tuple(0.2 * lane for lane in range(16))
_WORST = float("-inf")            # below every score: the first option is taken


class TeamBot(RandomAgent):
    # _seen: (the move, its _all_mates) of the last card chosen, for the type
    # asked next (nothing moves between the two)
    __slots__ = ("_seen",)
    mates = True                  # whether it plays for its team mates (LoneBot: no)

    def __init__(self, seed: int = 0, fine: bool = False):
        super().__init__(seed, fine)
        self._seen = None

    def choose(self, game, state, seat):
        p = state.turn.pending
        ph = p.step if p is not None else None
        if ph == "move":
            C, T = state.tables
            return self._step(state, C.rules, T)
        return self.pick(state, seat, ph, game.legal_actions(state, seat))

    def pick(self, state, seat, ph, legal):
        """The answer to the decision `ph` (a step other than a movement
        point) from its legal list (drive.py asks it directly)."""
        C, T = state.tables
        if ph == "car":
            return self._car(state, T, seat, legal)
        if ph == "card":
            return self._card(state, C, T, legal)
        if ph == "type":
            return self._type(state, C, T, legal)
        if ph == "affect":
            return self._affect(state, T, seat, legal)
        if ph == "pits":
            return self._pit(state, T, seat, legal)
        if ph == "discard":
            return self._discard(state, C, legal)
        return legal[self.rng.below(len(legal))]

    # ---- which car --------------------------------------------------------------
    def _car(self, state, T, seat, legal):
        # The car with the most team mates linked behind it goes first (it can
        # pull them along); otherwise the rearmost, so it can join the packs
        # in front. (Against the rearmost-only rule: 64 wins to 56 and 5 %
        # more points over 120 four-team races, two bots of each kind.)
        cars = state.cars
        own = state.seat_cars[seat]
        best, top = None, None
        for a in legal:                   # the first of the highest keys, as max() picks
            number = a.car
            for i in own:                 # (a team's few cars: no dict to build)
                c = cars[i]
                if c.number == number:
                    break
            if c.status != RACING:
                continue
            mates = 0
            if self.mates:
                for i in movement.chain(state, T, c, -1):
                    if cars[i].team == seat:
                        mates += 1
            key = (mates, order_key(state, T, c))
            if best is None or key > top:
                best, top = a, key
        return legal[0] if best is None else best     # only passes left: the first

    # ---- which card -------------------------------------------------------------
    def _card(self, state, C, T, legal):
        car = state.cars[state.move["car"]]
        mates = self._all_mates(state, T, car)
        self._seen = (state.move, mates)
        worn = car.wear
        pen = movement.speed_penalty(C.rules, worn)
        worn_out = worn >= 4
        table = _card_values(C)
        best, score = None, None
        for a in legal:
            if type(a) is not PlayCard:
                continue
            mp, kind, bonus, wear = table[a.card]
            value = mp - pen + bonus
            if kind != "solo":
                own, others = mates[kind]
                value += 1.5 * own - 0.3 * others
            if wear is not None:
                value -= wear
                if worn_out:
                    value -= 2.0
            if score is None or value > score:
                best, score = a, value
        return RETIRE if best is None else best

    def _mates(self, state, T, car, kind) -> tuple[int, int]:
        """(team mates, opponents) a pack of this kind would carry along."""
        seen = self._seen
        if seen is not None and seen[0] is state.move and "kind" not in seen[0]:
            # the card of this activation was ours (STOCK Action segments 4-5:
            # the type follows the card at once, the cars still where they were)
            return seen[1][kind]
        return self._all_mates(state, T, car)[kind]

    @staticmethod
    def _all_mates(state, T, car) -> dict:
        """_mates for each pack kind, from the two linked lines read once
        (movement.pack: draft = the line in front, the car, the line behind;
        lead = the car and the line behind; pursuit = the line in front and
        the car; a car on the Apron moves alone)."""
        if car.lane == 0:
            return {"draft": (0, 0), "lead": (0, 0), "pursuit": (0, 0)}
        cars, me, team = state.cars, car.idx, car.team
        front, back = movement.lines(state, T, car)     # walked once an activation
        a = c = 0
        for i in front:
            if i != me and cars[i].team == team:
                a += 1
        for i in back:
            if i != me and cars[i].team == team:
                c += 1
        b, d = len(front) - a, len(back) - c
        return {"pursuit": (a, b), "lead": (c, d), "draft": (a + c, b + d)}

    # ---- which movement type ----------------------------------------------------------
    def _type(self, state, C, T, legal):
        car = state.cars[state.move["car"]]
        printed = C.card_move[state.move["card"]]
        own, others = self._mates(state, T, car, printed)
        if C.card_effect[state.move["card"]] == "clean_air" and own == 0:
            return SOLO
        if own or others and printed in ("pursuit", "draft"):
            return move_type(printed)
        return SOLO if SOLO in legal else legal[0]

    # ---- each step ----------------------------------------------------------------
    def _step(self, state, R, T):
        return best_step(state, R, T)[0]

    # ---- a whole move at once ---------------------------------------------------------
    def drive(self, game, state, seat):
        """The whole move choose() would make point by point, applied in
        place (engine/play.py asks it of the bots that have it): the
        movement points by drive.points, the rest by engine/drive."""
        return drive_own(game.machine, state, seat, self.pick, "move", move_points, _STEPS)

    # ---- events, pits, discards ---------------------------------------------------------
    def _affect(self, state, T, seat, legal):
        by_number = {c.number: c for c in cars_of(state, seat)}
        # Spare the best-placed car: the event hits the one furthest back.
        return max(legal, key=lambda a: order_key(state, T, by_number[a.car]))

    def _pit(self, state, T, seat, legal):
        lead = False                      # the leader, found when a stop is worth it
        for a in legal:
            if not isinstance(a, Pit):
                continue
            car = car_of(state, seat, a.car)
            temp = sum(car.temp)
            if state.yellow:
                return a
            if temp >= 3 or (car.wear >= 4 and temp >= 2):
                if lead is False:
                    lead = leader(state, T)
                lapped_after = lead is not None and lead.dist - (car.dist - T.pit_loss) >= T.n - 2
                if not lapped_after:
                    return a
        return PIT_DONE

    def _discard(self, state, C, legal):
        for a in legal:
            if isinstance(a, Discard) and C.card_mp[a.card] <= 4 and C.card_wear[a.card]:
                return a
        return KEEP_HAND


class LoneBot(TeamBot):
    """Seat kind `loner`: the same bot blind to its team, for studies of team
    drafting: a team mate counts as any other car when it picks a car, a card
    and a movement type."""

    __slots__ = ()
    mates = False

    @staticmethod
    def _all_mates(state, T, car) -> dict:
        return {kind: (0, own + others)
                for kind, (own, others) in TeamBot._all_mates(state, T, car).items()}


_CARD_VALUES: dict = {}


def _card_values(C) -> dict:
    """Per Race card what TeamBot._card reads of it, once per content:
    (MP, printed type, 1 for a solo clean-air card, the score its wear
    costs: 2.5 for permanent wear, 1.0 for temporary, None for none)."""
    hit = _CARD_VALUES.get(id(C))
    if hit is None or hit[0] is not C:
        table = {}
        for k in C.card_ids:
            kind, wear = C.card_move[k], C.card_wear[k]
            table[k] = (C.card_mp[k], kind,
                        1 if kind == "solo" and C.card_effect[k] == "clean_air" else 0,
                        None if wear is None else 2.5 if wear in ("engine", "body") else 1.0)
        hit = _CARD_VALUES[id(C)] = (C, table)
    return hit[1]


def best_step(state, R, T, M=None):
    """The bot's next step of the move in progress, as its entry of
    movement.options: (step, cost, kind of push, data, slot); None when no
    step is legal. Forward progress first, keeping a lane that stays open,
    and on the last point tucking in behind a car to build the next draft.
    `M`: movement.moves(R, T), when the caller has it (drive.py)."""
    if M is None:
        M = movement.moves(R, T)
    first = forward_first(M.costs)
    # When a forward step enters an empty space on the track, it outscores
    # every sideways step and push (_forward_first): the legal list begins
    # with the forward steps (on the Apron they are the whole list).
    options = state.cache                 # the legal list, when worked out already
    if options is None:
        # the forward steps alone, when one of them enters an empty space
        # (most points): the sideways steps and pushes are not worked out
        options = movement.forward_steps(state, T, M)
        for o in options:
            if o[2] == NO_PUSH and first:
                break
        else:
            movement.sideways_steps(state, T, M, options)
        if not options:
            return None
    if len(options) == 1:
        return options[0]                 # nothing to weigh
    if first:
        o = options[0]
        step = o[0]
        if o[2] == NO_PUSH and step.ahead and step.lane and not options[1][0].ahead:
            return o                      # the one forward step, into an empty space
    m = state.move
    mp = m["mp"]
    occ, ahead_of, fwd_slots = state.occ, T.ahead, T.fwd_slots
    best, score = None, _WORST
    for o in options:
        step, cost, push, _, k = o             # k: the slot the head enters
        ahead, lane = step.ahead, step.lane
        # The score is 10 per space ahead less 2 per MP, the bonuses below,
        # less 0.2 per lane and 3 for a push ahead, added in that order.
        # Whole numbers (exact as ints or floats) until the lane's
        # fifth, so every score is the same float as summed in floats.
        value = 10 * ahead - 2 * cost
        if lane:
            if mp > cost:
                for _, k2 in fwd_slots[k]:
                    if occ[k2] == -1:
                        value += 3            # room to keep going
                        break
            else:
                k2 = ahead_of[k]
                if k2 >= 0 and occ[k2] != -1:
                    value += 4                # end tucked in: a draft next time
            if lane == 1 and not ahead and state.cars[m["snake"][0]].lane == 0:
                value += 9                    # leave the Apron (the head is on it)
            value -= _FIFTHS[lane]            # stay low, the restart lanes
        if push == PUSH_AHEAD:
            value -= 3.0
        if value > score:                     # the first of the best, as max() picks
            best, score = o, value
    return best


def free_steps(M):
    """Per slot of the track (movement.Moves.lone), the lone forward step
    there, which best_step takes unweighed whenever it enters an empty
    space (it is then the only step worked out): at these costs such a step
    outscores every other one (forward_first); None when it does not."""
    return M.lone if forward_first(M.costs) else None


_STEPS = (best_step, free_steps)          # drive.points's bot


_FORWARD_FIRST: dict = {}


def forward_first(K) -> bool:
    """_forward_first(K), worked out once per Costs object."""
    first = _FORWARD_FIRST.get(K)         # (keyed by the Costs object itself)
    if first is None:
        first = _FORWARD_FIRST[K] = _forward_first(K)
    return first


def _forward_first(K) -> bool:
    """Whether, at these step costs (movement.Costs), best_step scores a
    forward step into an empty space on the track above every other step
    from there: the lowest such score (on lane 15, no bonus) against the
    highest of a sideways step, a push aside (a bonus of 4, lane 1; the
    Apron's +9 is for a head on the Apron) and a push ahead."""
    worst_free = 10 - 2 * K.forward - _FIFTHS[15]
    best_other = max(4 - 2 * min(K.sideways, K.aside) - _FIFTHS[1],
                     10 - 2 * K.ahead + 4 - _FIFTHS[1] - 3.0)
    return worst_free > best_other


# The stock-car seat kinds besides human and random, and the agent each one
# gets (seeded as the races have always been: seed * 1000 + seat). The one
# list: the config's seat kinds and the spec's agents both read it.
AGENTS = {"bot": lambda seat, seed: TeamBot(seed * 1000 + seat),
          "loner": lambda seat, seed: LoneBot(seed * 1000 + seat)}
