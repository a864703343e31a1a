"""Ngram speculative decoding: TODO"""
from __future__ import annotations

from typing import Annotated, Any, Literal

from ..meta import Arg, Group, Note, Removed, Renamed, Support, Text
from ..snapshots import CURRENT
from ..types import *  # noqa: F403  (the shared value types)

GROUP = Group('ngram_speculative', Text(en='Ngram speculative decoding', zh='Ngram 投机采样'))


class NgramSpeculativeArgs:

    speculative_ngram_min_match_window_size: Annotated[int, Arg(
        '--speculative-ngram-min-match-window-size',
        help=Text(en='', zh=''),
        npu=Support.EXPERIMENTAL,
    )] = 1

    speculative_ngram_max_match_window_size: Annotated[int, Arg(
        '--speculative-ngram-max-match-window-size',
        help=Text(en='', zh=''),
        npu=Support.EXPERIMENTAL,
    )] = 12

    speculative_ngram_min_bfs_breadth: Annotated[int, Arg(
        '--speculative-ngram-min-bfs-breadth',
        help=Text(en='', zh=''),
        npu=Support.EXPERIMENTAL,
    )] = 1

    speculative_ngram_max_bfs_breadth: Annotated[int, Arg(
        '--speculative-ngram-max-bfs-breadth',
        help=Text(en='', zh=''),
        npu=Support.EXPERIMENTAL,
    )] = 10

    speculative_ngram_match_type: Annotated[Literal['BFS', 'PROB'], Arg(
        '--speculative-ngram-match-type',
        help=Text(en='', zh=''),
        npu=Support.EXPERIMENTAL,
        notes=(Note(Text(en='BFS expands by recency; PROB expands by frequency', zh='BFS 按最近出现扩展；PROB 按出现频率扩展'), rule=None),),
    )] = 'BFS'

    speculative_ngram_max_trie_depth: Annotated[int, Arg(
        '--speculative-ngram-max-trie-depth',
        help=Text(en='', zh=''),
        npu=Support.EXPERIMENTAL,
    )] = 18

    speculative_ngram_capacity: Annotated[PositiveHumanInt, Arg(
        '--speculative-ngram-capacity',
        help=Text(en='', zh=''),
        npu=Support.EXPERIMENTAL,
    )] = 10000000

    speculative_ngram_branch_length: Annotated[int, Arg(
        '--speculative-ngram-branch-length',
        help=Text(en='', zh=''),
        npu=Support.UNSUPPORTED,
        deprecated=Renamed(successor='speculative_ngram_max_trie_depth', since=CURRENT),
    )] = 18
