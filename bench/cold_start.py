"""Cold-start cost of `argmatrix check-config`, against `python -c pass` measured in the same run.

Prints the median wall time of fresh processes (N runs each) and the ratio, then the
in-process compile time per configuration once the process is warm.  The same check with a
local model folder (DeepSeek-V3's config.json: MoE, MLA, fp8, the memory plan and its tp search)
is measured in the same run against the one without.

    python bench/cold_start.py [--runs 10]

Targets: check-config under 0.2 s (issues #9 and #10, with every SGLang 0.5.23 flag); in-process compile
under 1 ms.
Issue #11: check-config with a local model folder within 1.2x of the same check without one.
Issue #18: a 40-flag vLLM launch (vllm serve ..., judged by vLLM's and vLLM-Ascend's rules) within 1.5x of a
40-flag SGLang one.
Issue #22: a launch with lists, a JSON object and an out-of-range value within 1.1x of the plain check (no
pydantic); ``--config FILE`` without a trailing ``--`` within 1.1x of the same with it (no typer either way;
reading YAML costs the same in both).
"""
from __future__ import annotations

import argparse
import compileall
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SERVER_FLAGS = ["--model-path", "m", "--tp-size", "2", "--mem-fraction-static", "0.8"]
# an Ascend-style launch: lists, a JSON object, and a value out of range (an error the fast path words itself)
RICH_FLAGS = ["--model-path", "m", "--tp-size", "2", "--cuda-graph-bs-decode", "8", "16", "32",
              "--json-model-override-args", '{"rope_scaling": {"type": "yarn", "factor": 4.0}}',
              "--bucket-time-to-first-token", "0.1,0.5,1", "--mem-fraction-static", "1.2"]
CONFIG_FILE = "model-path: m\ntp-size: 2\nmem-fraction-static: 0.8\ncuda-graph-bs-decode: [8, 16, 32]\n"
MODEL_CONFIG = Path(__file__).parents[1] / "tests" / "fixtures" / "model_configs" / "deepseek-v3.json"
# 40 flags each, of the kinds real Ascend launches carry (sizes, memory, graphs, JSON objects, switches)
VLLM_40 = ["vllm", "serve", "/models/DeepSeek-R1", "--host", "0.0.0.0", "--port", "8000", "-tp", "8", "-dp", "2",
           "--data-parallel-size-local", "2", "--enable-expert-parallel", "--max-model-len", "32k",
           "--max-num-batched-tokens", "8192", "--max-num-seqs", "64", "--gpu-memory-utilization", "0.9",
           "--block-size", "128", "--quantization", "ascend", "--trust-remote-code", "--served-model-name", "ds",
           "--enable-prefix-caching", "--kv-cache-dtype", "auto", "--seed", "1", "--dtype", "bfloat16",
           "--compilation-config", '{"cudagraph_mode": "FULL_DECODE_ONLY", "cudagraph_capture_sizes": [8, 16]}',
           "--additional-config", '{"enable_cpu_binding": true}', "--speculative-config",
           '{"method": "mtp", "num_speculative_tokens": 1}', "--api-server-count", "1", "--enable-chunked-prefill",
           "--no-enable-log-requests", "--tokenizer-mode", "auto", "--load-format", "auto", "--distributed-executor-backend",
           "mp", "--max-logprobs", "20", "--enable-lora", "--disable-log-stats", "--uvicorn-log-level", "info",
           "--chat-template-content-format", "auto", "--enable-auto-tool-choice", "--tool-call-parser", "deepseek_v3",
           "--reasoning-parser", "deepseek_r1", "--enable-sleep-mode", "--max-lora-rank", "16", "--max-loras", "1",
           "--generation-config", "auto", "--override-generation-config", '{"temperature": 0.6}']
SGLANG_40 = ["--model-path", "/models/DeepSeek-R1", "--host", "0.0.0.0", "--port", "8000", "--tp-size", "16",
             "--dp-size", "1", "--ep-size", "16", "--context-length", "32k", "--chunked-prefill-size", "8192",
             "--max-running-requests", "64", "--mem-fraction-static", "0.8", "--page-size", "128",
             "--quantization", "modelslim", "--trust-remote-code", "--served-model-name", "ds",
             "--kv-cache-dtype", "auto", "--random-seed", "1", "--dtype", "bfloat16", "--cuda-graph-bs-decode", "8",
             "16", "--json-model-override-args", '{"a": 1}', "--attention-backend", "ascend", "--moe-a2a-backend",
             "deepep", "--deepep-mode", "auto", "--speculative-algorithm", "NEXTN", "--speculative-num-steps", "1",
             "--enable-metrics", "--log-level", "info", "--tool-call-parser", "deepseekv3", "--reasoning-parser",
             "deepseek-r1", "--enable-memory-saver", "--max-lora-rank", "16", "--max-loras-per-batch", "1",
             "--tokenizer-mode", "auto", "--load-format", "auto", "--disable-radix-cache", "--stream-interval", "1",
             "--schedule-policy", "fcfs", "--max-prefill-tokens", "16384", "--watchdog-timeout", "300",
             "--download-dir", "/cache", "--enable-lora", "--lora-target-modules", "all", "--skip-server-warmup"]


def wall(cmd: list[str], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    opts = parser.parse_args()
    # A pip install writes bytecode; an editable checkout run with PYTHONDONTWRITEBYTECODE=1 would
    # recompile every module on every start and measure the compiler, not argmatrix.
    import argmatrix

    compileall.compile_dir(os.path.dirname(argmatrix.__file__), quiet=1)
    exe = shutil.which("argmatrix")
    check_cmd = ([exe] if exe else [sys.executable, "-m", "argmatrix"]) + ["check-config", "--target", "a3", "--",
                                                                         *SERVER_FLAGS]
    model_dir = Path(tempfile.mkdtemp(prefix="argmatrix-bench-"))
    (model_dir / "config.json").write_bytes(MODEL_CONFIG.read_bytes())
    model_flags = ["--model-path", str(model_dir), *SERVER_FLAGS[2:]]
    with_model_cmd = check_cmd[:-len(SERVER_FLAGS)] + model_flags
    rich_cmd = check_cmd[:-len(SERVER_FLAGS)] + RICH_FLAGS
    (model_dir / "launch.yaml").write_text(CONFIG_FILE)
    config_cmd = check_cmd[:-len(SERVER_FLAGS) - 1] + ["--config", str(model_dir / "launch.yaml")]
    config_dash_cmd = config_cmd + ["--"]
    baseline = wall([sys.executable, "-c", "pass"], opts.runs)
    import_only = wall([sys.executable, "-c", "import argmatrix.compiler"], opts.runs)
    check = wall(check_cmd, opts.runs)
    with_model = wall(with_model_cmd, opts.runs)
    rich = wall(rich_cmd, opts.runs)
    from_config = wall(config_cmd, opts.runs)
    from_config_dash = wall(config_dash_cmd, opts.runs)
    print(f"python -c pass            median {baseline * 1000:7.1f} ms")
    print(f"import argmatrix.compiler median {import_only * 1000:7.1f} ms  ({import_only / baseline:.2f}x baseline)")
    print(f"argmatrix check-config    median {check * 1000:7.1f} ms  ({check / baseline:.2f}x baseline, "
          f"{(check - baseline) * 1000:.1f} ms above it; target < 200 ms)")
    print(f"  with a local model dir  median {with_model * 1000:7.1f} ms  ({with_model / check:.2f}x without; "
          "target < 1.2x)")
    head = check_cmd[:-len(SERVER_FLAGS) - 1]  # argmatrix check-config --target a3
    sglang_40 = wall([*head, "--", *SGLANG_40], opts.runs)
    vllm_40 = wall([*head, "--", *VLLM_40], opts.runs)
    print(f"  40 SGLang flags         median {sglang_40 * 1000:7.1f} ms")
    print(f"  40 vLLM flags           median {vllm_40 * 1000:7.1f} ms  ({vllm_40 / sglang_40:.2f}x the SGLang "
          "launch; target < 1.5x)")
    print(f"  lists, JSON, a bad value median {rich * 1000:6.1f} ms  ({rich / check:.2f}x the plain check; "
          "target < 1.1x)")
    print(f"  --config FILE --        median {from_config_dash * 1000:7.1f} ms  ({from_config_dash / check:.2f}x the "
          "plain check: YAML)")
    print(f"  --config FILE, no --    median {from_config * 1000:7.1f} ms  ({from_config / from_config_dash:.2f}x with "
          "--; target < 1.1x)")

    from argmatrix.compiler import compile

    compile(SERVER_FLAGS, target="a3", env={})  # warm the per-field validators
    compile(model_flags, target="a3", env={})
    n = 2000
    for label, flags in (("", SERVER_FLAGS), ("with the model dir", model_flags)):
        count = n if not label else n // 10
        start = time.perf_counter()
        for _ in range(count):
            compile(flags, target="a3", env={})
        per = (time.perf_counter() - start) / count
        print(f"in-process compile {label:18} {per * 1e6:7.1f} us per config" + ("" if label else " (target < 1000 us)"))
    shutil.rmtree(model_dir)


if __name__ == "__main__":
    main()
