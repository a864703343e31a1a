"""Other Params (third-party): TODO"""
from __future__ import annotations

from typing import Annotated, Any, Literal

from ..meta import Arg, Group, Note, Removed, Renamed, Support, Text
from ..snapshots import CURRENT
from ..types import *  # noqa: F403  (the shared value types)

GROUP = Group('third_party', Text(en='Other Params (third-party)', zh='其他参数（第三方组件不兼容 NPU）'))


class ThirdPartyArgs:

    checkpoint_engine_wait_weights_before_ready: Annotated[bool, Arg(
        '--checkpoint-engine-wait-weights-before-ready',
        help=Text(en='', zh=''),
        npu=Support.THIRD_PARTY,
    )] = False

    kt_weight_path: Annotated[str | None, Arg(
        '--kt-weight-path',
        help=Text(en='', zh=''),
        npu=Support.THIRD_PARTY,
    )] = None

    kt_method: Annotated[str, Arg(
        '--kt-method',
        help=Text(en='', zh=''),
        npu=Support.THIRD_PARTY,
    )] = 'AMXINT4'

    kt_cpuinfer: Annotated[int | None, Arg(
        '--kt-cpuinfer',
        help=Text(en='', zh=''),
        npu=Support.THIRD_PARTY,
    )] = None

    kt_threadpool_count: Annotated[int, Arg(
        '--kt-threadpool-count',
        help=Text(en='', zh=''),
        npu=Support.THIRD_PARTY,
    )] = 2

    kt_num_gpu_experts: Annotated[int | None, Arg(
        '--kt-num-gpu-experts',
        help=Text(en='', zh=''),
        npu=Support.THIRD_PARTY,
    )] = None

    kt_max_deferred_experts_per_token: Annotated[int | None, Arg(
        '--kt-max-deferred-experts-per-token',
        help=Text(en='', zh=''),
        npu=Support.THIRD_PARTY,
    )] = None
