"""Group commit: appends from many races waiting at the same moment are
written in one transaction, so one disk flush serves them all.

Each caller still awaits its own outcome: its future resolves only once the
transaction holding its actions has committed (or with its Conflict), so
"stored before acknowledged" holds for every action.
"""
from __future__ import annotations

import asyncio

from ..store.db import Store

MAX_GROUP = 200


class GroupWriter:
    def __init__(self, store: Store, pool):
        self.store = store
        self.pool = pool
        self.queue: asyncio.Queue = asyncio.Queue()
        self.task: asyncio.Task | None = None

    async def append(self, *args) -> None:
        if self.task is None or self.task.done():
            self.task = asyncio.get_running_loop().create_task(self.run())
        done = asyncio.get_running_loop().create_future()
        await self.queue.put((args, done))
        await done                        # raises the Conflict of this append, if any

    async def run(self) -> None:
        while True:
            group = [await self.queue.get()]
            while not self.queue.empty() and len(group) < MAX_GROUP:
                group.append(self.queue.get_nowait())
            try:
                errors = await asyncio.get_running_loop().run_in_executor(
                    self.pool, self.store.append_many, [args for args, _ in group])
            except Exception as exc:      # the whole transaction failed: tell everyone
                errors = [exc] * len(group)
            for (_, done), err in zip(group, errors):
                if done.done():
                    continue
                if err is None:
                    done.set_result(None)
                else:
                    done.set_exception(err)

    def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
        self.pool.shutdown(wait=False)
