"""Args for multi-item scoring: scoring many candidate items against one query in a single packed sequence."""

from typing import Annotated

from ..meta import Arg, Group, Text

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

    enable_mis: Annotated[bool, Arg(
        '--enable-mis',
        help=Text(
            en=(
                "Turn on multi-item scoring: a query and many candidate items are packed into one sequence and scored "
                "in a single pass. Needs --attention-backend flashinfer; SGLang then turns off graphs, the radix "
                "cache and chunked prefill."
            ),
            zh=(
                "开启多项评分：把一个查询和多个候选项拼成一条序列，一次前向即可算出全部得分。需要 --attention-backend flashinfer；"
                "开启后 SGLang 会关闭图模式、前缀缓存与分块预填充。"
            ),
        ),
    )] = False
