"""Scale-out benchmark: tensor parallel 1 vs 2 (one engine, gloo on CPU) and data parallel 1 vs 2
(``argmatrix serve --dp-size 2`` behind sglang-router, against one plain server), same prompts, same run.

    python bench/scale_out.py [--size tiny|60m] [--requests 32] [--new-tokens 32] [--only tp|dp]

Greedy, EOS ignored, so every configuration generates the same number of tokens.  Printed: generated
tokens per second and the ratio to the 1-way baseline measured in this run.  The machine's cores are
split evenly between the processes of a configuration (torch threads per process = cores / processes),
so a 2-way run gets no more CPU than a 1-way one.  Not a test: run by hand, copy the table into
docs/scaling.md.
"""
from __future__ import annotations

import argparse
import concurrent.futures
import http.client
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def prompts(n: int, seed: int = 0) -> list[list[int]]:
    rng = random.Random(seed)
    return [[rng.randint(5, 700) for _ in range(rng.randint(16, 64))] for _ in range(n)]


def bench_tp(model: str, tp: int, reqs: list[list[int]], new_tokens: int) -> float:
    import torch

    from argmatrix.runtime.engine import Engine, SamplingParams
    from argmatrix.schema import ServerArgs

    torch.set_num_threads(max(1, (os.cpu_count() or 1) // tp))   # the other ranks take as many
    engine = Engine(ServerArgs(model_path=model, tp_size=tp, max_total_tokens=65536), device="cpu")
    try:
        sp = SamplingParams(temperature=0, max_new_tokens=new_tokens, ignore_eos=True)
        engine.generate(reqs[:2], sp)                                  # warm-up
        t0 = time.perf_counter()
        out = engine.generate(reqs, sp)
        return sum(len(o.token_ids) for o in out) / (time.perf_counter() - t0)
    finally:
        engine.shutdown(grace_s=0)


def _post(url: str, body: dict) -> dict:
    req = urllib.request.Request(url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=300) as resp:
        return json.loads(resp.read())


def _wait(url: str, proc: subprocess.Popen, timeout: float = 180) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the server exited with {proc.returncode}")
        try:
            with urllib.request.urlopen(url + "/health", timeout=2):
                return
        except (OSError, http.client.HTTPException):     # not listening yet, or closed mid-answer
            time.sleep(0.3)
    raise RuntimeError("the server did not start")


def bench_dp(model: str, dp: int, reqs: list[list[int]], new_tokens: int, clients: int) -> float:
    from argmatrix.runtime.distributed import free_port

    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "OMP_NUM_THREADS": str(max(1, (os.cpu_count() or 1) // dp))}
    argv = [sys.executable, "-m", "argmatrix.cli", "serve", "--target", "cpu", "--model-path", model,
            "--host", "127.0.0.1", "--port", str(port), "--skip-server-warmup", "--max-total-tokens", "65536"]
    if dp > 1:
        argv += ["--dp-size", str(dp), "--load-balance-method", "round_robin"]
    proc = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        _wait(url, proc)
        def body(p: list[int]) -> dict:
            return {"input_ids": p, "sampling_params": {"temperature": 0, "max_new_tokens": new_tokens,
                                                        "ignore_eos": True}}

        for p in reqs[:2 * dp]:
            _post(url + "/generate", body(p))                         # warm-up, every replica
        t0 = time.perf_counter()
        with concurrent.futures.ThreadPoolExecutor(clients) as pool:
            outs = list(pool.map(lambda p: _post(url + "/generate", body(p)), reqs))
        return sum(len(o["output_ids"]) for o in outs) / (time.perf_counter() - t0)
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(60)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--size", default="tiny")
    ap.add_argument("--model", help="a model directory (default: the demo model of --size)")
    ap.add_argument("--requests", type=int, default=32)
    ap.add_argument("--new-tokens", type=int, default=32)
    ap.add_argument("--clients", type=int, default=8)
    ap.add_argument("--only", choices=("tp", "dp"))
    a = ap.parse_args()
    model = a.model
    if model is None:
        from argmatrix.runtime.demo_model import build_demo_model

        model = str(build_demo_model(Path(tempfile.mkdtemp()) / a.size, size=a.size))
    reqs = prompts(a.requests)
    print(f"# {os.cpu_count()} cores; {a.requests} requests x {a.new_tokens} new tokens; model {a.size}")
    print("| setting | tokens/s | ratio to 1-way |\n|---|---:|---:|")
    if a.only in (None, "tp"):
        base = bench_tp(model, 1, reqs, a.new_tokens)
        two = bench_tp(model, 2, reqs, a.new_tokens)
        print(f"| tp 1 (one process) | {base:.0f} | 1.00 |\n| tp 2 (two processes, gloo) | {two:.0f} | {two / base:.2f} |")
    if a.only in (None, "dp"):
        base = bench_dp(model, 1, reqs, a.new_tokens, a.clients)
        two = bench_dp(model, 2, reqs, a.new_tokens, a.clients)
        print(f"| dp 1 (one server, {a.clients} clients) | {base:.0f} | 1.00 |\n"
              f"| dp 2 (sglang-router + 2 replicas) | {two:.0f} | {two / base:.2f} |")


if __name__ == "__main__":
    main()
