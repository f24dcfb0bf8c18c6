"""Summarise a py-spy raw profile of the web server (py-spy record --pid PID
--subprocesses --threads --idle --format raw): per process (the server, its
message worker) and thread, its samples, how many were busy (not waiting at
the leaf) and the functions with the most busy samples, inclusive.

    python benchmarks/pyspy_summary.py RAW [TOP]
"""
import collections
import re
import sys

IDLE = {"Runner.run", "select", "_PollLikeSelector.select", "wait", "Condition.wait", "Event.wait",
        "_worker", "_ConnectionBase.recv_bytes", "Connection._recv", "Queue.get", "Queue._feed",
        "_ExecutorManagerThread.wait_result_broken_or_wakeup", "_warm.<locals>.watch", "sleep",
        "main", "SimpleQueue.get", "_recv_bytes", "Connection._recv_bytes", "_ConnectionBase.recv",
        "Thread._bootstrap_inner", "_process_worker"}
# frames every sample of a thread has (interpreter start, event loop, pools)
NOISE = ("runpy", "cli.py", "typer/", "click/", "Server.", "threading.py", "thread.py", "base_events",
         "runners.py", "spawn.py", "process.py", "events.py", "<string>", "thread (", "process ",
         "uvicorn/main.py", "_compat.py")
path, top = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 14
threads = collections.defaultdict(lambda: [0, 0, collections.Counter()])
for line in open(path):
    stack, _, n = line.rstrip("\n").rpartition(" ")
    n = int(n)
    frames = stack.split(";")
    i = next(k for k in range(1, len(frames)) if frames[k].startswith("thread ("))
    child = "".join(frames[1:i])
    if "resource_tracker" in child:
        continue
    proc = "message worker process" if child else "server process"
    th, body = frames[i], frames[i + 1:]
    th = re.sub(r"^thread \(\d+\)(: )?", "", th) or "main"
    th = re.sub(r"_\d+$", "", th)
    t = threads[(proc, th)]
    t[0] += n
    leaf = body[-1].split(" (")[0] if body else ""
    if leaf in IDLE:
        t[1] += n
        continue
    seen = set()
    for f in body:
        fn, _, where = f.partition(" (")
        name = f"{fn} ({where.split(':')[0].split('/')[-1]}" + ")"
        if any(s in f for s in NOISE) or name in seen:
            continue
        seen.add(name)
        t[2][name] += n
rows = sorted(threads.items(), key=lambda kv: -(kv[1][0] - kv[1][1]))
for (proc, th), (n, idle, inc) in rows:
    busy = n - idle
    if busy < 20:
        continue
    print(f"== {proc} / {th}: {n} samples, busy {busy} ({100 * busy / n:.0f}%)")
    for name, c in inc.most_common(top):
        print(f"   {100 * c / busy:5.1f}%  {name}")
