"""The conformance kit: checks every game must pass, through the protocol only.

In the spirit of PettingZoo's `api_test`: `conformance(game)` plays random
legal races to the end and checks, assuming nothing about the game's state:

- actions round-trip through JSON; exactly the legal actions are accepted,
  the others raise IllegalAction and leave the state untouched; a seat not
  to act cannot act; clones are independent; positions round-trip;
- views are JSON-ready and blind to what the seat cannot see (unchanged when
  the unseen is resampled by `redeterminize`);
- **the log keeps secrets**: a face-down choice reads the same to the others
  whatever card was chosen; two face-down choices of the same kind that
  leave a viewer the same table read the same to it in the log (the action's
  text and its events); and an open choice reads the same to a viewer when
  what it cannot see (the others' hands, the decks) is resampled;
- **chance is explicit**: a step that rolled, drew, shuffled or looked at a
  deck (the race's `Chance.ticks` moved) emitted a reveal event, so undo
  cannot cross it;
- texts shown to players carry no debug forms (`seat=3`, Python reprs);
- the game's invariants hold; the record replays to the same final hash;
- **whole moves** (engine/routes.py): races are played over routes or, with
  `fine=True`, one fine step at a time; both forms are accepted at every step;
- **forced steps keep secrets**: a decision with a single legal action is
  applied without asking (as the front ends do), and whether it is forced
  never changes when what another seat cannot see is resampled (the others
  would learn it from not being kept waiting).

Use it from a test: `conformance(chequered.game("bolide"), seeds=200)`.
"""
from __future__ import annotations

import json
import re

from ..agents.random_agent import RandomAgent
from ..engine.hashing import sha256_of
from ..engine.play import agents_for
from ..engine.protocol import IllegalAction
from ..engine.records import Record, record_of, replay
from ..engine.rng import Rng
from ..engine.routes import Route

# Forms of text that are for programmers, never for players.
DEBUG_TEXT = re.compile(r"seat=|\bseat \d|\{'|\['|\(\d+, \d+\)|\bNone\b|\bTrue\b|\bFalse\b"
                        r"|object at 0x|Traceback")
MAX_STEPS = 20_000


class ConformanceError(AssertionError):
    pass


def check(cond, message: str) -> None:
    if not cond:
        raise ConformanceError(message)


def conformance(game, *, seeds: int = 200, deep: int = 8, secrecy_every: int = 5,
                configs: list[dict] | None = None, first_seed: int = 0) -> int:
    """Play `seeds` random races over the game's sample configs (the first
    `deep` with every check at every step); return the number of steps played."""
    configs = configs or game.sample_configs()
    steps = 0
    for i in range(seeds):
        seed = first_seed + i
        steps += play_checked(game, configs[seed % len(configs)], seed,
                              deep=i < deep, secrecy_every=secrecy_every)
    return steps


def play_checked(game, cfg_doc: dict, seed: int, *, deep: bool = False,
                 secrecy_every: int = 5, fine: bool = False, deep_steps: int | None = None) -> int:
    """One random race with the per-step checks; returns its number of steps.
    `fine`: the random seats move one fine step at a time, not by routes;
    `deep_steps`: every check only for the first steps (then the race goes
    on with the checks of an ordinary race)."""
    config = game.config(**cfg_doc)
    state = game.new(config, seed)
    n = len(config.seats)
    agents = agents_for(game, config, seed)
    for seat, kind in enumerate(config.seats):
        if kind == "human" or (fine and kind == "random"):   # nobody at the keyboard
            agents[seat] = RandomAgent(seed * 1000 + seat, fine=fine)
    actions = []
    steps = 0
    where = f"{game.name} seed {seed} config {cfg_doc}{' fine steps' if fine else ''}"
    every = deep
    while not game.is_over(state):
        deep = every and (deep_steps is None or steps < deep_steps)
        seats = game.to_act(state)
        check(seats, f"{where}: a running race must have someone to act")
        forced = game.forced(state)
        if deep:
            check_forced_is_public(game, state, forced, Rng(seed * 31 + steps), n,
                                   f"{where} step {steps}")
        seat = min(seats) if forced is None else forced[0]
        listing = game.fine_actions if fine else game.legal_actions
        # Listing whole moves is a search: done where a check or the agent
        # needs the list, not for a bot that plans its own move.
        legal = listing(state, seat) if deep or forced is not None else \
            game.fine_actions(state, seat)
        check(legal, f"{where} step {steps}: seat {seat} to act with no legal action")
        for other in range(n):
            if other not in seats:
                check(game.legal_actions(state, other) == [],
                      f"{where} step {steps}: seat {other} is not to act but has actions")
        if deep:
            deep_checks(game, state, seat, legal, Rng(seed * 7919 + steps), n, listing)
            if steps % secrecy_every == 0 or _secret(game, state):
                check_log_secrecy(game, state, seat, legal, Rng(seed * 104729 + steps), n,
                                  listing=listing)
        action = forced[1] if forced is not None else agents[seat].choose(game, state, seat)
        # a bot's planned route may take another path to a listed outcome
        check(action in legal or action in game.fine_actions(state, seat)
              or (type(action) is Route and game.refusal(state, seat, action) is None)
              or (type(action) is not Route and action in game.legal_actions(state, seat)),
              f"{where} step {steps}: the agent chose an illegal action")
        step = game.pending_step(state)
        ticks = _ticks(game, state)
        events = game.apply(state, seat, action)
        check_chance_revealed(game, ticks, _ticks(game, state), events,
                              f"{where} step {steps} ({step.name if step else '?'})")
        if deep:
            check_texts(game, state, step, seat, action, events, n,
                        f"{where} step {steps}")
        actions.append((seat, action))
        steps += 1
        bad = game.invariants(state)
        check(not bad, f"{where} step {steps}: {bad}")
        check(steps < MAX_STEPS, f"{where}: the race does not end")
    result = game.result(state)
    check(sorted(result.classification) == list(range(n)),
          f"{where}: the classification must hold every seat once")
    json.dumps(result.to_doc())
    rec = record_of(game, config, seed, actions, state)
    rec2 = Record.from_doc(json.loads(json.dumps(rec.to_doc())))
    check(game.state_hash(replay(rec2, game)) == rec.final_hash, f"{where}: the record does not replay")
    return steps


def check_forced_is_public(game, state, forced, rng: Rng, n: int, where: str) -> None:
    """Whether a decision is applied without asking shows at the table, so
    it may depend only on what every other seat can see."""
    acting = sorted(game.to_act(state))
    for viewer in [v for v in range(n) if v not in acting][:1] or [None]:
        if viewer is None:
            continue
        world = game.redeterminize(state, viewer, rng)
        other = game.forced(world)
        check((other is None) == (forced is None) and
              (other is None or other[0] == forced[0]),
              f"{where}: whether the decision is asked depends on what seat {viewer} "
              f"cannot see (forced here: {forced is not None}, in a resampled world: "
              f"{other is not None})")


def _ticks(game, state) -> int | None:
    ch = game.chance_of(state)
    return None if ch is None else ch.ticks


def _secret(game, state) -> bool:
    step = game.pending_step(state)
    return bool(step is not None and step.secret)


# ---- chance --------------------------------------------------------------------------
def check_chance_revealed(game, before, after, events, where: str) -> None:
    """(b) A step that moved the random source or a deck emitted a reveal."""
    check(before is not None, f"{game.name}: the race has no engine/chance.Chance")
    if after != before:
        check(any(e.reveal for e in events),
              f"{where}: chance was used ({after - before} operation(s)) but no event "
              "revealed it, so undo could cross it")


# ---- texts -----------------------------------------------------------------------------
def check_texts(game, state, step, seat, action, events, n: int, where: str) -> None:
    """Every text of a step, for every viewer, is written for players."""
    for viewer in [None, *range(n)]:
        lines = [game.action_text(step, seat, action, viewer)]
        lines += [t for t in (game.event_text(e, viewer, state) for e in events) if t is not None]
        for line in lines:
            check(isinstance(line, str) and line.strip(), f"{where}: an empty log line")
            check(not DEBUG_TEXT.search(line),
                  f"{where}: debug text shown to {_who(viewer)}: {line!r}")


def _who(viewer) -> str:
    return "a spectator" if viewer is None else f"seat {viewer}"


# ---- the log keeps secrets ----------------------------------------------------------------
def check_log_secrecy(game, state, seat, legal, rng: Rng, n: int, max_actions: int = 6,
                      listing=None) -> None:
    """(a) What another seat or a spectator reads in the log depends only on
    what it can see."""
    step = game.pending_step(state)
    viewers = [None] + [s for s in range(n) if s != seat]
    sample = _sample(legal, max_actions, rng)
    if step is not None and step.secret:
        # Which card went face down never shows; the kind of choice (discard
        # or keep the hand) may, as the table sees it too.
        for v in viewers:
            by_kind: dict[str, set] = {}
            for a in legal:
                by_kind.setdefault(type(a).__name__, set()).add(
                    game.action_text(step, seat, a, v))
            for kind, texts in by_kind.items():
                check(len(texts) == 1, f"{game.name} step {step.name}: a face-down {kind} "
                                       f"reads differently to {_who(v)}: {sorted(texts)[:3]}")
    # Two viewers a step: a spectator and one other seat, in turn.
    others = [v for v in viewers if v is not None]
    chosen = [None] + (others[rng.below(len(others)):][:1] if others else [])
    for v in chosen:
        worlds = [state]
        if others:
            # resample everything this viewer cannot see (a spectator sees
            # less than any seat, so resampling for a seat is enough)
            worlds.append(game.redeterminize(state, v if v is not None else others[0], rng))
        seen: dict[str, tuple] = {}
        for w in worlds:
            legal_w = (listing or game.legal_actions)(w, seat) if w is not state else legal
            for a in sample:
                if a not in legal_w:
                    continue
                after = game.clone(w)
                events = game.apply(after, seat, a)
                public = [game.describe(e, after) for e in events
                          if e.reveal and e.to is None]
                # Compared: for a face-down choice, the same kind of choice
                # (which card is the secret) leaving the same table; for an
                # open choice, the same action in a world resampled for
                # this viewer (the others' hands are the secret).
                if step is not None and step.secret:
                    # a whole move shows what each of its steps shows
                    shown = [step.shows(w, seat, x) if step.shows else type(x).__name__
                             for x in (a.path if type(a) is Route else (a,))]
                else:
                    shown = game.encode_action(a)
                key = sha256_of({"kind": shown, "view": game.view(after, v),
                                 "public": public})
                text = (game.action_text(step, seat, a, v),
                        tuple(t for t in (game.event_text(e, v, after) for e in events)
                              if t is not None))
                if key in seen:
                    check(seen[key] == text,
                          f"{game.name} step {step.name if step else '?'}: {_who(v)} sees the "
                          f"same table but reads a different log:\n  {seen[key]}\n  {text}")
                else:
                    seen[key] = text


def _sample(legal: list, k: int, rng: Rng) -> list:
    if len(legal) <= k:
        return list(legal)
    idx = list(range(len(legal)))
    rng.shuffle(idx)
    return [legal[i] for i in sorted(idx[:k])]


# ---- the protocol at one step ---------------------------------------------------------------
def deep_checks(game, state, seat, legal, rng: Rng, n: int, listing=None) -> None:
    listing = listing or game.legal_actions
    h = game.state_hash(state)
    for a in legal:
        doc = json.loads(json.dumps(game.encode_action(a)))
        check(game.decode_action(doc) == a, f"{game.name}: {doc} does not round-trip")
    fine = game.fine_actions(state, seat)
    for a in game.candidate_actions(state, seat):
        # a route step takes its fine steps too; a route the game accepts was
        # checked step by step (a refused one must leave no trace, below)
        if a in legal or a in fine or (type(a) is Route and game.refusal(state, seat, a) is None):
            game.apply(game.clone(state), seat, a)
        else:
            try:
                game.apply(state, seat, a)
            except IllegalAction:
                pass
            else:
                raise ConformanceError(f"{game.name}: an action not in the legal list was "
                                       f"accepted: {game.encode_action(a)}")
    check(game.state_hash(state) == h, f"{game.name}: an illegal action changed the state")
    acting = game.to_act(state)
    for other in [s for s in range(n) if s not in acting][:1]:
        trial = game.clone(state)
        try:
            game.apply(trial, other, legal[0])
        except IllegalAction:
            pass
        else:
            raise ConformanceError(f"{game.name}: seat {other} acted out of turn")
        check(game.state_hash(trial) == h, f"{game.name}: a refused action changed the state")
    c = game.clone(state)
    check(game.state_hash(c) == h, f"{game.name}: a clone hashes differently")
    game.apply(c, seat, legal[0])
    check(game.state_hash(state) == h, f"{game.name}: acting on a clone changed the original")
    doc = json.loads(json.dumps(game.dump_position(state)))
    check(game.state_hash(game.load_position(doc)) == h,
          f"{game.name}: the position does not round-trip")
    for s in [None, seat]:
        json.dumps(game.view(state, s))
    v = game.view(state, seat)
    # beside the board (engine/guide.py): the warnings and the turn banner
    # are read from the state, so they must not change with what is unseen
    warnings = [game.confirm(state, seat, a) for a in legal[:20]]
    turn = game.turn(state)
    json.dumps([m.to_doc() for m in game.legend(v)] + [r.to_doc() for r in game.standings(v)])
    for _ in range(2):
        other_world = game.redeterminize(state, seat, rng)
        check(game.view(other_world, seat) == v, f"{game.name}: the view reveals hidden "
                                                  "information")
        check(listing(other_world, seat) == legal,
              f"{game.name}: the legal actions depend on hidden information")
        check([game.confirm(other_world, seat, a) for a in legal[:20]] == warnings,
              f"{game.name}: a confirmation depends on hidden information")
        check(game.turn(other_world) == turn,
              f"{game.name}: the turn banner depends on hidden information")
    check(game.state_hash(state) == h, f"{game.name}: redeterminize changed the state")
    text = game.render_text(v)
    check(isinstance(text, str) and text, f"{game.name}: empty text rendering")
    check(game.render_svg(v).startswith("<svg"), f"{game.name}: render_svg is not SVG")
