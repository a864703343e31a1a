"""SGLang's start-up checks on parallel layout, chunking, speculative decoding, LoRA, scheduling and serving.

The first rules ported; each names its file:line in the 0.5.23 wheel.
"""
from __future__ import annotations

from ...schema.meta import Text
from ..rules import NPU, Rule, RuleContext
from .common import EAGLE_FAMILY, as_mapping, attn_dp, chunk_numbers, chunk_per_rank, replicas, sglang_source, target


def graph_prefill_context(c: RuleContext) -> int | None:
    """The prefill CUDA-graph context SGLang aligns to whole pages (cuda_graph_hook.py:425): --cuda-graph-prefill-max-
    context, else max_context_size of --cuda-graph-config's prefill phase."""
    in_config = as_mapping(as_mapping(c.cuda_graph_config).get("prefill")).get("max_context_size")
    chosen = c.cuda_graph_prefill_max_context if c.cuda_graph_prefill_max_context is not None else in_config
    return chosen if isinstance(chosen, int) and not isinstance(chosen, bool) and chosen > 0 else None


def graph_context_numbers(c: RuleContext) -> dict[str, int]:
    page = int(c.page_size or 1)  # left unset, the page SGLang picks is at least 1: the aligned size only grows
    wanted = graph_prefill_context(c) or 0
    return {"aligned": (wanted + page - 1) // page * page, "page": page, "wanted": wanted,
            "ctx": int(c.context_length or target(c).context_length)}


RULES: list[Rule] = [
    # --- parallel layout (tp x pp vs nodes, node ranks and --dist-init-addr: compiler/model_checks.py, AM-E76x) ----
    Rule("dp-replicas-across-nodes", "AM-E233", ("dp_size", "nnodes"),
         lambda c: replicas(c) > 1 and c.nnodes != 1,
         Text("--dp-size {dp_size} data-parallel replicas cannot span --nnodes {nnodes}",
              "--dp-size {dp_size} 个数据并行副本不能跨 --nnodes {nnodes} 个节点"),
         Text("use attention data parallelism (--attn-dp-size) across nodes, or run one replica per node behind a "
              "router", "跨节点请改用注意力数据并行（--attn-dp-size），或每个节点运行一个副本并用路由器分发"),
         source=sglang_source("arg_groups/validation_hook.py:199")),
    Rule("dp-replicas-with-attention-dp", "AM-E234", ("dp_size", "attn_dp_size"),
         lambda c: c.attn_dp_size > 1 and c.dp_size > 1,
         Text("--dp-size {dp_size} replicas together with --attn-dp-size {attn_dp_size}: SGLang runs one or the "
              "other", "--dp-size {dp_size} 个副本与 --attn-dp-size {attn_dp_size} 不能同时使用"),
         Text("drop --dp-size (attention DP already splits the batch), or drop --attn-dp-size",
              "去掉 --dp-size（注意力数据并行已在拆分批次），或去掉 --attn-dp-size"),
         source=sglang_source("arg_groups/parallel_hook.py:287, model_override_base.py:235")),
    Rule("tp-divisible-by-attention-dp", "AM-E235", ("attn_dp_size", "dp_size", "enable_dp_attention", "tp_size"),
         lambda c: attn_dp(c) > 1 and c.tp_size % attn_dp(c) != 0,
         Text("--tp-size {tp_size} is not a multiple of the attention data-parallel size {adp}: each attention-DP "
              "group needs the same number of devices (SGLang stops with an empty AssertionError)",
              "--tp-size {tp_size} 不是注意力数据并行规模 {adp} 的整数倍：每个注意力数据并行组需要相同数量的设备"
              "（SGLang 会以空的 AssertionError 退出）"),
         Text("use an attention-DP size that divides {tp_size} (e.g. {tp_size} or 1)",
              "将注意力数据并行规模设为能整除 {tp_size} 的值（如 {tp_size} 或 1）"),
         source=sglang_source("arg_groups/parallel_hook.py:326"),
         extra=lambda c: {"adp": attn_dp(c)}),
    Rule("tp-divisible-by-attention-cp", "AM-E236", ("attn_cp_size", "tp_size"),
         lambda c: c.attn_cp_size > 1 and c.tp_size % (attn_dp(c) * c.attn_cp_size) != 0,
         Text("--tp-size {tp_size} is not a multiple of the attention-DP size x --attn-cp-size ({adp} x "
              "{attn_cp_size})", "--tp-size {tp_size} 不是注意力数据并行规模 × --attn-cp-size（{adp} × {attn_cp_size}）的整数倍"),
         Text("pick an --attn-cp-size that divides {tp_size} / {adp}", "选择能整除 {tp_size} / {adp} 的 --attn-cp-size"),
         source=sglang_source("arg_groups/parallel_hook.py:160-163"),
         extra=lambda c: {"adp": attn_dp(c)}),
    Rule("prefill-cp-needs-strategy", "AM-E237", ("enable_prefill_cp", "cp_strategy"),
         lambda c: c.enable_prefill_cp and not c.cp_strategy,
         Text("--enable-prefill-cp needs --cp-strategy", "--enable-prefill-cp 需要同时设置 --cp-strategy"),
         Text("add --cp-strategy zigzag or --cp-strategy interleave", "添加 --cp-strategy zigzag 或 --cp-strategy interleave"),
         source=sglang_source("arg_groups/parallel_hook.py:153")),
    Rule("moe-dense-tp-is-one-or-tp", "AM-E238", ("moe_dense_tp_size", "tp_size"),
         lambda c: c.moe_dense_tp_size is not None and c.moe_dense_tp_size not in (1, c.tp_size),
         Text("--moe-dense-tp-size {moe_dense_tp_size} is neither 1 nor --tp-size {tp_size}",
              "--moe-dense-tp-size {moe_dense_tp_size} 既不是 1，也不等于 --tp-size {tp_size}"),
         Text("use --moe-dense-tp-size 1 (dense layers replicated) or leave it unset (the full TP size)",
              "使用 --moe-dense-tp-size 1（稠密层复制），或不设置（等于 TP 规模）"),
         source=sglang_source("arg_groups/validation_hook.py:207")),
    # --- pipeline parallelism ---------------------------------------------------------------------------------------
    Rule("pp-speculative-only-on-prefill", "AM-E239", ("speculative_algorithm", "pp_size", "disaggregation_mode"),
         # single-layer EAGLE (anything else is AM-E363, validation_hook.py:132); SGLANG_ENABLE_PP_SPEC takes
         # another branch (validation_hook.py:139)
         lambda c: c.pp_size > 1 and c.speculative_algorithm in ("EAGLE", "NEXTN") and not c.enable_multi_layer_eagle
         and str(c.env.get("SGLANG_ENABLE_PP_SPEC", "")).strip().lower() not in ("1", "true", "yes", "y", "on")
         and c.disaggregation_mode != "prefill",
         Text("speculative decoding with --pp-size {pp_size} works only on prefill instances "
              "(--disaggregation-mode prefill), and only with single-layer EAGLE",
              "--pp-size {pp_size} 时投机解码只能用于预填充实例（--disaggregation-mode prefill），且只支持单层 EAGLE"),
         Text("drop --speculative-algorithm or use --pp-size 1 on this instance",
              "在该实例上去掉 --speculative-algorithm，或使用 --pp-size 1"),
         source=sglang_source("arg_groups/validation_hook.py:161")),
    # --- chunked prefill, pages, graphs -----------------------------------------------------------------------------
    Rule("chunk-multiple-of-page", "AM-E240", ("chunked_prefill_size", "page_size", "attn_dp_size", "dp_size"),
         lambda c: (c.chunked_prefill_size or 0) > 0 and c.disaggregation_mode != "decode"
         and chunk_per_rank(c) % int(c.page_size or 1) != 0,
         Text("--chunked-prefill-size {chunked_prefill_size} gives {eff} tokens per attention-DP rank (divided by "
              "{adp}), not a multiple of the page size {page}",
              "--chunked-prefill-size {chunked_prefill_size} 在每个注意力数据并行 rank 上为 {eff} 个 token（除以 {adp}），"
              "不是页大小 {page} 的整数倍"),
         Text("use --chunked-prefill-size {ok_chunk} (a multiple of page size x attention-DP size)",
              "改用 --chunked-prefill-size {ok_chunk}（页大小 × 注意力数据并行规模的整数倍）"),
         source=sglang_source("arg_groups/validation_hook.py:244, after parallel_hook.py:331 divides the chunk"),
         extra=chunk_numbers),
    Rule("graph-padding-vs-torch-compile", "AM-E241", ("disable_cuda_graph_padding", "enable_torch_compile"),
         lambda c: c.disable_cuda_graph_padding and c.enable_torch_compile,
         Text("--disable-cuda-graph-padding cannot be used with --enable-torch-compile",
              "--disable-cuda-graph-padding 不能与 --enable-torch-compile 同时使用"),
         Text("drop one of the two", "二者去掉其一"), source=sglang_source("arg_groups/validation_hook.py:188")),
    # --- speculative decoding ---------------------------------------------------------------------------------------
    Rule("ngram-not-on-npu", "AM-E242", ("speculative_algorithm",),
         lambda c: c.speculative_algorithm == "NGRAM",
         Text("--speculative-algorithm NGRAM runs only on CUDA, CPU or XPU devices",
              "--speculative-algorithm NGRAM 只能在 CUDA、CPU 或 XPU 设备上运行"),
         Text("use --speculative-algorithm EAGLE3 or NEXTN with a draft model: the Ascend table lists those two",
              "在昇腾上请改用带草稿模型的 --speculative-algorithm EAGLE3 或 NEXTN：昇腾特性表列出的是这两种"),
         families=NPU, source=sglang_source("arg_groups/speculative_hook.py:1288")),
    Rule("speculative-without-attention-dp", "AM-E243", ("speculative_algorithm", "attn_dp_size", "enable_dp_attention"),
         lambda c: c.speculative_algorithm in ("NGRAM", "STANDALONE") and attn_dp(c) > 1,
         Text("--speculative-algorithm {speculative_algorithm} does not work with attention data parallelism",
              "--speculative-algorithm {speculative_algorithm} 不支持注意力数据并行"),
         Text("drop attention DP, or use EAGLE-family speculative decoding", "去掉注意力数据并行，或改用 EAGLE 系列投机解码"),
         source=sglang_source("arg_groups/speculative_hook.py:1369, :1082")),
    # --- two-batch overlap, LM head ---------------------------------------------------------------------------------
    Rule("tbo-needs-a2a-or-attention-dp", "AM-E244", ("enable_two_batch_overlap", "moe_a2a_backend", "attn_dp_size"),
         lambda c: c.enable_two_batch_overlap and c.moe_a2a_backend == "none" and attn_dp(c) <= 1,
         Text("--enable-two-batch-overlap needs an expert-parallel all-to-all backend (--moe-a2a-backend) or "
              "attention data parallelism", "--enable-two-batch-overlap 需要专家并行 all-to-all 后端（--moe-a2a-backend）"
              "或注意力数据并行"),
         Text("add --moe-a2a-backend deepep, or --attn-dp-size", "添加 --moe-a2a-backend deepep，或 --attn-dp-size"),
         source=sglang_source("arg_groups/validation_hook.py:768")),
    Rule("dp-lm-head-with-replicas", "AM-E245", ("enable_dp_lm_head", "dp_size"),
         lambda c: c.enable_dp_lm_head and replicas(c) > 1 and c.attn_dp_size <= 1,
         Text("--enable-dp-lm-head needs attention data parallelism; --dp-size {dp_size} makes replicas instead",
              "--enable-dp-lm-head 需要注意力数据并行；--dp-size {dp_size} 创建的是数据并行副本"),
         Text("use --attn-dp-size instead of --dp-size, or drop --enable-dp-lm-head",
              "改用 --attn-dp-size 代替 --dp-size，或去掉 --enable-dp-lm-head"),
         source=sglang_source("arg_groups/overrides.py:1426")),
    Rule("dp-lm-head-without-dp", "AM-W250", ("enable_dp_lm_head",),
         lambda c: c.enable_dp_lm_head and replicas(c) <= 1 and attn_dp(c) <= 1,
         Text("--enable-dp-lm-head does nothing without data parallelism: SGLang turns it off without a word",
              "没有数据并行时 --enable-dp-lm-head 不起作用：SGLang 会不加提示地将其关闭"),
         Text("drop it, or add --attn-dp-size", "去掉它，或添加 --attn-dp-size"), severity="warning",
         source=sglang_source("arg_groups/overrides.py:1369")),
    # --- LoRA -----------------------------------------------------------------------------------------------------
    Rule("lora-without-paths-needs-shape", "AM-E246", ("enable_lora", "max_lora_rank", "lora_target_modules"),
         lambda c: c.enable_lora and not c.lora_paths and not (c.max_lora_rank and c.lora_target_modules),
         Text("--enable-lora without --lora-paths needs both --max-lora-rank and --lora-target-modules, so the "
              "memory for adapters loaded later can be sized",
              "未给出 --lora-paths 时，--enable-lora 需要同时设置 --max-lora-rank 和 --lora-target-modules，"
              "以便为之后加载的适配器预留显存"),
         Text("add --max-lora-rank (e.g. 64) and --lora-target-modules (e.g. all), or give --lora-paths",
              "添加 --max-lora-rank（如 64）和 --lora-target-modules（如 all），或给出 --lora-paths"),
         source=sglang_source("arg_groups/lora_hook.py:152")),
    Rule("lora-paths-within-max-loaded", "AM-E247", ("lora_paths", "max_loaded_loras"),
         lambda c: c.max_loaded_loras is not None and c.lora_paths is not None
         and c.max_loaded_loras >= c.max_loras_per_batch and len(c.lora_paths) > c.max_loaded_loras,
         Text("{n_paths} adapters in --lora-paths but --max-loaded-loras {max_loaded_loras}",
              "--lora-paths 中有 {n_paths} 个适配器，但 --max-loaded-loras 为 {max_loaded_loras}"),
         Text("raise --max-loaded-loras to at least {n_paths}", "将 --max-loaded-loras 提高到至少 {n_paths}"),
         source=sglang_source("arg_groups/lora_hook.py:162"), extra=lambda c: {"n_paths": len(c.lora_paths or [])}),
    Rule("lora-overlap-loading-bounds", "AM-E248", ("enable_lora_overlap_loading", "max_loaded_loras"),
         lambda c: c.enable_lora_overlap_loading and (
             c.max_loaded_loras is None or c.max_loaded_loras > 2 * c.max_loras_per_batch),
         Text("--enable-lora-overlap-loading needs --max-loaded-loras set to at most twice --max-loras-per-batch "
              "({max_loras_per_batch})", "--enable-lora-overlap-loading 要求设置 --max-loaded-loras，且不超过 "
              "--max-loras-per-batch（{max_loras_per_batch}）的两倍"),
         Text("set --max-loaded-loras between {max_loras_per_batch} and {twice}",
              "将 --max-loaded-loras 设为 {max_loras_per_batch} 到 {twice} 之间"),
         source=sglang_source("arg_groups/lora_hook.py:64"), extra=lambda c: {"twice": 2 * c.max_loras_per_batch}),
    # --- scheduling and serving -------------------------------------------------------------------------------------
    Rule("priority-scheduling-policy", "AM-E249", ("enable_priority_scheduling", "schedule_policy"),
         lambda c: c.enable_priority_scheduling and c.schedule_policy not in ("fcfs", "lof"),
         Text("--enable-priority-scheduling works only with --schedule-policy fcfs or lof, not {schedule_policy}",
              "--enable-priority-scheduling 只能与 --schedule-policy fcfs 或 lof 同用，不能与 {schedule_policy} 同用"),
         Text("use --schedule-policy fcfs", "改用 --schedule-policy fcfs"),
         source=sglang_source("arg_groups/validation_hook.py:282")),
    Rule("priority-retraction-needs-priority", "AM-E251", ("retraction_policy", "enable_priority_scheduling"),
         lambda c: c.retraction_policy == "priority" and not c.enable_priority_scheduling,
         Text("--retraction-policy priority needs --enable-priority-scheduling",
              "--retraction-policy priority 需要 --enable-priority-scheduling"),
         Text("add --enable-priority-scheduling, or use --retraction-policy length",
              "添加 --enable-priority-scheduling，或改用 --retraction-policy length"),
         source=sglang_source("arg_groups/validation_hook.py:304")),
    Rule("served-model-name-without-colon", "AM-E252", ("served_model_name",),
         lambda c: ":" in str(c.served_model_name or "") and "://" not in str(c.served_model_name),
         Text("--served-model-name '{served_model_name}' contains ':', which SGLang refuses",
              "--served-model-name“{served_model_name}”包含“:”，SGLang 不接受"),
         Text("pick a name without ':' (e.g. replace it with '-')", "换一个不含“:”的名字（例如用“-”代替）"),
         source=sglang_source("arg_groups/validation_hook.py:215")),
    Rule("metrics-file-needs-dir", "AM-E253", ("export_metrics_to_file", "export_metrics_to_file_dir"),
         lambda c: c.export_metrics_to_file and not c.export_metrics_to_file_dir,
         Text("--export-metrics-to-file needs --export-metrics-to-file-dir", "--export-metrics-to-file 需要 --export-metrics-to-file-dir"),
         Text("add --export-metrics-to-file-dir DIR", "添加 --export-metrics-to-file-dir 目录"),
         source=sglang_source("arg_groups/validation_hook.py:341")),
    Rule("grpc-port-not-http-port", "AM-E254", ("grpc_port", "port"),
         lambda c: c.grpc_port is not None and c.grpc_port == c.port,
         Text("--grpc-port {grpc_port} is the same as --port", "--grpc-port {grpc_port} 与 --port 相同"),
         Text("give the gRPC server its own port", "为 gRPC 服务指定另一个端口"),
         source=sglang_source("arg_groups/validation_hook.py:360")),
    Rule("gc-threshold-one-to-three", "AM-E255", ("gc_threshold",),
         lambda c: c.gc_threshold is not None and not 1 <= len(c.gc_threshold) <= 3,
         Text("--gc-threshold takes 1 to 3 numbers (Python's gc.set_threshold), not {n}",
              "--gc-threshold 接受 1 到 3 个数（对应 Python 的 gc.set_threshold），而不是 {n} 个"),
         Text("give one to three thresholds, e.g. --gc-threshold 50000 10 10", "给出 1 到 3 个阈值，例如 --gc-threshold 50000 10 10"),
         source=sglang_source("arg_groups/validation_hook.py:370"), extra=lambda c: {"n": len(c.gc_threshold or [])}),
    Rule("kv-canary-sweep-needs-canary", "AM-E256", ("kv_canary_sweep_interval", "kv_canary"),
         lambda c: c.kv_canary_sweep_interval > 0 and c.kv_canary == "none",
         Text("--kv-canary-sweep-interval {kv_canary_sweep_interval} has nothing to sweep with --kv-canary none",
              "--kv-canary none 时 --kv-canary-sweep-interval {kv_canary_sweep_interval} 没有可检查的内容"),
         Text("add --kv-canary log (or raise)", "添加 --kv-canary log（或 raise）"),
         source=sglang_source("arg_groups/validation_hook.py:375")),
    Rule("eagle-topk-page-backend", "AM-E258", ("speculative_eagle_topk", "page_size", "attention_backend"),
         lambda c: c.speculative_algorithm in EAGLE_FAMILY and (c.speculative_eagle_topk or 1) > 1
         and (c.page_size or 1) > 1 and c.attention_backend is not None
         and c.attention_backend not in ("flashinfer", "fa3", "triton"),
         Text("--speculative-eagle-topk {speculative_eagle_topk} with pages of {page_size} tokens works only with the "
              "flashinfer, fa3 or triton attention backends, not {attention_backend}",
              "--speculative-eagle-topk {speculative_eagle_topk} 在页大小为 {page_size} 时只能配合 flashinfer、fa3 或 "
              "triton 注意力后端，不能配合 {attention_backend}"),
         Text("use --speculative-eagle-topk 1 (what SGLang's Ascend commands use)",
              "改用 --speculative-eagle-topk 1（SGLang 的昇腾启动命令即如此）"),
         source=sglang_source("arg_groups/speculative_hook.py:1278")),
    Rule("quant-communications-only-on-npu", "AM-E259", ("enable_quant_communications",),
         lambda c: c.enable_quant_communications,
         Text("--enable-quant-communications exists only for Ascend NPUs", "--enable-quant-communications 仅适用于昇腾 NPU"),
         Text("drop it on this hardware", "在该硬件上去掉它"), families=frozenset({"gpu", "cpu"}),
         source=sglang_source("arg_groups/validation_hook.py:353")),
    Rule("quant-communications-needs-tp", "AM-E257", ("enable_quant_communications", "tp_size"),
         lambda c: c.enable_quant_communications and c.tp_size == 1,
         Text("--enable-quant-communications quantizes tensor-parallel communication; with --tp-size 1 there is "
              "none", "--enable-quant-communications 量化的是张量并行通信；--tp-size 1 时没有这种通信"),
         Text("drop it, or use --tp-size 2 or more", "去掉它，或使用 2 及以上的 --tp-size"),
         source=sglang_source("arg_groups/validation_hook.py:350")),
    Rule("graph-prefill-context-within-model", "AM-E478", ("cuda_graph_prefill_max_context", "cuda_graph_config",
                                                            "context_length"),
         lambda c: graph_prefill_context(c) is not None
         and graph_context_numbers(c)["aligned"] > graph_context_numbers(c)["ctx"],
         Text("the prefill CUDA-graph context {wanted} (aligned to {page}-token pages: {aligned}) exceeds the model's "
              "context length {ctx}", "预填充 CUDA Graph 的上下文 {wanted}（按 {page} 个词元的页对齐后为 {aligned}）超过了模型的"
              "上下文长度 {ctx}"),
         Text("use --cuda-graph-prefill-max-context {ctx} or less", "改用不超过 {ctx} 的 --cuda-graph-prefill-max-context"),
         source=sglang_source("arg_groups/cuda_graph_hook.py:435"), reads_model=True, extra=graph_context_numbers),
]
