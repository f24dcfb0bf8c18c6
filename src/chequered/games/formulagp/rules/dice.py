"""The FormulaGP dice (FGP 4.11) rolled on the table through engine/chance.py.

A die's faces are the content's (dice.toml): WHITE faces carry a number, a
colour and the die icon on the 1; YELLOW and RED faces name a result. A roll
picks a face by its place in that list (`chance.roll` gives 1..n), exactly as
the rules always did, and its public event says which face came up."""
from __future__ import annotations

from ....engine import chance
from . import cards as C

WHAT = {"white": "WHITE die", "yellow": "YELLOW die", "red": "RED die"}


def roll_die(race, events: list, colour: str, rule: str, seat: int | None = None):
    """Roll the WHITE, YELLOW or RED die; the face (a content WhiteFace, or
    the result name of a YELLOW/RED face)."""
    faces = getattr(C.content_of(race).dice, colour)
    head = race.chance.script[0] if race.chance.script else None
    if head and head[0] == "roll" and getattr(head[1], "die", colour) != colour:
        # a position's `rolls` name their die (position.Face): refuse it for another
        raise chance.ScriptError(f"the scripted roll {head[1].die}:{int(head[1])} came to the "
                                 f"{WHAT[colour]} ({rule}): the rolls are listed out of order")
    n = int(chance.roll(race.chance, events, len(faces), rule=rule, what=WHAT[colour],
                        seat=seat))
    face = faces[n - 1]
    # the face shown, for the log and the tests: on these dice a face is not its number
    data = events[-1].data
    data["value"] = n
    data["die"] = colour
    if colour == "white":
        data["face"], data["colour"] = face.value, face.colour
    else:
        data["face"] = face
    return face


def white_value(face) -> int:
    """A WHITE roll as a number where the icon face counts 1 (FGP 4.11.1)."""
    return 1 if face.icon else face.value


def faces_of(race, colour: str) -> list:
    return list(getattr(C.content_of(race).dice, colour))
