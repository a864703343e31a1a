"""Prometheus metrics (``--enable-metrics``), served as text by ``GET /metrics``.

Names and label names follow SGLang 0.5.23's (``sglang:...``; ``observability/metrics_collector.py``) so
existing dashboards work: request metrics carry ``model_name`` and ``engine_type`` (plus ``is_streaming`` or
``cache_source`` where SGLang has them), the scheduler's gauges also ``tp_rank``, ``pp_rank``, ``moe_ep_rank``
and, in a ``--dp-size`` launch, ``dp_rank``.  Each app
has its own :class:`~prometheus_client.CollectorRegistry`, so several servers
in one process (tests) never collide.

Flags honoured here: ``--bucket-time-to-first-token``,
``--bucket-inter-token-latency``, ``--bucket-e2e-request-latency``,
``--collect-tokens-histogram`` with ``--prompt-tokens-buckets`` and
``--generation-tokens-buckets``, ``--tokenizer-metrics-custom-labels-header``
with ``--tokenizer-metrics-allowed-custom-labels``, ``--extra-metric-labels``.
"""
from __future__ import annotations

import json
import logging
import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ...schema.model import ServerArgs

logger = logging.getLogger("argmatrix.server.metrics")

DEFAULT_TTFT_BUCKETS = (0.1, 0.2, 0.4, 0.6, 0.8, 1.0, 2.0, 4.0, 6.0, 8.0, 10.0, 20.0, 40.0, 60.0, 80.0,
                        100.0, 200.0, 400.0)
DEFAULT_ITL_BUCKETS = (0.002, 0.004, 0.006, 0.008, 0.01, 0.015, 0.02, 0.025, 0.03, 0.035, 0.04, 0.06, 0.08,
                       0.1, 0.2, 0.4, 0.6, 0.8, 1.0, 2.0, 4.0, 6.0, 8.0)
DEFAULT_E2E_BUCKETS = (0.1, 0.2, 0.4, 0.6, 0.8, 1.0, 2.0, 4.0, 6.0, 8.0, 10.0, 20.0, 40.0, 60.0, 80.0, 100.0,
                       200.0, 400.0, 600.0, 1200.0, 1800.0, 2400.0)
DEFAULT_TOKEN_BUCKETS = (100, 300, 500, 700, 1000, 1500, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000, 10000,
                         12000, 15000, 20000, 22000, 25000, 30000, 35000, 40000, 66000, 99000, 132000, 300000,
                         600000, 900000, 1100000)


def token_buckets(rule: Sequence[str] | None, default: Sequence[float] = DEFAULT_TOKEN_BUCKETS) -> list[float]:
    """Read SGLang's bucket rules: ``default``, ``tse <middle> <base> <count>``, ``custom <v1> <v2> ...``.

    ``tse`` (two-sided exponential) puts ``count`` buckets each side of
    ``middle`` at distances ``base**1 .. base**count``.
    """
    if not rule:
        return list(default)
    words = [w for item in rule for w in str(item).replace(",", " ").split()]
    if not words:
        return list(default)
    kind, rest = words[0].lower(), words[1:]
    if kind == "default":
        if rest:
            raise ValueError("bucket rule 'default' takes no values")
        return list(default)
    try:
        nums = [float(w) for w in rest]
    except ValueError:
        raise ValueError(f"bucket rule {' '.join(words)!r}: values must be numbers") from None
    if kind == "tse":
        if len(nums) != 3:
            raise ValueError("bucket rule 'tse' needs <middle> <base> <count>, e.g. 'tse 1000 2 8'")
        middle, base, count = nums
        if base <= 1 or count < 1 or count != int(count):
            raise ValueError("bucket rule 'tse': base must be > 1 and count a positive integer")
        out = {middle}
        for i in range(1, int(count) + 1):
            d = base ** i
            out.add(middle + d)
            if middle - d > 0:
                out.add(middle - d)
        return sorted(out)
    if kind == "custom":
        if not nums:
            raise ValueError("bucket rule 'custom' needs at least one value")
        return sorted(set(nums))
    raise ValueError(f"unknown bucket rule {kind!r}; use 'default', 'tse <middle> <base> <count>' or 'custom <v>...'")


# label names the built-in metrics use; custom and fixed labels may not take them
RESERVED_LABELS = frozenset({"model_name", "engine_type", "tp_rank", "pp_rank", "moe_ep_rank", "dp_rank",
                             "is_streaming", "cache_source", "finish_reason", "route", "status", "le", "quantile"})


def _flag(value: bool) -> str:
    return "true" if value else "false"


def _fixed_labels(raw: dict[str, Any] | None) -> dict[str, str]:
    """--extra-metric-labels: fixed labels on every metric (values shown as text)."""
    out: dict[str, str] = {}
    for name, value in (raw or {}).items():
        if name in RESERVED_LABELS:
            raise ValueError(f"--extra-metric-labels: {name!r} is a label the built-in metrics set themselves")
        if not isinstance(name, str) or not name.isidentifier() or name.startswith("__"):
            raise ValueError(f"--extra-metric-labels: {name!r} is not a valid Prometheus label name")
        out[name] = value if isinstance(value, str) else json.dumps(value)
    return out


def _buckets(values: Sequence[float] | None, default: Sequence[float], flag: str) -> list[float]:
    if not values:
        return list(default)
    out = sorted({float(v) for v in values})
    if any(math.isnan(v) or v < 0 for v in out):
        raise ValueError(f"{flag}: bucket bounds must be non-negative numbers")
    return out


class _EngineCollector:
    """Gauges read from ``engine.stats()`` at scrape time."""

    def __init__(self, stats: Callable[[], dict[str, Any]], extra: Callable[[], dict[str, float]],
                 labels: dict[str, str]):
        self._stats = stats
        self._extra = extra
        self._names, self._values = list(labels), list(labels.values())

    def collect(self):
        from prometheus_client.core import GaugeMetricFamily

        try:
            s = self._stats()
        except Exception:
            logger.debug("engine.stats() failed during a scrape", exc_info=True)
            return
        total = s.get("total_pages") or 0
        used = s.get("used_pages") or 0
        prompt_total = s.get("prompt_tokens_total") or 0
        hit = s.get("cache_hit_tokens") or 0
        page = s.get("page_size") or 1
        values = {
            "sglang:num_running_reqs": ("Requests in the running batch", s.get("running", 0)),
            "sglang:num_queue_reqs": ("Requests waiting in the queue", s.get("queued", 0)),
            "sglang:num_used_tokens": ("KV-cache tokens in use", used * page),
            "sglang:max_total_num_tokens": ("KV-cache capacity in tokens", total * page),
            "sglang:token_usage": ("Fraction of the KV pool in use", (used / total) if total else 0.0),
            "sglang:cache_hit_rate": ("Prefix-cache hit rate over all prompt tokens",
                                      (hit / prompt_total) if prompt_total else 0.0),
            "sglang:cached_pages": ("KV pages held by the prefix cache", s.get("cached_pages", 0)),
            "sglang:free_pages": ("Free KV pages", s.get("free_pages", 0)),
        }
        for name, value in self._extra().items():
            values[name] = (name.split(":", 1)[-1].replace("_", " "), value)
        for name, (doc, value) in values.items():
            g = GaugeMetricFamily(name, doc, labels=self._names)
            g.add_metric(self._values, float(value or 0))
            yield g


class ServerMetrics:
    """Counters and histograms observed per request, plus engine gauges."""

    def __init__(self, args: ServerArgs, stats: Callable[[], dict[str, Any]],
                 extra_gauges: Callable[[], dict[str, float]] | None = None, *, model_name: str = "",
                 dp_rank: int | None = None):
        from prometheus_client import CollectorRegistry, Counter, Histogram

        self.registry = CollectorRegistry(auto_describe=True)
        self.label_header = (args.tokenizer_metrics_custom_labels_header or "x-custom-labels").lower()
        fixed = _fixed_labels(args.extra_metric_labels)
        # SGLang's tokenizer_metric_labels(): model, engine type (no PD disaggregation here: always unified)
        self.base = {"model_name": model_name, "engine_type": "unified", **fixed}
        self.label_names = tuple(args.tokenizer_metrics_allowed_custom_labels or ())
        for n in self.label_names:
            if n in RESERVED_LABELS or n in fixed:
                raise ValueError(f"--tokenizer-metrics-allowed-custom-labels: {n!r} is reserved by a built-in metric")
            if not n.isidentifier() or n.startswith("__"):
                raise ValueError(f"--tokenizer-metrics-allowed-custom-labels: {n!r} is not a valid label name")
        ln = (*self.base, *self.label_names)
        streaming = (*ln, "is_streaming")
        reg = self.registry
        self.ttft = Histogram("sglang:time_to_first_token_seconds", "Time to first token",
                              streaming, buckets=_buckets(args.bucket_time_to_first_token, DEFAULT_TTFT_BUCKETS,
                                                          "--bucket-time-to-first-token"), registry=reg)
        self.itl = Histogram("sglang:inter_token_latency_seconds", "Time between streamed tokens",
                             ln, buckets=_buckets(args.bucket_inter_token_latency, DEFAULT_ITL_BUCKETS,
                                                  "--bucket-inter-token-latency"), registry=reg)
        self.e2e = Histogram("sglang:e2e_request_latency_seconds", "End-to-end request latency",
                             streaming, buckets=_buckets(args.bucket_e2e_request_latency, DEFAULT_E2E_BUCKETS,
                                                         "--bucket-e2e-request-latency"), registry=reg)
        self.prompt_tokens = Counter("sglang:prompt_tokens", "Prompt tokens processed", streaming, registry=reg)
        self.generation_tokens = Counter("sglang:generation_tokens", "Tokens generated", streaming, registry=reg)
        # one KV level (the device pool): SGLang's "device" source, and its "total"
        self.cached_tokens = Counter("sglang:cached_tokens", "Prompt tokens served from the prefix cache",
                                     (*ln, "cache_source"), registry=reg)
        # SGLang labels this counter by is_streaming only; finish_reason is argmatrix's addition
        self.requests = Counter("sglang:num_requests", "Finished requests by finish reason",
                                (*streaming, "finish_reason"), registry=reg)
        self.http = Counter("argmatrix:http_responses", "HTTP responses by route and status",
                            ("route", "status"), registry=reg)
        # argmatrix's: requests refused 503 queue_full, by whether the whole queue was full ("queue") or the caller
        # held its share of it ("caller_share", docs/server.md "Fair queueing")
        self.queue_full = Counter("argmatrix:queue_full", "Requests refused because the queue or the caller's "
                                  "share of it was full", ("reason",), registry=reg)
        self.prompt_hist = self.gen_hist = None
        if args.collect_tokens_histogram:
            self.prompt_hist = Histogram("sglang:prompt_tokens_histogram", "Prompt tokens per request", ln,
                                         buckets=token_buckets(args.prompt_tokens_buckets), registry=reg)
            self.gen_hist = Histogram("sglang:generation_tokens_histogram", "Generated tokens per request", ln,
                                      buckets=token_buckets(args.generation_tokens_buckets), registry=reg)
        # SGLang's scheduler labels: the stats-logging rank of one scheduler (tp 0, pp 0, expert-parallel 0)
        scheduler = {"model_name": model_name, "engine_type": "unified", "tp_rank": "0", "pp_rank": "0",
                     "moe_ep_rank": "0"}
        if dp_rank is not None:
            scheduler["dp_rank"] = str(dp_rank)
        reg.register(_EngineCollector(stats, extra_gauges or dict, {**scheduler, **fixed}))

    # -- labels -------------------------------------------------------------
    def labels_from_headers(self, headers: Any) -> dict[str, str]:
        """The allowed custom labels from the request's label header (a JSON object)."""
        if not self.label_names:
            return {}
        out = {n: "" for n in self.label_names}
        raw = headers.get(self.label_header) if headers is not None else None
        if raw:
            try:
                data = json.loads(raw)
            except ValueError:
                data = None
            if isinstance(data, dict):
                for n in self.label_names:
                    if n in data and data[n] is not None:
                        out[n] = str(data[n])[:128]
        return out

    def _m(self, metric, labels: dict[str, str], **more: str):
        return metric.labels(**self.base, **labels, **more)

    # -- observations -------------------------------------------------------
    def observe_first_token(self, seconds: float, labels: dict[str, str], stream: bool = False) -> None:
        if seconds >= 0:
            self._m(self.ttft, labels, is_streaming=_flag(stream)).observe(seconds)

    def observe_inter_token(self, seconds: float, tokens: int, labels: dict[str, str]) -> None:
        if tokens <= 0 or seconds < 0:
            return
        per = seconds / tokens
        h = self._m(self.itl, labels)
        for _ in range(min(tokens, 64)):
            h.observe(per)

    def observe_finished(self, *, e2e: float | None, prompt_tokens: int, completion_tokens: int,
                         cached_tokens: int, finish_reason: str | None, labels: dict[str, str],
                         stream: bool = False) -> None:
        streaming = _flag(stream)
        if e2e is not None and e2e >= 0:
            self._m(self.e2e, labels, is_streaming=streaming).observe(e2e)
        self._m(self.prompt_tokens, labels, is_streaming=streaming).inc(max(0, prompt_tokens))
        self._m(self.generation_tokens, labels, is_streaming=streaming).inc(max(0, completion_tokens))
        for source in ("device", "total"):
            self._m(self.cached_tokens, labels, cache_source=source).inc(max(0, cached_tokens))
        self._m(self.requests, labels, is_streaming=streaming, finish_reason=finish_reason or "none").inc()
        if self.prompt_hist is not None:
            self._m(self.prompt_hist, labels).observe(prompt_tokens)
            self._m(self.gen_hist, labels).observe(completion_tokens)

    def observe_queue_full(self, reason: str) -> None:
        self.queue_full.labels(reason=reason).inc()

    def observe_http(self, route: str, status: int) -> None:
        self.http.labels(route=route, status=str(status)).inc()

    def render(self) -> tuple[bytes, str]:
        from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

        return generate_latest(self.registry), CONTENT_TYPE_LATEST
