"""vLLM's KV cache flags (its CacheConfig): how much device memory the instance takes and how much of it goes
to the KV cache, the cache's block size and data type, prefix caching, the state caches of Mamba and
sliding-window layers, and KV cache offloading to CPU memory.
"""

from typing import Annotated, Literal

from ...meta import Arg, Group, Text
from ...types import HumanInt

GROUP = Group('vllm_cache', Text(en='KV cache', zh='KV 缓存'))


class CacheArgs:

    block_size: Annotated[int | None, Arg(
        '--block-size',
        help=Text(
            en="Tokens per KV cache block (vLLM's page). Unset takes the default: 128 on Ascend through vLLM-Ascend; "
               "elsewhere 16 up to vLLM 0.33 and 64 from 0.34.",
            zh="每个 KV 缓存块（vLLM 的页）容纳的 token 数。不设置时采用默认值：昇腾上（vLLM-Ascend）为 128；"
               "其他平台在 vLLM 0.33 及以前为 16，自 0.34 起为 64。",
        ),
    )] = None

    gpu_memory_utilization: Annotated[float | None, Arg(
        '--gpu-memory-utilization', '--device-memory-utilization',
        help=Text(
            en="Share (0 to 1) of each device's total memory this vLLM instance may use for everything: weights, "
               "activations, CUDA graphs and the KV cache, which gets whatever is left. It is a per-instance budget "
               "(two instances on one device can take 0.45 each), unlike SGLang's --mem-fraction-static. The default is "
               "0.9 up to vLLM 0.18 and 0.92 from 0.23 to 0.33; from 0.34 it is unset: 1.0 with the extensible KV "
               "cache, 0.92 without.",
            zh="本 vLLM 实例可使用的每个设备总显存的比例（0 到 1），涵盖权重、激活值、CUDA Graph 和 KV 缓存，"
               "KV 缓存分得其余全部。这是单个实例的预算（同一设备上的两个实例可各取 0.45），"
               "与 SGLang 的 --mem-fraction-static 含义不同。默认值在 vLLM 0.18 及以前为 0.9，0.23 至 0.33 为 0.92；"
               "自 0.34 起默认不设置："
               "启用可扩展 KV 缓存时取 1.0，否则取 0.92。",
        ),
    )] = 0.92

    kv_cache_memory_bytes: Annotated[HumanInt | None, Arg(
        '--kv-cache-memory-bytes',
        help=Text(
            en="KV cache size per device in bytes (suffixes such as 20G accepted). Set, it replaces the KV cache "
               "share that --gpu-memory-utilization would leave; unset, vLLM sizes the KV cache from that share.",
            zh="每个设备上 KV 缓存的字节数（可写 20G 等后缀）。设置后取代 --gpu-memory-utilization 为 KV 缓存留出的空"
               "间；不设置时 vLLM 按该比例推算 KV 缓存大小。",
        ),
    )] = None

    kv_cache_dtype: Annotated[Literal[
        'auto', 'bfloat16', 'float16', 'fp8', 'fp8_ds_mla', 'fp8_e4m3', 'fp8_e5m2', 'fp8_inc', 'fp8_per_token_head',
        'int4_per_token_head', 'int8_per_token_head', 'nvfp4', 'nvfp4_4over6', 'nvfp4_ds_mla', 'turboquant_3bit_nc',
        'turboquant_4bit_nc', 'turboquant_k3v4_nc', 'turboquant_k8v4', 'ultraquant_4bit',
    ], Arg(
        '--kv-cache-dtype',
        help=Text(
            en="Data type of the KV cache: 'auto' follows the model's data type; 'fp8' (with 'fp8_e4m3' / 'fp8_e5m2' "
               "variants), 'nvfp4', int8/int4 per-token-head and the turboquant/ultraquant formats quantize it to fit "
               "more tokens, at some accuracy cost; support depends on the attention backend.",
            zh="KV 缓存的数据类型：'auto' 跟随模型的数据类型；'fp8'（及其变体 'fp8_e4m3'、'fp8_e5m2'）、'nvfp4'、"
               "按 token 和注意力头量化的 INT8/INT4 格式以及 `turboquant`/`ultraquant` 格式会量化 KV 缓存以容纳更多 "
               "token，但会损失一些精度；可用与否取决于注意力后端。",
        ),
    )] = 'auto'

    num_gpu_blocks_override: Annotated[int | None, Arg(
        '--num-gpu-blocks-override',
        help=Text(
            en="Use exactly this many KV cache blocks per device instead of the number measured at start-up. For "
               "testing preemption; unset measures.",
            zh="每个设备上直接使用该数量的 KV 缓存块，而不使用启动时测算出的数量。用于测试抢占；不设置时按测算结果。",
        ),
    )] = None

    enable_prefix_caching: Annotated[bool | None, Arg(
        '--enable-prefix-caching', negatable=True,
        help=Text(
            en="Prefix caching: reuse the KV cache of prompt prefixes that earlier requests already computed. Unset "
               "turns it on for models that support it; --no-enable-prefix-caching turns it off (SGLang: "
               "--disable-radix-cache).",
            zh="前缀缓存：复用之前请求已经计算过的提示词前缀的 KV 缓存。不设置时对支持的模型自动开启；"
               "--no-enable-prefix-caching 关闭它（相当于 SGLang 的 --disable-radix-cache）。",
        ),
    )] = None

    prefix_caching_hash_algo: Annotated[Literal['sha256', 'sha256_cbor', 'xxhash', 'xxhash_cbor'], Arg(
        '--prefix-caching-hash-algo',
        help=Text(
            en="Hash used for prefix cache keys: 'sha256' (pickle then SHA-256, the safe default), 'sha256_cbor' "
               "(canonical CBOR, reproducible across processes and languages), 'xxhash' and 'xxhash_cbor' (faster but "
               "not cryptographic, so collisions between tenants are more likely; need the xxhash package).",
            zh="前缀缓存键所用的哈希算法：'sha256'（先 `pickle` 序列化再做 SHA-256，安全的默认值）；"
               "'sha256_cbor'（规范 CBOR 序列化，跨进程、跨语言结果一致）；'xxhash' 与 'xxhash_cbor' 更快但不是密码学"
               "哈希，多租户之间发生碰撞的风险更高，需要安装 `xxhash` 包。",
        ),
    )] = 'sha256'

    prefix_cache_retention_interval: Annotated[int, Arg(
        '--prefix-cache-retention-interval',
        help=Text(
            en="For sliding-window and Mamba layers, keep a prefix cache checkpoint every this many tokens (a "
               "multiple of the block size) besides the essential ones; 0 keeps only the essential checkpoints.",
            zh="对滑动窗口层与 Mamba 层，除必要的检查点外，每隔该数量的 token（须为块大小的整数倍）"
               "再保留一个前缀缓存检查点；0 表示只保留必要的检查点。",
        ),
    )] = 0

    kv_cache_dtype_skip_layers: Annotated[list[str], Arg(
        '--kv-cache-dtype-skip-layers',
        help=Text(
            en="Layers whose KV cache stays unquantized when --kv-cache-dtype quantizes it, given as layer indices "
               "(e.g. 0 2 4) or attention kinds (e.g. sliding_window).",
            zh="当 --kv-cache-dtype 量化 KV 缓存时，仍保持不量化的层，可写层序号（例如 0 2 4）"
               "或注意力类型（例如 `sliding_window`）。",
        ),
    )] = []

    kv_sharing_fast_prefill: Annotated[bool, Arg(
        '--kv-sharing-fast-prefill', negatable=True,
        help=Text(
            en="For models whose later layers reuse earlier layers' KV (e.g. Gemma 3n, YOCO-style), let those layers "
               "skip the prompt tokens during prefill.",
            zh="对后面的层复用前面层 KV 的模型（例如 `Gemma 3n` 等 YOCO 式结构），让这些层在预填充时跳过提示词 token。",
        ),
    )] = False

    swa_bounded_replay: Annotated[bool, Arg(
        '--swa-bounded-replay', negatable=True,
        help=Text(
            en="For models that support it (DeepSeek-V4.1), leave the sliding-window KV out of prefix caching and, "
               "after a prefix hit, rebuild it by recomputing only the last window. Needs model runner V2.",
            zh="对支持的模型（DeepSeek-V4.1），滑动窗口部分的 KV 不进入前缀缓存，"
               "命中前缀后只重新计算最后一个窗口来重建它。需要 V2 版模型运行器。",
        ),
    )] = True

    mamba_cache_dtype: Annotated[Literal['auto', 'bfloat16', 'float16', 'float32'], Arg(
        '--mamba-cache-dtype',
        help=Text(
            en="Data type of the Mamba state cache (convolution and SSM state). 'auto' takes it from the model config.",
            zh="Mamba 状态缓存（卷积状态与 SSM 状态）的数据类型。'auto' 表示从模型配置中获取。",
        ),
    )] = 'auto'

    mamba_ssm_cache_dtype: Annotated[Literal['auto', 'bfloat16', 'float16', 'float32'], Arg(
        '--mamba-ssm-cache-dtype',
        help=Text(
            en="Data type of the Mamba SSM state alone (the convolution state follows --mamba-cache-dtype). 'auto' "
               "uses --mamba-cache-dtype.",
            zh="单独指定 Mamba SSM 状态的数据类型（卷积状态仍由 --mamba-cache-dtype 决定）。"
               "'auto' 表示与 --mamba-cache-dtype 相同。",
        ),
    )] = 'auto'

    mamba_block_size: Annotated[int | None, Arg(
        '--mamba-block-size',
        help=Text(
            en="Tokens per Mamba cache block, only with prefix caching on; a multiple of 8. Unset lets vLLM choose.",
            zh="Mamba 缓存块容纳的 token 数，只能在开启前缀缓存时设置，且须为 8 的倍数。不设置时由 vLLM 决定。",
        ),
    )] = None

    prefix_match_unit: Annotated[int | None, Arg(
        '--prefix-match-unit',
        help=Text(
            en="Finest token boundary at which a prefix cache hit can end: keys are computed every this many tokens. "
               "It may be finer than the physical block (e.g. 32 within a 1024-token block) as long as every block "
               "size is a multiple of it. Unset uses the block size.",
            zh="前缀缓存命中可以结束的最细 token 粒度：每隔该数量的 token 计算一次缓存键。"
               "只要各类缓存的块大小都是它的整数倍，它可以比物理块更细（例如在 1024 个 token 的块内取 32）。"
               "不设置时等于块大小。",
        ),
    )] = None

    mamba_cache_mode: Annotated[Literal['align', 'all', 'none'] | None, Arg(
        '--mamba-cache-mode',
        help=Text(
            en="How Mamba layer states are cached: 'none' keeps no per-prefix states (used when prefix caching is "
               "off); 'align' saves the state at block boundaries so prefix hits work (the default with prefix "
               "caching); vLLM 0.18 to 0.23 also take 'all', a state every block (their default with prefix caching). "
               "vLLM 0.33 deprecates it: it has no effect there, Mamba prefix caching follows --enable-prefix-caching.",
            zh="Mamba 层状态的缓存方式：'none' 不按前缀保存状态（前缀缓存关闭时使用）；'align' 在块边界处保存状态，"
               "使前缀命中可用（开启前缀缓存时的默认方式）；vLLM 0.18 至 0.23 还接受 'all'，即每个块都保存状态"
               "（这些版本开启前缀缓存时的默认方式）。vLLM 0.33 起已弃用且不起作用，Mamba 的前缀缓存"
               "跟随 --enable-prefix-caching。",
        ),
    )] = 'none'

    enable_mamba_shared_prefix_checkpoint: Annotated[bool, Arg(
        '--enable-mamba-shared-prefix-checkpoint', negatable=True,
        help=Text(
            en="With --mamba-cache-mode align and EAGLE speculation, also save a Mamba checkpoint where requests "
               "sharing a prefix diverge, not only at the end of the prompt. Needs a prefix match unit smaller than "
               "the Mamba block.",
            zh="在 --mamba-cache-mode align 且使用 EAGLE 投机解码时，除提示词末尾外，"
               "还在共享前缀的请求开始分叉处保存 Mamba 检查点。要求前缀匹配粒度小于 Mamba 块大小。",
        ),
    )] = False

    replayssm_buffer_len: Annotated[int, Arg(
        '--replayssm-buffer-len',
        help=Text(
            en="With --use-replayssm, how many recent steps of SSM inputs are kept for replay (Mamba2).",
            zh="配合 --use-replayssm 使用：为重放保留最近多少步的 SSM 输入（Mamba2）。",
        ),
    )] = 16

    use_replayssm: Annotated[bool, Arg(
        '--use-replayssm', negatable=True,
        help=Text(
            en="Decode Mamba2 with the ReplaySSM kernel: keep recent SSM inputs and write the full state back only "
               "when flushing, instead of every step. Needs the Triton or FlashInfer Mamba backend.",
            zh="使用 ReplaySSM 算子执行 Mamba2 解码：保留最近的 SSM 输入，只在刷写时才写回完整状态，而不是每步都写。"
               "需要 Triton 或 FlashInfer 的 Mamba 后端。",
        ),
    )] = False

    kv_offloading_size: Annotated[float | None, Arg(
        '--kv-offloading-size',
        help=Text(
            en="Size in GiB of the CPU buffer the KV cache is offloaded to, summed over all tensor parallel ranks. "
               "Unset: no offloading. --kv-offloading-backend chooses the implementation.",
            zh="KV 缓存卸载到 CPU 时所用缓冲区的大小（GiB），为所有张量并行 rank 的总和。不设置即不卸载。"
               "具体实现由 --kv-offloading-backend 选择。",
        ),
    )] = None

    kv_offloading_backend: Annotated[Literal['lmcache', 'native'] | None, Arg(
        '--kv-offloading-backend',
        help=Text(
            en="Implementation of KV cache offloading to CPU when --kv-offloading-size is set: 'native' (vLLM's own) "
               "or 'lmcache' (LMCache). In vLLM 0.13 it has no default and must be given with --kv-offloading-size.",
            zh="设置 --kv-offloading-size 后 KV 缓存卸载到 CPU 的实现：'native' 为 vLLM 自带实现，"
               "'lmcache' 使用 LMCache。vLLM 0.13 中没有默认值，须与 --kv-offloading-size 一起给出。",
        ),
    )] = 'native'

    enable_extensible_kv_cache: Annotated[bool | None, Arg(
        '--enable-extensible-kv-cache',
        help=Text(
            en="Reserve the KV cache's address range in device virtual memory and back it with physical pages after "
               "warm-up, so the cache is sized from the memory really free after CUDA graph capture instead of a "
               "profiling estimate. Unset: on for CUDA and ROCm unless --kv-cache-memory-bytes is given; where the "
               "driver has no virtual memory management vLLM falls back to the estimate, but asking for it there "
               "explicitly is an error. New in vLLM 0.34.",
            zh="在设备虚拟内存中预留 KV 缓存的地址空间，预热之后再映射物理页，使缓存大小按 CUDA Graph 捕获后实际空闲的"
               "显存确定，而不是按性能剖析估算。不设置时：在 CUDA 与 ROCm 上开启，除非给出了 --kv-cache-memory-bytes；"
               "驱动不支持虚拟内存管理时退回估算方式，但在这种环境下显式开启会报错。vLLM 0.34 新增。",
        ),
    )] = None

    swap_space: Annotated[float, Arg(
        '--swap-space',
        help=Text(
            en="CPU swap space per GPU, in GiB. vLLM 0.13 only.",
            zh="每个 GPU 对应的 CPU 交换空间大小，单位 GiB。仅 vLLM 0.13 提供。",
        ),
    )] = 4

    calculate_kv_scales: Annotated[bool, Arg(
        '--calculate-kv-scales', negatable=True,
        help=Text(
            en="With an FP8 KV cache, compute k_scale and v_scale at run time instead of loading them from the "
               "checkpoint (or using 1.0 where it has none). Up to vLLM 0.23.",
            zh="使用 FP8 KV 缓存时，在运行时计算 k_scale 与 v_scale，而不是从检查点加载（检查点没有时取 1.0）。"
               "仅 vLLM 0.23 及以前的版本提供。",
        ),
    )] = False
