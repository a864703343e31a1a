"""For Multi-Modal: TODO"""
from __future__ import annotations

from typing import Annotated, Any, Literal

from ..meta import Arg, Group, Note, Removed, Renamed, Support, Text
from ..snapshots import CURRENT
from ..types import *  # noqa: F403  (the shared value types)

GROUP = Group('multimodal', Text(en='For Multi-Modal', zh='用于多模态'))


class MultimodalArgs:

    enable_broadcast_mm_inputs_process: Annotated[bool, Arg(
        '--enable-broadcast-mm-inputs-process',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = False

    mm_process_config: Annotated[JsonObject | None, Arg(
        '--mm-process-config',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None

    mm_enable_dp_encoder: Annotated[bool, Arg(
        '--mm-enable-dp-encoder',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = False

    limit_mm_data_per_request: Annotated[JsonObject | None, Arg(
        '--limit-mm-data-per-request',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None
