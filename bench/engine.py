"""Engine benchmark: ours against transformers' own generation loops, same process, same prompts.

    python bench/engine.py [--sizes tiny,60m] [--quick]
    python bench/engine.py --device cuda|npu|cpu [--sizes 0.5b,1.5b]    # the accelerator report

Workloads (greedy, EOS ignored so every system produces the same number of tokens):
  uniform  32 requests x 64 new tokens
  mixed    32 requests, 8..128 new tokens each
  prefix   32 requests sharing a 512-token prefix: prefill tokens computed and TTFT p50,
           radix cache on vs --disable-radix-cache
  overhead scheduler time per step (outside the model forward) with 64 running requests

Baselines: transformers ``generate`` on the whole batch (left-padded, static: it runs until
the longest request is done), transformers continuous batching (the ``generate_batch``
machinery, fed each request's own max_new_tokens, its manager and a cache the size of ours
built before the clock) and ``generate`` one request at a time.  Every system is warmed up on
requests outside the timed set, and our prefix cache is flushed before the clock.
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

from argmatrix.runtime.demo_model import build_demo_model, is_current
from argmatrix.runtime.engine import Engine, SamplingParams
from argmatrix.schema import ServerArgs

CACHE = Path(os.environ.get("ARGMATRIX_BENCH_CACHE", Path.home() / ".cache" / "argmatrix" / "bench"))
N_REQUESTS = 32
WARM_SEED = 1000            # warm-up requests come from their own seed: never the timed ones


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


class ContinuousBaseline:
    """transformers' continuous batching (what generate_batch drives), one max_new_tokens per request.

    The manager, and with it the paged cache, is built and warmed up before any clock starts, with a cache the
    size of ours (pages of ``max_total_tokens`` tokens) and our step budget, so the timed part is generation.
    """

    def __init__(self, model, warm_reqs, *, cache_tokens: int, batch_tokens: int, max_requests: int):
        from transformers import GenerationConfig
        from transformers.generation.configuration_utils import ContinuousBatchingConfig

        config = GenerationConfig(max_new_tokens=max(n for _, n in warm_reqs), do_sample=False, eos_token_id=-1,
                                  pad_token_id=0)
        page = 256
        cb = ContinuousBatchingConfig(page_size=page, num_blocks=-(-cache_tokens // page),
                                      max_batch_tokens=batch_tokens, max_requests_per_batch=max_requests)
        self.manager = model.init_continuous_batching(generation_config=config, continuous_batching_config=cb)
        self.manager.warmup()
        self.manager.start()
        self.run(warm_reqs)

    def run(self, reqs) -> float:
        t = time.perf_counter()
        ids = [self.manager.add_request(p, max_new_tokens=n) for p, n in reqs]
        done = 0
        while done < len(ids):
            result = self.manager.get_result(timeout=60)
            if result is None:
                raise RuntimeError("transformers continuous batching stalled")
            done += result.is_finished()
        return time.perf_counter() - t

    def close(self) -> None:
        self.manager.stop(block=True, timeout=5)
        self.manager.destroy()


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
    """Generated tokens per second of each system on the same timed requests.

    Every system is warmed up first on requests that are not in the timed set (``WARM_SEED``), so no timed
    prompt starts with cached tokens; our prefix cache is flushed after the warm-up all the same.
    """
    from transformers import AutoModelForCausalLM

    model = AutoModelForCausalLM.from_pretrained(path, dtype=torch.float32, attn_implementation="sdpa").eval()
    reqs = workload(kind, model.config.vocab_size)
    warm = workload(kind, model.config.vocab_size, seed=WARM_SEED)[:4]
    tokens = sum(n for _, n in reqs)
    engine = engine_for(path)
    run_ours(engine, warm)
    if not engine.flush_cache():
        raise RuntimeError("the engine did not flush its prefix cache after the warm-up")
    before = engine.stats()
    results = {"ours": run_ours(engine, reqs)}
    cached = engine.stats().prompt_tokens_total - before.prompt_tokens_total - (
        engine.stats().computed_prompt_tokens - before.computed_prompt_tokens)
    assert cached == 0, f"{cached} timed prompt tokens started cached"
    cache_tokens, batch_tokens = engine.total_pages * engine.config.page_size, engine.config.chunked_prefill_size
    max_requests = engine.max_running_requests
    engine.shutdown(0)
    run_static(model, warm, pad_id=0)
    results["static generate"] = run_static(model, reqs, pad_id=0)
    try:
        cb = ContinuousBaseline(model, warm, cache_tokens=cache_tokens, batch_tokens=batch_tokens or 2048,
                                max_requests=max_requests)
        try:
            results["generate_batch (CB)"] = cb.run(reqs)
        finally:
            cb.close()
    except Exception as exc:  # noqa: BLE001 - report, do not hide, a baseline that fails
        print(f"  transformers continuous batching failed: {type(exc).__name__}: {exc}")
    if not quick:
        run_one_by_one(model, warm[:1])
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


# ---- the accelerator report (--device): decode steps and the mixed workload against the roofline ---------------

# Peak memory bandwidth by device name (first substring that matches), bytes/s: the weight-bandwidth
# roofline of a decode step is (weight bytes) / (this).  --bandwidth-gbs overrides it.
DEVICE_BANDWIDTH = (
    ("H200", 4.8e12), ("H100 NVL", 3.9e12), ("H100 PCIe", 2.0e12), ("H100", 3.35e12), ("H800", 3.35e12),
    ("H20", 4.0e12), ("B200", 8.0e12), ("A100-SXM4-80GB", 2.039e12), ("A100 80GB PCIe", 1.935e12),
    ("A100", 1.555e12), ("A800", 2.039e12), ("L40S", 0.864e12), ("L40", 0.864e12), ("RTX 4090", 1.008e12),
    ("Ascend910B", 1.6e12),
)

ACCEL_BATCHES = (1, 64, 256)
PROMPT_LEN = 128


def copy_bandwidth(device: torch.device, mib: int = 256) -> float:
    """Bytes/s of a large tensor copy (read + write), best of five: the CPU's roofline bandwidth."""
    a = torch.ones(mib * 2**18, dtype=torch.float32, device=device)
    b = torch.empty_like(a)
    best = float("inf")
    for _ in range(6):
        t = time.perf_counter()
        b.copy_(a)
        best = min(best, time.perf_counter() - t)
    return 2 * a.numel() * a.element_size() / best


def bandwidth(device: torch.device, override_gbs: float | None) -> tuple[float, str]:
    if override_gbs:
        return override_gbs * 1e9, "given by --bandwidth-gbs"
    if device.type == "cpu":
        return copy_bandwidth(device), f"memcpy measured in this run ({torch.get_num_threads()} threads)"
    name = getattr(torch, device.type).get_device_name(device)
    for key, bw in DEVICE_BANDWIDTH:
        if key in name:
            return bw, f"{name}: table"
    raise SystemExit(f"no bandwidth known for {name!r}: pass --bandwidth-gbs")


def sync(device: torch.device) -> None:
    if device.type != "cpu":
        getattr(torch, device.type).synchronize()


def accel_engine(path: Path, device: torch.device, dtype: str, *, graphs: bool, max_running: int,
                 tokens: int, graph_bs: list[int] | None = None) -> Engine:
    return Engine(ServerArgs(model_path=str(path), max_total_tokens=tokens, max_running_requests=max_running,
                             disable_cuda_graph=not graphs, cuda_graph_bs=graph_bs,
                             chunked_prefill_size=8192), device=device.type, dtype=dtype)


def ours_decode_step(path: Path, device: torch.device, dtype: str, batch: int, graphs: bool, steps: int,
                     vocab: int) -> float:
    """Median wall time of a decode-only step with ``batch`` running requests (128-token prompts)."""
    engine = accel_engine(path, device, dtype, graphs=graphs, max_running=batch,
                          tokens=batch * (PROMPT_LEN + steps + 16), graph_bs=[batch])
    rng = random.Random(batch)
    sp = SamplingParams(temperature=0, max_new_tokens=steps + 4, ignore_eos=True)
    for _ in range(batch):
        engine.add_request([rng.randrange(5, vocab) for _ in range(PROMPT_LEN)], sp)
    while engine.step():
        pass
    engine.shutdown(0)
    times = [r.duration_s for r in engine.step_log if r.num_decode == batch and not r.num_prefill]
    return statistics.median(times[2:] or times)


def hf_model(path: Path, device: torch.device, dtype: str):
    from transformers import AutoModelForCausalLM

    return AutoModelForCausalLM.from_pretrained(path, dtype=getattr(torch, dtype),
                                                attn_implementation="sdpa").to(device).eval()


def hf_generate_kwargs(device: torch.device, static_compile: bool) -> dict:
    if not static_compile:
        return {}
    from transformers import CompileConfig

    config = CompileConfig(mode="reduce-overhead" if device.type == "cuda" else "default")
    config._compile_all_devices = device.type != "cuda"    # transformers compiles on CUDA only by default
    return {"cache_implementation": "static", "compile_config": config}


class StepClock:
    """A stopping criterion that never stops: it timestamps each of generate's steps (after a sync)."""

    def __init__(self, device: torch.device):
        self.device, self.times = device, []

    def __call__(self, input_ids, scores, **kwargs):
        sync(self.device)
        self.times.append(time.perf_counter())
        return torch.zeros(input_ids.shape[0], dtype=torch.bool, device=input_ids.device)


def hf_decode_step(model, device: torch.device, batch: int, steps: int, static_compile: bool) -> float:
    """Median interval between transformers generate's decode steps (same call warmed up first)."""
    from transformers import StoppingCriteriaList

    rng = random.Random(batch)
    ids = torch.tensor([[rng.randrange(5, model.config.vocab_size) for _ in range(PROMPT_LEN)]
                        for _ in range(batch)], device=device)
    extra = hf_generate_kwargs(device, static_compile)
    clock = StepClock(device)
    for _ in range(2):                               # warm-up (and compilation), then the measured run
        clock.times.clear()
        with torch.inference_mode():
            model.generate(ids, attention_mask=torch.ones_like(ids), max_new_tokens=steps + 2,
                           min_new_tokens=steps + 2, do_sample=False, pad_token_id=0,
                           stopping_criteria=StoppingCriteriaList([clock]), **extra)
    gaps = [b - a for a, b in zip(clock.times, clock.times[1:])]   # the first step (prefill) is not a gap
    return statistics.median(gaps)


def mixed_requests(vocab: int, device: torch.device) -> list[tuple[list[int], int]]:
    """The issue's mixed workload on accelerators (128 requests, prompts 16-512, 8-256 new tokens);
    a quarter of it on CPU (32 requests, prompts 16-128, 8-64 new tokens)."""
    rng = random.Random(7)
    n, prompt, out = (128, 512, 256) if device.type != "cpu" else (32, 128, 64)
    return [([rng.randrange(5, vocab) for _ in range(rng.randint(16, prompt))], rng.randint(8, out))
            for _ in range(n)]


def hf_static_generate(model, device: torch.device, reqs, static_compile: bool) -> float:
    width = max(len(p) for p, _ in reqs)
    ids = torch.tensor([[0] * (width - len(p)) + p for p, _ in reqs], device=device)
    mask = torch.tensor([[0] * (width - len(p)) + [1] * len(p) for p, _ in reqs], device=device)
    longest = max(n for _, n in reqs)
    extra = hf_generate_kwargs(device, static_compile)
    with torch.inference_mode():
        if static_compile:                           # compile outside the timed run: the same call first
            model.generate(ids, attention_mask=mask, max_new_tokens=longest, min_new_tokens=longest,
                           do_sample=False, pad_token_id=0, **extra)
        sync(device)
        t = time.perf_counter()
        model.generate(ids, attention_mask=mask, max_new_tokens=longest, min_new_tokens=longest, do_sample=False,
                       pad_token_id=0, **extra)
        sync(device)
    return time.perf_counter() - t


def accelerator_report(size: str, device: torch.device, dtype: str, steps: int, bw_override: float | None,
                       batches: tuple[int, ...], skip_compile: bool) -> None:
    path = model_dir(size)
    weights = (sum(t.numel() for t in load_weights(path).values())
               * torch.empty((), dtype=getattr(torch, dtype)).element_size())
    bw, source = bandwidth(device, bw_override)
    roofline_s = weights / bw
    print(f"\n== {size}: {weights / 1e9:.3f} GB of {dtype} weights; bandwidth {bw / 1e9:.0f} GB/s ({source}); "
          f"weight-bandwidth roofline {roofline_s * 1e3:.3f} ms per decode step")
    model = hf_model(path, device, dtype)
    vocab = model.config.vocab_size
    graph_modes = (True, False) if device.type != "cpu" else (False,)
    systems = [f"ours, graphs {'on' if g else 'off'}" for g in graph_modes] + ["transformers eager"]
    if not skip_compile:
        systems.append("transformers static cache + torch.compile")
    if device.type == "cpu":
        print("(ours, graphs on: not measured: CPU has no device graphs, so it is the same engine as graphs off)")
    print("decode step (ms) and % of roofline:")
    print("| batch | " + " | ".join(systems) + " |")
    for batch in batches:
        cells = [ours_decode_step(path, device, dtype, batch, g, steps, vocab) for g in graph_modes]
        cells.append(hf_decode_step(model, device, batch, steps, static_compile=False))
        if not skip_compile:
            cells.append(hf_decode_step(model, device, batch, steps, static_compile=True))
        print(f"| {batch} | " + " | ".join(f"{c * 1e3:.2f} ({100 * roofline_s / c:.1f}%)" for c in cells) + " |")
    reqs = mixed_requests(vocab, device)
    tokens = sum(n for _, n in reqs)
    concurrent = len(reqs)
    roofline_tps = concurrent / roofline_s           # every request decoding in every step at the roofline
    print(f"mixed workload: {len(reqs)} requests, {tokens} new tokens; roofline {roofline_tps:.0f} tok/s "
          f"({concurrent} requests per step at {roofline_s * 1e3:.3f} ms)")
    results = {}
    for g in graph_modes:
        engine = accel_engine(path, device, dtype, graphs=g, max_running=len(reqs), tokens=len(reqs) * 1024)
        run_ours(engine, reqs[:4])
        results[f"ours, graphs {'on' if g else 'off'}"] = run_ours(engine, reqs)
        engine.shutdown(0)
    results["transformers static generate (eager)"] = hf_static_generate(model, device, reqs, False)
    if not skip_compile:
        results["transformers static cache + torch.compile"] = hf_static_generate(model, device, reqs, True)
    base = results["transformers static generate (eager)"]
    for name, seconds in results.items():
        tps = tokens / seconds
        print(f"  {name}: {tps:.0f} tok/s ({100 * tps / roofline_tps:.2f}% of roofline, "
              f"{base / seconds:.2f}x transformers eager)")


def load_weights(path: Path) -> dict:
    from safetensors.torch import load_file

    return load_file(path / "model.safetensors")



def record_run(device: torch.device, result: str, note: str) -> None:
    """Append this accelerator run to the engine table's record of runs (matrix/engine_runs.json): the engine
    core and graph-captured decode ran on the device (both graph modes are measured); regenerate the docs after."""
    import datetime
    import subprocess

    from argmatrix.matrix.engine_runs import Run, append

    family = {"cuda": "gpu", "npu": "npu"}[device.type]
    name = getattr(torch, device.type).get_device_name(device)
    date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=Path(__file__).parents[1],
                            capture_output=True, text=True).stdout.strip()
    failed = result == "failed"
    append(Run(family, name, os.cpu_count() or 0, torch.__version__, date, ("core", "decode_graphs"),
               "python bench/engine.py " + " ".join(sys.argv[1:]), result, commit,
               failing=(note,) if failed else (), note="" if failed else note))
    print(f"recorded: {result} on {name} in argmatrix/matrix/engine_runs.json (run `argmatrix docs generate`)")


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
    parser.add_argument("--device", choices=("cuda", "npu", "cpu"),
                        help="the accelerator report instead: decode step at batch 1/64/256 and the mixed workload, "
                             "ours (graphs on/off) and transformers (eager; static cache + torch.compile), "
                             "as % of the weight-bandwidth roofline")
    parser.add_argument("--dtype", help="accelerator report dtype (default: bfloat16 on cuda/npu, float32 on cpu)")
    parser.add_argument("--steps", type=int, help="decode steps timed per measurement (default 32; 8 on cpu)")
    parser.add_argument("--batches", help="accelerator report batch sizes (default 1,64,256)")
    parser.add_argument("--bandwidth-gbs", type=float, help="device memory bandwidth, GB/s (overrides the table)")
    parser.add_argument("--skip-compile", action="store_true", help="leave out transformers + torch.compile")
    parser.add_argument("--no-record", action="store_true",
                        help="do not append this accelerator run to argmatrix/matrix/engine_runs.json")
    ns = parser.parse_args()
    if ns.threads:
        torch.set_num_threads(ns.threads)
    logging.basicConfig(level=logging.WARNING)
    for name in ("transformers", "argmatrix"):
        logging.getLogger(name).setLevel(logging.ERROR)
    print(f"machine: {machine()}")
    if ns.device:
        if ns.device == "npu":
            import torch_npu  # noqa: F401
        device = torch.device(ns.device)
        cpu = device.type == "cpu"
        sizes = ns.sizes if ns.sizes != parser.get_default("sizes") else ("tiny" if cpu else "0.5b,1.5b")
        batches = tuple(int(b) for b in ns.batches.split(",")) if ns.batches else ACCEL_BATCHES
        try:
            for size in sizes.split(","):
                accelerator_report(size, device, ns.dtype or ("float32" if cpu else "bfloat16"),
                                   ns.steps or (8 if cpu else 32), ns.bandwidth_gbs, batches, ns.skip_compile)
        except BaseException as exc:
            if not cpu and not ns.no_record:
                record_run(device, "failed", f"{type(exc).__name__}: {exc}"[:300])
            raise
        if not cpu and not ns.no_record:
            record_run(device, "passed", f"sizes {sizes}, batches {','.join(map(str, batches))}")
        return 0
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
