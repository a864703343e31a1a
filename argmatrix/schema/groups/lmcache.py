"""LMCache: TODO"""
from __future__ import annotations

from typing import Annotated, Any, Literal

from ..meta import Arg, Group, Note, Removed, Renamed, Support, Text
from ..snapshots import CURRENT
from ..types import *  # noqa: F403  (the shared value types)

GROUP = Group('lmcache', Text(en='LMCache', zh='LMCache'))


class LmcacheArgs:

    enable_lmcache: Annotated[bool, Arg(
        '--enable-lmcache',
        help=Text(en='', zh=''),
        npu=Support.GPU_ONLY,
    )] = False
