"""A pseudo-terminal of a given size, for tests of what the terminal shows
(terminal.Session reads the size of its output when it is a terminal)."""
from __future__ import annotations

import fcntl
import os
import struct
import termios
from contextlib import contextmanager


@contextmanager
def terminal_of(columns: int, lines: int):
    """A writable file that is a terminal of `columns` x `lines`."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", lines, columns, 0, 0))
    try:
        with os.fdopen(slave, "w", closefd=False) as tty:
            yield tty
    finally:
        os.close(master)
        os.close(slave)
