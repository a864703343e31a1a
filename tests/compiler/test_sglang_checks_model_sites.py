"""SGLang 0.5.23's start-up checks that read the model's config.json (``Rule.reads_model``) in
``matrix/sglang_checks/{layernorm_sp,sharding,cp_tp,kv_cache}.py``: for each rule a launch that breaks it and one
close to it that does not, on a config.json written for the test (the architectures the conformance stand-ins do
not have: Muse Spark, GLM-5 Next, Qwen4 Exp, DeepSeek V3.2's DSA, hybrid models)."""
from __future__ import annotations

import json
from functools import partial
from pathlib import Path

import pytest

from argmatrix.matrix.sglang_checks import cp_tp, layernorm_sp

from .helpers import codes, only
from .helpers import run as _run

run = partial(_run, releases={"sglang": "0.5.23"})
STAND_INS = Path(__file__).parents[1] / "fixtures" / "sglang_conformance" / "models"
BASE = json.loads((STAND_INS / "llama-tiny" / "config.json").read_text())
DEEPSEEK = json.loads((STAND_INS / "deepseek-v3" / "config.json").read_text())

CONFIGS = {  # name -> config.json contents
    "llama": BASE,
    "qwen3": {**BASE, "architectures": ["Qwen3ForCausalLM"], "model_type": "qwen3"},
    "muse": {**BASE, "architectures": ["MuseSparkForConditionalGeneration"], "model_type": "muse_spark"},
    "deepseek": {k: v for k, v in DEEPSEEK.items() if k != "quantization_config"},
    "dsa": {**{k: v for k, v in DEEPSEEK.items() if k != "quantization_config"},
            "architectures": ["DeepseekV32ForCausalLM"], "model_type": "deepseek_v32", "index_topk": 2048},
    "mllama": {**BASE, "architectures": ["MllamaForConditionalGeneration"], "model_type": "mllama"},
    "llama4-chunked": {**BASE, "architectures": ["Llama4ForCausalLM"], "model_type": "llama4",
                       "attention_chunk_size": 8192},
    "glm5-next": {**BASE, "architectures": ["Glm5NextForConditionalGeneration"], "model_type": "glm5_next",
                  "linear_attn_config": {"num_heads": 32}},
    "glm5-next-dsa": {**BASE, "architectures": ["Glm5NextForConditionalGeneration"], "model_type": "glm5_next",
                      "index_topk": 2048},
    "qwen4-exp": {**BASE, "architectures": ["Qwen4ExpForConditionalGeneration"], "model_type": "qwen4_exp",
                  "text_config": {**BASE, "model_type": "qwen4_exp_text", "linear_num_key_heads": 12,
                                  "linear_num_value_heads": 32}},
    "gpt-oss": {**BASE, "architectures": ["GptOssForCausalLM"], "model_type": "gpt_oss", "sliding_window": 128},
    "qwen3-next": {**BASE, "architectures": ["Qwen3NextForCausalLM"], "model_type": "qwen3_next"},
}


@pytest.fixture(scope="module")
def models(tmp_path_factory) -> dict[str, str]:
    root = tmp_path_factory.mktemp("models")
    out = {}
    for name, cfg in CONFIGS.items():
        (root / name).mkdir()
        (root / name / "config.json").write_text(json.dumps(cfg))
        out[name] = str(root / name)
    return out


LNSP = ["--tp", "4", "--enable-layernorm-sp"]
MUSE_OK = ["--tp", "8", "--enable-layernorm-sp", "--moe-a2a-backend", "flashinfer",
           "--moe-runner-backend", "flashinfer_trtllm", "--quantization", "modelopt_fp4"]
MEGAMOE_OK = ["--tp", "8", "--ep-size", "8", "--enable-layernorm-sp", "--enable-megamoe-for-layernorm-sp",
              "--moe-runner-backend", "flashinfer_trtllm"]
SHARD = ["--disaggregation-mode", "prefill", "--enable-kv-cache-sharding", "--page-size", "64"]
GQA_CP = ["--tp", "2", "--attn-cp-size", "2", "--enable-prefill-cp", "--cp-strategy", "interleave",
          "--attention-backend", "fa3"]
DSA_OK = [*SHARD[:-1], "64", "--tp", "2", "--attn-cp-size", "2", "--enable-prefill-cp", "--cp-strategy", "interleave",
          "--dsa-prefill-backend", "trtllm", "--dsa-decode-backend", "trtllm", "--kv-cache-dtype", "fp8_e4m3"]
CP_GLM = ["--tp", "4", "--attn-cp-size", "4", "--enable-prefill-cp", "--cp-strategy", "interleave"]
CP_QWEN = ["--tp", "4", "--attn-cp-size", "4", "--enable-prefill-cp", "--cp-strategy", "zigzag"]
UNIFIED = ["--enable-unified-memory"]

FP4_BF16_DISPATCH = {"SGLANG_MOE_NVFP4_DISPATCH": "0"}  # what MUSE_OK needs (layernorm_sp_hook.py:102)
NO_ENV: tuple[dict[str, str], dict[str, str]] = ({}, {})
MUSE_ENV = (FP4_BF16_DISPATCH, FP4_BF16_DISPATCH)

CASES = [  # (rule code, model, (env of the bad launch, of the good one), argv that breaks it, argv that does not)
    # layernorm_sp_hook.py
    ("AM-E444", "llama", NO_ENV, LNSP, ["--tp", "4"]),                                            # :131
    ("AM-E444", "qwen3", NO_ENV, [*LNSP, "--enable-megamoe-for-layernorm-sp"], LNSP),             # :129
    ("AM-E444", "qwen3", NO_ENV, [*LNSP, "--speculative-algorithm", "NGRAM"], LNSP),              # :181
    ("AM-E444", "muse", MUSE_ENV, [*MUSE_OK, "--speculative-algorithm", "NGRAM"],
     [*MUSE_OK, "--speculative-algorithm", "DFLASH"]),                                         # :181, Muse DFLASH
    ("AM-E445", "muse", MUSE_ENV, [*MUSE_OK[:1], "2", *MUSE_OK[2:]], MUSE_OK),                       # :142
    ("AM-E445", "muse", MUSE_ENV, MUSE_OK[:-2], MUSE_OK),                                             # :151
    ("AM-E445", "muse", MUSE_ENV, [*MEGAMOE_OK, "--moe-a2a-backend", "deepep"], MEGAMOE_OK),         # :158
    ("AM-E445", "muse", MUSE_ENV, [*MUSE_OK[:3], "none", *MUSE_OK[5:]], MUSE_OK),                    # :163
    ("AM-E445", "muse", MUSE_ENV, [*MUSE_OK[:5], "triton", *MUSE_OK[7:]], MUSE_OK),                  # :168
    ("AM-E445", "muse", MUSE_ENV, [*MEGAMOE_OK, "--enable-mixed-chunk"], MEGAMOE_OK),                # :47
    ("AM-E445", "muse", ({"SGLANG_OPT_DEEPGEMM_MEGA_MOE_NUM_MAX_TOKENS_PER_RANK": "0"}, {}),
     MEGAMOE_OK, MEGAMOE_OK),                                                                   # :200
    ("AM-E445", "muse", MUSE_ENV, [*MEGAMOE_OK, "--chunked-prefill-size", "131072"],
     [*MEGAMOE_OK, "--chunked-prefill-size", "65536"]),                                         # :205
    ("AM-E445", "muse", ({}, FP4_BF16_DISPATCH), MUSE_OK, MUSE_OK),   # :102, turned on by modelopt_fp4 when unset
    ("AM-E445", "muse", ({"SGLANG_MOE_NVFP4_DISPATCH": "1"}, FP4_BF16_DISPATCH), MUSE_OK, MUSE_OK),  # :102
    # kv_shard_hook.py
    ("AM-E446", "llama", NO_ENV, [*SHARD, "--tp", "2", "--attention-backend", "fa3"], [*SHARD, *GQA_CP]),  # :266
    ("AM-E446", "deepseek", NO_ENV, [*SHARD, "--attention-backend", "fa3"],
     [*SHARD, "--tp", "2", "--attention-backend", "fa3"]),                                     # :260
    ("AM-E446", "deepseek", NO_ENV, [*SHARD, "--tp", "2", "--attn-dp-size", "2", "--attention-backend", "fa3"],
     [*SHARD, "--tp", "2", "--attention-backend", "fa3"]),                                     # :254
    ("AM-E446", "llama", NO_ENV, [*SHARD, *GQA_CP, "--speculative-algorithm", "NGRAM"], [*SHARD, *GQA_CP]),  # :115
    ("AM-E446", "mllama", NO_ENV, [*SHARD, *GQA_CP], ["--tp", "2"]),                               # :223
    ("AM-E446", "llama4-chunked", NO_ENV, [*SHARD, *GQA_CP], ["--tp", "2"]),                       # :229
    ("AM-E446", "dsa", NO_ENV, [*SHARD, *GQA_CP], DSA_OK),                                         # :67
    ("AM-E446", "dsa", NO_ENV, [*DSA_OK[:-6]], DSA_OK),                                            # :51
    ("AM-E446", "dsa", NO_ENV, [*DSA_OK, "--enable-dsa-cache-layer-split"], DSA_OK),               # :61
    ("AM-E446", "dsa", NO_ENV, [*DSA_OK, "--enable-hierarchical-cache", "--hicache-io-backend", "direct"],
     [*DSA_OK, "--enable-hierarchical-cache"]),                                                 # :191
    ("AM-E446", "dsa", NO_ENV, [*DSA_OK, "--enable-hierarchical-cache", "--hicache-host-memory-mode", "buffer_only"],
     [*DSA_OK, "--enable-hierarchical-cache"]),                                                 # :186
    # hicache_hook.py:158
    ("AM-E448", "llama", NO_ENV, ["--enable-hierarchical-cache", "--tp", "4", "--dcp-size", "4"],
     ["--enable-hierarchical-cache", "--tp", "4"]),
    # cp_tp_group_sharing_hook.py
    ("AM-E449", "glm5-next", NO_ENV, ["--tp", "4", "--attn-dp-size", "2", *CP_GLM[4:]],
     ["--tp", "4", "--attn-cp-size", "2", *CP_GLM[4:]]),  # :37; SGLang widens an explicit CP 2 to tp (MLA CP)
    ("AM-E449", "glm5-next", NO_ENV, CP_QWEN, CP_GLM),                                             # :47
    ("AM-E449", "qwen4-exp", NO_ENV, [*CP_QWEN, "--speculative-algorithm", "NGRAM"], CP_QWEN),     # :55
    ("AM-E449", "glm5-next", NO_ENV, [*CP_GLM, "--speculative-algorithm", "NGRAM"],
     [*CP_GLM, "--speculative-algorithm", "DFLASH"]),                                          # :63
    ("AM-E449", "qwen4-exp", NO_ENV, [*CP_QWEN, "--enable-mixed-chunk"], CP_QWEN),                 # :99
    # :103, on the DSA variant: the MLA one gets --ep-size set to tp, which PD refuses first (:99)
    ("AM-E449", "glm5-next-dsa", ({"SGLANG_DISAGG_STAGING_BUFFER": "1"}, {}), [*CP_GLM, "--disaggregation-mode", "prefill",
     "--speculative-algorithm", "DFLASH"], [*CP_GLM, "--disaggregation-mode", "prefill",
                                             "--speculative-algorithm", "DFLASH"]),              # :103
    ("AM-E449", "qwen4-exp", NO_ENV, ["--tp", "8", "--attn-cp-size", "8", *CP_QWEN[4:]], CP_QWEN),  # :118 (12 key heads)
    # kv_cache_hook.py: the unified pool and the model
    ("AM-E450", "llama", NO_ENV, [*UNIFIED, "--speculative-algorithm", "EAGLE", "--speculative-eagle-topk", "1"],
     [*UNIFIED]),                                                                               # :610
    ("AM-E450", "llama", NO_ENV, [*UNIFIED, "--tp", "2", "--dcp-size", "2"], UNIFIED),             # :727
    ("AM-E450", "gpt-oss", NO_ENV, [*UNIFIED, "--tp", "2", "--dcp-size", "2"], UNIFIED),           # :733 (and :727)
    ("AM-E450", "qwen3-next", NO_ENV, [*UNIFIED, "--disaggregation-mode", "decode",
                                   "--disaggregation-decode-retraction-backup", "host_pool"],
     [*UNIFIED, "--disaggregation-mode", "decode"]),                                           # :584
    ("AM-E451", "llama", NO_ENV, [*UNIFIED, "--attention-backend", "torch_native"],
     [*UNIFIED, "--attention-backend", "fa3"]),                                                # :822
    ("AM-E451", "deepseek", NO_ENV, [*UNIFIED, "--attention-backend", "fa4"],
     [*UNIFIED, "--attention-backend", "flashmla"]),                                           # :822 (MLA)
    ("AM-E451", "deepseek", NO_ENV, [*UNIFIED, "--tp", "2", "--dcp-size", "2", "--attention-backend", "triton"],
     [*UNIFIED, "--tp", "2", "--dcp-size", "2", "--attention-backend", "trtllm_mla"]),         # :754
    ("AM-E451", "llama", NO_ENV, [*UNIFIED, "--speculative-algorithm", "DFLASH", "--attention-backend", "fa4"],
     [*UNIFIED, "--speculative-algorithm", "DFLASH", "--attention-backend", "fa3"]),           # :519
    ("AM-E451", "gpt-oss", NO_ENV, [*UNIFIED, "--speculative-algorithm", "EAGLE", "--attention-backend", "triton",
                                "--speculative-draft-attention-backend", "flashmla"],
     [*UNIFIED, "--speculative-algorithm", "EAGLE", "--attention-backend", "triton"]),         # :634
    ("AM-E452", "llama", NO_ENV, ["--kv-cache-dtype", "fp4_mx_block16", "--attention-backend", "fa3"],
     ["--kv-cache-dtype", "fp4_mx_block16", "--attention-backend", "triton"]),                 # :313
    ("AM-E452", "deepseek", NO_ENV, ["--kv-cache-dtype", "fp4_mx_block16", "--attention-backend", "triton"],
     ["--kv-cache-dtype", "fp4_mx_block16", "--attention-backend", "flashinfer"]),             # :302
    ("AM-E452", "llama", NO_ENV, ["--kv-cache-dtype", "fp4_mx_block16", "--prefill-attention-backend", "fa4",
                              "--decode-attention-backend", "fa3"],
     ["--kv-cache-dtype", "fp4_mx_block16", "--prefill-attention-backend", "fa4",
      "--decode-attention-backend", "triton"]),                                                 # :292
    ("AM-E452", "deepseek", NO_ENV, ["--kv-cache-dtype", "fp4_mx_block16", "--prefill-attention-backend", "fa4",
                                 "--decode-attention-backend", "triton"],
     ["--kv-cache-dtype", "fp4_mx_block16", "--prefill-attention-backend", "fa4",
      "--decode-attention-backend", "trtllm_mla"]),                                             # :282
]


@pytest.mark.parametrize("code, model, env, bad, good", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_each_check_breaks_and_holds(models, code, model, env, bad, good):
    def launch(argv):
        return ["--model-path", models[model], *argv]
    bad_env, good_env = env
    assert code in codes(run(launch(bad), target="cuda", env=bad_env)), bad
    assert code not in codes(run(launch(good), target="cuda", env=good_env)), good


def test_every_model_rule_is_exercised():
    from argmatrix.matrix.sglang_checks import kv_cache, sharding

    ported = {r.code for m in (layernorm_sp, cp_tp, kv_cache, sharding) for r in m.RULES if r.reads_model}
    assert ported == {c[0] for c in CASES}


def test_without_a_local_config_the_model_rules_stay_silent():
    c = run(["--model-path", "meta-llama/Llama-3.1-8B", *LNSP], target="cuda")
    assert "AM-E444" not in codes(c)


def test_the_message_names_the_architecture_in_both_languages(models):
    f = only(run(["--model-path", models["llama"], *LNSP], target="cuda"), "AM-E444")
    assert "LlamaForCausalLM" in f.message.en and "Qwen3ForCausalLM" in f.message.en
    assert "LlamaForCausalLM" in f.message.zh and "不支持" in f.message.zh
    f = only(run(["--model-path", models["glm5-next"], *CP_QWEN], target="cuda"), "AM-E449")
    assert "--cp-strategy interleave" in f.message.en and "--cp-strategy interleave" in f.message.zh
    assert "--cp-strategy interleave" in f.hint.en
