"""Encode-prefill disaggregation: running a multimodal model's encoder on servers separate from its language model."""

from typing import Annotated, Literal

from ..meta import Arg, Group, Text
from ..types import Port, StrList

GROUP = Group('epd_disaggregation', Text(en='Encode prefill disaggregation', zh='编码-预填充分离'))


class EpdDisaggregationArgs:

    enable_adaptive_dispatch_to_encoder: Annotated[bool, Arg(
        '--enable-adaptive-dispatch-to-encoder',
        help=Text(
            en=(
                "On a --language-only server, encode single-image requests locally and send only multi-image requests "
                "to the remote encoder servers, saving a network round trip for small requests."
            ),
            zh="在 --language-only 实例上，单图请求直接本地编码，只有多图请求才发往远端编码实例，从而省去小请求的网络往返。",
        ),
    )] = False

    encoder_only: Annotated[bool, Arg(
        '--encoder-only',
        help=Text(
            en=(
                "Run this instance as an encoder server for a multimodal model: it loads and runs only the "
                "vision/audio encoder and sends the embeddings to language-only servers."
            ),
            zh="将本实例作为多模态模型的编码实例运行：只加载并执行视觉/音频编码器，把生成的嵌入发送给仅语言模型实例。",
        ),
    )] = False

    language_only: Annotated[bool, Arg(
        '--language-only',
        help=Text(
            en=(
                "Load only the language-model part of a multimodal model; image and video inputs are encoded by the "
                "servers in --encoder-urls and arrive as embeddings."
            ),
            zh="只加载多模态模型中的语言模型部分；图像、视频等输入交由 --encoder-urls 中的编码实例处理，以嵌入形式传回。",
        ),
    )] = False

    encoder_transfer_backend: Annotated[Literal['zmq_to_scheduler', 'zmq_to_tokenizer', 'mooncake', 'auto'], Arg(
        '--encoder-transfer-backend',
        help=Text(
            en=(
                "How embeddings travel from encoder to language servers: zmq_to_scheduler sends them straight to the "
                "scheduler, zmq_to_tokenizer to the tokenizer manager, mooncake over RDMA. Must match on both sides."
            ),
            zh="嵌入从编码实例传到语言实例的方式：zmq_to_scheduler 直接发给调度器，zmq_to_tokenizer 发给分词管理进程，mooncake 经 RDMA 传输。两端须保持一致。",
        ),
    )] = 'auto'

    encoder_urls: Annotated[StrList, Arg(
        '--encoder-urls',
        help=Text(
            en=(
                "URLs of the encoder servers that a --language-only server sends multimodal inputs to; the items of "
                "one request can be spread over all of them."
            ),
            zh="--language-only 实例发送多模态输入的编码实例地址列表；同一请求的多个多模态项可分散到各编码实例并行处理。",
        ),
    )] = []

    encoder_bootstrap_port: Annotated[Port, Arg(
        '--encoder-bootstrap-port',
        help=Text(
            en=(
                "Port of the encoder registry that a --language-only server runs: encoder servers register there and "
                "the language side reads the current list of encoders from it, so encoders can join at any time."
            ),
            zh="--language-only 实例运行的编码实例注册服务所用端口：编码实例在此登记，语言侧从这里获取当前的编码实例列表，因此编码实例可随时加入。",
        ),
    )] = 8997

    encoder_register_urls: Annotated[StrList, Arg(
        '--encoder-register-urls',
        help=Text(
            en=(
                "For an --encoder-only server: URLs of the language servers' encoder registries (each server's host and its "
                "--encoder-bootstrap-port) to announce itself to at startup, so they find it without --encoder-urls. "
                "Empty registers nowhere."
            ),
            zh="用于 --encoder-only 实例：启动时向哪些语言实例的编码实例注册服务登记自己，每项为该实例的主机地址加 --encoder-bootstrap-port 端口组成的 URL，使对方无需 --encoder-urls 也能发现它。为空则不登记。",
        ),
    )] = []
