"""A race held in memory: its state, the log of applied actions, and the
pure operations on it (try an action, undo point, rebuild from a record).

No I/O here: the hub (hub.py) stores, locks and broadcasts around these.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from ..engine.board import action_key
from ..engine.protocol import BadInput, Event, Game, IllegalAction, Seat
from .errors import WebError, bad, illegal


@dataclass(slots=True)
class Entry:
    """One applied action with what the log and undo need about it."""

    seat: Seat
    action: object
    doc: dict
    by: str                    # human | bot | timeout
    events: list[Event]
    reveal: bool               # hidden information or a random outcome came out
    simultaneous: bool         # several seats were choosing at once (a secret choice)


@dataclass
class LiveRace:
    game: Game
    race_id: str
    config: object
    seed: int
    kinds: list[str]           # the config's seat kinds (they can change the rules)
    controllers: list[str]     # who acts for each seat now: human or a bot kind
    move_timer: int | None = None
    season_name: str | None = None
    seed_chosen: bool = False  # by the client (a solo race): then it is shown, not secret
    state: object = None
    entries: list[Entry] = field(default_factory=list)
    agents: dict = field(default_factory=dict)
    joined: set = field(default_factory=set)

    def snapshot(self) -> "LiveRace":
        """A copy to read from another thread: states are never changed in
        place once published (a step is applied to a clone), so copying the
        lists that do grow is enough."""
        return replace(self, entries=list(self.entries), controllers=list(self.controllers),
                       joined=set(self.joined))

    @property
    def version(self) -> int:
        return len(self.entries)

    @property
    def over(self) -> bool:
        return self.game.is_over(self.state)

    # ---- building ------------------------------------------------------------------
    @classmethod
    def build(cls, game: Game, race_id: str, config_doc: dict, seed: int, controllers: list[str],
              docs: list[tuple[Seat, dict, str]], **kw) -> "LiveRace":
        """Replay stored actions on a fresh race. Raises WebError if one of
        them is no longer legal (the engine changed under a stored race)."""
        config = game.config(**config_doc)
        race = cls(game, race_id, config, seed, list(config.seats), list(controllers), **kw)
        race.state = game.new(config, seed)
        for ply, (seat, doc, by) in enumerate(docs):
            try:
                race.entries.append(race.step(race.state, seat, game.decode_action(doc), doc, by))
            except (IllegalAction, BadInput) as exc:
                raise WebError(500, f"race {race_id} does not replay at action {ply + 1}: {exc}")
        return race

    def step(self, state, seat: Seat, action, doc: dict, by: str) -> Entry:
        """Apply in place (the caller owns `state`) and describe the step."""
        simultaneous = len(self.game.to_act(state)) > 1
        events = self.game.apply(state, seat, action)
        return Entry(seat, action, doc, by, events,
                     any(getattr(e, "reveal", False) for e in events), simultaneous)

    def state_hash(self) -> str:
        return self.game.state_hash(self.state)

    # ---- acting ----------------------------------------------------------------------
    def legal(self, seat: Seat) -> list:
        if seat not in self.game.to_act(self.state):
            return []
        return self.game.legal_actions(self.state, seat)

    def parse(self, seat: Seat, doc) -> object:
        """The action a client sent, checked against the legal list (the
        engine checks it again when applying)."""
        if seat not in self.game.to_act(self.state):
            raise illegal("it is not your turn" if not self.over else "the race is over")
        try:
            action = self.game.decode_action(doc)
        except BadInput as exc:
            raise bad(str(exc)) from None
        if action in self.legal(seat):
            return action
        # Not legal: let the rules say why, on a copy so nothing can change.
        try:
            self.game.apply(self.game.clone(self.state), seat, action)
        except IllegalAction as exc:
            rule = getattr(exc, "rule", None)
            text = str(exc)
            raise illegal(text if not rule or rule in text else f"{rule}: {text}") from None
        except Exception:      # a malformed action the rules code never expected
            pass
        raise illegal(f"{action_key(doc)} is not one of the legal actions")

    def trial(self, seat: Seat, action, by: str) -> tuple[object, Entry]:
        """Apply to a copy: the race only changes once the step is stored."""
        state = self.game.clone(self.state)
        entry = self.step(state, seat, action, self.game.encode_action(action), by)
        return state, entry

    def bot_seat(self) -> Seat | None:
        """A seat a bot must act for now, if any (the lowest one)."""
        for seat in sorted(self.game.to_act(self.state)):
            if self.controllers[seat] != "human":
                return seat
        return None

    def agent(self, seat: Seat):
        kind = self.controllers[seat]
        key = (seat, kind)
        if key not in self.agents:
            self.agents[key] = self.game.make_agent(kind, seat, self.seed)
        return self.agents[key]

    # ---- undo (BGA policy) -----------------------------------------------------------
    def undo_point(self, seat: Seat) -> tuple[int | None, str]:
        """The ply to cut back to for `seat`'s undo, or None with the reason:
        only your own last action, only while no other person acted since,
        and never across a die roll or revealed information."""
        if self.over:
            return None, "the race is over"
        mine = [i for i, e in enumerate(self.entries) if e.seat == seat and e.by == "human"]
        if not mine:
            return None, "you have no action to take back"
        i = mine[-1]
        later = self.entries[i + 1:]
        if any(e.by == "human" or self.controllers[e.seat] == "human" for e in later
               if e.seat != seat):
            return None, "another player acted after your last action"
        if any(e.reveal for e in self.entries[i:]):
            return None, "hidden information or a random outcome was revealed since"
        return i, ""

    def rebuild_to(self, ply: int) -> tuple[object, list[Entry]]:
        """The state and entries after the first `ply` actions (for undo)."""
        state = self.game.new(self.config, self.seed)
        entries = []
        for e in self.entries[:ply]:
            entries.append(self.step(state, e.seat, e.action, e.doc, e.by))
        return state, entries
