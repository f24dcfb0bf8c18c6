"""The search bot (agents/mcts.py): deterministic under a seed, blind to what
its seat cannot see, and able to play whole races in every interface."""
from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from chequered.agents.mcts import MctsAgent, Search
from chequered.agents.search_kind import Budget
from chequered.cli import app
from chequered.engine import registry
from chequered.engine.play import agents_for, play
from chequered.engine.records import Record, replay
from chequered.engine.rng import Rng


def position(name: str, seats: list[str], seed: int, seat: int, skip: int = 0):
    """The race after the bots played until `seat` has a real choice (and
    `skip` such choices more)."""
    game = registry.game(name)
    config = game.config(seats=seats)
    state = game.new(config, seed)
    agents = agents_for(game, config, seed)
    while True:
        f = game.forced(state)
        if f is not None:
            game.apply(state, *f)
            continue
        s = min(game.to_act(state))
        if s == seat and len(game.legal_actions(state, s)) > 1:
            if skip == 0:
                return game, state
            skip -= 1
        game.apply(state, s, agents[s].choose(game, state, s))


def figures(result):
    return [(r.action, r.visits, r.value) for r in result.rated]


@pytest.mark.parametrize("mode", ["observer", "ensemble"])
def test_same_seed_same_search(mode):
    game, state = position("racepace", ["random"] + ["bot"] * 5, 3, 0, skip=2)
    before = game.state_hash(state)
    runs = [Search(game, 0, Budget(40), mode=mode, worlds=4).run(state, Rng(5)) for _ in range(2)]
    assert figures(runs[0]) == figures(runs[1])
    assert runs[0].iterations == 40 == sum(r.visits for r in runs[0].rated)
    assert game.state_hash(state) == before                   # the search works on copies
    other = Search(game, 0, Budget(40), mode=mode, worlds=4).run(state, Rng(6))
    assert figures(other) != figures(runs[0])                 # the seed does matter


def test_a_seconds_budget_stops_in_time():
    game, state = position("racepace", ["random"] + ["bot"] * 5, 3, 0)
    res = Search(game, 0, Budget(None, 0.2)).run(state, Rng(1))
    assert res.iterations >= 1 and res.seconds < 5


def _canonical(real):
    """Stock car's redeterminize fed a canonical copy: the hidden cards (the
    other hands and both draw piles) put in one fixed order first, so that two
    positions the seat cannot tell apart give the very same determinizations."""
    def redeterminize(state, seat, rng):
        c = state.clone()
        c.hands = [list(h) for h in c.hands]
        others = [i for i in range(len(c.hands)) if i != seat]
        pool = sorted(c.deck.pile + [card for i in others for card in c.hands[i]])
        k = 0
        for i in others:
            n = len(c.hands[i])
            c.hands[i], k = pool[k:k + n], k + n
        c.deck.pile = pool[k:]
        c.events.pile = sorted(c.events.pile)
        return real(c, seat, rng)
    return redeterminize


def test_the_search_never_sees_the_others_hands(monkeypatch):
    game, a = position("stockcar", ["bot"] * 4, 2, 0)
    real = game.redeterminize
    b = real(a, 0, Rng(99))          # the same race as seat 0 sees it; hands, piles, dice differ
    assert a.hands[0] == b.hands[0] and a.hands[1:] != b.hands[1:]
    assert game.view(a, 0) == game.view(b, 0)

    def search(state):
        return figures(Search(game, 0, Budget(24)).run(state, Rng(5)))
    monkeypatch.setattr(game, "redeterminize", _canonical(real))
    assert search(a) == search(b)
    # The check has teeth: a bot that read the real state would tell them apart.
    monkeypatch.setattr(game, "redeterminize", lambda state, seat, rng: state.clone())
    assert search(a) != search(b)


def test_a_concurrent_secret_step_is_searched():
    # FormulaGP's qualifying cards are chosen by every seat at once, face down.
    game, state = position("formulagp", ["mcts", "heuristic", "heuristic"], 4, 0)
    step = game.pending_step(state)
    assert step.concurrent and step.secret and len(game.to_act(state)) > 1
    res = Search(game, 0, Budget(6), horizon=20).run(state, Rng(2))
    legal = game.legal_actions(state, 0)
    assert res.best in legal and sum(r.visits for r in res.rated) == 6


def test_a_race_with_search_seats_is_the_same_race_again():
    game = registry.game("racepace")
    config = game.config(seats=["mcts:6", "mcts:6", "bot", "bot"])
    runs = [play(game, config, 11) for _ in range(2)]
    assert [a for a in runs[0].actions] == [a for a in runs[1].actions]
    assert game.is_over(runs[0].state)
    agent = game.make_agent("mcts:6", 0, 11)
    assert isinstance(agent, MctsAgent)


def test_terminal_race_with_a_person_and_search_bots(tmp_path):
    rec = tmp_path / "race.json"
    res = CliRunner().invoke(app, ["race", "racepace", "--seats", "human,mcts:5,mcts:5,bot,bot,bot",
                                   "--seed", "4", "--record", str(rec)], input="1\n" * 400)
    assert res.exit_code == 0, res.output
    record = Record.load(rec)
    game = registry.game("racepace")
    assert game.is_over(replay(record))
    assert {s for s, _ in record.actions} >= {0, 1, 2}


def test_bench_takes_a_budget():
    res = CliRunner().invoke(app, ["bench", "racepace", "--seats", "mcts:1,bot,bot",
                                   "--races", "1", "--repeats", "1", "--json"])
    assert res.exit_code == 0, res.output
    assert json.loads(res.output)[0]["seats"] == "mcts:1,bot,bot"


# ---- the reward when a rollout stops before the end ---------------------------------------------
class _Standing:
    def __init__(self, seat):
        self.seat = seat


class _Spec:
    def __init__(self, search_value):
        self.search_value = search_value


class _MidRace:
    """Four seats running in the order 0, 1, 2, 3 (seat 3 out of the race)."""

    def __init__(self, values):
        self.spec = _Spec(None if values is None else (lambda state: values))

    def is_over(self, state):
        return False

    def view(self, state, seat):
        return None

    def standings(self, view):
        return [_Standing(s) for s in (0, 1, 2, 3)]


class _Seats:
    class config:
        seats = ["a", "b", "c", "d"]


def test_without_a_search_value_the_reward_is_the_place():
    from chequered.agents.mcts import place_reward
    game = _MidRace(None)
    assert [place_reward(game, _Seats, s) for s in range(4)] == pytest.approx([1, 2 / 3, 1 / 3, 0])


def test_a_search_value_turns_the_place_into_a_share_of_the_others_beaten():
    import math

    from chequered.agents.mcts import OWN, OWN_SPAN, place_reward

    def share_and_own(share, mine):
        return (1 - OWN) * share + OWN * math.exp(mine / OWN_SPAN)

    # seats 1 and 2 run side by side (equal values): each beats the other half the
    # time; seat 0 is far ahead of both; seat 3 (no value: out) is beaten by all
    level = _MidRace({0: -10.0, 1: -30.0, 2: -30.0})
    assert place_reward(level, _Seats, 1) == pytest.approx(share_and_own(1.5 / 3, -30.0))
    assert place_reward(level, _Seats, 0) == pytest.approx(share_and_own(1.0, -10.0))
    # one turn more to go is worth less, even in the same place of the order
    behind = _MidRace({0: -10.0, 1: -31.0, 2: -30.0})
    assert place_reward(behind, _Seats, 1) < place_reward(level, _Seats, 1)
    assert place_reward(behind, _Seats, 2) > place_reward(level, _Seats, 2)
    # out of reach of every other car, a car still scores its own progress
    alone = _MidRace({0: -10.0, 1: -60.0, 2: -70.0})
    nearer = _MidRace({0: -10.0, 1: -55.0, 2: -70.0})
    assert share_and_own(2 / 3, -60.0) == pytest.approx(place_reward(alone, _Seats, 1), abs=1e-4)
    assert place_reward(alone, _Seats, 1) < place_reward(nearer, _Seats, 1)


def test_bolide_search_value_is_turns_to_go_and_falls_as_a_car_advances():
    from chequered.games.bolide.search_value import search_value
    game, start = position("bolide", ["club"] * 6, 3, 0)
    first = search_value(start)
    game, later = position("bolide", ["club"] * 6, 3, 0, skip=6)
    then = search_value(later)
    assert set(first) == set(range(6))
    assert all(v < 0 for v in first.values())          # minus the turns still to go
    assert then[0] > first[0] + 3                       # six turns on, several turns nearer


def _root(figures):
    """A root whose actions have these (visits, rewards) ."""
    from chequered.agents.mcts import Node
    root = Node()
    for action, rewards in figures.items():
        root.stats[action] = [len(rewards), sum(rewards), len(rewards),
                              sum(r * r for r in rewards)]
    return root


def test_the_bot_move_is_kept_unless_another_is_clearly_better():
    from chequered.agents.mcts import _rate
    noisy = _root({"gamble": [1, 0, 1, 0, 1, 0, 1, 1, 0, 1, 0, 1],    # 12 visits, mean .58
                   "bot": [1, 0, 0, 1, 0, 1, 1, 0, 0, 1]})             # 10 visits, mean .50
    assert _rate(["gamble", "bot"], [noisy])[0].action == "gamble"     # no anchor: visits
    assert _rate(["gamble", "bot"], [noisy], "bot")[0].action == "bot"
    clear = _root({"better": [0.9] * 12 + [0.8] * 12, "bot": [0.3, 0.4] * 5})
    assert _rate(["better", "bot"], [clear], "bot")[0].action == "better"
    # a lost race: every rollout scores about nothing, and no spread says so
    lost = _root({"gamble": [0.004] * 10, "bot": [0.0] * 10})
    assert _rate(["gamble", "bot"], [lost], "bot")[0].action == "bot"
    # never tried: nothing to weigh it by
    assert _rate(["better", "bot"], [_root({"better": [0.5] * 3})], "bot")[0].action == "better"


def test_bolide_search_value_counts_damage_as_turns_lost():
    # BOLIDE 7: a Booster's damage lowers the car's top speed for the rest of the race
    from chequered.games.bolide.search_value import search_value
    game, state = position("bolide", ["club"] * 6, 3, 0, skip=4)
    hurt = game.clone(state)
    hurt.cars[0].damage = 3
    assert search_value(hurt)[0] < search_value(state)[0]
    assert search_value(hurt)[1] == search_value(state)[1]


def test_bolide_searches_with_the_expert_in_its_own_seat_and_club_bots_for_the_others():
    game, state = position("bolide", ["club"] * 6, 5, 2, skip=3)
    search = Search(game, 2, Budget(iterations=4))
    assert (search.rollout, search.own) == ("club", "expert")
    made = []
    real = game.make_agent

    def spy(kind, seat, seed):
        made.append((kind, seat))
        return real(kind, seat, seed)

    game.make_agent = spy
    try:
        search.run(state, Rng(1))
    finally:
        del game.make_agent
    assert {k for k, s in made if s == 2} == {"expert"}
    assert {k for k, s in made if s != 2} == {"club"}
    # the anchor is the expert's move (Bolide hides nothing: every world is the race)
    expert = real("expert", 2, 0).choose(game, game.clone(state), 2)
    assert search._bot_move(state, Rng(2), game.legal_actions(state, 2)) == expert
    # a game that names none plays its own seat with the rollout bot
    rp = registry.game("racepace")
    assert Search(rp, 0).own == Search(rp, 0).rollout
    # naming the rollout bot names the seat's own bot too, unless told otherwise
    assert Search(game, 2, rollout="club").own == "club"


def test_each_game_sets_how_clearly_a_move_must_beat_its_bot():
    anchors = {n: Search(registry.game(n), 0).anchor
               for n in ("racepace", "bolide", "formulagp", "stockcar")}
    assert anchors == {"racepace": None, "bolide": 2.0, "formulagp": 1.0, "stockcar": 1.0}
    assert Search(registry.game("bolide"), 0).pooled
    assert not Search(registry.game("stockcar"), 0).pooled
    assert Search(registry.game("racepace"), 0, anchor=1.5).anchor == 1.5
    # a move about 1.75 errors better than the bot's passes one error, not two
    from chequered.agents.mcts import _rate
    root = _root({"other": [0.9, 0.1] * 50, "bot": [0.8, 0.0] * 50})
    assert _rate(["other", "bot"], [root], "bot", 1.0)[0].action == "other"
    assert _rate(["other", "bot"], [root], "bot", 2.0)[0].action == "bot"
    assert _rate(["other", "bot"], [root], "bot", None)[0].action == "other"
    # a bot's move tried twice with the same reward shows no spread of its
    # own; the pooled variance of the root gives it one
    few = _root({"other": [1.0] * 20 + [0.0] * 4, "bot": [0.4, 0.4]})
    assert _rate(["other", "bot"], [few], "bot", 2.0)[0].action == "other"
    assert _rate(["other", "bot"], [few], "bot", 2.0, pooled=True)[0].action == "bot"


def test_a_depth_limit_keeps_the_tree_to_the_seats_first_decisions():
    game, state = position("racepace", ["random"] + ["bot"] * 5, 3, 0, skip=1)
    seen = []

    def grab(depth):
        search = Search(game, 0, Budget(60), depth=depth)
        real = search._iterate

        def spy(world, root, rng, legal):
            seen.append(root)
            return real(world, root, rng, legal)
        search._iterate = spy
        return search.run(state, Rng(4))

    def deepest(node):
        return 1 + max((deepest(c) for c in node.children.values()), default=0)

    grab(None)
    assert deepest(seen[-1]) > 1                  # unlimited: the tree grows past the root
    res = grab(1)
    assert deepest(seen[-1]) == 1 and not seen[-1].children
    assert res.iterations == 60 == sum(r.visits for r in res.rated)
    # a game's own setting is the default; none of them limits it yet
    assert {n: Search(registry.game(n), 0).depth
            for n in ("racepace", "bolide", "formulagp", "stockcar")} == dict.fromkeys(
        ("racepace", "bolide", "formulagp", "stockcar"))


def test_rollouts_may_play_each_bot_seat_by_its_own_kind():
    game = registry.game("bolide")
    state = game.new(game.config(seats=["club", "expert", "human", "expert", "random",
                                        "club"]), 5)
    while not game.is_over(state) and (game.forced(state) or 0 not in game.to_act(state)):
        f = game.forced(state)
        s = min(game.to_act(state)) if f is None else f[0]
        game.apply(state, s, f[1] if f else game.legal_actions(state, s)[0])
    made = []
    real = game.make_agent

    def spy(kind, seat, seed):
        made.append((seat, kind))
        return real(kind, seat, seed)

    def kinds(**options):
        made.clear()
        game.make_agent = spy
        try:
            Search(game, 0, Budget(iterations=3), **options).run(state, Rng(1))
        finally:
            del game.make_agent
        return dict(made)

    assert {Search(registry.game(n), 0).others
            for n in ("racepace", "bolide", "formulagp", "stockcar")} == {"seats"}
    # the table's bots as themselves; the person is modelled by the rollout bot
    assert kinds() == {0: "expert", 1: "expert", 2: "club", 3: "expert", 4: "random",
                       5: "club"}
    # all by the rollout bot
    assert kinds(others="rollout") == {0: "expert", 1: "club", 2: "club", 3: "club",
                                       4: "club", 5: "club"}
    with pytest.raises(ValueError):
        Search(game, 0, others="mirror")
