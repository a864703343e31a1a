"""Dynamic batch tokenizer: grouping requests that arrive together into batches for tokenization."""

from typing import Annotated

from ..meta import Arg, Group, Text
from ..types import PositiveFloat, PositiveInt

GROUP = Group('dynamic_batch_tokenizer', Text(en='Dynamic batch tokenizer', zh='动态批量分词器'))


class DynamicBatchTokenizerArgs:

    enable_dynamic_batch_tokenizer: Annotated[bool, Arg(
        '--enable-dynamic-batch-tokenizer',
        help=Text(
            en=(
                "Tokenize requests that arrive close together as one batch in an asynchronous tokenizer instead of one "
                "by one; helps throughput under high concurrency."
            ),
            zh="由异步分词器把相近时间到达的请求合并成批统一分词，而不是逐个处理；高并发时可提升吞吐。",
        ),
    )] = False

    dynamic_batch_tokenizer_batch_size: Annotated[PositiveInt, Arg(
        '--dynamic-batch-tokenizer-batch-size',
        help=Text(
            en=(
                "Maximum number of requests tokenized together in one batch. Only used with "
                "--enable-dynamic-batch-tokenizer."
            ),
            zh="动态批量分词器每批最多合并的请求数；需先开启 --enable-dynamic-batch-tokenizer 才生效。",
        ),
    )] = 32

    dynamic_batch_tokenizer_batch_timeout: Annotated[PositiveFloat, Arg(
        '--dynamic-batch-tokenizer-batch-timeout',
        help=Text(
            en=(
                "Longest time, in seconds, the dynamic batch tokenizer waits to collect more requests before "
                "tokenizing a batch. Only used with --enable-dynamic-batch-tokenizer."
            ),
            zh="动态批量分词器凑批时最多等待的时间（秒），到时即对已收集的请求分词；需先开启 --enable-dynamic-batch-tokenizer 才生效。",
        ),
    )] = 0.002
