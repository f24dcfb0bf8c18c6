"""A tiny game with hidden hands and simultaneous secret choices, registered
only in tests: it proves the web app hides what the Game protocol hides, and
that a game the web code has never heard of is playable there.

Each seat is dealt HAND cards (1..9) face down. Each round every seat picks a
card at the same time; once all have picked, the cards are revealed and the
highest scores a point. The race ends when the hands are empty.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from pydantic import Field

from chequered.engine.board import action_doc, data_action
from chequered.engine.hashing import sha256_of
from chequered.engine.protocol import Event, Game, GameConfig, IllegalAction, Result
from chequered.engine.rng import Rng

HAND = 3


@dataclass(frozen=True, slots=True)
class Pick:
    card: int


class DuelConfig(GameConfig):
    seats: list[str] = Field(default_factory=lambda: ["human", "random"], min_length=2,
                             max_length=4)
    track: str = "table"
    rules: str = "basic"
    options: list[str] = Field(default_factory=list)


@dataclass
class DuelState:
    config: DuelConfig
    rng: Rng
    hands: list[list[int]]
    picked: dict = field(default_factory=dict)
    points: list[int] = field(default_factory=list)
    round: int = 1

    def clone(self) -> "DuelState":
        return DuelState(self.config, Rng(state=self.rng.state), [list(h) for h in self.hands],
                         dict(self.picked), list(self.points), self.round)


class Duel(Game):
    name = "duel"
    title = "Duel (test game)"
    Config = DuelConfig
    action_types = (Pick,)

    def tracks(self):
        return ["table"]

    def rule_levels(self):
        return ["basic"]

    def new(self, config, seed):
        rng = Rng(seed)
        deck = list(range(1, 10))
        hands = []
        for _ in config.seats:
            hand = []
            for _ in range(HAND):
                hand.append(deck.pop(rng.below(len(deck))))
            hands.append(sorted(hand))
        return DuelState(config, rng, hands, {}, [0] * len(config.seats))

    def to_act(self, s):
        if not s.hands[0]:
            return frozenset()
        return frozenset(i for i in range(len(s.hands)) if i not in s.picked)

    def legal_actions(self, s, seat):
        return [Pick(c) for c in s.hands[seat]] if seat in self.to_act(s) else []

    def apply(self, s, seat, action):
        if seat not in self.to_act(s) or not isinstance(action, Pick) \
                or action.card not in s.hands[seat]:
            raise IllegalAction("DUEL 2: pick a card from your own hand, once a round", "DUEL 2")
        s.picked[seat] = action.card
        events = [Event("picked", {"seat": seat}, "DUEL 2"),
                  Event("note", {"seat": seat, "card": action.card}, "DUEL 2")]
        if len(s.picked) == len(s.hands):
            cards = [s.picked[i] for i in range(len(s.hands))]
            best = max(range(len(cards)), key=lambda i: cards[i])
            s.points[best] += 1
            for i, c in enumerate(cards):
                s.hands[i].remove(c)
            s.picked = {}
            s.round += 1
            events.append(Event("reveal", {"cards": cards, "winner": best}, "DUEL 3",
                                reveal=True))
        return events

    def event_visible(self, event, seat):
        return event.kind != "note" or event.data["seat"] == seat

    def describe(self, event, state=None):
        d = event.data
        if event.kind == "picked":
            return f"seat {d['seat']} has picked"
        if event.kind == "note":
            return f"seat {d['seat']} secretly picked the card {d['card']}"
        return f"cards revealed: {d['cards']}; seat {d['winner']} scores"

    def describe_action(self, action):
        return f"play the card {action.card}"

    def is_over(self, s):
        return not s.hands[0]

    def result(self, s):
        order = sorted(range(len(s.points)), key=lambda i: -s.points[i])
        return Result(classification=order, points={i: p for i, p in enumerate(s.points)})

    def view(self, s, seat):
        return {"you": seat, "round": s.round, "points": list(s.points),
                "hand": list(s.hands[seat]) if seat is not None else None,
                "cards_left": [len(h) for h in s.hands],
                "picked": sorted(s.picked)}

    def render_text(self, v):
        hand = "hand: " + " ".join(f"[{c}]" for c in v["hand"]) if v["hand"] else "no hand"
        return f"round {v['round']} points {v['points']} {hand}"

    def render_svg(self, v):
        out = ['<svg xmlns="http://www.w3.org/2000/svg" width="400" height="120">']
        for i, c in enumerate(v["hand"] or ()):
            out.append(f'<g class="card"{data_action(action_doc(Pick(c)))}>'
                       f'<rect x="{10 + 60 * i}" y="10" width="50" height="80" fill="#ffe"'
                       f' stroke="#333"/><text x="{30 + 60 * i}" y="55">card{c}</text></g>')
        out.append(f'<text x="10" y="110">points {v["points"]}</text></svg>')
        return "\n".join(out)

    def dump_position(self, s):
        return {"seats": s.config.seats, "rng": s.rng.state, "hands": s.hands,
                "picked": {str(k): v for k, v in s.picked.items()}, "points": s.points,
                "round": s.round}

    def state_hash(self, s):
        return sha256_of(self.dump_position(s))


GAME = Duel()
