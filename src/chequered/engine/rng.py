"""A seeded random source that lives inside a game state.

SplitMix64 in pure Python: one integer of state, so a state can be cloned,
hashed and written into a position document without pickling a Mersenne
Twister. Never use the global `random` module in game code.
"""
from __future__ import annotations

from struct import Struct

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
        """Fisher-Yates in place: j = below(i + 1) for i = n - 1 down to 1,
        from the generator's next n - 1 outputs (all worked out at once, picks)."""
        n = len(items)
        if n < 2:
            return
        s = self.state
        i = n
        for j in _picks(s, n, n - 1):         # (picks, without its call)
            i -= 1
            items[i], items[j] = items[j], items[i]
        self.state = (s + (n - 1) * _GOLDEN) & _MASK

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


# ---- a shuffle's picks at once -----------------------------------------------------
# A shuffle draws one output per card. In CPython each 64-bit operation of the
# mix costs about as much as the rest of a swap, so the outputs are mixed side
# by side instead: lane t (128 bits, room for a 64-bit product) of one big
# integer holds the state after t + 1 steps, and each operation of _mix is one
# operation on every lane (a shuffle of 16 cards: about half the instructions).
# The picks too: j = (x * m) >> 64 for output x and its m = i + 1 (lane t's m
# is top - t). x * m (< 2**128) is the sum of x shifted by each bit set in m,
# so the lanes are summed by bit (a mask of the lanes whose m has bit b, for
# each b), and j is the top half of its lane: no product a card.
_WIDE = 128                 # lanes at most in one integer (longer runs in parts)
_PICKS: dict = {}           # top << 8 | k -> (ones, ramp, mask, bits, unpack), made on first use


def _pick_lanes(top: int, k: int) -> tuple:
    lanes = Struct("<" + "Q8x" * k)          # the low 64 bits of each lane
    ones = int.from_bytes(lanes.pack(*[1] * k), "little")
    # the lanes' steps from the state (mod 2**64: the sum is cut to 64 bits)
    ramp = int.from_bytes(lanes.pack(*[(t + 1) * _GOLDEN & _MASK for t in range(k)]), "little")
    bits = []
    for b in range(top.bit_length()):
        # the lanes whose m has bit b, packed as the others are (not a sum of
        # shifted big integers: O(k^2) digits, and stock car has some twenty deck sizes)
        sel = int.from_bytes(lanes.pack(*[_MASK if (top - t) >> b & 1 else 0
                                          for t in range(k)]), "little")
        if sel:
            bits.append((b, sel))
    made = _PICKS[top << 8 | k] = (ones, ramp, ones * _MASK, tuple(bits),
                                   Struct("<" + "8xQ" * k).unpack)    # (the top halves)
    return made


def picks(state: int, n: int) -> tuple:
    """What a shuffle of n items from `state` swaps item i with, for i = n - 1
    down to 1: below(i + 1) from each of the next n - 1 next64() outputs
    (`state` is not changed: the generator's after them is state + (n - 1) * golden)."""
    return _picks(state, n, n - 1)


def _picks(state: int, top: int, k: int) -> tuple:
    # k picks from `state`, lane t's m being top - t
    if k > _WIDE:
        return (_picks(state, top, _WIDE)
                + _picks((state + _WIDE * _GOLDEN) & _MASK, top - _WIDE, k - _WIDE))
    ones, ramp, mask, bits, unpack = _PICKS.get(top << 8 | k) or _pick_lanes(top, k)
    z = (state * ones + ramp) & mask
    # _mix; a lane is cut back to 64 bits before a product (z >> 30 brought
    # the next lane's low bits into its top)
    z = (((z ^ (z >> 30)) & mask) * _M1) & mask
    z = (((z ^ (z >> 27)) & mask) * _M2) & mask
    z = (z ^ (z >> 31)) & mask                    # lane t: the (t + 1)-th output
    p = 0
    for b, sel in bits:
        p += (z & sel) << b
    return unpack(p.to_bytes(16 * k, "little"))
