"""Run the tests behind each engine path on this machine and record the results in the engine table's runs.

    python bench/engine_tests.py [--paths core,decode_graphs] [--dry-run]

One pytest run over the tests of the chosen paths (``argmatrix.matrix.engine.PATHS``); each path's tests are
then counted apart and one run per path is appended to ``argmatrix/matrix/engine_runs.json``: passed when
at least one of its tests passed and none failed, failed otherwise; a path whose tests were all skipped is
not recorded.  The suite runs its engines on the CPU whatever the host has, so the runs are recorded for the
``cpu`` family; an accelerator's runs come from ``bench/engine.py --device``.  Regenerate the docs afterwards
(``argmatrix docs generate``).
"""
from __future__ import annotations

import argparse
import datetime
import os
import platform
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from argmatrix.matrix.engine import PATHS  # noqa: E402
from argmatrix.matrix.engine_runs import Run, append  # noqa: E402


def cpu_name() -> str:
    try:
        with open("/proc/cpuinfo") as f:
            return next(line.split(":", 1)[1].strip() for line in f if line.startswith("model name"))
    except (OSError, StopIteration):
        return platform.processor() or platform.machine()


def covers(target: str, classname: str, name: str) -> bool:
    """Whether the junit test case (classname, name) is under the pytest target ``target``."""
    file, _, test = target.partition("::")
    module = file.removesuffix(".py").replace("/", ".")
    inside = classname == module or classname.startswith(module + ".")
    return inside and (not test or name == test or name.startswith(test + "["))


def outcomes(report: Path) -> list[tuple[str, str, str]]:
    """(classname, name, passed|failed|skipped) for each test case of a junit report."""
    out = []
    for case in ET.parse(report).getroot().iter("testcase"):
        kinds = {child.tag for child in case}
        state = "failed" if kinds & {"failure", "error"} else "skipped" if "skipped" in kinds else "passed"
        out.append((case.get("classname", ""), case.get("name", ""), state))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--paths", default=",".join(PATHS), help="engine paths to run (default: all)")
    parser.add_argument("--dry-run", action="store_true", help="print the runs instead of recording them")
    parser.add_argument("--commit", help="the commit the tested tree is (default: git rev-parse HEAD here)")
    ns = parser.parse_args()
    keys = [k for k in ns.paths.split(",") if k]
    unknown = [k for k in keys if k not in PATHS]
    if unknown:
        parser.error(f"unknown engine path(s) {', '.join(unknown)}; known: {', '.join(PATHS)}")
    targets = sorted({t for k in keys for t in PATHS[k].tests})
    # the widest targets are enough: a file inside tests/runtime runs once
    run_targets = [t for t in targets if not any((t != o and t.startswith(o.rstrip("/") + "/")) or
                                                 t.startswith(o + "::") for o in targets)]
    import torch

    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "junit.xml"
        cmd = [sys.executable, "-m", "pytest", *run_targets, "-q", "-p", "no:cacheprovider", f"--junitxml={report}"]
        print("running:", " ".join(cmd[1:]), flush=True)
        subprocess.run(cmd, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
        if not report.exists():
            print("pytest wrote no report: nothing recorded")
            return 1
        cases = outcomes(report)
    date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")
    commit = ns.commit or subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                                         text=True).stdout.strip()
    for key in keys:
        states = [s for c, n, s in cases if any(covers(t, c, n) for t in PATHS[key].tests)]
        counts = {s: states.count(s) for s in ("passed", "failed", "skipped") if states.count(s)}
        if not counts.get("passed") and not counts.get("failed"):
            print(f"{key}: no test ran ({counts or 'none collected'}): not recorded")
            continue
        failing = [f"{c.rsplit('.', 1)[-1]}::{n}" for c, n, s in cases
                   if s == "failed" and any(covers(t, c, n) for t in PATHS[key].tests)]
        run = Run("cpu", cpu_name(), os.cpu_count() or 0, torch.__version__, date, (key,),
                  "python -m pytest " + " ".join(PATHS[key].tests), "failed" if counts.get("failed") else "passed",
                  commit, counts.get("passed", 0), counts.get("failed", 0), counts.get("skipped", 0),
                  tuple(failing[:3]) + (("...",) if len(failing) > 3 else ()))
        print(f"{key}: {run.summary('en')}")
        if not ns.dry_run:
            append(run)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
