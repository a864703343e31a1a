"""vLLM Scheduler: the `vllm serve` flags of its SchedulerConfig group."""

from typing import Annotated, Literal

from ...meta import Arg, Group, Text
from ...types import HumanInt

GROUP = Group('vllm_scheduler', Text(en='Scheduler', zh='调度器'))


class SchedulerArgs:

    max_num_batched_tokens: Annotated[HumanInt | None, Arg(
        '--max-num-batched-tokens',
        help=Text(en='', zh=''),
    )] = None

    max_num_scheduled_tokens: Annotated[HumanInt | None, Arg(
        '--max-num-scheduled-tokens',
        help=Text(en='', zh=''),
    )] = None

    max_num_seqs: Annotated[int | None, Arg(
        '--max-num-seqs',
        help=Text(en='', zh=''),
    )] = None

    max_num_active_seqs: Annotated[int | None, Arg(
        '--max-num-active-seqs',
        help=Text(en='', zh=''),
    )] = None

    max_num_queued_reqs: Annotated[int | None, Arg(
        '--max-num-queued-reqs',
        help=Text(en='', zh=''),
    )] = None

    max_num_queued_tokens: Annotated[HumanInt | None, Arg(
        '--max-num-queued-tokens',
        help=Text(en='', zh=''),
    )] = None

    long_prefill_token_threshold: Annotated[int, Arg(
        '--long-prefill-token-threshold',
        help=Text(en='', zh=''),
    )] = 0

    long_prefill_token_threshold_adaptive: Annotated[bool, Arg(
        '--long-prefill-token-threshold-adaptive', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    scheduling_policy: Annotated[Literal['fcfs', 'priority'], Arg(
        '--scheduling-policy',
        help=Text(en='', zh=''),
    )] = 'fcfs'

    enable_chunked_prefill: Annotated[bool | None, Arg(
        '--enable-chunked-prefill', negatable=True,
        help=Text(en='', zh=''),
    )] = None

    disable_chunked_mm_input: Annotated[bool, Arg(
        '--disable-chunked-mm-input', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    scheduler_cls: Annotated[str | None, Arg(
        '--scheduler-cls',
        help=Text(en='', zh=''),
    )] = None

    scheduler_reserve_full_isl: Annotated[bool, Arg(
        '--scheduler-reserve-full-isl', negatable=True,
        help=Text(en='', zh=''),
    )] = True

    watermark: Annotated[float, Arg(
        '--watermark',
        help=Text(en='', zh=''),
    )] = 0.0

    prefill_schedule_interval: Annotated[int, Arg(
        '--prefill-schedule-interval',
        help=Text(en='', zh=''),
    )] = 1

    disable_hybrid_kv_cache_manager: Annotated[bool | None, Arg(
        '--disable-hybrid-kv-cache-manager', negatable=True,
        help=Text(en='', zh=''),
    )] = None

    async_scheduling: Annotated[bool | None, Arg(
        '--async-scheduling', negatable=True,
        help=Text(en='', zh=''),
    )] = None

    stream_interval: Annotated[int, Arg(
        '--stream-interval',
        help=Text(en='', zh=''),
    )] = 1
