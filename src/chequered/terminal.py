"""Playing a race in the terminal: the interactive loop behind `chequered race`.

Non-human seats act on their own and each action is printed in one line with
the events it caused; a human seat sees its own view, a numbered menu of its
legal actions and a prompt. The prompt accepts a number, an action's text (or
a unique prefix of it), an action as a JSON object, or one of the commands
`help`, `undo`, `show`, `save FILE` and `quit`.

Undo follows BGA's policy: a human may take back their own last action if
since then only non-human seats have acted and nothing hidden or random was
revealed (no event with reveal=True, the action's own events included).

Input is read line by line from stdin, so the loop works in a terminal, under
tmux and with piped input; end of input means quit.
"""
from __future__ import annotations

import json
import select
import sys
import time
from dataclasses import dataclass

from rich.console import Console
from rich.table import Table

from .engine.protocol import BadInput, Game, IllegalAction, Result, Seat
from .engine.records import record_of

COMMANDS = ("help", "undo", "show", "save FILE", "quit")


class Quit(Exception):
    """The player asked to stop (quit, end of input or Ctrl-C)."""

    def __init__(self, interrupted: bool = False):
        super().__init__("quit")
        self.interrupted = interrupted


@dataclass(slots=True)
class Step:
    """One applied action, with what undo needs to know about it."""

    seat: Seat
    action: object
    human: bool
    before: object | None      # the state before a human action (for undo)
    reveal: bool               # its events revealed hidden info or a random outcome


def result_table(game: Game, result: Result, title: str | None = None) -> Table:
    """The classification as a rich table."""
    table = Table(title=title or "Classification")
    table.add_column("Pos", justify="right")
    table.add_column("Seat", justify="right")
    table.add_column("Name")
    table.add_column("Laps", justify="right")
    table.add_column("Points", justify="right")
    table.add_column("Notes")
    for pos, seat in enumerate(result.classification, start=1):
        table.add_row(str(pos), str(seat), result.names.get(seat, ""),
                      _str(result.laps.get(seat)), _str(result.points.get(seat)),
                      result.notes.get(seat, ""))
    return table


def _str(value) -> str:
    return "" if value is None else str(value)


class Session:
    """One interactive race. `run()` returns the exit status."""

    def __init__(self, game: Game, config, seed: int, state, agents: dict,
                 *, record_path: str | None = None, from_position: bool = False,
                 read_line=None, out=None):
        self.game = game
        self.config = config
        self.seed = seed
        self.state = state
        self.agents = agents
        self.humans = frozenset(s for s, k in enumerate(config.seats) if k == "human")
        self.kinds = list(config.seats)
        self.record_path = record_path
        self.from_position = from_position
        self.steps: list[Step] = []
        self._read_line = read_line or _read_stdin_line
        self._out = out

    # ---- output ------------------------------------------------------------
    @property
    def out(self):
        return self._out or sys.stdout

    def say(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    def label(self, seat: Seat) -> str:
        name = self.game.seat_names(self.state).get(seat) or self.kinds[seat]
        return f"seat {seat} ({name})"

    # ---- the loop ----------------------------------------------------------
    def run(self) -> int:
        game = self.game
        if len(self.humans) > 1:
            self.say(f"hot-seat: seats {', '.join(map(str, sorted(self.humans)))} are human")
        try:
            while True:
                seats = game.to_act(self.state)
                if not seats:
                    break
                seat = min(seats)
                if seat in self.humans:
                    self.human_turn(seat)
                else:
                    self.agent_turn(seat)
        except KeyboardInterrupt:
            return self.stop(Quit(interrupted=True))
        except Quit as q:
            return self.stop(q)
        self.say("")
        self.say("The race is over.")
        Console(file=self.out, highlight=False).print(
            result_table(game, game.result(self.state)))
        self.write_record()
        return 0

    def stop(self, q: Quit) -> int:
        if q.interrupted:
            self.say("\ninterrupted")
        self.say(f"quit after {len(self.steps)} actions")
        self.write_record()
        return 130 if q.interrupted else 0

    def agent_turn(self, seat: Seat) -> None:
        action = self.agents[seat].choose(self.game, self.state, seat)
        events = self.game.apply(self.state, seat, action)
        self.steps.append(Step(seat, action, False, None, _reveals(events)))
        self.log(seat, action, events)

    def log(self, seat: Seat, action, events) -> None:
        self.say(f"{self.label(seat)}: {self.game.describe_action(action)}")
        for ev in events:
            self.say(f"    {self.game.describe(ev, self.state)}")

    def human_turn(self, seat: Seat) -> None:
        game = self.game
        self.say("")
        if len(self.humans) > 1:
            self.say(f"=== {self.label(seat)}, your turn ===")
        self.show(seat)
        limit = game.time_limit(self.state, seat)
        deadline = time.monotonic() + limit if limit else None
        if limit:
            self.say(f"(sand timer: {limit:g} s for this move)")
        while True:
            try:
                if deadline is None:
                    line = self._read_line(f"{self.label(seat)}> ")
                else:
                    line = self._read_line(f"{self.label(seat)}> ",
                                           timeout=max(0.0, deadline - time.monotonic()))
            except KeyboardInterrupt:
                raise Quit(interrupted=True) from None
            if line is TIMEOUT:
                # The sand timer ran out: the rules choose (BOLIDE 3).
                line = json.dumps(game.encode_action(game.timeout_action(self.state, seat)))
                self.say(f"time is up! {line}")
            if line is None:                  # end of input
                raise Quit()
            line = line.strip()
            if not line:
                continue
            word, _, rest = line.partition(" ")
            word = word.lower()
            if word in ("quit", "exit") and not rest:
                raise Quit()
            if word in ("help", "?") and not rest:
                self.say(game.help(self.state, seat))
                self.say("commands: a number, an action's text, a JSON action, "
                         + ", ".join(COMMANDS))
                continue
            if word in ("show", "menu", "board") and not rest:
                self.show(seat)
                continue
            if word == "undo" and not rest:
                if self.undo(seat):
                    return                    # the loop asks whoever is to act now
                continue
            if word == "save":
                self.save(rest.strip())
                continue
            try:
                action = self.parse(seat, line)
            except BadInput as exc:
                self.say(f"not understood: {exc}")
                continue
            before = game.clone(self.state)
            try:
                events = game.apply(self.state, seat, action)
            except (IllegalAction, BadInput) as exc:
                self.say(f"illegal: {_reason(exc)}")
                continue
            self.steps.append(Step(seat, action, True, before, _reveals(events)))
            self.log(seat, action, events)
            return

    def show(self, seat: Seat) -> None:
        game = self.game
        self.say(game.render_text(game.view(self.state, seat)))
        self.say("")
        for i, action in enumerate(game.legal_actions(self.state, seat), start=1):
            self.say(f"  {i:>2}. {game.describe_choice(self.state, seat, action)}")
        self.say("  (type a number or an action; help, undo, save FILE, quit)")

    # ---- input -------------------------------------------------------------
    def parse(self, seat: Seat, line: str):
        """An action from a menu number, an action's text or a JSON object."""
        game = self.game
        legal = game.legal_actions(self.state, seat)
        if line.isdigit():
            n = int(line)
            if not 1 <= n <= len(legal):
                raise BadInput(f"there is no action {n}; choose 1 to {len(legal)}")
            return legal[n - 1]
        if line.startswith("{"):
            try:
                doc = json.loads(line)
            except json.JSONDecodeError as exc:
                raise BadInput(f"not valid JSON ({exc})") from None
            action = game.decode_action(doc)
            if action in legal:
                return action
            # Not in the legal list: let the rules say why, without risking
            # the state (apply leaves it untouched, but a malformed action
            # may trip over something unexpected).
            try:
                game.apply(game.clone(self.state), seat, action)
            except IllegalAction:
                return action                 # apply() on the real state reports it
            except Exception:
                raise BadInput(f"{line} is not one of the legal actions") from None
            return action
        text = line.casefold()
        described = [(game.describe_action(a).casefold(), a) for a in legal]
        exact = [a for d, a in described if d == text]
        if len(exact) == 1:
            return exact[0]
        matches = exact or [a for d, a in described if d.startswith(text)]
        if len(matches) == 1:
            return matches[0]
        if matches:
            names = "; ".join(game.describe_action(a) for a in matches[:6])
            raise BadInput(f"{line!r} matches several actions: {names}")
        raise BadInput(f"{line!r} is neither a legal action nor a command; type a number "
                       f"from 1 to {len(legal)}, or help")

    # ---- undo and records --------------------------------------------------
    def undo(self, seat: Seat) -> bool:
        """Take back `seat`'s last action if the policy allows; say why not."""
        mine = [i for i, s in enumerate(self.steps) if s.seat == seat and s.human]
        if not mine:
            self.say("cannot undo: you have no action to take back")
            return False
        i = mine[-1]
        later = self.steps[i + 1:]
        others = sorted({s.seat for s in later if s.human})
        if others:
            self.say(f"cannot undo: {', '.join(self.label(s) for s in others)} "
                     f"acted after your last action")
            return False
        if any(s.reveal for s in self.steps[i:]):
            self.say("cannot undo: hidden information or a random outcome was revealed "
                     "since your last action")
            return False
        step = self.steps[i]
        self.state = step.before
        del self.steps[i:]
        n = len(later)
        self.say(f"undone: {self.game.describe_action(step.action)}"
                 + (f" (and {n} later action{'s' if n != 1 else ''} by other seats)" if n else ""))
        return True

    def record(self):
        return record_of(self.game, self.config, self.seed,
                         [(s.seat, s.action) for s in self.steps], self.state)

    def save(self, path: str) -> None:
        if not path:
            self.say("save needs a file name: save FILE")
            return
        if self.from_position:
            self.say("cannot save: this race started from a position, and a record "
                     "replays from a fresh race")
            return
        try:
            self.record().save(path)
        except OSError as exc:
            self.say(f"cannot save to {path}: {exc.strerror or exc}")
            return
        self.say(f"saved {len(self.steps)} actions to {path}")

    def write_record(self) -> None:
        if self.record_path is None or self.from_position:
            return
        try:
            self.record().save(self.record_path)
        except OSError as exc:
            print(f"error: cannot write record {self.record_path}: {exc.strerror or exc}",
                  file=sys.stderr)
            return
        self.say(f"record written to {self.record_path}")


def _reveals(events) -> bool:
    return any(getattr(ev, "reveal", False) for ev in events)


def _reason(exc: Exception) -> str:
    text = str(exc)
    rule = getattr(exc, "rule", None)
    if rule and rule not in text:
        text = f"{rule}: {text}"
    return text


TIMEOUT = object()     # what a timed read returns when the time runs out


def _read_stdin_line(prompt: str, timeout: float | None = None):
    """One line from stdin, None at end of input, TIMEOUT when `timeout`
    seconds pass first. When stdin is not a terminal the line is echoed, so
    that piped transcripts read well."""
    if timeout is not None:
        print(prompt, end="", flush=True)
        ready, _, _ = select.select([sys.stdin], [], [], timeout)
        if not ready:
            print(flush=True)
            return TIMEOUT
        prompt = ""
    try:
        line = input(prompt)
    except EOFError:
        print(file=sys.stdout, flush=True)
        return None
    stdin = sys.stdin
    if not (hasattr(stdin, "isatty") and stdin.isatty()):
        print(line, file=sys.stdout, flush=True)
    return line


def enable_line_editing() -> None:
    """Arrow keys and history at the prompt when stdin is a terminal."""
    if sys.stdin.isatty():
        try:
            import readline  # noqa: F401
        except ImportError:       # pragma: no cover - not on every platform
            pass
