"""How the engine harnesses run their cases: one worker process per target, one forked child per case.

Both harnesses (``sglang_conformance.py``, ``vllm_conformance.py``) fake a platform once per worker process and then
fork per case, so what one case changes (environment, caches, patched modules) never reaches the next.  A case whose
child dies, or whose harness code raises, is a ``harness_failure``: never a refusal by the engine.
"""
from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable, Mapping
from typing import Any


def run_forked(run: Callable[[], dict[str, Any]], env: Mapping[str, Any]) -> dict[str, Any]:
    """``run()`` in a forked child with ``env`` added to its environment (the engine reads it at check time);
    its stdout is swallowed, its result comes back through a pipe."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # child
        os.close(read)
        os.environ.update({k: str(v) for k, v in env.items()})
        try:
            with contextlib.redirect_stdout(io.StringIO()):
                out = run()
        except BaseException as exc:  # noqa: BLE001
            out = {"verdict": "harness_failure", "harness_failure": f"the tool itself failed: {exc!r}"}
        with os.fdopen(write, "w") as pipe:
            pipe.write(json.dumps(out, default=repr))
        os._exit(0)
    os.close(write)
    with os.fdopen(read) as pipe:
        text = pipe.read()
    _, status = os.waitpid(pid, 0)
    try:
        return json.loads(text)
    except ValueError:
        return {"verdict": "harness_failure", "harness_failure": f"the case's process died (status {status})"}


def run_workers(cases: list[dict[str, Any]], worker: list[str], env: Mapping[str, str], jobs: int,
                cwd: str) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
    """Hand each target's cases (as JSON on stdin) to one worker process, ``worker + [target]``, at most ``jobs``
    at a time; each worker prints a ``provenance`` row, then one JSON row per case.  Returns the rows by case id
    (a case a dead worker never reached is a harness failure) and each target's provenance."""
    by_target: dict[str, list[dict[str, Any]]] = {}
    for case in cases:
        by_target.setdefault(case["target"], []).append(case)
    results: dict[str, Any] = {}
    provenance: dict[str, dict[str, Any]] = {}
    logs = {t: tempfile.TemporaryFile("w+") for t in by_target}
    procs: list[tuple[str, subprocess.Popen[str]]] = []
    pending = sorted(by_target)

    def start(target: str) -> None:
        proc = subprocess.Popen([*worker, target], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=logs[target], text=True, cwd=cwd, env=dict(env))
        assert proc.stdin is not None
        proc.stdin.write(json.dumps(by_target[target]))
        proc.stdin.close()
        procs.append((target, proc))

    while pending or procs:
        while pending and len(procs) < jobs:
            start(pending.pop(0))
        target, proc = procs.pop(0)
        assert proc.stdout is not None
        for line in proc.stdout:
            row = json.loads(line)
            if "provenance" in row:
                provenance[target] = row["provenance"]
                continue
            results[row.pop("id")] = row
            print(f"{target:5} {row['verdict']:16} {list(results)[-1]}", file=sys.stderr)
        proc.wait()
        if proc.returncode:
            logs[target].seek(0)
            print(f"{target} worker exit {proc.returncode}:\n" + logs[target].read()[-3000:], file=sys.stderr)
        for case in by_target[target]:
            if case["id"] not in results:
                results[case["id"]] = {"verdict": "harness_failure",
                                       "harness_failure": f"the {target} worker stopped (exit {proc.returncode})"}
    return results, provenance


# --- what both harnesses record of a case ---------------------------------------------------------------------------

def plain(value: Any) -> Any:
    """``value`` as JSON can hold it: itself, or its repr."""
    try:
        json.dumps(value)
        return value
    except TypeError:
        return repr(value)


def raised_by_a_check(filename: str, lineno: int) -> bool:
    """The statement that raised is a ``raise`` or an ``assert``: a check, not an expression that failed."""
    import linecache

    return linecache.getline(filename, lineno).strip().startswith(("raise", "assert"))


def settle(record: dict[str, Any], why: str | None, frames: list[Any], rel: Callable[[str], str | None]) -> None:
    """A refusal, or (``why``: the reason) a harness failure, with the last frames of its traceback (``rel``: a
    frame's file inside the engine's package, None outside it)."""
    if why:
        record["verdict"] = "harness_failure"
        record["harness_failure"] = why
        record["traceback_tail"] = [f"{rel(f.filename) or os.path.basename(f.filename)}:{f.lineno}" for f in frames[-4:]]
    else:
        record["verdict"] = "refused"
