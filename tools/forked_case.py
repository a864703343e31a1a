"""Run one conformance case in a forked child of an engine-harness worker, and read its verdict back as JSON.

Both harnesses (``sglang_conformance.py``, ``vllm_conformance.py``) fake a platform once per worker process and then
fork per case, so what one case changes (environment, caches, patched modules) never reaches the next.  A case whose
child dies, or whose harness code raises, is a ``harness_failure``: never a refusal by the engine.
"""
from __future__ import annotations

import contextlib
import io
import json
import os
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
