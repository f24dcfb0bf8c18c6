"""A tiny game with hidden hands and simultaneous secret choices, registered
only in tests: it proves the web app hides what the Game protocol hides, and
that a game the web code has never heard of is playable there.

Each seat is dealt HAND cards (1..9) face down. Each round every seat picks a
card at the same time; once all have picked, the cards are revealed and the
highest scores a point. The race ends when the hands are empty.
"""
from __future__ import annotations

from dataclasses import dataclass

from pydantic import Field

from chequered.engine import chance
from chequered.engine.board import action_doc, data_action
from chequered.engine.chance import Chance
from chequered.engine.protocol import Event, Game, GameConfig, Result
from chequered.engine.rng import Rng
from chequered.engine.spec import GameSpec
from chequered.engine.steps import Machine, Step, Turn

HAND = 3


@dataclass(frozen=True, slots=True)
class Pick:
    card: int


class DuelConfig(GameConfig):
    seats: list[str] = Field(default_factory=lambda: ["human", "random"], min_length=2,
                             max_length=4)
    track: str = "table"
    rules: str = "basic"


class DuelState:
    def __init__(self, config, chance_, hands, picked=None, points=None, round_=1, turn=None):
        self.config = config
        self.chance = chance_
        self.hands = hands
        self.picked = dict(picked or {})
        self.points = list(points or [0] * len(hands))
        self.round = round_
        self.turn = turn or Turn("pick")

    def clone(self) -> "DuelState":
        return DuelState(self.config, self.chance.clone(), [list(h) for h in self.hands],
                         self.picked, self.points, self.round, self.turn.clone())


NAMES = ("North", "East", "South", "West")


def _new(config, seed):
    ch = Chance(Rng(seed))
    deck = list(range(1, 10))
    hands, ev = [], []
    for seat in range(len(config.seats)):
        hand = []
        for _ in range(HAND):
            hand.append(deck.pop(chance.below(ch, ev, len(deck), rule="DUEL 1",
                                              what="deal", to=seat)))
        hands.append(sorted(hand))
    return DuelState(config, ch, hands)


def _ask(s):
    if not s.hands[0]:
        s.turn.over = True
    else:
        MACHINE.wait(s, "pick", range(len(s.hands)))
        s.turn.phase = "reveal"
    return []


def _pick(s, seat, action):
    s.picked[seat] = action.card
    return [Event("picked", {"seat": seat}, "DUEL 2"),
            Event("note", {"seat": seat, "card": action.card}, "DUEL 2", to=seat)]


def _reveal(s):
    cards = [s.picked[i] for i in range(len(s.hands))]
    best = max(range(len(cards)), key=lambda i: cards[i])
    s.points[best] += 1
    for i, c in enumerate(cards):
        s.hands[i].remove(c)
    s.picked = {}
    s.round += 1
    s.turn.phase = "pick"
    ev = []
    chance.reveal(ev, "reveal", {"cards": cards, "winner": best}, "DUEL 3")
    return ev


def _describe(event, state=None):
    d = event.data
    if event.kind == "picked":
        return f"{NAMES[d['seat']]} has picked"
    if event.kind == "note":
        return f"{NAMES[d['seat']]} secretly picked the card {d['card']}"
    if event.kind == "chance":
        return "cards dealt"
    return "cards revealed: " + ", ".join(map(str, d["cards"])) + \
        f"; {NAMES[d['winner']]} scores"


def _describe_action(action):
    return f"play the card {action.card}"


MACHINE = Machine(
    [Step("pick", "DUEL 2", lambda s, seat: [Pick(c) for c in s.hands[seat]], _pick,
          label="pick a card", concurrent=True, secret=True,
          public_text=lambda a: "picks a card face down")],
    {"pick": _ask, "reveal": _reveal}, turn_rule="DUEL 2", over_rule="DUEL 3",
    names=lambda s: dict(enumerate(NAMES[:len(s.hands)])), describe=_describe_action)


def _view(s, seat):
    return {"you": seat, "round": s.round, "points": list(s.points),
            "hand": list(s.hands[seat]) if seat is not None else None,
            "cards_left": [len(h) for h in s.hands],
            "picked": sorted(s.picked)}


def _render_text(v):
    hand = "hand: " + " ".join(f"[{c}]" for c in v["hand"]) if v["hand"] else "no hand"
    return f"round {v['round']} points {v['points']} {hand}"


def _render_svg(v):
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="400" height="120">']
    for i, c in enumerate(v["hand"] or ()):
        out.append(f'<g class="card"{data_action(action_doc(Pick(c)))}>'
                   f'<rect x="{10 + 60 * i}" y="10" width="50" height="80" fill="#ffe"'
                   f' stroke="#333"/><text x="{30 + 60 * i}" y="55">card{c}</text></g>')
    out.append(f'<text x="10" y="110">points {v["points"]}</text></svg>')
    return "\n".join(out)


def _dump(s):
    return {"seats": s.config.seats, "rng": s.chance.to_doc(), "hands": s.hands,
            "picked": {str(k): v for k, v in s.picked.items()}, "points": s.points,
            "round": s.round, "turn": s.turn.to_doc()}


def _load(doc):
    return DuelState(DuelConfig(seats=doc["seats"]), Chance.from_state(doc["rng"]),
                     [list(h) for h in doc["hands"]],
                     {int(k): v for k, v in doc["picked"].items()}, doc["points"],
                     doc["round"], Turn.from_doc(doc["turn"]))


def _result(s):
    order = sorted(range(len(s.points)), key=lambda i: -s.points[i])
    return Result(classification=order, points={i: p for i, p in enumerate(s.points)})


GAME = Game(GameSpec(
    name="duel", title="Duel (test game)", config=DuelConfig, actions=(Pick,), machine=MACHINE,
    new=_new, result=_result, view=_view, render_text=_render_text, render_svg=_render_svg,
    dump_position=_dump, load_position=_load, redeterminize=lambda s, seat, rng: s.clone(),
    tracks=lambda: ["table"], describe=_describe, describe_action=_describe_action,
    rule_levels=("basic",), seat_names=lambda s: dict(enumerate(NAMES[:len(s.hands)])),
    hidden_information=True, simultaneous=True))
