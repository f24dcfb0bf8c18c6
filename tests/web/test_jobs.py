"""web/jobs.py: the one-at-a-time queue that studies and reviews share."""
from __future__ import annotations

import asyncio
from dataclasses import dataclass

from chequered.web.jobs import JobQueue

from .helpers import run


@dataclass
class Job:
    id: str
    status: str = "queued"
    error: str = ""


def test_jobs_run_one_at_a_time_in_order_and_old_ones_are_forgotten():
    running, order, forgotten = [], [], []

    async def run_one(queue, job):
        running.append(job.id)
        assert len(running) == 1, "two jobs ran at once"
        await asyncio.sleep(0.01)
        order.append(job.id)
        running.remove(job.id)
        job.status = "done"

    async def main():
        q = JobQueue(run_one, kept=2, forget=lambda j: forgotten.append(j.id))
        for name in "abcd":
            q.put(Job(name))
        assert q.count("queued") == 4
        while q.count("done") < 2 or q.count("queued", "running"):
            await asyncio.sleep(0.005)
        q.shutdown()
        return q

    q = run(main())
    assert order == ["a", "b", "c", "d"]
    assert sorted(q.jobs) == ["c", "d"] and forgotten == ["a", "b"]


def test_a_job_that_raises_fails_with_a_sentence_and_the_queue_goes_on():
    async def run_one(queue, job):
        if job.id == "bad":
            raise RuntimeError("boom")
        job.status = "done"

    async def main():
        q = JobQueue(run_one, kept=10, what="review")
        q.put(Job("bad"))
        q.put(Job("good"))
        while q.count("queued", "running"):
            await asyncio.sleep(0.005)
        q.shutdown()
        return q

    q = run(main())
    assert q.jobs["bad"].status == "failed"
    assert q.jobs["bad"].error == "the review could not be run just now"
    assert "boom" not in q.jobs["bad"].error and q.jobs["good"].status == "done"
