"""SGLang's start-up checks that read the CUDA GPU's generation (``is_sm90_supported``, ``is_sm100_supported``,
``is_blackwell``, ``torch.cuda.get_device_capability``), read from 0.5.23.

The cuda column stands for every NVIDIA generation, so these checks read the compute capability the launch is
checked for (``RuleContext.gpu``: ``--gpu-arch``, or what detection read from this machine's GPU).  Where it is
unknown they do not guess: one warning (AM-W499) names each launch choice SGLang accepts on some generations only,
and says how to tell argmatrix the GPU; AM-W499 is also the warning where a second unknown fact decides (the CUDA
release torch was built with).  A warning, not a skip: the launch is refused on the wrong GPU, and a
silent pass would read as "checked".

SGLang's predicates (utils/common.py) go by the capability's major: SM90 is 9.x, SM100 10.x (B200, GB200, B300),
SM120 12.x, Blackwell 10.x to 12.x; each also asks for a CUDA release (12.3 for SM90, 12.8 for Blackwell) that these
GPUs need to run SGLang at all, so the rules go by the GPU alone.  Only what the launch names is judged: a backend
left unset is picked by SGLang for the GPU it finds.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping

from ...records import record
from ...schema.meta import Text
from ..devices import GpuArch
from ..rules import Rule, RuleContext
from .common import a2a_backend, architecture, architectures, given, in_order, minimax_m3_nvfp4, sglang_source, target

GPU = frozenset({"gpu"})
CUTEDSL_MLA = ("cutedsl_mla", "tokenspeed_mla")  # tokenspeed_mla: SGLang's deprecated alias (serving_hook.py:304)


def prefill_backend(c: RuleContext) -> str | None:
    """The prefill attention backend the launch names (model_override_base.attention_backends_of)."""
    return c.prefill_attention_backend or c.attention_backend


def decode_backend(c: RuleContext) -> str | None:
    return c.decode_attention_backend or c.attention_backend


def named_backends(c: RuleContext) -> tuple[str, ...]:
    return tuple(str(b) for b in (c.attention_backend, c.prefill_attention_backend, c.decode_attention_backend) if b)


def skip_softmax_prefill(c: RuleContext) -> bool:
    """SGLANG_SKIP_SOFTMAX_PREFILL_THRESHOLD_SCALE_FACTOR above 0 (an EnvFloat; unset or unreadable: 0)."""
    try:
        return float(str(c.env.get("SGLANG_SKIP_SOFTMAX_PREFILL_THRESHOLD_SCALE_FACTOR", "0") or 0)) > 0
    except ValueError:
        return False


def native_nvfp4_prefill(c: RuleContext) -> bool:
    """NVFP4 KV whose prefill reads NVFP4 natively: asked for, or implied by a trtllm_mha prefill
    (kv_cache_hook.py handle_nvfp4_prefill_kv_dequant_dtype); left to SGLang, it picks fp8 off SM100."""
    return c.kv_cache_dtype == "nvfp4" and (c.prefill_kv_cache_dequant_dtype == "nvfp4" or (
        c.prefill_kv_cache_dequant_dtype == "auto" and prefill_backend(c) == "trtllm_mha"))


def linear_decode(c: RuleContext) -> str:
    return str(c.linear_attn_decode_backend or c.linear_attn_backend)


def linear_prefill(c: RuleContext) -> str:
    return str(c.linear_attn_prefill_backend or c.linear_attn_backend)


@record
class GenCheck:
    """One SGLang check over the GPU generation: ``asks`` says when the launch makes the choice it guards,
    ``accepts`` on which generations SGLang starts it, ``what`` names the choice and ``runs_on`` the generations
    (templates over the resolved values), ``fix`` what to do on another GPU."""

    asks: Callable[[RuleContext], bool]
    accepts: Callable[[GpuArch], bool]
    what: Text
    runs_on: Text
    fix: Text
    site: str


SM90_SM100_SM120 = Text("Hopper SM90, Blackwell SM100 or SM120", "Hopper SM90、Blackwell SM100 或 SM120")
SM100 = Text("datacenter Blackwell SM100/SM103 (B200, GB200, B300)",
             "数据中心级 Blackwell SM100/SM103（B200、GB200、B300）")
BLACKWELL = Text("Blackwell (SM100, SM110 or SM12x)", "Blackwell（SM100、SM110 或 SM12x）")
BELOW_SM100 = Text("GPUs older than SM100", "早于 SM100 的 GPU")

ATTENTION = (
    GenCheck(lambda c: "trtllm_mla" in (c.attention_backend, c.decode_attention_backend), lambda g: g.blackwell,
             Text("the trtllm_mla attention backend", "trtllm_mla 注意力后端"), BLACKWELL,
             Text("use another MLA backend, e.g. flashinfer or fa3 (flashmla on Hopper)",
                  "换用其他 MLA 后端，例如 flashinfer 或 fa3（Hopper 上可用 flashmla）"), "arg_groups/overrides.py:1211"),
    GenCheck(lambda c: any(b in CUTEDSL_MLA for b in named_backends(c)), lambda g: g.sm100,
             Text("the cutedsl_mla attention backend", "cutedsl_mla 注意力后端"), SM100,
             Text("use another decode backend, e.g. flashinfer or fa3", "换用其他解码后端，例如 flashinfer 或 fa3"),
             "arg_groups/overrides.py:1245"),
    GenCheck(lambda c: prefill_backend(c) == "trtllm_mha", lambda g: g.sm90 or g.sm100 or g.sm120,
             Text("the trtllm_mha prefill backend", "trtllm_mha 预填充后端"), SM90_SM100_SM120,
             Text("use another prefill backend, e.g. flashinfer or triton", "换用其他预填充后端，例如 flashinfer 或 triton"),
             "arg_groups/attention_hook.py:203"),
    GenCheck(lambda c: prefill_backend(c) == "trtllm_mha" and (c.kv_cache_dtype == "fp8_e4m3" or skip_softmax_prefill(c)),
             lambda g: not g.sm120,
             Text("the trtllm_mha prefill backend with an fp8_e4m3 KV cache or skip-softmax "
                  "(SGLANG_SKIP_SOFTMAX_PREFILL_THRESHOLD_SCALE_FACTOR)",
                  "trtllm_mha 预填充后端配合 fp8_e4m3 KV 缓存或 skip-softmax"
                  "（SGLANG_SKIP_SOFTMAX_PREFILL_THRESHOLD_SCALE_FACTOR）"),
             Text("GPUs other than SM120 (its FMHAv2 prefill has neither)", "SM120 以外的 GPU（SM120 的 FMHAv2 预填充两者都不支持）"),
             Text("use --kv-cache-dtype auto and leave the skip-softmax factor unset, or another prefill backend",
                  "改用 --kv-cache-dtype auto 且不设置 skip-softmax 系数，或换用其他预填充后端"),
             "arg_groups/attention_hook.py:218"),
    GenCheck(lambda c: decode_backend(c) == "trtllm_mha", lambda g: g.sm90 or g.sm100 or g.sm120,
             Text("the trtllm_mha decode backend", "trtllm_mha 解码后端"), SM90_SM100_SM120,
             Text("use another decode backend, e.g. flashinfer or triton", "换用其他解码后端，例如 flashinfer 或 triton"),
             "arg_groups/attention_hook.py:225"),
    GenCheck(lambda c: prefill_backend(c) == "trtllm_mha" and c.attn_cp_size > 1, lambda g: g.sm100,
             Text("prefill context parallelism (--attn-cp-size {attn_cp_size}) on the trtllm_mha prefill backend",
                  "在 trtllm_mha 预填充后端上做预填充上下文并行（--attn-cp-size {attn_cp_size}）"),
             Text("SM100 (only its trtllm-gen context kernel masks CP shards)", "SM100（只有它的 trtllm-gen 上下文算子支持 CP 分片掩码）"),
             Text("use --attn-cp-size 1, or another prefill backend", "改用 --attn-cp-size 1，或换用其他预填充后端"),
             "arg_groups/attention_hook.py:233"),
    GenCheck(lambda c: c.enable_deepseek_v4_fp4_indexer, lambda g: g.sm100 or g.sm120,
             Text("--enable-deepseek-v4-fp4-indexer", "--enable-deepseek-v4-fp4-indexer"),
             Text("SM100 or SM120 (FP4 indexer kernels)", "SM100 或 SM120（FP4 索引器算子）"),
             Text("drop --enable-deepseek-v4-fp4-indexer", "去掉 --enable-deepseek-v4-fp4-indexer"),
             "arg_groups/serving_hook.py:467"),
)

KV_CACHE = (
    GenCheck(native_nvfp4_prefill, lambda g: g.sm100,
             Text("native NVFP4 prefill (--kv-cache-dtype nvfp4 with --prefill-kv-cache-dequant-dtype nvfp4 or a "
                  "trtllm_mha prefill)", "原生 NVFP4 预填充（--kv-cache-dtype nvfp4 配合 "
                  "--prefill-kv-cache-dequant-dtype nvfp4 或 trtllm_mha 预填充）"), SM100,
             Text("use --prefill-kv-cache-dequant-dtype fp8_e4m3 without a prefill backend, or another --kv-cache-dtype",
                  "改用 --prefill-kv-cache-dequant-dtype fp8_e4m3 且不指定预填充后端，或换用其他 --kv-cache-dtype"),
             "arg_groups/kv_cache_hook.py:60"),
    GenCheck(lambda c: c.kv_cache_dtype == "nvfp4", lambda g: g.sm100 or g.sm120,
             Text("--kv-cache-dtype nvfp4", "--kv-cache-dtype nvfp4"),
             Text("Blackwell SM100 or SM120", "Blackwell SM100 或 SM120"),
             Text("use --kv-cache-dtype fp4_mx_block16 (the block-16 FP4 recipe) or fp8_e4m3",
                  "改用 --kv-cache-dtype fp4_mx_block16（块大小 16 的 FP4 方案）或 fp8_e4m3"),
             "arg_groups/kv_cache_hook.py:128"),
    GenCheck(lambda c: c.kv_cache_dtype == "mxfp8", lambda g: g.blackwell,
             Text("--kv-cache-dtype mxfp8", "--kv-cache-dtype mxfp8"), BLACKWELL,
             Text("use --kv-cache-dtype fp8_e4m3 or auto", "改用 --kv-cache-dtype fp8_e4m3 或 auto"),
             "arg_groups/kv_cache_hook.py:106"),
)

LINEAR_ATTENTION = (
    GenCheck(lambda c: c.enable_mamba_cache_stochastic_rounding and c.mamba_backend == "triton", lambda g: g.sm100,
             Text("--enable-mamba-cache-stochastic-rounding with --mamba-backend triton",
                  "--enable-mamba-cache-stochastic-rounding 配合 --mamba-backend triton"),
             Text("SM100 (it uses the cvt.rs PTX instruction)", "SM100（它使用 cvt.rs PTX 指令）"),
             Text("use --mamba-backend flashinfer, or drop --enable-mamba-cache-stochastic-rounding",
                  "改用 --mamba-backend flashinfer，或去掉 --enable-mamba-cache-stochastic-rounding"),
             "arg_groups/mamba_hook.py:45"),
    GenCheck(lambda c: linear_decode(c) == "flashinfer" and c.mamba_ssm_dtype != "bfloat16", lambda g: g.major < 10,
             Text("the flashinfer linear-attention decode backend with --mamba-ssm-dtype {mamba_ssm_dtype}",
                  "flashinfer 线性注意力解码后端配合 --mamba-ssm-dtype {mamba_ssm_dtype}"),
             Text("GPUs older than SM100 (from SM100 on it keeps the state in bfloat16 only)",
                  "早于 SM100 的 GPU（从 SM100 起它只以 bfloat16 保存状态）"),
             Text("use --mamba-ssm-dtype bfloat16", "改用 --mamba-ssm-dtype bfloat16"), "arg_groups/attention_hook.py:341"),
    GenCheck(lambda c: c.linear_attn_verify_backend == "flashinfer" and c.mamba_ssm_dtype != "bfloat16",
             lambda g: g.major < 10,
             Text("--linear-attn-verify-backend flashinfer with --mamba-ssm-dtype {mamba_ssm_dtype}",
                  "--linear-attn-verify-backend flashinfer 配合 --mamba-ssm-dtype {mamba_ssm_dtype}"),
             Text("GPUs older than SM100 (from SM100 on it keeps the state in bfloat16 only)",
                  "早于 SM100 的 GPU（从 SM100 起它只以 bfloat16 保存状态）"),
             Text("use --mamba-ssm-dtype bfloat16", "改用 --mamba-ssm-dtype bfloat16"), "arg_groups/attention_hook.py:373"),
)

MOE = (
    GenCheck(lambda c: a2a_backend(c) == "megamoe", lambda g: g.sm90 or g.sm100,
             Text("--moe-a2a-backend megamoe", "--moe-a2a-backend megamoe"),
             Text("SM90 (block-FP8 experts) or SM100 (MXFP4 / NVFP4 experts)", "SM90（块 FP8 专家）或 SM100（MXFP4 / NVFP4 专家）"),
             Text("use another --moe-a2a-backend, e.g. deepep", "换用其他 --moe-a2a-backend，例如 deepep"),
             "arg_groups/mega_moe_hook.py:43"),
    GenCheck(lambda c: a2a_backend(c) == "flashinfer_megamoe", lambda g: g.sm100,
             Text("--moe-a2a-backend flashinfer_megamoe", "--moe-a2a-backend flashinfer_megamoe"), SM100,
             Text("use another --moe-a2a-backend, e.g. deepep", "换用其他 --moe-a2a-backend，例如 deepep"),
             "arg_groups/moe_hook.py:336"),
    GenCheck(lambda c: c.quantization == "nvfp4_online", lambda g: g.sm100,
             Text("--quantization nvfp4_online", "--quantization nvfp4_online"), SM100,
             Text("use a quantization this GPU runs, e.g. fp8", "换用该 GPU 支持的量化方式，例如 fp8"),
             "arg_groups/overrides.py:1458"),
)

# Native NVFP4 KV on SM100: SGLang puts decode (and, unless the FP8 workspace is asked for, prefill) on trtllm_mha,
# whose physical block-scale layout the draft workers, transfer and host pools do not carry yet
# (kv_cache_hook.py handle_kv4_compatibility, uses_sm100_trtllm_nvfp4)
NATIVE_SPEC = ("EAGLE", "EAGLE3", "NEXTN", "NGRAM")


def spec(c: RuleContext) -> str | None:
    return str(c.speculative_algorithm).upper() if c.speculative_algorithm is not None else None


def _nvfp4(c: RuleContext) -> bool:
    return c.kv_cache_dtype == "nvfp4"


NOT_ON_SM100 = Text("GPUs other than SM100 (there NVFP4 runs on trtllm_mha's own block-scale layout)",
                    "SM100 以外的 GPU（SM100 上 NVFP4 使用 trtllm_mha 自己的块缩放布局）")
NVFP4_SM100 = (
    GenCheck(lambda c: _nvfp4(c) and spec(c) is not None and spec(c) not in NATIVE_SPEC, lambda g: not g.sm100,
             Text("--kv-cache-dtype nvfp4 with --speculative-algorithm {speculative_algorithm}",
                  "--kv-cache-dtype nvfp4 配合 --speculative-algorithm {speculative_algorithm}"), NOT_ON_SM100,
             Text("use EAGLE, EAGLE3, NEXTN or NGRAM, or another --kv-cache-dtype",
                  "改用 EAGLE、EAGLE3、NEXTN 或 NGRAM，或换用其他 --kv-cache-dtype"),
             "arg_groups/kv_cache_hook.py:172, :184"),
    GenCheck(lambda c: _nvfp4(c) and spec(c) == "NGRAM" and c.speculative_ngram_max_bfs_breadth != 1,
             lambda g: not g.sm100,
             Text("--kv-cache-dtype nvfp4 with NGRAM and --speculative-ngram-max-bfs-breadth "
                  "{speculative_ngram_max_bfs_breadth} (trtllm_mha verifies a linear chain only)",
                  "--kv-cache-dtype nvfp4 配合 NGRAM 与 --speculative-ngram-max-bfs-breadth "
                  "{speculative_ngram_max_bfs_breadth}（trtllm_mha 只能校验线性链）"), NOT_ON_SM100,
             Text("use --speculative-ngram-max-bfs-breadth 1", "改用 --speculative-ngram-max-bfs-breadth 1"),
             "arg_groups/kv_cache_hook.py:198"),
    GenCheck(lambda c: _nvfp4(c) and spec(c) not in (None, "NGRAM")
             and c.speculative_draft_attention_backend not in (None, "trtllm_mha"), lambda g: not g.sm100,
             Text("--kv-cache-dtype nvfp4 with --speculative-draft-attention-backend "
                  "{speculative_draft_attention_backend}", "--kv-cache-dtype nvfp4 配合 "
                  "--speculative-draft-attention-backend {speculative_draft_attention_backend}"), NOT_ON_SM100,
             Text("use --speculative-draft-attention-backend trtllm_mha, or leave it unset",
                  "改用 --speculative-draft-attention-backend trtllm_mha，或不设置"), "arg_groups/kv_cache_hook.py:226"),
    GenCheck(lambda c: _nvfp4(c) and c.disaggregation_mode != "null", lambda g: not g.sm100,
             Text("--kv-cache-dtype nvfp4 with PD disaggregation (--disaggregation-mode {disaggregation_mode})",
                  "--kv-cache-dtype nvfp4 配合 PD 分离（--disaggregation-mode {disaggregation_mode}）"), NOT_ON_SM100,
             Text("use --kv-cache-dtype fp8_e4m3 for a disaggregated deployment",
                  "PD 分离部署请改用 --kv-cache-dtype fp8_e4m3"), "arg_groups/kv_cache_hook.py:252"),
    GenCheck(lambda c: _nvfp4(c) and (c.enable_hierarchical_cache or c.enable_lmcache), lambda g: not g.sm100,
             Text("--kv-cache-dtype nvfp4 with the hierarchical cache or LMCache",
                  "--kv-cache-dtype nvfp4 配合分层缓存或 LMCache"), NOT_ON_SM100,
             Text("drop --enable-hierarchical-cache / --enable-lmcache, or use --kv-cache-dtype fp8_e4m3",
                  "去掉 --enable-hierarchical-cache / --enable-lmcache，或改用 --kv-cache-dtype fp8_e4m3"),
             "arg_groups/kv_cache_hook.py:260"),
)


def fa4_page(c: RuleContext) -> int:
    """The page size SGLang gives FA4 on SM100 for a model without MLA (overrides.py _fa4_page_constraint)."""
    return 1 if "DiffusionGemmaForBlockDiffusion" in architectures(c) else 128


def mixed_nvfp4_prefill_mode(c: RuleContext) -> bool:
    """NVFP4 KV with FlashInfer's FP8-workspace prefill and speculative decoding asked to verify in prefill mode:
    on SM100 SGLang verifies on the trtllm_mha decode kernel instead (kv_cache_hook.py:241)."""
    fp8_prefill = c.prefill_kv_cache_dequant_dtype == "fp8_e4m3" or (
        c.prefill_kv_cache_dequant_dtype == "auto" and prefill_backend(c) == "flashinfer")
    return bool(_nvfp4(c) and fp8_prefill and c.speculative_algorithm is not None
                and given(c, "speculative_attention_mode") and c.speculative_attention_mode == "prefill")


# SM100 and newer FlashInfer GDN prefill needs CUDA 13: a second fact, the CUDA release torch was built with, that
# argmatrix does not have (attention_hook.py:390)
CUDA13_PREFILL = GenCheck(lambda c: linear_prefill(c) == "flashinfer", lambda g: g.major < 10,
                          Text("the flashinfer linear-attention prefill backend", "flashinfer 线性注意力预填充后端"),
                          BELOW_SM100, Text("", ""), "arg_groups/attention_hook.py:390")

# Checks SGLang makes for some architectures only (they read c.model: rules with reads_model)
DETERMINISTIC_DEEPSEEK = ("DeepseekV2ForCausalLM", "DeepseekV3ForCausalLM", "DeepseekV32ForCausalLM",
                          "MistralLarge3ForCausalLM", "PixtralForConditionalGeneration", "GlmMoeDsaForCausalLM",
                          "Glm4MoeLiteForCausalLM", "Glm5NextForConditionalGeneration")  # attention_hook.py:625
MODEL_CHECKS = (
    GenCheck(lambda c: c.enable_deterministic_inference and c.attention_backend == "fa4"
             and architecture(c) in DETERMINISTIC_DEEPSEEK, lambda g: g.sm100 or g.sm110,
             Text("deterministic inference on the fa4 backend for {architecture} (absorbed MLA)",
                  "{architecture}（吸收式 MLA）在 fa4 后端上做确定性推理"),
             Text("SM100/SM110 (flash_attn.cute implements absorbed MLA only there)",
                  "SM100/SM110（flash_attn.cute 只在这些架构上实现了吸收式 MLA）"),
             Text("use --attention-backend triton or fa3", "改用 --attention-backend triton 或 fa3"),
             "arg_groups/attention_hook.py:649"),
    GenCheck(lambda c: c.qsa_indexer_dtype == "fp8_e4m3" and architecture(c) == "Qwen4ExpForConditionalGeneration",
             lambda g: g.sm90 or g.sm100,
             Text("--qsa-indexer-dtype fp8_e4m3 for {architecture}", "{architecture} 使用 --qsa-indexer-dtype fp8_e4m3"),
             Text("SM90 or SM100 (TileLang FP8 GEMMs)", "SM90 或 SM100（TileLang FP8 GEMM）"),
             Text("use --qsa-indexer-dtype auto", "改用 --qsa-indexer-dtype auto"),
             "arg_groups/model_overrides/qwen4_exp.py:82"),
    GenCheck(lambda c: architecture(c) == "MiniMaxM3SparseForConditionalGeneration" and minimax_m3_nvfp4(c)
             and spec(c) in ("DSPARK", "DFLASH"), lambda g: g.blackwell,
             Text("{speculative_algorithm} speculation on MiniMax-M3.1's NVFP4 checkpoint",
                  "MiniMax-M3.1 NVFP4 检查点上的 {speculative_algorithm} 投机解码"), BLACKWELL,
             Text("run it on a Blackwell GPU, or drop --speculative-algorithm", "请在 Blackwell GPU 上运行，或去掉 --speculative-algorithm"),
             "arg_groups/model_overrides/minimax_m3.py:68"),
    GenCheck(lambda c: c.dsv4_attn_backend == "trtllm" and architecture(c) == "DeepseekV4ForCausalLM",
             lambda g: g.sm100, Text("--dsv4-attn-backend trtllm", "--dsv4-attn-backend trtllm"), SM100,
             Text("use --dsv4-attn-backend auto or flashmla", "改用 --dsv4-attn-backend auto 或 flashmla"),
             "arg_groups/deepseek_v4_hook.py:104"),
)

EVERY_CHECK = (*ATTENTION, *KV_CACHE, *NVFP4_SM100, *LINEAR_ATTENTION, *MOE, CUDA13_PREFILL)


def _refused(checks: tuple[GenCheck, ...]) -> Callable[[RuleContext], GenCheck | None]:
    def first(c: RuleContext) -> GenCheck | None:
        if c.gpu is None:
            return None
        return next((k for k in checks if k.asks(c) and not k.accepts(c.gpu)), None)
    return first


def _model_words(c: RuleContext) -> dict[str, object]:
    return {"architecture": architecture(c)} if c.model is not None else {}


def _quoted(found: Callable[[RuleContext], GenCheck | None]) -> Callable[[RuleContext], Mapping[str, object]]:
    def extra(c: RuleContext) -> dict[str, object]:
        k = found(c)
        assert k is not None and c.gpu is not None  # extra runs only for a rule that fired
        shown = {**c.values, **_model_words(c)}
        return {"what_en": k.what.en.format_map(shown), "what_zh": k.what.zh.format_map(shown),
                "runs_en": k.runs_on.en, "runs_zh": k.runs_on.zh, "fix_en": k.fix.en, "fix_zh": k.fix.zh,
                "gpu": str(c.gpu), "capability": c.gpu.capability}
    return extra


def _rule(rule_id: str, code: str, fields: tuple[str, ...], checks: tuple[GenCheck, ...],
          reads_model: bool = False) -> Rule:
    found = _refused(checks)
    return Rule(rule_id, code, fields, lambda c: found(c) is not None,
                Text("{what_en} runs only on {runs_en}; this GPU is {gpu} (compute capability {capability}), so "
                     "SGLang refuses the launch at start-up",
                     "{what_zh} 只能在 {runs_zh} 上运行；该 GPU 为 {gpu}（计算能力 {capability}），SGLang 启动时会拒绝"),
                Text("{fix_en}, or run on such a GPU", "{fix_zh}，或在符合要求的 GPU 上运行"), families=GPU,
                source=sglang_source(", ".join(k.site for k in checks)), extra=_quoted(found), reads_model=reads_model)


def _unknown(c: RuleContext, checks: tuple[GenCheck, ...] = EVERY_CHECK) -> list[GenCheck]:
    return [k for k in checks if k.asks(c)] if c.gpu is None else []


def _unknown_listed(c: RuleContext, checks: tuple[GenCheck, ...] = EVERY_CHECK) -> dict[str, object]:
    shown = {**c.values, **_model_words(c)}
    hit = _unknown(c, checks)
    return {"asked_en": "; ".join(f"{k.what.en.format_map(shown)} (on {k.runs_on.en})" for k in hit),
            "asked_zh": "；".join(f"{k.what.zh.format_map(shown)}（限 {k.runs_on.zh}）" for k in hit)}


ATTENTION_FIELDS = ("attention_backend", "prefill_attention_backend", "decode_attention_backend", "kv_cache_dtype",
                    "attn_cp_size", "enable_deepseek_v4_fp4_indexer")
KV_FIELDS = ("kv_cache_dtype", "prefill_kv_cache_dequant_dtype", "prefill_attention_backend", "attention_backend")
LINEAR_FIELDS = ("enable_mamba_cache_stochastic_rounding", "linear_attn_decode_backend", "linear_attn_verify_backend",
                 "linear_attn_backend", "mamba_backend", "mamba_ssm_dtype")
MOE_FIELDS = ("moe_a2a_backend", "quantization", "enable_waterfill")
MODEL_FIELDS = ("attention_backend", "enable_deterministic_inference", "qsa_indexer_dtype", "dsv4_attn_backend",
                "speculative_algorithm")
NVFP4_FIELDS = ("kv_cache_dtype", "speculative_algorithm", "speculative_ngram_max_bfs_breadth",
                "speculative_draft_attention_backend", "disaggregation_mode", "enable_hierarchical_cache",
                "enable_lmcache")

RULES: list[Rule] = [
    _rule("attention-backend-gpu-generation", "AM-E490", ATTENTION_FIELDS, ATTENTION),
    _rule("kv-cache-dtype-gpu-generation", "AM-E491", KV_FIELDS, KV_CACHE),
    _rule("linear-attention-gpu-generation", "AM-E492", LINEAR_FIELDS, LINEAR_ATTENTION),
    _rule("moe-gpu-generation", "AM-E493", MOE_FIELDS, MOE),
    _rule("native-nvfp4-on-sm100", "AM-E494", NVFP4_FIELDS, NVFP4_SM100),
    _rule("model-gpu-generation", "AM-E495", MODEL_FIELDS, MODEL_CHECKS, reads_model=True),
    Rule("model-gpu-generation-unknown", "AM-W499", MODEL_FIELDS,
         lambda c: bool(_unknown(c, MODEL_CHECKS)),
         Text("SGLang accepts these for this model only on some GPU generations, and argmatrix does not know this "
              "GPU's: {asked_en}", "以下选择对该模型 SGLang 只在部分 GPU 代际上接受，而 argmatrix 不知道该 GPU 属于哪一代："
              "{asked_zh}"),
         Text("pass --gpu-arch (e.g. sm90 for H100/H200, sm100 for B200) so argmatrix can check them",
              "请用 --gpu-arch 指定（如 H100/H200 为 sm90，B200 为 sm100），以便 argmatrix 检查"),
         families=GPU, severity="warning", reads_model=True, extra=lambda c: _unknown_listed(c, MODEL_CHECKS),
         source=sglang_source(", ".join(k.site for k in MODEL_CHECKS))),
    Rule("native-nvfp4-verify-mode-on-sm100", "AM-W496", ("speculative_attention_mode", "kv_cache_dtype"),
         lambda c: c.gpu is not None and c.gpu.sm100 and mixed_nvfp4_prefill_mode(c),
         Text("--speculative-attention-mode prefill with an NVFP4 KV cache and FlashInfer's FP8 prefill on {gpu}: "
              "SGLang verifies drafts on the trtllm_mha decode kernel and replaces it by decode",
              "在 {gpu} 上，NVFP4 KV 缓存配合 FlashInfer 的 FP8 预填充时设置了 --speculative-attention-mode prefill："
              "SGLang 会改在 trtllm_mha 解码算子上校验草稿，并将其替换为 decode"),
         Text("drop --speculative-attention-mode, or set it to decode", "去掉 --speculative-attention-mode，或设为 decode"),
         families=GPU, severity="warning", source=sglang_source("arg_groups/kv_cache_hook.py:241"),
         extra=lambda c: {"gpu": str(c.gpu)}),
    Rule("fa4-page-size-on-sm100", "AM-W497", ("page_size", "attention_backend", "prefill_attention_backend",
                                                "decode_attention_backend"),
         lambda c: c.gpu is not None and c.gpu.sm100 and "fa4" in named_backends(c) and target(c).mla is None
         and (c.speculative_eagle_topk or 0) <= 1 and given(c, "page_size") and c.page_size != fa4_page(c),
         Text("--page-size {page_size} with the fa4 attention backend on {gpu}: SGLang replaces it by {fa4_page} "
              "(FA4 runs models without MLA at that page size)",
              "在 {gpu} 上使用 fa4 注意力后端时设置了 --page-size {page_size}：SGLang 会将其替换为 {fa4_page}"
              "（FA4 对不使用 MLA 的模型只支持该页大小）"),
         Text("use --page-size {fa4_page}, or drop --page-size", "改用 --page-size {fa4_page}，或去掉 --page-size"),
         families=GPU, severity="warning", source=sglang_source("arg_groups/overrides.py:1293"), reads_model=True,
         extra=lambda c: {"gpu": str(c.gpu), "fa4_page": fa4_page(c)}),
    Rule("linear-prefill-flashinfer-needs-cuda-13", "AM-W499", ("linear_attn_prefill_backend", "linear_attn_backend"),
         lambda c: c.gpu is not None and CUDA13_PREFILL.asks(c) and not CUDA13_PREFILL.accepts(c.gpu),
         Text("the flashinfer linear-attention prefill backend on {gpu} needs torch built with CUDA 13 or newer, "
              "which argmatrix cannot see: SGLang refuses the launch at start-up under an older CUDA",
              "在 {gpu} 上，flashinfer 线性注意力预填充后端要求 torch 基于 CUDA 13 或更新版本构建，argmatrix 无法得知"
              "这一点：CUDA 较旧时 SGLang 启动时会拒绝"),
         Text("check torch.version.cuda on the machine, or use --linear-attn-prefill-backend triton",
              "请在该机器上确认 torch.version.cuda，或改用 --linear-attn-prefill-backend triton"),
         families=GPU, severity="warning", source=sglang_source(CUDA13_PREFILL.site),
         extra=lambda c: {"gpu": str(c.gpu)}),
    Rule("gpu-generation-unknown", "AM-W499",
         tuple(in_order((*ATTENTION_FIELDS, *KV_FIELDS, *LINEAR_FIELDS, "linear_attn_prefill_backend", *MOE_FIELDS,
                         *NVFP4_FIELDS, "enable_deepseek_v4_fp4_indexer"))),
         lambda c: bool(_unknown(c)),
         Text("SGLang accepts these only on some GPU generations, and argmatrix does not know this GPU's: {asked_en}",
              "以下选择 SGLang 只在部分 GPU 代际上接受，而 argmatrix 不知道该 GPU 属于哪一代：{asked_zh}"),
         Text("pass --gpu-arch (e.g. sm90 for H100/H200, sm100 for B200) so argmatrix can check them, or run "
              "check-config on the GPU machine, where detection reads it",
              "请用 --gpu-arch 指定（如 H100/H200 为 sm90，B200 为 sm100），以便 argmatrix 检查；或在 GPU 机器上运行 "
              "check-config，由检测读取"),
         families=GPU, severity="warning", extra=_unknown_listed,
         source=sglang_source(", ".join(k.site for k in EVERY_CHECK))),
]
