"""A race held in memory: an engine/session.Session (state, entries, undo
policy, parsing, the log per viewer) plus what the web app keeps about it.

No I/O here: the hub (hub.py) stores, locks and broadcasts around these.
"""
from __future__ import annotations

import copy

from ..engine.protocol import BadInput, Game, IllegalAction, Seat
from ..engine.session import Entry, Session
from .errors import WebError, bad, illegal

__all__ = ["Entry", "LiveRace"]


class LiveRace(Session):
    def __init__(self, game: Game, race_id: str, config, seed: int, controllers: list[str], *,
                 move_timer: int | None = None, season_name: str | None = None,
                 seed_chosen: bool = False):
        super().__init__(game, config, seed, controllers=controllers)
        self.race_id = race_id
        self.move_timer = move_timer
        self.season_name = season_name
        self.seed_chosen = seed_chosen   # by the client (a solo race): shown, not secret
        self.agents: dict = {}
        self.joined: set = set()
        # seat -> (state, version, its legal list) made elsewhere (listing below)
        self.menus: dict = {}

    @property
    def kinds(self) -> list[str]:
        """The config's seat kinds (they can change the rules)."""
        return list(self.config.seats)

    def snapshot(self) -> "LiveRace":
        """A copy to read from another thread: states are never changed in
        place once published (a step is applied to a clone), so copying the
        lists that do grow is enough."""
        snap = copy.copy(self)           # menus stay shared: a list made for a state serves the race
        snap.entries = list(self.entries)
        snap.controllers = list(self.controllers)
        snap.joined = set(self.joined)
        return snap

    @property
    def version(self) -> int:
        return len(self.entries)

    # ---- building ------------------------------------------------------------------
    @classmethod
    def build(cls, game: Game, race_id: str, config_doc: dict, seed: int, controllers: list[str],
              docs: list[tuple[Seat, dict, str]], **kw) -> "LiveRace":
        """Replay stored actions on a fresh race. Raises WebError if one of
        them is no longer legal (the engine changed under a stored race)."""
        config = game.config(**config_doc)
        race = cls(game, race_id, config, seed, list(controllers), **kw)
        for ply, (seat, doc, by) in enumerate(docs):
            try:
                race.entries.append(race.step(race.state, seat, game.decode_action(doc), by))
            except (IllegalAction, BadInput) as exc:
                raise WebError(500, f"race {race_id} does not replay at action {ply + 1}: {exc}")
        return race

    def board_keys(self) -> frozenset:
        """The static boards this race's config allows (engine/spec.LayeredSvg)."""
        keys = self.__dict__.get("_board_keys")
        if keys is None:
            keys = self._board_keys = frozenset(self.game.board_layers.keys(self.config))
        return keys

    def state_hash(self) -> str:
        return self.game.state_hash(self.state)

    # ---- acting ----------------------------------------------------------------------
    def parse(self, seat: Seat, doc) -> object:
        """The action a client sent, if it is legal now; otherwise a 400 for
        what cannot be read, or a refusal citing the rule."""
        try:
            return super().parse(seat, doc if isinstance(doc, dict) else str(doc))
        except BadInput as exc:
            raise bad(str(exc)) from None
        except IllegalAction as exc:
            text, rule = str(exc), getattr(exc, "rule", None)
            raise illegal(text if not rule or rule in text else f"{rule}: {text}") from None

    def listing(self, state, seat: Seat) -> list:
        """The menu (Session.listing). A list the message worker made for
        this very state (web/worker.py, `remember`) is used as it is: the
        engine would list a FormulaGP or stock-car move again here, tens of
        ms on the event loop, before the person's action could be parsed."""
        hit = self.menus.get(seat)
        if hit is not None and hit[0] is state and hit[1] == len(self.entries) \
                and not self.fine:
            return hit[2]
        return super().listing(state, seat)

    def remember(self, state, version: int, seat: Seat, menu: list) -> None:
        """`menu` is the legal list of `seat` in `state`, the race's at `version`."""
        self.menus[seat] = (state, version, menu)

    def fine_legal(self, seat: Seat) -> list:
        """The seat's legal list one movement point at a time (Game.fine_actions)."""
        if seat not in self.game.to_act(self.state):
            return []
        return self.game.fine_actions(self.state, seat)

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
