"""Args for multi-item scoring: TODO"""
from __future__ import annotations

from typing import Annotated, Any, Literal

from ..meta import Arg, Group, Note, Removed, Renamed, Support, Text
from ..snapshots import CURRENT
from ..types import *  # noqa: F403  (the shared value types)

GROUP = Group('multi_item_scoring', Text(en='Args for multi-item scoring', zh='多项评分参数'))


class MultiItemScoringArgs:

    multi_item_scoring_delimiter: Annotated[int | None, Arg(
        '--multi-item-scoring-delimiter',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = None
