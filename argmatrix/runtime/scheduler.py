"""Continuous batching: which requests run this step, and on which pages.

Every request is a token list (prompt + output so far) and ``kv_len``, the
number of those tokens whose K/V sit in its pages.  A step feeds each scheduled
request the tokens ``[kv_len, kv_len + n)``; when that reaches the end of the
list the last logits sample the next token.  A prefill chunk, a decode
(``n == 1``) and the recomputation of a preempted request are therefore the
same operation, which keeps the scheduler small.

Fair admission: every request carries its caller (the HTTP server's key and client address; one shared
caller for programmatic use).  Within a priority level the waiting queue is served round-robin across
callers (a caller's k-th request, counting the ones it already runs, goes after every other caller's
(k-1)-th), and a waiting request whose caller runs at least two fewer requests than the caller running the
most takes a slot from that caller (its newest request is preempted; its computed pages stay cached).  So
the largest requests the limits allow, from one caller, hold the running slots only while nobody else asks
for one.

Page ownership: a request's first ``num_tree_pages`` pages belong to the radix
cache (matched and locked); the rest are the request's own.  Finishing,
aborting or preempting a request hands its full pages to the radix cache and
its partial last page back to the free list.
"""
from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from .engine_config import EngineConfig
from .kv_cache import PageAllocator
from .radix_cache import Node, RadixCache
from .sampling import SamplingParams

# SGLang's initial new-token ratio: the share of each running request's remaining
# output budget that admission keeps free, scaled by --schedule-conservativeness.
RESERVE_RATIO = 0.7


class Status(Enum):
    WAITING = "waiting"
    RUNNING = "running"
    FINISHED = "finished"


_seq = itertools.count()


@dataclass(eq=False)
class Request:
    rid: str
    token_ids: list[int]                 # prompt, then output
    num_prompt: int
    sampling: SamplingParams
    priority: int = 0
    arrival: float = 0.0
    caller: str = ""                     # who sent it: admission is fair across callers
    seq: int = field(default_factory=lambda: next(_seq))   # arrival order, kept across preemption
    status: Status = Status.WAITING
    finish_reason: str | None = None
    # KV state
    pages: list[int] = field(default_factory=list)
    kv_len: int = 0
    num_tree_pages: int = 0
    tree_node: Node | None = None
    slot: int = -1                       # row in the runner's page table
    cached_tokens: int = -1              # prompt tokens served by the prefix cache (first admission)
    times_preempted: int = 0
    runner_state: Any = None             # the transformers impl keeps its per-request cache here
    engine_state: Any = None             # the engine's streaming and detokenizer state

    @property
    def num_output(self) -> int:
        return len(self.token_ids) - self.num_prompt

    @property
    def output_ids(self) -> list[int]:
        return self.token_ids[self.num_prompt:]

    @property
    def remaining(self) -> int:
        """Tokens still to feed before the next sample (1 for a decode)."""
        return len(self.token_ids) - self.kv_len


@dataclass
class ScheduledBatch:
    reqs: list[Request] = field(default_factory=list)
    lens: list[int] = field(default_factory=list)       # tokens fed per request, from its kv_len
    num_prefill: int = 0                                 # requests with a multi-token chunk
    admitted: list[str] = field(default_factory=list)   # rids that left the waiting queue this step

    def add(self, req: Request, n: int) -> None:
        self.reqs.append(req)
        self.lens.append(n)
        self.num_prefill += n > 1


# Waiting-queue order within one priority level: the smallest key is admitted first.
# ``matched`` is the cached prefix length (only computed for lpm).
POLICY_KEYS: dict[str, Callable[[Request, int], tuple]] = {
    "fcfs": lambda r, matched: (r.seq,),
    "lpm": lambda r, matched: (-matched, r.seq),
    "lof": lambda r, matched: (-r.sampling.max_new_tokens, r.seq),
    "random": lambda r, matched: (random.random(),),
}

# A waiting request sharing at least this many uncached tokens with one prefilled in the
# current step waits a step, to reuse them from the cache (SGLang uses the same threshold).
IN_BATCH_PREFIX_THRESHOLD = 32

# Beyond this queue length lpm falls back to fcfs (matching every prompt each step gets costly), as SGLang does.
LPM_MAX_QUEUE = 128


class Scheduler:
    def __init__(self, cfg: EngineConfig, allocator: PageAllocator, tree: RadixCache, max_running: int,
                 on_release: Callable[[Request], None] | None = None,
                 on_pages_replaced: Callable[[Request], None] | None = None):
        self.cfg = cfg
        self.allocator = allocator
        self.tree = tree
        self.page_size = allocator.page_size
        self.max_running = max_running
        self.on_release = on_release or (lambda req: None)
        self.on_pages_replaced = on_pages_replaced or (lambda req: None)
        self.waiting: list[Request] = []
        # caller -> its waiting requests (callers with none are removed): each caller's share of the queue is
        # judged on it (server/limits.py) without a walk over the queue from another thread
        self.waiting_by_caller: dict[str, int] = {}
        self.running: list[Request] = []
        self.free_slots = list(range(max_running - 1, -1, -1))
        self.reserve_ratio = min(1.0, RESERVE_RATIO * cfg.schedule_conservativeness)
        self.step_tokens = min(cfg.max_prefill_tokens, cfg.chunked_prefill_size or cfg.max_prefill_tokens)
        # counters for stats() and the tests
        self.cache_hit_tokens = 0
        self.preemptions = 0              # priority preemptions
        self.retractions = 0              # out-of-pages retractions
        self.fair_preemptions = 0         # slots handed from the caller running the most to one running fewer
        self.admissions = 0
        self.last_admitted: dict[str, int] = {}   # caller -> its latest admission's number (round-robin turns)

    # ---- ordering -----------------------------------------------------------------------------------------------

    def prio(self, req: Request) -> int:
        """Smaller is more important."""
        if not self.cfg.enable_priority_scheduling:
            return 0
        return req.priority if self.cfg.low_priority_values_first else -req.priority

    def _ordered_waiting(self) -> list[Request]:
        policy = self.cfg.schedule_policy
        if policy == "lpm" and len(self.waiting) > LPM_MAX_QUEUE:
            policy = "fcfs"
        key = POLICY_KEYS[policy]
        if policy == "lpm":
            matched = {id(r): self.tree.peek(r.token_ids[:-1]) for r in self.waiting}
            ordered = sorted(self.waiting, key=lambda r: (self.prio(r), *key(r, matched[id(r)])))
        else:
            ordered = sorted(self.waiting, key=lambda r: (self.prio(r), *key(r, 0)))
        return self._round_robin(ordered)

    def _round_robin(self, ordered: list[Request]) -> list[Request]:
        """``ordered`` interleaved across callers within each priority level, keeping each caller's own order.

        A request's turn is how many requests its caller runs plus how many of its own wait ahead of it, so a
        caller already holding slots goes after the callers holding none; at equal turns the caller admitted
        least recently goes first.
        """
        callers = {r.caller for r in ordered}
        if len(callers) == 1 and all(r.caller in callers for r in self.running):
            return ordered                                  # one caller: nothing to share (the common case)
        turn = Counter(r.caller for r in self.running)
        turns = {}
        for r in ordered:
            turns[id(r)] = turn[r.caller]
            turn[r.caller] += 1
        if len(self.last_admitted) > 64 + 2 * (len(self.waiting) + len(self.running)):
            active = callers | {r.caller for r in self.running}     # forget callers that went away
            self.last_admitted = {c: n for c, n in self.last_admitted.items() if c in active}
        last = self.last_admitted
        # equal turns: the caller admitted least recently first; stable, so policy order within one caller
        return sorted(ordered, key=lambda r: (self.prio(r), turns[id(r)], last.get(r.caller, -1)))

    def _worst_running(self, exclude: set[int]) -> Request | None:
        """The running request to stop first: the least important, then the newest of the caller running most."""
        candidates = [r for r in self.running if id(r) not in exclude]
        held = Counter(r.caller for r in self.running)
        return max(candidates, key=lambda r: (self.prio(r), held[r.caller], r.seq), default=None)

    def _unfair_victim(self, req: Request, in_batch: set[int]) -> Request | None:
        """The newest running request of the caller running the most, when that is at least two more than
        ``req``'s caller runs (so handing ``req`` the slot moves both toward an even share, never past it) and
        it is no more important than ``req``."""
        held = Counter(r.caller for r in self.running)
        if len(held) == 0 or (len(held) == 1 and req.caller in held):
            return None
        caller, most = max(held.items(), key=lambda kv: kv[1])
        if most < held[req.caller] + 2:
            return None
        victims = [r for r in self.running if r.caller == caller and id(r) not in in_batch
                   and self.prio(r) >= self.prio(req)]
        return max(victims, key=lambda r: (self.prio(r), r.seq), default=None)

    # ---- pages --------------------------------------------------------------------------------------------------

    def _pages_for(self, tokens: int) -> int:
        return -(-tokens // self.page_size)

    def _grow(self, req: Request, tokens: int) -> bool:
        """Give ``req`` pages for its first ``tokens`` tokens, evicting cached pages if needed."""
        need = self._pages_for(tokens) - len(req.pages)
        if need <= 0:
            return True
        short = need - self.allocator.num_free
        if short > 0:
            self.tree.evict(short)
        got = self.allocator.alloc(need)
        if got is None:
            return False
        req.pages.extend(got)
        return True

    def _claim(self, req: Request) -> int:
        """Pages ``req`` may still claim: the rest of its prefill and a share of its remaining output.

        The share is --num-reserved-decode-tokens at most, times SGLang's new-token ratio scaled
        by --schedule-conservativeness.
        """
        left = max(0, req.sampling.max_new_tokens - req.num_output)
        decode = int(min(left, self.cfg.num_reserved_decode_tokens) * self.reserve_ratio)
        return max(0, self._pages_for(len(req.token_ids) + decode) - len(req.pages))

    def available_pages(self) -> int:
        return self.allocator.num_free + self.tree.evictable_pages

    # ---- admission, preemption, release -------------------------------------------------------------------------

    def add(self, req: Request) -> None:
        req.status = Status.WAITING
        self.waiting.append(req)
        self.waiting_by_caller[req.caller] = self.waiting_by_caller.get(req.caller, 0) + 1

    def _unwait(self, req: Request) -> None:
        self.waiting.remove(req)
        left = self.waiting_by_caller.get(req.caller, 0) - 1
        if left > 0:
            self.waiting_by_caller[req.caller] = left
        else:
            self.waiting_by_caller.pop(req.caller, None)

    def _admit(self, req: Request) -> None:
        """Match the prefix cache (always leaving one token to compute) and lock what matched."""
        pages, node = self.tree.match(req.token_ids[:-1])
        self.tree.lock(node)
        req.pages, req.num_tree_pages, req.tree_node = list(pages), len(pages), node
        req.kv_len = len(pages) * self.page_size

    def _unadmit(self, req: Request) -> None:
        self.tree.unlock(req.tree_node)
        req.pages, req.num_tree_pages, req.tree_node, req.kv_len = [], 0, None, 0

    def _start(self, req: Request) -> None:
        self._unwait(req)
        self.running.append(req)
        req.status = Status.RUNNING
        req.slot = self.free_slots.pop()
        self.admissions += 1
        self.last_admitted[req.caller] = self.admissions
        self.cache_hit_tokens += req.kv_len
        if req.cached_tokens < 0:
            req.cached_tokens = min(req.kv_len, req.num_prompt)

    def _release(self, req: Request) -> None:
        """Hand ``req``'s pages to the radix cache (full ones) and the free list (the rest)."""
        ps = self.page_size
        full = req.kv_len // ps
        if self.tree.disabled:
            self.allocator.free(req.pages)
        else:
            already = self.tree.insert(req.token_ids[:full * ps], req.pages[:full]) // ps
            self.allocator.free(req.pages[req.num_tree_pages:already])   # duplicates of cached pages
            self.allocator.free(req.pages[full:])
        if req.tree_node is not None:
            self.tree.unlock(req.tree_node)
        self.free_slots.append(req.slot)
        self.on_release(req)
        req.pages, req.num_tree_pages, req.tree_node, req.kv_len, req.slot = [], 0, None, 0, -1

    def cache_progress(self, req: Request) -> None:
        """Share a running request's freshly prefilled full pages through the radix cache.

        Requests that arrive while it is still running (the same system prompt, say) then
        match them instead of recomputing them.  The tree's copy wins where another request
        inserted the same tokens first; the page table is rewritten to point at it.
        """
        ps, full = self.page_size, req.kv_len // self.page_size
        if self.tree.disabled or full <= req.num_tree_pages:
            return
        tokens = req.token_ids[:full * ps]
        already = self.tree.insert(tokens, req.pages[:full]) // ps
        self.allocator.free(req.pages[req.num_tree_pages:already])
        pages, node = self.tree.match(tokens)
        self.tree.lock(node)
        self.tree.unlock(req.tree_node)
        req.pages[:full], req.num_tree_pages, req.tree_node = pages, full, node
        self.on_pages_replaced(req)

    def preempt(self, req: Request, *, retract: bool, fair: bool = False) -> None:
        """Stop a running request, keep its computed pages in the cache, and queue it again."""
        self._release(req)
        self.running.remove(req)
        req.times_preempted += 1
        if fair:
            self.fair_preemptions += 1
        elif retract:
            self.retractions += 1
        else:
            self.preemptions += 1
        self.add(req)

    def finish(self, req: Request, reason: str) -> None:
        if req.status is Status.RUNNING:
            self._release(req)
            self.running.remove(req)
        elif req in self.waiting:
            self._unwait(req)
        req.status, req.finish_reason = Status.FINISHED, reason

    # ---- one step -----------------------------------------------------------------------------------------------

    def schedule(self) -> tuple[ScheduledBatch, list[Request]]:
        """This step's batch, and the requests that must finish because the pool cannot hold them."""
        batch, exhausted = ScheduledBatch(), list[Request]()
        if self.cfg.enable_mixed_chunk:
            self._schedule_decodes(batch, exhausted)
            self._schedule_prefills(batch)
        else:
            self._schedule_prefills(batch)
            if not batch.reqs:
                self._schedule_decodes(batch, exhausted)
        return batch, exhausted

    def _schedule_decodes(self, batch: ScheduledBatch, exhausted: list[Request]) -> None:
        in_batch = {id(r) for r in batch.reqs}
        decodes = [r for r in self.running if len(r.token_ids) - r.kv_len == 1 and id(r) not in in_batch]
        # Fast path: the free list covers every decode's next page, so no one needs ranking.
        ps = self.page_size
        need = [max(0, r.kv_len // ps + 1 - len(r.pages)) if r.kv_len % ps == 0 else 0 for r in decodes]
        pages = self.allocator.alloc(sum(need)) if sum(need) <= self.allocator.num_free else None
        if pages is not None:
            fresh = iter(pages)
            for req, n in zip(decodes, need):
                if n:
                    req.pages.append(next(fresh))
                batch.reqs.append(req)
                batch.lens.append(1)
            return
        decodes.sort(key=lambda r: (self.prio(r), r.seq))
        for req in decodes:
            if req.status is not Status.RUNNING:      # retracted below to make room for a better one
                continue
            while not self._grow(req, req.kv_len + 1):
                victim = self._worst_running(in_batch)
                assert victim is not None, "req itself is running and not yet in the batch"
                if victim is req and len(self.running) == 1:
                    exhausted.append(req)             # alone and still no room: the pool is too small
                    break
                self.preempt(victim, retract=True)
                if victim is req:
                    break
            else:
                batch.add(req, 1)
                in_batch.add(id(req))

    def _schedule_prefills(self, batch: ScheduledBatch) -> None:
        cfg = self.cfg
        budget = self.step_tokens
        in_batch = {id(r) for r in batch.reqs}
        max_reqs = cfg.prefill_max_requests or float("inf")

        # Requests part-way through a chunked prefill go first.
        for req in [r for r in self.running if r.remaining > 1 and id(r) not in in_batch]:
            if batch.num_prefill >= max_reqs or budget <= 0:
                return
            n = self._chunk(req.remaining, budget, first=not batch.reqs)
            if n == 0:
                return
            if not self._grow(req, req.kv_len + n):
                continue                              # no room now; a decode retraction will make some
            batch.add(req, n)
            in_batch.add(id(req))
            budget -= n

        if not self.waiting:
            return
        for req in self._ordered_waiting():
            if batch.num_prefill >= max_reqs or budget <= 0:
                return
            if self._shares_with_batch(req, batch):
                continue
            while True:
                self._admit(req)
                if len(self.running) >= self.max_running:
                    ok = False
                else:
                    claimed = sum(self._claim(r) for r in self.running)
                    ok = self._claim(req) + claimed <= self.available_pages()
                if ok:
                    break
                self._unadmit(req)
                if not (self._preempt_for(req, in_batch) or self._preempt_unfair(req, in_batch)):
                    return                            # head of line blocks: admitting later ones would starve it
            n = self._chunk(req.remaining, budget, first=not batch.reqs)
            if n == 0 or not self._grow(req, req.kv_len + n):
                self._unadmit(req)
                return
            self._start(req)
            batch.add(req, n)
            batch.admitted.append(req.rid)
            in_batch.add(id(req))
            budget -= n

    def _shares_with_batch(self, req: Request, batch: ScheduledBatch) -> bool:
        """True when ``req`` shares a long uncached prefix with a request prefilled in this step.

        Deferring it one step lets it match that prefix in the cache instead of computing it
        twice (SGLang's in-batch prefix caching).
        """
        if self.tree.disabled or not batch.num_prefill:
            return False
        cached = self.tree.peek(req.token_ids[:-1])
        ids = req.token_ids
        for other, n in zip(batch.reqs, batch.lens):
            if n > 1:
                limit = min(len(ids) - 1, other.kv_len + n)
                common = 0
                while common < limit and ids[common] == other.token_ids[common]:
                    common += 1
                if common - cached >= IN_BATCH_PREFIX_THRESHOLD:
                    return True
        return False

    def _chunk(self, remaining: int, budget: int, first: bool) -> int:
        """Tokens to feed this step.  Without chunking a prompt goes whole, over budget only if it is first."""
        if self.cfg.chunked_prefill_size is None:
            return remaining if (first or remaining <= budget) else 0
        return min(remaining, budget)

    def _preempt_for(self, req: Request, in_batch: set[int]) -> bool:
        """Priority preemption: make room for ``req`` by stopping a running request far enough below it."""
        if not self.cfg.enable_priority_scheduling:
            return False
        victim = self._worst_running(in_batch)
        if victim is None or self.prio(victim) - self.prio(req) < self.cfg.priority_preemption_threshold:
            return False
        self.preempt(victim, retract=False)
        return True

    def _preempt_unfair(self, req: Request, in_batch: set[int]) -> bool:
        """Fair share: make room for ``req`` by stopping the newest request of the caller running the most."""
        victim = self._unfair_victim(req, in_batch)
        if victim is None:
            return False
        self.preempt(victim, retract=False, fair=True)
        return True

    # ---- checks -------------------------------------------------------------------------------------------------

    def check(self, total_pages: int) -> None:
        """free + cached + in-use == total, with no page in two places."""
        free = self.allocator._free
        cached = self.tree.all_pages()
        owned = [p for r in self.running for p in r.pages[r.num_tree_pages:]]
        assert not any(r.pages or r.tree_node for r in self.waiting), "a waiting request holds pages"
        assert self.waiting_by_caller == dict(Counter(r.caller for r in self.waiting)), \
            "the per-caller count of waiting requests is off"
        everything = free + cached + owned
        assert len(free) + len(cached) + len(owned) == total_pages, (
            f"page leak: free {len(free)} + cached {len(cached)} + in use {len(owned)} != total {total_pages}")
        assert len(set(everything)) == total_pages and 0 not in everything, "a page is in two places (or the null page escaped)"
        self.tree.check([r.tree_node for r in self.running if r.tree_node is not None])
        slots = self.free_slots + [r.slot for r in self.running]
        assert sorted(slots) == list(range(self.max_running)), "request slots leaked"
        for r in self.running:
            assert len(r.pages) * self.page_size >= r.kv_len, "a request's KV outgrew its pages"
