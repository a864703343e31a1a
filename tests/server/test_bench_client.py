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
