"""Dynamic batch tokenizer: TODO"""
from __future__ import annotations

from typing import Annotated, Any, Literal

from ..meta import Arg, Group, Note, Removed, Renamed, Support, Text
from ..snapshots import CURRENT
from ..types import *  # noqa: F403  (the shared value types)

GROUP = Group('dynamic_batch_tokenizer', Text(en='Dynamic batch tokenizer', zh='动态批量分词器'))


class DynamicBatchTokenizerArgs:

    enable_dynamic_batch_tokenizer: Annotated[bool, Arg(
        '--enable-dynamic-batch-tokenizer',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = False

    dynamic_batch_tokenizer_batch_size: Annotated[PositiveInt, Arg(
        '--dynamic-batch-tokenizer-batch-size',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = 32

    dynamic_batch_tokenizer_batch_timeout: Annotated[PositiveFloat, Arg(
        '--dynamic-batch-tokenizer-batch-timeout',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = 0.002
