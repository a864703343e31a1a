"""vLLM's scheduler flags (its SchedulerConfig): how many tokens and requests one engine step takes, the
admission limits of the API server, chunked prefill, the scheduling policy and asynchronous scheduling.
"""

from typing import Annotated, Literal

from ...meta import Arg, Group, Text
from ...types import HumanInt

GROUP = Group('vllm_scheduler', Text(en='Scheduler', zh='调度器'))


class SchedulerArgs:

    max_num_batched_tokens: Annotated[HumanInt | None, Arg(
        '--max-num-batched-tokens',
        help=Text(
            en="Most tokens one engine step processes (prefill chunks and decodes together); suffixes such as 8k are "
               "accepted. Unset picks by device memory for `vllm serve`: 2048, 8192 on 70 GiB-class devices other "
               "than A100, 16384 from 160 GiB; 2048 per worker on CPU.",
            zh="一个引擎步最多处理的 token 数（预填充分块与解码合计），可写 8k 等后缀。"
               "不设置时 `vllm serve` 按设备显存取值：一般为 2048，A100 以外的 70 GiB 级设备为 8192，"
               "160 GiB 及以上为 16384；CPU 上每个工作进程 2048。",
        ),
    )] = None

    max_num_scheduled_tokens: Annotated[HumanInt | None, Arg(
        '--max-num-scheduled-tokens',
        help=Text(
            en="Most tokens the scheduler hands out per step; lower than --max-num-batched-tokens when the model "
               "itself adds tokens to the batch (as speculative decoding does). Unset equals --max-num-batched-tokens.",
            zh="调度器每步最多分配的 token 数；当模型自身会向批次追加 token（如投机解码）时，"
               "应小于 --max-num-batched-tokens。不设置时等于 --max-num-batched-tokens。",
        ),
    )] = None

    max_num_seqs: Annotated[int | None, Arg(
        '--max-num-seqs',
        help=Text(
            en="Most requests running in one engine step (per data parallel rank); it also sizes the runner's buffers "
               "and CUDA graphs. Unset: 256, or 1024 on devices of 70 GiB and more (not A100); 128 per worker on CPU.",
            zh="一个引擎步中同时运行的最大请求数（按数据并行 rank 计）；它也决定模型运行器缓冲区和 CUDA Graph 的规模。"
               "不设置时为 256，70 GiB 及以上的设备（A100 除外）为 1024；CPU 上每个工作进程 128。",
        ),
    )] = None

    max_num_active_seqs: Annotated[int | None, Arg(
        '--max-num-active-seqs',
        help=Text(
            en="Most requests admitted to running at once, at most --max-num-seqs; lowering it keeps decode batches "
               "small without shrinking buffers or CUDA graphs. Unset uses --max-num-seqs.",
            zh="同时进入运行状态的最大请求数，不得超过 --max-num-seqs；调低它可让解码批次变小，"
               "而不缩小缓冲区或 CUDA Graph。不设置时等于 --max-num-seqs。",
        ),
    )] = None

    max_num_queued_reqs: Annotated[int | None, Arg(
        '--max-num-queued-reqs',
        help=Text(
            en="Most requests in flight (waiting or running) across all data parallel ranks behind this API server; "
               "beyond it new requests get HTTP 503 so clients can try another instance. Unset: no limit.",
            zh="本 API 服务所对应的全部数据并行 rank 上同时在处理（排队或运行）的最大请求数；"
               "超出后新请求返回 HTTP 503，客户端可转投其他实例。不设置即不限制。",
        ),
    )] = None

    max_num_queued_tokens: Annotated[HumanInt | None, Arg(
        '--max-num-queued-tokens',
        help=Text(
            en="Most prompt tokens of requests still in prefill, across the data parallel ranks behind this API "
               "server; beyond it new requests get HTTP 503. Set it near target TTFT x prefill throughput to keep "
               "time to first token bounded. Unset: no limit.",
            zh="本 API 服务对应的全部数据并行 rank 上仍处于预填充阶段的请求的提示词 token 总数上限；"
               "超出后新请求返回 HTTP 503。设为目标 TTFT 与预填充吞吐量的乘积附近，可控制首 token 延迟。"
               "不设置即不限制。",
        ),
    )] = None

    long_prefill_token_threshold: Annotated[int, Arg(
        '--long-prefill-token-threshold',
        help=Text(
            en="With chunked prefill, prompts longer than this many tokens count as long and get a smaller chunk per "
               "step so they do not starve other requests. 0 applies no cap.",
            zh="分块预填充时，超过该数量 token 的提示词视为长请求，每步只分得较小的分块，以免挤占其他请求。"
               "0 表示不设上限。",
        ),
    )] = 0

    long_prefill_token_threshold_adaptive: Annotated[bool, Arg(
        '--long-prefill-token-threshold-adaptive', negatable=True,
        help=Text(
            en="With --long-prefill-token-threshold set, never let the long-prompt cap fall below a fair share of the "
               "step budget (--max-num-batched-tokens divided by the queued and running requests).",
            zh="设置了 --long-prefill-token-threshold 时，长提示词的分块上限不低于每步预算的公平份额（"
               "--max-num-batched-tokens 除以排队与运行中的请求数）。",
        ),
    )] = False

    scheduling_policy: Annotated[Literal['fcfs', 'priority'], Arg(
        '--scheduling-policy',
        help=Text(
            en="Order in which waiting requests are served: 'fcfs' (first come, first served) or 'priority' (by the "
               "request's priority field, lower first, then arrival). SGLang's counterpart is --schedule-policy.",
            zh="等待中的请求的服务顺序：'fcfs' 为先到先服务；'priority' 按请求的 `priority` 字段排序，数值小者优先，"
               "相同时按到达顺序。对应 SGLang 的 --schedule-policy。",
        ),
    )] = 'fcfs'

    enable_chunked_prefill: Annotated[bool | None, Arg(
        '--enable-chunked-prefill', negatable=True,
        help=Text(
            en="Split long prompts into chunks that fit the per-step token budget and mix them with decodes. Unset "
               "turns it on for models that support it (disabling it for such a model may break it).",
            zh="把长提示词切成符合每步 token 预算的分块，与解码请求混合执行。"
               "不设置时对支持的模型自动开启（对这类模型手动关闭可能导致出错）。",
        ),
    )] = None

    disable_chunked_mm_input: Annotated[bool, Arg(
        '--disable-chunked-mm-input', negatable=True,
        help=Text(
            en="With chunked prefill, never split one image or other multimodal item across steps: if it does not fit "
               "whole, it waits for the next step.",
            zh="分块预填充时不把同一张图像或其他多模态输入拆到不同的步中：放不下整个输入时留到下一步处理。",
        ),
    )] = False

    scheduler_cls: Annotated[str | None, Arg(
        '--scheduler-cls',
        help=Text(
            en="Python path of the scheduler class to use instead of vLLM's (vllm.v1.core.sched.scheduler.Scheduler).",
            zh="用来替代 vLLM 默认调度器（vllm.v1.core.sched.scheduler.Scheduler）的调度器类的 Python 路径。",
        ),
    )] = None

    scheduler_reserve_full_isl: Annotated[bool, Arg(
        '--scheduler-reserve-full-isl', negatable=True,
        help=Text(
            en="Admit a request only when the KV cache can hold its whole prompt, not just its first chunk; avoids "
               "over-admitting and thrashing under chunked prefill.",
            zh="只有当 KV 缓存放得下整个提示词、而不仅是第一个分块时，才接纳新请求；"
               "可避免分块预填充时过量接纳和缓存反复换入换出。",
        ),
    )] = True

    watermark: Annotated[float, Arg(
        '--watermark',
        help=Text(
            en="Share (0 to below 1) of KV cache blocks kept free when admitting waiting or preempted requests, to "
               "avoid repeated preemption when memory is tight. 0 keeps none back.",
            zh="接纳等待中或被抢占的请求时保持空闲的 KV 缓存块比例（0 到小于 1），用于在显存紧张时避免反复抢占。"
               "0 表示不预留。",
        ),
    )] = 0.0

    prefill_schedule_interval: Annotated[int, Arg(
        '--prefill-schedule-interval',
        help=Text(
            en="Under data parallel, admit new prefill requests only every this many engine steps, at the same steps "
               "on all ranks, so the ranks' step times stay even.",
            zh="数据并行时每隔该数量的引擎步才接纳新的预填充请求，且各 rank 在相同的步接纳，"
               "使各 rank 每步耗时保持均衡。",
        ),
    )] = 1

    disable_hybrid_kv_cache_manager: Annotated[bool | None, Arg(
        '--disable-hybrid-kv-cache-manager', negatable=True,
        help=Text(
            en="Give every attention layer the same KV cache size even when the model mixes full and sliding-window "
               "attention. Unset lets vLLM decide from the configuration.",
            zh="即使模型混合了全注意力与滑动窗口注意力，也让每个注意力层的 KV 缓存都一样大。"
               "不设置时由 vLLM 根据配置决定。",
        ),
    )] = None

    async_scheduling: Annotated[bool | None, Arg(
        '--async-scheduling', negatable=True,
        help=Text(
            en="Schedule the next step while the device still runs the current one, which closes gaps in device use. "
               "Unset lets vLLM enable it where the configuration supports it; --no-async-scheduling turns it off.",
            zh="在设备执行当前步的同时调度下一步，减少设备空闲间隙。不设置时由 vLLM 在配置支持时自动开启；"
               "--no-async-scheduling 将其关闭。",
        ),
    )] = None

    stream_interval: Annotated[int, Arg(
        '--stream-interval',
        help=Text(
            en="Tokens gathered before each streamed chunk is sent: 1 sends every token at once, larger values (e.g. "
               "10) cut host overhead. A request may raise it for itself but not lower it.",
            zh="流式输出时每攒够多少个 token 发送一次：1 表示逐个 token 立即发送，较大的值（如 10）可降低主机开销。"
               "请求可以为自己调大此值，但不能调小。",
        ),
    )] = 1

    max_num_inflight_kv_loads: Annotated[int | None, Arg(
        '--max-num-inflight-kv-loads',
        help=Text(
            en="Most requests that may hold KV blocks for an asynchronous KV connector load (e.g. a NIXL pull in "
               "prefill/decode disaggregation) before they run. Setting it also lets such loads start while the "
               "running batch is full; unset keeps no cap, and loads start only when a running slot frees. New in "
               "vLLM 0.34.",
            zh="为异步 KV 连接器加载（例如 PD 分离中的 NIXL 拉取）占用 KV 块、但尚未运行的请求数上限。设置后，"
               "这类加载在运行批次已满时也可以开始；不设置则不限数量，且只有运行槽位空出时才开始加载。"
               "vLLM 0.34 新增。",
        ),
    )] = None

    cache_aware_admission_window: Annotated[int, Arg(
        '--cache-aware-admission-window',
        help=Text(
            en="Look-ahead window of cache-aware admission: among the first N waiting requests, those whose prefix is "
               "already in the KV cache are admitted first, so a cold request does not evict blocks a resident one "
               "still needs. 0 admits in arrival order. Needs prefix caching and the fcfs policy, ignored otherwise. "
               "New in vLLM 0.34.",
            zh="缓存感知准入的前瞻窗口：在最先等待的 N 个请求中，前缀已在 KV 缓存中的请求优先准入，避免冷请求淘汰"
               "常驻请求仍需要的块。0 表示按到达顺序准入。需要开启前缀缓存并使用 fcfs 策略，否则忽略。"
               "vLLM 0.34 新增。",
        ),
    )] = 0

    cache_aware_admission_threshold: Annotated[float, Arg(
        '--cache-aware-admission-threshold',
        help=Text(
            en="KV cache usage below which --cache-aware-admission-window is not applied (0.5: only once the cache "
               "is half full); 0.0 reorders on every step. New in vLLM 0.34.",
            zh="KV 缓存使用率低于该值时不启用 --cache-aware-admission-window（0.5 表示缓存用到一半后才生效）；"
               "0.0 表示每一步都重新排序。vLLM 0.34 新增。",
        ),
    )] = 0.5

    max_num_partial_prefills: Annotated[int, Arg(
        '--max-num-partial-prefills',
        help=Text(
            en="With chunked prefill, how many sequences may be partly prefilled at the same time. Up to vLLM 0.23.",
            zh="分块预填充时可同时处于部分预填充状态的序列数。仅 vLLM 0.23 及以前的版本提供。",
        ),
    )] = 1

    max_long_partial_prefills: Annotated[int, Arg(
        '--max-long-partial-prefills',
        help=Text(
            en="With chunked prefill, how many prompts longer than --long-prefill-token-threshold may be prefilled "
               "at the same time; below --max-num-partial-prefills, shorter prompts can overtake long ones. Up to "
               "vLLM 0.23.",
            zh="分块预填充时，长度超过 --long-prefill-token-threshold 的提示可同时预填充的数量；小于 "
               "--max-num-partial-prefills 时，较短的提示可以排到长提示前面。仅 vLLM 0.23 及以前的版本提供。",
        ),
    )] = 1
