"""Driving a race: ask each seat's agent for an action until the race ends.

Used by the CLI, benchmarks, simulation and tests, so that the loop that
plays a race is written once. Agents have one method, choose(game, state,
seat) -> action.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..agents.whole_moves import WholeMoves
from .protocol import Game, GameConfig, Seat


@dataclass
class Played:
    state: object
    actions: list[tuple[Seat, object]] = field(default_factory=list)
    decisions: int = 0        # asked of an agent
    forced: int = 0           # single legal actions applied without asking


def agents_for(game: Game, config: GameConfig, seed: int, overrides: dict | None = None,
               *, fine: bool = False) -> dict:
    """One agent per non-human seat, from the config's seat kinds. `fine`:
    the random seats choose among single steps, not whole moves (listing
    whole moves is a search; tests that study something else skip it)."""
    overrides = overrides or {}
    agents = {}
    for seat, kind in enumerate(config.seats):
        if seat in overrides:
            agents[seat] = overrides[seat]
        elif kind != "human":
            agents[seat] = game.make_agent(kind, seat, seed)
            if fine and kind == "random":
                agents[seat].fine = True
    return agents


def play(game: Game, config: GameConfig, seed: int, agents: dict | None = None,
         max_decisions: int = 1_000_000, on_step=None, state=None) -> Played:
    """Play to the end. `agents` maps every seat to an agent (defaults come
    from the config); `on_step(seat, action, events, step)` sees every step
    (step: the engine/steps.Step the action answered)."""
    if agents is None:
        agents = agents_for(game, config, seed)
    if state is None:
        state = game.new(config, seed)
    out = Played(state)
    apply = game.apply
    machine = game.machine
    forced, run_forced = machine.forced, machine.run_forced
    drive, steps = machine.drive, machine.steps
    actions = out.actions
    record = actions.append
    asked = applied = 0           # out.decisions and out.forced, kept in locals
    while True:
        # A decision with a single legal action is applied without asking
        # (engine/steps.Machine.forced), as the terminal and the web do: the
        # whole run of them in one call.
        f = forced(state)
        if f is not None and asked + applied < max_decisions:
            applied += run_forced(state, f, actions, max_decisions - asked - applied, on_step)
        # game.to_act and game.pending_step, read off the turn: once a decision
        turn = state.turn
        p = turn.pending
        if p is None or turn.over:
            break
        if asked + applied >= max_decisions:
            raise RuntimeError(f"race did not end within {max_decisions} decisions")
        # One seat at a time (the lowest: pending seats are kept sorted);
        # simultaneous choices are collected by the game.
        seat = p.seats[0]
        agent = agents[seat]
        asked += 1
        step = steps[p.step]
        if type(agent) is WholeMoves and step.route is not None and not turn.fine:
            # The bot plays its whole move in place: one decision, the
            # race and the record exactly those of plan-then-apply.
            # (a lambda: in CPython 3.11 cheaper than a call with *args)
            inner = agent.inner
            own = getattr(inner, "drive", None)
            if own is not None:
                # a bot that plays its whole move itself (the same race)
                action, events = own(game, state, seat)
            else:
                action, events = drive(state, seat, lambda st: inner.choose(game, st, seat))
            record((seat, action))
            if on_step is not None:
                on_step(seat, action, events, step)
            continue
        action = agent.choose(game, state, seat)
        if on_step is None:
            apply(state, seat, action)
            record((seat, action))
        else:
            events = apply(state, seat, action)
            record((seat, action))
            on_step(seat, action, events, step)
    out.decisions = asked
    out.forced = applied
    return out
