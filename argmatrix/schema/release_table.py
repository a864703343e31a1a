"""What changed between SGLang releases that no release fixture can say: the one hand-kept table.

Each held release's own parser (``tools/sglang_release.py`` -> ``tests/fixtures/sglang-<release>.json``, 0.5.9 and
0.5.23) says which flags and choice values that release has, which it deprecates and which successors it names.
What no fixture can say is kept here: which flag replaces a flag that is gone (a gone flag has no entry), the
release in between in which each flag, value or rename arrived or left (read from every release's parser once,
by ``tools/sglang_diff.py``), the spelling with a value SGLang points at, and how argmatrix's own reader
(``argmatrix serve``) treats a retired flag.  ``tests/schema/test_release_table.py`` proves that this table
reproduces each fixture exactly; ``schema/releases.py`` is the one reader everything else asks.
Nothing here is prose from SGLang.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from .meta import Text

SEED_RELEASE = "0.5.9"      # the release the Ascend seed tables describe
NEWEST = "0.5.23"           # the newest release whose flag set argmatrix holds; the default
OLDEST = "0.5.8"            # the oldest release the change dates were read from
KNOWN_FLAG_SETS = (SEED_RELEASE, NEWEST)


@dataclass(frozen=True)
class Change:
    """What happened to one flag across SGLang releases.

    ``deprecated_in``: from this release SGLang warns but still takes it (``ignored``: and does nothing with it);
    ``gone_in``: from this release SGLang refuses it (``OLDEST``: no release we read accepted it).
    ``successors``: the flags that replace it.  ``writes``: ``(release, spelling)`` pairs, the spelling with a
    value to write from that release on, where the successors alone do not say it (``""``: nothing to write from
    then on).  ``hint``: what to do when no flag replaces it.  ``moves_to``/``sets``: argmatrix's own reader
    moves the value to this field (set to ``sets`` when the old value does not carry over); ``retired``: argmatrix's
    own reader (``argmatrix serve``, no SGLang release) refuses it too.
    """

    kind: Literal["renamed", "split", "removed"]
    deprecated_in: str | None
    gone_in: str | None
    successors: tuple[str, ...] = ()
    writes: tuple[tuple[str, str], ...] = ()
    hint: Text | None = None
    moves_to: str | None = None
    sets: Any = None
    retired: bool = False
    ignored: bool = False


_PIECEWISE = (("0.5.14", "--cuda-graph-backend-prefill tc_piecewise"),
              # 0.5.22 removed tc_piecewise; an explicit prefill backend is kept as given ("locked" in SGLang's
              # cuda_graph_hook.parse_cuda_graph_config), which is what enforcing meant
              ("0.5.22", "--cuda-graph-backend-prefill breakable"))
_BOOTSTRAP = {"decode": Text("the prefill server learns the decode layout at bootstrap",
                             "预填充实例在引导阶段就会获知解码实例的并行布局"),
              "prefill": Text("the decode server learns the prefill layout at bootstrap",
                              "解码实例在引导阶段就会获知预填充实例的并行布局")}

# field -> what happened to its flag
CHANGES: dict[str, Change] = {
    "grpc_mode": Change("renamed", "0.5.16", None, ("--smg-grpc-mode",)),
    "hybrid_kvcache_ratio": Change("renamed", "0.5.8", "0.5.14", ("--swa-full-tokens-ratio",), retired=True,
                                   ignored=True),
    "stream_output": Change("renamed", "0.5.10", "0.5.20", ("--incremental-streaming-output",),
                            moves_to="incremental_streaming_output"),
    "collect_tokens_histogram": Change("renamed", "0.5.11", "0.5.20", ("--enable-metrics",)),
    # the seed table misspells SGLang's --otlp-traces-endpoint; no release accepts this spelling
    "oltp_traces_endpoint": Change("renamed", None, OLDEST, ("--otlp-traces-endpoint",)),
    # --enable-nan-detection logs and masks NaNs instead of crashing; 0.5.13 removed it too, and nothing since
    "crash_on_nan": Change("removed", None, OLDEST, writes=(("0.5.8", "--enable-nan-detection"), ("0.5.13", "")),
                           retired=True),
    "prefill_round_robin_balance": Change("removed", "0.5.8", "0.5.20", retired=True, ignored=True,
                                          writes=(("0.5.8", "--load-balance-method follow_bootstrap_room"),)),
    "nsa_prefill_backend": Change("renamed", "0.5.13", "0.5.20", ("--dsa-prefill-backend",)),
    "nsa_decode_backend": Change("renamed", "0.5.13", "0.5.20", ("--dsa-decode-backend",)),
    "speculative_ngram_min_match_window_size": Change("removed", None, "0.5.10"),
    "speculative_ngram_max_match_window_size": Change("removed", None, "0.5.10"),
    "speculative_ngram_branch_length": Change("renamed", None, "0.5.10", ("--speculative-ngram-max-trie-depth",),
                                              moves_to="speculative_ngram_max_trie_depth"),
    "enable_flashinfer_allreduce_fusion": Change("renamed", "0.5.14", None, ("--flashinfer-allreduce-fusion-backend",),
                                                 writes=(("0.5.14", "--flashinfer-allreduce-fusion-backend auto"),)),
    "enable_expert_distribution_metrics": Change("renamed", "0.5.18", "0.5.20", ("--expert-balancedness-report-mode",)),
    "mamba_scheduler_strategy": Change("renamed", "0.5.14", "0.5.20", ("--mamba-radix-cache-strategy",)),
    "multi_item_scoring_delimiter": Change("removed", None, "0.5.11"),
    # SGLang pointed these at the decode flags; the prefill side took over the piecewise-graph flags
    "cuda_graph_max_bs": Change("split", "0.5.14", "0.5.20", ("--cuda-graph-max-bs-decode", "--cuda-graph-max-bs-prefill")),
    "cuda_graph_bs": Change("split", "0.5.14", "0.5.20", ("--cuda-graph-bs-decode", "--cuda-graph-bs-prefill")),
    "disable_cuda_graph": Change("split", "0.5.14", None, ("--cuda-graph-backend-decode", "--cuda-graph-backend-prefill"),
                                 writes=(("0.5.14", "--cuda-graph-backend-decode disabled "
                                                    "--cuda-graph-backend-prefill disabled"),)),
    "enable_dp_attention": Change("renamed", "0.5.22", None, ("--attn-dp-size",),
                                  writes=(("0.5.22", "--attn-dp-size N"),),
                                  hint=Text("N is the --dp-size you give now: --attn-dp-size N takes the place of "
                                            "--dp-size N --enable-dp-attention",
                                            "N 即当前的 --dp-size：用 --attn-dp-size N 取代 "
                                            "--dp-size N --enable-dp-attention")),
    "enforce_piecewise_cuda_graph": Change("renamed", "0.5.14", "0.5.20", ("--cuda-graph-backend-prefill",),
                                           writes=_PIECEWISE),
    "piecewise_cuda_graph_tokens": Change("renamed", "0.5.14", "0.5.20", ("--cuda-graph-bs-prefill",)),
    "piecewise_cuda_graph_compiler": Change("removed", "0.5.14", "0.5.20"),
    "piecewise_cuda_graph_max_tokens": Change("renamed", "0.5.14", "0.5.20", ("--cuda-graph-max-bs-prefill",)),
    "torchao_config": Change("removed", None, "0.5.18"),
    "enable_nan_detection": Change("removed", None, "0.5.13"),
    "disable_fast_image_processor": Change("renamed", "0.5.18", None, ("--image-processor-backend",),
                                           writes=(("0.5.18", "--image-processor-backend pil"),)),
    "keep_mm_feature_on_device": Change("renamed", "0.5.16", "0.5.21", ("--mm-feature-transport",)),
    "enable_nsa_prefill_context_parallel": Change("renamed", "0.5.13", "0.5.20", ("--enable-prefill-cp",)),
    # piecewise graphs became the default in 0.5.10; the old switch moved to the one that forces them
    "enable_piecewise_cuda_graph": Change("renamed", "0.5.10", "0.5.14", ("--enforce-piecewise-cuda-graph",),
                                          writes=_PIECEWISE, moves_to="enforce_piecewise_cuda_graph"),
    "monokernel_backend": Change("renamed", "0.5.23", None, ("--enable-amd-monokernel",),
                                 moves_to="enable_amd_monokernel", sets=True),  # born deprecated: amd was its only value
    "debug_tensor_dump_inject": Change("removed", None, "0.5.14", retired=True),
    "disaggregation_decode_tp": Change("removed", None, "0.5.10", hint=_BOOTSTRAP["decode"], retired=True),
    "disaggregation_decode_dp": Change("removed", None, "0.5.10", hint=_BOOTSTRAP["decode"], retired=True),
    "disaggregation_prefill_pp": Change("removed", None, "0.5.10", hint=_BOOTSTRAP["prefill"], retired=True),
    # 0.5.9 flags gone before 0.5.23 (read from 0.5.10, 0.5.12, 0.5.13 and 0.5.14)
    **dict.fromkeys(("disable_hicache_numa_detect", "mm_max_concurrent_calls", "mm_per_request_timeout"),
                    Change("removed", None, "0.5.10")),
    "nsa_prefill_cp_mode": Change("removed", "0.5.13", "0.5.14"),  # its 0.5.13 successor is gone too
    "custom_sigquit_handler": Change("removed", None, "0.5.14"),
    **dict.fromkeys(("enable_double_sparsity", "ds_channel_config_path", "ds_heavy_channel_num", "ds_heavy_token_num",
                     "ds_heavy_channel_type", "ds_sparse_decode_threshold"),
                    Change("removed", None, "0.5.11", retired=True)),
}

# Spellings no field of the schema holds (gone before the oldest release we read, or born and gone between the
# releases we hold), which real launch commands (old guides, scripts, SGLang's own tests) still use.  argmatrix
# names the successor rather than guess a similar-looking flag.
FORMER_FLAGS: dict[str, Change] = {
    "--enable-ep-moe": Change("removed", None, OLDEST, ("--ep-size",), writes=(("0.5.8", "--ep-size N"),),
                              hint=Text("expert parallelism is sized, not switched on", "专家并行按规模设置，而不是开关")),
    "--enable-deepep-moe": Change("removed", None, OLDEST, ("--moe-a2a-backend",),
                                  writes=(("0.5.8", "--moe-a2a-backend deepep"),)),
    "--npu-graph-max-bs": Change("removed", None, OLDEST, ("--cuda-graph-max-bs-decode",),
                                 writes=(("0.5.8", "--cuda-graph-max-bs N"), ("0.5.20", "--cuda-graph-max-bs-decode N")),
                                 hint=Text("it covers NPU graphs too", "它同样适用于 NPU 图")),
    "--enable-flashinfer-mla": Change("removed", None, OLDEST, ("--attention-backend",),
                                      writes=(("0.5.8", "--attention-backend flashinfer"),)),
    "--enable-flashmla": Change("removed", None, OLDEST, ("--attention-backend",),
                                writes=(("0.5.8", "--attention-backend flashmla"),)),
    "--max-micro-batch-size": Change("removed", None, OLDEST, ("--pp-max-micro-batch-size",),
                                     writes=(("0.5.8", "--pp-max-micro-batch-size N"),),
                                     hint=Text("it only applies with --pp-size above 1", "仅在 --pp-size 大于 1 时生效")),
    # a prefill context-parallel switch SGLang had from 0.5.10 (deprecated for --enable-prefill-cp, 0.5.14) to 0.5.19
    # (read from those wheels' server_args.py); no schema field holds it
    "--enable-prefill-context-parallel": Change("renamed", None, "0.5.20", ("--enable-prefill-cp",),
                                                writes=(("0.5.14", "--enable-prefill-cp"),)),
}

# Aliases newer than their field: spelling -> the first release that reads it (read from the wheels' parsers).
SPELLINGS_INTRODUCED: dict[str, str] = {
    "--hisparse-config": "0.5.10",   # of --hierarchical-sparse-attention-extra-config
    "--enable-hicache": "0.5.23",    # of --enable-hierarchical-cache
}

# field -> the first release that has its flag, for flags newer than the seed release.
# Filled from the 0.5.23 flag set (tools/sglang_diff.py reads first_seen from every release in between).
INTRODUCED: dict[str, str] = {
    # in the seed tables, but first released in 0.5.10 (the tables describe a snapshot just after 0.5.9)
    **dict.fromkeys(("incremental_streaming_output", "speculative_ngram_max_trie_depth", "enforce_piecewise_cuda_graph",
                     "enable_adaptive_dispatch_to_encoder"), "0.5.10"),
    "monokernel_backend": "0.5.23",  # born deprecated: it points at --enable-amd-monokernel
    **dict.fromkeys(('default_priority_value', 'disable_priority_preemption', 'enable_aiter_allreduce_fusion',
                     'enable_elastic_expert_backup', 'enable_fused_moe_sum_all_reduce', 'enable_hisparse',
                     'enable_mfu_metrics', 'enable_mm_global_cache', 'enable_ssl_refresh', 'enable_streaming_session',
                     'enforce_disable_flashinfer_allreduce_fusion', 'engine_info_bootstrap_port',
                     'experts_shared_outer_loras', 'gc_threshold', 'linear_attn_backend',
                     'linear_attn_decode_backend', 'linear_attn_prefill_backend', 'modelexpress_config', 'pre_warm_nccl',
                     'ssl_ca_certs', 'ssl_certfile', 'ssl_keyfile', 'ssl_keyfile_password',
                     'stream_response_default_include_usage', 'use_ray'), '0.5.10'),
    **dict.fromkeys(('batch_notify_size', 'debug_cuda_graph', 'disaggregation_decode_enable_radix_cache',
                     'enable_dp_attention_local_control_broadcast', 'enable_http2', 'enable_mis',
                     'enable_quant_communications', 'enforce_shared_experts_fusion', 'lora_strict_loading',
                     'lora_use_virtual_experts', 'msprobe_dump_config', 'speculative_adaptive',
                     'speculative_adaptive_config', 'speculative_dflash_block_size',
                     'speculative_ngram_external_corpus_max_tokens', 'speculative_ngram_external_corpus_path',
                     'speculative_ngram_external_sam_budget', 'strip_thinking_cache', 'tokenizer_backend',
                     'weight_loader_prefetch_checkpoints', 'weight_loader_prefetch_num_threads'), '0.5.11'),
    **dict.fromkeys(('detokenizer_worker_num', 'enable_forward_pass_metrics', 'enable_return_indexer_topk',
                     'enable_strict_thinking', 'forward_pass_metrics_ipc_name', 'forward_pass_metrics_worker_id',
                     'lora_drain_wait_threshold', 'model_config_parser', 'prefill_delayer_max_delay_ms',
                     'prefill_delayer_queue_min_ratio', 'prefill_only_disable_kv_cache', 'speculative_draft_window_size',
                     'weight_loader_drop_cache_after_load'), '0.5.12'),
    **dict.fromkeys(('asr_max_buffer_seconds', 'asr_max_concurrent_sessions', 'deepep_dispatcher_output_dtype',
                     'disable_attn_tp_gather', 'dsa_decode_backend', 'dsa_prefill_backend', 'dsa_topk_backend',
                     'enable_deepseek_v4_fp4_indexer', 'encoder_bootstrap_port', 'encoder_register_urls', 'kv_canary',
                     'kv_canary_real_data', 'kv_canary_sweep_interval', 'lmcache_config_file',
                     'load_snapshot_publish_interval', 'radix_cache_backend', 'trace_modules'), '0.5.13'),
    **dict.fromkeys(('cp_strategy', 'cuda_graph_backend_decode', 'cuda_graph_backend_prefill', 'cuda_graph_bs_decode',
                     'cuda_graph_bs_prefill', 'cuda_graph_config', 'cuda_graph_max_bs_decode', 'cuda_graph_max_bs_prefill',
                     'disable_decode_cuda_graph', 'disable_prefill_cuda_graph', 'disaggregation_decode_extra_slots',
                     'enable_int8_mamba_checkpoint', 'enable_prefill_cp', 'flashinfer_allreduce_fusion_backend',
                     'int8_mamba_ckpt_size', 'mamba_radix_cache_strategy', 'speculative_use_rejection_sampling'), '0.5.14'),
    **dict.fromkeys(('bf16_gemm_backend', 'dcp_size', 'decoupled_spec_bind_endpoint', 'decoupled_spec_connect_endpoints',
                     'decoupled_spec_rank', 'decoupled_spec_role', 'dsa_paged_mqa_logits_backend', 'enable_linear_replayssm',
                     'enable_mamba_cache_stochastic_rounding', 'enable_page_major_kv_layout', 'enable_session_radix_cache',
                     'enable_tf32_matmul', 'enable_unified_memory', 'linear_replayssm_cache_len',
                     'mamba_cache_philox_rounds', 'min_free_slots_delay', 'spec_trace_dir'), '0.5.15'),
    **dict.fromkeys(('default_chat_template_kwargs', 'dllm_fdfo', 'elastic_ep_initial_size', 'elastic_ep_scale_timeout',
                     'enable_dsa_cache_layer_split', 'enable_flexkv', 'enable_scattered_sconv', 'enable_waterfill',
                     'ep_join_mode', 'ep_join_rank_offset', 'flexkv_config_file', 'fuseep_mode', 'grpc_port', 'max_ep_size',
                     'mm_feature_transport', 'optimistic_prefill_attempts', 'retraction_policy', 'sidecar', 'sidecar_args',
                     'smg_grpc_mode', 'smg_http_sidecar_port', 'speculative_dspark_align_verify_tokens_to_graph_tier',
                     'speculative_dspark_block_size', 'speculative_dspark_confidence_sts_path',
                     'speculative_dspark_sps_table_path'), '0.5.16'),
    **dict.fromkeys(('dcp_comm_backend', 'dcp_replicate_q_proj', 'dwdp_size', 'enable_cp_decode_attn_tp',
                     'enable_linear_replayssm_spec', 'flashinfer_autotune_skip_ops', 'linear_attn_verify_backend',
                     'mamba_max_states_per_path', 'mm_io_worker_num', 'mm_processor_worker_num', 'return_hidden_states_mode',
                     'weight_cache_mode', 'weight_cache_socket', 'weight_cache_timeout'), '0.5.17'),
    **dict.fromkeys(('allowed_media_domains', 'c128_page_size', 'disaggregation_decode_retraction_backup',
                     'enable_tp_lm_head_all_to_all', 'expert_balancedness_report_mode', 'http2_max_concurrent_streams',
                     'image_processor_backend', 'language_model_only', 'media_url_max_file_size_mb', 'mlx_enable_sampling',
                     'mm_global_cache_backend', 'mm_preprocess_cache_size_mb', 'speculative_draft_kv_cache_dtype',
                     'startup_weight_load_mode', 'trust_mm_content_hashes'), '0.5.18'),
    **dict.fromkeys(('deepep_v2_mode', 'dsv4_prefill_backend', 'enable_dense_mlp_attn_tp', 'enable_layernorm_sp',
                     'enable_lean_attention', 'enable_shared_experts_attn_tp', 'enable_w4a4_mxfp4_megamoe',
                     'gated_launch_port', 'hicache_host_memory_mode', 'hicache_storage_prefetch_retry_max_attempts',
                     'hicache_storage_prefetch_retry_poll_interval', 'http2_initial_connection_window_size',
                     'load_publish_endpoint', 'prefill_decode_interval', 'speculative_dsa_topk_backend'), '0.5.19'),
    **dict.fromkeys(('dsv4_attn_backend', 'enable_response_store', 'enable_unified_cache_external_linker',
                     'flashinfer_a2a_dispatch_type', 'ple_offload_backend', 'ple_offload_dir', 'ple_offload_embedding',
                     'radix_eviction_policy_config', 'return_input_ids', 'return_output_ids', 'sampling_mask_max_tokens',
                     'speculative_domino_candidate_pool_size', 'unified_cache_external_linker_backend', 'uno_lora_path'), '0.5.20'),
    **dict.fromkeys(('boundary_reduction', 'constrained_json_max_whitespace_cnt', 'cuda_graph_max_seq_len_prefill',
                     'cuda_graph_prefill_max_context', 'disable_aiter_allreduce_fusion_in_decode',
                     'disable_aiter_allreduce_fusion_in_prefill', 'disaggregation_decode_host_receive_threshold',
                     'disaggregation_enable_kv_checksum', 'enable_decoder_swa_bounded_replay',
                     'enable_encoder_swa_bounded_replay', 'enable_linker_mla_dedup', 'enable_pd_role_switch',
                     'grpc_response_timeout_secs', 'hicache_host_memory_fraction', 'otlp_service_name',
                     'prefill_kv_cache_dequant_dtype', 'shared_experts_tp_size', 'speculative_draft_sink_size',
                     'swa_prefix_tails', 'trust_request_chat_template'), '0.5.21'),
    **dict.fromkeys(('attn_dp_size', 'disaggregation_decode_allocation_policy', 'dsa_triton_union',
                     'enable_dsa_fused_indexer', 'enable_kv_cache_sharding', 'enable_watermark', 'qsa_indexer_dtype',
                     'speculative_enable_w4a4_mxfp4_megamoe', 'speculative_use_block_verification', 'watermark_config'), '0.5.22'),
    **dict.fromkeys(('enable_amd_monokernel', 'enable_amd_monokernel', 'enable_http_worker_reuseport',
                     'enable_megamoe_for_layernorm_sp', 'enable_nvidia_megakernel', 'enable_paged_experts',
                     'enable_return_aux_hidden_states', 'paged_experts_num_resident', 'prefill_decode_interval_min_bs',
                     'return_aux_hidden_state_layer_ids', 'unified_cache_external_linker_config'), '0.5.23'),
}

# fields whose off switch SGLang spells --no-<flag> (argparse's BooleanOptionalAction, from 0.5.23's parser);
# argmatrix reads --no-X and --disable-X for every switch, SGLang only these
NO_SPELLING: frozenset[str] = frozenset({
    'dcp_replicate_q_proj',
    'dllm_fdfo',
    'enable_decoder_swa_bounded_replay',
    'enable_dsa_fused_indexer',
    'enable_fused_qk_norm_rope',
    'enable_tf32_matmul',
    'enable_tp_lm_head_all_to_all',
    'experts_shared_outer_loras',
    'lora_strict_loading',
    'mm_enable_dp_encoder',
    'ple_offload_embedding',
    'speculative_enable_w4a4_mxfp4_megamoe',
})


# Choice values that came or went between releases: field -> {release: values}.  Dated against the releases
# whose parsers were read (0.5.9, 0.5.10, 0.5.12, 0.5.13, 0.5.14, 0.5.16, 0.5.18, 0.5.20, 0.5.22, 0.5.23), so a
# date is the first of those releases with (or without) the value.
VALUES_INTRODUCED: dict[str, dict[str, tuple[str, ...]]] = {
    'attention_backend': {
        '0.5.12': ('compressed', 'dsv4', 'tokenspeed_mla'),
        '0.5.13': ('cutedsl_mla', 'dsa'),
        '0.5.18': ('hpc_ops',),
        '0.5.20': ('minicpm_flashattn', 'minicpm_flashinfer', 'qsa'),
        '0.5.22': ('llada2_cfg_flashinfer',),
    },
    'bf16_gemm_backend': {'0.5.18': ('torch',), '0.5.20': ('gemv',)},
    'decode_attention_backend': {
        '0.5.12': ('compressed', 'dsv4', 'tokenspeed_mla'),
        '0.5.13': ('cutedsl_mla', 'dsa'),
        '0.5.18': ('hpc_ops',),
        '0.5.20': ('minicpm_flashattn', 'minicpm_flashinfer', 'qsa'),
        '0.5.22': ('llada2_cfg_flashinfer',),
    },
    'disaggregation_decode_retraction_backup': {'0.5.22': ('none',)},
    'disaggregation_transfer_backend': {'0.5.13': ('mooncake_tcp',)},
    'dsa_decode_backend': {
        '0.5.16': ('flashmla_sparse_q8',),
        '0.5.18': ('flashinfer_sparse_mla',),
        '0.5.20': ('triton',),
        '0.5.22': ('intel_xpu',),
    },
    'dsa_prefill_backend': {
        '0.5.16': ('flashmla_sparse_q8',),
        '0.5.18': ('flashinfer_sparse_mla',),
        '0.5.20': ('triton',),
        '0.5.22': ('intel_xpu', 'triton_sparse_mla'),
    },
    'dsv4_attn_backend': {'0.5.23': ('flashmla_mega',)},
    'elastic_ep_backend': {'0.5.10': ('nixl',)},
    'encoder_transfer_backend': {'0.5.18': ('auto',)},
    'flashinfer_allreduce_fusion_backend': {'0.5.22': ('cutedsl',)},
    'flashinfer_mxfp4_moe_precision': {'0.5.20': ('fp8',)},
    'fp4_gemm_runner_backend': {'0.5.10': ('cutlass',), '0.5.12': ('flashinfer_cutedsl',), '0.5.13': ('marlin',)},
    'fp8_gemm_backend': {'0.5.10': ('flashinfer_cutlass',), '0.5.18': ('flashinfer_cutedsl',)},
    'hicache_storage_backend': {
        '0.5.12': ('simm',),
        '0.5.16': ('mori',),
        '0.5.18': ('shm',),
        '0.5.20': ('npu_memcache', 'sim'),
        '0.5.22': ('seaweedfs', 'tensorcast'),
    },
    'kv_cache_dtype': {'0.5.16': ('fp4_mx_block16', 'mxfp8', 'nvfp4')},
    'linear_attn_backend': {
        '0.5.16': ('flashkda',),
        '0.5.18': ('helion', 'nvidia_kda', 'ptx_kda'),
        '0.5.20': ('intel_xpu',),
    },
    'linear_attn_decode_backend': {
        '0.5.16': ('flashkda',),
        '0.5.18': ('helion', 'nvidia_kda', 'ptx_kda'),
        '0.5.20': ('intel_xpu',),
    },
    'linear_attn_prefill_backend': {
        '0.5.16': ('flashkda',),
        '0.5.18': ('helion', 'nvidia_kda', 'ptx_kda'),
        '0.5.20': ('intel_xpu',),
    },
    'linear_attn_verify_backend': {'0.5.20': ('intel_xpu',)},
    'load_format': {
        '0.5.10': ('mistral', 'runai_streamer'),
        '0.5.18': ('presharded',),
        '0.5.20': ('expert_pack',),
        '0.5.22': ('instanttensor',),
    },
    'lora_backend': {'0.5.23': ('triton_v2',)},
    'lora_target_modules': {
        '0.5.12': ('kv_a_proj_with_mqa', 'kv_b_proj', 'q_a_proj', 'q_b_proj'),
        '0.5.14': ('weights_proj', 'wk', 'wq_b'),
        '0.5.16': ('qkvr', 'wo_ud'),
    },
    'mamba_scheduler_strategy': {'0.5.13': ('extra_buffer_lazy',)},
    'mm_attention_backend': {'0.5.10': ('flashinfer_cudnn',), '0.5.13': ('amx_attn', 'xpu_attn')},
    'mm_feature_transport': {'0.5.18': ('cuda_vmm',)},
    'moe_a2a_backend': {
        '0.5.10': ('nixl',),
        '0.5.12': ('megamoe',),
        '0.5.16': ('ascend_tp',),
        '0.5.18': ('pplx',),
        '0.5.20': ('deepep_v2', 'flashinfer_megamoe'),
    },
    'moe_runner_backend': {
        '0.5.10': ('flashinfer_trtllm_routed',),
        '0.5.12': ('aiter', 'marlin'),
        '0.5.13': ('experimental_sgl_trtllm',),
        '0.5.16': ('experimental_sgl_marlin', 'humming'),
        '0.5.18': ('hpc_ops', 'megamoe'),
        '0.5.20': ('flashinfer_megamoe', 'intel_xpu'),
        '0.5.23': ('lora_cutedsl', 'lora_marlin', 'lora_triton'),
    },
    'nsa_decode_backend': {'0.5.16': ('flashmla_sparse_q8',), '0.5.18': ('flashinfer_sparse_mla',)},
    'nsa_prefill_backend': {'0.5.16': ('flashmla_sparse_q8',), '0.5.18': ('flashinfer_sparse_mla',)},
    'prefill_attention_backend': {
        '0.5.12': ('compressed', 'dsv4', 'tokenspeed_mla'),
        '0.5.13': ('cutedsl_mla', 'dsa'),
        '0.5.18': ('hpc_ops',),
        '0.5.20': ('minicpm_flashattn', 'minicpm_flashinfer', 'qsa'),
        '0.5.22': ('llada2_cfg_flashinfer',),
    },
    'quantization': {
        '0.5.10': ('modelopt_mixed',),
        '0.5.12': ('mlx_q4', 'mlx_q8', 'quark', 'unquant'),
        '0.5.13': ('quark_mxfp4',),
        '0.5.14': ('nvfp4_online',),
        '0.5.16': ('auto-round-int8', 'humming', 'mxfp_w4a8'),
    },
    'radix_eviction_policy': {'0.5.10': ('slru',), '0.5.12': ('priority',), '0.5.22': ('tlru',)},
    'reasoning_parser': {
        '0.5.10': ('mimo', 'mistral', 'nemotron_3'),
        '0.5.12': ('auto', 'deepseek-v4', 'gemma4', 'hunyuan', 'poolside_v1'),
        '0.5.13': ('apertus2509', 'cohere_command4'),
        '0.5.16': ('inkling', 'minimax-m3'),
        '0.5.18': ('kimi_k3', 'muse'),
        '0.5.20': ('dots', 'granite_thinking_parser', 'k2_horizon', 'ling3', 'nanbeige'),
        '0.5.22': ('deepseek-v41', 'gigachat35', 'iquest_q1'),
        '0.5.23': ('beam', 'response_template'),
    },
    'remote_instance_weight_loader_backend': {'0.5.10': ('modelexpress',)},
    'sampling_backend': {'0.5.22': ('intel_xpu',)},
    'schedule_policy': {'0.5.20': ('hrrn',), '0.5.22': ('shortest-prefill-first',)},
    'speculative_draft_load_format': {
        '0.5.10': ('mistral', 'runai_streamer'),
        '0.5.18': ('presharded',),
        '0.5.20': ('expert_pack',),
        '0.5.22': ('instanttensor',),
    },
    'speculative_draft_model_quantization': {
        '0.5.10': ('modelopt_mixed',),
        '0.5.12': ('mlx_q4', 'mlx_q8', 'quark'),
        '0.5.13': ('quark_mxfp4',),
        '0.5.14': ('nvfp4_online',),
        '0.5.16': ('auto-round-int8', 'humming', 'mxfp_w4a8'),
    },
    'speculative_moe_a2a_backend': {
        '0.5.10': ('nixl',),
        '0.5.12': ('megamoe',),
        '0.5.16': ('ascend_tp',),
        '0.5.18': ('pplx',),
        '0.5.20': ('deepep_v2',),
    },
    'speculative_moe_runner_backend': {
        '0.5.10': ('flashinfer_trtllm_routed',),
        '0.5.12': ('aiter', 'marlin'),
        '0.5.13': ('experimental_sgl_trtllm',),
        '0.5.16': ('experimental_sgl_marlin', 'humming'),
        '0.5.18': ('hpc_ops', 'megamoe'),
        '0.5.20': ('flashinfer_megamoe', 'intel_xpu'),
        '0.5.23': ('lora_cutedsl', 'lora_marlin', 'lora_triton'),
    },
    'tool_call_parser': {
        '0.5.12': ('auto', 'deepseekv4', 'gemma4', 'hunyuan', 'poolside_v1'),
        '0.5.13': ('apertus2509', 'cohere_command4', 'minicpm5'),
        '0.5.16': ('inkling', 'minimax-m3'),
        '0.5.18': ('kimi_k3', 'muse'),
        '0.5.20': ('dots', 'k2_horizon', 'ling3', 'nanbeige', 'spark25'),
        '0.5.22': ('deepseekv41', 'gigachat35', 'iquest_q1'),
        '0.5.23': ('beam', 'response_template'),
    },
    'unified_cache_external_linker_backend': {'0.5.23': ('dynamic',)},
}
# OLDEST as the date: no release we read takes the value for that flag (the seed table lists it, or another flag's
# list has it: --moe-a2a-backend flashinfer_megamoe, but not --speculative-moe-a2a-backend).
VALUES_GONE: dict[str, dict[str, tuple[str, ...]]] = {
    'nsa_prefill_backend': {'0.5.8': ('flashmla_decode',)},
    'nsa_decode_backend': {'0.5.8': ('flashmla_prefill',)},
    'speculative_moe_a2a_backend': {'0.5.8': ('flashinfer_megamoe',)},
    'attention_backend': {'0.5.20': ('cutlass_mla', 'dual_chunk_flash_attn')},
    'cuda_graph_backend_decode': {'0.5.22': ('tc_piecewise',)},
    'cuda_graph_backend_prefill': {'0.5.22': ('tc_piecewise',)},
    'decode_attention_backend': {'0.5.20': ('cutlass_mla', 'dual_chunk_flash_attn')},
    'fp4_gemm_runner_backend': {'0.5.16': ('cutlass',)},
    'kv_cache_dtype': {'0.5.22': ('fp4_e2m1',)},
    'prefill_attention_backend': {'0.5.20': ('cutlass_mla', 'dual_chunk_flash_attn')},
    'quantization': {'0.5.16': ('qoq',), '0.5.20': ('marlin',)},
    'reasoning_parser': {'0.5.10': ('nano_v3',)},
    'speculative_draft_model_quantization': {'0.5.16': ('qoq',), '0.5.20': ('marlin',)},
}
