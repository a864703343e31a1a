"""Real launch commands: the DeepSeek-on-A3 recipe and the commands of SGLang's server-arguments guide (seed 003)."""
from __future__ import annotations

import shlex

import pytest

from .helpers import codes, run

DEEPSEEK_A3 = shlex.split("--model-path /models/DeepSeek-R1 --device npu --attention-backend ascend "
                          "--quantization modelslim --tp 16 --enable-dp-attention --moe-a2a-backend deepep "
                          "--trust-remote-code")


@pytest.mark.parametrize("target", ["a2", "a3"])
def test_deepseek_is_clean_on_npu(target):
    c = run(DEEPSEEK_A3 + (["--nnodes", "2", "--dist-init-addr", "n0:5000"] if target == "a2" else []), target=target)
    assert c.findings == [] and c.exit_code == 0
    assert c.args.tp_size == 16 and c.args.ep_size == 16 and c.sources["ep_size"] == "derived:ep-from-tp"
    assert c.args.page_size == 128 and c.sources["page_size"] == f"platform:{target}"
    assert c.args.tokenizer_path == "/models/DeepSeek-R1"


def test_tp16_needs_two_a2_servers():
    """An A2 server has 8 NPUs, an A3 server 16 dies: --tp 16 on one A2 node cannot start."""
    assert codes(run(DEEPSEEK_A3, target="a2")) == ["AM-E760"]


def test_deepseek_on_cuda_flags_the_npu_values():
    c = run(DEEPSEEK_A3, target="cuda")
    got = {(f.code, f.field, f.source) for f in c.findings}
    assert got == {("AM-E105", "device", "argv[2]"), ("AM-E105", "attention_backend", "argv[4]"),
                   ("AM-E105", "quantization", "argv[6]")}
    assert c.exit_code == 1


def test_deepseek_on_cpu_flags_what_a_cpu_lacks_and_not_dp_attention():
    c = run(DEEPSEEK_A3, target="cpu")
    got = {(f.code, f.field) for f in c.findings}
    # DP attention runs on CPU hosts: SGLang's Xeon CI launches it (platforms/cpu.py CPU_CI_LAUNCHES)
    assert {("AM-E105", "device"), ("AM-E105", "attention_backend"), ("AM-E105", "quantization"),
            ("AM-E105", "moe_a2a_backend")} == got
    assert c.exit_code == 1


LLAMA = "--model-path meta-llama/Meta-Llama-3-8B-Instruct"
SEED_003 = [
    f"{LLAMA} --tp 2",
    f"{LLAMA} --dp 2 --tp 2",
    f"{LLAMA} --mem-fraction-static 0.7",
    f"{LLAMA} --chunked-prefill-size 4096",
    f"{LLAMA} --tp 4 --dist-init-addr sgl-dev-0:50000 --nnodes 2 --node-rank 0",
    f"{LLAMA} --tp 4 --dist-init-addr sgl-dev-0:50000 --nnodes 2 --node-rank 1",
    f"{LLAMA} --enable-torch-compile",
]


@pytest.mark.parametrize("target", ["a2", "a3", "cuda", "cpu"])
@pytest.mark.parametrize("command", SEED_003)
def test_seed_003_commands_pass_everywhere(command, target):
    c = run(shlex.split(command), target=target)
    assert c.findings == [], [(f.code, f.message.en) for f in c.findings]
    assert c.args.model_path == "meta-llama/Meta-Llama-3-8B-Instruct"


def test_seed_003_multi_node_values():
    c = run(shlex.split(SEED_003[5]), target="a3")
    assert (c.args.tp_size, c.args.dist_init_addr, c.args.nnodes, c.args.node_rank) == (4, "sgl-dev-0:50000", 2, 1)
    assert c.sources["node_rank"] == "argv[8]"
    dp = run(shlex.split(SEED_003[1]), target="cuda")
    assert (dp.args.dp_size, dp.args.tp_size) == (2, 2)


@pytest.mark.parametrize("extra, expected", [
    ("--tp 2 --enable-p2p-check", {"a3": ["AM-E102"], "cuda": [], "cpu": ["AM-E102"]}),
    ("--torchao-config int4wo-128", {"a3": ["AM-E102"], "cuda": [], "cpu": []}),
    ("--quantization fp8", {"a3": ["AM-E105"], "cuda": [], "cpu": []}),
    ("--kv-cache-dtype fp8_e5m2", {"a3": ["AM-E105"], "cuda": [], "cpu": ["AM-E105"]}),
])
def test_seed_003_tuning_flags_per_platform(extra, expected):
    for target, want in expected.items():
        c = run(shlex.split(f"{LLAMA} {extra}"), target=target)
        assert codes(c) == want, (target, [(f.code, f.message.en) for f in c.findings])
