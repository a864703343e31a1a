"""In-process cost of `argmatrix docs check`, against rendering the same files in the same run.

`docs check` renders every generated file and compares it with generated/; the comparison should cost little
next to the rendering. Prints the median of N runs of each and their ratio.

    python bench/docs_check.py [--runs 5]

Target: check within 1.2x of rendering alone (it replaced a unit test that asserted under 2 s of wall time,
which a loaded machine does not keep).
"""
from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

GENERATED = Path(__file__).parents[1] / "generated"


def median_s(fn, runs: int) -> float:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs

    from argmatrix import generate
    from argmatrix.cli import help_pages
    from argmatrix.cli.app import app

    help_pages.all_files(app)                                 # warm: imports, the typer app, caches
    render = median_s(lambda: help_pages.all_files(app), runs)

    def check() -> None:
        problems = generate.check(GENERATED, files=help_pages.all_files(app))
        if problems:
            raise SystemExit("generated/ is stale: run `argmatrix docs generate` first\n" + "\n".join(problems))

    checked = median_s(check, runs)
    print(f"render every generated file  {render * 1000:8.1f} ms (median of {runs})")
    print(f"docs check (render + compare) {checked * 1000:7.1f} ms")
    print(f"ratio check / render          {checked / render:7.2f}x  (target: under 1.2x)")


if __name__ == "__main__":
    main()
