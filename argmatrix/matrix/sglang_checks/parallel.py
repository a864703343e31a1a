"""SGLang's start-up checks on decode context parallelism, MoE data parallelism, shared-expert TP, DWDP, elastic EP,
expert dispatch and the LM head (``arg_groups/parallel_hook.py``, ``arg_groups/overrides.py``), read from 0.5.23."""
from __future__ import annotations

from ...schema.meta import Text
from ..rules import Rule, RuleContext
from .common import (
    Need,
    Problem,
    a2a_backend,
    architecture,
    as_mapping,
    attn_dp,
    attn_tp,
    broken_needs,
    ep_size,
    family,
    first_problem,
    given,
    needs_listed,
    problem_text,
    sglang_source,
    target,
    tp_per_attn_dp,
)

A2A_WITH_EP = ("deepep", "megamoe", "mooncake", "ascend_fuseep", "mori")


def dcp_comm_backend(c: RuleContext) -> str:
    """--dcp-comm-backend as SGLang resolves it when unset (overrides.py _dcp_comm_backend_default): ag_rs without
    DCP; with DCP fi_a2a or a2a on CUDA (both all-to-all), ag_rs on Ascend and CPU."""
    if c.dcp_comm_backend is not None:
        return str(c.dcp_comm_backend)
    if c.dcp_size <= 1:
        return "ag_rs"
    return "a2a" if family(c) == "gpu" else "ag_rs"


def elastic_on(c: RuleContext) -> bool:
    return c.elastic_ep_backend not in (None, "none")


REPLICATE_Q_NEEDS = (
    Need(lambda c: c.dcp_size <= 1, "decode context parallelism (--dcp-size above 1)", "解码上下文并行（--dcp-size 大于 1）"),
    Need(lambda c: c.dcp_size > 1 and dcp_comm_backend(c) not in ("a2a", "fi_a2a"),
         "the a2a or fi_a2a DCP backend, whose Q all-gather it removes (ag_rs is what Ascend and CPU pick when unset)",
         "a2a 或 fi_a2a 解码上下文并行后端（它省去的正是这类后端的 Q all-gather；未设置时昇腾与 CPU 选用 ag_rs）"),
)

MOE_DP_NEEDS = (
    Need(lambda c: c.tp_size % c.moe_dp_size != 0, "--tp-size {tp_size} a multiple of it", "--tp-size {tp_size} 是它的整数倍"),
    Need(lambda c: c.pp_size != 1, "--pp-size 1 (no pipeline parallelism)", "--pp-size 1（不能使用流水线并行）"),
    Need(lambda c: ep_size(c) * c.moe_dp_size > c.tp_size or (ep_size(c) > 1 and ep_size(c) * c.moe_dp_size != c.tp_size),
         "--ep-size x --moe-dp-size equal to --tp-size {tp_size} (without expert parallelism, at most it)",
         "--ep-size × --moe-dp-size 等于 --tp-size {tp_size}（不使用专家并行时不超过它）"),
    Need(lambda c: c.attn_cp_size != c.moe_dp_size, "--attn-cp-size equal to it", "--attn-cp-size 与它相等"),
)

SHARED_EXPERTS_TP_NEEDS = (
    Need(lambda c: str(c.model_path or "").startswith("instance://"),
         "a model path SGLang can read a Kimi-K3 config from (not an instance:// connector)",
         "SGLang 能读取 Kimi-K3 配置的模型路径（不能是 instance:// 连接器）"),
    Need(lambda c: c.shared_experts_tp_size is not None and attn_tp(c) % c.shared_experts_tp_size != 0,
         "a divisor of the attention TP size (tp / (attention DP x attention CP))",
         "能整除注意力张量并行规模（tp ÷（注意力数据并行 × 注意力上下文并行））"),
    Need(lambda c: a2a_backend(c) not in A2A_WITH_EP,
         "an expert-parallel all-to-all backend (deepep, megamoe, mooncake, ascend_fuseep or mori)",
         "专家并行 all-to-all 后端（deepep、megamoe、mooncake、ascend_fuseep 或 mori）"),
)

DWDP_NEEDS = (
    Need(lambda c: c.dwdp_size != c.tp_size, "--dwdp-size equal to --tp-size {tp_size}",
         "--dwdp-size 等于 --tp-size {tp_size}"),
    Need(lambda c: c.disaggregation_mode not in ("null", "prefill"), "no --disaggregation-mode decode",
         "不能使用 --disaggregation-mode decode"),
    Need(lambda c: c.enable_eplb, "no --enable-eplb (its migrations break the static partitioning)",
         "不能使用 --enable-eplb（动态迁移会打破静态划分）"),
    Need(lambda c: c.speculative_algorithm is not None, "no speculative decoding", "不能使用投机解码"),
    Need(lambda c: c.pp_size != 1, "--pp-size 1", "--pp-size 须为 1"),
    Need(lambda c: c.enable_two_batch_overlap, "no --enable-two-batch-overlap", "不能使用 --enable-two-batch-overlap"),
)

# Model-specific limits of context parallelism and shared-experts TP (handle_context_parallelism,
# _boundary_parallelism_overrides, handle_shared_experts_tp), read from the model's config.json.
NEMOTRON_H = ("nemotron_h", "nemotron_h_puzzle")  # model_type, as SGLang reads it from the text config
MIMO_V2 = ("MiMoV2ForCausalLM", "MiMoV2FlashForCausalLM")
INPUT_SCATTERED_OFF_TYPES = (*NEMOTRON_H, "longcat_flash")
INPUT_SCATTERED_OFF_ARCHITECTURES = ("InklingForConditionalGeneration", "InklingForConditionalGenerationMTP",
                                     "KimiK3ForConditionalGeneration", "KimiK3LinearForCausalLM")


MODEL_PARALLEL_LIMITS: list[Problem] = [
    (lambda c: target(c).model_type in NEMOTRON_H and c.attn_cp_size > 1,
     Text("Nemotron-H does not support attention context parallelism (--attn-cp-size {attn_cp_size})",
          "Nemotron-H 不支持注意力上下文并行（--attn-cp-size {attn_cp_size}）")),
    (lambda c: target(c).model_type == "longcat_flash" and c.enable_prefill_cp and c.attn_cp_size > 1,
     Text("LongCat-Flash does not support --enable-prefill-cp with --attn-cp-size {attn_cp_size}",
          "LongCat-Flash 不支持 --enable-prefill-cp 与 --attn-cp-size {attn_cp_size} 同时使用")),
    (lambda c: c.enable_prefill_cp and architecture(c) == "DeepseekV32ForCausalLM" and c.cp_strategy == "zigzag",
     Text("DeepSeek V3.2 prefill context parallelism does not support --cp-strategy zigzag",
          "DeepSeek V3.2 的预填充上下文并行不支持 --cp-strategy zigzag")),
    (lambda c: c.enable_prefill_cp and architecture(c) in MIMO_V2 and c.cp_strategy != "zigzag",
     Text("MiMo V2 prefill context parallelism supports only --cp-strategy zigzag",
          "MiMo V2 的预填充上下文并行只支持 --cp-strategy zigzag")),
    (lambda c: c.shared_experts_tp_size is not None and architecture(c) != "KimiK3ForConditionalGeneration",
     Text("--shared-experts-tp-size is for Kimi-K3 only", "--shared-experts-tp-size 只适用于 Kimi-K3")),
]


def scaling(c: RuleContext) -> bool:
    """Elastic EP that may grow at run time: a backend and --max-ep-size above --tp-size (parallel_hook.py:572)."""
    return elastic_on(c) and c.max_ep_size is not None and c.max_ep_size > c.tp_size


def decode_graphs(c: RuleContext) -> bool:
    """Decode CUDA graphs stay on: not turned off, and no backend other than full named.  (A decode backend SGLang
    picks other than full is refused for scale-up too, parallel_hook.py:692, so either way the launch fails.)"""
    return not c.disable_cuda_graph and c.cuda_graph_backend_decode in (None, "full") \
        and c.attention_backend not in ("torch_native", "flex_attention")


def _replica_aligned(c: RuleContext) -> bool:
    """physical_ep_size_to_dp_size (elastic_ep/topology.py) on each EP size scale-up names: a whole number of
    attention replicas of tp / attention-DP ranks (parallel_hook.py:606-611)."""
    if c.tp_size % (attn_dp(c) * int(c.attn_cp_size or 1)) != 0:
        return True  # the topology check before it (:594) is what fails
    if c.max_ep_size is None:
        return True  # not scaling up (scaling() is asked first): nothing to align
    replica = tp_per_attn_dp(c)  # at least 1: a TP size attention DP does not divide returned above
    sizes = [c.max_ep_size, c.elastic_ep_initial_size or c.tp_size]
    if c.ep_join_mode == "scale":
        sizes.append(int(c.ep_join_rank_offset))
    return all(size > 0 and size % replica == 0 for size in sizes)


def _chosen_prefill_graphs(c: RuleContext) -> bool:
    """A prefill CUDA-graph backend the launch chose (the flag or --cuda-graph-config), which SGLang keeps.  Left
    unset, scale-up's nixl dispatch already turns the breakable default off (cuda_graph_hook.py, unvalidated a2a)."""
    in_config = as_mapping(as_mapping(c.cuda_graph_config).get("prefill")).get("backend")
    chosen = c.cuda_graph_backend_prefill if given(c, "cuda_graph_backend_prefill") else in_config
    return chosen in ("full", "breakable")


def scale_joiner(c: RuleContext) -> bool:
    return scaling(c) and c.ep_join_mode == "scale"


ELASTIC_NEEDS = (
    Need(lambda c: elastic_on(c) and c.enable_eplb and given(c, "eplb_algorithm")
         and c.eplb_algorithm not in ("auto", "elasticity_aware", "elasticity_aware_hierarchical"),
         "--eplb-algorithm auto or elasticity_aware with --enable-eplb", "启用 --enable-eplb 时 --eplb-algorithm 须为 auto 或 "
         "elasticity_aware"),
    Need(lambda c: elastic_on(c) and c.pp_size != 1, "--pp-size 1 under elastic EP", "弹性专家并行下 --pp-size 须为 1"),
    Need(lambda c: c.ep_join_mode is not None and not elastic_on(c),
         "--elastic-ep-backend for --elastic-ep-join-mode", "--elastic-ep-join-mode 需要 --elastic-ep-backend"),
    Need(lambda c: c.max_ep_size is not None and not elastic_on(c), "--elastic-ep-backend for --max-ep-size",
         "--max-ep-size 需要 --elastic-ep-backend"),
    Need(lambda c: c.ep_join_rank_offset != 0 and c.ep_join_mode != "scale",
         "--elastic-ep-join-mode scale for --elastic-ep-join-rank-offset",
         "--elastic-ep-join-rank-offset 需要 --elastic-ep-join-mode scale"),
    Need(lambda c: c.ep_join_mode == "scale" and elastic_on(c) and c.node_rank != 1,
         "--node-rank 1 on a joining group (--elastic-ep-join-mode scale)", "加入的进程组（--elastic-ep-join-mode scale）须使用 "
         "--node-rank 1"),
    Need(lambda c: c.ep_join_mode == "scale" and elastic_on(c) and c.ep_join_rank_offset <= 0,
         "--elastic-ep-join-rank-offset set to the current EP size on a joining group",
         "加入的进程组须将 --elastic-ep-join-rank-offset 设为当前专家并行规模"),
    Need(lambda c: c.elastic_ep_initial_size is not None and not scaling(c),
         "--max-ep-size above --tp-size for --elastic-ep-initial-size", "--elastic-ep-initial-size 需要 --max-ep-size 大于 "
         "--tp-size"),
    # run-time scale-up (--max-ep-size above --tp-size), parallel_hook.py:615-744
    Need(lambda c: scaling(c) and c.tp_size % (attn_dp(c) * int(c.attn_cp_size or 1)) != 0,
         "--tp-size divisible by attention DP x attention CP for scale-up",
         "扩容时 --tp-size 须能被注意力数据并行 × 注意力上下文并行整除"),
    Need(lambda c: scaling(c) and not _replica_aligned(c),
         "--max-ep-size, --elastic-ep-initial-size (or --tp-size) and a joiner's --elastic-ep-join-rank-offset in "
         "whole attention replicas (multiples of --tp-size / attention DP) for scale-up",
         "扩容时 --max-ep-size、--elastic-ep-initial-size（或 --tp-size）以及加入进程组的 "
         "--elastic-ep-join-rank-offset 须是整数个注意力副本（--tp-size ÷ 注意力数据并行 的整数倍）"),
    Need(lambda c: scaling(c) and attn_tp(c) > 1 and c.moe_dense_tp_size != 1,
         "--moe-dense-tp-size 1 for scale-up with attention TP above 1", "注意力张量并行大于 1 时扩容需要 --moe-dense-tp-size 1"),
    Need(lambda c: scaling(c) and c.tokenizer_worker_num != 1, "--tokenizer-worker-num 1 for scale-up",
         "扩容需要 --tokenizer-worker-num 1"),
    Need(lambda c: scaling(c) and c.use_ray, "no --use-ray for scale-up", "扩容时不能使用 --use-ray"),
    Need(lambda c: scaling(c) and c.enable_elastic_expert_backup, "no --enable-elastic-expert-backup for scale-up",
         "扩容时不能使用 --enable-elastic-expert-backup"),
    Need(lambda c: scale_joiner(c) and c.elastic_ep_initial_size is None,
         "--elastic-ep-initial-size on a joining group", "加入的进程组须设置 --elastic-ep-initial-size"),
    Need(lambda c: scale_joiner(c) and c.elastic_ep_initial_size is not None
         and c.elastic_ep_initial_size > c.ep_join_rank_offset,
         "--elastic-ep-initial-size at most --elastic-ep-join-rank-offset", "--elastic-ep-initial-size 不超过 "
         "--elastic-ep-join-rank-offset"),
    Need(lambda c: scale_joiner(c) and c.ep_join_rank_offset + c.tp_size > (c.max_ep_size or 0),
         "--elastic-ep-join-rank-offset + --tp-size within --max-ep-size", "--elastic-ep-join-rank-offset 与 --tp-size "
         "之和不超过 --max-ep-size"),
    Need(lambda c: scale_joiner(c) and c.tp_size == 1 and c.moe_dense_tp_size != 1,
         "--moe-dense-tp-size 1 on a single-rank joining group", "单 rank 的加入进程组需要 --moe-dense-tp-size 1"),
    Need(lambda c: scaling(c) and c.ep_join_mode != "scale" and c.elastic_ep_initial_size is not None
         and c.elastic_ep_initial_size != c.tp_size, "--elastic-ep-initial-size equal to --tp-size on the primary group",
         "主进程组的 --elastic-ep-initial-size 须等于 --tp-size"),
    Need(lambda c: scaling(c) and c.load_balance_method not in ("auto", "round_robin"),
         "--load-balance-method round_robin for scale-up", "扩容需要 --load-balance-method round_robin"),
    Need(lambda c: scaling(c) and c.elastic_ep_backend != "mooncake", "--elastic-ep-backend mooncake for scale-up",
         "扩容需要 --elastic-ep-backend mooncake"),
    Need(lambda c: scaling(c) and c.dcp_size > 1 and attn_tp(c) % c.dcp_size != 0,
         "--dcp-size dividing the attention TP size for scale-up", "扩容时 --dcp-size 须能整除注意力张量并行规模"),
    Need(lambda c: scaling(c) and attn_dp(c) <= 1, "attention data parallelism (--attn-dp-size) for scale-up",
         "扩容需要注意力数据并行（--attn-dp-size）"),
    Need(lambda c: scaling(c) and not c.enable_dp_lm_head, "--enable-dp-lm-head for scale-up",
         "扩容需要 --enable-dp-lm-head"),
    Need(lambda c: scaling(c) and c.attn_cp_size != 1, "--attn-cp-size 1 for scale-up", "扩容需要 --attn-cp-size 1"),
    Need(lambda c: scaling(c) and c.moe_dp_size != 1, "--moe-dp-size 1 for scale-up", "扩容需要 --moe-dp-size 1"),
    Need(lambda c: scaling(c) and ep_size(c) != c.tp_size, "--ep-size equal to --tp-size for scale-up",
         "扩容需要 --ep-size 等于 --tp-size"),
    Need(lambda c: scaling(c) and a2a_backend(c) != "nixl", "--moe-a2a-backend nixl for scale-up",
         "扩容需要 --moe-a2a-backend nixl"),
    Need(lambda c: scaling(c) and _chosen_prefill_graphs(c),
         "prefill CUDA graphs off for scale-up (--cuda-graph-backend-prefill disabled, or leave it unset)",
         "扩容时预填充 CUDA Graph 须关闭（--cuda-graph-backend-prefill disabled，或不设置）"),
    Need(lambda c: scaling(c) and not c.disable_cuda_graph and c.cuda_graph_backend_decode in ("breakable", "tc_piecewise"),
         "decode CUDA graphs full or off for scale-up (not --cuda-graph-backend-decode {cuda_graph_backend_decode})",
         "扩容时解码 CUDA Graph 须为 full 或关闭（不能是 --cuda-graph-backend-decode {cuda_graph_backend_decode}）"),
    Need(lambda c: scaling(c) and decode_graphs(c) and (
        c.device not in (None, "cuda") or c.speculative_algorithm is not None or c.is_embedding
        or c.dllm_algorithm is not None or c.encoder_only or bool(c.forward_hooks) or c.enable_pdmux),
         "no speculative decoding, embedding, diffusion or encoder-only model, forward hooks or PDMux while decode "
         "graphs are recaptured on scale-up (or --disable-cuda-graph)",
         "扩容时若重新捕获解码图，不能使用投机解码、嵌入模型、扩散模型、仅编码器模型、前向钩子或 PDMux"
         "（或使用 --disable-cuda-graph）"),
)

TP_LM_HEAD_NEEDS = (
    Need(lambda c: attn_dp(c) <= 1, "attention data parallelism (--attn-dp-size)", "注意力数据并行（--attn-dp-size）"),
    Need(lambda c: c.enable_dp_lm_head, "no --enable-dp-lm-head (the two shard the LM head differently)",
         "不能同时使用 --enable-dp-lm-head（二者对 LM head 的切分方式不同）"),
    Need(lambda c: attn_dp(c) > 1 and c.tp_size != attn_dp(c), "--tp-size equal to the attention-DP size",
         "--tp-size 等于注意力数据并行规模"),
    Need(lambda c: c.attn_cp_size != 1, "--attn-cp-size 1", "--attn-cp-size 须为 1"),
)

RULES: list[Rule] = [
    # --- decode context parallelism ---------------------------------------------------------------------------------
    Rule("dcp-without-prefill-cp", "AM-E310", ("dcp_size", "enable_prefill_cp"),
         lambda c: c.dcp_size > 1 and c.enable_prefill_cp,
         Text("--dcp-size {dcp_size} (decode context parallelism) cannot be combined with --enable-prefill-cp",
              "--dcp-size {dcp_size}（解码上下文并行）不能与 --enable-prefill-cp 同时使用"),
         Text("drop --enable-prefill-cp, or use --dcp-size 1", "去掉 --enable-prefill-cp，或使用 --dcp-size 1"),
         source=sglang_source("arg_groups/parallel_hook.py:250")),
    Rule("dcp-comm-backend-needs-dcp", "AM-E311", ("dcp_comm_backend", "dcp_size"),
         lambda c: c.dcp_comm_backend in ("a2a", "fi_a2a") and c.dcp_size <= 1,
         Text("--dcp-comm-backend {dcp_comm_backend} only changes how decode context parallelism reduces attention, "
              "and --dcp-size is {dcp_size}", "--dcp-comm-backend {dcp_comm_backend} 只影响解码上下文并行的注意力归约，"
              "而 --dcp-size 为 {dcp_size}"),
         Text("add --dcp-size 2 or more, or drop --dcp-comm-backend", "添加 2 及以上的 --dcp-size，或去掉 --dcp-comm-backend"),
         source=sglang_source("arg_groups/parallel_hook.py:252")),
    Rule("dcp-fi-a2a-only-on-cuda", "AM-E312", ("dcp_comm_backend",),
         lambda c: c.dcp_comm_backend == "fi_a2a",
         Text("--dcp-comm-backend fi_a2a runs FlashInfer's MNNVL all-to-all kernel, which exists only on CUDA",
              "--dcp-comm-backend fi_a2a 依赖 FlashInfer 的 MNNVL all-to-all 算子，只能在 CUDA 上运行"),
         Text("use --dcp-comm-backend a2a or ag_rs, or leave it unset", "改用 --dcp-comm-backend a2a 或 ag_rs，或不设置"),
         families=frozenset({"npu", "cpu"}), source=sglang_source("arg_groups/parallel_hook.py:259")),
    Rule("dcp-replicate-q-proj-needs", "AM-E313", ("dcp_replicate_q_proj", "dcp_size", "dcp_comm_backend"),
         lambda c: bool(c.dcp_replicate_q_proj) and broken_needs(REPLICATE_Q_NEEDS)(c),
         Text("--dcp-replicate-q-proj needs: {needs_en}", "--dcp-replicate-q-proj 的要求未满足：{needs_zh}"),
         Text("add --dcp-size 2 or more with --dcp-comm-backend a2a, or drop --dcp-replicate-q-proj",
              "添加 2 及以上的 --dcp-size 并使用 --dcp-comm-backend a2a，或去掉 --dcp-replicate-q-proj"),
         source=sglang_source("arg_groups/parallel_hook.py:267, :269"), extra=needs_listed(REPLICATE_Q_NEEDS)),
    Rule("context-parallel-without-aiter-fusion", "AM-E314",
         ("enable_aiter_allreduce_fusion", "attn_cp_size", "moe_dp_size"),
         lambda c: c.enable_aiter_allreduce_fusion and (c.attn_cp_size > 1 or c.moe_dp_size > 1),
         Text("--enable-aiter-allreduce-fusion does not work with context parallelism (--attn-cp-size {attn_cp_size}, "
              "--moe-dp-size {moe_dp_size})", "--enable-aiter-allreduce-fusion 不支持上下文并行（--attn-cp-size "
              "{attn_cp_size}，--moe-dp-size {moe_dp_size}）"),
         Text("drop --enable-aiter-allreduce-fusion", "去掉 --enable-aiter-allreduce-fusion"),
         source=sglang_source("arg_groups/parallel_hook.py:166, :185")),
    # --- MoE data parallelism ---------------------------------------------------------------------------------------
    Rule("moe-dp-layout", "AM-E315", ("moe_dp_size", "tp_size", "pp_size", "ep_size", "attn_cp_size"),
         lambda c: c.moe_dp_size > 1 and broken_needs(MOE_DP_NEEDS)(c),
         Text("--moe-dp-size {moe_dp_size} needs: {needs_en}", "--moe-dp-size {moe_dp_size} 的要求未满足：{needs_zh}"),
         Text("change the settings listed, or use --moe-dp-size 1", "按上述要求修改，或使用 --moe-dp-size 1"),
         source=sglang_source("arg_groups/parallel_hook.py:172, :175, :178, :181, :190"), extra=needs_listed(MOE_DP_NEEDS)),
    # --- shared experts, DWDP, elastic EP, dispatch -------------------------------------------------------------------
    Rule("shared-experts-tp-needs", "AM-E319", ("shared_experts_tp_size", "tp_size", "moe_a2a_backend"),
         lambda c: c.shared_experts_tp_size is not None and broken_needs(SHARED_EXPERTS_TP_NEEDS)(c),
         Text("--shared-experts-tp-size {shared_experts_tp_size} needs: {needs_en}",
              "--shared-experts-tp-size {shared_experts_tp_size} 的要求未满足：{needs_zh}"),
         Text("change the settings listed, or drop --shared-experts-tp-size", "按上述要求修改，或去掉 --shared-experts-tp-size"),
         source=sglang_source("arg_groups/parallel_hook.py:216, :221, :234"), extra=needs_listed(SHARED_EXPERTS_TP_NEEDS)),
    Rule("dwdp-layout", "AM-E321", ("dwdp_size", "tp_size"),
         lambda c: c.dwdp_size > 1 and broken_needs(DWDP_NEEDS)(c),
         Text("--dwdp-size {dwdp_size} needs: {needs_en}", "--dwdp-size {dwdp_size} 的要求未满足：{needs_zh}"),
         Text("change the settings listed, or drop --dwdp-size", "按上述要求修改，或去掉 --dwdp-size"),
         source=sglang_source("arg_groups/parallel_hook.py:441-455"), extra=needs_listed(DWDP_NEEDS)),
    Rule("elastic-ep-flags", "AM-E322", ("elastic_ep_backend", "ep_join_mode", "max_ep_size", "ep_join_rank_offset"),
         broken_needs(ELASTIC_NEEDS),
         Text("elastic expert parallelism is set up inconsistently: it needs {needs_en}",
              "弹性专家并行的设置不一致，要求：{needs_zh}"),
         Text("change the settings listed; without elastic EP, drop its flags", "按上述要求修改；不使用弹性专家并行时去掉相关参数"),
         source=sglang_source("arg_groups/parallel_hook.py:531, :538, :547, :551, :555, :561, :567, :578, :615, :624, "
                              ":627, :630, :640, :644, :650, :655, :666, :671, :677, :681, :685, :722, :727, :731, "
                              ":735, :739, :744, :692, :700, :704, :707, :710, :713, :716, :719, :594, :612, :696"),
         extra=needs_listed(ELASTIC_NEEDS)),
    Rule("ep-dispatch-per-rank-needs-a2a", "AM-E323", ("ep_dispatch_algorithm", "moe_a2a_backend"),
         lambda c: a2a_backend(c) == "none" and c.ep_dispatch_algorithm in ("static", "lp"),
         Text("--ep-dispatch-algorithm {ep_dispatch_algorithm} picks a different expert replica on each rank, which "
              "only works when an all-to-all backend sends each token to one rank (--moe-a2a-backend is none)",
              "--ep-dispatch-algorithm {ep_dispatch_algorithm} 在各 rank 上选择不同的专家副本，只有 all-to-all 后端把每个 token "
              "发往单个 rank 时才成立（当前 --moe-a2a-backend 为 none）"),
         Text("use --ep-dispatch-algorithm dynamic, or add --moe-a2a-backend deepep",
              "改用 --ep-dispatch-algorithm dynamic，或添加 --moe-a2a-backend deepep"),
         source=sglang_source("arg_groups/parallel_hook.py:783")),
    Rule("eplb-needs-expert-parallelism", "AM-E324", ("enable_eplb", "ep_size"),
         lambda c: c.enable_eplb and c.ep_join_mode != "scale" and ep_size(c) <= 1,
         Text("--enable-eplb balances experts across expert-parallel ranks, and --ep-size is 1 (SGLang stops with an "
              "empty AssertionError)", "--enable-eplb 在专家并行的各 rank 间均衡专家，而 --ep-size 为 1"
              "（SGLang 会以空的 AssertionError 退出）"),
         Text("add --ep-size (or --moe-a2a-backend deepep, which sets it to --tp-size), or drop --enable-eplb",
              "添加 --ep-size（或 --moe-a2a-backend deepep，它会将其设为 --tp-size），或去掉 --enable-eplb"),
         source=sglang_source("arg_groups/parallel_hook.py:791")),
    # --- LM head ----------------------------------------------------------------------------------------------------
    Rule("tp-lm-head-all-to-all-layout", "AM-E325", ("enable_tp_lm_head_all_to_all", "attn_dp_size"),
         lambda c: bool(c.enable_tp_lm_head_all_to_all) and broken_needs(TP_LM_HEAD_NEEDS)(c),
         Text("--enable-tp-lm-head-all-to-all needs: {needs_en}", "--enable-tp-lm-head-all-to-all 的要求未满足：{needs_zh}"),
         Text("run it on a pure attention-DP layout (--attn-dp-size equal to --tp-size), or drop it",
              "请在纯注意力数据并行布局（--attn-dp-size 等于 --tp-size）上使用，或去掉它"),
         source=sglang_source("arg_groups/overrides.py:1429, :1432, :1436, :1441"),
         extra=needs_listed(TP_LM_HEAD_NEEDS)),
    # --- limits of one model's forward (read from its config.json) --------------------------------------------------
    Rule("model-parallel-limits", "AM-E473", ("attn_cp_size", "enable_prefill_cp", "cp_strategy",
                                              "shared_experts_tp_size"),
         lambda c: first_problem(c, MODEL_PARALLEL_LIMITS) is not None,
         Text("{arch}: {why_en}", "{arch}：{why_zh}"),
         Text("drop that parallelism option for this model (or, for prefill CP on DeepSeek V3.2, use --cp-strategy "
              "interleave; on MiMo V2, --cp-strategy zigzag)", "对该模型去掉这一并行选项（DeepSeek V3.2 的预填充上下文并行"
              "请改用 --cp-strategy interleave，MiMo V2 请用 --cp-strategy zigzag）"),
         source=sglang_source("arg_groups/parallel_hook.py:77, :79, :128, :137, :226"), reads_model=True,
         extra=problem_text(MODEL_PARALLEL_LIMITS, lambda c: {"arch": architecture(c)})),
    Rule("input-scattered-attention-off-for-model", "AM-W474", ("enable_attn_tp_input_scattered",),
         lambda c: bool(c.enable_attn_tp_input_scattered)
         and (target(c).model_type in INPUT_SCATTERED_OFF_TYPES or architecture(c) in INPUT_SCATTERED_OFF_ARCHITECTURES)
         and not (target(c).model_type in NEMOTRON_H and c.attn_cp_size > 1)
         and not (target(c).model_type == "longcat_flash" and c.enable_prefill_cp and c.attn_cp_size > 1),
         Text("--enable-attn-tp-input-scattered is overridden: {arch}'s forward never enters the input-scattered "
              "attention scope, so SGLang turns it off", "--enable-attn-tp-input-scattered 会被覆盖：{arch} 的前向计算"
              "不会进入输入分散的注意力区域，SGLang 会将其关闭"),
         Text("drop --enable-attn-tp-input-scattered for this model", "对该模型去掉 --enable-attn-tp-input-scattered"),
         severity="warning", source=sglang_source("arg_groups/parallel_hook.py:86"), reads_model=True,
         extra=lambda c: {"arch": architecture(c)}),
]
