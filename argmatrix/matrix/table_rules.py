"""SGLang's own cross-field rules from the hand-kept tables (the Ascend feature table, the LoRA and graph notes)
and its parent options: options that mean something only while their parent feature is on.  The start-up checks
read from SGLang's code are in :mod:`.sglang_checks`."""
from __future__ import annotations

from collections.abc import Callable

from ..schema import registry
from ..schema.meta import Text
from ..schema.releases import superseded
from .rules import NPU, Parent, Rule, RuleContext

VERIFIED_PIECEWISE_MODELS = ("llama-3.1-8b-instruct", "qwen2.5-7b-instruct")
OFFLOAD_FIELDS = ("cpu_offload_gb", "offload_group_size", "offload_num_in_group", "offload_prefetch_step", "offload_mode")
MAMBA_FIELDS = ("max_mamba_cache_size", "mamba_ssm_dtype", "mamba_full_memory_ratio", "mamba_scheduler_strategy",
                "mamba_track_interval")

RULES: list[Rule] = [
    Rule("npu-pp-size-2", "AM-E201", ("pp_size",), lambda c: c.pp_size == 2,
         Text("--pp-size 2 is not supported on Ascend", "昇腾上不支持 --pp-size 2"),
         Text("use --pp-size 1 or a pipeline size other than 2", "改用 --pp-size 1 或其他非 2 的流水线并行规模"),
         families=NPU, supersedes_status=True),
    # The Ascend table says cp must equal tp; SGLang's code only needs it to divide tp (AM-E236), and SGLang's own
    # A3 context-parallel example runs cp 2 with tp 16. Follow the code, and say what the table says.
    Rule("npu-attn-cp-table-says-equal", "AM-W209", ("attn_cp_size", "tp_size"),
         lambda c: c.attn_cp_size not in (1, c.tp_size) and c.tp_size % c.attn_cp_size == 0,
         Text("the Ascend feature table asks for --attn-cp-size equal to --tp-size {tp_size}; SGLang itself only "
              "needs it to divide it, as {attn_cp_size} does",
              "昇腾特性表要求 --attn-cp-size 等于 --tp-size {tp_size}；SGLang 代码只要求能整除，{attn_cp_size} 满足这一点"),
         Text("keep --attn-cp-size {attn_cp_size} if you have validated it; --attn-cp-size {tp_size} is what the "
              "table has verified", "若已验证可保留 --attn-cp-size {attn_cp_size}；昇腾特性表验证过的是 --attn-cp-size {tp_size}"),
         families=NPU, severity="warning", source="Ascend feature table (seed 001), against SGLang 0.5.23 "
         "arg_groups/parallel_hook.py:160"),
    Rule("npu-offload-needs-no-graph", "AM-E203", (*OFFLOAD_FIELDS, "disable_cuda_graph"),
         lambda c: any(c.changed(f) for f in OFFLOAD_FIELDS) and not c.disable_cuda_graph,
         Text("offloading options need --disable-cuda-graph on Ascend", "昇腾上的卸载选项必须与 --disable-cuda-graph 同用"),
         Text("add --disable-cuda-graph", "添加 --disable-cuda-graph"), families=NPU),
    Rule("npu-fuseep-no-eplb", "AM-E204", ("moe_a2a_backend", "enable_eplb"),
         lambda c: c.moe_a2a_backend == "ascend_fuseep" and c.enable_eplb,
         Text("--moe-a2a-backend ascend_fuseep is incompatible with --enable-eplb",
              "--moe-a2a-backend ascend_fuseep 与 --enable-eplb 不兼容"),
         Text("drop --enable-eplb, or use --moe-a2a-backend deepep", "去掉 --enable-eplb，或改用 --moe-a2a-backend deepep"),
         families=NPU),
    Rule("hicache-no-mamba", "AM-E205", ("enable_hierarchical_cache", *MAMBA_FIELDS),
         lambda c: c.enable_hierarchical_cache and any(c.changed(f) for f in MAMBA_FIELDS),
         Text("--enable-hierarchical-cache does not support the mamba cache on Ascend yet",
              "昇腾上的 --enable-hierarchical-cache 暂不支持 mamba 缓存"),
         Text("drop --enable-hierarchical-cache for hybrid mamba models, or drop the mamba cache options",
              "混合 mamba 模型请去掉 --enable-hierarchical-cache，或去掉 mamba 缓存选项"),
         families=NPU),
    Rule("npu-piecewise-verified-models", "AM-W206", ("enforce_piecewise_cuda_graph", "model_path"),
         lambda c: c.enforce_piecewise_cuda_graph and not any(
             m in str(c.model_path or "").lower() for m in VERIFIED_PIECEWISE_MODELS),
         Text("--enforce-piecewise-cuda-graph is verified on Ascend only for Llama-3.1-8B-Instruct and "
              "Qwen2.5-7B-Instruct, not for '{model_path}'",
              "昇腾上的 --enforce-piecewise-cuda-graph 仅在 Llama-3.1-8B-Instruct 与 Qwen2.5-7B-Instruct 上验证过，"
              "未验证“{model_path}”"),
         Text("compare outputs with and without it before relying on it", "启用前请对比开启与关闭时的输出"),
         families=NPU, severity="warning"),
    Rule("max-loaded-loras-ge-per-batch", "AM-E207", ("max_loaded_loras", "max_loras_per_batch"),
         lambda c: c.max_loaded_loras is not None and c.max_loaded_loras < c.max_loras_per_batch,
         Text("--max-loaded-loras {max_loaded_loras} is smaller than --max-loras-per-batch {max_loras_per_batch}",
              "--max-loaded-loras {max_loaded_loras} 小于 --max-loras-per-batch {max_loras_per_batch}"),
         Text("raise --max-loaded-loras to at least {max_loras_per_batch}",
              "将 --max-loaded-loras 提高到至少 {max_loras_per_batch}"),
         source="SGLang 0.5.23 arg_groups/lora_hook.py:158"),
    Rule("graph-options-without-graphs", "AM-W208", ("cuda_graph_max_bs", "cuda_graph_bs", "disable_cuda_graph"),
         lambda c: c.disable_cuda_graph and (c.changed("cuda_graph_max_bs") or c.changed("cuda_graph_bs")),
         Text("graph batch sizes are set but --disable-cuda-graph turns graphs off",
              "设置了图捕获的批大小，但 --disable-cuda-graph 关闭了图捕获"),
         Text("drop the graph batch-size options or --disable-cuda-graph", "去掉图捕获批大小的选项或 --disable-cuda-graph"),
         severity="warning"),
]


# Options only one speculative algorithm reads (speculative_hook.py's _handle_dflash, _handle_dspark, _handle_uno)
ALGORITHM_OPTIONS: dict[str, tuple[str, ...]] = {
    "DFLASH": ("speculative_dflash_block_size",),
    "DSPARK": ("speculative_dspark_block_size", "speculative_dspark_sps_table_path",
               "speculative_dspark_confidence_sts_path", "speculative_dspark_align_verify_tokens_to_graph_tier"),
    "UNO": ("uno_lora_path",),
}
_ALGORITHM_OWN = {n for names in ALGORITHM_OPTIONS.values() for n in names}


def _algorithm_is(algorithm: str) -> Callable[[RuleContext], bool]:
    return lambda c: c.speculative_algorithm == algorithm


PARENTS: list[Parent] = [
    Parent("priority-scheduling", "enable_priority_scheduling", lambda c: c.enable_priority_scheduling,
           ("schedule_low_priority_values_first", "priority_scheduling_preemption_threshold")),
    Parent("speculative", "speculative_algorithm", lambda c: c.speculative_algorithm is not None,
           tuple(n for n in registry.SPECS if n.startswith("speculative_") and n != "speculative_algorithm"
                 and not superseded(n) and n not in _ALGORITHM_OWN)),
    *(Parent(f"speculative-{algorithm.lower()}", "speculative_algorithm", _algorithm_is(algorithm), names,
             value=algorithm) for algorithm, names in ALGORITHM_OPTIONS.items()),
    Parent("dynamic-batch-tokenizer", "enable_dynamic_batch_tokenizer", lambda c: c.enable_dynamic_batch_tokenizer,
           ("dynamic_batch_tokenizer_batch_size", "dynamic_batch_tokenizer_batch_timeout")),
    Parent("lora", "enable_lora", lambda c: bool(c.enable_lora or c.lora_paths),
           ("max_lora_rank", "lora_target_modules", "max_loras_per_batch", "max_loaded_loras", "lora_eviction_policy",
            "lora_backend", "max_lora_chunk_size", "enable_lora_overlap_loading")),
    Parent("hierarchical-cache", "enable_hierarchical_cache", lambda c: c.enable_hierarchical_cache,
           tuple(n for n in registry.SPECS if n.startswith("hicache_"))),
    Parent("prefill-delayer", "enable_prefill_delayer", lambda c: c.enable_prefill_delayer,
           tuple(n for n in registry.SPECS if n.startswith("prefill_delayer_"))),
    Parent("log-requests", "log_requests", lambda c: c.log_requests,
           ("log_requests_level", "log_requests_format", "log_requests_target")),
    Parent("metrics", "enable_metrics", lambda c: c.enable_metrics,
           ("bucket_time_to_first_token", "bucket_inter_token_latency", "bucket_e2e_request_latency",
            "collect_tokens_histogram", "enable_metrics_for_all_schedulers", "tokenizer_metrics_custom_labels_header",
            "tokenizer_metrics_allowed_custom_labels")),
    Parent("tokens-histogram", "collect_tokens_histogram", lambda c: c.collect_tokens_histogram,
           ("prompt_tokens_buckets", "generation_tokens_buckets")),
    Parent("trace", "enable_trace", lambda c: c.enable_trace, ("oltp_traces_endpoint",)),
    Parent("export-metrics", "export_metrics_to_file", lambda c: c.export_metrics_to_file, ("export_metrics_to_file_dir",)),
    Parent("eplb", "enable_eplb", lambda c: c.enable_eplb,
           ("eplb_algorithm", "eplb_rebalance_num_iterations", "eplb_rebalance_layers_per_chunk",
            "eplb_min_rebalancing_utilization_threshold")),
    Parent("torch-compile", "enable_torch_compile", lambda c: c.enable_torch_compile,
           ("torch_compile_max_bs", "enable_torch_compile_debug_mode")),
    # SGLang 0.5.23 moe_hook._handle_a2a_moe reads --deepep-mode for the deepep, mori and pplx dispatchers
    Parent("deepep", "moe_a2a_backend", lambda c: c.moe_a2a_backend == "deepep", ("deepep_config",)),
    Parent("deepep-mode", "moe_a2a_backend", lambda c: c.moe_a2a_backend in ("deepep", "mori", "pplx"),
           ("deepep_mode",)),
    Parent("mamba-extra-buffer", "mamba_scheduler_strategy", lambda c: c.mamba_scheduler_strategy == "extra_buffer",
           ("mamba_track_interval",)),
    Parent("pd-disaggregation", "disaggregation_mode", lambda c: c.disaggregation_mode != "null",
           ("disaggregation_transfer_backend", "disaggregation_bootstrap_port", "disaggregation_ib_device",
            "disaggregation_decode_enable_offload_kvcache", "disaggregation_decode_polling_interval")),
    Parent("pdmux", "enable_pdmux", lambda c: c.enable_pdmux, ("pdmux_config_path", "sm_group_num")),
    Parent("tensor-dump", "debug_tensor_dump_output_folder", lambda c: c.debug_tensor_dump_output_folder is not None,
           ("debug_tensor_dump_layers",)),
]

