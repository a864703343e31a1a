"""Benchmark a running OpenAI-compatible server (ours, SGLang, vLLM), in the spirit of SGLang's bench_serving.

Requests arrive at ``request_rate`` per second (Poisson; ``inf`` sends them all
at once) with at most ``max_concurrency`` in flight; every response is
streamed, so time to first token (TTFT), the gaps between tokens
(inter-token latency, ITL) and end-to-end latency (E2E) are measured per
request.  The report gives request and token throughput and p50/p90/p99 of
each latency; ``output_json`` keeps it (and the per-request figures) as JSON.

Tokens are counted, not text chunks: a token whose text is empty (a byte of a multi-byte character, a
special token) still counts.  Totals come from what the server reports (``usage.completion_tokens``,
``meta_info.completion_tokens``); per event, the new tokens are the growth of that count (native API), the
logprobs or ``token_ids`` of the chunk when present, else one per event that shows output.  An event with
several tokens spreads its gap evenly over them.

Repeated runs with the same ``seed`` send the same prompts, so by default the prefix cache is flushed
(``POST /flush_cache``) before measuring; when the server refuses, the report says so.
"""
from __future__ import annotations

import asyncio
import json
import math
import random
import statistics
import time
from dataclasses import asdict, dataclass, field
from typing import Any

from .datasets import BenchRequest, random_requests, shared_prefix_requests

BACKENDS = ("completions", "chat", "generate")
DATASETS = ("random", "shared-prefix")
PATHS = {"completions": "/v1/completions", "chat": "/v1/chat/completions", "generate": "/generate"}


@dataclass
class BenchConfig:
    base_url: str = "http://127.0.0.1:30000"
    backend: str = "completions"
    model: str | None = None                 # default: the server's first model
    api_key: str | None = None
    dataset: str = "random"
    num_prompts: int = 100
    input_len: int = 128
    output_len: int = 64
    range_ratio: float = 1.0
    num_groups: int = 4                       # shared-prefix
    prompts_per_group: int = 16
    system_prompt_len: int = 256
    question_len: int = 32
    request_rate: float = math.inf
    max_concurrency: int | None = None
    ignore_eos: bool = True
    seed: int = 1
    vocab_size: int | None = None            # default: /get_model_info's, else 1000
    warmup_requests: int = 1
    flush_cache: bool = True                  # POST /flush_cache after the warm-up, before measuring
    timeout_s: float = 300.0
    disable_progress: bool = False
    output_json: str | None = None
    label: str | None = None


@dataclass
class RequestResult:
    ok: bool
    input_len: int
    output_tokens: int = 0
    ttft: float | None = None
    itls: list[float] = field(default_factory=list)
    e2e: float | None = None
    events: int = 0                           # streamed events that showed output
    status: int | None = None
    error: str | None = None


def _headers(cfg: BenchConfig) -> dict[str, str]:
    h = {"content-type": "application/json"}
    if cfg.api_key:
        h["authorization"] = f"Bearer {cfg.api_key}"
    return h


def _payload(cfg: BenchConfig, req: BenchRequest, model: str) -> dict[str, Any]:
    if cfg.backend == "generate":
        key = "text" if isinstance(req.prompt, str) else "input_ids"
        return {key: req.prompt, "stream": True,
                "sampling_params": {"max_new_tokens": req.output_len, "temperature": 0.0,
                                    "ignore_eos": cfg.ignore_eos}}
    body: dict[str, Any] = {"model": model, "max_tokens": req.output_len, "temperature": 0.0, "stream": True,
                            "stream_options": {"include_usage": True}}
    if cfg.ignore_eos:
        body["ignore_eos"] = True
    if cfg.backend == "chat":
        body["messages"] = [{"role": "user", "content": req.prompt}]
    else:
        body["prompt"] = req.prompt
    return body


def _event_tokens(cfg: BenchConfig, data: dict[str, Any], seen: int) -> tuple[bool, int | None, int | None]:
    """What one streamed event shows: (output arrived, new tokens if known, the completion-token total if the
    event reports it).  ``seen`` is the total reported so far."""
    if cfg.backend == "generate":
        meta = data.get("meta_info") or {}
        total = meta.get("completion_tokens")
        if total is None and data.get("output_ids") is not None:
            total = len(data["output_ids"])
        new = None if total is None else max(0, total - seen)
        return bool(new) or (total is None and bool(data.get("text"))), new, total
    total = (data.get("usage") or {}).get("completion_tokens")
    arrived, new = False, None
    for choice in data.get("choices") or ():
        if cfg.backend == "completions":
            text, logprobs = choice.get("text"), (choice.get("logprobs") or {}).get("tokens")
        else:
            delta = choice.get("delta") or {}
            text, logprobs = delta.get("content"), (choice.get("logprobs") or {}).get("content")
        ids = choice.get("token_ids")
        known = len(logprobs) if logprobs is not None else (len(ids) if ids is not None else None)
        if text or choice.get("finish_reason") or known:
            arrived = True
            if known is not None:
                new = (new or 0) + known
    return arrived, new, total


async def _one(http: Any, cfg: BenchConfig, req: BenchRequest, model: str) -> RequestResult:
    res = RequestResult(ok=False, input_len=req.input_len)
    t0 = time.perf_counter()
    last = None
    reported: int | None = None              # the server's completion-token count
    counted = 0                               # tokens the events showed, where they say how many
    try:
        async with http.stream("POST", PATHS[cfg.backend], json=_payload(cfg, req, model), headers=_headers(cfg),
                               timeout=cfg.timeout_s) as r:
            res.status = r.status_code
            if r.status_code != 200:
                res.error = (await r.aread()).decode(errors="replace")[:300]
                return res
            async for line in r.aiter_lines():
                if not line.startswith("data: ") or line == "data: [DONE]":
                    continue
                data = json.loads(line[6:])
                if "error" in data:
                    res.error = str(data["error"].get("message"))[:300]
                    return res
                arrived, new, total = _event_tokens(cfg, data, reported or 0)
                if total is not None:
                    reported = total
                if not arrived:
                    continue
                now = time.perf_counter()
                res.events += 1
                counted += new or 0
                if res.ttft is None:
                    res.ttft = now - t0
                elif last is not None:
                    n = max(1, new or 1)
                    res.itls.extend([(now - last) / n] * n)
                last = now
        res.e2e = time.perf_counter() - t0
        res.output_tokens = reported if reported is not None else (counted or res.events)
        res.ok = res.ttft is not None
        if not res.ok:
            res.error = "the stream showed no output" + (
                f" (the server reported {reported} completion tokens)" if reported else "")
    except Exception as exc:  # noqa: BLE001 - a failed request is a result, not a crash of the benchmark
        res.error = f"{type(exc).__name__}: {exc}"[:300]
    return res


def _percentiles(values: list[float]) -> dict[str, float | None]:
    if not values:
        return {"mean": None, "p50": None, "p90": None, "p99": None}
    s = sorted(values)

    def pct(p: float) -> float:
        k = (len(s) - 1) * p
        lo, hi = math.floor(k), math.ceil(k)
        return s[lo] + (s[hi] - s[lo]) * (k - lo)

    return {"mean": statistics.fmean(s), "p50": pct(0.5), "p90": pct(0.9), "p99": pct(0.99)}


def summarize(cfg: BenchConfig, results: list[RequestResult], duration: float) -> dict[str, Any]:
    ok = [r for r in results if r.ok]
    out_tokens = sum(r.output_tokens for r in ok)
    in_tokens = sum(r.input_len for r in ok)
    tpot = [(r.e2e - r.ttft) / (r.output_tokens - 1) for r in ok
            if r.e2e is not None and r.ttft is not None and r.output_tokens > 1]
    errors: dict[str, int] = {}
    for r in results:
        if not r.ok:
            key = f"{r.status}: {r.error}" if r.status else str(r.error)
            errors[key[:120]] = errors.get(key[:120], 0) + 1
    return {
        "label": cfg.label,
        "config": {k: (None if isinstance(v, float) and math.isinf(v) else v) for k, v in asdict(cfg).items()
                   if k not in ("api_key",)},
        "request_rate": "inf" if math.isinf(cfg.request_rate) else cfg.request_rate,
        "completed": len(ok),
        "failed": len(results) - len(ok),
        "errors": errors,
        "duration_s": duration,
        "request_throughput": len(ok) / duration if duration > 0 else 0.0,
        "input_token_throughput": in_tokens / duration if duration > 0 else 0.0,
        "output_token_throughput": out_tokens / duration if duration > 0 else 0.0,
        "total_token_throughput": (in_tokens + out_tokens) / duration if duration > 0 else 0.0,
        "total_input_tokens": in_tokens,
        "total_output_tokens": out_tokens,
        "output_events": sum(r.events for r in ok),
        "ttft_s": _percentiles([r.ttft for r in ok if r.ttft is not None]),
        "itl_s": _percentiles([x for r in ok for x in r.itls]),
        "tpot_s": _percentiles(tpot),
        "e2e_s": _percentiles([r.e2e for r in ok if r.e2e is not None]),
    }


def build_requests(cfg: BenchConfig, vocab: int) -> list[BenchRequest]:
    as_text = cfg.backend == "chat"
    if cfg.dataset == "random":
        return random_requests(cfg.num_prompts, cfg.input_len, cfg.output_len, cfg.range_ratio, vocab, cfg.seed,
                               as_text)
    if cfg.dataset == "shared-prefix":
        return shared_prefix_requests(cfg.num_groups, cfg.prompts_per_group, cfg.system_prompt_len,
                                      cfg.question_len, cfg.output_len, vocab, cfg.seed, as_text)
    raise ValueError(f"--dataset {cfg.dataset!r}: use one of {', '.join(DATASETS)}")


async def _server_facts(http: Any, cfg: BenchConfig) -> tuple[str, int]:
    model = cfg.model
    if model is None:
        r = await http.get("/v1/models", headers=_headers(cfg))
        if r.status_code != 200:
            raise RuntimeError(f"GET /v1/models answered {r.status_code}: {r.text[:200]} (is --base-url right? "
                               "does the server need --api-key?)")
        model = r.json()["data"][0]["id"]
    vocab = cfg.vocab_size
    if vocab is None:
        r = await http.get("/get_model_info", headers=_headers(cfg))
        vocab = (r.json().get("vocab_size") if r.status_code == 200 else None) or 1000
    return model, int(vocab)


async def _flush(http: Any, cfg: BenchConfig) -> str:
    """Empty the server's prefix cache; what happened, for the report."""
    try:
        r = await http.post("/flush_cache", headers=_headers(cfg))
    except Exception as exc:  # noqa: BLE001 - a server without the route may also just close the connection
        return f"not flushed (POST /flush_cache failed: {type(exc).__name__}); results may include cache hits"
    if r.status_code == 200:
        return "flushed before measuring"
    return (f"not flushed (POST /flush_cache answered {r.status_code}); results may include prefix-cache hits "
            "from earlier runs: give each run its own --seed")


async def run(cfg: BenchConfig, progress: Any = None) -> dict[str, Any]:
    """Run the benchmark; ``progress(done, total)`` is called as requests finish."""
    import httpx

    if cfg.backend not in BACKENDS:
        raise ValueError(f"--backend {cfg.backend!r}: use one of {', '.join(BACKENDS)}")
    limits = httpx.Limits(max_connections=cfg.max_concurrency or 1000, max_keepalive_connections=100)
    async with httpx.AsyncClient(base_url=cfg.base_url.rstrip("/"), limits=limits, timeout=cfg.timeout_s) as http:
        model, vocab = await _server_facts(http, cfg)
        requests = build_requests(cfg, vocab)
        for req in requests[: cfg.warmup_requests]:
            warm = await _one(http, cfg, BenchRequest(req.prompt, req.input_len, min(req.output_len, 4)), model)
            if not warm.ok:
                raise RuntimeError(f"the warm-up request failed: {warm.status} {warm.error}")
        # after the warm-up, which caches its own prompt, and whatever an earlier run with this seed left
        prefix_cache = await _flush(http, cfg) if cfg.flush_cache else (
            "not flushed (--no-flush-cache): a repeated run with the same --seed may be served from the prefix cache")
        sem = asyncio.Semaphore(cfg.max_concurrency) if cfg.max_concurrency else None
        rng = random.Random(cfg.seed)
        done = 0

        async def limited(req: BenchRequest) -> RequestResult:
            nonlocal done
            if sem is None:
                res = await _one(http, cfg, req, model)
            else:
                async with sem:
                    res = await _one(http, cfg, req, model)
            done += 1
            if progress is not None:
                progress(done, len(requests))
            return res

        start = time.perf_counter()
        tasks = []
        for req in requests:
            tasks.append(asyncio.ensure_future(limited(req)))
            if not math.isinf(cfg.request_rate):
                await asyncio.sleep(rng.expovariate(cfg.request_rate))
        results = await asyncio.gather(*tasks)
        duration = time.perf_counter() - start
    report = summarize(cfg, list(results), duration)
    report["model"] = model
    report["prefix_cache"] = prefix_cache
    if cfg.output_json:
        with open(cfg.output_json, "w", encoding="utf-8") as fh:
            json.dump({**report, "requests": [asdict(r) for r in results]}, fh, indent=2)
    return report


def format_report(report: dict[str, Any]) -> list[str]:
    def ms(v: float | None) -> str:
        return "-" if v is None else f"{v * 1000:,.1f}"

    cfg = report["config"]
    lines = [
        f"backend {cfg['backend']}  dataset {cfg['dataset']}  model {report.get('model')}  "
        f"rate {report['request_rate']}  max concurrency {cfg['max_concurrency'] or '-'}",
        f"completed {report['completed']}  failed {report['failed']}  duration {report['duration_s']:.2f} s",
        f"request throughput      {report['request_throughput']:10.2f} req/s",
        f"input token throughput  {report['input_token_throughput']:10.1f} tok/s",
        f"output token throughput {report['output_token_throughput']:10.1f} tok/s",
        f"total token throughput  {report['total_token_throughput']:10.1f} tok/s",
        f"{'latency (ms)':<14}{'mean':>10}{'p50':>10}{'p90':>10}{'p99':>10}",
    ]
    for name, key in (("TTFT", "ttft_s"), ("ITL", "itl_s"), ("TPOT", "tpot_s"), ("E2E", "e2e_s")):
        p = report[key]
        lines.append(f"{name:<14}{ms(p['mean']):>10}{ms(p['p50']):>10}{ms(p['p90']):>10}{ms(p['p99']):>10}")
    lines.append(f"output tokens {report['total_output_tokens']} in {report['output_events']} streamed events"
                 f"  prefix cache: {report.get('prefix_cache')}")
    for err, count in report["errors"].items():
        lines.append(f"error x{count}: {err}")
    return lines
