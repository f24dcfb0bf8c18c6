"""The `chequered` command line (typer + rich).

    chequered games [--json]                  the registered games
    chequered race GAME [options]             play a race (interactive with human seats)
    chequered replay FILE [--json]            verify a record and print its result
    chequered bench [GAME] [--json]           throughput figures
    chequered bolide check-track FILE         check a Bolide circuit file

Bad input (unknown game, track, rule level, seat kind or option, a malformed
record or position, a missing file) gets one line on stderr starting with
"error:" and exit status 2, never a traceback. A record that does not replay
exits 1.
"""
from __future__ import annotations

import contextlib
import json
import os
import secrets
import sys
import tomllib
from pathlib import Path
from typing import Annotated, Optional

import typer
from pydantic import ValidationError
from rich.console import Console
from rich.table import Table

from .engine import registry
from .engine.protocol import BadInput, Game
from .engine.records import Record, ReplayError, record_of, replay as replay_record

app = typer.Typer(
    name="chequered",
    help="Tabletop racing games with their rules enforced.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

EXIT_BAD_INPUT = 2
EXIT_REPLAY_FAILED = 1


# ---- errors ------------------------------------------------------------------
def fail(message: str, status: int = EXIT_BAD_INPUT, prefix: str = "error: "):
    """One line on stderr, then exit with `status`."""
    line = " ".join(str(message).split())        # one line, whatever the message
    print(f"{prefix}{line}", file=sys.stderr, flush=True)
    raise typer.Exit(status)


def _message(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.filename is not None:
        return f"{exc.filename}: {exc.strerror or exc}"
    if isinstance(exc, ValidationError):
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err.get("loc", ())) or "input"
        return f"{where}: {err.get('msg')}"
    return str(exc) or type(exc).__name__


@contextlib.contextmanager
def user_errors():
    """Turn bad input into one stderr line and exit status 2."""
    try:
        yield
    except BrokenPipeError:
        raise                   # the reader went away (| head): main() ends quietly
    except (BadInput, OSError, ValidationError, json.JSONDecodeError,
            tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        fail(_message(exc))


def stdout_console() -> Console:
    return Console(highlight=False)


def print_json(doc) -> None:
    print(json.dumps(doc, indent=1, ensure_ascii=False), flush=True)


# ---- chequered games -----------------------------------------------------------
def game_doc(game: Game) -> dict:
    return {"name": game.name, "title": game.title, "tracks": list(game.tracks()),
            "rules": list(game.rule_levels()), "bots": list(game.bots()),
            "options": list(game.options()), "notes": game.notes(),
            "track_names": game.track_names()}


@app.command()
def games(
    game_name: Annotated[Optional[str], typer.Argument(
        metavar="[GAME]", help="One game: what each seat kind, rule level and option means.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="A JSON list instead of a table.")] = False,
):
    """List every game with its tracks, rule levels, seat kinds and options."""
    with user_errors():
        chosen = registry.games() if game_name is None else [registry.game(game_name)]
        docs = [game_doc(g) for g in chosen]
    if as_json:
        print_json(docs if game_name is None else docs[0])
        return
    if game_name is not None:
        stdout_console().print(_game_table(docs[0]))
        return
    table = Table(title="Games", show_lines=True,
                  caption="chequered games GAME: what each seat kind, rule level and option means")
    # one name a line: a name is never cut in two in an 80-column terminal
    table.add_column("Game", min_width=9)
    for col in ("Tracks", "Rules", "Seat kinds", "Options"):
        table.add_column(col, no_wrap=True)
    for d in docs:
        table.add_row(f"{d['name']}\n[dim]{d['title']}[/dim]", "\n".join(d["tracks"]),
                      "\n".join(d["rules"]), "\n".join(["human", *d["bots"]]),
                      "\n".join(d["options"]) or "-")
    stdout_console().print(table)


def _game_table(d: dict) -> Table:
    """One game's choices, each with what it means (Game.note)."""
    table = Table(title=f"{d['title']} ({d['name']})", show_header=False)
    table.add_column("", style="bold", no_wrap=True)
    table.add_column("", no_wrap=True)
    table.add_column("")
    notes = d["notes"]
    sections = [("--track", d["tracks"]), ("--rules", d["rules"]),
                ("--seats", ["human", *d["bots"]]), ("--opt", d["options"])]
    tracks = {k: v for k, v in d["track_names"].items() if v != k}
    for heading, names in sections:
        table.add_section()
        for i, name in enumerate(names):
            note = tracks.get(name, "") if heading == "--track" else notes.get(name, "")
            table.add_row(heading if i == 0 else "", name, note)
    return table


# ---- chequered race --------------------------------------------------------------
def parse_seats(text: str) -> list[str]:
    kinds = [s.strip() for s in text.split(",")]
    if not text.strip() or not all(kinds):
        raise BadInput(f"--seats must be a comma-separated list of seat kinds, got {text!r}")
    return kinds


def _check_seat_kinds(game: Game, kinds: list[str]) -> None:
    from .agents.search_kind import is_search_kind, parse_budget
    known = game.seat_kinds()
    for k in kinds:
        if is_search_kind(k):
            try:
                parse_budget(k)
            except ValueError as exc:
                raise BadInput(str(exc)) from None
        elif k not in known:
            raise BadInput(f"unknown seat kind {k!r} for {game.name}; choose from {', '.join(known)}")


@app.command()
def race(
    game_name: Annotated[Optional[str], typer.Argument(
        metavar="[GAME]", help="The game, e.g. racepace (not needed with --resume).")] = None,
    track: Annotated[Optional[str], typer.Option(help="Track or circuit name.")] = None,
    rules: Annotated[Optional[str], typer.Option(help="Rule level.")] = None,
    seats: Annotated[Optional[str], typer.Option(
        help="Comma-separated seat kinds, e.g. human,bot,bot.")] = None,
    seed: Annotated[Optional[int], typer.Option(help="Random seed (default: a fresh one, printed).")] = None,
    record: Annotated[Optional[Path], typer.Option(help="Write the race record to FILE.")] = None,
    opt: Annotated[Optional[list[str]], typer.Option(
        help="An optional rule to switch on (repeatable).")] = None,
    content: Annotated[Optional[Path], typer.Option(
        help="A directory of content files to use instead of the built-in ones.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
    position: Annotated[Optional[Path], typer.Option(
        help="Start from a position document (JSON or TOML) instead of a fresh race.")] = None,
    verbose: Annotated[bool, typer.Option(
        "--verbose", "-v", help="Without human seats: print every action and event.")] = False,
    set_: Annotated[Optional[list[str]], typer.Option(
        "--set", help="Any other config field, KEY=VALUE (repeatable), e.g. --set timer=10 "
                      "(VALUE is read as JSON when it can be).")] = None,
    fine_moves: Annotated[bool, typer.Option(
        "--fine-moves", help="Move one space at a time instead of choosing where each "
                             "move ends.")] = False,
    resume: Annotated[Optional[Path], typer.Option(
        help="Continue a race saved with `save FILE` (or offered at quit).")] = None,
):
    """Play a race. With no human seat it runs to the end and prints the classification."""
    with user_errors():
        if resume is not None:
            _resume(game_name, resume, record, fine_moves,
                    track=track, rules=rules, seats=seats, seed=seed, opt=opt, content=content,
                    position=position, set_=set_, json=as_json)
            return
        if game_name is None:
            raise BadInput("say which game to race, e.g. `chequered race racepace` "
                           f"(games: {', '.join(registry.game_names())})")
        game = registry.game(game_name)
        state = None
        if record is not None and (record.is_dir() or not record.parent.is_dir()):
            raise BadInput(f"cannot write the record {record}: "
                           + ("it is a directory" if record.is_dir()
                              else f"no directory {record.parent}"))
        if position is not None:
            given = [n for n, v in (("--track", track), ("--rules", rules), ("--opt", opt),
                                    ("--content", content)) if v]
            if given:
                raise BadInput(f"{', '.join(given)} cannot be combined with --position: "
                               "the position fixes them")
            if record is not None:
                raise BadInput("--record cannot be used with --position: a record replays "
                               "from a fresh race, not from a position")
            from .engine.positions import load_position_file
            state = load_position_file(game, position)
            config = _position_config(game, state, seats)
        else:
            overrides: dict = {}
            if seats is not None:
                overrides["seats"] = parse_seats(seats)
            if track is not None:
                overrides["track"] = track
            if rules is not None:
                overrides["rules"] = rules
            if opt:
                overrides["options"] = list(opt)
            if content is not None:
                overrides["content"] = str(content)
            for item in set_ or ():
                key, eq, value = item.partition("=")
                if not eq or not key.strip():
                    raise BadInput(f"--set takes KEY=VALUE, not {item!r}")
                try:
                    overrides[key.strip()] = json.loads(value)
                except json.JSONDecodeError:
                    overrides[key.strip()] = value
            if seats is not None:
                _check_seat_kinds(game, overrides["seats"])
            config = game.config(**overrides)
        chosen = seed is None
        if chosen:
            seed = secrets.randbelow(2**31)
        from .engine.play import agents_for, play
        agents = agents_for(game, config, seed)
        if state is None:
            state = game.new(config, seed)
        if chosen and not as_json:
            # once the race exists: a circuit that cannot be found has no seed to replay
            print(f"seed {seed} (replay this race with --seed {seed})", flush=True)
        if "human" in config.seats:
            if as_json:
                raise BadInput("--json needs a race without human seats")
            from .terminal import Session, enable_line_editing
            enable_line_editing()
            status = Session(game, config, seed, state, agents,
                             record_path=str(record) if record else None,
                             from_position=position is not None, fine_moves=fine_moves).run()
            if status:
                raise typer.Exit(status)
            return
        on_step = _printer(game, state) if verbose and not as_json else None
        played = play(game, config, seed, agents=agents, state=state, on_step=on_step)
        result = game.result(played.state)
        if record is not None:
            record_of(game, config, seed, played.actions, played.state).save(record)
    if as_json:
        print_json({**result.to_doc(), "seed": seed, "decisions": played.decisions})
        return
    from .terminal import result_table
    con = stdout_console()
    con.print(result_table(game, result, title=f"{game.title}: classification"))
    con.print(f"{played.decisions} decisions, seed {seed}")
    if record is not None:
        con.print(f"record written to {record}")


def _resume(game_name, path: Path, record, fine_moves: bool, **others) -> None:
    """`chequered race --resume FILE`: the saved race fixes the game, its
    settings and its seed, and goes on where it stopped."""
    from .engine.records import Record
    given = [f"--{k.rstrip('_').replace('_', '-')}" for k, v in others.items() if v]
    if given:
        raise BadInput(f"{', '.join(given)} cannot be combined with --resume: "
                       "the saved race fixes them")
    rec = Record.load(path)
    if game_name is not None and game_name != rec.game:
        raise BadInput(f"{path} is a {rec.game} race, not {game_name}")
    game = registry.game(rec.game)
    config = game.config(**rec.config)
    if "human" not in config.seats:
        raise BadInput(f"{path} has no human seat to play on")
    from .engine.play import agents_for
    from .terminal import Session, enable_line_editing
    enable_line_editing()
    session = Session(game, config, rec.seed, None, agents_for(game, config, rec.seed),
                      record_path=str(record) if record else None, fine_moves=fine_moves,
                      resume=rec)
    if session.race.over:
        raise BadInput(f"the race in {path} is over; watch it with `chequered replay {path}`")
    status = session.run()
    if status:
        raise typer.Exit(status)


def _position_config(game: Game, state, seats: str | None):
    """The config a position was set up with, with other controllers if --seats."""
    base = getattr(state, "config", None)
    if seats is None:
        if base is None:
            raise BadInput("this position does not say who sits where; give --seats")
        return base
    kinds = parse_seats(seats)
    _check_seat_kinds(game, kinds)
    if base is None:
        return game.config(seats=kinds)
    if len(kinds) != len(base.seats):
        raise BadInput(f"the position has {len(base.seats)} seats, --seats gives {len(kinds)}")
    return base.model_copy(update={"seats": kinds})


def _printer(game: Game, state):
    """Each step as a spectator reads it (no hand is shown)."""
    from .engine.session import log_text
    names = game.seat_names(state)            # as they were before the step

    def on_step(seat, action, events, step):
        nonlocal names
        for line in log_text(game, state, step, seat, action, events, None, names.get(seat)):
            print(line)
        names = game.seat_names(state)
    return on_step


# ---- chequered replay ------------------------------------------------------------
@app.command()
def replay(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="A chequered-record/1 JSON file.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
):
    """Replay a record, check every action and the final hash, print the result."""
    with user_errors():
        rec = Record.load(file)
        game = registry.game(rec.game)
        try:
            state = replay_record(rec, game)
        except ReplayError as exc:
            fail(str(exc), EXIT_REPLAY_FAILED, prefix="replay failed: ")
        final_hash = game.state_hash(state)
        result = game.result(state) if game.is_over(state) else None
    doc = {"game": rec.game, "seed": rec.seed, "actions": len(rec.actions),
           "final_hash": final_hash, "hash_checked": rec.final_hash is not None,
           "finished": result is not None,
           "result": result.to_doc() if result is not None else None}
    if as_json:
        print_json(doc)
        return
    con = stdout_console()
    con.print(f"game        {game.name} ({game.title})")
    con.print(f"seed        {rec.seed}")
    con.print(f"actions     {len(rec.actions)}")
    con.print(f"final hash  {final_hash}")
    con.print("checked     every action is legal; "
              + ("the final hash matches the record" if rec.final_hash
                 else "the record has no final hash to compare"))
    if result is None:
        con.print("the race is not finished")
    else:
        from .terminal import result_table
        con.print(result_table(game, result))


# ---- chequered bench --------------------------------------------------------------
@app.command()
def bench(
    game_name: Annotated[Optional[str], typer.Argument(
        metavar="[GAME]", help="Only this game (default: every game).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="A JSON list instead of a table.")] = False,
    races: Annotated[Optional[int], typer.Option(
        help="Races per repeat (default: enough for a run of a few seconds).")] = None,
    repeats: Annotated[int, typer.Option(help="Repeats; medians are reported.")] = 5,
    seats: Annotated[Optional[str], typer.Option(
        help="Seat kinds (default: the game's benchmark seats).")] = None,
    out: Annotated[Optional[Path], typer.Option(help="Also write the JSON results to FILE.")] = None,
):
    """Measure throughput: races/s, decisions/s and the median race time."""
    from . import bench as benchmod
    with user_errors():
        chosen = [registry.game(game_name)] if game_name else registry.games()
        results = benchmod.bench(chosen, seats=seats, races=races, repeats=repeats)
        if out is not None:
            out.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    if as_json:
        print_json(results)
        return
    table = Table(title=f"Throughput (medians over {repeats} repeats)")
    for col in ("Game", "Seats", "Races", "Races/s", "Decisions/s", "Race ms", "Clones/s"):
        table.add_column(col, justify="left" if col in ("Game", "Seats") else "right",
                         overflow="fold")
    for r in results:
        table.add_row(r["game"], benchmod.short_seats(r["seats"]), str(r["races"]),
                      f"{r['races_per_s']:.1f}", f"{r['decisions_per_s']:,.0f}",
                      f"{r['median_race_ms']:.2f}", f"{r['clones_per_s']:,.0f}")
    con = stdout_console()
    con.print(table)
    m = benchmod.machine()
    con.print(f"Python {m['python']} on {m['platform']}, {m['cpu_count']} CPUs")


# ---- chequered bolide ... -----------------------------------------------------------
bolide_app = typer.Typer(help="Bolide tools: check a circuit file.", no_args_is_help=True)
app.add_typer(bolide_app, name="bolide")


@bolide_app.command("check-track")
def bolide_check_track(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="A Bolide .track file.")],
):
    """Check a Bolide circuit: exit 0 if usable, 1 with one problem a line,
    2 if the file cannot be read or parsed."""
    from .games.bolide import check_track
    with user_errors():
        status = check_track.main(file)
    raise typer.Exit(status)


# ---- chequered solve ... ------------------------------------------------------------
solve_app = typer.Typer(help="Exact fastest lines: Bolide circuits, classic Racetrack maps.",
                        no_args_is_help=True)
app.add_typer(solve_app, name="solve")


@solve_app.command("bolide")
def solve_bolide(
    track: Annotated[str, typer.Option(help="Circuit name or .track file.")],
    laps: Annotated[Optional[int], typer.Option(help="Laps (default: the circuit's).")] = None,
    accel: Annotated[int, typer.Option(help="Pawn radius: 2 for Bolide (25 points).")] = 2,
    cap: Annotated[Optional[int], typer.Option(
        help="Top speed in every lap instead of 7 then 8.")] = None,
    brakes: Annotated[int, typer.Option(help="Sharp brakings for the race (0: none).")] = 3,
    svg: Annotated[Optional[Path], typer.Option(help="Write an SVG of the line to FILE.")] = None,
    engine: Annotated[str, typer.Option(help="python, numba or auto.")] = "auto",
    facts: Annotated[bool, typer.Option(help="Also compute the circuit's board facts.")] = True,
    as_json: Annotated[bool, typer.Option("--json", help="Print the solution as JSON.")] = False,
):
    """Bolide: the exact minimum turns for the first lap and the race from the grid."""
    from .games.bolide import solver
    with user_errors():
        c = solver.load_circuit(track)
        tops = (cap,) if cap is not None else solver.TOP_SPEEDS
        sol = solver.solve(c, laps, tops, accel, brakes, engine)
        board = solver.circuit_facts(c, engine) if facts else None
        if svg is not None:
            svg.write_text(solver.svg_of(c, sol), encoding="utf-8")
    if as_json:
        print_json({**sol.to_doc(), "facts": board})
        return
    print(solver.describe(sol, board))
    if svg is not None:
        print(f"svg written to {svg}")


@solve_app.command("classic")
def solve_classic(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="An ASCII racetrack map.")],
    accel: Annotated[int, typer.Option(help="Acceleration radius: 1 = 9 points.")] = 1,
    cap: Annotated[Optional[int], typer.Option(help="Speed cap (default none).")] = None,
    svg: Annotated[Optional[Path], typer.Option(help="Write an SVG of the line to FILE.")] = None,
    engine: Annotated[str, typer.Option(help="python, numba or auto.")] = "auto",
    line: Annotated[str, typer.Option(
        help="exact: the whole segment on free cells (default); sampled: the rule of "
             "Barto, Bradtke & Singh (1995), cells sampled along the move.")] = "exact",
    as_json: Annotated[bool, typer.Option("--json", help="Print the solution as JSON.")] = False,
):
    """Classic Racetrack: minimum turns from rest on a start cell to the goal, per start cell."""
    from .games.bolide import solver
    with user_errors():
        text = file.read_text(encoding="utf-8")
        sol = solver.solve_classic(text, accel, cap, engine, name=str(file), line=line)
        if svg is not None:
            from .games.bolide.solver_svg import classic_line_svg
            svg.write_text(classic_line_svg(sol.classic, sol), encoding="utf-8")
    if as_json:
        print_json(sol.to_doc())
        return
    print(solver.describe(sol))
    if svg is not None:
        print(f"svg written to {svg}")


# ---- chequered serve ----------------------------------------------------------------
@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    db: Annotated[Optional[str], typer.Option(
        help="Database URL, e.g. postgresql+psycopg://user@host/db "
             "(default: a SQLite file in your data directory).")] = None,
):
    """The web app: lobby, live races in the browser, replays and seasons."""
    try:
        import uvicorn

        from .web.app import create_app, server_options
        from .store.db import default_url
    except ImportError as exc:
        fail(f"the web app needs the web extra: pip install 'chequered[web]' ({exc.name} is missing)")
    url = db or default_url()
    try:
        # Open it (and apply the migrations) before the server starts, so a
        # wrong URL or an unreachable server is one clear line, not a traceback.
        from .store import Store
        Store(url).close()
    except Exception as exc:
        fail(f"cannot use the database {_safe_url(url)}: {' '.join(str(exc).split())[:300]}")
    print(f"chequered: serving http://{host}:{port}/ (database {_safe_url(url)})", flush=True)
    uvicorn.run(create_app(url, freeze=True), host=host, port=port, log_level="warning",
                **server_options())


def _safe_url(url: str) -> str:
    """A database URL without its password, for printing."""
    from sqlalchemy.engine import make_url
    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:
        return "(unreadable URL)"


from . import cli_sim  # noqa: E402,F401  (simulate, report, league: they add themselves to app)
from . import cli_analyse  # noqa: E402,F401  (analyse)


# ---- entry point -------------------------------------------------------------------
def main(argv: list[str] | None = None) -> None:
    """The console script. Any bad input that escaped a command still ends
    in one stderr line and exit status 2."""
    try:
        app(args=argv, prog_name="chequered")
    except BrokenPipeError:
        # Output piped into e.g. `head`, which stopped reading: not an error.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        sys.exit(0)
    except (BadInput, OSError, ValidationError, json.JSONDecodeError,
            tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        print(f"error: {' '.join(_message(exc).split())}", file=sys.stderr)
        sys.exit(EXIT_BAD_INPUT)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        sys.exit(130)


if __name__ == "__main__":   # pragma: no cover
    main()
