"""vLLM Offloading: the `vllm serve` flags of its OffloadConfig group."""

from typing import Annotated, Literal

from ...meta import Arg, Group, Text

GROUP = Group('vllm_offload', Text(en='Offloading', zh='卸载'))


class OffloadArgs:

    offload_backend: Annotated[Literal['auto', 'prefetch', 'uva'], Arg(
        '--offload-backend',
        help=Text(en='', zh=''),
    )] = 'auto'

    cpu_offload_gb: Annotated[float, Arg(
        '--cpu-offload-gb',
        help=Text(en='', zh=''),
    )] = 0

    cpu_offload_params: Annotated[list[str], Arg(
        '--cpu-offload-params',
        help=Text(en='', zh=''),
    )] = 'set()'

    offload_group_size: Annotated[int, Arg(
        '--offload-group-size',
        help=Text(en='', zh=''),
    )] = 0

    offload_num_in_group: Annotated[int, Arg(
        '--offload-num-in-group',
        help=Text(en='', zh=''),
    )] = 1

    offload_prefetch_step: Annotated[int, Arg(
        '--offload-prefetch-step',
        help=Text(en='', zh=''),
    )] = 1

    offload_params: Annotated[list[str], Arg(
        '--offload-params',
        help=Text(en='', zh=''),
    )] = 'set()'
