"""Memory and scheduling: how much memory the KV cache gets and how requests are queued, admitted and batched."""

from typing import Annotated, Literal

from ..meta import Arg, Group, Text
from ..types import (
    FloatList,
    Fraction,
    HumanInt,
    JsonObject,
    NonNegFloat,
    NonNegInt,
    PositiveFloat,
    PositiveHumanInt,
    PositiveInt,
)

GROUP = Group('scheduling', Text(en='Memory and scheduling', zh='内存与调度'))


class SchedulingArgs:

    mem_fraction_static: Annotated[Fraction | None, Arg(
        '--mem-fraction-static',
        help=Text(
            en=(
                "Fraction of accelerator memory set aside for static allocations: model weights plus the KV cache "
                "pool. Lower it on out-of-memory errors, raise it if the KV cache is too small; unset derives a value "
                "from the device memory and parallel layout."
            ),
            zh=(
                "分配给静态占用（模型权重与 KV 缓存池）的显存占比。出现显存不足时调小，KV 缓存不够用时调大；"
                "不设置则根据设备显存容量和并行配置自动估算。"
            ),
        ),
    )] = None

    max_running_requests: Annotated[PositiveInt | None, Arg(
        '--max-running-requests',
        help=Text(
            en=(
                "Upper limit on how many requests may be decoding at the same time. Unset derives the limit from the "
                "KV cache capacity."
            ),
            zh="可同时处于运行（解码）状态的请求数上限。不设置时根据 KV 缓存容量自动推算。",
        ),
    )] = None

    prefill_max_requests: Annotated[PositiveInt | None, Arg(
        '--prefill-max-requests',
        help=Text(
            en=(
                "Upper limit on the number of requests admitted into a single prefill batch. Unset means no per-batch "
                "request limit (token budgets still apply)."
            ),
            zh="单个预填充（Prefill）批次最多容纳的请求数。不设置则不按请求数限制，但仍受 token 预算约束。",
        ),
    )] = None

    max_queued_requests: Annotated[PositiveInt | None, Arg(
        '--max-queued-requests',
        help=Text(
            en=(
                "Maximum number of requests allowed to wait in the scheduler queue; once it is full, new requests are "
                "rejected. Unset: unbounded in SGLang, while argmatrix serve bounds it at 8 times the running-request "
                "limit (at least 128). Ignored when PD disaggregation (--disaggregation-mode) is active."
            ),
            zh=(
                "调度队列中允许排队等待的请求数上限，队列满后新到的请求会被直接拒绝。不设置时 SGLang 不限，"
                "argmatrix serve 则取可同时运行请求数上限的 8 倍（至少 128）。"
                "此参数在 PD 分离部署中不起作用，即只要设置了 --disaggregation-mode 就会被忽略。"
            ),
        ),
    )] = None

    max_total_tokens: Annotated[PositiveHumanInt | None, Arg(
        '--max-total-tokens',
        help=Text(
            en=(
                "Capacity of the KV cache pool, in tokens. Unset computes it from --mem-fraction-static and the free "
                "memory; setting it by hand is mostly for debugging and experiments."
            ),
            zh=(
                "KV 缓存池可容纳的 token 总量。不设置时由 --mem-fraction-static 与剩余显存推算；"
                "手动指定主要用于调试和实验。"
            ),
        ),
    )] = None

    chunked_prefill_size: Annotated[HumanInt | None, Arg(
        '--chunked-prefill-size',
        help=Text(
            en=(
                "Longest chunk, in tokens, that a long prompt is cut into during chunked prefill. Smaller chunks lower "
                "peak memory at some speed cost; -1 turns chunking off, unset picks a value from the hardware."
            ),
            zh=(
                "分块预填充时每块最多包含的 token 数，较长的提示词会按此切分。块越小峰值显存越低，但速度略慢；"
                "设为 -1 关闭分块，不设置则按硬件自动选取。"
            ),
        ),
    )] = None

    max_prefill_tokens: Annotated[PositiveHumanInt, Arg(
        '--max-prefill-tokens',
        help=Text(
            en=(
                "Token budget for one prefill batch. The effective limit is the larger of this value and the model's "
                "context length, so a single long prompt is never refused because of it."
            ),
            zh=(
                "单个预填充批次的 token 预算。实际上限取该值与模型上下文长度中较大的一个，"
                "所以单条长提示词不会因这一限制被拒绝。"
            ),
        ),
    )] = 16384

    schedule_policy: Annotated[Literal['lpm', 'random', 'fcfs', 'dfs-weight', 'lof', 'priority', 'hrrn', 'routing-key', 'shortest-prefill-first'], Arg(
        '--schedule-policy',
        help=Text(
            en=(
                "Order in which waiting requests are picked: fcfs (arrival order), lpm (longest cached prefix first), "
                "random, dfs-weight (depth-first weighting over the radix tree), lof (largest max_new_tokens first) or "
                "priority (by request priority)."
            ),
            zh=(
                "等待队列中请求的选取顺序：fcfs 按到达先后；lpm 优先选前缀缓存命中最长的请求；random 随机；"
                "dfs-weight 按基数树深度优先加权；lof 优先 max_new_tokens 最大的请求；priority 按请求优先级。"
            ),
        ),
    )] = 'fcfs'

    enable_priority_scheduling: Annotated[bool, Arg(
        '--enable-priority-scheduling',
        help=Text(
            en=(
                "Schedule requests by the integer priority field they carry instead of by arrival order. By default "
                "larger values go first, and a clearly more important request may preempt running ones."
            ),
            zh=(
                "按请求携带的整数 priority 字段调度，而不是按到达顺序。默认数值越大越优先，"
                "优先级明显更高的新请求还可以抢占正在运行的请求。"
            ),
        ),
    )] = False

    schedule_low_priority_values_first: Annotated[bool, Arg(
        '--schedule-low-priority-values-first',
        help=Text(
            en=(
                "Invert the priority order so that smaller priority values are served first. Only meaningful together "
                "with --enable-priority-scheduling."
            ),
            zh="反转优先级顺序，让 priority 数值越小的请求越先得到处理。仅在已开启优先级调度（--enable-priority-scheduling）时才有意义。",
        ),
    )] = False

    priority_scheduling_preemption_threshold: Annotated[NonNegInt, Arg(
        '--priority-scheduling-preemption-threshold',
        help=Text(
            en=(
                "How much higher a new request's priority must be than a running request's before it may preempt it. "
                "Used with --enable-priority-scheduling."
            ),
            zh=(
                "新请求想要抢占正在运行的请求时，两者 priority 数值至少需要相差多少。"
                "配合 --enable-priority-scheduling 使用。"
            ),
        ),
    )] = 10

    disable_priority_preemption: Annotated[bool, Arg(
        '--disable-priority-preemption',
        help=Text(
            en="With --enable-priority-scheduling, never preempt running requests to make room for "
               "higher-priority ones; priority then only orders the waiting queue. Has no effect without "
               "--enable-priority-scheduling.",
            zh="启用 --enable-priority-scheduling 时，不再为高优先级请求抢占正在运行的请求，"
               "优先级只决定等待队列的顺序。未启用 --enable-priority-scheduling 时不起作用。",
        ),
    )] = False

    default_priority_value: Annotated[int | None, Arg(
        '--default-priority-value',
        help=Text(
            en="Priority given to requests that set none, with --enable-priority-scheduling. Unset leaves such "
               "requests without a priority (their metrics labels then read None); has no effect without "
               "priority scheduling.",
            zh="启用 --enable-priority-scheduling 时，为未指定优先级的请求赋予的默认优先级。"
               "不设置时这些请求没有优先级（指标标签中显示为 None）；未启用优先级调度时不起作用。",
        ),
    )] = None

    retraction_policy: Annotated[Literal['length', 'priority'], Arg(
        '--retraction-policy',
        help=Text(
            en="Which running requests go back to the queue first when the KV cache runs out during decode: "
               "'length' picks those with short outputs and long prompts, 'priority' those with the lowest "
               "priority (needs --enable-priority-scheduling).",
            zh="解码过程中 KV 缓存耗尽时，优先把哪些运行中的请求退回队列：length 优先退回输出短、提示词长的请求；"
               "priority 优先退回优先级最低的请求（需要 --enable-priority-scheduling）。",
        ),
    )] = 'length'

    schedule_conservativeness: Annotated[NonNegFloat, Arg(
        '--schedule-conservativeness',
        help=Text(
            en=(
                "Scales how cautiously new requests are admitted given the memory that future decoding will need. "
                "Values above 1 admit fewer requests (raise it if requests are often retracted); below 1 admits more "
                "aggressively, and 0 keeps nothing back for decoding (retraction then does all the work)."
            ),
            zh=(
                "调整调度器在预估后续解码显存需求时接纳新请求的谨慎程度。大于 1 时接纳得更少（请求频繁被撤回时调大），"
                "小于 1 则更激进地接纳；设为 0 时不为后续解码预留任何显存（完全依靠撤回请求来应对不足）。"
            ),
        ),
    )] = 1.0

    page_size: Annotated[PositiveInt | None, Arg(
        '--page-size',
        help=Text(
            en=(
                "Number of tokens per KV cache page, the unit in which cache memory is allocated and prefixes are "
                "matched. Unset lets the attention backend decide (1 on most GPU backends, 128 on Ascend)."
            ),
            zh=(
                "每个 KV 缓存页存放的 token 数，也是缓存分配和前缀匹配的基本单位。"
                "不设置时由注意力后端决定（多数 GPU 后端为 1，昇腾为 128）。"
            ),
        ),
    )] = None

    c128_page_size: Annotated[PositiveInt, Arg(
        '--c128-page-size',
        help=Text(
            en="Physical page size of the C128 compressed KV cache of DeepSeek-V4 models on Ascend NPUs; must be "
               "a multiple of 16. Has no effect on other hardware.",
            zh="昇腾 NPU 上 DeepSeek-V4 模型 C128 压缩 KV 缓存的物理页大小，必须是 16 的倍数。"
               "在其他硬件上不起作用。",
        ),
    )] = 16

    swa_full_tokens_ratio: Annotated[Fraction, Arg(
        '--swa-full-tokens-ratio',
        help=Text(
            en=(
                "For hybrid sliding-window models: KV capacity of each sliding-window layer relative to each "
                "full-attention layer, between 0 and 1, regardless of how many layers of each kind exist. For example "
                "0.5 gives SWA layers half as many token slots."
            ),
            zh=(
                "用于混合滑动窗口注意力模型：每个滑动窗口（SWA）层的 KV 容量相对于全注意力层的比例，取值 0 到 1，"
                "与两类层各有多少层无关。例如 0.5 表示 SWA 层的 token 槽位是全注意力层的一半。"
            ),
        ),
    )] = 0.8

    disable_hybrid_swa_memory: Annotated[bool, Arg(
        '--disable-hybrid-swa-memory',
        help=Text(
            en=(
                "Give sliding-window layers the same full-size KV pool as full-attention layers instead of a separate "
                "smaller one. Uses more memory; mainly a fallback for compatibility problems or debugging."
            ),
            zh=(
                "不再为滑动窗口层单独分配较小的 KV 池，而是与全注意力层使用同样大小的缓存。会多占显存，"
                "主要用于排查兼容性问题或调试。"
            ),
        ),
    )] = False

    radix_eviction_policy: Annotated[Literal['lru', 'lfu', 'priority', 'slru', 'tlru'], Arg(
        '--radix-eviction-policy',
        help=Text(
            en=(
                "Which prefix-cache (radix tree) entries are dropped first when memory runs short: lru evicts the "
                "least recently used, lfu the least frequently used."
            ),
            zh="显存紧张时前缀缓存（基数树）先淘汰哪些条目：lru 淘汰最久没被访问的，lfu 淘汰访问次数最少的。",
        ),
    )] = 'lru'

    radix_eviction_policy_config: Annotated[JsonObject | None, Arg(
        '--radix-eviction-policy-config',
        help=Text(
            en="Tuning parameters, given as a JSON object, for the eviction policy picked by "
               "--radix-eviction-policy, e.g. {\"protected_threshold\": 4} for slru or {\"threshold\": 4096, "
               "\"next_prompt_estimate\": 512} for tlru. A key the policy does not know makes startup fail; unset "
               "keeps the policy's defaults.",
            zh="传给 --radix-eviction-policy 所选淘汰策略的调优参数，为 JSON 对象，例如 "
               "slru 可用 {\"protected_threshold\": 4}，tlru 可用 {\"threshold\": "
               "4096, \"next_prompt_estimate\": 512}。出现策略不认识的键时启动失败；不设置时使用策略的默认值。",
        ),
    )] = None

    enable_prefill_delayer: Annotated[bool, Arg(
        '--enable-prefill-delayer',
        help=Text(
            en=(
                "With DP attention, briefly hold back prefill on some ranks so that ranks prefill in the same forward "
                "pass, cutting the time they sit idle waiting for each other."
            ),
            zh=(
                "在 注意力数据并行模式下短暂推迟部分 rank 的预填充，让各 rank 尽量在同一次前向中一起预填充，"
                "减少互相等待造成的空闲。"
            ),
        ),
    )] = False

    prefill_delayer_max_delay_passes: Annotated[int, Arg(
        '--prefill-delayer-max-delay-passes',
        help=Text(
            en=(
                "Maximum number of forward passes the prefill delayer may hold a pending prefill back before releasing "
                "it anyway. Used with --enable-prefill-delayer."
            ),
            zh=(
                "预填充延迟器最多可把待处理的预填充推迟多少次前向计算，超过后强制放行。"
                "配合 --enable-prefill-delayer 使用。"
            ),
        ),
    )] = 30

    prefill_delayer_token_usage_low_watermark: Annotated[Fraction | None, Arg(
        '--prefill-delayer-token-usage-low-watermark',
        help=Text(
            en=(
                "KV cache usage fraction (0 to 1) below which the prefill delayer stops holding prefill back, so the "
                "cache is not left underused. Unset disables this safeguard."
            ),
            zh=(
                "KV 缓存使用率的低水位（0 到 1）：使用率低于该值时，预填充延迟器不再推迟预填充，以免缓存闲置。"
                "不设置则不启用这一保护。"
            ),
        ),
    )] = None

    prefill_delayer_forward_passes_buckets: Annotated[FloatList | None, Arg(
        '--prefill-delayer-forward-passes-buckets',
        help=Text(
            en=(
                "Custom histogram bucket bounds for the metric counting how many forward passes a prefill was delayed. "
                "0 and the maximum delay minus 1 are added automatically; unset uses the defaults."
            ),
            zh=(
                "自定义“预填充被推迟的前向次数”指标的直方图分桶边界。0 和最大推迟次数减 1 会自动加入；"
                "不设置时使用默认分桶。"
            ),
        ),
    )] = None

    prefill_delayer_wait_seconds_buckets: Annotated[FloatList | None, Arg(
        '--prefill-delayer-wait-seconds-buckets',
        help=Text(
            en=(
                "Custom histogram bucket bounds, in seconds, for the metric recording how long prefills waited in the "
                "delayer. 0 is added automatically; unset uses the defaults."
            ),
            zh="自定义“预填充在延迟器中等待时长”指标的直方图分桶边界（单位：秒）。0 会自动加入；不设置时使用默认分桶。",
        ),
    )] = None

    prefill_delayer_queue_min_ratio: Annotated[PositiveFloat | None, Arg(
        '--prefill-delayer-queue-min-ratio',
        help=Text(
            en="Adds a second, queue-based trigger to --enable-prefill-delayer: prefill waits until the waiting "
               "queue holds at least this ratio times the running requests (capped by --prefill-max-requests). "
               "Unset keeps only the slot-based trigger; 0.1 to 0.5 is typical.",
            zh="为 --enable-prefill-delayer 增加第二种按队列长度触发的条件：等待队列中的请求数达到运行中请求数乘以该比"
               "例（以 --prefill-max-requests 为上限）之前，暂缓预填充。不设置时只使用按空闲槽位触发的条件；"
               "常用取值为 0.1 到 0.5。",
        ),
    )] = None

    prefill_delayer_max_delay_ms: Annotated[PositiveFloat | None, Arg(
        '--prefill-delayer-max-delay-ms',
        help=Text(
            en="Longest time, in milliseconds, the queue-based trigger of --prefill-delayer-queue-min-ratio may "
               "hold a prefill back before releasing it anyway, which bounds the added time to first token. "
               "Unset means 5000.",
            zh="--prefill-delayer-queue-min-ratio 的队列触发条件最多可将一次预填充推迟多少毫秒，"
               "超时后强制放行，从而限制首 token 延迟的增加。不设置时为 5000。",
        ),
    )] = None

    abort_on_priority_when_disabled: Annotated[bool, Arg(
        '--abort-on-priority-when-disabled',
        help=Text(
            en=(
                "When priority scheduling is off, abort requests that specify a priority instead of silently ignoring "
                "the field."
            ),
            zh="未开启优先级调度时，直接中止携带 priority 字段的请求并返回错误，而不是悄悄忽略该字段。",
        ),
    )] = False

    enable_dynamic_chunking: Annotated[bool, Arg(
        '--enable-dynamic-chunking',
        help=Text(
            en=(
                "For pipeline parallelism: size each prefill chunk from a fitted cost model so that every chunk takes "
                "roughly the same time, instead of always using --chunked-prefill-size."
            ),
            zh=(
                "用于流水线并行：依据拟合出的耗时模型动态决定每个预填充块的大小，使各块执行时间大致相同，"
                "而不是始终使用 --chunked-prefill-size。"
            ),
        ),
    )] = False

    hybrid_kvcache_ratio: Annotated[Fraction | None, Arg(
        '--hybrid-kvcache-ratio',
        help=Text(
            en=(
                "Removed: it once set the mix between unified and hybrid KV buffers and now has no effect. Passing it "
                "is an error whose message points to --swa-full-tokens-ratio."
            ),
            zh=(
                "已移除：原先用于设置统一与混合 KV 缓冲区之间的比例，现已不起作用。继续传入会报错，"
                "错误信息会提示改用 --swa-full-tokens-ratio。"
            ),
        ),
    )] = None

    prefill_decode_interval: Annotated[NonNegInt | None, Arg(
        '--prefill-decode-interval',
        help=Text(
            en="After a prefill batch, run this many decode rounds before the next prefill may be scheduled, "
               "which keeps decode latency even. Unset leaves it off except in the Qwen3-VL configurations on "
               "Hopper that SGLang has tuned; 0 turns it off; with attention data parallelism all ranks follow "
               "the same interval.",
            zh="每个预填充批次之后，先运行该数量的解码轮次，再允许调度下一个预填充，使解码延迟更平稳。不设置时默认关闭（SGLang "
               "针对 Hopper 上 Qwen3-VL 调优过的配置除外）；0 表示关闭；注意力数据并行时各 rank "
               "使用同一间隔。",
        ),
    )] = None

    prefill_decode_interval_min_bs: Annotated[NonNegInt, Arg(
        '--prefill-decode-interval-min-bs',
        help=Text(
            en="Smallest running batch, in requests, at which --prefill-decode-interval takes effect; with fewer "
               "requests running, a prefill may be scheduled in every round so the batch fills up fast. 0 "
               "applies the interval regardless; under attention data parallelism each rank judges by its own "
               "batch.",
            zh="仅当运行中的批次至少包含该数量的请求时才执行 --prefill-decode-interval；低于该数量时每轮都允许预填充，"
               "使批次尽快填满。0 表示始终执行该间隔；注意力数据并行时各 rank 按自己的批次判断。",
        ),
    )] = 0

    min_free_slots_delay: Annotated[PositiveInt | None, Arg(
        '--min-free-slots-delay',
        help=Text(
            en="Hold new prefills back until at least this many running-request slots are free, so new requests "
               "are admitted together rather than one at a time; worthwhile when admitting a request is "
               "expensive, e.g. speculative decoding where the draft model prefills every new request too. "
               "Capped by --max-running-requests and 1 disables it; unset turns it on automatically only for "
               "DFlash. Not supported with pipeline parallelism.",
            zh="新的预填充要等到至少有该数量的运行请求槽位空出后才开始，使新请求成批进入而不是逐个进入；适用于每次接纳代价较高的场景，"
               "例如草稿模型也要为每个新请求做预填充的投机解码。取值不超过 --max-running-requests，"
               "设为 1 表示关闭；不设置时仅对 DFlash 自动启用。不支持流水线并行。",
        ),
    )] = None

    prefill_only_disable_kv_cache: Annotated[bool, Arg(
        '--prefill-only-disable-kv-cache',
        help=Text(
            en="For embedding workloads that only run prefill, skip allocating the real KV cache, since no layer "
               "reads it back. Currently requires --is-embedding, --chunked-prefill-size -1, "
               "--disable-radix-cache, a FlashAttention prefill backend and a KV cache that is not FP4.",
            zh="对只做预填充的嵌入类负载，不再分配实际的 KV 缓存，因为没有任何层会回读它。目前要求同时设置 --is-embedding、"
               "--chunked-prefill-size -1 和 --disable-radix-cache，使用 "
               "FlashAttention 预填充后端，且 KV 缓存不是 FP4。",
        ),
    )] = False

    enable_unified_memory: Annotated[bool, Arg(
        '--enable-unified-memory',
        help=Text(
            en="For hybrid models (full attention plus sliding-window or Mamba layers), replace the fixed split "
               "between their cache pools with one shared buffer that the sub-pools divide as demand changes. "
               "Needs attention, linear-attention and Mamba backends that support it; SGLang checks them, and "
               "the disaggregation and speculative decoding settings, at startup.",
            zh="对混合架构模型（全注意力层加滑动窗口层或 Mamba 层），把各缓存池之间的固定划分换成一块共享缓冲区，"
               "由各子池按需动态分配。需要支持该方式的注意力、线性注意力和 Mamba 后端；SGLang 会在启动时检查这些后端，"
               "以及预填充/解码分离和投机解码的配置。",
        ),
    )] = False

    enable_page_major_kv_layout: Annotated[bool, Arg(
        '--enable-page-major-kv-layout',
        help=Text(
            en="Lay out the Mamba state and the full and sliding-window KV caches of hybrid models page by page, "
               "with every layer's data for one token slot together in a single buffer, instead of one buffer "
               "per layer. Currently works only with --enable-unified-memory, which turns it on.",
            zh="对混合架构模型，把 Mamba 状态以及全量和滑动窗口 KV 缓存按页组织：同一 token 槽位各层的数据放在同一个缓冲区中，"
               "而不是每层一个缓冲区。目前只能与 --enable-unified-memory 一起使用，后者会自动开启它。",
        ),
    )] = False

    enable_session_radix_cache: Annotated[bool, Arg(
        '--enable-session-radix-cache',
        help=Text(
            en="Track which sessions still use each cached KV entry: eviction first removes entries that no open "
               "session needs, and closing a session only drops its references instead of freeing the KV.",
            zh="记录每条缓存的 KV 仍被哪些会话使用：淘汰时优先清理不再被任何打开的会话需要的条目；关闭会话只解除其引用，"
               "而不直接释放对应的 KV。",
        ),
    )] = False

    enable_linker_mla_dedup: Annotated[bool, Arg(
        '--enable-linker-mla-dedup',
        help=Text(
            en="When an MLA model's KV cache is replicated on every rank, load it through the Mooncake external "
               "cache linker on rank 0 only and broadcast it layer by layer to the other ranks. Needs "
               "--enable-unified-cache-external-linker with the mooncake linker backend.",
            zh="MLA 模型的 KV 缓存在各 rank 上互为副本时，只由 rank 0 通过 Mooncake 外部缓存链接器加载，"
               "再逐层广播给其他 rank。需要开启 --enable-unified-cache-external-linker "
               "并使用 mooncake 链接器后端。",
        ),
    )] = False

    swa_prefix_tails: Annotated[NonNegInt | None, Arg(
        '--swa-prefix-tails',
        help=Text(
            en="For DeepSeek-V4-family models whose sliding-window KV pool is sized from the request limit, how "
               "many cached prefix tails (one window plus one page each) the pool keeps room for. Unset means 4 "
               "times --max-running-requests per attention data-parallel rank, or 0 when the prefix cache is "
               "disabled.",
            zh="对按请求数上限确定滑动窗口 KV 池大小的 DeepSeek-V4 系列模型，池中为多少个已缓存前缀的尾部预留空间（每个尾部占一"
               "个窗口加一页）。不设置时为每个注意力数据并行 rank 的 --max-running-requests "
               "的 4 倍；关闭前缀缓存时为 0。",
        ),
    )] = None
