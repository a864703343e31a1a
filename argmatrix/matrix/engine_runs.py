"""The record of where argmatrix's engine paths have run: ``engine_runs.json``, next to this module.

Each run is one command on one machine: the platform family (``cpu``, ``gpu``, ``npu``: ``Platform.family``),
the device it ran on, the date and commit, the engine paths it exercised (keys of
``argmatrix.matrix.engine.PATHS``), what ran, whether it passed, and its test counts.  ``bench/engine_tests.py`` (a path's tests on this machine) and
``bench/engine.py --device`` append to it; the engine table reads the latest run per path and family, so a
path nobody has run on a family is shown as never run there.  Written by those tools, never by hand.
"""
from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from ..records import asdict, record

RUNS_FILE = Path(__file__).with_name("engine_runs.json")
RESULTS = ("passed", "failed")


@record
class Run:
    family: str                 # cpu | gpu | npu
    device: str                 # the CPU model or the accelerator's name, as the machine reports it
    cores: int                  # CPU cores of the host
    torch: str                  # torch's version
    date: str                   # YYYY-MM-DD (UTC)
    paths: tuple[str, ...]      # the engine paths it exercised
    ran: str                    # the command, as typed
    result: str                 # passed | failed
    commit: str = ""            # the commit of the tree that ran
    passed: int = 0             # test counts (a benchmark records none)
    failed: int = 0
    skipped: int = 0
    failing: tuple[str, ...] = ()   # the tests that failed (the first few), or the benchmark's error
    note: str = ""              # anything else the tool recorded (a benchmark's sizes)

    def summary(self, lang: str) -> str:
        """What ran and how it ended, in ``lang``: ``2026-12-01, commit abc: python -m pytest ...: passed (...)``."""
        counts = [(n, word) for n, word in ((self.passed, ("passed", "项通过")), (self.failed, ("failed", "项失败")),
                                           (self.skipped, ("skipped", "项跳过"))) if n]
        if lang == "en":
            parts = [", ".join(f"{n} {w[0]}" for n, w in counts)] * bool(counts)
            parts += [", ".join(self.failing)] * bool(self.failing) + [self.note] * bool(self.note)
            head = self.date + (f", commit {self.commit}" if self.commit else "")
            return f"{head}: {self.ran}: {self.result}" + (f" ({'; '.join(parts)})" if parts else "")
        parts = ["、".join(f"{n} {w[1]}" for n, w in counts)] * bool(counts)
        parts += ["、".join(f"“{f}”" for f in self.failing)] * bool(self.failing) + [f"“{self.note}”"] * bool(self.note)
        head = self.date + (f"，提交 {self.commit}" if self.commit else "")
        result = {"passed": "通过", "failed": "失败"}[self.result]
        return f"{head}：“{self.ran}”{result}" + (f"（{'；'.join(parts)}）" if parts else "")

    def machine(self, lang: str) -> str:
        if lang == "en":
            return f"{self.device}, {self.cores} cores, torch {self.torch}"
        return f"{self.device}，{self.cores} 核，torch “{self.torch}”"


@cache
def load(path: Path = RUNS_FILE) -> tuple[Run, ...]:
    if not path.exists():
        return ()
    data = json.loads(path.read_text(encoding="utf-8"))
    runs = tuple(Run(**{**entry, "paths": tuple(entry["paths"]), "failing": tuple(entry.get("failing", ()))})
                 for entry in data["runs"])
    for run in runs:
        if run.result not in RESULTS:
            raise ValueError(f"{path}: run {run.ran!r} has result {run.result!r}, not one of {RESULTS}")
    return runs


def latest(path_key: str, family: str, runs: tuple[Run, ...] | None = None) -> Run | None:
    """The last recorded run of ``path_key`` on ``family`` (the file is in the order runs were appended)."""
    found = [r for r in (load() if runs is None else runs) if r.family == family and path_key in r.paths]
    return found[-1] if found else None


def append(run: Run, path: Path = RUNS_FILE) -> None:
    """Add ``run`` to the record (then regenerate the docs: ``argmatrix docs generate``)."""
    if run.result not in RESULTS:
        raise ValueError(f"result {run.result!r} is not one of {RESULTS}")
    runs = [asdict(r) for r in load(path)] + [asdict(run)]
    lines = ",\n".join("  " + json.dumps({**r, "paths": list(r["paths"]), "failing": list(r["failing"])},
                                          ensure_ascii=False) for r in runs)
    path.write_text('{"runs": [\n' + lines + "\n]}\n", encoding="utf-8")   # one run a line: diffs read well
    load.cache_clear()
