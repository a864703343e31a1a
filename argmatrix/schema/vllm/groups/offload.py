"""vLLM's weight offloading flags (its OffloadConfig): keeping part of the model weights in CPU memory,
either read in place over UVA (`--cpu-offload-gb`) or prefetched layer group by layer group
(`--offload-group-size`). KV cache offloading is in the KV cache group (`--kv-offloading-size`).
"""

from typing import Annotated, Literal

from ...meta import Arg, Group, Text

GROUP = Group('vllm_offload', Text(en='Offloading', zh='卸载'))


class OffloadArgs:

    offload_backend: Annotated[Literal['auto', 'prefetch', 'uva'], Arg(
        '--offload-backend',
        help=Text(
            en="How weights are offloaded to CPU memory: 'uva' (the device reads them in place over unified virtual "
               "addressing), 'prefetch' (layers copied back ahead of use) or 'auto' (prefetch when "
               "--offload-group-size is set, uva when --cpu-offload-gb is).",
            zh="把权重卸载到 CPU 内存的方式：'uva'（设备通过统一虚拟寻址直接读取）、"
               "'prefetch'（在用到之前提前把层拷回设备）或 'auto'（设置了 --offload-group-size 时用 `prefetch`，"
               "设置了 --cpu-offload-gb 时用 `uva`）。",
        ),
    )] = 'auto'

    cpu_offload_gb: Annotated[float, Arg(
        '--cpu-offload-gb',
        help=Text(
            en="GiB of weights per device kept in CPU memory and read during each forward pass, as if the device had "
               "that much more memory (a 24 GiB device with 10 behaves like 34 GiB). Needs a fast host link; 0 "
               "offloads nothing.",
            zh="每个设备有多少 GiB 权重放在 CPU 内存中、在每次前向计算时读取，"
               "相当于设备多出同样大小的显存（24 GiB 的设备设为 10 时相当于 34 GiB）。需要高速的主机互联；0 表示不卸载。",
        ),
    )] = 0

    cpu_offload_params: Annotated[list[str], Arg(
        '--cpu-offload-params',
        help=Text(
            en="With --cpu-offload-gb, offload only parameters whose dotted name contains one of these whole segments "
               "(e.g. 'experts' matches mlp.experts.w2_weight, 'w2' does not). Empty offloads any parameter until the "
               "budget is used.",
            zh="配合 --cpu-offload-gb 使用：只卸载名称中含有这些完整名段的参数（例如 'experts' 能匹配 "
               "mlp.experts.w2_weight，而 'w2' 不能）。为空时不加区分地卸载，直到用满额度。",
        ),
    )] = []

    offload_group_size: Annotated[int, Arg(
        '--offload-group-size',
        help=Text(
            en="Prefetch offloading: group every this many layers and keep the last --offload-num-in-group layers of "
               "each group in CPU memory, copied in ahead of use. 0 turns it off.",
            zh="预取式卸载：按该值的层数分组，每组最后 --offload-num-in-group 层放在 CPU 内存中，用到之前提前拷回。"
               "0 表示不启用。",
        ),
    )] = 0

    offload_num_in_group: Annotated[int, Arg(
        '--offload-num-in-group',
        help=Text(
            en="Layers per group kept in CPU memory under --offload-group-size (at most the group size).",
            zh="使用 --offload-group-size 时每组放在 CPU 内存中的层数（不超过组大小）。",
        ),
    )] = 1

    offload_prefetch_step: Annotated[int, Arg(
        '--offload-prefetch-step',
        help=Text(
            en="How many layers ahead prefetch offloading copies weights back; more hides more latency and uses more "
               "device memory.",
            zh="预取式卸载提前多少层把权重拷回设备；值越大越能掩盖传输延迟，但占用更多显存。",
        ),
    )] = 1

    offload_params: Annotated[list[str], Arg(
        '--offload-params',
        help=Text(
            en="With --offload-group-size, offload only parameters whose name contains one of these whole segments "
               "(e.g. 'w13_weight'). Empty offloads every parameter of an offloaded layer.",
            zh="配合 --offload-group-size 使用：只卸载名称中含有这些完整名段的参数（例如 'w13_weight'）。"
               "为空时卸载被卸载层的全部参数。",
        ),
    )] = []
