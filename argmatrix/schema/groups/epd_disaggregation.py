"""Encode prefill disaggregation: TODO"""
from __future__ import annotations

from typing import Annotated, Any, Literal

from ..meta import Arg, Group, Note, Removed, Renamed, Support, Text
from ..snapshots import CURRENT
from ..types import *  # noqa: F403  (the shared value types)

GROUP = Group('epd_disaggregation', Text(en='Encode prefill disaggregation', zh='编码-预填充分离 (Encode prefill disaggregation)'))


class EpdDisaggregationArgs:

    enable_adaptive_dispatch_to_encoder: Annotated[bool, Arg(
        '--enable-adaptive-dispatch-to-encoder',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = False

    encoder_only: Annotated[bool, Arg(
        '--encoder-only',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = False

    language_only: Annotated[bool, Arg(
        '--language-only',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = False

    encoder_transfer_backend: Annotated[Literal['zmq_to_scheduler', 'zmq_to_tokenizer', 'mooncake'], Arg(
        '--encoder-transfer-backend',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = 'zmq_to_scheduler'

    encoder_urls: Annotated[StrList, Arg(
        '--encoder-urls',
        help=Text(en='', zh=''),
        npu=Support.A2_A3,
    )] = []
