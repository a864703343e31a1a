"""Runtime options: TODO"""
from __future__ import annotations

from typing import Annotated, Any, Literal

from ..meta import Arg, Group, Note, Removed, Renamed, Support, Text
from ..snapshots import CURRENT
from ..types import *  # noqa: F403  (the shared value types)

GROUP = Group('runtime', Text(en='Runtime options', zh='运行时选项'))


class RuntimeArgs:

    device: Annotated[Literal['cuda', 'xpu', 'hpu', 'npu', 'cpu'] | None, Arg(
        '--device',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
        npu_options=('npu',),
        npu_default='npu',
    )] = None

    tp_size: Annotated[PositiveInt, Arg(
        '--tensor-parallel-size', '--tp-size',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = 1

    pp_size: Annotated[PositiveInt, Arg(
        '--pipeline-parallel-size', '--pp-size',
        help=Text(en='', zh=''),
        npu=Support.EXPERIMENTAL,
        notes=(Note(Text(en='Currently 2 not supported', zh='当前不支持取值 2'), rule='npu-pp-size-2'),),
    )] = 1

    attn_cp_size: Annotated[PositiveInt, Arg(
        '--attention-context-parallel-size', '--attn-cp-size',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
        notes=(Note(Text(en='must be equal to --tp-size', zh='必须等于 --tp-size'), rule='npu-attn-cp-equals-tp'),),
    )] = 1

    moe_dp_size: Annotated[PositiveInt, Arg(
        '--moe-data-parallel-size', '--moe-dp-size',
        help=Text(en='', zh=''),
        npu=Support.PLANNED,
    )] = 1

    pp_max_micro_batch_size: Annotated[PositiveInt | None, Arg(
        '--pp-max-micro-batch-size',
        help=Text(en='', zh=''),
        npu=Support.EXPERIMENTAL,
    )] = None

    pp_async_batch_depth: Annotated[PositiveInt | None, Arg(
        '--pp-async-batch-depth',
        help=Text(en='', zh=''),
        npu=Support.EXPERIMENTAL,
    )] = None

    stream_interval: Annotated[PositiveInt, Arg(
        '--stream-interval',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = 1

    incremental_streaming_output: Annotated[bool, Arg(
        '--incremental-streaming-output',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = False

    random_seed: Annotated[int | None, Arg(
        '--random-seed',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None

    constrained_json_whitespace_pattern: Annotated[str | None, Arg(
        '--constrained-json-whitespace-pattern',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None

    constrained_json_disable_any_whitespace: Annotated[bool, Arg(
        '--constrained-json-disable-any-whitespace',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = False

    watchdog_timeout: Annotated[PositiveFloat, Arg(
        '--watchdog-timeout',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = 300

    soft_watchdog_timeout: Annotated[PositiveFloat, Arg(
        '--soft-watchdog-timeout',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = 300

    dist_timeout: Annotated[PositiveInt | None, Arg(
        '--dist-timeout',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None

    download_dir: Annotated[str | None, Arg(
        '--download-dir',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None

    model_checksum: Annotated[str | None, Arg(
        '--model-checksum',
        help=Text(en='', zh=''),
        npu=Support.PLANNED,
    )] = None

    base_gpu_id: Annotated[NonNegInt, Arg(
        '--base-gpu-id',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = 0

    gpu_id_step: Annotated[PositiveInt, Arg(
        '--gpu-id-step',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = 1

    sleep_on_idle: Annotated[bool, Arg(
        '--sleep-on-idle',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = False

    stream_output: Annotated[bool, Arg(
        '--stream-output',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
        deprecated=Renamed(successor='incremental_streaming_output', since=CURRENT),
    )] = False
