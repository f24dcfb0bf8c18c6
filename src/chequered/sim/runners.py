"""Where a study's chunks are played: here, in local processes, or on Dask.

Each runner is an iterator of finished chunks in the order they finish (not
the order sent); a chunk carries its variant and first race, so the order
does not matter to the results. Only a few chunks per worker are in flight
at a time, so that an interrupted study loses little work and results reach
the disk as they come.
"""
from __future__ import annotations

from collections.abc import Iterator

from ..engine.protocol import BadInput
from .plan import Job
from .race import Chunk, play_chunk

IN_FLIGHT = 2                 # chunks queued per worker
BACKENDS = ("local", "dask")


def local(jobs: list[Job], workers: int) -> Iterator[Chunk]:
    """In this process (workers=1) or a pool of `workers` processes."""
    if workers <= 1:
        for job in jobs:
            yield play_chunk(job)
        return
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
    pending = list(reversed(jobs))
    pool = ProcessPoolExecutor(workers)
    running: set = set()
    try:
        while pending or running:
            while pending and len(running) < workers * IN_FLIGHT:
                running.add(pool.submit(play_chunk, pending.pop()))
            finished, running = wait(running, return_when=FIRST_COMPLETED)
            for f in finished:
                yield f.result()
    finally:
        for f in running:
            f.cancel()
        pool.shutdown(wait=True, cancel_futures=True)


def dask(jobs: list[Job], workers: int, scheduler: str | None = None,
         client=None) -> Iterator[Chunk]:
    """On a Dask distributed cluster: `client` if given (tests pass one on a
    LocalCluster(processes=False)), else the scheduler at `scheduler`, else
    a LocalCluster of `workers` single-threaded processes started here."""
    cluster = None
    own_client = client is None
    if own_client:
        try:
            from distributed import Client, LocalCluster
        except ImportError as exc:
            raise BadInput("the dask backend needs the sim extra: pip install "
                           f"'chequered[sim]' ({exc.name} is missing)") from None
        if scheduler:
            try:
                client = Client(scheduler, timeout="10s")
            except (OSError, TimeoutError) as exc:
                raise BadInput(f"cannot reach the Dask scheduler at {scheduler}: {exc}") from None
        else:
            # the dashboard on any free port: 8787 may be taken on a shared machine
            cluster = LocalCluster(n_workers=max(1, workers), threads_per_worker=1,
                                   processes=True, dashboard_address=":0")
            client = Client(cluster)
    from distributed import as_completed
    try:
        slots = max(1, len(client.scheduler_info().get("workers", {})) or workers) * IN_FLIGHT
        pending = list(reversed(jobs))
        first = [client.submit(play_chunk, pending.pop(), pure=False)
                 for _ in range(min(slots, len(pending)))]
        flow = as_completed(first)
        for future in flow:
            chunk = future.result()
            future.release()
            if pending:
                flow.add(client.submit(play_chunk, pending.pop(), pure=False))
            yield chunk
    finally:
        if own_client:
            client.close()
            if cluster is not None:
                # Its nannies warn when a worker takes a moment to stop: not news.
                import logging
                logging.getLogger("distributed.nanny").setLevel(logging.ERROR)
                cluster.close()


def chunks(jobs: list[Job], workers: int, backend: str = "local",
           scheduler: str | None = None, client=None) -> Iterator[Chunk]:
    if backend == "dask" or scheduler or client is not None:
        return dask(jobs, workers, scheduler, client)
    return local(jobs, workers)
