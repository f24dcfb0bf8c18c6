"""The study commands: `chequered simulate`, `chequered report`, `chequered league`.

Registered on cli.app by one import at the end of cli.py. Bad input gets one
stderr line and exit status 2 (cli.user_errors), like every other command.
"""
from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from .cli import app, fail, print_json, stdout_console, user_errors
from .engine.protocol import BadInput


def _study(game_name: str, races: int, seats: str | None, track, rules, opt, set_, vary,
           seed: int, records: bool, chunk: int, name: str):
    from .sim.plan import from_options
    return from_options(game_name, races, seats, track=track, rules=rules, options=opt,
                        settings=set_, vary=vary, seed=seed, records=records, chunk=chunk,
                        name=name)


def _interrupted(out: Path):
    from .sim.store import StudyDir
    on_disk = sum(1 for _ in StudyDir(out).done())
    fail(f"interrupted with {on_disk} part file(s) in {out}; run the same command again "
         "to continue where it stopped", 130, prefix="")


@app.command()
def simulate(
    game_name: Annotated[Optional[str], typer.Argument(
        metavar="[GAME]", help="The game, e.g. racepace (not with --study).")] = None,
    races: Annotated[Optional[int], typer.Option(
        help="Races in each variant (with --study: instead of the file's count).")] = None,
    study_file: Annotated[Optional[Path], typer.Option(
        "--study", help="A study file (studies/*.toml): the game, seats, variants and "
                        "the question it answers.")] = None,
    seats: Annotated[Optional[str], typer.Option(
        help="Comma-separated seat kinds (default: the game's benchmark seats).")] = None,
    track: Annotated[Optional[str], typer.Option(help="Track or circuit name.")] = None,
    rules: Annotated[Optional[str], typer.Option(help="Rule level.")] = None,
    opt: Annotated[Optional[list[str]], typer.Option(help="An optional rule (repeatable).")] = None,
    set_: Annotated[Optional[list[str]], typer.Option(
        "--set", help="A config field, KEY=VALUE (repeatable; JSON when it reads as JSON).")] = None,
    vary: Annotated[Optional[list[str]], typer.Option(
        help="KEY=a,b,c: one variant per value, all on the same seeds (repeatable: "
             "a cross product).")] = None,
    workers: Annotated[int, typer.Option(help="Worker processes.")] = 1,
    backend: Annotated[str, typer.Option(help="local or dask.")] = "local",
    scheduler: Annotated[Optional[str], typer.Option(
        help="A Dask scheduler, e.g. tcp://host:8786 (implies --backend dask).")] = None,
    out: Annotated[Optional[Path], typer.Option(
        help="The study's folder (default: study-GAME). Run again to resume.")] = None,
    records: Annotated[bool, typer.Option(
        "--records", help="Also keep every race's record, to replay it.")] = False,
    seed: Annotated[int, typer.Option(help="The study's seed: race i's seed comes from it.")] = 0,
    chunk: Annotated[int, typer.Option(help="Races a part file (default: from --races).")] = 0,
    quiet: Annotated[bool, typer.Option("--quiet", help="No progress bar.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
):
    """Play many seeded races in parallel and stream the results to Parquet."""
    from .sim.run import run_study
    from .sim.report import build, json_ready, kind_table
    with user_errors():
        if workers < 1:
            raise BadInput("--workers must be at least 1")
        if study_file is not None:
            given = [f"--{n}" for n, v in (("seats", seats), ("track", track), ("rules", rules),
                                          ("opt", opt), ("set", set_), ("vary", vary),
                                          ("seed", seed or None), ("chunk", chunk or None),
                                          ("records", records or None)) if v is not None]
            if game_name is not None or given:
                raise BadInput(f"--study takes the game and {', '.join(given) or 'its settings'} "
                               "from the study file; give only --races, --workers, --backend, "
                               "--scheduler and --out with it")
            from .sim.studyfile import load
            study, notes = load(study_file, races)
            study.notes = notes
            out = out or Path(f"study-{study.name}")
        else:
            if game_name is None or races is None:
                raise BadInput("give a GAME and --races, or a --study file")
            out = out or Path(f"study-{game_name}")
            study = _study(game_name, races, seats, track, rules, opt, set_, vary, seed, records,
                           chunk, name=out.name)
        try:
            outcome = run_study(study, out, workers=workers, backend=backend,
                                scheduler=scheduler, progress=not quiet and not as_json)
        except KeyboardInterrupt:
            _interrupted(out)
        report = build(out, metrics=False)
    if as_json:
        print_json({"out": str(out), "races": outcome.total, "played": outcome.played,
                    "on_disk_before": outcome.before, "seconds": round(outcome.seconds, 3),
                    "races_per_s": round(outcome.races_per_s, 2),
                    "by_variant": json_ready(report)["by_variant"]})
        return
    con = stdout_console()
    con.print(kind_table(report))
    con.print(f"{outcome.played} races played now ({outcome.races_per_s:,.1f} races/s), "
              f"{outcome.before} were on disk; results in {out}/parts. "
              f"Statistics and plots: chequered report {out}")


@app.command()
def report(
    folder: Annotated[Path, typer.Argument(metavar="DIR", help="A study folder (simulate --out).")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
    html: Annotated[Optional[Path], typer.Option(
        help="Where to write the HTML page (default: DIR/report.html).")] = None,
    markdown: Annotated[Optional[Path], typer.Option(
        help="Also write the report as Markdown with SVG plots and report.json in this "
             "folder (pages GitHub shows: docs/studies/).")] = None,
    rerun: Annotated[str, typer.Option(
        help="With --markdown: the command that re-runs the study, shown at the end.")] = "",
):
    """A study's win rates, mean finishes, tests and plots (HTML, or --json)."""
    from .sim.report import build, json_ready, kind_table
    with user_errors():
        doc = build(folder)
        if as_json:
            print_json(json_ready(doc))
            return
        from .sim.page import render, write_markdown
        target = html or folder / "report.html"
        target.write_text(render(doc), encoding="utf-8")
        if markdown is not None:
            write_markdown(doc, markdown, rerun)
    con = stdout_console()
    con.print(kind_table(doc))
    for t in doc["tests"]:
        scope = t.get("seat_kind") or t.get("variant")
        con.print(f"{t['between'].replace('_', ' ')}s {', '.join(t['groups'])}"
                  f"{f' ({scope})' if scope else ''}, {t['test']}: {t['verdict']}")
    con.print(f"report written to {target}")


@app.command()
def league(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="The game, e.g. racepace.")],
    seats: Annotated[str, typer.Option(help="The seat kinds to rate, e.g. bot,random.")],
    races: Annotated[int, typer.Option(help="Races for every pair of kinds.")] = 100,
    size: Annotated[int, typer.Option(help="Seats a race (the two kinds alternate).")] = 2,
    workers: Annotated[int, typer.Option(help="Worker processes.")] = 1,
    backend: Annotated[str, typer.Option(help="local or dask.")] = "local",
    scheduler: Annotated[Optional[str], typer.Option(help="A Dask scheduler address.")] = None,
    out: Annotated[Optional[Path], typer.Option(
        help="The league's study folder (default: league-GAME). Run again to resume.")] = None,
    seed: Annotated[int, typer.Option(help="The league's seed.")] = 0,
    quiet: Annotated[bool, typer.Option("--quiet", help="No progress bar.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print the ratings as JSON.")] = False,
):
    """Round-robin of seat kinds over the same seeds, rated with OpenSkill."""
    from rich.table import Table

    from .bench import parse_seats
    from .engine import registry
    from .sim.league import league_study, page, standings
    from .sim.report import json_ready, num, pct, span
    from .sim.run import run_study
    out = out or Path(f"league-{game_name}")
    with user_errors():
        game = registry.game(game_name)
        kinds = parse_seats(seats)
        study = league_study(game.name, kinds, races, size, seed, name=out.name)
        try:
            run_study(study, out, workers=workers, backend=backend, scheduler=scheduler,
                      progress=not quiet and not as_json)
        except KeyboardInterrupt:
            _interrupted(out)
        doc = standings(out, kinds)
        target = out / "league.html"
        target.write_text(page(doc), encoding="utf-8")
    if as_json:
        print_json(json_ready(doc))
        return
    table = Table(title=f"{game.title} league: {doc['matches']} matches")
    for col in ("Kind", "mu", "sigma", "mu ± 2 sigma", "Ordinal", "Win rate", "95 % CI"):
        table.add_column(col, justify="left" if col == "Kind" else "right")
    for r in doc["ratings"]:
        table.add_row(r["kind"], num(r["mu"]), num(r["sigma"]),
                      span(r["low"], r["high"], digits=2), num(r["ordinal"]),
                      pct(r["win_rate"]), span(r["win_low"], r["win_high"], 100))
    con = stdout_console()
    con.print(table)
    con.print(f"table and plot written to {target}")
