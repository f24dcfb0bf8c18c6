"""Running a study: plan the chunks not yet on disk, play them, stream them out.

The progress bar counts races (this run's and those already on disk), with
the rate of this run and the time left at that rate.
"""
from __future__ import annotations

import sys
import time
from dataclasses import dataclass

from ..engine.protocol import BadInput
from . import runners
from .plan import Study
from .store import StudyDir


@dataclass
class Outcome:
    total: int                # races in the study (every variant)
    before: int               # races already on disk when this run started
    played: int               # races played by this run
    seconds: float

    @property
    def races_per_s(self) -> float:
        return self.played / self.seconds if self.seconds > 0 else 0.0


def run_study(study: Study, out, workers: int = 1, backend: str = "local",
              scheduler: str | None = None, client=None, progress: bool = True,
              on_chunk=None) -> Outcome:
    """Play every race of `study` not yet in `out`; returns what was done.
    `on_chunk(chunk)` sees each chunk once it is on disk (tests kill a run
    there)."""
    study.check()
    if backend not in runners.BACKENDS:
        raise BadInput(f"unknown backend {backend!r}; choose {' or '.join(runners.BACKENDS)}")
    folder = StudyDir(out)
    folder.open(study)
    done = folder.done()
    jobs = study.jobs(done)
    total = study.total()
    before = total - sum(j.stop - j.start for j in jobs)
    t0 = time.perf_counter()
    played = 0
    stream = runners.chunks(jobs, workers, backend, scheduler, client) if jobs else iter(())
    with _bar(progress, total, before, study) as advance:
        for chunk in stream:
            folder.write_chunk(chunk)
            played += chunk.stop - chunk.start
            advance(chunk.stop - chunk.start)
            if on_chunk is not None:
                on_chunk(chunk)
    return Outcome(total, before, played, time.perf_counter() - t0)


class _bar:
    """A rich progress bar on stderr (or nothing)."""

    def __init__(self, show: bool, total: int, before: int, study: Study):
        self.show, self.total, self.before, self.study = show, total, before, study

    def __enter__(self):
        if not self.show:
            return lambda n: None
        from rich.console import Console
        from rich.progress import (BarColumn, MofNCompleteColumn, Progress, ProgressColumn,
                                   TextColumn, TimeElapsedColumn, TimeRemainingColumn)
        from rich.text import Text

        class Rate(ProgressColumn):
            def render(self, task):
                speed = task.speed          # over this run's races only (see below)
                return Text(f"{speed:,.1f} races/s" if speed else "- races/s")

        self.progress = Progress(
            TextColumn(f"{self.study.game}"), BarColumn(), MofNCompleteColumn(),
            Rate(), TimeElapsedColumn(), TextColumn("left"), TimeRemainingColumn(),
            console=Console(file=sys.stderr), transient=False)
        self.progress.__enter__()
        # Races on disk count toward the bar but not toward the rate: start the
        # task there without a timed step.
        self.task = self.progress.add_task("races", total=self.total, completed=self.before)
        return lambda n: self.progress.advance(self.task, n)

    def __exit__(self, *exc):
        if self.show:
            self.progress.__exit__(*exc)
        return False
