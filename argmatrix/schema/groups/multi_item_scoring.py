"""Args for multi-item scoring: scoring many candidate items against one query in a single packed sequence."""

from typing import Annotated

from ..meta import Arg, Group, Text
from ..types import *

GROUP = Group('multi_item_scoring', Text(en='Args for multi-item scoring', zh='多项评分参数'))


class MultiItemScoringArgs:

    multi_item_scoring_delimiter: Annotated[int | None, Arg(
        '--multi-item-scoring-delimiter',
        help=Text(
            en=(
                "Token ID inserted between the query and each item so that several items can be scored against one "
                "query in a single sequence (query, delimiter, item 1, delimiter, item 2, ...). Unset disables "
                "multi-item scoring."
            ),
            zh=(
                "多项评分时插在查询与各候选项之间的分隔符 token ID，使多个候选项可以和同一个查询拼成一条序列、"
                "一次算出全部得分。不设置则不启用多项评分。"
            ),
        ),
    )] = None
