"""Issue 15, beside the board: the legend, the running order, a word per
decision, the warnings and the first-race tutorial."""
from __future__ import annotations

from chequered.engine.rng import Rng
from chequered.engine.session import Session
from chequered.games.racepace.actions import ChooseTyre, Copy, Select

from .helpers import BOXBOX, EBS, G, MEC_B, USE_EBS, new_race, now


def some_views():
    """Views from several races and moments, for every seat and a spectator."""
    out = []
    for cfg, seed, steps in ((dict(seats=["human", "bot", "bot"], track="monaco"), 1, 30),
                             (dict(seats=["random"] * 4, options=["team"], track="spain"), 2, 60),
                             (dict(seats=["random", "bot"], rules="academy"), 3, 10),
                             (dict(seats=["random", "random", "random"]), 4, 2)):
        cfg = G.config(**cfg)
        s = G.new(cfg, seed)
        agents = [G.make_agent("bot" if k == "bot" else "random", i, seed)
                  for i, k in enumerate(cfg.seats)]
        for _ in range(steps):
            if G.is_over(s):
                break
            (seat,) = G.to_act(s)
            G.apply(s, seat, agents[seat].choose(G, s, seat))
        for seat in [None, *range(len(cfg.seats))]:
            out.append((s, seat, G.view(s, seat)))
    return out


VIEWS = some_views()


# ---- legend ------------------------------------------------------------------------------
def test_legend_names_every_mark_with_text_and_rule():
    for _s, _seat, v in VIEWS:
        legend = G.legend(v)
        assert legend
        for m in legend:
            assert m.symbol and m.name and m.text and m.rule.startswith("RP "), m
            assert m.swatch.count("<") == m.swatch.count(">")


def test_legend_explains_the_lap_marks_the_boards_draw():
    s = new_race(["kimi", "bastian"], track="monaco")
    names = {m.symbol: m for m in G.legend(G.view(s, 0))}
    for symbol, rule in (("F", "RP Free Energy Boost laps"), ("c", "RP Corners"),
                         ("B", "RP Backmarkers"), ("#", "RP Winning the Game"),
                         ("b", "RP Circuit Information"), (":", "RP Starting grid")):
        assert names[symbol].rule == rule
    assert "action" in names and "React>X" in names["action"].text     # the action column
    short = new_race(["kimi", "bastian"], track="belgium")
    assert "b" not in {m.symbol for m in G.legend(G.view(short, 0))}   # no side-B token


# ---- running order -----------------------------------------------------------------------
def test_standings_follow_the_leaderboard_with_tooltips():
    for s, _seat, v in VIEWS:
        rows = G.standings(v)
        assert [r.seat for r in rows] == v["leaderboard"]
        assert [r.place for r in rows] == list(range(1, len(rows) + 1))
        for r in rows:
            assert r.name and all(f.label and f.value and f.tip for f in r.facts)
            assert {"lap", "gap", "RP", "bars"} <= {f.label for f in r.facts}


def test_standings_and_boards_show_nothing_a_seat_could_not_see():
    """Race Pace hides only the decks' order and the face-down cards, from
    everyone: redeterminizing them changes no seat's view, running order,
    legend, SVG or text, and every seat sees the same table."""
    for s, seat, v in VIEWS:
        other = G.redeterminize(s, 0, Rng(99))
        w = G.view(other, seat)
        assert w == v
        assert G.standings(w) == G.standings(v)
        assert G.render_svg(w) == G.render_svg(v) and G.render_text(w) == G.render_text(v)
        spectator = G.view(s, None)
        assert G.standings(spectator) == G.standings(v)


# ---- a word per decision -----------------------------------------------------------------
def test_explain_covers_every_decision_step():
    assert set(G.machine.steps) == set(G.spec.explain)
    for name in G.machine.steps:
        text = G.spec.explain[name]
        assert len(text) > 80 and text.count(".") >= 2, name


def test_the_turn_banner_carries_the_explanation():
    s = new_race(["kimi", "bastian"])
    turn = G.turn(s)
    assert turn["step"] == "select" and turn["explain"] == G.spec.explain["select"]


# ---- warnings ----------------------------------------------------------------------------
def test_confirm_warns_before_softs_or_mediums_in_the_rain():
    s = new_race(["kimi", "dutch"], seats=["human", "human"])
    s.weather = ["rain", "rain", "sun", "sun"]
    seat = next(c.seat for c in s.cars if c.driver == "kimi")
    assert "cannot move" in G.confirm(s, seat, Select(BOXBOX, "S"))
    assert "cannot move" in G.confirm(s, seat, Select(BOXBOX, "M"))
    assert G.confirm(s, seat, Select(BOXBOX, "W")) is None
    assert G.confirm(s, seat, Select(MEC_B)) is None
    dutch = 1 - seat
    assert G.confirm(s, dutch, Copy(BOXBOX, "M")) is None        # Dutch drives mediums in rain
    s.weather = ["sun"] * 4
    assert G.confirm(s, seat, Select(BOXBOX, "S")) is None


def test_confirm_warns_before_starting_on_softs_in_the_rain():
    cfg = G.config(seats=["human", "human"], teams=["silverline_gp", "polar_motorsport"],
                   drivers=["kimi", "bastian"])
    s = G.new(cfg, 1)
    seat = now(s)
    s.weather = ["rain"] * 4
    assert "cannot move" in G.confirm(s, seat, ChooseTyre("S"))
    assert G.confirm(s, seat, ChooseTyre("W")) is None


def test_confirm_warns_before_a_boost_that_gives_nothing():
    s = new_race(["kimi", "bastian"], seats=["human", "human"])
    seat = now(s)
    s.cars[seat].bars[EBS] = 1                                   # level B: no RP
    assert "no RP" in G.confirm(s, seat, Select(USE_EBS))
    s.cars[seat].bars[EBS] = 3
    assert G.confirm(s, seat, Select(USE_EBS)) is None
    s.safety_car = True
    assert "Safety Car" in G.confirm(s, seat, Select(USE_EBS))


# ---- the first race ----------------------------------------------------------------------
def test_tutorial_plays_through_clicking_the_first_choice():
    """As the browser test does: the learner always takes the first listed
    action (forced single choices are applied for it), the bots play theirs."""
    t = G.tutorial()
    cfg = G.config(**t.config)
    assert cfg.seats[0] == "human" and set(cfg.seats[1:]) == {"bot"}
    assert t.intro and t.outro and set(t.notes) <= set(G.machine.steps)
    race = Session(G, cfg, t.seed)
    race.settle()
    agents = {i: G.make_agent(k, i, t.seed) for i, k in enumerate(cfg.seats) if k != "human"}
    mine = 0
    while not race.over:
        (seat,) = race.to_act()
        if seat == 0:
            race.act(0, race.legal(0)[0], by="human")
            mine += 1
            assert mine <= t.max_decisions <= 60
        else:
            race.act(seat, agents[seat].choose(G, race.state, seat), by="bot")
    assert 10 <= mine
    assert G.result(race.state).classification
