"""Status of every argument on every platform, as data.

* a2/a3: from the seed label each field declares (``Arg(npu=...)``).
* cuda: every argument is supported; NPU-only *values* are handled in ``options``.
* cpu: supported unless the argument needs something a CPU host does not have;
  ``CPU_NEEDS`` names that thing for each such argument.
"""
from __future__ import annotations

from ..schema.meta import Removed, Support, Text
from ..schema.registry import SPECS, ArgSpec
from .status import Cell, Status

NPU_LABELS: dict[Support, Cell] = {
    Support.A2_A3: Cell(Status.SUPPORTED),
    Support.GPU_ONLY: Cell(Status.UNSUPPORTED, Text("GPU-only feature (the Ascend table marks it 'Special for GPU')",
                                                    "GPU 专属特性（Ascend 特性表标注为 Special for GPU）")),
    Support.PLANNED: Cell(Status.PLANNED, Text("planned for Ascend, not implemented yet", "Ascend 上规划中，尚未实现")),
    Support.EXPERIMENTAL: Cell(Status.EXPERIMENTAL, Text("it runs on Ascend, but its behaviour may still change",
                                                        "可在 Ascend 上运行，但行为仍可能变化")),
    Support.THIRD_PARTY: Cell(Status.UNSUPPORTED, Text(
        "depends on a third-party component (KTransformers, checkpoint-engine) that does not run on NPU",
        "依赖的第三方组件（KTransformers、checkpoint-engine 等）不兼容 NPU")),
    Support.DEFICIENT: Cell(Status.DEFICIENT, Text("works on Ascend with known functional deficiencies",
                                                   "在 Ascend 上可用，但社区版存在已知功能缺陷")),
    Support.UNSUPPORTED: Cell(Status.UNSUPPORTED, Text("marked unsupported (×) on both A2 and A3",
                                                       "在 A2 与 A3 上均标注为不支持（×）")),
}

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
    "cuda_graph_max_bs": "graphs", "cuda_graph_bs": "graphs", "disable_cuda_graph_padding": "graphs",
    "enable_profile_cuda_graph": "graphs", "enable_cudagraph_gc": "graphs", "enforce_piecewise_cuda_graph": "graphs",
    "enable_piecewise_cuda_graph": "graphs", "piecewise_cuda_graph_tokens": "graphs",
    "piecewise_cuda_graph_compiler": "graphs", "piecewise_cuda_graph_max_tokens": "graphs",
    # multi-device collectives and parallel layouts
    "attn_cp_size": "collectives", "moe_dp_size": "collectives", "enable_nccl_nvls": "collectives",
    "enable_symm_mem": "collectives", "enable_mscclpp": "collectives", "enable_torch_symm_mem": "collectives",
    "enable_p2p_check": "collectives", "enable_dp_attention": "collectives", "enable_dp_lm_head": "collectives",
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
}
for _name in CPU_NEEDS:
    if _name not in SPECS:
        raise KeyError(f"CPU_NEEDS names an unknown argument {_name!r}")


def cell(spec: ArgSpec, platform: str) -> Cell:
    """The status of ``spec`` on ``platform`` (a2, a3, cuda, cpu)."""
    if isinstance(spec.deprecated, Removed):
        return Cell(Status.UNSUPPORTED, Text(f"removed in {spec.deprecated.since}", f"已在 {spec.deprecated.since} 中移除"))
    if platform in ("a2", "a3"):
        return NPU_LABELS[spec.arg.npu]
    if platform == "cpu" and spec.name in CPU_NEEDS:
        return Cell(Status.UNSUPPORTED, NEEDS[CPU_NEEDS[spec.name]])
    return Cell(Status.SUPPORTED)
