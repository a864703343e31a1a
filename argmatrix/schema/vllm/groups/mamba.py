"""vLLM's Mamba flags (its MambaConfig): the kernel that updates the state of state-space (Mamba, SSM)
layers and how that state is rounded when stored at low precision.
"""

from typing import Annotated, Literal

from ...meta import Arg, Group, Text

GROUP = Group('vllm_mamba', Text(en='Mamba (state-space layers)', zh='Mamba（状态空间层）'))


class MambaArgs:

    mamba_backend: Annotated[str, Arg(
        '--mamba-backend',
        help=Text(
            en="Kernel for the selective state update of Mamba layers: 'triton' (default), 'flashinfer' or 'cpu'.",
            zh="Mamba 层选择性状态更新所用的算子：'triton'（默认）、'flashinfer' 或 'cpu'。",
        ),
    )] = 'triton'

    mamba_ssu_algorithm: Annotated[Literal['auto', 'horizontal', 'simple', 'vertical'] | None, Arg(
        '--mamba-ssu-algorithm',
        help=Text(
            en="With --mamba-backend flashinfer, the state update algorithm to force: 'simple', 'vertical', "
               "'horizontal' or 'auto'. Unset uses FlashInfer's 'auto'; other backends refuse it.",
            zh="在 --mamba-backend 为 'flashinfer' 时强制使用的状态更新算法：'simple'、'vertical'、"
               "'horizontal' 或 'auto'。不设置时使用 FlashInfer 的 'auto'；其他后端不接受此参数。",
        ),
    )] = None

    enable_mamba_cache_stochastic_rounding: Annotated[bool, Arg(
        '--enable-mamba-cache-stochastic-rounding', negatable=True,
        help=Text(
            en="Round stochastically when writing the SSM state to an FP16 cache, which removes rounding bias over "
               "long sequences. CUDA only.",
            zh="把 SSM 状态写入 FP16 缓存时采用随机舍入，消除长序列上累积的舍入偏差。仅限 CUDA。",
        ),
    )] = False

    mamba_cache_philox_rounds: Annotated[int, Arg(
        '--mamba-cache-philox-rounds',
        help=Text(
            en="Philox rounds for the random numbers of stochastic rounding; 0 keeps Triton's default, more is more "
               "random and costs more compute.",
            zh="随机舍入所用随机数的 Philox 轮数；0 表示沿用 Triton 的默认值，轮数越多随机性越好，但计算开销越大。",
        ),
    )] = 0
