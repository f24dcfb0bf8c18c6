"""Information-set Monte Carlo tree search (IS-MCTS): the `mcts` seat kind.

Written once, against the Game protocol, for every game:

- Every iteration plays a race to its end (or `horizon` steps) from a
  *determinization*: `game.redeterminize(state, seat, rng)`, a copy in which
  everything the seat cannot see (the others' hands, deck orders, future
  dice) is drawn afresh. The search never reads the real state's hidden part:
  it only asks the real state for the seat's own legal list.
- The tree holds the searching seat's own decisions; the other seats, in the
  tree and in the rollouts, are played by their own bot kinds (people by
  the game's fast default bot, its benchmark seat kind), and the seat
  itself once out of the tree by that default bot, unless the game names
  a stronger one for it (GameSpec.search_bot: Bolide's expert). A node is
  the seat's information set as far as the search tells them apart: the
  path of its own choices. So what the others
  do, face down or in the open, and whatever chance brings is averaged over,
  never branched on; that is also how simultaneous secret choices are
  handled: at a concurrent step the seat's statistics never depend on what
  the others chose at the same time, even where the engine applies their
  choices first.
- Others: rollouts play each bot seat by its own kind, since seat kinds
  are public at the table (GameSpec.search_others = "seats"; "rollout":
  all by the fast rollout bot); people and other searches are modelled by
  the rollout bot. Against five Bolide experts, seeds 1-38, the search at
  40 iterations with experts in its rollouts placed 2.92 on average, and
  3.82 at 100 iterations with club bots in their seats (a paired Wilcoxon
  p of 0.002), at about the same CPU time a decision (0.92 s and 0.76 s).
- Depth: a game may stop the tree after the seat's first `depth` decisions
  of an iteration (GameSpec.search_depth), the rest being its bot's, so
  that a small budget is not spread over random second moves.
- Selection is UCB1 with availability counts (an action's exploration term
  counts only the visits in which it was legal), expansion one new action an
  iteration, picked at random among those not tried yet.
- Whole moves: for games that offer moves as routes (engine/routes.py), the
  tree branches on the legal list as the game offers it, one whole move a
  decision, like a player at the table; a fine step would make the tree many
  times deeper for the same race and spread the budget over partial moves
  whose worth only shows at their end. The rollout bots play their moves
  point by point in place (engine/play.py drives them).
- Choice: the most visited action, unless the seat's own bot's move (asked
  once a decision, in a world drawn like the search's) is within the noise
  of it: another must beat it by GameSpec.search_anchor standard errors
  (_rate; GameSpec.search_anchor_pooled: each action's variance at least
  the root's pooled one). Without that anchor a small budget spread over many moves let
  noise decide: in Bolide the search asked for Booster after Booster (each
  a die roll for damage); in the stock-car game it came last in 2 races of
  2, against 5 wins in 5 with a one-error anchor. Race Pace's bot is weak
  and its lists short, and there the anchor only holds the search back:
  seeds 1-40 at 350 iterations won 31 races without it, 26 with a
  one-error anchor and 17 with a two-error one; it sets none.
- Reward: 1 for first place, 0 for last, linear in between, from the result,
  or from the running order (Game.standings of a spectator's view) when a
  rollout stops at its horizon; a game that can say how far apart its
  running seats are (GameSpec.search_value: Bolide's turns to go, the
  stock-car teams' points as things stand, FormulaGP's distance less its
  penalties) turns that order into a smooth share of the others beaten, so
  that moves which keep the place but lose time still score lower.

Two ways to spend the budget (`mode`): "observer", single-observer IS-MCTS,
one tree and a fresh determinization every iteration; "ensemble", a
determinized ensemble, `worlds` determinizations drawn once, each searched
by its own tree with its dice fixed, the root visits summed. benchmarks/
mcts_strength.py --modes compares them; docs/search.md gives the figures.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass

from ..engine.play import play
from ..engine.rng import Rng
from .search_kind import KIND, Budget, parse_budget

UCB_C = 0.7                 # exploration; rewards lie in [0, 1]
# A rollout's length in steps, for each seat: a FormulaGP race to the end
# costs ~0.2 s of the bots' play, far too much to search by; 20 steps a seat
# (a few turns each) then the running order is the bound (None: to the end).
HORIZON_PER_SEAT = 20
ENSEMBLE_WORLDS = 8
# With a search value (place_reward): the share of the reward for the seat's
# own value, and the value span (about turns) over which it fades to e^-1
OWN, OWN_SPAN = 0.1, 20.0
# The least gain in mean reward for which the search leaves its bot's move
# (when every rollout scores alike the standard error alone is about 0)
ANCHOR_MARGIN = 0.01
# The fewest worlds a paired comparison of two moves plays (Search.paired)
MIN_PAIRS = 8
MODES = ("observer", "ensemble")
OTHERS = ("rollout", "seats")


class Node:
    """The seat's statistics at one of its information sets: for every
    action, [visits, reward sum, availability], and the node after it."""

    __slots__ = ("stats", "children")

    def __init__(self):
        self.stats: dict = {}
        self.children: dict = {}


@dataclass(frozen=True, slots=True)
class Rated:
    """One legal action at the root: how often the search tried it and its
    mean reward (1 = first place, 0 = last; None when never tried)."""

    action: object
    visits: int
    value: float | None


@dataclass(slots=True)
class SearchResult:
    rated: list[Rated]             # every legal action, the search's choice first
    iterations: int
    seconds: float

    @property
    def best(self):
        return self.rated[0].action

    def of(self, action) -> Rated | None:
        for r in self.rated:
            if r.action == action:
                return r
        return None


class _Horizon(Exception):
    """A rollout reached its horizon (raised from play's step callback)."""


def rollout_kind(game) -> str:
    """The game's fast default bot: the first of its benchmark seats."""
    from ..bench import bench_seats
    return bench_seats(game).split(",")[0]


class Search:
    """One search configuration; `run(state, rng)` searches a decision."""

    def __init__(self, game, seat: int, budget: Budget = Budget(), *, mode: str = "observer",
                 worlds: int = ENSEMBLE_WORLDS, c: float = UCB_C, horizon: int | None | str = "auto",
                 rollout: str | None = None, own: str | None = None,
                 anchor: float | None | str = "game", depth: int | None | str = "game",
                 others: str = "game"):
        if mode not in MODES:
            raise ValueError(f"mode must be one of {', '.join(MODES)}")
        self.game = game
        self.seat = seat
        self.budget = budget
        self.mode = mode
        self.worlds = worlds
        self.c = c
        self.horizon = horizon          # "auto": HORIZON_PER_SEAT steps a seat
        # the seat's decisions an iteration takes from the tree (None: no
        # limit; "game": the game's GameSpec.search_depth)
        self.depth = game.spec.search_depth if depth == "game" else depth
        # how rollouts play the other seats: "rollout", all by the rollout
        # bot; "seats", each bot seat by its own kind (seat kinds are public
        # at the table), people and searches by the rollout bot
        self.others = game.spec.search_others if others == "game" else others
        if self.others not in OTHERS:
            raise ValueError(f"others must be one of {', '.join(OTHERS)}")
        self.rollout = rollout or rollout_kind(game)
        # the searching seat's own bot, in rollouts and as the anchor
        self.own = own or (None if rollout else game.spec.search_bot) or self.rollout
        # standard errors a move must beat the own bot's by (None: no anchor;
        # "game": the game's GameSpec.search_anchor)
        self.anchor = game.spec.search_anchor if anchor == "game" else anchor
        self.pooled = game.spec.search_anchor_pooled

    def run(self, state, rng: Rng, include: tuple = ()) -> SearchResult:
        """Search the seat's decision in `state`. `include`: actions to rate
        beside the legal list (a move a record holds as single steps, for
        the analysis), tried at the root like any legal action."""
        game, seat = self.game, self.seat
        legal = list(game.legal_actions(state, seat))
        legal += [a for a in include if a not in legal]
        t0 = time.perf_counter()
        iterations, seconds = self.budget.iterations, self.budget.seconds
        deadline = t0 + seconds if seconds is not None else None
        if self.mode == "observer":
            roots, fixed = [Node()], None
        else:
            roots = [Node() for _ in range(self.worlds)]
            fixed = [game.redeterminize(state, seat, rng) for _ in range(self.worlds)]
        default = self._bot_move(state, rng, legal) if self.anchor is not None else None
        n = 0
        while True:
            if iterations is not None and n >= iterations:
                break
            if deadline is not None and n > 0 and time.perf_counter() >= deadline:
                break
            if fixed is None:
                world, root = game.redeterminize(state, seat, rng), roots[0]
            else:
                world, root = game.clone(fixed[n % len(fixed)]), roots[n % len(fixed)]
            self._iterate(world, root, rng, legal)
            n += 1
        return SearchResult(_rate(legal, roots, default, self.anchor, self.pooled), n,
                            time.perf_counter() - t0)

    def _bot_move(self, state, rng: Rng, legal: list):
        """What the seat's own bot would play here, asked in a world drawn as
        the search's are (it sees no more than the seat does); None if that
        is not one of the legal actions (a bot answering single steps)."""
        world = self.game.redeterminize(state, self.seat, rng)
        bot = self.game.make_agent(self.own, self.seat, rng.next64() >> 33)
        move = bot.choose(self.game, world, self.seat)
        return move if move in legal else None

    def _kinds(self, seats) -> list[str]:
        """The bot kind each seat is played by in a rollout."""
        bots = self.game.spec.agents
        return [self.own if s == self.seat
                else kind if self.others == "seats" and (kind in bots or kind == "random")
                else self.rollout for s, kind in enumerate(seats)]

    def paired(self, state, rng: Rng, a, b, pairs: int = 0,
               seconds: float | None = None) -> list[tuple[float, float]]:
        """(reward after `a`, reward after `b`) for `pairs` worlds (or as
        many as `seconds` allow, at least MIN_PAIRS): each pair plays both
        moves in the same determinization with the same bots' seeds, so that
        luck common to both cancels out of their difference (common random
        numbers); the seat's own bot plays on after the move."""
        game, seat = self.game, self.seat
        deadline = time.perf_counter() + seconds if seconds is not None else None
        out: list[tuple[float, float]] = []
        while len(out) < max(pairs, MIN_PAIRS) or (
                deadline is not None and time.perf_counter() < deadline):
            world = game.redeterminize(state, seat, rng)
            seed = rng.next64() >> 33
            ra = self._iterate(game.clone(world), Node(), rng, [a], seed)
            rb = self._iterate(world, Node(), rng, [b], seed)
            out.append((ra, rb))
        return out

    def _iterate(self, world, root: Node, rng: Rng, legal: list, seed: int | None = None) -> float:
        game, seat = self.game, self.seat
        if seed is None:
            seed = rng.next64() >> 33
        n = len(world.config.seats)
        kinds = self._kinds(world.config.seats)
        agents = {s: game.make_agent(kinds[s], s, seed) for s in range(n)}
        walker = _Walker(root, legal, agents, seat, self.c, rng, self.depth)
        agents[seat] = walker
        on_step = None
        horizon = HORIZON_PER_SEAT * n if self.horizon == "auto" else self.horizon
        if horizon is not None:
            left = [horizon]

            def on_step(*_):
                left[0] -= 1
                if left[0] <= 0:
                    raise _Horizon
        try:
            play(game, None, 0, agents=agents, state=world, on_step=on_step)
        except _Horizon:
            pass
        reward = place_reward(game, world, seat)
        for node, action in walker.path:
            st = node.stats[action]
            st[0] += 1
            st[1] += reward
            st[3] += reward * reward
        return reward


class _Walker:
    """The searching seat's agent during one iteration: down the tree by
    UCB, then (after one new action) the rollout bot."""

    __slots__ = ("node", "root_legal", "bot", "agents", "seat", "c", "rng", "path", "depth")

    def __init__(self, root: Node, root_legal: list, agents: dict, seat: int, c: float,
                 rng: Rng, depth: int | None = None):
        self.node = root
        self.root_legal = root_legal
        self.bot = agents[seat]
        self.agents = agents
        self.seat = seat
        self.c = c
        self.rng = rng
        self.path: list = []
        self.depth = depth

    def choose(self, game, state, seat):
        node = self.node
        if node is None:
            # out of the tree: the bot takes the seat back (and play() then
            # drives its whole moves in place, as in any bulk race)
            self.agents[seat] = self.bot
            return self.bot.choose(game, state, seat)
        legal = self.root_legal if not self.path else game.legal_actions(state, seat)
        stats = node.stats
        untried = []
        for a in legal:
            st = stats.get(a)
            if st is None:
                st = stats[a] = [0, 0.0, 0, 0.0]
            st[2] += 1
            if st[0] == 0:
                untried.append(a)
        if untried:
            action = untried[self.rng.below(len(untried))]
            self.node = None
        else:
            c, best = self.c, -1.0
            action = legal[0]
            for a in legal:
                v, w, avail, _ = stats[a]
                score = w / v + c * math.sqrt(math.log(avail) / v)
                if score > best:
                    best, action = score, a
            if self.depth is not None and len(self.path) + 1 >= self.depth:
                self.node = None      # the tree ends here: the rest is a rollout
            else:
                child = node.children.get(action)
                if child is None:
                    child = node.children[action] = Node()
                self.node = child
        self.path.append((node, action))
        return action


def place_reward(game, state, seat: int) -> float:
    """1 for first place, 0 for last: from the result of a finished race,
    else from the running order a spectator sees, refined by the game's
    search value where it has one (the share of the others the seat beats,
    each pair of running seats weighed by how far apart their values are)."""
    n = len(state.config.seats)
    if n <= 1:
        return 1.0
    if game.is_over(state):
        order = game.result(state).classification
    else:
        order = [s.seat for s in game.standings(game.view(state, None))]
    places: list = []
    for s in order:
        if s is not None and s not in places:
            places.append(s)
    place = places.index(seat) if seat in places else n - 1
    value = game.spec.search_value
    values = value(state) if value is not None and not game.is_over(state) else None
    if not values or seat not in values:
        return 1.0 - place / (n - 1)
    mine, beaten = values[seat], 0.0
    for other in range(n):
        if other == seat:
            continue
        theirs = values.get(other)
        if theirs is not None:
            beaten += 1.0 / (1.0 + math.exp(max(-50.0, min(50.0, theirs - mine))))
        else:                     # finished or out of the race: the order ranks it
            where = places.index(other) if other in places else n - 1
            beaten += where > place
    # and a little for the seat's own progress: a car out of reach of every
    # other still has its finish to drive to, and without this all its moves
    # score the same
    return (1 - OWN) * beaten / (n - 1) + OWN * math.exp(mine / OWN_SPAN)


def _rate(legal: list, roots: list[Node], default=None, z: float | None = 1.0,
          pooled: bool = False) -> list[Rated]:
    """Every action's figures, the search's choice first: the most visited
    (ties: the better mean, then the legal list's order), unless `default`
    (the seat's own bot's move) is within the noise of it: a move is
    preferred to the bot's only if its mean is higher by more than `z`
    standard errors of the difference, and by at least ANCHOR_MARGIN.
    `pooled`: each action's variance is taken as at least the pooled one of
    every rollout at the root, since one or two rollouts of a move show no
    spread (a Bolide search at 100 iterations over thirty moves otherwise
    left the expert's move for one lucky rollout)."""
    rated, moments = [], {}
    n_all, sum_all, sq_all = 0, 0.0, 0.0
    for a in legal:
        visits, total, squares = 0, 0.0, 0.0
        for root in roots:
            st = root.stats.get(a)
            if st is not None:
                visits += st[0]
                total += st[1]
                squares += st[3]
        mean = total / visits if visits else None
        rated.append(Rated(a, visits, mean))
        if visits:
            moments[a] = (visits, max(0.0, squares / visits - mean * mean))
            n_all, sum_all, sq_all = n_all + visits, sum_all + total, sq_all + squares
    order = sorted(range(len(rated)), key=lambda i: (
        -rated[i].visits, -(rated[i].value if rated[i].value is not None else -1.0), i))
    out = [rated[i] for i in order]
    top = out[0]
    if default is not None and top.action != default and top.visits:
        kept = next(r for r in out if r.action == default)
        if not kept.visits:
            return out
        floor = max(0.0, sq_all / n_all - (sum_all / n_all) ** 2) if pooled else 0.0
        se = math.sqrt(sum(max(var, floor) / n for n, var in (moments[top.action],
                                                               moments[default])))
        if top.value - kept.value > max(ANCHOR_MARGIN, (z or 0.0) * se):
            return out
        out.remove(kept)
        out.insert(0, kept)
    return out


class MctsAgent:
    """The `mcts` seat kind: a Search a decision, with its own generator
    (seeded from the race's seed and the seat), so that with an iteration
    budget the same race gives the same choices."""

    def __init__(self, game, seat: int, seed: int, budget: Budget = Budget(), **options):
        self.kind = KIND
        self.rng = Rng(seed * 1000 + seat).spawn(KIND)
        self.search = Search(game, seat, budget, **options)
        self.last: SearchResult | None = None

    def choose(self, game, state, seat):
        legal = game.legal_actions(state, seat)
        if len(legal) == 1:
            return legal[0]
        self.last = self.search.run(state, self.rng)
        return self.last.best


def search_agent(game, kind: str, seat: int, seed: int) -> MctsAgent:
    """The agent for a seat kind `mcts`, `mcts:500` or `mcts:2s`."""
    return MctsAgent(game, seat, seed, parse_budget(kind))
