"""Hierarchical cache: extending the prefix KV cache from device memory into host memory and external storage."""

from typing import Annotated, Literal

from ..meta import Arg, Group, Text
from ..types import *

GROUP = Group('hierarchical_cache', Text(en='Hierarchical cache', zh='层级缓存'))


class HierarchicalCacheArgs:

    enable_hierarchical_cache: Annotated[bool, Arg(
        '--enable-hierarchical-cache',
        help=Text(
            en=(
                "Enable HiCache: extend the prefix (radix) cache from device memory into host memory, and optionally "
                "an external storage tier, so evicted KV cache can be loaded back instead of recomputed."
            ),
            zh="开启层级缓存（HiCache）：将前缀（Radix）缓存从设备显存扩展到主机内存，并可接入外部存储层，被逐出的 KV 缓存可重新载入而无需重算。",
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

    hicache_write_policy: Annotated[Literal['write_back', 'write_through', 'write_through_selective'], Arg(
        '--hicache-write-policy',
        help=Text(
            en=(
                "When KV cache is copied from device to host: write_through copies it right away, "
                "write_through_selective only for frequently hit prefixes, write_back only when it is evicted from the "
                "device."
            ),
            zh="KV 缓存何时从设备写入主机：write_through 立即写入；write_through_selective 只写入被多次命中的前缀；write_back 仅在从设备逐出时才写入。",
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

    hicache_mem_layout: Annotated[Literal['layer_first', 'page_first', 'page_first_direct', 'page_first_kv_split'], Arg(
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
    )] = 'layer_first'

    hicache_storage_backend: Annotated[Literal['file', 'mooncake', 'hf3fs', 'nixl', 'aibrix', 'eic', 'dynamic'] | None, Arg(
        '--hicache-storage-backend',
        help=Text(
            en=(
                "Optional third cache tier below host memory: file, mooncake, hf3fs, nixl, aibrix, eic, or 'dynamic' "
                "to load a custom backend class named in --hicache-storage-backend-extra-config. Unset means no "
                "storage tier."
            ),
            zh="位于主机内存之下的可选第三级缓存存储：file、mooncake、hf3fs、nixl、aibrix、eic，或 dynamic（按额外配置中给出的模块与类名加载自定义后端）。不设置则不启用存储层。",
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
    )] = 'best_effort'

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
