"""The numba engine's kernel, compiled once: ahead of time into an extension
module (loaded without numba), else just in time with numba's cache, else
just in time without a cache. Every way gives the Python engine's table."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("numba")

from chequered.games.bolide import solver as S  # noqa: E402
from chequered.games.bolide import solver_fast as F  # noqa: E402
from chequered.games.bolide import solver_kernels as K  # noqa: E402
from chequered.games.bolide.circuit import load_track  # noqa: E402

TRACKS = Path(__file__).parent / "tracks"


def test_jit_without_a_writable_cache(monkeypatch):
    """A read-only install and home: numba finds no cache directory and
    refuses cache=True; the kernels compile without a cache instead."""
    import numba
    import numba.core.caching as caching

    def add(a, b):
        return a + b

    monkeypatch.setattr(caching.CacheImpl, "_locator_classes", [])
    with pytest.raises(RuntimeError, match="no locator available"):
        numba.njit(cache=True)(add)
    assert K._jit(add)(2, 3) == 5


def test_no_ahead_of_time_module_where_nothing_is_writable(monkeypatch, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setattr(F, "kernel_dirs", lambda: [blocker / "cache"])
    assert F._ahead_of_time(build=True) is None
    monkeypatch.setenv("CHEQUERED_NUMBA_AOT", "0")
    assert F._ahead_of_time(build=True) is None


def test_kernel_name_follows_the_kernel_source():
    name = F.kernel_name()
    assert name.startswith("bolide_solver_kernels_") and name == F.kernel_name()


@pytest.mark.parametrize("kw", [{}, {"brakes": 0, "laps": 1}, {"free_brakes": True}])
def test_ahead_of_time_and_jit_kernels_give_the_python_table(monkeypatch, kw):
    aot = F._ahead_of_time(build=True)       # built once per checkout (about a minute)
    if aot is None:
        pytest.skip("the ahead-of-time module cannot be built here (no C compiler?)")
    t = S.time_to_go(load_track(TRACKS / "tiny_oval.track"), engine="python", **kw)
    want = t.tobytes()
    for kernels in ({np.uint8: aot.bfs8, np.uint16: aot.bfs16, "how": "ahead of time"},
                    {np.uint8: K.bfs, np.uint16: K.bfs, "how": "just in time"}):
        monkeypatch.setattr(F, "_KERNELS", dict(kernels))
        data, layers, states = F.backward_numba(t.moves, t.spec)
        assert data.tobytes() == want
        assert (layers, states) == (t.layers, t.states)
