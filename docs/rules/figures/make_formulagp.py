"""Render the FormulaGP track figures: `.venv/bin/python docs/rules/figures/make_formulagp.py`.

Writes formulagp-<track>.svg for every shipped track, with a few example cars,
tokens and highlighted (reachable) spaces, next to this script.
"""
from pathlib import Path

from chequered.games.formulagp.position import parse_space
from chequered.games.formulagp.render_track import track_svg
from chequered.games.formulagp.track import track, track_keys

HERE = Path(__file__).parent


def main() -> None:
    for key in track_keys():
        t = track(key)
        grid = [s.id for tile in t.tiles[-3:] for s in (t.spaces[i] for i in tile.spaces)
                if not (s.pit_lane or s.shadow_car or s.pit_exit)]
        cars = [{"seat": i, "number": i + 1, "space": sid} for i, sid in enumerate(grid[:6])]
        reach = t.reachable(cars[0]["space"]) if cars else ()
        (HERE / f"formulagp-{key}.svg").write_text(
            track_svg(t, cars=cars, tokens={12: "yellow_flag"}, highlight=reach) + "\n")
        print("wrote", f"formulagp-{key}.svg")
    # docs/rules/formulagp-positions.md: the fast track with its tile numbers and
    # the cars of the worked examples on the spaces they name
    t = track("fast")
    cars = [{"seat": i, "number": n, "space": parse_space(t, name)}
            for i, (n, name) in enumerate((("A", "37.2.1"), ("B", "30.2.1"), ("P", "39.4.1"),
                                           ("S", "6.2.1")))]
    (HERE / "formulagp-positions.svg").write_text(
        track_svg(t, cars=cars, tokens={9: "SC"}, title="fast: tile numbers, space names") + "\n")
    print("wrote formulagp-positions.svg")


if __name__ == "__main__":
    main()
