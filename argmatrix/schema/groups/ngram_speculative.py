"""Ngram speculative decoding: how the n-gram cache that proposes draft tokens without a draft model is matched,
expanded and sized."""

from typing import Annotated, Literal

from ..meta import Arg, Group, Text
from ..types import NonNegInt, PositiveHumanInt

GROUP = Group('ngram_speculative', Text(en='Ngram speculative decoding', zh='Ngram 投机解码'))


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

    speculative_ngram_external_corpus_path: Annotated[str | None, Arg(
        '--speculative-ngram-external-corpus-path',
        help=Text(
            en=(
                "JSONL corpus loaded at start-up into a suffix automaton, so that NGRAM speculative decoding can "
                "also draft continuations found in it, not only in recent requests. Needs "
                "--speculative-ngram-external-sam-budget above 0; more corpora can be added while serving through "
                "POST /add_external_corpus."
            ),
            zh=(
                "启动时载入后缀自动机的 JSONL 语料文件，使 NGRAM 投机解码除近期请求外，也能从该语料中找到续写作为草稿。"
                "需要 --speculative-ngram-external-sam-budget 大于 0；"
                "服务运行期间可通过 POST /add_external_corpus 接口追加语料。"
            ),
        ),
    )] = None

    speculative_ngram_external_sam_budget: Annotated[NonNegInt, Arg(
        '--speculative-ngram-external-sam-budget',
        help=Text(
            en=(
                "Nodes of each draft tree set aside for continuations matched in the external corpus. Must be above "
                "0 when --speculative-ngram-external-corpus-path is set, and at most --speculative-num-draft-tokens "
                "minus 1."
            ),
            zh=(
                "每棵草稿树中留给外部语料匹配结果的节点数。"
                "设置了 --speculative-ngram-external-corpus-path 时必须大于 0，"
                "且不超过 --speculative-num-draft-tokens 减 1。"
            ),
        ),
    )] = 0

    speculative_ngram_external_corpus_max_tokens: Annotated[PositiveHumanInt, Arg(
        '--speculative-ngram-external-corpus-max-tokens',
        help=Text(
            en=(
                "Upper bound on the external corpus size after tokenization; start-up fails when the corpus is "
                "larger. Size it to the host memory you can spare."
            ),
            zh="外部语料分词后的 token 数上限，超出则启动失败。应根据可用的主机内存设定。",
        ),
    )] = 10000000

    speculative_adaptive: Annotated[bool, Arg(
        '--speculative-adaptive',
        help=Text(
            en=(
                "Let speculative decoding change its number of draft steps at runtime from the measured acceptance "
                "rate. Only for EAGLE and EAGLE3 with --speculative-eagle-topk 1 and no attention data parallelism; "
                "elsewhere SGLang turns it off with a warning. Tune it with --speculative-adaptive-config."
            ),
            zh=(
                "让投机解码在运行时根据实测接受率调整草稿步数。仅适用于 EAGLE、EAGLE3，"
                "且需 --speculative-eagle-topk 为 1、未启用注意力数据并行；"
                "其他情况下 SGLang 会给出警告并将其关闭。可用 --speculative-adaptive-config 调参。"
            ),
        ),
    )] = False

    speculative_adaptive_config: Annotated[str | None, Arg(
        '--speculative-adaptive-config',
        help=Text(
            en=(
                "JSON file that tunes --speculative-adaptive: for each batch size, written as a string key, the "
                "draft step counts it may choose from, e.g. {\"8\": {\"candidate_steps\": [1, 2, 4]}}. Unset uses the "
                "built-in table."
            ),
            zh=(
                "为 --speculative-adaptive 调参的 JSON 文件："
                "按批大小（写成字符串键）列出可选的草稿步数，"
                "例如 {\"8\": {\"candidate_steps\": [1, 2, 4]}}。不设置时使用内置配置。"
            ),
        ),
    )] = None

    speculative_ngram_branch_length: Annotated[int, Arg(
        '--speculative-ngram-branch-length',
        help=Text(
            en="Old name of --speculative-ngram-max-trie-depth; argmatrix passes its value to that flag.",
            zh="--speculative-ngram-max-trie-depth 的旧名称；argmatrix 会把取值转交给新参数。",
        ),
    )] = 18
