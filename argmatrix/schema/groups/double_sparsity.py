"""Double sparsity (removed): TODO"""
from __future__ import annotations

from typing import Annotated, Any, Literal

from ..meta import Arg, Group, Note, Removed, Renamed, Support, Text
from ..snapshots import CURRENT
from ..types import *  # noqa: F403  (the shared value types)

GROUP = Group('double_sparsity', Text(en='Double sparsity (removed)', zh='双重稀疏 (Double Sparsity，已移除)'))


class DoubleSparsityArgs:

    enable_double_sparsity: Annotated[bool, Arg(
        '--enable-double-sparsity',
        help=Text(en='', zh=''),
        npu=Support.UNSUPPORTED,
        deprecated=Removed(since=CURRENT),
    )] = False

    ds_channel_config_path: Annotated[str, Arg(
        '--ds-channel-config-path',
        help=Text(en='', zh=''),
        npu=Support.UNSUPPORTED,
        deprecated=Removed(since=CURRENT),
    )] = None

    ds_heavy_channel_num: Annotated[int, Arg(
        '--ds-heavy-channel-num',
        help=Text(en='', zh=''),
        npu=Support.UNSUPPORTED,
        deprecated=Removed(since=CURRENT),
    )] = 32

    ds_heavy_token_num: Annotated[int, Arg(
        '--ds-heavy-token-num',
        help=Text(en='', zh=''),
        npu=Support.UNSUPPORTED,
        deprecated=Removed(since=CURRENT),
    )] = 256

    ds_heavy_channel_type: Annotated[Literal['qk', 'k', 'q'], Arg(
        '--ds-heavy-channel-type',
        help=Text(en='', zh=''),
        npu=Support.UNSUPPORTED,
        deprecated=Removed(since=CURRENT),
    )] = 'qk'

    ds_sparse_decode_threshold: Annotated[int, Arg(
        '--ds-sparse-decode-threshold',
        help=Text(en='', zh=''),
        npu=Support.UNSUPPORTED,
        deprecated=Removed(since=CURRENT),
    )] = 4096
