"""A race being played: its entries, the undo policy, typed input and the log
as each viewer may read it. The terminal, the web app and replays all use it.

Undo follows Board Game Arena's rule: a seat may take back only its own last
action, and only while nothing has been revealed to it since (no die, no
card, no shuffle, the action's own events included), no other person has
acted since, and no other seat has acted from information it could not see
(a card played from a hidden hand counts as a reveal, engine/steps.Step
`from_hand`).

The log of an entry depends on the viewer: a face-down choice shows the
others only its public text (Step `secret`), and events are shown through
`Event.seen_by`.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field

from .protocol import BadInput, Event, Game, IllegalAction, Overrun, Seat
from .records import record_of


@dataclass(slots=True)
class Entry:
    """One applied action with what the log and undo need about it."""

    seat: Seat
    action: object
    doc: dict
    by: str                    # human | bot kind | timeout | forced
    events: list[Event]
    step: object               # the engine/steps.Step it answered
    # the decisions with a single legal action applied right after it
    # (engine/steps.Machine.forced): part of this action for undo and the log
    follow: list["Entry"] = field(default_factory=list)
    hand: bool = False         # chosen from a hidden hand (at a step of its route too)
    # The seat's name when it chose: the log's "who" (a Race Pace player
    # becomes their team, then their driver, by the choice itself).
    who: str = ""

    def all(self) -> list["Entry"]:
        return [self, *self.follow]

    @property
    def secret(self) -> bool:
        return bool(self.step is not None and self.step.secret)

    @property
    def reveal(self) -> bool:
        """A die, a card or a shuffle came out with it."""
        return any(e.reveal for e in self.events)

    def reveals_to(self, viewer: Seat) -> bool:
        """Whether `viewer` learnt something hidden or random from this entry."""
        if self.reveal:
            return True
        return bool(self.hand and viewer != self.seat)


class Session:
    """One race: the current state and the entries that led to it.

    `initial` is the state the entries start from (a fresh race unless the
    race began from a position document)."""

    def __init__(self, game: Game, config, seed: int, *, state=None, controllers=None):
        self.game = game
        self.config = config
        self.seed = seed
        self.from_position = state is not None
        self.opening: list[Event] = []          # events of the steps before the first decision
        if state is None:
            state, self.opening = game.start(config, seed)
        self.initial = game.clone(state)
        self.state = game.clone(self.initial)
        self.controllers = list(controllers if controllers is not None else config.seats)
        self.entries: list[Entry] = []
        # a person who moves one point at a time sees the fine steps, not routes
        self.fine = False

    # ---- reading ---------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.game.is_over(self.state)

    def to_act(self) -> frozenset[Seat]:
        return self.game.to_act(self.state)

    def legal(self, seat: Seat) -> list:
        if seat not in self.game.to_act(self.state):
            return []
        return self.listing(self.state, seat)

    def listing(self, state, seat: Seat) -> list:
        """The menu: whole moves, or single steps for a person who asked."""
        game = self.game
        return game.fine_actions(state, seat) if self.fine else game.legal_actions(state, seat)

    def name(self, seat: Seat) -> str:
        return seat_name(self.game, self.state, seat)

    # ---- acting --------------------------------------------------------------------------
    def step(self, state, seat: Seat, action, by: str) -> Entry:
        """Apply `action` to `state` in place and describe it."""
        step = self.game.pending_step(state)
        who = seat_name(self.game, state, seat)
        events = self.game.apply(state, seat, action)
        hand = bool(step is not None and step.from_hand)
        if type(action).__name__ == "Route":
            hand = hand or self.game.machine.from_hand(self.game.machine.crossed)
        return Entry(seat, action, self.game.encode_action(action), by, events, step, hand=hand,
                     who=who)

    def act(self, seat: Seat, action, by: str = "human") -> Entry:
        """Apply an action, then every decision left with a single legal
        action (`entry.follow`): nobody is asked those."""
        entry = self.step(self.state, seat, action, by)
        entry.follow = self.forced_steps(self.state)
        self.entries += entry.all()
        return entry

    def trial(self, seat: Seat, action, by: str) -> tuple[object, Entry]:
        """Apply to a copy: the race changes only when the caller commits
        `entry.all()`."""
        state = self.game.clone(self.state)
        entry = self.step(state, seat, action, by)
        entry.follow = self.forced_steps(state)
        return state, entry

    def settle(self) -> list[Entry]:
        """Apply the forced decisions the race waits for now (at its start:
        afterwards `act` applies them itself)."""
        done = self.forced_steps(self.state)
        self.entries += done
        return done

    def forced_steps(self, state) -> list[Entry]:
        """Apply, in place, the decisions that have a single legal action
        whose being single is public (engine/steps.Machine.forced)."""
        out: list[Entry] = []
        forced = self.game.forced
        while (f := forced(state)) is not None:
            out.append(self.step(state, f[0], f[1], "forced"))
        return out

    def load(self, actions, by: str = "record") -> None:
        """Play a saved race's actions ([seat, action-json] pairs, as a
        record holds them) on this fresh race, to continue it. BadInput names
        the first one that does not apply."""
        game = self.game
        for n, (seat, doc) in enumerate(actions, start=1):
            if seat not in game.to_act(self.state):
                raise BadInput(f"action {n} of the saved race is not this race's: "
                               f"{self.name(seat)} is not to act then")
            try:
                action = game.decode_action(doc)
                self.entries.append(self.step(self.state, seat, action, by))
            except (BadInput, IllegalAction) as exc:
                raise BadInput(f"action {n} of the saved race does not apply: {exc}") from None

    @classmethod
    def resumed(cls, game: Game, record, **kw) -> "Session":
        """A race continued from a record (engine/records.Record), checked
        against the record's hash when it has one."""
        config = game.config(**record.config)
        race = cls(game, config, record.seed, **kw)
        race.load(record.actions)
        if record.final_hash is not None and game.state_hash(race.state) != record.final_hash:
            raise BadInput("the saved race does not lead to the position it was saved at "
                           "(another version of the game or its content?)")
        return race

    def commit(self, state, entries: list[Entry]) -> None:
        self.state = state
        self.entries.extend(entries)

    # ---- typed input ----------------------------------------------------------------------
    def parse(self, seat: Seat, text) -> object:
        """The legal action a person means: a menu number (from 1), a JSON
        object, or an action's text or a unique start of it. Raises BadInput
        for what cannot be understood and IllegalAction, citing the rule, for
        an action that is understood but not allowed now."""
        game = self.game
        if seat not in game.to_act(self.state):
            raise self.refusal(seat, None)
        legal = self.listing(self.state, seat)
        if isinstance(text, dict):
            return self._legal_or_refuse(seat, game.decode_action(text), legal)
        line = str(text).strip()
        if line.isdigit():
            n = int(line)
            if not 1 <= n <= len(legal):
                raise BadInput(f"there is no action {n}; choose 1 to {len(legal)}")
            return legal[n - 1]
        if line.startswith("{"):
            try:
                doc = json.loads(line)
            except (json.JSONDecodeError, RecursionError):
                raise BadInput("that is not valid JSON") from None
            return self._legal_or_refuse(seat, game.decode_action(doc), legal)
        # a menu line cut short on screen ("drive to tile 21, lane 3: 6 sp…") is
        # the start of its action's text
        line = line.removesuffix("…").removesuffix("...").rstrip()
        folded = line.casefold()
        described = [(game.describe_choice(self.state, seat, a).casefold(),
                      game.describe_action(a).casefold(), a) for a in legal]
        exact = [a for c, d, a in described if folded in (c, d)]
        if len(exact) == 1:
            return exact[0]
        matches = exact or [a for c, d, a in described
                            if c.startswith(folded) or d.startswith(folded)]
        if len(matches) == 1:
            return matches[0]
        if matches:
            names = "; ".join(game.describe_choice(self.state, seat, a) for a in matches[:6])
            raise BadInput(f"{line!r} matches several actions: {names}")
        raise BadInput(f"{line!r} is neither a legal action nor a command; type a number "
                       f"from 1 to {len(legal)}, or help")

    def _legal_or_refuse(self, seat: Seat, action, legal: list):
        if action in legal:
            # the action as sent, not the listed one: the log must read the
            # same when the race is rebuilt from its record
            return action
        refusal = self.game.refusal(self.state, seat, action)
        if refusal is None:           # legal under the step's own matching
            return action
        raise refusal

    def refusal(self, seat: Seat, action) -> IllegalAction:
        if self.over:
            return IllegalAction("the race is over")
        if seat not in self.game.to_act(self.state):
            return IllegalAction("it is not your turn")
        return self.game.refusal(self.state, seat, action) or IllegalAction("not legal now")

    # ---- undo -----------------------------------------------------------------------------
    def undo_point(self, seat: Seat) -> tuple[int | None, str]:
        """The number of entries to keep for `seat`'s undo, or None and why not."""
        if self.over:
            return None, "the race is over"
        mine = [i for i, e in enumerate(self.entries) if e.seat == seat and e.by == "human"]
        if not mine:
            return None, "you have no action to take back"
        i = mine[-1]
        for e in self.entries[i + 1:]:
            if e.by == "forced":            # nobody chose it: it goes with what led to it
                continue
            if e.seat != seat and (e.by == "human" or self.controllers[e.seat] == "human"):
                return None, f"{self.name(e.seat)} acted after your last action"
        for e in self.entries[i:]:
            if type(e.action) is Overrun:      # an offence is not taken back
                return None, "you went over the time limit since your last action"
            if e.reveals_to(seat):
                return None, ("something hidden or random was revealed since your last "
                              "action")
        return i, ""

    def rebuild_to(self, ply: int) -> tuple[object, list[Entry]]:
        """The state and entries after the first `ply` entries."""
        state = self.game.clone(self.initial)
        entries = [self.step(state, e.seat, e.action, e.by) for e in self.entries[:ply]]
        return state, entries

    def undo(self, seat: Seat) -> tuple[list[Entry], str]:
        """Take back `seat`'s last action (and the bots' replies after it):
        the entries removed, or [] and the reason."""
        ply, why = self.undo_point(seat)
        if ply is None:
            return [], why
        removed = self.entries[ply:]
        self.state, self.entries = self.rebuild_to(ply)
        return removed, ""

    # ---- the log as each viewer reads it ------------------------------------------------
    def action_text(self, entry: Entry, viewer: Seat | None) -> str:
        if self.over:
            return self.game.describe_action(entry.action)
        return self.game.action_text(entry.step, entry.seat, entry.action, viewer)

    def event_texts(self, entry: Entry, viewer: Seat | None) -> list[tuple[str, str]]:
        """(text, rule) of each event of the entry that `viewer` sees."""
        return event_texts(self.game, self.state, entry.events, viewer)

    def opening_lines(self, viewer: Seat | None) -> list[str]:
        """The log of the race's opening steps as `viewer` may read it."""
        return [f"    {t}  ({r})" for t, r in event_texts(self.game, self.state, self.opening,
                                                         viewer)]

    def lines(self, entry: Entry, viewer: Seat | None) -> list[str]:
        """The log lines of an entry (and of the forced steps after it)."""
        out: list[str] = []
        run, at, n = "", 0, 0     # a run of one seat's same forced step: one head, "×N"
        for e in entry.all():
            head = f"{e.who or self.name(e.seat)}: {self.action_text(e, viewer)}"
            if e.by == "forced" and head == run:
                n += 1
                out[at] = f"{head} ×{n} (the only choice)"
            elif e.by == "forced":
                run, at, n = head, len(out), 1
                out.append(f"{head} (the only choice)")
            else:
                run = ""
                out.append(head)
            out += [f"    {t}  ({r})" for t, r in self.event_texts(e, viewer)]
        return out

    # ---- timers and records ------------------------------------------------------------
    def time_limit(self, seat: Seat) -> float | None:
        return self.game.time_limit(self.state, seat)

    def timeout_action(self, seat: Seat):
        return self.game.timeout_action(self.state, seat)

    def record(self):
        if self.from_position:
            raise BadInput("this race started from a position; a record replays from a "
                           "fresh race")
        return record_of(self.game, self.config, self.seed,
                         [(e.seat, e.action) for e in self.entries], self.state)


def event_texts(game: Game, state, events, viewer) -> list[tuple[str, str]]:
    """(text, rule) of each event `viewer` sees, as it sees it; a rule the
    game cited at the end of its text is shown once, in its own place."""
    out = []
    for ev in events:
        seen = ev.seen_by(viewer)
        if seen is not None:
            out.append((describe_cited(game, state, seen), seen.rule))
    return out


def describe_cited(game: Game, state, ev) -> str:
    """An event's text without the rule the game cited at its end: the log
    shows the rule once, in its own place."""
    text, tail = game.describe(ev, state), f"({ev.rule})"
    return text[:-len(tail)].rstrip() if ev.rule and text.endswith(tail) else text


def seat_name(game: Game, state, seat: Seat) -> str:
    """A seat's name for players (public: from the state alone)."""
    return game.seat_names(state).get(seat) or f"player {seat + 1}"


def log_text(game: Game, state, step, seat: Seat, action, events, viewer,
             who: str | None = None) -> list[str]:
    """The log lines of one step as `viewer` reads them (for tools and tests
    that play without a Session); `who`: the seat's name when it chose
    (default: its name in `state`)."""
    head = f"{who or seat_name(game, state, seat)}: {game.action_text(step, seat, action, viewer)}"
    return [head] + [f"    {t}  ({r})" for t, r in event_texts(game, state, events, viewer)]
