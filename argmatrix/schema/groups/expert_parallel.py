"""Expert parallelism: TODO"""
from __future__ import annotations

from typing import Annotated, Any, Literal

from ..meta import Arg, Group, Note, Removed, Renamed, Support, Text
from ..snapshots import CURRENT
from ..types import *  # noqa: F403  (the shared value types)

GROUP = Group('expert_parallel', Text(en='Expert parallelism', zh='专家并行'))


class ExpertParallelArgs:

    ep_size: Annotated[PositiveInt, Arg(
        '--expert-parallel-size', '--ep-size', '--ep',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = 1

    moe_a2a_backend: Annotated[Literal['none', 'deepep', 'mooncake', 'mori', 'ascend_fuseep', 'flashinfer'], Arg(
        '--moe-a2a-backend',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
        npu_options=('none', 'deepep', 'ascend_fuseep'),
        notes=(Note(Text(en='ascend_fuseep is incompatible with --enable-eplb', zh='ascend_fuseep 与 --enable-eplb 不兼容'), rule='npu-fuseep-no-eplb'),),
    )] = 'none'

    moe_runner_backend: Annotated[Literal['auto', 'deep_gemm', 'triton', 'triton_kernel', 'flashinfer_trtllm', 'flashinfer_cutlass', 'flashinfer_mxfp4', 'flashinfer_cutedsl', 'cutlass'], Arg(
        '--moe-runner-backend',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
        npu_options=('auto', 'triton'),
    )] = 'auto'

    flashinfer_mxfp4_moe_precision: Annotated[Literal['default', 'bf16'], Arg(
        '--flashinfer-mxfp4-moe-precision',
        help=Text(en='', zh=''),
        npu=Support.GPU_ONLY,
    )] = 'default'

    enable_flashinfer_allreduce_fusion: Annotated[bool, Arg(
        '--enable-flashinfer-allreduce-fusion',
        help=Text(en='', zh=''),
        npu=Support.GPU_ONLY,
    )] = False

    deepep_mode: Annotated[Literal['normal', 'low_latency', 'auto'], Arg(
        '--deepep-mode',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = 'auto'

    deepep_config: Annotated[str | None, Arg(
        '--deepep-config',
        help=Text(en='', zh=''),
        npu=Support.GPU_ONLY,
    )] = None

    ep_num_redundant_experts: Annotated[NonNegInt, Arg(
        '--ep-num-redundant-experts',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = 0

    ep_dispatch_algorithm: Annotated[Literal['static', 'dynamic', 'fake'] | None, Arg(
        '--ep-dispatch-algorithm',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
        npu_options=('static', 'dynamic', 'fake'),
    )] = None

    init_expert_location: Annotated[str, Arg(
        '--init-expert-location',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = 'trivial'

    enable_eplb: Annotated[bool, Arg(
        '--enable-eplb',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = False

    eplb_algorithm: Annotated[Literal['auto', 'deepseek', 'deepseek_hierarchical'], Arg(
        '--eplb-algorithm',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
        npu_options=('auto', 'deepseek'),
    )] = 'deepseek'

    eplb_rebalance_num_iterations: Annotated[PositiveInt, Arg(
        '--eplb-rebalance-num-iterations',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = 1000

    eplb_rebalance_layers_per_chunk: Annotated[int | None, Arg(
        '--eplb-rebalance-layers-per-chunk',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None

    eplb_min_rebalancing_utilization_threshold: Annotated[Fraction, Arg(
        '--eplb-min-rebalancing-utilization-threshold',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = 1.0

    expert_distribution_recorder_mode: Annotated[Literal['stat', 'stat_approx', 'per_pass', 'per_token'] | None, Arg(
        '--expert-distribution-recorder-mode',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None

    expert_distribution_recorder_buffer_size: Annotated[int | None, Arg(
        '--expert-distribution-recorder-buffer-size',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None

    enable_expert_distribution_metrics: Annotated[bool, Arg(
        '--enable-expert-distribution-metrics',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = False

    moe_dense_tp_size: Annotated[PositiveInt | None, Arg(
        '--moe-dense-tp-size',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
        npu_options=(1,),
    )] = None

    elastic_ep_backend: Annotated[Literal['none', 'mooncake'] | None, Arg(
        '--elastic-ep-backend',
        help=Text(en='', zh=''),
        npu=Support.GPU_ONLY,
    )] = None

    mooncake_ib_device: Annotated[str | None, Arg(
        '--mooncake-ib-device',
        help=Text(en='', zh=''),
        npu=Support.GPU_ONLY,
    )] = None
