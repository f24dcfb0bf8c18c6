"""CPU work the server runs for a page (a study, a race review): one job at
a time, each in a process of its own, with a short queue behind it.

Such work takes seconds to minutes, so it never runs on the event loop nor
in the server's threads (they would take turns with it at the GIL). Jobs
live in memory: a restarted server starts afresh. Each user (web/studies.py,
web/reviews.py) says how one job is run; the queue, the process slot, the
forgetting of old jobs and the shutdown are here.
"""
from __future__ import annotations

import asyncio
import logging
import multiprocessing
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable

log = logging.getLogger("chequered.web.jobs")

SPAWN = multiprocessing.get_context("spawn")     # no fork of a threaded server
ENDED = ("done", "failed")


@dataclass
class JobQueue:
    """Jobs by id (each with `id`, `status` queued/running/done/failed and
    `error`), run in the order they were put, by `run_one`."""
    run_one: Callable[[JobQueue, Any], Awaitable[None]]  # runs a job to its end, sets its status
    kept: int                                     # ended jobs kept (the oldest go first)
    what: str = "job"                             # for the log and the page's error
    forget: Callable[[Any], None] | None = None   # told of each job dropped
    jobs: dict = field(default_factory=dict)
    queue: asyncio.Queue = field(default_factory=asyncio.Queue)
    runner: asyncio.Task | None = None
    process: Any = None                           # the running job's process

    def count(self, *statuses: str) -> int:
        return sum(j.status in statuses for j in self.jobs.values())

    def put(self, job) -> None:
        self.jobs[job.id] = job
        if self.runner is None or self.runner.done():
            self.runner = asyncio.get_running_loop().create_task(self._loop())
        self.queue.put_nowait(job)

    def spawn(self, target, *args):
        """Start the running job's process."""
        self.process = SPAWN.Process(target=target, args=args, daemon=True)
        self.process.start()
        return self.process

    async def _loop(self) -> None:
        while True:
            job = await self.queue.get()
            job.status = "running"
            try:
                await self.run_one(self, job)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("%s %s", self.what, job.id)
                job.status, job.error = "failed", f"the {self.what} could not be run just now"
            finally:
                self.process = None
            self._forget_old()

    def _forget_old(self) -> None:
        ended = [j for j in self.jobs.values() if j.status in ENDED]
        for job in ended[:-self.kept] if len(ended) > self.kept else ():
            self.jobs.pop(job.id, None)
            if self.forget is not None:
                self.forget(job)

    def shutdown(self) -> None:
        """Stop the running job (the server stops)."""
        if self.runner is not None:
            self.runner.cancel()
        if self.process is not None and self.process.is_alive():
            self.process.terminate()
