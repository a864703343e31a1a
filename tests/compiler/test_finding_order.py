"""Findings come in one documented order (compiler/findings.py ``finding_sort_key``, docs/check-config.md), so the
same input prints the same bytes whatever the interpreter's hash seed: CI users diff this output."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from argmatrix.compiler import CompileOptions, compile
from argmatrix.compiler.findings import SEVERITY_ORDER, finding_sort_key

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "model_configs"
# many findings from every kind of source: argv, a config file, the environment, rules, the model checks, the engine
ARGV = ["--model-path", str(FIXTURES / "qwen3-30b-a3b.json"), "--enable-two-batch-overlap", "--tp-size", "3",
        "--enable-lora", "--disable-radix-cache", "--page-size", "64", "--enable-dp-attention",
        "--kv-cache-dtype", "fp8_e4m3", "--lora-paths", "a", "b", "--pp-size", "2", "--tp-size", "3",
        "--speculative-algorithm", "EAGLE", "--enable-torch-compile"]
SCRIPT = """
import sys
from argmatrix.cli.check_config import run_check_config
fmt, lang, config = sys.argv[1], sys.argv[2], sys.argv[3]
run_check_config(sys.argv[4:], target="a3", config=config, fmt=fmt, lang=lang, engine="argmatrix")
"""


def _run(seed: int, fmt: str, lang: str, config: str) -> bytes:
    env = {k: v for k, v in os.environ.items() if not k.startswith("ARGMATRIX_")}
    env.update(PYTHONHASHSEED=str(seed), ARGMATRIX_CHUNKED_PREFILL_SIZE="-5", ARGMATRIX_MAX_RUNNING_REQUESTS="0",
               NO_COLOR="1")
    done = subprocess.run([sys.executable, "-c", SCRIPT, fmt, lang, config, *ARGV], capture_output=True, env=env,
                          timeout=120)
    assert done.returncode == 0, done.stderr.decode()
    return done.stdout


@pytest.mark.slow
def test_same_input_same_bytes_under_ten_hash_seeds(tmp_path):
    config = tmp_path / "deploy.yaml"
    config.write_text("enable_mixed_chunk: true\nschedule_policy: lpm\nmem_fraction_static: 1.5\n"
                      "enable_hierarchical_cache: true\nhicache_ratio: 3\n")
    for fmt, lang in (("text", "en"), ("json", "en"), ("text", "zh")):
        outputs = {_run(seed, fmt, lang, str(config)) for seed in range(10)}
        assert len(outputs) == 1, f"{fmt}/{lang}: {len(outputs)} different outputs over 10 hash seeds"
        assert outputs.pop().count(b"AM-") >= 8  # the input really produces many findings to order


def test_findings_follow_the_documented_key():
    compiled = compile(ARGV, CompileOptions(target="a3", env={"ARGMATRIX_MAX_RUNNING_REQUESTS": "0"},
                                            engine="argmatrix"))
    keys = [finding_sort_key(f) for f in compiled.findings]
    assert keys == sorted(keys)
    severities = [SEVERITY_ORDER[f.severity] for f in compiled.findings]
    assert severities == sorted(severities)
    argv_positions = [int(f.source[5:-1]) for f in compiled.findings
                      if f.severity == "error" and f.source and f.source.startswith("argv[")]
    assert argv_positions == sorted(argv_positions)  # within a severity, in the order the flags were written
