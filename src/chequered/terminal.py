"""Playing a race in the terminal: the interactive loop behind `chequered race`.

Non-human seats act on their own and each action is printed in one line with
the events it caused; a human seat sees its own view, a numbered menu of its
legal actions and a prompt. The prompt accepts a number, an action's text (or
a unique prefix of it), an action as a JSON object, or one of the commands
`help`, `undo`, `show`, `save FILE` and `quit`.

The race, its undo policy (BGA's), the parsing of typed input and the log as
the person at the keyboard may read it are engine/session.py's; this module
only reads lines and prints.

Input is read line by line from stdin, so the loop works in a terminal, under
tmux and with piped input; end of input means quit.
"""
from __future__ import annotations

import os
from pathlib import Path
import select
from contextlib import nullcontext
import textwrap
import sys
import time

from rich.console import Console
from rich.table import Table

from .agents.search_kind import is_search_kind
from .engine.protocol import BadInput, Game, IllegalAction, Overrun, Result, Seat
from .engine.session import Entry
from .engine.session import Session as RaceSession
from .terminal_menu import SCREEN_COLS, SCREEN_ROWS, Menu, build_menu, menu_lines  # noqa: F401

COMMANDS = ("help", "help rules", "undo", "show", "save FILE", "quit")


class Quit(Exception):
    """The player asked to stop (quit, end of input or Ctrl-C)."""

    def __init__(self, interrupted: bool = False, eof: bool = False):
        super().__init__("quit")
        self.interrupted = interrupted
        self.eof = eof            # input ended: nobody is there to answer


def result_table(game: Game, result: Result, title: str | None = None) -> Table:
    """The classification as a rich table."""
    table = Table(title=title or "Classification")
    table.add_column("Pos", justify="right")
    table.add_column("Name")
    table.add_column("Laps", justify="right")
    table.add_column("Points", justify="right")
    table.add_column("Notes")
    for pos, seat in enumerate(result.classification, start=1):
        table.add_row(str(pos), result.names.get(seat) or f"player {seat + 1}",
                      _str(result.laps.get(seat)), _str(result.points.get(seat)),
                      result.notes.get(seat, ""))
    return table


def _str(value) -> str:
    return "" if value is None else str(value)


class Session:
    """One interactive race in the terminal. `run()` returns the exit status.

    The race itself (entries, undo, parsing, the log per viewer) is an
    engine/session.Session; this class only reads lines and prints."""

    def __init__(self, game: Game, config, seed: int, state, agents: dict,
                 *, record_path: str | None = None, from_position: bool = False,
                 read_line=None, out=None, fine_moves: bool = False, resume=None):
        self.game = game
        self.agents = agents
        # A fresh race is started here, so that its opening steps are logged;
        # a saved one (`resume`, a Record) is played on to where it stopped.
        if resume is not None:
            self.race = RaceSession.resumed(game, resume)
        else:
            self.race = RaceSession(game, config, seed, state=state if from_position else None)
        self.resumed = resume is not None
        self.race.fine = fine_moves
        self.humans = frozenset(s for s, k in enumerate(config.seats) if k == "human")
        # The log is printed as the one person at the keyboard sees it; with
        # several people sharing the screen (hot-seat), as a spectator does.
        self.viewer = next(iter(self.humans)) if len(self.humans) == 1 else None
        self.record_path = record_path
        self._read_line = read_line or _read_stdin_line
        self._out = out
        self._shown = None             # the seat whose own screen was shown last
        self._recent: list[str] = []   # the last log lines, shown again after a hand-over

    @property
    def state(self):
        return self.race.state

    @property
    def config(self):
        return self.race.config

    @property
    def steps(self) -> list[Entry]:
        return self.race.entries

    # ---- output ------------------------------------------------------------
    @property
    def out(self):
        return self._out or sys.stdout

    def say(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    def menu_width(self) -> int:
        """The board is laid out for 100 columns; a wider terminal lets the
        menu's columns hold long moves whole. Never narrower, and 100 when
        the output is not a terminal (a file, a test)."""
        size = self._terminal_size()
        return SCREEN_COLS if size is None else max(SCREEN_COLS, size.columns - 1)

    def menu_rows(self) -> int:
        """Lines a decision may fill: 40, or more in a taller terminal (a
        long menu then keeps one column, its moves whole)."""
        size = self._terminal_size()
        return SCREEN_ROWS if size is None else max(SCREEN_ROWS, size.lines - 1)

    def _terminal_size(self):
        out = self.out
        if not (hasattr(out, "isatty") and out.isatty()):
            return None
        try:
            return os.get_terminal_size(out.fileno())
        except (OSError, ValueError):
            return None

    def label(self, seat: Seat) -> str:
        return self.race.name(seat)

    # ---- the loop ----------------------------------------------------------
    def run(self) -> int:
        game = self.game
        size = self._terminal_size()
        if size is not None and (size.columns < SCREEN_COLS or size.lines < SCREEN_ROWS):
            # the board and the menus are laid out for 100 x 40: narrower, the
            # terminal breaks their lines mid-word; say so once, plainly
            for line in textwrap.wrap(
                    f"(this terminal is {size.columns} x {size.lines}; the race is drawn "
                    f"for {SCREEN_COLS} x {SCREEN_ROWS} or larger: widen the window for "
                    "the best view)", max(20, size.columns - 1)):
                self.say(line)
        if len(self.humans) > 1:
            self.say("hot-seat: " + ", ".join(self.label(s) for s in sorted(self.humans))
                     + " are played at this keyboard")
        if self.resumed:
            self.say(f"resumed after {len(self.steps)} actions")
        else:
            self.say_log(self.race.opening_lines(self.viewer))
        try:
            for entry in self.race.settle():       # a first decision nobody need be asked
                self.log(entry)
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
        if not self.write_record():
            self.offer_save("Save the record of this race (to replay it)?")
        return 0

    def stop(self, q: Quit) -> int:
        if q.interrupted:
            self.say("\ninterrupted")
        self.say(f"quit after {len(self.steps)} actions")
        if not self.write_record() and self.steps:
            if q.interrupted:
                # Ctrl-C is no time for a question, and a race cut short by a
                # slip of the finger should not be lost: it is saved at once
                self.save_somewhere()
            elif not q.eof:
                self.offer_save("Save this race to continue it later "
                                "(chequered race --resume FILE)?")
        return 130 if q.interrupted else 0

    def save_somewhere(self) -> bool:
        """Save the race under a name no file has yet, here or else in the
        temporary folder (an interrupted race)."""
        if self.race.from_position:
            return False
        import tempfile
        base = f"{self.game.name}-{self.race.seed}"
        for folder in (Path.cwd(), Path(tempfile.gettempdir())):
            for n in range(1, 100):
                path = folder / (f"{base}.json" if n == 1 else f"{base}-{n}.json")
                if path.exists():
                    continue
                here = folder == Path.cwd()
                if os.access(folder, os.W_OK) and self.save(path.name if here else str(path)):
                    return True
                break
        return False

    def offer_save(self, question: str) -> None:
        """Ask for a file to save the race to; a blank answer (or no input)
        saves nothing. Asked again (three times at most) until a file could
        be written or the player declines."""
        if self.race.from_position:
            return
        default = f"{self.game.name}-{self.race.seed}.json"
        for _ in range(3):           # then give up: nobody seems to be answering this
            try:
                answer = self._read_line(f"{question} File name [{default}], or 'no': ")
            except KeyboardInterrupt:
                return
            if answer is None or answer is TIMEOUT:
                return
            answer = answer.strip()
            if answer.lower() in ("n", "no", "quit", "exit", "q"):
                return
            if answer.lower() in ("y", "yes", "ok"):   # a yes to the question: the default file
                answer = ""
            if answer.isdigit():     # a menu number typed on: not a file name
                self.say("that looks like a menu number; give a file name, or 'no'")
                continue
            if self.save(answer or default):
                return

    def hand_over(self, seat: Seat) -> None:
        """Hot-seat with hidden hands: the screen that showed one player's
        hand is cleared (its scrollback too), and the next player's waits
        until they have the keyboard. Only on a screen: a file or a pipe
        has nobody looking over a shoulder."""
        if not (hasattr(self.out, "isatty") and self.out.isatty()):
            return
        self.out.write("\033[H\033[2J\033[3J")
        try:
            answer = self._read_line(f"Pass the keyboard to {self.label(seat)}, then press "
                                     "Enter (nobody else looking at the screen) ")
        except KeyboardInterrupt:
            raise Quit(interrupted=True) from None
        if answer is None:
            raise Quit(eof=True)
        # what happened since, cleared with the screen: the log is every
        # player's to read (in hot-seat it is printed as a spectator sees it)
        recent, self._recent = self._recent, []
        self.say_log(recent)

    def agent_turn(self, seat: Seat) -> None:
        kind = self.race.controllers[seat]
        # a search takes seconds: on a screen, say who is thinking, not a frozen screen
        thinking = (Console(file=self.out).status(f"{self.label(seat)} is thinking ({kind})...")
                    if is_search_kind(kind) and self.out.isatty() else nullcontext())
        with thinking:
            action = self.agents[seat].choose(self.game, self.state, seat)
        self.log(self.race.act(seat, action, by=kind))

    def log(self, entry: Entry) -> None:
        self.say_log(self.race.lines(entry, self.viewer))

    def say_log(self, lines: list[str]) -> None:
        """Log lines; a long one wraps between words, its rest indented under it."""
        width = self.menu_width()
        if len(self.humans) > 1:         # only a hot-seat hand-over shows them again
            self._recent = (self._recent + list(lines))[-RECENT_LINES:]
        for line in lines:
            if len(line) <= width:
                self.say(line)
                continue
            indent = " " * (len(line) - len(line.lstrip()) + 2)
            for part in textwrap.wrap(line, width, subsequent_indent=indent):
                self.say(part)

    def human_turn(self, seat: Seat) -> None:
        game = self.game
        self.say("")
        if len(self.humans) > 1:
            if game.spec.hidden_information and seat != self._shown:
                self.hand_over(seat)
            self.say(f"=== {self.label(seat)}, your turn ===")
        self._shown = seat
        self.show(seat)
        limit = self.race.time_limit(seat)
        deadline = time.monotonic() + limit if limit else None
        if limit:
            clock = "time limit" if game.overruns else "sand timer"
            self.say(f"({clock}: {limit:g} s for this move)")
        while True:
            try:
                if deadline is None:
                    line = self._read_line(f"{self.label(seat)}> ")
                else:
                    line = self._read_line(f"{self.label(seat)}> ",
                                           timeout=max(0.0, deadline - time.monotonic()))
            except KeyboardInterrupt:
                raise Quit(interrupted=True) from None
            if line is TIMEOUT and game.overruns:
                # An offence the player is told of; they still decide (FGP 15.12).
                self.log(self.race.act(seat, Overrun(), by="timeout"))
                if seat not in self.race.to_act():
                    return
                deadline = time.monotonic() + limit
                self.say(f"(a new {limit:g} s for this move)")
                continue
            if line is TIMEOUT:
                # The sand timer ran out: the rules choose (BOLIDE 3).
                action = self.race.timeout_action(seat)
                self.say(f"time is up! {game.describe_action(action)}")
                self.log(self.race.act(seat, action, by="timeout"))
                return
            if line is None:                  # end of input
                raise Quit(eof=True)
            line = line.strip()
            if not line:
                continue
            word, _, rest = line.partition(" ")
            word = word.lower()
            if word in ("quit", "exit") and not rest:
                raise Quit()
            if word in ("help", "?") and rest.strip().lower() in ("rules", "card"):
                self.say(game.help(self.state, seat))
                continue
            if word in ("help", "?") and not rest:
                self.say(self.brief_help(seat))
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
                action = self.from_group(seat, line)
                if action is None:
                    continue
                action = self.race.parse(seat, line) if action is TYPED else action
            except BadInput as exc:
                self.say(f"not understood: {exc}")
                continue
            except IllegalAction as exc:
                self.say(f"illegal: {_reason(exc)}")
                continue
            if not self.confirmed(seat, action, line):
                self.say("not done; choose again")
                continue
            self.log(self.race.act(seat, action, by="human"))
            return

    def show(self, seat: Seat) -> None:
        for line in self.screen(seat):
            self.say(line)

    def screen(self, seat: Seat) -> list[str]:
        """What a decision shows: the board as this seat sees it, whose turn
        and what is decided, and the numbered menu, laid out in columns
        when it is long so that the whole fits one 100x40 terminal."""
        game = self.game
        width = self.menu_width()
        lines = game.render_text(game.view(self.state, seat),
                                 screen=(width, self.menu_rows())).splitlines()
        turn = game.turn(self.state, whole=not self.race.fine)
        if turn and turn["deciding"]:
            lines += ["", *textwrap.wrap(f"{self.label(seat)}: {turn['deciding']}"
                                         + (f" ({turn['rule']})" if turn["rule"] else ""),
                                         width, subsequent_indent="  ")]
        legal = self.race.legal(seat)
        items = [game.describe_choice(self.state, seat, a) for a in legal]
        room = max(6, self.menu_rows() - 3 - len(lines))
        self.menu = build_menu(legal, items, room, width)
        self.menu.legal = legal
        lines += self.menu.lines(room, width)
        if self.menu.grouped:
            lines.append("  (a number with \"ways\" lists the moves that end there)")
        lines.append("  (a number or an action; help, help rules, undo, save FILE, quit)")
        return lines

    def from_group(self, seat: Seat, line: str):
        """A number on a grouped menu (terminal_menu): its action, or, for
        several moves to one space, the one chosen from their list (None:
        nothing chosen). TYPED: the line is read as usual."""
        menu = getattr(self, "menu", None)
        if menu is None or not menu.grouped or not line.isdigit():
            return TYPED
        n = int(line)
        if not 1 <= n <= len(menu.entries):
            raise BadInput(f"there is no choice {n}; choose 1 to {len(menu.entries)}")
        legal = menu.legal
        text, idx = menu.entries[n - 1]
        if len(idx) == 1:
            return legal[idx[0]]
        self.say(f"{text}:")
        for k, i in enumerate(idx, start=1):
            self.say_log([f"  {k:>2}. {self.game.describe_choice(self.state, seat, legal[i])}"])
        answer = self._read_line("which way? (a number, or Enter to go back) ")
        if answer is None:
            raise Quit(eof=True)
        answer = answer.strip() if answer is not TIMEOUT else ""
        if answer.isdigit() and 1 <= int(answer) <= len(idx):
            return legal[idx[int(answer) - 1]]
        self.say("nothing chosen")
        return None

    def confirmed(self, seat: Seat, action, typed: str = "") -> bool:
        """An action that harms the player's own race for good is taken only
        after a yes, or the same choice typed again (Game.confirm says which)."""
        warning = self.game.confirm(self.state, seat, action)
        if not warning:
            return True
        self.say(f"Careful: {warning}")
        again = f" (or {typed} again)" if typed and len(typed) < 12 else ""
        answer = self._read_line(f"Type yes{again} to do it, anything else to choose again: ")
        if answer is None:
            raise Quit(eof=True)
        if answer is TIMEOUT:
            return False
        answer = answer.strip()
        return answer.lower() in ("y", "yes") or (bool(typed) and answer == typed.strip())

    def brief_help(self, seat: Seat) -> str:
        """The current decision in a few lines; `help rules` gives the card."""
        turn = self.game.turn(self.state, whole=not self.race.fine) or {}
        out = []
        if turn.get("deciding"):
            out.append(f"You {turn['deciding']}"
                       + (f" ({turn['rule']})." if turn.get("rule") else "."))
        if turn.get("explain"):
            out.append(turn["explain"])
        out.append("Type a number from the menu, or the start of an action's text. "
                   "Commands: " + ", ".join(COMMANDS) + ".")
        out.append("`help rules` shows the full reference card of this game.")
        return "\n".join(textwrap.fill(line, SCREEN_COLS - 1) for line in out)

    def parse(self, seat: Seat, line: str):
        return self.race.parse(seat, line)

    # ---- undo and records --------------------------------------------------
    def undo(self, seat: Seat) -> bool:
        """Take back `seat`'s last action if the policy allows; say why not."""
        removed, why = self.race.undo(seat)
        if not removed:
            self.say(f"cannot undo: {why}")
            return False
        n = len(removed) - 1
        self.say(f"undone: {self.game.describe_action(removed[0].action)}"
                 + (f" (and {n} later action{'s' if n != 1 else ''} by other seats)" if n else ""))
        return True

    def record(self):
        return self.race.record()

    def save(self, path: str) -> bool:
        if not path:
            self.say("save needs a file name: save FILE")
            return False
        if self.race.from_position:
            self.say("cannot save: this race started from a position, and a record "
                     "replays from a fresh race")
            return False
        try:
            self.record().save(path)
        except OSError as exc:
            self.say(f"cannot save to {path}: {exc.strerror or exc}")
            return False
        self.say(f"saved {len(self.steps)} actions to {path}"
                 + ("" if self.race.over else f" (continue with: chequered race --resume {path})"))
        return True

    def write_record(self) -> bool:
        """Write the record to --record FILE, if given; whether it was."""
        if self.record_path is None or self.race.from_position:
            return False
        try:
            self.record().save(self.record_path)
        except OSError as exc:
            print(f"error: cannot write record {self.record_path}: {exc.strerror or exc}",
                  file=sys.stderr)
            return False
        self.say(f"record written to {self.record_path}")
        return True


def _reason(exc: Exception) -> str:
    text = str(exc)
    rule = getattr(exc, "rule", None)
    if rule and rule not in text:
        text = f"{rule}: {text}"
    return text


TIMEOUT = object()     # what a timed read returns when the time runs out
RECENT_LINES = 30      # log lines shown again after a hot-seat hand-over
TYPED = object()       # a line to be read as typed (not a grouped menu's number)


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
