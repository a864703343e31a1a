"""Ngram speculative decoding: how the n-gram cache that proposes draft tokens without a draft model is matched,
expanded and sized."""

from typing import Annotated, Literal

from ..meta import Arg, Group, Renamed, Text
from ..snapshots import CURRENT
from ..types import *

GROUP = Group('ngram_speculative', Text(en='Ngram speculative decoding', zh='Ngram 投机采样'))


class NgramSpeculativeArgs:

    speculative_ngram_min_match_window_size: Annotated[int, Arg(
        '--speculative-ngram-min-match-window-size',
        help=Text(
            en=(
                "Shortest suffix of the recent tokens, in tokens, that is looked up in the n-gram cache to find draft "
                "continuations."
            ),
            zh="在 n-gram 缓存中查找可用续写时，所取最近 token 后缀的最短长度（token 数）。",
        ),
    )] = 1

    speculative_ngram_max_match_window_size: Annotated[int, Arg(
        '--speculative-ngram-max-match-window-size',
        help=Text(
            en=(
                "Longest suffix of the recent tokens, in tokens, that is looked up in the n-gram cache to find draft "
                "continuations."
            ),
            zh="在 n-gram 缓存中查找可用续写时，所取最近 token 后缀的最长长度（token 数）。",
        ),
    )] = 12

    speculative_ngram_min_bfs_breadth: Annotated[int, Arg(
        '--speculative-ngram-min-bfs-breadth',
        help=Text(
            en=(
                "Minimum number of branches expanded at each level when the draft tree is built breadth-first from the "
                "n-gram cache."
            ),
            zh="从 n-gram 缓存按广度优先方式构建草稿树时，每一层至少展开的分支数。",
        ),
    )] = 1

    speculative_ngram_max_bfs_breadth: Annotated[int, Arg(
        '--speculative-ngram-max-bfs-breadth',
        help=Text(
            en=(
                "Maximum number of branches expanded at each level when the draft tree is built breadth-first from the "
                "n-gram cache."
            ),
            zh="从 n-gram 缓存按广度优先方式构建草稿树时，每一层最多展开的分支数。",
        ),
    )] = 10

    speculative_ngram_match_type: Annotated[Literal['BFS', 'PROB'], Arg(
        '--speculative-ngram-match-type',
        help=Text(
            en=(
                "How candidate continuations are chosen when the draft tree is built: BFS favours the most recent "
                "matches, PROB the most frequent ones."
            ),
            zh="构建草稿树时如何挑选候选续写：BFS 偏向最近出现过的匹配，PROB 偏向出现次数最多的匹配。",
        ),
    )] = 'BFS'

    speculative_ngram_max_trie_depth: Annotated[int, Arg(
        '--speculative-ngram-max-trie-depth',
        help=Text(
            en=(
                "Maximum depth of the n-gram trie, i.e. the longest token sequence it stores and matches. Replaces "
                "--speculative-ngram-branch-length."
            ),
            zh=(
                "n-gram 前缀树的最大深度，即能存储和匹配的最长 token 序列。取代旧参数 "
                "--speculative-ngram-branch-length。"
            ),
        ),
    )] = 18

    speculative_ngram_capacity: Annotated[PositiveHumanInt, Arg(
        '--speculative-ngram-capacity',
        help=Text(
            en=(
                "Size of the n-gram cache, in entries; larger values remember more history at the cost of more host "
                "memory."
            ),
            zh="n-gram 缓存的容量（条目数）；数值越大能记住的历史越多，占用的主机内存也越多。",
        ),
    )] = 10000000

    speculative_ngram_branch_length: Annotated[int, Arg(
        '--speculative-ngram-branch-length',
        help=Text(
            en="Old name of --speculative-ngram-max-trie-depth; still accepted and passes its value to that flag.",
            zh="--speculative-ngram-max-trie-depth 的旧名称，仍然可用，取值会转交给新参数。",
        ),
        deprecated=Renamed(successor='speculative_ngram_max_trie_depth', since=CURRENT),
    )] = 18
