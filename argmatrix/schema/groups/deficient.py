"""Other Params (deficient): TODO"""
from __future__ import annotations

from typing import Annotated, Any, Literal

from ..meta import Arg, Group, Note, Removed, Renamed, Support, Text
from ..snapshots import CURRENT
from ..types import *  # noqa: F403  (the shared value types)

GROUP = Group('deficient', Text(en='Other Params (deficient)', zh='其他参数（社区版存在功能缺陷）'))


class DeficientArgs:

    tool_server: Annotated[str | None, Arg(
        '--tool-server',
        help=Text(en='', zh=''),
        npu=Support.DEFICIENT,
    )] = None
