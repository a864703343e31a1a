"""vLLM's weight loading flags (its LoadConfig): the checkpoint format and loader, where weights are
downloaded, how safetensors files are read, and which files are skipped.
"""

from typing import Annotated, Literal

from ...meta import Arg, Group, Text
from ...types import HumanInt, JsonObjectOrText

GROUP = Group('vllm_load', Text(en='Weight loading', zh='权重加载'))


class LoadArgs:

    load_format: Annotated[str, Arg(
        '--load-format',
        help=Text(
            en="Checkpoint format and loader: 'auto' (safetensors, else PyTorch .bin), 'safetensors', 'pt', "
               "'npcache', 'dummy' (random weights, for profiling), 'sharded_state' (pre-sharded per rank), "
               "'tensorizer', 'runai_streamer', 'instanttensor', 'ipc_cache', 'mistral', 'modelexpress', and formats "
               "added by plugins.",
            zh="检查点格式与加载器：'auto'（优先 safetensors，否则 PyTorch 的 .bin）、'safetensors'、'pt'、'npcache'、"
               "'dummy'（随机权重，用于性能测试）、'sharded_state'（已按 rank 预先切分）、'tensorizer'、"
               "'runai_streamer'、'instanttensor'、'ipc_cache'、'mistral'、'modelexpress'，以及由插件提供的其他格式。",
        ),
    )] = 'auto'

    download_dir: Annotated[str | None, Arg(
        '--download-dir',
        help=Text(
            en="Directory to download weights into and load them from. Unset uses the Hugging Face cache.",
            zh="下载并加载权重的目录。不设置时使用 Hugging Face 缓存目录。",
        ),
    )] = None

    safetensors_load_strategy: Annotated[Literal['eager', 'lazy', 'prefetch', 'torchao'] | None, Arg(
        '--safetensors-load-strategy',
        help=Text(
            en="How safetensors files are read: 'lazy' (memory-mapped, read on demand), 'eager' (read whole into CPU "
               "memory first, faster on network file systems such as NFS or Lustre), 'prefetch' (warm the OS page "
               "cache first) or 'torchao' (rebuild torchao-quantized tensors). Unset is lazy, with prefetch turned on "
               "for NFS when the checkpoint fits in 90% of RAM.",
            zh="safetensors 文件的读取方式：'lazy'（内存映射，按需读取）；'eager'（先整个读入 CPU 内存，在 NFS、"
               "Lustre 等网络文件系统上更快）；'prefetch'（先预热操作系统页缓存）；'torchao'（重建 torchao 量化张量）"
               "。不设置时为 `lazy`，若在 NFS 上且检查点小于可用内存的 90%，则自动预取。",
        ),
    )] = None

    safetensors_prefetch_num_threads: Annotated[int, Arg(
        '--safetensors-prefetch-num-threads',
        help=Text(
            en="Threads that read safetensors files into the OS page cache when prefetching is on.",
            zh="开启预取时，把 safetensors 检查点读入操作系统页缓存所用的线程数。",
        ),
    )] = 8

    safetensors_prefetch_block_size: Annotated[HumanInt, Arg(
        '--safetensors-prefetch-block-size',
        help=Text(
            en="Bytes read per request when prefetching safetensors files (16 MiB by default; suffixes accepted).",
            zh="预取时每次从 safetensors 检查点读取的字节数（默认 16 MiB，可带后缀）。",
        ),
    )] = 16777216

    model_loader_extra_config: Annotated[JsonObjectOrText, Arg(
        '--model-loader-extra-config',
        help=Text(
            en="JSON object of extra options for the loader chosen by --load-format (e.g. the tensorizer settings, or "
               "a Run:ai streamer's concurrency).",
            zh="传给 --load-format 所选加载器的额外选项的 JSON 对象（例如 `tensorizer` 的设置，"
               "或 `Run:ai` 流式加载器的并发数）。",
        ),
    )] = {}

    ignore_patterns: Annotated[list[str], Arg(
        '--ignore-patterns',
        help=Text(
            en="File patterns skipped when loading the checkpoint; the default skips 'original/**/*' so that Llama's "
               "duplicate original weights are not loaded.",
            zh="加载检查点时跳过的文件模式；默认跳过 'original/**/*'，以免重复加载 Llama 仓库中的原始权重。",
        ),
    )] = ['original/**/*']

    use_tqdm_on_load: Annotated[bool, Arg(
        '--use-tqdm-on-load', negatable=True,
        help=Text(
            en="Show a progress bar while weights load.",
            zh="加载权重时显示进度条。",
        ),
    )] = True

    pt_load_map_location: Annotated[JsonObjectOrText, Arg(
        '--pt-load-map-location',
        help=Text(
            en="Where torch.load places PyTorch checkpoint tensors: a device such as 'cuda' for checkpoints that only "
               "load there, or a JSON mapping such as '{\"cuda:1\": \"cuda:0\"}'. Default 'cpu'.",
            zh="torch.load 放置 PyTorch 检查点张量的位置：对只能在特定设备上加载的检查点可填 'cuda' 等设备名，"
               "也可写 JSON 映射，例如 '{\"cuda:1\": \"cuda:0\"}'。默认为 'cpu'。",
        ),
    )] = 'cpu'

    shuffle_safetensors_files: Annotated[bool, Arg(
        '--shuffle-safetensors-files',
        help=Text(
            en="Load the safetensors files of the checkpoint in an order shuffled per rank, so that ranks read "
               "different files at once and contend less for storage at start-up. New in vLLM 0.34.",
            zh="按各 rank 打乱的顺序加载检查点的 safetensors 文件，使各 rank 同时读取不同文件，减少启动时的存储争用。"
               "vLLM 0.34 新增。",
        ),
    )] = False
