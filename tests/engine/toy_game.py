"""A tiny card game on the engine, for testing the engine itself.

Two to four players are dealt three cards each from a shuffled deck of 1..12
(a private draw each). Each of three rounds: every player plays a card face
down at the same time (a concurrent secret step), the cards are revealed,
the strongest (the card mod 4) scores a point (ties: a die roll decides), and the first player
then discards a card face down (a sequential secret step). `build(leaks)`
builds the same game with the mistakes the conformance kit must catch.
"""
from __future__ import annotations

from dataclasses import dataclass

from pydantic import Field

from chequered.engine import chance
from chequered.engine.chance import Chance
from chequered.engine.deck import Deck
from chequered.engine.protocol import Event, Game, GameConfig, Result
from chequered.engine.rng import Rng
from chequered.engine.spec import GameSpec
from chequered.engine.steps import Machine, Step, Turn


@dataclass(frozen=True, slots=True)
class Play:
    card: int


@dataclass(frozen=True, slots=True)
class Discard:
    card: int


class ToyConfig(GameConfig):
    seats: list[str] = Field(default_factory=lambda: ["random", "random"], min_length=2,
                             max_length=4)
    track: str = "table"


class ToyState:
    def __init__(self, config, seed):
        self.config = config
        self.chance = Chance(Rng(seed))
        self.turn = Turn("deal")
        self.deck = Deck()
        self.hands = [[] for _ in config.seats]
        self.played: dict[int, int] = {}
        self.points = [0] * len(config.seats)
        self.round = 0

    def clone(self):
        s = ToyState.__new__(ToyState)
        s.config = self.config
        s.chance = self.chance.clone()
        s.turn = self.turn.clone()
        s.deck = self.deck.clone()
        s.hands = [list(h) for h in self.hands]
        s.played = dict(self.played)
        s.points = list(self.points)
        s.round = self.round
        return s

    def to_doc(self):
        return {"config": self.config.model_dump(mode="json"), "rng": self.chance.to_doc(),
                "turn": self.turn.to_doc(), "deck": self.deck.to_doc(), "hands": self.hands,
                "played": {str(k): v for k, v in sorted(self.played.items())},
                "points": self.points, "round": self.round}

    @classmethod
    def from_doc(cls, doc):
        s = cls.__new__(cls)
        s.config = ToyConfig(**doc["config"])
        s.chance = Chance.from_state(doc["rng"])
        s.turn = Turn.from_doc(doc["turn"])
        s.deck = Deck.from_doc(doc["deck"])
        s.hands = [list(h) for h in doc["hands"]]
        s.played = {int(k): v for k, v in doc["played"].items()}
        s.points = list(doc["points"])
        s.round = doc["round"]
        return s


def build(leaks: frozenset = frozenset()) -> Game:
    """The game; `leaks` builds it with mistakes: "action" (the face-down
    play's public text names the card), "event" (the discarded card is shown to
    all), "chance" (a die rolled at the discard, its event dropped), "debug" (a Python repr
    in the log)."""
    def deal(s):
        ev = []
        for seat in range(len(s.hands)):
            s.hands[seat] = chance.draw_many(s.chance, ev, s.deck, 3, rule="TOY 1", to=seat)
        s.turn.phase = "play"
        return ev

    def ask_play(s):
        s.played = {}
        machine.wait(s, "play", range(len(s.hands)))
        s.turn.phase = "reveal"
        return []

    def apply_play(s, seat, a):
        s.hands[seat].remove(a.card)
        s.played[seat] = a.card
        return []

    def reveal(s):
        ev = []
        chance.reveal(ev, "cards", {"played": dict(s.played)}, "TOY 2")
        best = max(v % 4 for v in s.played.values())       # suits of strength 0-3: ties happen
        top = sorted(k for k, v in s.played.items() if v % 4 == best)
        winner = top[0]
        if len(top) > 1:
            winner = top[chance.roll(s.chance, ev, len(top), rule="TOY 2", what="tie die") - 1]
        s.points[winner] += 1
        ev.append(Event("point", {"seat": winner}, "TOY 2"))
        s.round += 1
        s.played = {}
        if s.hands[0]:
            machine.wait(s, "discard", [0])
        s.turn.phase = "next"
        return ev

    def apply_discard(s, seat, a):
        if "chance" in leaks:           # a die rolled and its event dropped
            chance.roll(s.chance, [], 6, rule="TOY 3")
        s.hands[seat].remove(a.card)
        s.deck.discard(a.card)
        return [Event("discarded", {"seat": seat, "card": a.card}, "TOY 3",
                      to=None if "event" in leaks else seat,
                      masked=None if "event" in leaks else {"seat": seat})]

    def next_round(s):
        if s.round >= 2 or not s.hands[0]:
            s.turn.over = True
        else:
            s.turn.phase = "play"
        return []

    steps = [
        Step("play", "TOY 2", lambda s, seat: [Play(c) for c in sorted(s.hands[seat])],
             apply_play, label="play a card", concurrent=True, secret=True,
             public_text=(lambda a: f"plays the {a.card} face down") if "action" in leaks
             else (lambda a: "plays a card face down")),
        Step("discard", "TOY 3", lambda s, seat: [Discard(c) for c in sorted(s.hands[seat])],
             apply_discard, label="discard a card", secret=True,
             public_text=lambda a: "discards a card face down"),
    ]
    names = {0: "Ann", 1: "Bob", 2: "Cid", 3: "Dee"}

    def describe_action(a):
        return f"{type(a).__name__.lower()} {a.card}"

    def describe(e, state=None):
        t = chance.describe_chance(e, names)
        if t is not None:
            return t
        d = e.data
        if e.kind == "cards":
            return "Cards shown: " + ", ".join(f"{names[int(k)]} {v}" for k, v in
                                               sorted(d["played"].items()))
        if e.kind == "point":
            if "debug" in leaks:
                return f"point seat={d['seat']}"
            return f"{names[d['seat']]} scores"
        if e.kind == "discarded":
            return f"{names[d['seat']]} discards" + (f" {d['card']}" if "card" in d else "")
        raise KeyError(e.kind)

    machine = Machine(steps, {"deal": deal, "play": ask_play, "reveal": reveal,
                              "next": next_round},
                      turn_rule="TOY 2", over_rule="TOY 4", names=lambda s: names,
                      describe=describe_action)

    def new(config, seed):
        s = ToyState(config, seed)
        s.deck = Deck(range(1, 13))
        ev = []
        chance.shuffle(s.chance, ev, s.deck, rule="TOY 1")
        return s

    def redeterminize(s, seat, rng):
        w = s.clone()
        unseen = list(w.deck.pile) + list(w.deck.discards)
        for other, hand in enumerate(w.hands):
            if other != seat:
                unseen += hand
                if other in w.played:
                    unseen.append(w.played[other])
        rng.shuffle(unseen)
        for other, hand in enumerate(w.hands):
            if other != seat:
                n = len(hand)
                w.hands[other], unseen = sorted(unseen[:n]), unseen[n:]
                if other in w.played:
                    w.played[other], unseen = unseen[0], unseen[1:]
        n = len(w.deck.discards)
        w.deck.discards, w.deck.pile = unseen[:n], unseen[n:]
        w.chance = Chance(Rng(state=rng.next64()))
        return w

    def view(s, seat):
        return {"round": s.round, "points": s.points,
                "hand": sorted(s.hands[seat]) if seat is not None else None,
                "sizes": [len(h) for h in s.hands], "deck": len(s.deck.pile),
                "discards": len(s.deck.discards),
                "chosen": sorted(s.played) if s.turn.phase == "reveal" else []}

    return Game(GameSpec(
        name="toy", title="Toy", config=ToyConfig, actions=(Play, Discard), machine=machine,
        new=new, view=view,
        result=lambda s: Result(sorted(range(len(s.points)), key=lambda k: -s.points[k]),
                                points=dict(enumerate(s.points))),
        render_text=lambda v: f"round {v['round']}", render_svg=lambda v: "<svg/>",
        dump_position=lambda s: s.to_doc(), load_position=ToyState.from_doc,
        redeterminize=redeterminize, tracks=lambda: ["table"], describe=describe,
        describe_action=describe_action, seat_names=lambda s: names,
        hidden_information=True, simultaneous=True,
        sample_configs=lambda: [{"seats": ["random", "random"]},
                                {"seats": ["random"] * 3}]))
