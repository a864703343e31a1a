"""Cold-start cost of `argmatrix check-config`, against `python -c pass` measured in the same run.

Prints the median wall time of fresh processes (N runs each) and the ratio, then the
in-process compile time per configuration once the process is warm.

    python bench/cold_start.py [--runs 10]

Targets (issue #3): check-config under 0.25 s; in-process compile under 1 ms.
"""
from __future__ import annotations

import argparse
import compileall
import os
import shutil
import statistics
import subprocess
import sys
import time

SERVER_FLAGS = ["--model-path", "m", "--tp-size", "2", "--mem-fraction-static", "0.8"]


def wall(cmd: list[str], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    opts = parser.parse_args()
    # A pip install writes bytecode; an editable checkout run with PYTHONDONTWRITEBYTECODE=1 would
    # recompile every module on every start and measure the compiler, not argmatrix.
    import argmatrix

    compileall.compile_dir(os.path.dirname(argmatrix.__file__), quiet=1)
    exe = shutil.which("argmatrix")
    check_cmd = ([exe] if exe else [sys.executable, "-m", "argmatrix"]) + ["check-config", "--target", "a3", "--",
                                                                         *SERVER_FLAGS]
    baseline = wall([sys.executable, "-c", "pass"], opts.runs)
    import_only = wall([sys.executable, "-c", "import argmatrix.compiler"], opts.runs)
    check = wall(check_cmd, opts.runs)
    print(f"python -c pass            median {baseline * 1000:7.1f} ms")
    print(f"import argmatrix.compiler median {import_only * 1000:7.1f} ms  ({import_only / baseline:.2f}x baseline)")
    print(f"argmatrix check-config    median {check * 1000:7.1f} ms  ({check / baseline:.2f}x baseline, "
          f"{(check - baseline) * 1000:.1f} ms above it; target < 250 ms)")

    from argmatrix.compiler import compile

    compile(SERVER_FLAGS, target="a3", env={})  # warm the per-field validators
    n = 2000
    start = time.perf_counter()
    for _ in range(n):
        compile(SERVER_FLAGS, target="a3", env={})
    per = (time.perf_counter() - start) / n
    print(f"in-process compile        {per * 1e6:7.1f} us per config (target < 1000 us)")


if __name__ == "__main__":
    main()
