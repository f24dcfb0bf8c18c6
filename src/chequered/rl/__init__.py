"""Reinforcement-learning front ends for every game (the `rl` extra).

- `env(game, **config)`: a PettingZoo AEC environment, one agent a `human` seat;
- `parallel_env(game, **config)`: the same race as a PettingZoo parallel environment;
- `single_env(game, **config)`: a Gymnasium environment, one `human` seat against the bots;
- `register_openspiel()`: every game as an OpenSpiel Python game (`chequered_<game>`).

`config` is the game's config (seats, track, rules, options...); seats default
to two `human` seats. See docs/rl.md.
"""
from __future__ import annotations

_MISSING = "the RL environments need the rl extra: pip install 'chequered[rl]'"


def env(game, **config):
    try:
        from .aec import ChequeredEnv
    except ImportError as exc:
        raise ImportError(f"{_MISSING} ({exc})") from exc
    return ChequeredEnv(game, **config)


def parallel_env(game, **config):
    try:
        from .parallel import ChequeredParallelEnv
    except ImportError as exc:
        raise ImportError(f"{_MISSING} ({exc})") from exc
    return ChequeredParallelEnv(game, **config)


def single_env(game, **config):
    try:
        from .single import ChequeredSingleEnv
    except ImportError as exc:
        raise ImportError(f"{_MISSING} ({exc})") from exc
    return ChequeredSingleEnv(game, **config)


def register_openspiel(names=None) -> list[str]:
    """Register the games (all by default) with OpenSpiel; their short names."""
    try:
        from .openspiel import register
    except ImportError as exc:
        raise ImportError(f"OpenSpiel needs the rl extra: pip install 'chequered[rl]' ({exc})") \
            from exc
    return register(names)


__all__ = ["env", "parallel_env", "single_env", "register_openspiel"]
