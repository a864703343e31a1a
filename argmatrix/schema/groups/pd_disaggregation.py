"""PD disaggregation: TODO"""
from __future__ import annotations

from typing import Annotated, Any, Literal

from ..meta import Arg, Group, Note, Removed, Renamed, Support, Text
from ..snapshots import CURRENT
from ..types import *  # noqa: F403  (the shared value types)

GROUP = Group('pd_disaggregation', Text(en='PD disaggregation', zh='PD 分离 (PD disaggregation)'))


class PdDisaggregationArgs:

    disaggregation_mode: Annotated[Literal['null', 'prefill', 'decode'], Arg(
        '--disaggregation-mode',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = 'null'

    disaggregation_transfer_backend: Annotated[Literal['mooncake', 'nixl', 'ascend', 'mori', 'fake'], Arg(
        '--disaggregation-transfer-backend',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
        npu_options=('ascend',),
        npu_default='ascend',
    )] = 'mooncake'

    disaggregation_bootstrap_port: Annotated[Port, Arg(
        '--disaggregation-bootstrap-port',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = 8998

    disaggregation_ib_device: Annotated[str | None, Arg(
        '--disaggregation-ib-device',
        help=Text(en='', zh=''),
        npu=Support.GPU_ONLY,
    )] = None

    disaggregation_decode_enable_offload_kvcache: Annotated[bool, Arg(
        '--disaggregation-decode-enable-offload-kvcache',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
        npu_options=(False,),
    )] = False

    num_reserved_decode_tokens: Annotated[NonNegHumanInt, Arg(
        '--num-reserved-decode-tokens',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = 512

    disaggregation_decode_polling_interval: Annotated[PositiveInt, Arg(
        '--disaggregation-decode-polling-interval',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = 1

    disaggregation_decode_tp: Annotated[int, Arg(
        '--disaggregation-decode-tp',
        help=Text(en='', zh=''),
        npu=Support.UNSUPPORTED,
        deprecated=Removed(since=CURRENT, instead=Text(en='drop it: the prefill server learns the decode layout at bootstrap', zh='删除即可：prefill 服务在引导阶段获知 decode 端的并行布局')),
    )] = None

    disaggregation_decode_dp: Annotated[int, Arg(
        '--disaggregation-decode-dp',
        help=Text(en='', zh=''),
        npu=Support.UNSUPPORTED,
        deprecated=Removed(since=CURRENT, instead=Text(en='drop it: the prefill server learns the decode layout at bootstrap', zh='删除即可：prefill 服务在引导阶段获知 decode 端的并行布局')),
    )] = None

    disaggregation_prefill_pp: Annotated[int, Arg(
        '--disaggregation-prefill-pp',
        help=Text(en='', zh=''),
        npu=Support.UNSUPPORTED,
        deprecated=Removed(since=CURRENT, instead=Text(en='drop it: the decode server learns the prefill layout at bootstrap', zh='删除即可：decode 服务在引导阶段获知 prefill 端的并行布局')),
    )] = 1
