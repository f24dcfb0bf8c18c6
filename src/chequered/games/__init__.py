"""The games, one package each.

`chequered.games()` is part of the public API (the list of registered games),
but importing any game also binds the attribute `chequered.games` to this
package. So the package itself is callable and returns the same list, and the
API works whichever of the two the attribute holds.
"""
import sys
import types


class _CallablePackage(types.ModuleType):
    def __call__(self):
        from ..engine.registry import games
        return games()


sys.modules[__name__].__class__ = _CallablePackage
