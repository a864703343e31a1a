"""SGLang 0.5.23's checks that depend on the model's architecture (``matrix/sglang_checks/architectures.py`` and
``dllm_models.py``): each breaks on a config.json SGLang refuses for it and holds on one it serves."""
from __future__ import annotations

import json
from functools import partial
from pathlib import Path

import pytest

from argmatrix.matrix.sglang_checks import architectures, dllm_models

from .helpers import codes, only
from .helpers import run as _run
from .test_model_rules import MODELS

run = partial(_run, releases={"sglang": "0.5.23"})


def model(name: str) -> list[str]:
    return ["--model-path", str(MODELS / name)]


LLAMA, DSA, SINKS, VL, GPT_OSS, OLMO2, SDAR = (model(n) for n in (
    "llama-tiny", "deepseek-v32-2layer", "deepseek-v32-sinks-tiny", "qwen2-vl-tiny", "gpt-oss-tiny", "olmo2-tiny",
    "sdar-tiny"))
FP8 = ["--kv-cache-dtype", "fp8_e4m3"]
SPLIT = ["--tp", "2", "--enable-prefill-cp", "--cp-strategy", "interleave", "--enable-dsa-cache-layer-split",
         "--disaggregation-mode", "prefill"]

CASES = [  # (rule code, target, argv that breaks it, argv that does not)
    ("AM-E456", "a3", [*LLAMA, "--tp", "2", "--dcp-size", "2"], [*DSA, "--tp", "2", "--dcp-size", "2"]),
    ("AM-E456", "cuda", [*LLAMA, *SPLIT], [*DSA, *SPLIT]),
    ("AM-E456", "cuda", [*LLAMA, "--enable-encoder-swa-bounded-replay"], LLAMA),
    ("AM-E456", "cuda", [*LLAMA, "--mamba-radix-cache-strategy", "extra_buffer"],
     [*LLAMA, "--mamba-radix-cache-strategy", "extra_buffer", "--disable-radix-cache"]),
    ("AM-E456", "cuda", [*LLAMA, "--encoder-only"], [*VL, "--encoder-only"]),
    ("AM-E456", "cuda", [*LLAMA, "--tp", "2", "--dcp-size", "2", "--enable-cp-decode-attn-tp"],
     [*LLAMA, "--tp", "2", "--dcp-size", "2"]),
    ("AM-E457", "cuda", [*DSA, "--tp", "2", "--enable-dsa-cache-layer-split", "--disaggregation-mode", "decode"],
     [*DSA, *SPLIT]),
    ("AM-E457", "cuda", [*DSA, *SPLIT[:-2]], [*DSA, *SPLIT]),
    ("AM-E457", "cuda", [*DSA, *SPLIT, "--disaggregation-transfer-backend", "nixl"], [*DSA, *SPLIT]),
    ("AM-E457", "cuda", [*DSA, "--tp", "2", "--enable-prefill-cp", "--disaggregation-mode", "decode"],
     [*DSA, "--tp", "2", "--enable-prefill-cp", "--disaggregation-mode", "prefill"]),
    ("AM-E458", "cuda", [*GPT_OSS, "--tp", "2", "--ep-size", "2", "--moe-runner-backend", "triton_kernel"],
     [*GPT_OSS, "--tp", "2", "--moe-runner-backend", "triton_kernel"]),
    ("AM-E459", "cuda", [*GPT_OSS, "--attention-backend", "flashinfer"], [*GPT_OSS, "--attention-backend", "triton"]),
    ("AM-E459", "cuda", [*GPT_OSS, "--decode-attention-backend", "flashinfer"], GPT_OSS),
    ("AM-E459", "cuda", [*OLMO2, "--attention-backend", "flashinfer"], [*OLMO2, "--attention-backend", "triton"]),
    ("AM-E460", "cuda", [*LLAMA, "--language-model-only", "--disaggregation-mode", "prefill"], LLAMA),
    ("AM-E465", "cuda", [*DSA, "--kv-cache-dtype", "fp8_e5m2"], [*DSA, "--kv-cache-dtype", "bf16"]),
    ("AM-E465", "cuda", [*DSA, "--dsa-decode-backend", "triton"], [*DSA, "--dsa-decode-backend", "fa3"]),
    ("AM-E465", "cuda", [*DSA, *FP8, "--dsa-prefill-backend", "tilelang"],
     [*DSA, *FP8, "--dsa-prefill-backend", "tilelang", "--dsa-decode-backend", "tilelang"]),
    ("AM-E465", "cuda", [*DSA, "--tp", "2", "--dcp-size", "2", *FP8, "--dsa-prefill-backend", "tilelang",
                         "--dsa-decode-backend", "tilelang"], [*DSA, "--tp", "2", "--dcp-size", "2", *FP8]),
    ("AM-E465", "cuda", [*DSA, "--enable-hisparse", *FP8, "--dsa-prefill-backend", "tilelang",
                         "--dsa-decode-backend", "tilelang"], [*DSA, "--enable-hisparse", *FP8]),
    ("AM-E465", "cuda", [*SINKS, *FP8], [*SINKS, "--kv-cache-dtype", "bfloat16"]),
    ("AM-E465", "cuda", [*SINKS, "--dsa-decode-backend", "fa3"], [*SINKS, "--dsa-decode-backend", "flashmla_sparse"]),
    ("AM-E462", "cuda", [*SDAR, "--dllm-algorithm", "Diffusion"], [*SDAR, "--dllm-algorithm", "LowConfidence"]),
    ("AM-E463", "cuda", [*LLAMA, "--dllm-algorithm", "LowConfidence"], [*SDAR, "--dllm-algorithm", "LowConfidence"]),
    ("AM-E463", "cuda", [*SDAR, "--dllm-algorithm", "Gemma4Renoise"], [*SDAR, "--dllm-algorithm", "JointThreshold"]),
    ("AM-W464", "cuda", [*SDAR, "--dllm-algorithm", "LowConfidence", "--page-size", "16"],
     [*SDAR, "--dllm-algorithm", "LowConfidence", "--page-size", "4"]),
]


@pytest.mark.parametrize("code, target, bad, good", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_each_check_breaks_and_holds(code, target, bad, good):
    assert code in codes(run(bad, target=target)), bad
    assert code not in codes(run(good, target=target)), good


@pytest.mark.parametrize("code, target, bad, good", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_each_finding_says_why_and_what_to_write_in_both_languages(code, target, bad, good):
    for f in (f for f in run(bad, target=target).findings if f.code == code):
        for text in (f.message.en, f.message.zh, f.hint.en, f.hint.zh):
            assert text.strip() and "{" not in text.replace("{{", ""), (code, text)
        assert f.hint.en != f.hint.zh


def _config(tmp_path: Path, name: str, **fields) -> list[str]:
    """A copy of llama-tiny's config.json with other fields (architectures, model_type, ...)."""
    cfg = {**json.loads((MODELS / "llama-tiny" / "config.json").read_text()), **fields}
    (tmp_path / name).mkdir()
    (tmp_path / name / "config.json").write_text(json.dumps(cfg))
    return ["--model-path", str(tmp_path / name)]


def test_the_architectures_without_a_stand_in(tmp_path):
    """The rules whose models the conformance stand-ins do not cover, on configs written here."""
    mobius = _config(tmp_path, "mobius", architectures=["InternS2MobiusForConditionalGeneration"])
    assert "AM-E458" in codes(run([*mobius, "--pp-size", "2"], target="cuda"))
    assert "AM-E458" not in codes(run(mobius, target="cuda"))
    mimo = _config(tmp_path, "mimo", architectures=["MiMoV2ForCausalLM"], attention_projection_layout="fused_qkv",
                   num_key_value_heads=4)
    assert "AM-E458" in codes(run([*mimo, "--tp", "8"], target="cuda"))     # fused for attention TP 4
    assert "AM-E458" not in codes(run([*mimo, "--tp", "4"], target="cuda"))
    v4 = _config(tmp_path, "v4", architectures=["DeepseekV4ForCausalLM"])
    assert "AM-E460" not in codes(run([*v4, "--language-model-only"], target="cuda"))
    assert "AM-E456" not in codes(run([*v4, "--tp", "2", "--dcp-size", "2", "--enable-cp-decode-attn-tp"],
                                      target="cuda"))
    exaone = _config(tmp_path, "exaone", architectures=["Exaone4ForCausalLM"], sliding_window_pattern=4)
    assert "AM-E459" in codes(run([*exaone, "--attention-backend", "flashinfer"], target="cuda"))
    assert "AM-E459" not in codes(run([*exaone, "--attention-backend", "fa3"], target="cuda"))
    llama4 = _config(tmp_path, "llama4", architectures=["Llama4ForCausalLM"])
    assert "AM-E459" in codes(run([*llama4, "--attention-backend", "flashinfer"], target="cuda"))
    assert "AM-E459" not in codes(run([*llama4, "--attention-backend", "flashinfer", "--device", "cpu"],
                                      target="cpu"))
    lfm2 = _config(tmp_path, "lfm2", architectures=["Lfm2ForCausalLM"])
    assert "AM-E459" in codes(run([*lfm2, "--attention-backend", "triton"], target="cuda"))
    assert "AM-E459" not in codes(run([*lfm2, "--attention-backend", "fa3"], target="cuda"))
    v4 = _config(tmp_path, "v4-kv", architectures=["DeepseekV4ForCausalLM"])
    assert "AM-E465" in codes(run([*v4, "--kv-cache-dtype", "fp8_e5m2"], target="cuda"))
    assert "AM-E465" not in codes(run([*v4, "--kv-cache-dtype", "fp8_e5m2"], target="a3"))  # bfloat16 on Ascend
    mamba = _config(tmp_path, "qwen3-next", architectures=["Qwen3NextForCausalLM"])
    strategy = ["--mamba-radix-cache-strategy", "extra_buffer"]
    assert "AM-E465" in codes(run([*mamba, *strategy, "--page-size", "48"], target="cuda"))   # chunk 64
    assert "AM-E465" not in codes(run([*mamba, *strategy, "--page-size", "32"], target="cuda"))
    glm = _config(tmp_path, "glm5", architectures=["GlmMoeDsaForCausalLM"], index_topk=2048)
    # GLM-5 with an FP8 KV cache takes SM120's own path, which the cuda column cannot rule out
    assert "AM-E465" not in codes(run([*glm, *FP8, "--dsa-decode-backend", "triton"], target="cuda"))
    assert "AM-E465" in codes(run([*glm, "--kv-cache-dtype", "bfloat16", "--dsa-decode-backend", "triton"],
                                  target="cuda"))
    shared = _config(tmp_path, "dsa-shared-topk", architectures=["DeepseekV32ForCausalLM"], index_topk=2048,
                     index_topk_freq=2)
    assert "AM-E456" in codes(run([*shared, "--tp", "2", "--enable-two-batch-overlap"], target="cuda"))
    assert "AM-E456" not in codes(run([*DSA, "--tp", "2", "--enable-two-batch-overlap"], target="cuda"))
    assert "AM-E457" in codes(run([*DSA, *SPLIT, "--pp-size", "2"], target="cuda"))
    indel = _config(tmp_path, "indel", architectures=["LLaDA2MoeModelLM"])
    assert "AM-E463" in codes(run([*indel, "--dllm-algorithm", "JointThresholdInDel"], target="cuda"))
    assert "AM-E463" not in codes(run([*indel, "--dllm-algorithm", "JointThreshold"], target="cuda"))


def test_what_sglang_replaces_for_an_architecture_is_a_warning_naming_each_value(tmp_path):
    hrm = _config(tmp_path, "hrm", architectures=["HrmTextForCausalLM"], model_type="hrm_text")
    f = only(run([*hrm, "--attention-backend", "fa3", "--chunked-prefill-size", "4096"], target="cuda"), "AM-W461")
    assert f.severity == "warning"
    assert "--attention-backend fa3 becomes triton" in f.message.en and "4096 becomes -1" in f.message.en
    assert "会改为 triton" in f.message.zh
    assert "AM-W461" not in codes(run([*hrm, "--attention-backend", "triton"], target="cuda"))
    no_prefix = _config(tmp_path, "hrm-causal", architectures=["HrmTextForCausalLM"], prefix_lm=False)
    assert "AM-W461" not in codes(run([*no_prefix, "--attention-backend", "fa3"], target="cuda"))
    step = _config(tmp_path, "step", architectures=["Step3p5ForCausalLM"])
    assert "AM-W461" in codes(run([*step, "--enable-hierarchical-cache", "--swa-full-tokens-ratio", "0.5"],
                                  target="cuda"))
    assert "AM-W461" not in codes(run([*step, "--swa-full-tokens-ratio", "0.5"], target="cuda"))


def test_the_message_names_the_architecture_and_the_reason():
    f = only(run([*LLAMA, "--tp", "2", "--dcp-size", "2"], target="a3"), "AM-E456")
    assert "LlamaForCausalLM" in f.message.en and "--dcp-size 2" in f.message.en
    assert "LlamaForCausalLM" in f.message.zh and "解码上下文并行" in f.message.zh
    page = only(run([*SDAR, "--dllm-algorithm", "LowConfidence", "--page-size", "16"], target="cuda"), "AM-W464")
    assert "--page-size 16 becomes 4" in page.message.en and page.hint.en == "write --page-size 4"


def test_without_a_local_config_the_architecture_rules_stay_silent():
    found = codes(run(["--model-path", "meta-llama/Llama-3.1-8B", "--tp", "2", "--dcp-size", "2"], target="a3"))
    assert "AM-E456" not in found


def test_every_rule_of_the_modules_is_exercised():
    # AM-W461's architectures have no stand-in: test_what_sglang_replaces_for_an_architecture_is_a_warning...
    assert {r.code for r in (*architectures.RULES, *dllm_models.RULES)} - {"AM-W461"} == {c[0] for c in CASES}
