"""Optimization/debug options: TODO"""
from __future__ import annotations

from typing import Annotated, Any, Literal

from ..meta import Arg, Group, Note, Removed, Renamed, Support, Text
from ..snapshots import CURRENT
from ..types import *  # noqa: F403  (the shared value types)

GROUP = Group('optimization', Text(en='Optimization/debug options', zh='优化/调试选项'))


class OptimizationArgs:

    disable_radix_cache: Annotated[bool, Arg(
        '--disable-radix-cache',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = False

    cuda_graph_max_bs: Annotated[PositiveInt | None, Arg(
        '--cuda-graph-max-bs',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None

    cuda_graph_bs: Annotated[IntList | None, Arg(
        '--cuda-graph-bs',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None

    disable_cuda_graph: Annotated[bool, Arg(
        '--disable-cuda-graph',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = False

    disable_cuda_graph_padding: Annotated[bool, Arg(
        '--disable-cuda-graph-padding',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = False

    enable_profile_cuda_graph: Annotated[bool, Arg(
        '--enable-profile-cuda-graph',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = False

    enable_cudagraph_gc: Annotated[bool, Arg(
        '--enable-cudagraph-gc',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = False

    enable_nccl_nvls: Annotated[bool, Arg(
        '--enable-nccl-nvls',
        help=Text(en='', zh=''),
        npu=Support.GPU_ONLY,
    )] = False

    enable_symm_mem: Annotated[bool, Arg(
        '--enable-symm-mem',
        help=Text(en='', zh=''),
        npu=Support.GPU_ONLY,
    )] = False

    disable_flashinfer_cutlass_moe_fp4_allgather: Annotated[bool, Arg(
        '--disable-flashinfer-cutlass-moe-fp4-allgather',
        help=Text(en='', zh=''),
        npu=Support.GPU_ONLY,
    )] = False

    enable_tokenizer_batch_encode: Annotated[bool, Arg(
        '--enable-tokenizer-batch-encode',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = False

    disable_tokenizer_batch_decode: Annotated[bool, Arg(
        '--disable-tokenizer-batch-decode',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = False

    disable_custom_all_reduce: Annotated[bool, Arg(
        '--disable-custom-all-reduce',
        help=Text(en='', zh=''),
        npu=Support.GPU_ONLY,
    )] = False

    enable_mscclpp: Annotated[bool, Arg(
        '--enable-mscclpp',
        help=Text(en='', zh=''),
        npu=Support.GPU_ONLY,
    )] = False

    enable_torch_symm_mem: Annotated[bool, Arg(
        '--enable-torch-symm-mem',
        help=Text(en='', zh=''),
        npu=Support.GPU_ONLY,
    )] = False

    disable_overlap_schedule: Annotated[bool, Arg(
        '--disable-overlap-schedule',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = False

    enable_mixed_chunk: Annotated[bool, Arg(
        '--enable-mixed-chunk',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = False

    enable_dp_attention: Annotated[bool, Arg(
        '--enable-dp-attention',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = False

    enable_dp_lm_head: Annotated[bool, Arg(
        '--enable-dp-lm-head',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = False

    enable_two_batch_overlap: Annotated[bool, Arg(
        '--enable-two-batch-overlap',
        help=Text(en='', zh=''),
        npu=Support.PLANNED,
    )] = False

    enable_single_batch_overlap: Annotated[bool, Arg(
        '--enable-single-batch-overlap',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = False

    tbo_token_distribution_threshold: Annotated[Fraction, Arg(
        '--tbo-token-distribution-threshold',
        help=Text(en='', zh=''),
        npu=Support.PLANNED,
    )] = 0.48

    enable_torch_compile: Annotated[bool, Arg(
        '--enable-torch-compile',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = False

    enable_torch_compile_debug_mode: Annotated[bool, Arg(
        '--enable-torch-compile-debug-mode',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = False

    enforce_piecewise_cuda_graph: Annotated[bool, Arg(
        '--enforce-piecewise-cuda-graph',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
        notes=(Note(Text(en='Currently, Llama-3.1-8B-Instruct and Qwen2.5-7B-Instruct models are supported', zh='当前仅验证了 Llama-3.1-8B-Instruct 与 Qwen2.5-7B-Instruct 模型'), rule='npu-piecewise-verified-models'),),
    )] = False

    piecewise_cuda_graph_tokens: Annotated[IntList | None, Arg(
        '--piecewise-cuda-graph-tokens',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None

    piecewise_cuda_graph_compiler: Annotated[Literal['eager', 'inductor'], Arg(
        '--piecewise-cuda-graph-compiler',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
        npu_options=('eager',),
    )] = 'eager'

    torch_compile_max_bs: Annotated[PositiveInt, Arg(
        '--torch-compile-max-bs',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = 32

    piecewise_cuda_graph_max_tokens: Annotated[PositiveHumanInt | None, Arg(
        '--piecewise-cuda-graph-max-tokens',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None

    torchao_config: Annotated[str, Arg(
        '--torchao-config',
        help=Text(en='', zh=''),
        npu=Support.GPU_ONLY,
    )] = ''

    enable_nan_detection: Annotated[bool, Arg(
        '--enable-nan-detection',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = False

    enable_p2p_check: Annotated[bool, Arg(
        '--enable-p2p-check',
        help=Text(en='', zh=''),
        npu=Support.GPU_ONLY,
    )] = False

    triton_attention_reduce_in_fp32: Annotated[bool, Arg(
        '--triton-attention-reduce-in-fp32',
        help=Text(en='', zh=''),
        npu=Support.GPU_ONLY,
    )] = False

    triton_attention_num_kv_splits: Annotated[PositiveInt, Arg(
        '--triton-attention-num-kv-splits',
        help=Text(en='', zh=''),
        npu=Support.GPU_ONLY,
    )] = 8

    triton_attention_split_tile_size: Annotated[int | None, Arg(
        '--triton-attention-split-tile-size',
        help=Text(en='', zh=''),
        npu=Support.GPU_ONLY,
    )] = None

    delete_ckpt_after_loading: Annotated[bool, Arg(
        '--delete-ckpt-after-loading',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = False

    enable_memory_saver: Annotated[bool, Arg(
        '--enable-memory-saver',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = False

    enable_weights_cpu_backup: Annotated[bool, Arg(
        '--enable-weights-cpu-backup',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = False

    enable_draft_weights_cpu_backup: Annotated[bool, Arg(
        '--enable-draft-weights-cpu-backup',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = False

    allow_auto_truncate: Annotated[bool, Arg(
        '--allow-auto-truncate',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = False

    enable_custom_logit_processor: Annotated[bool, Arg(
        '--enable-custom-logit-processor',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = False

    flashinfer_mla_disable_ragged: Annotated[bool, Arg(
        '--flashinfer-mla-disable-ragged',
        help=Text(en='', zh=''),
        npu=Support.GPU_ONLY,
    )] = False

    disable_shared_experts_fusion: Annotated[bool, Arg(
        '--disable-shared-experts-fusion',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = True

    disable_chunked_prefix_cache: Annotated[bool, Arg(
        '--disable-chunked-prefix-cache',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = True

    disable_fast_image_processor: Annotated[bool, Arg(
        '--disable-fast-image-processor',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = False

    keep_mm_feature_on_device: Annotated[bool, Arg(
        '--keep-mm-feature-on-device',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = False

    enable_return_hidden_states: Annotated[bool, Arg(
        '--enable-return-hidden-states',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = False

    enable_return_routed_experts: Annotated[bool, Arg(
        '--enable-return-routed-experts',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = False

    scheduler_recv_interval: Annotated[PositiveInt, Arg(
        '--scheduler-recv-interval',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = 1

    numa_node: Annotated[IntList | None, Arg(
        '--numa-node',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None

    enable_deterministic_inference: Annotated[bool, Arg(
        '--enable-deterministic-inference',
        help=Text(en='', zh=''),
        npu=Support.PLANNED,
    )] = False

    rl_on_policy_target: Annotated[Literal['fsdp'] | None, Arg(
        '--rl-on-policy-target',
        help=Text(en='', zh=''),
        npu=Support.PLANNED,
    )] = None

    enable_layerwise_nvtx_marker: Annotated[bool, Arg(
        '--enable-layerwise-nvtx-marker',
        help=Text(en='', zh=''),
        npu=Support.GPU_ONLY,
    )] = False

    enable_attn_tp_input_scattered: Annotated[bool, Arg(
        '--enable-attn-tp-input-scattered',
        help=Text(en='', zh=''),
        npu=Support.EXPERIMENTAL,
    )] = False

    enable_nsa_prefill_context_parallel: Annotated[bool, Arg(
        '--enable-nsa-prefill-context-parallel',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = False

    enable_fused_qk_norm_rope: Annotated[bool, Arg(
        '--enable-fused-qk-norm-rope',
        help=Text(en='', zh=''),
        npu=Support.GPU_ONLY,
    )] = False

    disable_outlines_disk_cache: Annotated[bool, Arg(
        '--disable-outlines-disk-cache',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = False

    enable_piecewise_cuda_graph: Annotated[bool, Arg(
        '--enable-piecewise-cuda-graph',
        help=Text(en='', zh=''),
        npu=Support.UNSUPPORTED,
        deprecated=Renamed(successor='enforce_piecewise_cuda_graph', since=CURRENT),
    )] = False

    num_continuous_decode_steps: Annotated[PositiveInt, Arg(
        '--num-continuous-decode-steps',
        help=Text(en='', zh=''),
        npu=Support.UNSUPPORTED,
    )] = 1
