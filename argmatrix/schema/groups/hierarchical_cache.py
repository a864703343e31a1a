"""Hierarchical cache: extending the prefix KV cache from device memory into host memory and external storage."""

from typing import Annotated, Literal

from ..meta import Arg, Group, Text
from ..types import Bounds, JsonObject, NonNegInt, PositiveFloat

GROUP = Group('hierarchical_cache', Text(en='Hierarchical cache', zh='分层缓存'))


class HierarchicalCacheArgs:

    enable_hierarchical_cache: Annotated[bool, Arg(
        '--enable-hierarchical-cache', '--enable-hicache',
        help=Text(
            en=(
                "Enable HiCache: extend the prefix (radix) cache from device memory into host memory, and optionally "
                "an external storage tier, so evicted KV cache can be loaded back instead of recomputed."
            ),
            zh="开启分层缓存（HiCache）：将前缀缓存（基数树）从设备显存扩展到主机内存，并可接入外部存储层，被淘汰的 KV 缓存可重新载入而无需重算。",
        ),
    )] = False

    hicache_ratio: Annotated[PositiveFloat, Arg(
        '--hicache-ratio',
        help=Text(
            en=(
                "Size of the host KV cache pool as a multiple of the device KV cache pool (2.0 = twice as large). "
                "Ignored when --hicache-size is set."
            ),
            zh="主机侧 KV 缓存池相对设备侧 KV 缓存池的大小倍数（如 2.0 表示两倍）。设置了 --hicache-size 时此项不生效。",
        ),
    )] = 2.0

    hicache_size: Annotated[NonNegInt, Arg(
        '--hicache-size',
        help=Text(
            en=(
                "Size of the host KV cache pool in GB per rank; when non-zero it overrides --hicache-ratio. 0 sizes "
                "the pool by the ratio."
            ),
            zh="主机侧 KV 缓存池的大小（GB，按每个 rank 计）；非 0 时优先于 --hicache-ratio，为 0 时按倍数计算。",
        ),
    )] = 0

    hicache_host_memory_fraction: Annotated[Annotated[float, Bounds(gt=0.0, le=1.0)], Arg(
        '--hicache-host-memory-fraction',
        help=Text(
            en=(
                "Share of this machine's available host memory (after a 10 GiB reserve, within cgroup limits) that "
                "all ranks' HiCache host pools together may take. It matters only if you set neither --hicache-ratio "
                "nor --hicache-size, in which case SGLang shrinks its default ratio until the pools fit within this "
                "share. Lower it when several engines share one memory cgroup."
            ),
            zh=(
                "本机可用主机内存（先扣除 10 GiB 预留，并受 cgroup 内存上限约束）中，"
                "所有 rank 的分层缓存主机池合计可占用的比例。"
                "仅在 --hicache-ratio 与 --hicache-size 都未设置时生效，"
                "此时会调低默认倍数直到放得下。多个引擎共用一个内存 cgroup 时应调低。"
            ),
        ),
    )] = 0.8

    hicache_host_memory_mode: Annotated[Literal['cache', 'buffer_only'], Arg(
        '--hicache-host-memory-mode',
        help=Text(
            en=(
                "Role of host memory in HiCache: cache keeps KV pages there as a tier of its own; buffer_only only "
                "stages pages between the device and the storage backend, which then holds all cached data. "
                "buffer_only needs --hicache-storage-backend, turns write_back into write_through and is refused on "
                "decode instances."
            ),
            zh=(
                "主机内存在分层缓存中的角色：cache 表示主机内存自成一级缓存，保存 KV 页；"
                "buffer_only 表示主机内存只在设备与存储后端之间中转，缓存数据全部存放在存储后端。"
                "buffer_only 需要 --hicache-storage-backend，"
                "会把写策略 write_back 改为 write_through，且不能用于解码实例。"
            ),
        ),
    )] = 'cache'

    hicache_write_policy: Annotated[Literal['write_back', 'write_through', 'write_through_selective'], Arg(
        '--hicache-write-policy',
        help=Text(
            en=(
                "When KV cache is copied from device to host: write_through copies it right away, "
                "write_through_selective only for frequently hit prefixes, write_back only when it is evicted from the "
                "device."
            ),
            zh="KV 缓存何时从设备写入主机：write_through 立即写入；write_through_selective 只写入被多次命中的前缀；write_back 仅在从设备淘汰时才写入。",
        ),
    )] = 'write_through'

    hicache_io_backend: Annotated[Literal['direct', 'kernel', 'kernel_ascend'], Arg(
        '--hicache-io-backend',
        help=Text(
            en=(
                "How KV cache is copied between host and device memory: 'kernel' uses dedicated copy kernels, 'direct' "
                "plain memory copies, 'kernel_ascend' Ascend NPU kernels."
            ),
            zh="KV 缓存在主机内存与设备显存之间的拷贝方式：kernel 使用专用拷贝算子，direct 使用普通内存拷贝，kernel_ascend 使用昇腾 NPU 算子。",
        ),
    )] = 'kernel'

    hicache_mem_layout: Annotated[Literal['layer_first', 'page_first', 'page_first_direct', 'page_first_kv_split', 'page_head'], Arg(
        '--hicache-mem-layout',
        help=Text(
            en=(
                "Memory layout of the host KV pool: layer_first groups data by layer, page_first by page (friendlier "
                "to storage backends); page_first_direct and page_first_kv_split are page-major variants, the ones "
                "Ascend supports."
            ),
            zh=(
                "主机侧 KV 缓存池的内存布局：layer_first 按层组织，page_first 按页组织（更便于对接存储后端）；page_first_direct 与 page_first_kv_split "
                "是按页布局的变体，也是昇腾支持的两种。"
            ),
        ),
    )] = 'page_first'

    hicache_storage_backend: Annotated[Literal['file', 'mooncake', 'hf3fs', 'nixl', 'aibrix', 'eic', 'dynamic', 'mori', 'npu_memcache', 'seaweedfs', 'shm', 'sim', 'simm', 'tensorcast'] | None, Arg(
        '--hicache-storage-backend',
        help=Text(
            en=(
                "Optional third cache tier below host memory: file, mooncake, hf3fs, nixl, aibrix, eic, or 'dynamic' "
                "to load a custom backend class named in --hicache-storage-backend-extra-config. Unset means no "
                "storage tier."
            ),
            zh="位于主机内存之下的可选第三级缓存存储：file、mooncake、hf3fs、nixl、aibrix、eic，或 dynamic（按 --hicache-storage-backend-extra-config 中给出的模块与类名加载自定义后端）。不设置则不启用存储层。",
        ),
    )] = None

    hicache_storage_prefetch_policy: Annotated[Literal['best_effort', 'wait_complete', 'timeout'], Arg(
        '--hicache-storage-prefetch-policy',
        help=Text(
            en=(
                "When to stop prefetching a request's KV cache from the storage tier: best_effort stops as soon as the "
                "request can be scheduled, wait_complete waits for the whole prefetch, timeout waits up to a time "
                "limit."
            ),
            zh="何时停止从存储层预取请求的 KV 缓存：best_effort 在请求可被调度时即停止，wait_complete 等待预取全部完成，timeout 最多等到超时。",
        ),
    )] = 'timeout'

    hicache_storage_prefetch_retry_poll_interval: Annotated[NonNegInt, Arg(
        '--hicache-storage-prefetch-retry-poll-interval',
        help=Text(
            en=(
                "When a queued request's lookup in the storage tier finds nothing while a backup to storage may "
                "still be in flight, how many scheduling passes to wait before looking again. 0 turns these retries "
                "off."
            ),
            zh="排队中的请求在存储层查不到数据、而写往存储的备份可能仍未完成时，等待多少个调度轮次后重新查询。0 表示不做这类重试。",
        ),
    )] = 8

    hicache_storage_prefetch_retry_max_attempts: Annotated[NonNegInt, Arg(
        '--hicache-storage-prefetch-retry-max-attempts',
        help=Text(
            en=(
                "How many times a queued request may repeat its storage-tier lookup; after that it is scheduled with "
                "whatever is already in device memory. 0 allows no repeats."
            ),
            zh="排队中的请求最多可重复查询存储层的次数；超过后直接以设备显存中已有的缓存进行调度。0 表示不重复查询。",
        ),
    )] = 8

    hicache_storage_backend_extra_config: Annotated[JsonObject | None, Arg(
        '--hicache-storage-backend-extra-config',
        help=Text(
            en=(
                "Extra backend-specific settings for the storage tier, as a JSON object (for the 'dynamic' backend: "
                "backend_name, module_path and class_name)."
            ),
            zh="存储层后端的附加配置，为 JSON 对象（dynamic 后端需在其中给出 backend_name、module_path 与 class_name）。",
        ),
    )] = None

    enable_unified_cache_external_linker: Annotated[bool, Arg(
        '--enable-unified-cache-external-linker',
        help=Text(
            en=(
                "Connect the prefix cache (UnifiedRadixCache) straight to an external KV store chosen with "
                "--unified-cache-external-linker-backend, with no host-memory tier in between. Needs the radix cache "
                "on and no --radix-cache-backend; cannot be combined with --enable-hierarchical-cache, "
                "--hicache-storage-backend or --enable-lmcache."
            ),
            zh=(
                "把前缀缓存（UnifiedRadixCache）直接对接到由 "
                "--unified-cache-external-linker-backend 指定的外部 KV 存储，"
                "中间不经过主机内存这一层。要求开启前缀缓存且不设置 --radix-cache-backend；"
                "不能与 --enable-hierarchical-cache、"
                "--hicache-storage-backend 或 --enable-lmcache 同时使用。"
            ),
        ),
    )] = False

    unified_cache_external_linker_backend: Annotated[Literal['mooncake', 'mori', 'dynamic'], Arg(
        '--unified-cache-external-linker-backend',
        help=Text(
            en=(
                "External KV store for --enable-unified-cache-external-linker: mooncake, mori, or dynamic to load "
                "your own linker class named in --unified-cache-external-linker-config."
            ),
            zh=(
                "--enable-unified-cache-external-linker 对接的外部 KV 存储："
                "mooncake、mori，或 dynamic（加载 "
                "--unified-cache-external-linker-config 中指定的自定义连接器类）。"
            ),
        ),
    )] = 'mooncake'

    unified_cache_external_linker_config: Annotated[JsonObject | None, Arg(
        '--unified-cache-external-linker-config',
        help=Text(
            en=(
                "Settings of the chosen linker backend as a JSON object: storage options for mooncake and mori; for "
                "dynamic, linker (the class name), linker_module_path and optionally linker_extra_config. For the "
                "built-in backends it takes the place of --hicache-storage-backend-extra-config."
            ),
            zh=(
                "所选连接器后端的配置，为 JSON 对象：mooncake 与 mori 直接填写存储选项；"
                "dynamic 需给出 linker（类名）与 linker_module_path，"
                "并可附带 linker_extra_config。对内置后端而言，"
                "它取代 --hicache-storage-backend-extra-config。"
            ),
        ),
    )] = None

    enable_hisparse: Annotated[bool, Arg(
        '--enable-hisparse',
        help=Text(
            en=(
                "Turn on hierarchical sparse attention (HiSparse) for DeepSeek sparse-attention (DSA) models: the "
                "full KV cache lives in host memory and only the entries picked by the top-k selection are loaded "
                "into a device buffer. Needs --kv-cache-dtype bfloat16 or fp8_e4m3; tune it with --hisparse-config."
            ),
            zh=(
                "为 DeepSeek 稀疏注意力（DSA）模型开启层级稀疏注意力（HiSparse）："
                "完整的 KV 缓存保存在主机内存中，只把 top-k 选中的条目调入设备上的缓冲区。"
                "需要 --kv-cache-dtype 为 bfloat16 或 fp8_e4m3；"
                "可用 --hisparse-config 调整参数。"
            ),
        ),
    )] = False

    hisparse_config: Annotated[JsonObject | None, Arg(
        '--hisparse-config', '--hierarchical-sparse-attention-extra-config',
        help=Text(
            en=(
                "Settings of --enable-hisparse as a JSON object, e.g. {\"top_k\": 1024, \"host_to_device_ratio\": 4}. "
                "Keys left out take built-in defaults: top_k 2048, a device buffer twice top_k, a host-to-device "
                "ratio of 2."
            ),
            zh=(
                "--enable-hisparse 的参数，为 JSON 对象，"
                "例如 {\"top_k\": 1024, \"host_to_device_ratio\": 4}。未给出的键取内置默认值："
                "top_k 为 2048，设备缓冲区为 top_k 的两倍，主机与设备容量之比为 2。"
            ),
        ),
    )] = None

    enable_flexkv: Annotated[bool, Arg(
        '--enable-flexkv',
        help=Text(
            en=(
                "Run the prefix cache through FlexKV's KV manager, which offloads KV cache to CPU memory, SSD or "
                "remote storage. Same as --radix-cache-backend flexkv, except that it also takes part in SGLang's "
                "automatic choice of cache backend, as --enable-lmcache does; configure it with "
                "--flexkv-config-file."
            ),
            zh=(
                "让前缀缓存经由 FlexKV 的 KV 管理器运作，把 KV 缓存卸载到 CPU 内存、SSD 或远端存储。"
                "效果等同于 --radix-cache-backend flexkv，"
                "区别在于它和 --enable-lmcache 一样参与 SGLang 对缓存后端的自动选择；"
                "配置见 --flexkv-config-file。"
            ),
        ),
    )] = False

    flexkv_config_file: Annotated[str | None, Arg(
        '--flexkv-config-file',
        help=Text(
            en=(
                "Path to FlexKV's YAML or JSON configuration file; the same as setting the FLEXKV_CONFIG_PATH "
                "environment variable, which wins when both are set."
            ),
            zh=(
                "FlexKV 的 YAML 或 JSON 配置文件路径，作用与环境变量 FLEXKV_CONFIG_PATH 相同；"
                "两者都设置时以环境变量为准。"
            ),
        ),
    )] = None

    disable_hicache_numa_detect: Annotated[bool, Arg(
        '--disable-hicache-numa-detect',
        help=Text(
            en=(
                "Do not look up which NUMA node each accelerator sits on when the hierarchical cache allocates its "
                "host memory; by default the host buffers are placed on the accelerator's own NUMA node."
            ),
            zh="分层缓存分配主机内存时，不再检测每个加速器所在的 NUMA 节点；默认会把主机缓冲区放在加速器所在的 NUMA 节点上。",
        ),
    )] = False
