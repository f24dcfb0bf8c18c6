"""The pictures of docs/play/bolide.md, drawn by Bolide's own render_svg from
real races (seeded, the bots driving; a few dice forced where a decision
needs them). Run from the repository root:

    PYTHONPATH=src python docs/play/img/bolide-make.py

Each picture is a seat's view at one decision; `zoom` crops the board to the
part around the car to move (the viewBox only: the drawing is the game's)."""
from __future__ import annotations

import re
from pathlib import Path

import chequered
from chequered.engine.chance import script
from chequered.engine.play import agents_for
from chequered.engine.session import Session
from chequered.games.bolide.actions import Move, Request, Strategy
from chequered.games.bolide.board_svg import ML, MT
from chequered.games.bolide.bots import make_bot
from chequered.games.bolide.svg_marks import CELL

G = chequered.game("bolide")
HERE = Path(__file__).parent


def race_until(cfg: dict, seed: int, found, driver="club", before=None, limit=2000):
    """Play a seeded race, seat 0 driven by a bot, up to the first decision
    of seat 0 for which `found(state, view)` holds; `before(state)` may
    force dice at each of seat 0's decisions."""
    config = G.config(**cfg)
    race = Session(G, config, seed)
    race.settle()
    bots = agents_for(G, config, seed)
    me = make_bot(driver, 0, seed)
    for _ in range(limit):
        if race.over:
            break
        seat = min(race.to_act())
        if seat == 0:
            v = G.view(race.state, 0)
            if found(race.state, v):
                return race.state
            if before is not None and before(race.state):
                continue                     # it decided for seat 0: look again
            race.act(0, me.choose(G, race.state, 0))
        else:
            race.act(seat, bots[seat].choose(G, race.state, seat), by="bot")
    raise SystemExit(f"no such decision in {cfg} seed {seed}")


def save(name: str, state, zoom: int | None = None) -> None:
    svg = G.render_svg(G.view(state, 0))
    if zoom:
        car = state.cars[0]
        x0 = max(0, ML + (car.x + car.vx // 2 - zoom) * CELL)
        y0 = max(0, MT + (car.y + car.vy // 2 - zoom * 2 // 3) * CELL)
        w, h = 2 * zoom * CELL, 4 * zoom * CELL // 3
        svg = re.sub(r'width="\d+" height="\d+" viewBox="[^"]*"',
                     f'width="{w * 2}" height="{h * 2}" viewBox="{x0} {y0} {w} {h}"', svg, 1)
    (HERE / f"bolide-{name}.svg").write_text(svg + "\n", encoding="utf-8")
    print(f"bolide-{name}.svg", len(svg) // 1024, "KB")


def step(state) -> str:
    p = G.pending_step(state)
    return p.name if p else ""


def main() -> None:
    basic = {"seats": ["human", "club", "club", "club"], "track": "ring"}
    # the board at a move with sharp brakings and warnings on offer
    s = race_until(basic, 3, lambda s, v: step(s) == "move" and v["turn"] > 6 and any(
        c["kind"] == "brake" for c in v["choices"]) and any(c["risks"] for c in v["choices"]))
    save("board", s)
    save("move", s, zoom=12)
    # an attack on a car, with the slipstream
    s = race_until({**basic, "seats": ["human"] + ["club"] * 5}, 2, lambda s, v:
                   step(s) == "move" and any(c["kind"] == "attack" for c in v["choices"])
                   and any(c["slip"] for c in v["choices"]))
    save("attack", s, zoom=10)
    # the strategy, the first decision of the advanced rules
    adv = {"seats": ["human", "club", "club", "club"], "track": "hairpin", "rules": "advanced"}
    save("strategy", race_until(adv, 2, lambda s, v: step(s) == "strategy"))
    # a bad Booster roll with the booster set-up: the joker (BOLIDE 11)
    def booster(s):
        if step(s) == "strategy":
            G.apply(s, 0, Strategy("full", "soft", "booster"))
            return True
        if step(s) == "move" and Request("booster") in G.legal_actions(s, 0) \
                and s.cars[0].setup == "booster" and s.turn_no > 8:
            script(s.chance, rolls=[4])
            G.apply(s, 0, Request("booster"))
            return True
        return False
    save("joker", race_until(adv, 2, lambda s, v: step(s) == "joker", before=booster))
    # a lost attack: where to go back (BOLIDE 6)
    def lose(s):
        if step(s) == "move" and any(c["kind"] == "attack" for c in G.view(s, 0)["choices"]):
            ch = next(c for c in G.view(s, 0)["choices"] if c["kind"] == "attack")
            script(s.chance, rolls=[5])
            G.apply(s, 0, Move(ch["x"], ch["y"]))
            return True
        return False
    save("reposition", race_until({**basic, "seats": ["human"] + ["club"] * 5}, 2,
                                  lambda s, v: step(s) == "reposition", before=lose))
    # the pit lane: a 1/2-fuel car comes in after its first lap (BOLIDE 9, 11)
    half = {**adv, "seats": ["human", "club", "club"]}

    def half_fuel(s):
        if step(s) == "strategy":
            G.apply(s, 0, Strategy("half", "soft", "booster"))
            return True
        return False
    save("pit-tyres", race_until(half, 6, lambda s, v: step(s) == "pit_tyres",
                               driver="expert", before=half_fuel))
    save("exit", race_until(half, 6, lambda s, v: step(s) == "exit",
                            driver="expert", before=half_fuel))

    # the basic rules' pit stop: what for (BOLIDE 9, 15). The bots keep out of
    # the narrow bay of Pit Lane In: seat 0 is put below it at the end of lap 1.
    def pit(s):
        car = s.cars[0]
        if step(s) == "move" and car.mode == "run" and car.progress in (6, 7) \
                and 15 <= car.x <= 30 and car.y <= 8:
            car.x, car.y, car.vx, car.vy = 23, 6, 0, -1
            s.turn.cache = s.turn.memo = None
            ch = [c for c in G.view(s, 0)["choices"] if "pit" in c["risks"]]
            G.apply(s, 0, Move(ch[0]["x"], ch[0]["y"]))
            return True
        return False
    save("service", race_until(basic, 5, lambda s, v: step(s) == "service", before=pit))

    # an engagement rolls 7, then an even number: the Safety Car (BOLIDE 6)
    def safety_car(s):
        if step(s) == "move" and any(c["kind"] == "attack" for c in G.view(s, 0)["choices"]):
            ch = next(c for c in G.view(s, 0)["choices"] if c["kind"] == "attack")
            script(s.chance, rolls=[7, 2])
            G.apply(s, 0, Move(ch["x"], ch["y"]))
            return True
        return False
    save("regrid", race_until({**basic, "seats": ["human"] + ["club"] * 5}, 2,
                              lambda s, v: step(s) == "regrid", before=safety_car))
    # after qualifying: repairs or new tyres cost the grid place (BOLIDE 12)
    save("refit", race_until({**adv, "options": ["qualifying"]}, 2,
                             lambda s, v: step(s) == "refit"))


if __name__ == "__main__":
    main()
