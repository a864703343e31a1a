"""SGLang's start-up checks for DeepSeek-V4 and V4.1 checkpoints (``arg_groups/deepseek_v4_hook.py``), read from
0.5.23.

SGLang runs them only when the checkpoint's architecture is ``DeepseekV4ForCausalLM`` (V4.1 checkpoints name it
too, and say ``model_type: deepseek_v41``), so every rule here reads the model's config.json (``reads_model``).
On that architecture SGLang fixes the page size (256, 128 on Ascend) and fills in ``--max-running-requests 256``
when the launch leaves it unset; the checks read those values.
"""
from __future__ import annotations

from ...schema.meta import Text
from ..rules import Rule, RuleContext
from .common import (
    Problem,
    a2a_backend,
    architecture,
    attn_dp,
    chunk_per_rank,
    env_true,
    family,
    first_problem,
    problem_text,
    sglang_source,
    target,
)

DSV4_ARCHITECTURES = ("DeepseekV4ForCausalLM", "DeepseekV41ForCausalLM")  # V4.1's name is read as V4's


def dsv4(c: RuleContext) -> bool:
    return architecture(c) in DSV4_ARCHITECTURES


def v41(c: RuleContext) -> bool:
    """A DeepSeek-V4.1 checkpoint: SGLang reads its config through DeepseekV41Config (model_type deepseek_v41)."""
    return dsv4(c) and target(c).raw.get("model_type") == "deepseek_v41"


def prefill_graph(c: RuleContext) -> bool:
    """A prefill CUDA graph other than breakable or disabled: SGLang turns the breakable one (its default) off on
    DeepSeek-V4 and keeps what the launch names."""
    return c.cuda_graph_backend_prefill in ("full", "tc_piecewise") and not c.disable_cuda_graph


def page_size(c: RuleContext) -> int:
    """The page size SGLang sets for DeepSeek-V4 (model_overrides/deepseek_v4.py), over any --page-size."""
    return 128 if family(c) == "npu" else 256


def replay_min_chunk(c: RuleContext) -> int:
    return 128 + page_size(c)


TRTLLM: list[Problem] = [
    (lambda c: c.kv_cache_dtype not in ("auto", "fp8_e4m3"),
     Text("it needs the FP8 KV cache (--kv-cache-dtype fp8_e4m3 or auto), not --kv-cache-dtype {kv_cache_dtype}",
          "它需要 FP8 KV 缓存（--kv-cache-dtype fp8_e4m3 或 auto），不能使用 --kv-cache-dtype {kv_cache_dtype}")),
    (lambda c: c.enable_hisparse, Text("it does not support --enable-hisparse", "它不支持 --enable-hisparse")),
    (lambda c: c.attn_cp_size > 1 or c.dcp_size > 1 or c.enable_prefill_cp,
     Text("it does not support context parallelism (--enable-prefill-cp, --attn-cp-size or --dcp-size above 1)",
          "它不支持上下文并行（--enable-prefill-cp、大于 1 的 --attn-cp-size 或 --dcp-size）")),
    (lambda c: c.disaggregation_mode != "null",
     Text("it does not support PD disaggregation yet (--disaggregation-mode {disaggregation_mode})",
          "它暂不支持 PD 分离（--disaggregation-mode {disaggregation_mode}）")),
    (lambda c: c.chunked_prefill_size is not None and c.chunked_prefill_size <= 0,
     Text("it needs chunked prefill (its semaphore buffer is sized from the chunk), not --chunked-prefill-size "
          "{chunked_prefill_size}", "它需要分块预填充（其信号量缓冲区按分块大小分配），不能使用 --chunked-prefill-size "
          "{chunked_prefill_size}")),
]

SPECULATIVE: list[Problem] = [
    (lambda c: c.speculative_algorithm not in ("EAGLE", "DSPARK"),
     Text("it runs only the EAGLE and DSPARK speculative algorithms, not --speculative-algorithm "
          "{speculative_algorithm}", "它只支持 EAGLE 与 DSPARK 投机算法，不支持 --speculative-algorithm "
          "{speculative_algorithm}")),
    (lambda c: c.speculative_algorithm == "EAGLE" and c.speculative_eagle_topk != 1,
     Text("EAGLE runs on it only with --speculative-eagle-topk 1 (SGLang does not fill it in here), not "
          "{speculative_eagle_topk}", "其上的 EAGLE 只支持 --speculative-eagle-topk 1（此处 SGLang 不会自动补齐），"
          "当前为 {speculative_eagle_topk}")),
]

CP_A2A = ("none", "deepep", "megamoe", "mori")
PREFILL_CP: list[Problem] = [
    (lambda c: c.cp_strategy not in ("interleave", "zigzag"),
     Text("it needs --cp-strategy interleave or zigzag, and the launch names none",
          "它需要 --cp-strategy interleave 或 zigzag，而启动命令未指定")),
    (lambda c: c.cp_strategy == "zigzag" and family(c) != "npu",
     Text("--cp-strategy zigzag runs only on Ascend; GPUs reorder tokens the interleave way",
          "--cp-strategy zigzag 只能在昇腾上运行；GPU 按 interleave 顺序重排词元")),
    (lambda c: family(c) != "npu" and c.attn_dp_size * c.dp_size != 1,
     Text("off Ascend it does not run with attention data parallelism (--attn-dp-size {attn_dp_size}, --dp-size "
          "{dp_size})", "在昇腾以外的平台上不能与注意力数据并行同用（--attn-dp-size {attn_dp_size}、--dp-size {dp_size}）")),
    (lambda c: family(c) != "npu" and c.tp_size > 8,
     Text("off Ascend it runs on one machine only (--tp-size 8 at most, not {tp_size})",
          "在昇腾以外的平台上只能在单机运行（--tp-size 至多 8，当前为 {tp_size}）")),
    (lambda c: a2a_backend(c) not in CP_A2A,
     Text("it takes --moe-a2a-backend none, deepep, megamoe or mori, not {a2a}",
          "它只支持 --moe-a2a-backend none、deepep、megamoe 或 mori，不支持 {a2a}")),
]

ENCODER_REPLAY: list[Problem] = [
    (lambda c: not v41(c), Text("it is for DeepSeek-V4.1 checkpoints (model_type deepseek_v41), and this one is "
                                "{model_type}", "它仅用于 DeepSeek-V4.1 权重（model_type 为 deepseek_v41），而该模型为 "
                                "{model_type}")),
    (lambda c: family(c) != "gpu", Text("it runs on CUDA GPUs only", "它只能在 CUDA GPU 上运行")),
    (prefill_graph, Text("it does not support the prefill CUDA graph --cuda-graph-backend-prefill "
                         "{cuda_graph_backend_prefill} (breakable or disabled only)",
                         "它不支持预填充 CUDA Graph --cuda-graph-backend-prefill {cuda_graph_backend_prefill}（只支持 "
                         "breakable 或 disabled）")),
    (lambda c: c.attn_cp_size > 1, Text("it does not support context parallelism (--attn-cp-size {attn_cp_size})",
                                        "它不支持上下文并行（--attn-cp-size {attn_cp_size}）")),
    (lambda c: c.enable_unified_memory, Text("it does not support --enable-unified-memory",
                                             "它不支持 --enable-unified-memory")),
    (lambda c: c.disaggregation_mode == "decode", Text("a PD decode server never replays (it receives the window "
                                                       "from prefill)", "PD 解码服务从不重放（窗口由预填充端传来）")),
    (lambda c: c.enable_mixed_chunk, Text("it does not support --enable-mixed-chunk", "它不支持 --enable-mixed-chunk")),
    (lambda c: c.enable_lora, Text("it does not support LoRA (--enable-lora)", "它不支持 LoRA（--enable-lora）")),
    (lambda c: c.enable_session_radix_cache, Text("it does not support --enable-session-radix-cache",
                                                  "它不支持 --enable-session-radix-cache")),
    (lambda c: c.max_running_requests is not None and c.max_running_requests <= 0,
     Text("it needs --max-running-requests above 0, not {max_running_requests}",
          "它需要大于 0 的 --max-running-requests，当前为 {max_running_requests}")),
    (lambda c: c.chunked_prefill_size is not None and chunk_per_rank(c) < replay_min_chunk(c),
     Text("it needs at least {min_chunk} chunked-prefill tokens per attention-DP rank (128 replay tokens and one "
          "page of {page}); --chunked-prefill-size {chunked_prefill_size} gives {per_rank}",
          "它要求每个注意力数据并行 rank 至少有 {min_chunk} 个分块预填充词元（128 个重放词元加一页 {page}）；"
          "--chunked-prefill-size {chunked_prefill_size} 只给出 {per_rank}")),
]


def _replay_numbers(c: RuleContext) -> dict[str, object]:
    per_rank = chunk_per_rank(c) if c.chunked_prefill_size is not None else None
    page = page_size(c)
    pages = -(-replay_min_chunk(c) // page)  # a chunk is a whole number of pages (validation_hook.py:244)
    return {"model_type": target(c).raw.get("model_type"), "page": page, "min_chunk": replay_min_chunk(c),
            "per_rank": per_rank, "ok_chunk": pages * page * attn_dp(c)}


V41_UNSUPPORTED: list[Problem] = [
    (lambda c: c.dsv4_attn_backend == "trtllm" and prefill_graph(c),
     Text("--dsv4-attn-backend trtllm with the prefill CUDA graph --cuda-graph-backend-prefill "
          "{cuda_graph_backend_prefill} (breakable or disabled only)",
          "--dsv4-attn-backend trtllm 与预填充 CUDA Graph --cuda-graph-backend-prefill {cuda_graph_backend_prefill} 同用"
          "（只支持 breakable 或 disabled）")),
    (lambda c: c.speculative_algorithm is not None and str(c.speculative_algorithm).upper() != "DSPARK",
     Text("speculative decoding other than DSPARK (--speculative-algorithm {speculative_algorithm})",
          "DSPARK 以外的投机解码（--speculative-algorithm {speculative_algorithm}）")),
    (lambda c: c.enable_hisparse, Text("HiSparse (--enable-hisparse)", "HiSparse（--enable-hisparse）")),
    (lambda c: c.dsv4_attn_backend == "trtllm" and c.enable_encoder_swa_bounded_replay,
     Text("--dsv4-attn-backend trtllm with --enable-encoder-swa-bounded-replay",
          "--dsv4-attn-backend trtllm 与 --enable-encoder-swa-bounded-replay 同用")),
    (lambda c: c.enable_two_batch_overlap, Text("two-batch overlap (--enable-two-batch-overlap)",
                                                "双批次重叠（--enable-two-batch-overlap）")),
    (lambda c: c.pp_size > 1, Text("pipeline parallelism (--pp-size {pp_size})", "流水线并行（--pp-size {pp_size}）")),
]


def _ragged_verify_mode(c: RuleContext) -> str:
    return str(c.env.get("SGLANG_RAGGED_VERIFY_MODE", "static"))


def _prefill_cp_supported(c: RuleContext) -> bool:
    return c.disaggregation_mode == "prefill" and c.enable_prefill_cp and c.cp_strategy == "interleave"


DSPARK_PD: list[Problem] = [
    (lambda c: _ragged_verify_mode(c) != "static",
     Text("static verification (SGLANG_RAGGED_VERIFY_MODE static, not {mode})",
          "静态验证（SGLANG_RAGGED_VERIFY_MODE 为 static，而不是 {mode}）")),
    (lambda c: c.disaggregation_transfer_backend not in ("mooncake", "nixl"),
     Text("--disaggregation-transfer-backend mooncake or nixl, not {disaggregation_transfer_backend}",
          "--disaggregation-transfer-backend mooncake 或 nixl，而不是 {disaggregation_transfer_backend}")),
    (lambda c: (c.enable_prefill_cp or c.attn_cp_size != 1) and not _prefill_cp_supported(c),
     Text("no context parallelism on decode, and on prefill only --enable-prefill-cp --cp-strategy interleave",
          "解码端不使用上下文并行，预填充端只能使用 --enable-prefill-cp --cp-strategy interleave")),
    (lambda c: c.dcp_size != 1, Text("--dcp-size 1, not {dcp_size}", "--dcp-size 1，而不是 {dcp_size}")),
]


def _dp_attention_unsupported(c: RuleContext) -> bool:
    return attn_dp(c) > 1 and not (attn_dp(c) == c.tp_size and c.attn_cp_size == 1 and family(c) == "gpu"
                                   and a2a_backend(c) in ("none", "megamoe"))


DECODER_REPLAY: list[Problem] = [
    (prefill_graph, Text("the prefill CUDA graph --cuda-graph-backend-prefill {cuda_graph_backend_prefill} "
                         "(breakable or disabled only)", "预填充 CUDA Graph --cuda-graph-backend-prefill "
                         "{cuda_graph_backend_prefill}（只支持 breakable 或 disabled）")),
    (_dp_attention_unsupported,
     Text("attention DP other than one group per rank (--attn-dp-size equal to --tp-size {tp_size}, no attention "
          "CP, --moe-a2a-backend none or megamoe, on CUDA)", "除每个 rank 一组以外的注意力数据并行（需 --attn-dp-size 等于 "
          "--tp-size {tp_size}、不使用注意力上下文并行、--moe-a2a-backend 为 none 或 megamoe，且在 CUDA 上）")),
]


RULES: list[Rule] = [
    Rule("dsv4-trtllm-needs", "AM-E430",
         ("dsv4_attn_backend", "kv_cache_dtype", "enable_hisparse", "enable_prefill_cp", "disaggregation_mode",
          "chunked_prefill_size"),
         lambda c: dsv4(c) and c.dsv4_attn_backend == "trtllm" and first_problem(c, TRTLLM) is not None,
         Text("--dsv4-attn-backend trtllm on DeepSeek-V4: {why_en}; SGLang refuses it at start-up",
              "DeepSeek-V4 上的 --dsv4-attn-backend trtllm：{why_zh}；SGLang 会在启动时拒绝"),
         Text("drop what it does not support, or use --dsv4-attn-backend flashmla",
              "去掉它不支持的设置，或改用 --dsv4-attn-backend flashmla"),
         source=sglang_source("arg_groups/deepseek_v4_hook.py:108, :112, :115, :123, :129"),
         extra=problem_text(TRTLLM), reads_model=True),
    Rule("dsv4-speculative", "AM-E431", ("speculative_algorithm", "speculative_eagle_topk"),
         lambda c: dsv4(c) and c.speculative_algorithm is not None and first_problem(c, SPECULATIVE) is not None,
         Text("speculative decoding on DeepSeek-V4: {why_en}; SGLang refuses it at start-up",
              "DeepSeek-V4 上的投机解码：{why_zh}；SGLang 会在启动时拒绝"),
         Text("use --speculative-algorithm EAGLE --speculative-eagle-topk 1 (or DSPARK)",
              "改用 --speculative-algorithm EAGLE --speculative-eagle-topk 1（或 DSPARK）"),
         source=sglang_source("arg_groups/deepseek_v4_hook.py:149, :156"), extra=problem_text(SPECULATIVE),
         reads_model=True),
    Rule("dsv4-prefill-cp-needs", "AM-E432",
         ("enable_prefill_cp", "cp_strategy", "attn_dp_size", "tp_size", "moe_a2a_backend"),
         lambda c: dsv4(c) and c.enable_prefill_cp and first_problem(c, PREFILL_CP) is not None,
         Text("--enable-prefill-cp on DeepSeek-V4: {why_en}; SGLang refuses it at start-up",
              "DeepSeek-V4 上的 --enable-prefill-cp：{why_zh}；SGLang 会在启动时拒绝"),
         Text("use --enable-prefill-cp --cp-strategy interleave with --tp-size 8 or less, no attention DP and "
              "--moe-a2a-backend none, deepep, megamoe or mori", "使用 --enable-prefill-cp --cp-strategy interleave，"
              "--tp-size 不超过 8，不使用注意力数据并行，并且 --moe-a2a-backend 为 none、deepep、megamoe 或 mori"),
         source=sglang_source("arg_groups/deepseek_v4_hook.py:168, :173, :223, :226, :231"),
         extra=problem_text(PREFILL_CP, lambda c: {"a2a": a2a_backend(c)}), reads_model=True),
    Rule("dsv4-prefill-cp-sparse-prefill-off", "AM-W433", ("enable_prefill_cp",),
         lambda c: dsv4(c) and not v41(c) and c.enable_prefill_cp and first_problem(c, PREFILL_CP) is None
         and env_true(c, "SGLANG_OPT_FLASHMLA_SPARSE_PREFILL"),
         Text("SGLANG_OPT_FLASHMLA_SPARSE_PREFILL is on, but with --enable-prefill-cp on a DeepSeek-V4 (not V4.1) "
              "checkpoint SGLang turns FlashMLA sparse prefill off and starts",
              "设置了 SGLANG_OPT_FLASHMLA_SPARSE_PREFILL，但在 DeepSeek-V4（非 V4.1）权重上使用 --enable-prefill-cp 时，"
              "SGLang 会关闭 FlashMLA 稀疏预填充后继续启动"),
         Text("drop SGLANG_OPT_FLASHMLA_SPARSE_PREFILL (it has no effect here), or drop --enable-prefill-cp",
              "去掉 SGLANG_OPT_FLASHMLA_SPARSE_PREFILL（此时它不起作用），或去掉 --enable-prefill-cp"),
         severity="warning", source=sglang_source("arg_groups/deepseek_v4_hook.py:242"), reads_model=True),
    Rule("dsv4-encoder-swa-replay", "AM-E434",
         ("enable_encoder_swa_bounded_replay", "cuda_graph_backend_prefill", "chunked_prefill_size",
          "max_running_requests"),
         lambda c: dsv4(c) and c.enable_encoder_swa_bounded_replay and first_problem(c, ENCODER_REPLAY) is not None,
         Text("--enable-encoder-swa-bounded-replay: {why_en}; SGLang refuses it at start-up",
              "--enable-encoder-swa-bounded-replay：{why_zh}；SGLang 会在启动时拒绝"),
         Text("drop --enable-encoder-swa-bounded-replay, or serve a DeepSeek-V4.1 checkpoint on CUDA with "
              "--chunked-prefill-size {ok_chunk} or more and without the settings it does not support",
              "去掉 --enable-encoder-swa-bounded-replay，或在 CUDA 上以 --chunked-prefill-size {ok_chunk} 及以上运行 "
              "DeepSeek-V4.1 权重，并去掉它不支持的设置"),
         source=sglang_source("arg_groups/deepseek_v4_hook.py:278, :263, :329"),
         extra=problem_text(ENCODER_REPLAY, _replay_numbers), reads_model=True),
    Rule("dsv41-features-not-yet", "AM-E435",
         ("speculative_algorithm", "enable_hisparse", "enable_two_batch_overlap", "pp_size", "dsv4_attn_backend"),
         lambda c: v41(c) and first_problem(c, V41_UNSUPPORTED) is not None,
         Text("DeepSeek-V4.1 does not support {why_en} yet; SGLang refuses it at start-up",
              "DeepSeek-V4.1 暂不支持{why_zh}；SGLang 会在启动时拒绝"),
         Text("drop it to serve this checkpoint", "去掉该设置后再运行此权重"),
         source=sglang_source("arg_groups/deepseek_v4_hook.py:287, :350"), extra=problem_text(V41_UNSUPPORTED),
         reads_model=True),
    Rule("dsv41-dspark-pd", "AM-E436",
         ("disaggregation_mode", "disaggregation_transfer_backend", "enable_prefill_cp", "dcp_size"),
         lambda c: v41(c) and c.disaggregation_mode != "null" and c.speculative_algorithm is not None
         and first_problem(c, DSPARK_PD) is not None,
         Text("DeepSeek-V4.1 with speculative decoding under PD disaggregation needs {why_en}; SGLang refuses it "
              "at start-up", "DeepSeek-V4.1 在 PD 分离下使用投机解码需要{why_zh}；SGLang 会在启动时拒绝"),
         Text("use --disaggregation-transfer-backend mooncake, --dcp-size 1, static verification and, on prefill "
              "only, --enable-prefill-cp --cp-strategy interleave", "使用 --disaggregation-transfer-backend mooncake、"
              "--dcp-size 1 与静态验证；上下文并行只在预填充端以 --enable-prefill-cp --cp-strategy interleave 使用"),
         source=sglang_source("arg_groups/deepseek_v4_hook.py:376"),
         extra=problem_text(DSPARK_PD, lambda c: {"mode": _ragged_verify_mode(c)}), reads_model=True),
    Rule("dsv41-decoder-swa-replay", "AM-E437",
         ("enable_decoder_swa_bounded_replay", "cuda_graph_backend_prefill", "attn_dp_size"),
         lambda c: v41(c) and c.enable_decoder_swa_bounded_replay is True
         and first_problem(c, DECODER_REPLAY) is not None,
         Text("--enable-decoder-swa-bounded-replay does not run with {why_en} yet; SGLang refuses it at start-up",
              "--enable-decoder-swa-bounded-replay 暂不能与{why_zh}同用；SGLang 会在启动时拒绝"),
         Text("drop --enable-decoder-swa-bounded-replay (SGLang then decides it), or drop what it does not run with",
              "去掉 --enable-decoder-swa-bounded-replay（由 SGLang 自行决定），或去掉与之冲突的设置"),
         source=sglang_source("arg_groups/deepseek_v4_hook.py:409"), extra=problem_text(DECODER_REPLAY),
         reads_model=True),
]
