"""vLLM Compilation and CUDA graphs: the `vllm serve` flags of its CompilationConfig group."""

from typing import Annotated

from ...meta import Arg, Group, Text

GROUP = Group('vllm_compilation', Text(en='Compilation and CUDA graphs', zh='编译与 CUDA 图'))


class CompilationArgs:

    cudagraph_capture_sizes: Annotated[list[int] | None, Arg(
        '--cudagraph-capture-sizes',
        help=Text(en='', zh=''),
    )] = None

    max_cudagraph_capture_size: Annotated[int | None, Arg(
        '--max-cudagraph-capture-size',
        help=Text(en='', zh=''),
    )] = None
