"""Testing kit for games on the chequered engine: `conformance(game)` checks
the protocol, secrecy of the log and explicit chance on random races;
`playthrough` writes and compares golden step-by-step records."""
from .conformance import ConformanceError, conformance, play_checked

__all__ = ["ConformanceError", "conformance", "play_checked"]
