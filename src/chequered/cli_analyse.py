"""`chequered analyse RECORD`: each decision of a seat rated by the search bot.

Registered on cli.app by one import at the end of cli.py; the work is in
analyse.py (a function returning JSON-ready data, for the web page too).
"""
from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from .cli import app, print_json, stdout_console, user_errors
from .engine.protocol import BadInput


@app.command()
def analyse(
    record: Annotated[Path, typer.Argument(metavar="RECORD", help="A chequered-record/1 JSON file.")],
    seat: Annotated[Optional[int], typer.Option(
        help="The seat to review, 1 = the first (default: the first human seat).")] = None,
    budget: Annotated[str, typer.Option(
        help="The search a decision: iterations (500) or seconds (2s).")] = "200",
    seed: Annotated[int, typer.Option(help="The search's seed.")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Print the review as JSON.")] = False,
    quiet: Annotated[bool, typer.Option(help="No progress bar.")] = False,
    svg: Annotated[Optional[Path], typer.Option(
        help="Bolide: also draw the car's line against the exact line to FILE (SVG).")] = None,
):
    """Rate each decision of a seat against the best the search bot finds."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, \
        TimeRemainingColumn

    from .agents.search_kind import KIND, parse_budget
    from .analyse import analyse as review
    from .engine.records import Record
    from .engine.registry import game as game_by_name
    with user_errors():
        rec = Record.load(record)
        game = game_by_name(rec.game)
        try:
            plan = parse_budget(f"{KIND}:{budget}")
        except ValueError as exc:
            raise BadInput(str(exc).replace(f"{KIND}:", "")) from None
        if seat is not None and seat < 1:
            raise BadInput("--seat counts from 1")
        if svg is not None and game.name != "bolide":
            raise BadInput("--svg draws a Bolide car's line against the exact line, "
                           "and this record is not of a Bolide race")
        if svg is not None and not svg.parent.is_dir():     # said before the long review
            raise BadInput(f"cannot write {svg}: there is no folder {svg.parent}")
        if quiet or as_json:
            doc = review(rec, None if seat is None else seat - 1, plan, seed, game=game)
        else:
            columns = (TextColumn("rating decisions"), BarColumn(), MofNCompleteColumn(),
                       TimeRemainingColumn())
            with Progress(*columns, transient=True) as bar:
                task = bar.add_task("", total=None)
                doc = review(rec, None if seat is None else seat - 1, plan, seed, game=game,
                             progress=lambda done, total: bar.update(task, completed=done,
                                                                     total=total))
    picture = (doc.get("line") or {}).get("svg")
    if svg is not None:
        with user_errors():
            if not picture:
                raise BadInput("no line to draw: " + (doc["line"].get("why")
                                                      or "the car drove no turn of the race"))
            try:
                svg.write_text(picture)
            except OSError as exc:
                raise BadInput(f"cannot write {svg}: {exc.strerror}") from None
    if as_json:
        print_json(doc)
        return
    _print(doc)
    if svg is not None:
        stdout_console().print(f"the car's line against the exact line: {svg}")


def _print(doc: dict) -> None:
    from rich.table import Table
    con = stdout_console()
    con.print(f"{doc['name']}: {len(doc['decisions'])} decisions rated ({doc['budget']} each); "
              f"mean loss {doc['mean_loss']:.3f} (1 = first place against last).\n"
              "Where the search prefers another move, both were played again side by side in "
              "the same deals and dice; a mistake is a loss well beyond that test's noise.")
    table = Table(title="Biggest mistakes")
    for col in ("Move", "Deciding", "Played", "Value", "Preferred", "Value ", "Loss"):
        table.add_column(col)
    for r in doc["mistakes"]:
        table.add_row(str(r["step"]), r["deciding"], r["played"], _f(r["value"]), r["best"],
                      _f(r["best_value"]), f"{_f(r['loss'])} ± {_f(r['loss_se'])}")
    con.print(table if doc["mistakes"] else "No decision clearly worse than the search's choice.")
    line = doc.get("line")
    if line and line.get("available"):
        t = Table(title=f"Laps against the solver's exact line ({line['solver_turns']} turns)")
        for col in ("Lap", "Turns", "Solver", "Lost"):
            t.add_column(col)
        for lap in line["laps"]:
            t.add_row(str(lap["lap"]), str(lap["turns"]), str(lap["solver_turns"]),
                      "-" if lap["lost"] is None else str(lap["lost"]))
        con.print(t)
        for note in line["notes"]:
            con.print(f"note: {note}")
    elif line:
        con.print(f"no exact line: {line['why']}")


def _f(x) -> str:
    return "-" if x is None else f"{x:.2f}"
