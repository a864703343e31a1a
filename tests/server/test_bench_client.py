"""``argmatrix bench``: the serving benchmark client against a real server, and its import weight."""
from __future__ import annotations

import asyncio
import json
import subprocess
import sys

import pytest

from argmatrix.loadgen.datasets import random_requests, shared_prefix_requests
from argmatrix.loadgen.serving import BenchConfig, format_report, run

from .test_server_lifecycle import ROOT


def test_datasets_have_the_lengths_asked_for():
    reqs = random_requests(20, 50, 10, 0.5, vocab=100, seed=3)
    assert all(25 <= r.input_len == len(r.prompt) <= 50 and 5 <= r.output_len <= 10 for r in reqs)
    assert all(10 <= t < 100 for r in reqs for t in r.prompt)
    shared = shared_prefix_requests(3, 4, 30, 5, 8, vocab=100, seed=3)
    assert len(shared) == 12 and all(len(r.prompt) == 35 for r in shared)
    assert shared[0].prompt[:30] == shared[3].prompt[:30] != shared[1].prompt[:30]   # groups interleaved


@pytest.mark.parametrize("backend, dataset", [("completions", "random"), ("chat", "random"),
                                              ("generate", "shared-prefix")])
def test_bench_measures_a_server(server, tmp_path, backend, dataset):
    out = tmp_path / "bench.json"
    cfg = BenchConfig(base_url=server.url, backend=backend, dataset=dataset, num_prompts=6, input_len=12,
                      output_len=5, num_groups=2, prompts_per_group=3, system_prompt_len=20, question_len=4,
                      max_concurrency=3, request_rate=50.0, output_json=str(out))
    report = asyncio.run(run(cfg))
    assert report["completed"] == 6 and report["failed"] == 0, report["errors"]
    assert report["total_output_tokens"] == 6 * 5 or backend == "chat"
    for key in ("ttft_s", "e2e_s"):
        p = report[key]
        assert 0 < p["p50"] <= p["p90"] <= p["p99"]
    saved = json.loads(out.read_text())
    assert len(saved["requests"]) == 6 and saved["config"]["backend"] == backend
    assert any(line.startswith("TTFT") for line in format_report(report))


def test_bench_reports_a_server_it_cannot_reach():
    cmd = [sys.executable, "-m", "argmatrix", "bench", "--base-url", "http://127.0.0.1:9", "--disable-progress"]
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, timeout=60,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert proc.returncode == 2 and "bench: ConnectError" in proc.stderr and "Traceback" not in proc.stderr


def test_the_bench_client_does_not_import_torch():
    code = "import sys, argmatrix.loadgen.serving, argmatrix.cli.app; assert 'torch' not in sys.modules, 'torch'"
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT, env={"PYTHONPATH": str(ROOT)}, timeout=60)


def _events(cfg, events):
    """Feed synthetic server-sent events through the bench's reader, as _one does."""
    from argmatrix.loadgen.serving import _event_tokens

    seen, shown = 0, []
    for data in events:
        arrived, new, total = _event_tokens(cfg, data, seen)
        seen = total if total is not None else seen
        shown.append((arrived, new))
    return seen, shown


def test_tokens_are_counted_not_text_chunks():
    """Tokens that decode to empty text (the 60M demo's 32k vocabulary over a 758-token tokenizer) still count."""
    completions = BenchConfig(backend="completions")
    # a stream whose text is empty throughout: only the final choice and the usage event arrive
    total, shown = _events(completions, [
        {"choices": [{"index": 0, "text": "", "finish_reason": "length"}]},
        {"choices": [], "usage": {"completion_tokens": 8}}])
    assert total == 8 and shown == [(True, None), (False, None)]
    # with logprobs, every token is an event even when its text is empty
    total, shown = _events(completions, [{"choices": [{"index": 0, "text": "", "logprobs": {"tokens": [""]}}]}] * 3)
    assert shown == [(True, 1)] * 3
    chat = BenchConfig(backend="chat")
    _, shown = _events(chat, [{"choices": [{"index": 0, "delta": {"role": "assistant", "content": ""}}]},
                              {"choices": [{"index": 0, "delta": {"content": "hi"}}]}])
    assert shown == [(False, None), (True, None)]          # the opening role delta is not output
    native = BenchConfig(backend="generate")
    total, shown = _events(native, [{"text": "", "output_ids": [7], "meta_info": {"completion_tokens": 1}},
                                    {"text": "", "output_ids": [7, 9, 4], "meta_info": {"completion_tokens": 3}}])
    assert total == 3 and shown == [(True, 1), (True, 2)]


def test_repeated_runs_flush_the_prefix_cache_by_default(servers, server):
    def hits_during(cfg):
        before = server.engine.stats().cache_hit_tokens
        report = asyncio.run(run(cfg))
        return report, server.engine.stats().cache_hit_tokens - before

    cfg = BenchConfig(base_url=server.url, num_prompts=3, input_len=40, output_len=3, seed=11, warmup_requests=0)
    first, _ = hits_during(cfg)
    second, hits = hits_during(cfg)            # the same seed, so the same prompts
    assert first["prefix_cache"] == second["prefix_cache"] == "flushed before measuring"
    assert hits == 0                           # the second run measured the engine, not the cache
    kept, hits = hits_during(BenchConfig(base_url=server.url, num_prompts=3, input_len=40, output_len=3, seed=11,
                                         warmup_requests=0, flush_cache=False))
    assert kept["prefix_cache"].startswith("not flushed (--no-flush-cache)")
    assert hits >= 3 * 39                      # what --flush-cache (the default) keeps out of the figures
    keyed = servers.start(api_key="sk-user", admin_api_key="sk-admin")
    refused = asyncio.run(run(BenchConfig(base_url=keyed.url, api_key="sk-user", num_prompts=2, input_len=8,
                                          output_len=2)))
    assert refused["completed"] == 2
    assert refused["prefix_cache"].startswith("not flushed (POST /flush_cache answered 403)")
    assert "--seed" in refused["prefix_cache"]


def test_range_ratio_help_keeps_its_text():
    from typer.testing import CliRunner

    from argmatrix.cli.app import app

    out = CliRunner().invoke(app, ["bench", "--help"], env={"COLUMNS": "200"}).output
    assert "between ratio x len and len" in out
