"""CPU hosts: SGLang's CPU backend (torch native kernels, Intel AMX) and argmatrix's own engine.

An argument is supported unless it needs something a CPU host does not have;
``CPU_NEEDS`` names that thing per argument, so every refusal says why.
"""
from __future__ import annotations

from typing import Any

from ...records import record, replace
from ...schema.meta import MISSING, Text
from ...schema.registry import ArgSpec
from ..deploy import PodNeeds
from ..devices import DeviceFacts, system_memory_bytes
from ..status import Cell, Status
from .base import Platform
from .values import ATTENTION_BACKEND_FIELDS

# What a CPU host lacks, and the arguments that need it.
NEEDS: dict[str, Text] = {
    "graphs": Text("needs CUDA/NPU graph capture, which a CPU host does not have", "需要 CUDA/NPU 图捕获，CPU 主机不具备"),
    "collectives": Text("needs accelerator collectives (NCCL/HCCL) across devices", "需要跨设备的加速器集合通信（NCCL/HCCL）"),
    "deepep": Text("needs DeepEP all-to-all kernels on an accelerator", "需要加速器上的 DeepEP all-to-all 算子"),
    "flashinfer": Text("needs FlashInfer CUDA kernels", "需要 FlashInfer CUDA 算子"),
    "cuda_kernels": Text("needs CUDA kernels (Triton/CUTLASS/DeepGEMM) that have no CPU build", "需要没有 CPU 版本的 CUDA 算子（Triton/CUTLASS/DeepGEMM）"),
    "rdma": Text("needs an RDMA / HCCS transfer engine between devices", "需要设备间的 RDMA / HCCS 传输引擎"),
    "device_memory": Text("manages accelerator memory; on a CPU host the KV cache already lives in host RAM",
                          "管理加速器显存；在 CPU 主机上 KV 缓存本就位于主机内存"),
    "gpu_ids": Text("selects GPU indices; a CPU host has none", "用于选择 GPU 编号，CPU 主机没有 GPU"),
    "profiling": Text("emits CUDA/NVTX profiling markers", "输出 CUDA/NVTX 性能分析标记"),
    "third_party": Text("the third-party component it drives needs a CUDA GPU", "其依赖的第三方组件需要 CUDA GPU"),
    "fp8": Text("needs FP8 KV-cache kernels on an accelerator", "需要加速器上的 FP8 KV 缓存算子"),
}
CPU_NEEDS: dict[str, str] = {
    # kernel backends and quantization kernels
    "nsa_prefill_backend": "cuda_kernels", "nsa_decode_backend": "cuda_kernels", "fp8_gemm_backend": "cuda_kernels",
    "disable_flashinfer_autotune": "flashinfer", "quantization_param_path": "fp8",
    "modelopt_quant": "cuda_kernels", "modelopt_checkpoint_restore_path": "cuda_kernels",
    "modelopt_checkpoint_save_path": "cuda_kernels", "modelopt_export_path": "cuda_kernels",
    "quantize_and_serve": "cuda_kernels", "rl_quant_profile": "cuda_kernels",
    "triton_attention_reduce_in_fp32": "cuda_kernels", "triton_attention_num_kv_splits": "cuda_kernels",
    "triton_attention_split_tile_size": "cuda_kernels", "enable_fused_qk_norm_rope": "cuda_kernels",
    "max_lora_chunk_size": "cuda_kernels",
    # graphs
    "cuda_graph_max_bs": "graphs",
    "enable_profile_cuda_graph": "graphs", "enable_cudagraph_gc": "graphs", "enforce_piecewise_cuda_graph": "graphs",
    "enable_piecewise_cuda_graph": "graphs", "piecewise_cuda_graph_tokens": "graphs",
    "piecewise_cuda_graph_compiler": "graphs", "piecewise_cuda_graph_max_tokens": "graphs",
    # multi-device collectives and parallel layouts
    "attn_cp_size": "collectives", "moe_dp_size": "collectives", "enable_nccl_nvls": "collectives",
    "enable_symm_mem": "collectives", "enable_mscclpp": "collectives", "enable_torch_symm_mem": "collectives",
    "enable_p2p_check": "collectives", "enable_dp_lm_head": "collectives",
    "enable_two_batch_overlap": "collectives", "enable_single_batch_overlap": "collectives",
    "tbo_token_distribution_threshold": "collectives", "enable_attn_tp_input_scattered": "collectives",
    "enable_nsa_prefill_context_parallel": "collectives", "ep_size": "collectives",
    "disable_flashinfer_cutlass_moe_fp4_allgather": "flashinfer", "enable_flashinfer_allreduce_fusion": "flashinfer",
    "flashinfer_mxfp4_moe_precision": "flashinfer", "flashinfer_mla_disable_ragged": "flashinfer",
    "remote_instance_weight_loader_seed_instance_ip": "collectives",
    "remote_instance_weight_loader_seed_instance_service_port": "collectives",
    "remote_instance_weight_loader_send_weights_group_ports": "collectives",
    "remote_instance_weight_loader_backend": "collectives",
    "remote_instance_weight_loader_start_seed_via_transfer_engine": "rdma",
    # expert parallelism
    "deepep_mode": "deepep", "deepep_config": "deepep", "ep_num_redundant_experts": "collectives",
    "ep_dispatch_algorithm": "collectives", "enable_eplb": "collectives", "eplb_algorithm": "collectives",
    "eplb_rebalance_num_iterations": "collectives", "eplb_rebalance_layers_per_chunk": "collectives",
    "eplb_min_rebalancing_utilization_threshold": "collectives", "init_expert_location": "collectives",
    "elastic_ep_backend": "rdma", "mooncake_ib_device": "rdma", "speculative_moe_a2a_backend": "deepep",
    # disaggregation transports
    "disaggregation_mode": "rdma", "disaggregation_ib_device": "rdma", "disaggregation_bootstrap_port": "rdma",
    "disaggregation_decode_enable_offload_kvcache": "rdma", "disaggregation_decode_polling_interval": "rdma",
    "disaggregation_decode_tp": "rdma", "disaggregation_decode_dp": "rdma", "disaggregation_prefill_pp": "rdma",
    "enable_pdmux": "cuda_kernels", "pdmux_config_path": "cuda_kernels", "sm_group_num": "cuda_kernels",
    # memory tiers that only exist beside an accelerator
    "enable_hierarchical_cache": "device_memory", "hicache_ratio": "device_memory", "hicache_size": "device_memory",
    "hicache_write_policy": "device_memory", "hicache_io_backend": "device_memory", "hicache_mem_layout": "device_memory",
    "hicache_storage_backend": "device_memory", "hicache_storage_prefetch_policy": "device_memory",
    "hicache_storage_backend_extra_config": "device_memory", "enable_lmcache": "device_memory",
    "cpu_offload_gb": "device_memory", "offload_group_size": "device_memory", "offload_num_in_group": "device_memory",
    "offload_prefetch_step": "device_memory", "offload_mode": "device_memory", "enable_memory_saver": "device_memory",
    "enable_weights_cpu_backup": "device_memory", "enable_draft_weights_cpu_backup": "device_memory",
    "keep_mm_feature_on_device": "device_memory",
    "base_gpu_id": "gpu_ids", "gpu_id_step": "gpu_ids",
    "enable_layerwise_nvtx_marker": "profiling", "kv_events_config": "third_party",
    # third-party components
    "checkpoint_engine_wait_weights_before_ready": "third_party", "kt_weight_path": "third_party",
    "kt_method": "third_party", "kt_cpuinfer": "third_party", "kt_threadpool_count": "third_party",
    "kt_num_gpu_experts": "third_party", "kt_max_deferred_experts_per_token": "third_party",
    # flags SGLang added after the seed release (0.5.10 to 0.5.23), by what they need
    **dict.fromkeys(('enable_prefill_cp', 'cp_strategy', 'enable_dsa_cache_layer_split', 'enable_cp_decode_attn_tp',
                     'enable_kv_cache_sharding', 'dcp_size', 'dcp_replicate_q_proj', 'dwdp_size',
                     'enable_tp_lm_head_all_to_all', 'enable_shared_experts_attn_tp', 'shared_experts_tp_size',
                     'enable_dense_mlp_attn_tp', 'enable_layernorm_sp', 'dcp_comm_backend',
                     'fuseep_mode', 'pre_warm_nccl', 'enable_quant_communications', 'boundary_reduction',
                     'disable_aiter_allreduce_fusion_in_prefill', 'disable_aiter_allreduce_fusion_in_decode',
                     'enable_scattered_sconv', 'enable_dp_attention_local_control_broadcast', 'disable_attn_tp_gather'), 'collectives'),
    **dict.fromkeys(('qsa_indexer_dtype', 'enable_w4a4_mxfp4_megamoe', 'prefill_only_disable_kv_cache',
                     'enable_unified_memory', 'enable_page_major_kv_layout', 'enable_megamoe_for_layernorm_sp',
                     'lora_use_virtual_experts', 'dsa_prefill_backend', 'dsa_decode_backend',
                     'dsa_paged_mqa_logits_backend', 'dsa_topk_backend', 'dsa_triton_union', 'enable_dsa_fused_indexer',
                     'dsv4_attn_backend', 'dsv4_prefill_backend', 'enable_lean_attention', 'fp4_gemm_runner_backend',
                     'speculative_use_rejection_sampling', 'speculative_use_block_verification',
                     'speculative_enable_w4a4_mxfp4_megamoe', 'speculative_draft_sink_size',
                     'speculative_dflash_block_size', 'speculative_domino_candidate_pool_size',
                     'speculative_dspark_block_size', 'speculative_dspark_sps_table_path',
                     'speculative_dspark_confidence_sts_path', 'uno_lora_path', 'speculative_dsa_topk_backend',
                     'enable_aiter_allreduce_fusion', 'mamba_backend', 'enable_mamba_cache_stochastic_rounding',
                     'mamba_cache_philox_rounds', 'linear_attn_backend', 'linear_attn_decode_backend',
                     'linear_attn_prefill_backend', 'linear_attn_verify_backend', 'enable_linear_replayssm',
                     'linear_replayssm_cache_len', 'enable_linear_replayssm_spec', 'enable_hisparse', 'hisparse_config',
                     'kv_canary', 'kv_canary_real_data', 'kv_canary_sweep_interval', 'enable_fused_moe_sum_all_reduce',
                     'enable_return_indexer_topk', 'enable_tf32_matmul', 'enable_deepseek_v4_fp4_indexer',
                     'enable_encoder_swa_bounded_replay', 'enable_decoder_swa_bounded_replay', 'enable_watermark',
                     'watermark_config', 'dllm_algorithm', 'dllm_algorithm_config', 'dllm_fdfo'), 'cuda_kernels'),
    **dict.fromkeys(('deepep_v2_mode', 'deepep_dispatcher_output_dtype', 'enable_waterfill'), 'deepep'),
    **dict.fromkeys(('weight_cache_mode', 'weight_cache_socket', 'weight_cache_timeout', 'file_storage_path',
                     'ple_offload_backend', 'enable_paged_experts', 'paged_experts_num_resident',
                     'hicache_host_memory_fraction', 'hicache_host_memory_mode',
                     'hicache_storage_prefetch_retry_poll_interval', 'hicache_storage_prefetch_retry_max_attempts',
                     'enable_unified_cache_external_linker', 'unified_cache_external_linker_backend',
                     'unified_cache_external_linker_config', 'enable_flexkv', 'flexkv_config_file',
                     'lmcache_config_file', 'ple_offload_embedding', 'ple_offload_dir'), 'device_memory'),
    **dict.fromkeys(('flashinfer_autotune_skip_ops', 'flashinfer_allreduce_fusion_backend',
                     'enforce_disable_flashinfer_allreduce_fusion', 'flashinfer_a2a_dispatch_type', 'enable_mis'), 'flashinfer'),
    **dict.fromkeys(('prefill_kv_cache_dequant_dtype',), 'fp8'),
    **dict.fromkeys(('use_ray',), 'gpu_ids'),
    **dict.fromkeys(('speculative_dspark_align_verify_tokens_to_graph_tier', 'cuda_graph_config',
                     'cuda_graph_max_bs_decode', 'cuda_graph_max_bs_prefill',
                     'cuda_graph_bs_prefill', 'cuda_graph_max_seq_len_prefill', 'cuda_graph_prefill_max_context',
                     'debug_cuda_graph'), 'graphs'),
    **dict.fromkeys(('enable_linker_mla_dedup', 'max_ep_size', 'enable_elastic_expert_backup', 'ep_join_mode',
                     'ep_join_rank_offset', 'elastic_ep_initial_size', 'elastic_ep_scale_timeout',
                     'disaggregation_decode_enable_radix_cache', 'disaggregation_decode_retraction_backup',
                     'disaggregation_decode_extra_slots', 'disaggregation_decode_host_receive_threshold',
                     'disaggregation_decode_allocation_policy', 'optimistic_prefill_attempts',
                     'disaggregation_enable_kv_checksum', 'enable_pd_role_switch', 'engine_info_bootstrap_port',
                     'modelexpress_config', 'enable_mm_global_cache', 'mm_global_cache_backend'), 'rdma'),
    **dict.fromkeys(('enable_nvidia_megakernel', 'enable_amd_monokernel', 'monokernel_backend'), 'third_party'),
}
# Arguments SGLang's own Xeon CI launches on CPU hosts (.github/workflows/pr-test-xeon.yml runs test/srt's
# per-commit-cpu suite), with the launch; none of them may be in CPU_NEEDS (tests/matrix/test_platform_value_facts.py).
CPU_CI_LAUNCHES: dict[str, str] = {
    "enable_dp_attention": "sglang test/srt/cpu/test_intel_amx_attention_backend_a.py TestDPAttention: "
                           "--attention-backend intel_amx --tp 2 --enable-dp-attention --dp 2",
    "attn_dp_size": "the same launch in 0.5.22's spelling (--enable-dp-attention --dp N became --attn-dp-size N)",
    "cuda_graph_bs": "sglang test/srt/cpu/test_cpu_graph.py test_latency_torch_compile_cpu: --enable-torch-compile "
                     "--torch-compile-max-bs 2 --cuda-graph-bs 2 (the decode sizes torch.compile specializes for)",
    "cuda_graph_bs_decode": "the same launch in 0.5.20's spelling (--cuda-graph-bs became --cuda-graph-bs-decode); "
                            "0.5.23 memory_hook.py:211-216 reads it on the CPU as torch.compile's batch sizes",
    "disable_cuda_graph_padding": "0.5.23 cuda_graph_hook.py:540 generate_cpu_graph_batch_sizes: the CPU schedule "
                                  "compiles every size up to --torch-compile-max-bs when padding is off",
}
# Closed choice lists narrowed to what has a CPU implementation.
CPU_OPTIONS: dict[str, tuple[Any, ...]] = {
    **{name: ("torch_native", "intel_amx") for name in ATTENTION_BACKEND_FIELDS},
    "mm_attention_backend": ("sdpa",), "sampling_backend": ("pytorch",), "lora_backend": ("torch_native",),
    "moe_runner_backend": ("auto",), "speculative_moe_runner_backend": ("auto",), "moe_a2a_backend": ("none",),
    "quantization": ("w8a8_int8", "fp8", "awq", "gptq", "compressed-tensors"),
    "kv_cache_dtype": ("auto", "bf16", "bfloat16"), "disaggregation_transfer_backend": ("fake",),
    # auto (0.5.17 on) resolves to one of the two zmq routes (0.5.23 server_args.py resolve_encoder_transfer_backend)
    "encoder_transfer_backend": ("auto", "zmq_to_scheduler", "zmq_to_tokenizer"),
    "dtype": ("auto", "float16", "half", "bfloat16", "float", "float32"),
    # graph capture needs an accelerator: the only graph backend a CPU host has is none
    "cuda_graph_backend_decode": ("disabled",), "cuda_graph_backend_prefill": ("disabled",),
    "bf16_gemm_backend": ("auto", "torch"), "startup_weight_load_mode": ("serial",), "mm_feature_transport": ("cpu",),
}
CPU_DEFAULTS: dict[str, Any] = {"page_size": 1, "device": "cpu", "attention_backend": "torch_native",
                                "sampling_backend": "pytorch", "lora_backend": "torch_native"}


@record(eq=False)
class CpuPlatform(Platform):
    def own_cell(self, spec: ArgSpec) -> Cell:
        need = CPU_NEEDS.get(spec.name)
        return Cell(Status.UNSUPPORTED, NEEDS[need]) if need else Cell(Status.SUPPORTED)

    def allowed(self, spec: ArgSpec) -> tuple[Any, ...] | None:
        narrowed = CPU_OPTIONS.get(spec.name)
        return narrowed if narrowed is not None else super().allowed(spec)

    def default(self, spec: ArgSpec) -> Any:
        return CPU_DEFAULTS.get(spec.name, MISSING)

    def device_facts(self) -> DeviceFacts:
        return replace(self.devices, memory_bytes=system_memory_bytes())


# A CPU step should stay short so decodes sharing it are not stalled for seconds; the rest of the
# process and the OS share the memory, so the engine asks for less of it.
CPU = CpuPlatform(key="cpu", title=Text("CPU only", "仅 CPU"), short=Text("CPU", "CPU"), family="cpu",
                  device_type="cpu", dist_backend="gloo",
                  # no device plugin: the pod asks for no device, GLOO binds its sockets by name
                  pod=PodNeeds(None, socket_ifname_vars=("GLOO_SOCKET_IFNAME",), shm_gib_per_device=0,
                               shm_gib_min=8, source=Text("CPU ranks need no device resource",
                                                          "CPU 上的 rank 不需要设备资源")),
                  engine_defaults={"chunked_prefill_size": 2048, "mem_fraction_static": 0.3,
                                   "max_running_requests": 256},
                  # no device count: SGLang runs each TP rank as a process bound to a core group (one per NUMA
                  # node by default, SGLANG_CPU_OMP_THREADS_BIND), so --tp 6 on a host with six sub-NUMA nodes is
                  # SGLang's own Xeon CI launch; nothing counts devices before start-up
                  devices=DeviceFacts(None, None, ("float32", "bfloat16", "float16"), Text(
                      "the host itself: its ranks are processes bound to core groups (one per NUMA node by default), "
                      "sharing the system memory (MemTotal in /proc/meminfo); no device count limits --tp-size",
                      "主机本身：各个 rank 是绑定到核组（默认每个 NUMA 节点一组）的进程，共享系统内存"
                      "（/proc/meminfo 的 MemTotal）；没有设备数量限制 --tp-size")))
