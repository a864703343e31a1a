"""Memory and scheduling: TODO"""
from __future__ import annotations

from typing import Annotated, Any, Literal

from ..meta import Arg, Group, Note, Removed, Renamed, Support, Text
from ..snapshots import CURRENT
from ..types import *  # noqa: F403  (the shared value types)

GROUP = Group('scheduling', Text(en='Memory and scheduling', zh='内存与调度'))


class SchedulingArgs:

    mem_fraction_static: Annotated[Fraction | None, Arg(
        '--mem-fraction-static',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None

    max_running_requests: Annotated[PositiveInt | None, Arg(
        '--max-running-requests',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None

    prefill_max_requests: Annotated[PositiveInt | None, Arg(
        '--prefill-max-requests',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None

    max_queued_requests: Annotated[PositiveInt | None, Arg(
        '--max-queued-requests',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None

    max_total_tokens: Annotated[PositiveHumanInt | None, Arg(
        '--max-total-tokens',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None

    chunked_prefill_size: Annotated[HumanInt | None, Arg(
        '--chunked-prefill-size',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None

    max_prefill_tokens: Annotated[PositiveHumanInt, Arg(
        '--max-prefill-tokens',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = 16384

    schedule_policy: Annotated[Literal['lpm', 'random', 'fcfs', 'dfs-weight', 'lof', 'priority'], Arg(
        '--schedule-policy',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
        npu_options=('lpm', 'fcfs'),
    )] = 'fcfs'

    enable_priority_scheduling: Annotated[bool, Arg(
        '--enable-priority-scheduling',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = False

    schedule_low_priority_values_first: Annotated[bool, Arg(
        '--schedule-low-priority-values-first',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = False

    priority_scheduling_preemption_threshold: Annotated[NonNegInt, Arg(
        '--priority-scheduling-preemption-threshold',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = 10

    schedule_conservativeness: Annotated[PositiveFloat, Arg(
        '--schedule-conservativeness',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = 1.0

    page_size: Annotated[PositiveInt | None, Arg(
        '--page-size',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
        npu_default=128,
    )] = None

    swa_full_tokens_ratio: Annotated[Fraction, Arg(
        '--swa-full-tokens-ratio',
        help=Text(en='', zh=''),
        npu=Support.PLANNED,
    )] = 0.8

    disable_hybrid_swa_memory: Annotated[bool, Arg(
        '--disable-hybrid-swa-memory',
        help=Text(en='', zh=''),
        npu=Support.PLANNED,
    )] = False

    radix_eviction_policy: Annotated[Literal['lru', 'lfu'], Arg(
        '--radix-eviction-policy',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = 'lru'

    enable_prefill_delayer: Annotated[bool, Arg(
        '--enable-prefill-delayer',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = False

    prefill_delayer_max_delay_passes: Annotated[int, Arg(
        '--prefill-delayer-max-delay-passes',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = 30

    prefill_delayer_token_usage_low_watermark: Annotated[Fraction | None, Arg(
        '--prefill-delayer-token-usage-low-watermark',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None

    prefill_delayer_forward_passes_buckets: Annotated[FloatList | None, Arg(
        '--prefill-delayer-forward-passes-buckets',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None

    prefill_delayer_wait_seconds_buckets: Annotated[FloatList | None, Arg(
        '--prefill-delayer-wait-seconds-buckets',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None

    abort_on_priority_when_disabled: Annotated[bool, Arg(
        '--abort-on-priority-when-disabled',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = False

    enable_dynamic_chunking: Annotated[bool, Arg(
        '--enable-dynamic-chunking',
        help=Text(en='', zh=''),
        npu=Support.EXPERIMENTAL,
    )] = False

    hybrid_kvcache_ratio: Annotated[Fraction | None, Arg(
        '--hybrid-kvcache-ratio',
        help=Text(en='', zh=''),
        npu=Support.UNSUPPORTED,
        deprecated=Removed(since=CURRENT, instead=Text(en='size the sliding-window pool with --swa-full-tokens-ratio', zh='改用 --swa-full-tokens-ratio 设置滑动窗口缓存的大小')),
    )] = None
