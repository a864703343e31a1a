"""Engine benchmark: ours against transformers' own generation loops, same process, same prompts.

    python bench/engine.py [--sizes tiny,60m] [--quick]

Workloads (greedy, EOS ignored so every system produces the same number of tokens):
  uniform  32 requests x 64 new tokens
  mixed    32 requests, 8..128 new tokens each
  prefix   32 requests sharing a 512-token prefix: prefill tokens computed and TTFT p50,
           radix cache on vs --disable-radix-cache
  overhead scheduler time per step (outside the model forward) with 64 running requests

Baselines: transformers ``generate`` on the whole batch (left-padded, static: it runs until
the longest request is done), transformers continuous batching (the ``generate_batch``
machinery, fed each request's own max_new_tokens) and ``generate`` one request at a time.
Printed as ratios of throughput (generated tokens per second).  Not a test: run by hand and
copy the table into docs/benchmarks.md.
"""
from __future__ import annotations

import argparse
import logging
import os
import platform
import random
import statistics
import sys
import time
from pathlib import Path

import torch

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from argmatrix.runtime.demo_model import build_demo_model, is_current  # noqa: E402
from argmatrix.runtime.engine import Engine, SamplingParams  # noqa: E402
from argmatrix.schema import ServerArgs  # noqa: E402

CACHE = Path(os.environ.get("ARGMATRIX_BENCH_CACHE", Path.home() / ".cache" / "argmatrix" / "bench"))
N_REQUESTS = 32


def model_dir(size: str) -> Path:
    path = CACHE / size
    if not is_current(path, size):
        build_demo_model(path, size=size)
    return path


def workload(kind: str, vocab: int, seed: int = 0) -> list[tuple[list[int], int]]:
    """(prompt ids, new tokens) per request."""
    rng = random.Random(seed)
    ids = lambda n: [rng.randrange(5, vocab) for _ in range(n)]   # noqa: E731
    if kind == "uniform":
        return [(ids(rng.randint(16, 128)), 64) for _ in range(N_REQUESTS)]
    if kind == "mixed":
        return [(ids(rng.randint(16, 128)), rng.randint(8, 128)) for _ in range(N_REQUESTS)]
    if kind == "prefix":
        prefix = ids(512)
        return [(prefix + ids(16), 16) for _ in range(N_REQUESTS)]
    raise ValueError(kind)


# ---- the systems ------------------------------------------------------------------------------------------------

def run_ours(engine: Engine, reqs) -> float:
    sps = [SamplingParams(temperature=0, max_new_tokens=n, ignore_eos=True) for _, n in reqs]
    t = time.perf_counter()
    outs = engine.generate([p for p, _ in reqs], sps)
    elapsed = time.perf_counter() - t
    assert [o.completion_tokens for o in outs] == [n for _, n in reqs]
    return elapsed


def run_static(model, reqs, pad_id: int) -> float:
    """One left-padded batch through generate(); it stops when the longest request is done."""
    width = max(len(p) for p, _ in reqs)
    ids = torch.tensor([[pad_id] * (width - len(p)) + p for p, _ in reqs])
    mask = torch.tensor([[0] * (width - len(p)) + [1] * len(p) for p, _ in reqs])
    longest = max(n for _, n in reqs)
    t = time.perf_counter()
    with torch.inference_mode():
        model.generate(ids, attention_mask=mask, max_new_tokens=longest, min_new_tokens=longest, do_sample=False,
                       pad_token_id=pad_id)
    return time.perf_counter() - t


def run_continuous(model, reqs) -> float:
    """transformers' continuous batching (what generate_batch drives), one max_new_tokens per request."""
    from transformers import GenerationConfig

    config = GenerationConfig(max_new_tokens=max(n for _, n in reqs), do_sample=False, eos_token_id=-1,
                              pad_token_id=0)
    t = time.perf_counter()
    with model.continuous_batching_context_manager(generation_config=config, block=True, timeout=5) as manager:
        ids = [manager.add_request(p, max_new_tokens=n) for p, n in reqs]
        done = 0
        while done < len(ids):
            result = manager.get_result(timeout=60)
            if result is None:
                raise RuntimeError("transformers continuous batching stalled")
            done += result.is_finished()
    return time.perf_counter() - t


def run_one_by_one(model, reqs) -> float:
    t = time.perf_counter()
    with torch.inference_mode():
        for p, n in reqs:
            model.generate(torch.tensor([p]), attention_mask=torch.ones(1, len(p), dtype=torch.long),
                           max_new_tokens=n, min_new_tokens=n, do_sample=False, pad_token_id=0)
    return time.perf_counter() - t


# ---- the experiments --------------------------------------------------------------------------------------------

def engine_for(path: Path, **args) -> Engine:
    return Engine(ServerArgs(model_path=str(path), max_total_tokens=args.pop("max_total_tokens", 65536), **args),
                  device="cpu")


def throughput(path: Path, kind: str, quick: bool) -> dict[str, float]:
    from transformers import AutoModelForCausalLM

    model = AutoModelForCausalLM.from_pretrained(path, dtype=torch.float32, attn_implementation="sdpa").eval()
    reqs = workload(kind, model.config.vocab_size)
    tokens = sum(n for _, n in reqs)
    engine = engine_for(path)
    run_ours(engine, reqs[:4])                              # warm-up
    results = {"ours": run_ours(engine, reqs)}
    engine.shutdown(0)
    results["static generate"] = run_static(model, reqs, pad_id=0)
    try:
        results["generate_batch (CB)"] = run_continuous(model, reqs)
    except Exception as exc:                                  # report, do not hide, a baseline that fails
        print(f"  transformers continuous batching failed: {type(exc).__name__}: {exc}")
    if not quick:
        results["one at a time"] = run_one_by_one(model, reqs)
    return {name: tokens / seconds for name, seconds in results.items()}


def shared_prefix(path: Path) -> dict[str, dict[str, float]]:
    out = {}
    for label, disabled in (("cache on", False), ("cache off", True)):
        engine = engine_for(path, disable_radix_cache=disabled)
        reqs = workload("prefix", engine.vocab_size)
        run_ours(engine, [(list(range(5, 40)), 2)])         # warm-up, shares nothing with the workload
        before = engine.stats()
        sps = [SamplingParams(temperature=0, max_new_tokens=n, ignore_eos=True) for _, n in reqs]
        outs = engine.generate([p for p, _ in reqs], sps)
        after = engine.stats()
        prefix_tokens = 512 * len(reqs)
        computed = after.computed_prompt_tokens - before.computed_prompt_tokens
        ttft = [o.first_token_at - o.arrival for o in outs]
        out[label] = {"computed": computed, "prompt": after.prompt_tokens_total - before.prompt_tokens_total,
                      "reused": 1 - (computed - 16 * len(reqs)) / prefix_tokens,
                      "ttft_p50": statistics.median(ttft)}
        engine.shutdown(0)
    return out


def scheduler_overhead(path: Path) -> dict[str, float]:
    engine = engine_for(path, max_running_requests=64)
    reqs = [(p, 96) for p, _ in workload("uniform", engine.vocab_size, seed=1) * 2]
    run_ours(engine, reqs)
    steps = [r for r in engine.step_log if r.num_decode == 64 and not r.num_prefill]
    engine.shutdown(0)
    outside = sorted(r.duration_s - r.model_s for r in steps)
    return {"steps": len(steps), "p50_ms": 1e3 * statistics.median(outside),
            "mean_ms": 1e3 * statistics.fmean(outside),
            "model_p50_ms": 1e3 * statistics.median(r.model_s for r in steps)}


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next(line.split(":", 1)[1].strip() for line in f if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    return f"{cpu}, {os.cpu_count()} cores, torch {torch.__version__} ({torch.get_num_threads()} threads), no GPU"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="tiny,60m")
    parser.add_argument("--quick", action="store_true", help="skip the slow one-at-a-time baseline")
    parser.add_argument("--threads", type=int, default=0, help="torch threads (0: torch's default)")
    ns = parser.parse_args()
    if ns.threads:
        torch.set_num_threads(ns.threads)
    logging.basicConfig(level=logging.WARNING)
    for name in ("transformers", "argmatrix"):
        logging.getLogger(name).setLevel(logging.ERROR)
    print(f"machine: {machine()}")
    for size in ns.sizes.split(","):
        path = model_dir(size)
        params = sum(t.numel() for t in __import__("safetensors.torch").torch.load_file(path / "model.safetensors").values())
        print(f"\n== {size} model ({params / 1e6:.1f}M parameters)")
        for kind in ("uniform", "mixed"):
            tps = throughput(path, kind, ns.quick)
            ours = tps["ours"]
            row = ", ".join(f"{name} {value:.0f} tok/s" for name, value in tps.items())
            ratios = ", ".join(f"{ours / value:.2f}x vs {name}" for name, value in tps.items() if name != "ours")
            print(f"{kind:8s} {row}\n         ours: {ratios}")
        prefix = shared_prefix(path)
        on, off = prefix["cache on"], prefix["cache off"]
        print(f"prefix   prompt tokens {on['prompt']}, computed: cache on {on['computed']}, off {off['computed']} "
              f"(prefix reused {on['reused']:.1%}); TTFT p50 on {on['ttft_p50'] * 1e3:.0f} ms, "
              f"off {off['ttft_p50'] * 1e3:.0f} ms ({off['ttft_p50'] / on['ttft_p50']:.1f}x)")
        if size == "tiny":
            o = scheduler_overhead(path)
            print(f"overhead 64 running: outside the model p50 {o['p50_ms']:.2f} ms, mean {o['mean_ms']:.2f} ms "
                  f"(model p50 {o['model_p50_ms']:.2f} ms, {o['steps']} steps)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
