"""vLLM's compilation flags outside the `--compilation-config` object (its CompilationConfig): the batch
sizes at which CUDA graphs are captured. Every other compilation setting is a key of `--compilation-config`
(`-cc`).
"""

from typing import Annotated

from ...meta import Arg, Group, Text

GROUP = Group('vllm_compilation', Text(en='Compilation and CUDA graphs', zh='编译与 CUDA Graph'))


class CompilationArgs:

    cudagraph_capture_sizes: Annotated[list[int] | None, Arg(
        '--cudagraph-capture-sizes',
        help=Text(
            en="Batch sizes (in tokens) to capture CUDA graphs for, e.g. 1 2 4 8 16; a batch runs in the graph of the "
               "smallest size that holds it. Unset derives the list from --max-cudagraph-capture-size. Cannot be "
               "combined with the same key in --compilation-config. Like SGLang's --cuda-graph-bs.",
            zh="要捕获 CUDA Graph 的批大小列表（按 token 数），例如 1 2 4 8 16；每个批次使用能容纳它的最小尺寸的图运行。"
               "不设置时根据 --max-cudagraph-capture-size 生成。不能与 --compilation-config 中的同名键同时设置。"
               "作用类似 SGLang 的 --cuda-graph-bs。",
        ),
    )] = None

    max_cudagraph_capture_size: Annotated[int | None, Arg(
        '--max-cudagraph-capture-size',
        help=Text(
            en="Largest batch size captured as a CUDA graph; larger batches run without a graph. Unset: the largest "
               "of --cudagraph-capture-sizes when given, otherwise up to 512 (1024 on data-centre Blackwell), with "
               "the sizes 1, 2, 4, then steps of 8 up to 256 and of 16 beyond. Cannot be combined with the same key "
               "in --compilation-config.",
            zh="以 CUDA Graph 捕获的最大批大小，更大的批次不使用图运行。不设置时：若给出了 --cudagraph-capture-sizes 则取"
               "其最大值，否则最多到 512（数据中心级 Blackwell 上为 1024），尺寸依次为 1、2、4，再以 8 为步长到 256，"
               "之后以 16 为步长。不能与 --compilation-config 中的同名键同时设置。",
        ),
    )] = None
