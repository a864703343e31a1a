"""Debug tensor dumps: TODO"""
from __future__ import annotations

from typing import Annotated, Any, Literal

from ..meta import Arg, Group, Note, Removed, Renamed, Support, Text
from ..snapshots import CURRENT
from ..types import *  # noqa: F403  (the shared value types)

GROUP = Group('debug_tensor_dump', Text(en='Debug tensor dumps', zh='调试张量转储 (Debug tensor dumps)'))


class DebugTensorDumpArgs:

    debug_tensor_dump_output_folder: Annotated[str | None, Arg(
        '--debug-tensor-dump-output-folder',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None

    debug_tensor_dump_layers: Annotated[IntList | None, Arg(
        '--debug-tensor-dump-layers',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None

    debug_tensor_dump_input_file: Annotated[str | None, Arg(
        '--debug-tensor-dump-input-file',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None

    debug_tensor_dump_inject: Annotated[bool, Arg(
        '--debug-tensor-dump-inject',
        help=Text(en='', zh=''),
        npu=Support.UNSUPPORTED,
        deprecated=Removed(since=CURRENT),
    )] = False
