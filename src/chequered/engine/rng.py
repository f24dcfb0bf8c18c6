"""A seeded random source that lives inside a game state.

SplitMix64 in pure Python: one integer of state, so a state can be cloned,
hashed and written into a position document without pickling a Mersenne
Twister. Never use the global `random` module in game code.
"""
from __future__ import annotations

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_M1, _M2 = 0xBF58476D1CE4E5B9, 0x94D049BB133111EB      # SplitMix64's mixing constants


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int | str = 0, *, state: int | None = None):
        if state is not None:
            self.state = state & _MASK
        else:
            if isinstance(seed, str):
                seed = int.from_bytes(seed.encode(), "little")
            # Mix the seed once so that seeds 0, 1, 2 ... start far apart.
            self.state = _mix((seed * _GOLDEN) & _MASK)

    def next64(self) -> int:
        self.state = s = (self.state + _GOLDEN) & _MASK
        return _mix(s)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n) (Lemire's multiply-shift; bias < n/2**64)."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        # next64() and _mix(), inlined: every die, draw and shuffle comes here
        self.state = z = (self.state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * _M1) & _MASK
        z = ((z ^ (z >> 27)) * _M2) & _MASK
        return ((z ^ (z >> 31)) * n) >> 64

    def randint(self, lo: int, hi: int) -> int:
        """A uniform integer in [lo, hi], both ends included."""
        return lo + self.below(hi - lo + 1)

    def choice(self, seq):
        return seq[self.below(len(seq))]

    def shuffle(self, items: list) -> None:
        """Fisher-Yates in place (j = below(i + 1), inlined)."""
        s = self.state
        for i in range(len(items) - 1, 0, -1):
            s = z = (s + _GOLDEN) & _MASK
            z = ((z ^ (z >> 30)) * _M1) & _MASK
            z = ((z ^ (z >> 27)) * _M2) & _MASK
            j = ((z ^ (z >> 31)) * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]
        self.state = s

    def spawn(self, salt: int | str) -> "Rng":
        """An independent generator derived from this one's state and a salt."""
        if isinstance(salt, str):
            salt = int.from_bytes(salt.encode(), "little")
        return Rng(state=_mix((self.state ^ (salt * _GOLDEN)) & _MASK))

    def clone(self) -> "Rng":
        r = Rng.__new__(Rng)              # the state is masked already
        r.state = self.state
        return r

    def __eq__(self, other) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    def __repr__(self) -> str:
        return f"Rng(state={self.state:#018x})"


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * _M1) & _MASK
    z = ((z ^ (z >> 27)) * _M2) & _MASK
    return z ^ (z >> 31)
