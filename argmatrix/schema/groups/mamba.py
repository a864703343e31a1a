"""Mamba cache: memory and scheduling of SSM states for Mamba and hybrid Mamba/attention models."""

from typing import Annotated, Literal

from ..meta import Arg, Group, Text
from ..types import Before, Bounds, Fraction, NonNegInt, PositiveInt, no_zero_cap

GROUP = Group('mamba', Text(en='Mamba Cache', zh='Mamba 缓存'))

# Kernel backends for linear-attention layers (GDN/KDA); the verify backend adds nv_cutedsl.
LinearAttnBackend = Literal['triton', 'cutedsl', 'flashinfer', 'flashkda', 'nvidia_kda', 'ptx_kda', 'helion', 'intel_xpu']


class MambaArgs:

    max_mamba_cache_size: Annotated[PositiveInt | None, Arg(
        '--max-mamba-cache-size',
        help=Text(
            en=(
                "Maximum number of state slots in the Mamba cache, roughly how many requests can keep an SSM state at "
                "once. Unset sizes it from the available memory."
            ),
            zh="Mamba 缓存中的状态槽数量上限，约等于可同时保存 SSM 状态的请求数。不设置时根据可用显存计算。",
        ),
    )] = None

    mamba_ssm_dtype: Annotated[Literal['float32', 'bfloat16', 'float16'], Arg(
        '--mamba-ssm-dtype',
        help=Text(
            en=(
                "Data type used to store SSM states in the Mamba cache. float32 is the most accurate; bfloat16 or "
                "float16 halve the state memory."
            ),
            zh="Mamba 缓存里保存 SSM 状态所用的数据类型。float32 精度最高；bfloat16、float16 可将状态显存减半。",
        ),
    )] = 'float32'

    mamba_backend: Annotated[Literal['triton', 'flashinfer'], Arg(
        '--mamba-backend',
        help=Text(
            en=(
                "Kernel library that runs the Mamba SSM state updates: triton (the default) or flashinfer, which "
                "needs a FlashInfer build that includes its Mamba kernels."
            ),
            zh=(
                "执行 Mamba SSM 状态更新的算子库：triton（默认）或 flashinfer；"
                "后者要求所装的 FlashInfer 带有 Mamba 算子。"
            ),
        ),
    )] = 'triton'

    enable_mamba_cache_stochastic_rounding: Annotated[bool, Arg(
        '--enable-mamba-cache-stochastic-rounding',
        help=Text(
            en=(
                "Round stochastically instead of to nearest when SSM states are written to the Mamba cache in FP16, "
                "so rounding errors do not pile up over long sequences. Needs --mamba-ssm-dtype float16 on an NVIDIA "
                "GPU; with --mamba-backend triton it also needs an SM100 (Blackwell) GPU."
            ),
            zh=(
                "以 FP16 把 SSM 状态写入 Mamba 缓存时采用随机舍入而非就近舍入，避免长序列中舍入误差不断累积。"
                "需在 NVIDIA GPU 上配合 --mamba-ssm-dtype float16 使用；"
                "若 --mamba-backend 为 triton，还要求 SM100（Blackwell）架构的 GPU。"
            ),
        ),
    )] = False

    mamba_cache_philox_rounds: Annotated[NonNegInt, Arg(
        '--mamba-cache-philox-rounds',
        help=Text(
            en=(
                "Number of Philox rounds used to draw the random bits for --enable-mamba-cache-stochastic-rounding. "
                "0 keeps each backend's own default (Triton's built-in value, 10 rounds for FlashInfer)."
            ),
            zh=(
                "--enable-mamba-cache-stochastic-rounding 生成随机数时 Philox "
                "算法的轮数。0 表示沿用各后端自己的默认值（Triton 取其内置值，FlashInfer 为 10 轮）。"
            ),
        ),
    )] = 0

    mamba_full_memory_ratio: Annotated[Fraction, Arg(
        '--mamba-full-memory-ratio',
        help=Text(
            en=(
                "For hybrid Mamba/attention models, ratio of the memory given to Mamba states to that of the "
                "full-attention KV cache."
            ),
            zh="对 Mamba 与注意力混合的模型，分配给 Mamba 状态的显存与全注意力层 KV 缓存显存之比。",
        ),
    )] = 0.9

    mamba_scheduler_strategy: Annotated[Literal['auto', 'no_buffer', 'extra_buffer', 'extra_buffer_lazy'], Arg(
        '--mamba-scheduler-strategy',
        help=Text(
            en=(
                "How Mamba states are kept for prefix caching: no_buffer allocates no extra state buffers but cannot "
                "use the overlap scheduler; extra_buffer adds buffers that allow overlap, at the cost of fewer "
                "concurrent requests. auto currently means no_buffer."
            ),
            zh=(
                "前缀缓存下 Mamba 状态的管理策略：no_buffer 不额外分配状态缓冲，但无法使用重叠调度；extra_buffer 额外分配缓冲以支持重叠调度，代价是可并发请求数减少。auto 目前等同于 "
                "no_buffer。"
            ),
        ),
    )] = 'auto'

    mamba_radix_cache_strategy: Annotated[Literal['auto', 'no_buffer', 'extra_buffer', 'extra_buffer_lazy'], Arg(
        '--mamba-radix-cache-strategy',
        help=Text(
            en=(
                "How Mamba states are kept for prefix caching: no_buffer adds no state buffers but turns overlap "
                "scheduling off; extra_buffer adds tracking buffers so states are saved during decoding (see "
                "--mamba-track-interval) and overlap scheduling stays on; extra_buffer_lazy does the same but "
                "allocates its second buffer only when first needed. auto picks extra_buffer when overlap scheduling "
                "or a --page-size above 1 calls for it and the model supports it, otherwise no_buffer. Replaces "
                "--mamba-scheduler-strategy."
            ),
            zh=(
                "前缀缓存中 Mamba 状态的保存策略：no_buffer 不额外分配状态缓冲，但会关闭重叠调度；"
                "extra_buffer 额外分配跟踪缓冲，"
                "在解码过程中保存状态（见 --mamba-track-interval），并保留重叠调度；"
                "extra_buffer_lazy 与 extra_buffer 相同，只是第二块缓冲到首次用到时才分配。"
                "auto 在重叠调度或大于 1 的 --page-size 需要且模型支持时选 extra_buffer，"
                "否则选 no_buffer。取代 --mamba-scheduler-strategy。"
            ),
        ),
    )] = 'auto'

    mamba_track_interval: Annotated[PositiveInt, Arg(
        '--mamba-track-interval',
        help=Text(
            en=(
                "During decode, save a Mamba state snapshot every this many tokens so it can be reused as prefix "
                "cache. Only used by the extra_buffer strategy; must be a multiple of --page-size."
            ),
            zh="解码时每隔多少个 token 保存一次 Mamba 状态快照，供前缀缓存复用。仅在 extra_buffer 策略下生效，且须为页大小（--page-size）的整数倍。",
        ),
    )] = 256

    mamba_max_states_per_path: Annotated[Annotated[int, Bounds(ge=-1), Before(no_zero_cap)], Arg(
        '--mamba-max-states-per-path',
        help=Text(
            en=(
                "Most Mamba states the prefix cache keeps along one path of its tree; past the cap the states "
                "nearest the root are dropped after each insert, while their KV cache stays. -1 (the default) means "
                "no cap; 0 is refused."
            ),
            zh=(
                "前缀缓存树的每条路径上最多保留多少个 Mamba 状态；超出后，每次插入都会删除最靠近根部的状态，"
                "对应的 KV 缓存仍然保留。-1（默认）表示不设上限；不能设为 0。"
            ),
        ),
    )] = -1

    enable_int8_mamba_checkpoint: Annotated[bool, Arg(
        '--enable-int8-mamba-checkpoint',
        help=Text(
            en=(
                "Store the Mamba states that the prefix cache keeps as int8 in a separate checkpoint pool, so about "
                "twice as many cached prefixes fit in the same memory. Cannot be combined with "
                "--enable-hierarchical-cache, --enable-lmcache or --radix-cache-backend."
            ),
            zh=(
                "把前缀缓存保存的 Mamba 状态以 int8 存入单独的检查点池，同样的内存可缓存的前缀数约增加一倍。"
                "不能与 --enable-hierarchical-cache、"
                "--enable-lmcache 或 --radix-cache-backend 同时使用。"
            ),
        ),
    )] = False

    int8_mamba_ckpt_size: Annotated[PositiveInt | None, Arg(
        '--int8-mamba-ckpt-size',
        help=Text(
            en=(
                "Number of slots in the int8 checkpoint pool of --enable-int8-mamba-checkpoint. Unset uses twice the "
                "number of active Mamba state slots."
            ),
            zh=(
                "--enable-int8-mamba-checkpoint 所用 int8 检查点池的槽位数。"
                "不设置时取活跃 Mamba 状态槽位数的两倍。"
            ),
        ),
    )] = None

    linear_attn_backend: Annotated[LinearAttnBackend, Arg(
        '--linear-attn-backend',
        help=Text(
            en=(
                "Default kernel backend for linear-attention layers (GDN and KDA), used in prefill and decode unless "
                "--linear-attn-prefill-backend or --linear-attn-decode-backend overrides it. helion supports KDA "
                "models only."
            ),
            zh=(
                "线性注意力层（GDN、KDA）默认使用的算子后端，预填充与解码都用它，"
                "除非另行设置 --linear-attn-prefill-backend 或 "
                "--linear-attn-decode-backend。helion 仅支持 KDA 模型。"
            ),
        ),
    )] = 'triton'

    linear_attn_decode_backend: Annotated[LinearAttnBackend | None, Arg(
        '--linear-attn-decode-backend',
        help=Text(
            en="Kernel backend for linear attention during decode. Unset uses --linear-attn-backend.",
            zh="解码阶段线性注意力所用的算子后端。不设置时沿用 --linear-attn-backend。",
        ),
    )] = None

    linear_attn_prefill_backend: Annotated[LinearAttnBackend | None, Arg(
        '--linear-attn-prefill-backend',
        help=Text(
            en=(
                "Kernel backend for linear attention during prefill and extend. Unset uses --linear-attn-backend, "
                "although SGLang may choose flashinfer by itself for GDN models on SM100 GPUs."
            ),
            zh=(
                "预填充（含续算）阶段线性注意力所用的算子后端。不设置时沿用 --linear-attn-backend，"
                "但在 SM100 GPU 上运行 GDN 模型时，SGLang 可能自动改用 flashinfer。"
            ),
        ),
    )] = None

    linear_attn_verify_backend: Annotated[Literal[LinearAttnBackend, 'nv_cutedsl'] | None, Arg(
        '--linear-attn-verify-backend',
        help=Text(
            en=(
                "Kernel backend for linear attention while the target model verifies speculative drafts. Unset "
                "follows the decode backend: flashinfer if decoding uses flashinfer, triton otherwise. KDA models "
                "accept triton, nv_cutedsl and flashinfer."
            ),
            zh=(
                "目标模型验证投机解码草稿时线性注意力所用的算子后端。不设置时跟随解码后端："
                "解码用 flashinfer 则验证也用 flashinfer，否则用 triton。"
                "KDA 模型可选 triton、nv_cutedsl 和 flashinfer。"
            ),
        ),
    )] = None

    enable_linear_replayssm: Annotated[bool, Arg(
        '--enable-linear-replayssm',
        help=Text(
            en=(
                "Decode linear attention with the ReplaySSM kernel, which keeps recent steps in a ring buffer and "
                "writes the full recurrent state back to device memory only every --linear-replayssm-cache-len "
                "steps. Mainly speeds up GDN models at large batch sizes (KDA models are often slower with it: "
                "measure first); needs the triton linear-attention decode backend (helion also works for KDA) and "
                "--mamba-radix-cache-strategy no_buffer."
            ),
            zh=(
                "线性注意力解码改用 ReplaySSM 算子：最近若干步保存在环形缓冲区中，"
                "每隔 --linear-replayssm-cache-len 步才把完整的循环状态写回显存。"
                "主要在大批大小下加速 GDN 模型（KDA 模型用它往往更慢，应先实测）；"
                "需要 triton 线性注意力解码后端（KDA 模型也可用 helion），"
                "并配合 --mamba-radix-cache-strategy no_buffer。"
            ),
        ),
    )] = False

    linear_replayssm_cache_len: Annotated[PositiveInt, Arg(
        '--linear-replayssm-cache-len',
        help=Text(
            en=(
                "Length of the ReplaySSM ring buffer in decode steps: the full recurrent state is written back to "
                "device memory once per this many steps. Used by --enable-linear-replayssm and, for KDA models, "
                "--enable-linear-replayssm-spec."
            ),
            zh=(
                "ReplaySSM 环形缓冲区的长度（解码步数），即每隔多少步把完整的循环状态写回显存一次。"
                "供 --enable-linear-replayssm 使用，"
                "KDA 模型的 --enable-linear-replayssm-spec 也会用到。"
            ),
        ),
    )] = 16

    enable_linear_replayssm_spec: Annotated[bool, Arg(
        '--enable-linear-replayssm-spec',
        help=Text(
            en=(
                "Apply the ReplaySSM approach to speculative verification of linear-attention models: instead of "
                "saving a full state snapshot for every draft step, verification records each step's inputs and the "
                "commit replays only the accepted ones. For GDN and KDA hybrid models with a single draft chain "
                "(--speculative-eagle-topk unset or 1)."
            ),
            zh=(
                "把 ReplaySSM 的做法用于线性注意力模型的投机解码验证：验证时不再为每个草稿步骤保存完整的状态快照，"
                "而是记录各步的输入，提交时只重放被接受的部分。适用于 GDN、KDA 混合模型，"
                "且草稿须为单链（--speculative-eagle-topk 不设置或为 1）。"
            ),
        ),
    )] = False
