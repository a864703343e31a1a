"""Forward hooks: TODO"""
from __future__ import annotations

from typing import Annotated, Any, Literal

from ..meta import Arg, Group, Note, Removed, Renamed, Support, Text
from ..snapshots import CURRENT
from ..types import *  # noqa: F403  (the shared value types)

GROUP = Group('forward_hooks', Text(en='Forward hooks', zh='前向钩子 (Forward hooks)'))


class ForwardHooksArgs:

    forward_hooks: Annotated[JsonList | None, Arg(
        '--forward-hooks',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None
