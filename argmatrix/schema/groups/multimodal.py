"""Multimodal: preprocessing, encoder parallelism and input limits for image, video and audio inputs."""

from typing import Annotated, Literal

from ..meta import Arg, Group, Text
from ..types import JsonObject, NonNegInt, PositiveFloat, PositiveInt, StrList

GROUP = Group('multimodal', Text(en='For Multi-Modal', zh='用于多模态'))


class MultimodalArgs:

    enable_broadcast_mm_inputs_process: Annotated[bool, Arg(
        '--enable-broadcast-mm-inputs-process',
        help=Text(
            en=(
                "With tensor parallelism, build each request's multimodal inputs once on the first rank and broadcast "
                "them to the other ranks, instead of every rank repeating this CPU-heavy step."
            ),
            zh="张量并行时，由首个 rank 统一构建请求的多模态输入并广播给其他 rank，避免每个 rank 重复执行这一耗 CPU 的步骤。",
        ),
    )] = False

    mm_process_config: Annotated[JsonObject | None, Arg(
        '--mm-process-config',
        help=Text(
            en=(
                "JSON object with per-modality preprocessing options under the keys image, video and audio (for "
                "example resolution or frame-sampling limits)."
            ),
            zh="多模态预处理配置，为 JSON 对象，按 image、video、audio 分别给出各模态的预处理选项（如分辨率、抽帧限制等）。",
        ),
    )] = None

    mm_enable_dp_encoder: Annotated[bool, Arg(
        '--mm-enable-dp-encoder',
        help=Text(
            en=(
                "Run the multimodal encoder data-parallel instead of tensor-parallel: each rank holds a full copy of "
                "the encoder and processes its share of the images. The DP size is set to the TP size automatically."
            ),
            zh="让多模态编码器以数据并行而非张量并行方式运行：每个 rank 持有完整编码器并处理部分图像，数据并行规模自动设为张量并行规模。",
        ),
    )] = False

    limit_mm_data_per_request: Annotated[JsonObject | None, Arg(
        '--limit-mm-data-per-request',
        help=Text(
            en=(
                "Per-request cap on multimodal items, as JSON mapping modality to count, e.g. {\"image\": 4, "
                "\"video\": 1}; requests over the limit are rejected. Unset means no limit."
            ),
            zh="单个请求中各模态输入数量的上限，JSON 格式，键为模态、值为个数，如 {\"image\": 4, \"video\": 1}；超限请求会被拒绝。不设置则不限制。",
        ),
    )] = None

    mm_processor_worker_num: Annotated[NonNegInt, Arg(
        '--mm-processor-worker-num',
        help=Text(
            en="Threads that run the multimodal processor (the preprocessing of images, video and audio). 0 lets "
               "the model choose; only processors built to run in isolated workers can use more than one thread.",
            zh="执行多模态处理器（图像、视频、音频的预处理）的线程数。0 表示由模型自行决定；只有支持在隔离工作线程中运行的处理器才能使用多个线"
               "程。",
        ),
    )] = 0

    mm_io_worker_num: Annotated[NonNegInt, Arg(
        '--mm-io-worker-num',
        help=Text(
            en="Threads that fetch and decode multimodal inputs (downloads, image and video decoding). 0 lets "
               "the model choose, or follows the SGLANG_IO_WORKERS environment variable when that is set.",
            zh="负责获取和解码多模态输入（下载、图像与视频解码）的线程数。0 表示由模型自行决定；若设置了环境变量 SGLANG_IO_WORKERS，"
               "则以其为准。",
        ),
    )] = 0

    allowed_media_domains: Annotated[StrList, Arg(
        '--allowed-media-domains',
        help=Text(
            en="Exact hostnames from which the server may download the images, video and audio that clients "
               "reference by HTTP(S) URL; redirects must land on a listed host too. Empty allows any host: set "
               "it on servers that untrusted clients can reach.",
            zh="允许服务端按客户端给出的 HTTP(S) 地址下载图像、视频和音频的主机名（须完全一致），重定向后的地址同样必须在列表中。"
               "为空时不限制来源；面向不受信任的客户端时应当设置。",
        ),
    )] = []

    media_url_max_file_size_mb: Annotated[NonNegInt, Arg(
        '--media-url-max-file-size-mb',
        help=Text(
            en="Largest remote media file, in MiB, the server downloads for one client URL; the download stops "
               "as soon as it passes the limit. 0 removes the limit.",
            zh="服务端按客户端给出的地址下载单个远程媒体文件时允许的最大体积（MiB），下载过程中一旦超出即中止。0 表示不限制。",
        ),
    )] = 64

    mm_preprocess_cache_size_mb: Annotated[NonNegInt | None, Arg(
        '--mm-preprocess-cache-size-mb',
        help=Text(
            en="Host memory, in MiB, for caching preprocessed multimodal inputs by their content, so media seen "
               "before skip preprocessing; the budget is split among the tokenizer workers and takes no device "
               "memory. Unset uses the model's own default (256 MiB for Kimi-K3); 0 turns the cache off.",
            zh="按内容缓存多模态预处理结果所用的主机内存（MiB），之前见过的媒体可跳过预处理；该额度由各分词工作进程分摊，"
               "不占用设备显存。不设置时采用模型自己的默认值（如 Kimi-K3 为 256 MiB）；0 表示关闭缓存。",
        ),
    )] = None

    trust_mm_content_hashes: Annotated[bool, Arg(
        '--trust-mm-content-hashes',
        help=Text(
            en="Believe the SHA-256 content hashes that callers send along with multimodal inputs, so a cache "
               "hit can skip reading the media at all. Enable it only when callers guarantee that a hash always "
               "stands for the same bytes.",
            zh="信任调用方随多模态输入一并提供的 SHA-256 内容哈希，命中缓存时即可完全跳过读取媒体数据。仅当调用方能保证同一哈希始终对应"
               "相同内容时才应开启。",
        ),
    )] = False

    enable_mm_global_cache: Annotated[bool, Arg(
        '--enable-mm-global-cache',
        help=Text(
            en="On the encoder server of an encode/prefill/decode split, keep vision embeddings in a shared "
               "store (see --mm-global-cache-backend), so an image that was already encoded is not run through "
               "the vision encoder again.",
            zh="在编码/预填充/解码分离部署的编码服务上，把视觉嵌入结果存入共享存储（见 --mm-global-cache-backend），"
               "已经编码过的图像不必再经过视觉编码器。",
        ),
    )] = False

    mm_global_cache_backend: Annotated[Literal['mooncake'], Arg(
        '--mm-global-cache-backend',
        help=Text(
            en="Store that holds the shared multimodal embedding cache of --enable-mm-global-cache; mooncake is "
               "the only choice.",
            zh="--enable-mm-global-cache 共享多模态嵌入缓存所用的存储后端，目前只能选 mooncake。",
        ),
    )] = 'mooncake'

    mm_feature_transport: Annotated[Literal['cpu', 'cuda_ipc', 'cuda_vmm'] | None, Arg(
        '--mm-feature-transport',
        help=Text(
            en="How multimodal features travel between processes: 'cpu' through host memory; 'cuda_ipc' or "
               "'cuda_vmm' through a bounded pool in GPU memory, falling back to host memory when the pool is "
               "full. Unset uses cpu, except on multi-node GB200/GB300 NVLink systems that SGLang has validated, "
               "which use cuda_vmm.",
            zh="多模态特征在进程之间传递的方式：cpu 经由主机内存；cuda_ipc 或 cuda_vmm 经由显存中容量有限的缓冲池，"
               "池满时退回主机内存。不设置时使用 cpu，只有 SGLang 验证过的多节点 GB200/GB300 NVLink "
               "系统使用 cuda_vmm。",
        ),
    )] = None

    mm_max_concurrent_calls: Annotated[PositiveInt, Arg(
        '--mm-max-concurrent-calls',
        help=Text(
            en="How many multimodal preprocessing jobs (loading and transforming images, video or audio) may run at once.",
            zh="可同时进行的多模态预处理任务（加载并转换图像、视频或音频）数量上限。",
        ),
    )] = 32

    mm_per_request_timeout: Annotated[PositiveFloat, Arg(
        '--mm-per-request-timeout',
        help=Text(
            en="Seconds the multimodal preprocessing of one request may take before the request fails.",
            zh="单个请求的多模态预处理最长可用的秒数，超时则该请求失败。",
        ),
    )] = 10.0
