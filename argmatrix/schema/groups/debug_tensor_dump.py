"""Debug tensor dumps: writing intermediate per-layer tensors to disk to track down numerical problems."""

from typing import Annotated

from ..meta import Arg, Group, Text
from ..types import IntList

GROUP = Group('debug_tensor_dump', Text(en='Debug tensor dumps', zh='调试张量转储'))


class DebugTensorDumpArgs:

    debug_tensor_dump_output_folder: Annotated[str | None, Arg(
        '--debug-tensor-dump-output-folder',
        help=Text(
            en=(
                "Directory that intermediate per-layer tensors are dumped into for debugging; unset disables tensor "
                "dumping."
            ),
            zh="调试时逐层转储中间张量的输出目录；不设置则不转储。",
        ),
    )] = None

    debug_tensor_dump_layers: Annotated[IntList | None, Arg(
        '--debug-tensor-dump-layers',
        help=Text(
            en="Indices of the layers whose tensors are dumped (JSON list). Unset dumps every layer.",
            zh="需要转储张量的层编号（JSON 列表）；不设置时转储所有层。",
        ),
    )] = None

    debug_tensor_dump_input_file: Annotated[str | None, Arg(
        '--debug-tensor-dump-input-file',
        help=Text(
            en=(
                "A .npy file of token IDs sent as the warmup request (prefill only) for a one-shot tensor dump; the "
                "server exits once it has been processed."
            ),
            zh="一次性张量转储的输入：含 token ID 的 .npy 文件，作为预热请求只做预填充，处理完后服务自动退出。",
        ),
    )] = None

    debug_tensor_dump_inject: Annotated[bool, Arg(
        '--debug-tensor-dump-inject',
        help=Text(
            en=(
                "Removed; has no effect. It used to feed reference outputs produced with JAX into every layer as its "
                "input, for debugging."
            ),
            zh="已移除，设置后不起作用。原用于调试时把 JAX 产生的参考输出注入为每一层的输入。",
        ),
    )] = False
