"""vLLM Mamba (state-space layers): the `vllm serve` flags of its MambaConfig group."""

from typing import Annotated, Literal

from ...meta import Arg, Group, Text

GROUP = Group('vllm_mamba', Text(en='Mamba (state-space layers)', zh='Mamba（状态空间层）'))


class MambaArgs:

    mamba_backend: Annotated[str, Arg(
        '--mamba-backend',
        help=Text(en='', zh=''),
    )] = 'triton'

    mamba_ssu_algorithm: Annotated[Literal['auto', 'horizontal', 'simple', 'vertical'] | None, Arg(
        '--mamba-ssu-algorithm',
        help=Text(en='', zh=''),
    )] = None

    enable_mamba_cache_stochastic_rounding: Annotated[bool, Arg(
        '--enable-mamba-cache-stochastic-rounding', negatable=True,
        help=Text(en='', zh=''),
    )] = False

    mamba_cache_philox_rounds: Annotated[int, Arg(
        '--mamba-cache-philox-rounds',
        help=Text(en='', zh=''),
    )] = 0
