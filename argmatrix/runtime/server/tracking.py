"""Book-keeping of the requests the server has seen, for accounting, dumps and ``/abort_request``.

One entry per engine request (a prompt x choice).  Every request that was
``begin``-ed ends exactly once with an outcome: ``finished`` (the engine said
stop/length/abort), ``cancelled`` (the client went away or the request was
aborted), ``rejected`` (refused: queue full, prompt too long, bad parameters)
or ``failed`` (a server fault).
"""
from __future__ import annotations

import asyncio
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

OUTCOMES = ("finished", "cancelled", "rejected", "failed")


@dataclass
class Tracked:
    rid: str
    endpoint: str
    arrival: float
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
        with self._lock:
            if rid in self.in_flight:
                from .errors import bad_request

                raise bad_request(f"request id {rid!r} is already in flight", param="rid")
            t = Tracked(rid, endpoint, time.perf_counter(), stream=stream, owner=owner)
            try:
                t.task = asyncio.current_task()
            except RuntimeError:
                t.task = None
            self.in_flight[rid] = t
            self.counts["received"] += 1
            return t

    def end(self, rid: str, outcome: str) -> None:
        assert outcome in OUTCOMES, outcome
        with self._lock:
            if self.in_flight.pop(rid, None) is not None:
                self.counts[outcome] += 1

    def running(self) -> list[dict[str, Any]]:
        now = time.perf_counter()
        with self._lock:
            return [t.snapshot(now) for t in self.in_flight.values()]

    def owner(self, rid: str) -> tuple[bool, str | None]:
        """(whether ``rid`` is in flight, who sent it)."""
        with self._lock:
            t = self.in_flight.get(rid)
            return (t is not None, t.owner if t is not None else None)

    def rids(self) -> list[str]:
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
