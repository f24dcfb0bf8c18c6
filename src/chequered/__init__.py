"""chequered: tabletop racing games with their rules enforced."""
__version__ = "0.1.0"

from .engine.protocol import BadInput, Event, IllegalAction, Result  # noqa: E402
from .engine.records import Record, replay  # noqa: E402
from .engine.registry import game  # noqa: E402
from . import games  # noqa: E402  (callable: chequered.games() lists the games)

__all__ = ["BadInput", "Event", "IllegalAction", "Record", "Result", "game", "games",
           "replay", "__version__"]
