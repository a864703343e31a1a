"""Book-keeping of the requests the server has seen, for accounting, dumps and ``/abort_request``.

One entry per engine submission (a prompt; the engine fans out its ``n`` choices).  Request ids are the
caller's own: two callers may use the same id at once, and neither can tell (a request with an id the same caller
already has in flight is a 400; another caller's never is).  The engine sees :func:`scoped_rid`, the id with a
tag of its caller, so ids never meet there either.  Every request that was
``begin``-ed ends exactly once with an outcome: ``finished`` (the engine said
stop/length/abort), ``cancelled`` (the client went away or the request was
aborted), ``rejected`` (refused: queue full, prompt too long, bad parameters)
or ``failed`` (a server fault).
"""
from __future__ import annotations

import asyncio
import hashlib
import re
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

OUTCOMES = ("finished", "cancelled", "rejected", "failed")


def scoped_rid(owner: str | None, rid: str) -> str:
    """The engine's id for ``rid`` sent by ``owner``: the caller's id with a tag of the caller (a hash: the log
    and the engine never show whose it is).  The tag is hex after ``@``, so a scoped id never ends like the
    engine's ``-<i>`` choice ids and never equals another caller's."""
    if owner is None:
        return rid
    return f"{rid}@{hashlib.sha256(owner.encode()).hexdigest()[:12]}"


_SCOPE_TAG = re.compile(r"@[0-9a-f]{12}(?=(-\d+)?$)")


def unscoped_rid(engine_rid: str) -> str:
    """The caller's id of an engine request (a choice keeps its ``-<i>``), for dumps and logs."""
    return _SCOPE_TAG.sub("", engine_rid, count=1)


@dataclass
class Tracked:
    rid: str                                 # the caller's id (what responses and logs show)
    endpoint: str
    arrival: float
    engine_rid: str = ""                     # scoped_rid(owner, rid): the key here and in the engine
    prompt_tokens: int | None = None
    completion_tokens: int = 0
    first_token_at: float | None = None
    stream: bool = False
    owner: str | None = None                 # the Caller.principal that sent it (who may abort it)
    task: asyncio.Task | None = field(default=None, repr=False)

    def snapshot(self, now: float) -> dict[str, Any]:
        return {"rid": self.rid, "endpoint": self.endpoint, "age_s": round(now - self.arrival, 3),
                "prompt_tokens": self.prompt_tokens, "completion_tokens": self.completion_tokens,
                "ttft_s": None if self.first_token_at is None else round(self.first_token_at - self.arrival, 4),
                "stream": self.stream}


class RequestTracker:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.in_flight: dict[str, Tracked] = {}
        self.counts: Counter[str] = Counter()
        self.http_status: Counter[int] = Counter()
        self.http_disconnects = 0

    def begin(self, rid: str, endpoint: str, *, stream: bool = False, owner: str | None = None) -> Tracked:
        engine_rid = scoped_rid(owner, rid)
        with self._lock:
            if engine_rid in self.in_flight:
                from .errors import bad_request

                raise bad_request(f"you already have a request with id {rid!r} in flight; use another 'rid'",
                                  param="rid")
            t = Tracked(rid, endpoint, time.perf_counter(), engine_rid=engine_rid, stream=stream, owner=owner)
            try:
                t.task = asyncio.current_task()
            except RuntimeError:
                t.task = None
            self.in_flight[engine_rid] = t
            self.counts["received"] += 1
            return t

    def end(self, engine_rid: str, outcome: str) -> None:
        assert outcome in OUTCOMES, outcome
        with self._lock:
            if self.in_flight.pop(engine_rid, None) is not None:
                self.counts[outcome] += 1

    def running(self) -> list[dict[str, Any]]:
        now = time.perf_counter()
        with self._lock:
            return [t.snapshot(now) for t in self.in_flight.values()]

    def find(self, rid: str, owner: str | None) -> list[str]:
        """The engine ids of ``rid`` in flight: ``owner``'s own, or every caller's for ``owner=None`` (the admin)."""
        with self._lock:
            if owner is not None:
                engine_rid = scoped_rid(owner, rid)
                return [engine_rid] if engine_rid in self.in_flight else []
            return [k for k, t in self.in_flight.items() if t.rid == rid]

    def rids(self) -> list[str]:
        """The engine ids of every request in flight."""
        with self._lock:
            return list(self.in_flight)

    def http_done(self, status: int) -> None:
        with self._lock:
            self.http_status[status] += 1

    def summary(self) -> dict[str, Any]:
        with self._lock:
            return {"received": self.counts["received"],
                    **{o: self.counts[o] for o in OUTCOMES},
                    "in_flight": len(self.in_flight),
                    "http_status": {str(k): v for k, v in sorted(self.http_status.items())},
                    "http_disconnects": self.http_disconnects}
