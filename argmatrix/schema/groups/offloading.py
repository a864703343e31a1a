"""Offloading: keeping part of the model weights outside device memory and fetching them when they are needed."""

from typing import Annotated, Literal

from ..meta import Arg, Group, Text
from ..types import NonNegInt

GROUP = Group('offloading', Text(en='Offloading (must be used with --disable-cuda-graph)', zh='卸载（须与 --disable-cuda-graph 同用）'))


class OffloadingArgs:

    cpu_offload_gb: Annotated[NonNegInt, Arg(
        '--cpu-offload-gb',
        help=Text(
            en=(
                "Amount of CPU RAM, in GB, that holds model weights offloaded from device memory, letting models "
                "larger than device memory run at lower speed. 0 disables offloading."
            ),
            zh="用于存放从设备显存卸载出的模型权重的 CPU 内存大小（GB），可让超出显存容量的模型以较低速度运行。0 表示不卸载。",
        ),
    )] = 0

    offload_group_size: Annotated[int, Arg(
        '--offload-group-size',
        help=Text(
            en=(
                "Layer-wise offloading: number of consecutive layers that form one group. -1 disables layer-wise "
                "offloading."
            ),
            zh="按层卸载：多少个连续层组成一组。-1 表示关闭按层卸载。",
        ),
    )] = -1

    offload_num_in_group: Annotated[int, Arg(
        '--offload-num-in-group',
        help=Text(
            en=(
                "Layer-wise offloading: how many layers of each group have their weights offloaded; the others stay on "
                "the device."
            ),
            zh="按层卸载：每组中有多少层的权重被卸载，其余层保留在设备上。",
        ),
    )] = 1

    offload_prefetch_step: Annotated[int, Arg(
        '--offload-prefetch-step',
        help=Text(
            en=(
                "Layer-wise offloading: how many offloaded layers ahead are prefetched back to the device while "
                "earlier layers compute."
            ),
            zh="按层卸载：在前面的层计算时，提前把后面多少个已卸载层预取回设备。",
        ),
    )] = 1

    offload_mode: Annotated[Literal['cpu', 'meta', 'sharded_gpu'], Arg(
        '--offload-mode',
        help=Text(
            en=(
                "Where layer-wise offloaded weights live: 'cpu' in pinned host memory, 'sharded_gpu' sharded across "
                "devices and gathered on demand, 'meta' nowhere (debugging only, outputs are meaningless)."
            ),
            zh="按层卸载的权重存放位置：cpu 为锁页主机内存；sharded_gpu 分片存放在各设备上、按需聚合；meta 不保留真实权重，仅供调试，输出无意义。",
        ),
    )] = 'cpu'

    ple_offload_embedding: Annotated[bool | None, Arg(
        '--ple-offload-embedding',
        help=Text(
            en=(
                "Keep the PLE n-gram embedding table of Qwen4 models in host memory instead of device memory (see "
                "--ple-offload-backend). Unset turns it on for BF16 Qwen4-Exp on CUDA; --no-ple-offload-embedding "
                "keeps the table on the device."
            ),
            zh="把 Qwen4 模型的 PLE n-gram 嵌入表放在主机内存而不是设备显存中（存放方式见 --ple-offload-backend）。不设置时对 CUDA 上的 BF16 Qwen4-Exp 自动开启；--no-ple-offload-embedding 让该表留在设备上。",
        ),
    )] = None

    ple_offload_dir: Annotated[str | None, Arg(
        '--ple-offload-dir',
        help=Text(
            en=(
                "Directory for the PLE table file when --ple-offload-backend is file; put it on fast local storage "
                "(NVMe). The sparse file is reused across restarts. Unset uses $SGLANG_CACHE_DIR/ple/<model path>."
            ),
            zh="--ple-offload-backend 为 file 时存放 PLE 表文件的目录，建议放在高速本地存储（NVMe）上；该稀疏文件可在重启后复用。不设置时使用 $SGLANG_CACHE_DIR/ple/<模型路径>。",
        ),
    )] = None
