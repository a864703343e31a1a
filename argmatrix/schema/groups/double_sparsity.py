"""Double sparsity (removed): retired sparse-attention options, kept so old launch commands get a clear message."""

from typing import Annotated, Literal

from ..meta import Arg, Group, Text

GROUP = Group('double_sparsity', Text(en='Double sparsity (removed)', zh='双重稀疏（已移除）'))


class DoubleSparsityArgs:

    enable_double_sparsity: Annotated[bool, Arg(
        '--enable-double-sparsity',
        help=Text(
            en=(
                "Removed; has no effect. It used to switch attention to the double-sparsity kernels, which approximate "
                "attention from only the most significant channels and tokens."
            ),
            zh="已移除，设置后不起作用。原用于启用双重稀疏注意力，即只依据最重要的通道与 token 近似计算注意力。",
        ),
    )] = False

    ds_channel_config_path: Annotated[str | None, Arg(
        '--ds-channel-config-path',
        help=Text(
            en=(
                "Removed; has no effect. Formerly the path to the heavy-channel configuration file for double-sparsity "
                "attention."
            ),
            zh="已移除，设置后不起作用。原为双重稀疏注意力中重要通道配置文件的路径。",
        ),
    )] = None

    ds_heavy_channel_num: Annotated[int, Arg(
        '--ds-heavy-channel-num',
        help=Text(
            en=(
                "Removed; has no effect. Formerly the number of heavy (most significant) channels kept by "
                "double-sparsity attention."
            ),
            zh="已移除，设置后不起作用。原为双重稀疏注意力保留的重要通道数。",
        ),
    )] = 32

    ds_heavy_token_num: Annotated[int, Arg(
        '--ds-heavy-token-num',
        help=Text(
            en=(
                "Removed; has no effect. Formerly the number of heavy tokens that double-sparsity attention attended "
                "to."
            ),
            zh="已移除，设置后不起作用。原为双重稀疏注意力实际参与计算的重要 token 数。",
        ),
    )] = 256

    ds_heavy_channel_type: Annotated[Literal['qk', 'k', 'q'], Arg(
        '--ds-heavy-channel-type',
        help=Text(
            en=(
                "Removed; has no effect. Formerly selected which projections (qk, q or k) the heavy channels were "
                "taken from."
            ),
            zh="已移除，设置后不起作用。原用于选择重要通道取自哪类投影（qk、q 或 k）。",
        ),
    )] = 'qk'

    ds_sparse_decode_threshold: Annotated[int, Arg(
        '--ds-sparse-decode-threshold',
        help=Text(
            en=(
                "Removed; has no effect. Formerly the sequence length, in tokens, from which decoding switched from "
                "dense to sparse kernels."
            ),
            zh="已移除，设置后不起作用。原为解码从稠密算子切换到稀疏算子的序列长度阈值（token 数）。",
        ),
    )] = 4096
