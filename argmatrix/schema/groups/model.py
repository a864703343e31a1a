"""Model and tokenizer: which weights and tokenizer are loaded, in what format, and how the model is served."""

from typing import Annotated, Literal

from ..choices import LoadFormat
from ..meta import Arg, Group, Text
from ..types import JsonObject, PositiveHumanInt, PositiveInt

GROUP = Group('model', Text(en='Model and tokenizer', zh='模型与分词器'))


class ModelArgs:

    model_path: Annotated[str | None, Arg(
        '--model-path', '--model',
        help=Text(
            en="Model weights to serve: a local directory or a Hugging Face repository ID (e.g. Qwen/Qwen3-8B). "
               "--model is an alias.",
            zh="要加载的模型权重：本地目录，也可以是 Hugging Face 上的仓库名（如 "
               "Qwen/Qwen3-8B）。--model 为其别名。",
        ),
    )] = None

    tokenizer_path: Annotated[str | None, Arg(
        '--tokenizer-path',
        help=Text(
            en="Tokenizer to use, as a local directory or Hugging Face repository ID. Unset uses the tokenizer that "
               "comes with --model-path.",
            zh="所用分词器的位置，可以是本地目录，也可以是 Hugging Face 上的仓库。"
               "不设置时使用 --model-path 中自带的分词器。",
        ),
    )] = None

    tokenizer_mode: Annotated[Literal['auto', 'slow'], Arg(
        '--tokenizer-mode',
        help=Text(
            en="'auto' uses the fast (Rust-based) Hugging Face tokenizer when the model provides one; 'slow' always "
               "uses the pure-Python implementation.",
            zh="auto：模型提供了基于 Rust 的快速分词器时就用它；slow：一律采用纯 Python 实现的分词器。",
        ),
    )] = 'auto'

    tokenizer_backend: Annotated[Literal['huggingface', 'fastokens'], Arg(
        '--tokenizer-backend',
        help=Text(
            en="Library that splits text into tokens: 'huggingface' uses the Hugging Face tokenizers package, "
               "'fastokens' the faster fastokens package, which has to be installed separately.",
            zh="文本分词所用的库：huggingface 使用 Hugging Face 的 tokenizers 包；"
               "fastokens 使用速度更快的 fastokens 包，需要另行安装。",
        ),
    )] = 'huggingface'

    tokenizer_worker_num: Annotated[PositiveInt, Arg(
        '--tokenizer-worker-num',
        help=Text(
            en="Number of tokenizer manager processes. Values above 1 start several processes that share incoming "
               "HTTP traffic, which helps when tokenization becomes the bottleneck at high request rates.",
            zh="分词管理进程的数量。"
               "大于 1 时启动多个进程分担收到的 HTTP 请求，适合高并发下分词成为瓶颈的场景。",
        ),
    )] = 1

    detokenizer_worker_num: Annotated[PositiveInt, Arg(
        '--detokenizer-worker-num',
        help=Text(
            en="Number of detokenizer processes that turn generated token IDs back into text. Raise it when "
               "detokenization becomes the bottleneck at high concurrency; with --skip-tokenizer-init SGLang "
               "forces it back to 1.",
            zh="把生成的 token ID 还原成文本的反分词进程数。高并发下反分词成为瓶颈时可调大；启用 --skip-tokenizer-init "
               "时 SGLang 会强制改回 1。",
        ),
    )] = 1

    skip_tokenizer_init: Annotated[bool, Arg(
        '--skip-tokenizer-init',
        help=Text(
            en="When set, no tokenizer is loaded: requests must supply input_ids and responses return token IDs "
               "instead of text. Typical for RL frameworks that tokenize on their own.",
            zh="设置后不加载分词器：请求必须直接提供 input_ids，返回结果也是 token ID 而非文本。"
               "常见于自行分词的强化学习框架。",
        ),
    )] = False

    load_format: Annotated[LoadFormat, Arg(
        '--load-format',
        help=Text(
            en="Checkpoint format to load: 'auto' tries safetensors and falls back to PyTorch .bin files; 'dummy' "
               "uses random weights for profiling; the other values pick dedicated loaders (GGUF, bitsandbytes, "
               "sharded state, layer-by-layer, remote).",
            zh="权重文件的加载格式：auto 优先读取 safetensors，"
               "没有时回退到 PyTorch 的 .bin 文件；dummy 使用随机权重，便于性能测试；"
               "其余取值对应 GGUF、bitsandbytes、分片状态、逐层加载、远程加载等专用加载器。",
        ),
    )] = 'auto'

    model_loader_extra_config: Annotated[JsonObject, Arg(
        '--model-loader-extra-config',
        help=Text(
            en="Extra options, as a JSON object, handed to the model loader chosen by --load-format.",
            zh="以 JSON 对象形式提供、转交给 --load-format 所选加载器的附加选项。",
        ),
    )] = {}

    trust_remote_code: Annotated[bool, Arg(
        '--trust-remote-code',
        help=Text(
            en="Allow running Python code shipped with the checkpoint (custom Hugging Face model or tokenizer "
               "classes). Needed by some new architectures; only enable it for sources you trust.",
            zh="允许执行权重仓库中自带的 Python 代码（Hugging Face 自定义模型或分词器类）。"
               "部分新架构需要开启；只对可信来源启用。",
        ),
    )] = False

    context_length: Annotated[PositiveHumanInt | None, Arg(
        '--context-length',
        help=Text(
            en="Maximum context length in tokens (prompt plus output) the server accepts, e.g. 32k. Unset takes the "
               "value from the model's config.json; going beyond what the model was trained for can degrade output.",
            zh="服务允许的最大上下文长度，即输入与输出合计的 token 数，可写作 32k 等形式。"
               "不设置时读取模型配置文件 config.json 里的取值；超出模型训练时的长度可能导致输出质量下降。",
        ),
    )] = None

    is_embedding: Annotated[bool, Arg(
        '--is-embedding',
        help=Text(
            en="Serve the model as an embedding model: requests return vectors instead of generated text. Use it to "
               "run a CausalLM checkpoint for embedding, reward scoring or other encoding tasks.",
            zh="以嵌入模型的方式提供服务：请求返回向量而不是生成的文本。可用于让 CausalLM 架构的模型承担嵌入、"
               "奖励打分等编码类任务。",
        ),
    )] = False

    enable_multimodal: Annotated[bool | None, Arg(
        '--enable-multimodal',
        help=Text(
            en="Turn the model's multimodal (image/video/audio) input support on or off. Unset decides from the "
               "model architecture; has no effect on text-only models.",
            zh="开启或关闭模型的多模态（图像/视频/音频）输入能力。不设置时根据模型架构自动决定；对纯文本模型不起作用。",
        ),
    )] = None

    revision: Annotated[str | None, Arg(
        '--revision',
        help=Text(
            en="Model revision to fetch from the hub: a branch name, tag or commit ID. Unset uses the default "
               "branch.",
            zh="从模型仓库拉取的版本，填写分支名、标签或提交哈希均可。不设置时使用默认分支。",
        ),
    )] = None

    model_impl: Annotated[Literal['auto', 'sglang', 'transformers', 'mindspore'], Arg(
        '--model-impl',
        help=Text(
            en="Which model implementation runs: 'auto' prefers SGLang's native one and falls back to Transformers; "
               "'sglang' or 'transformers' force that one; 'mindspore' uses the MindSpore implementation (Ascend NPUs only).",
            zh="选择模型实现：auto 优先用 SGLang 原生实现，没有原生实现时改为 Transformers 版本；"
               "sglang、transformers 强制使用对应实现；"
               "mindspore 使用 MindSpore 实现（仅限昇腾 NPU）。",
        ),
    )] = 'auto'

    model_config_parser: Annotated[str, Arg(
        '--model-config-parser',
        help=Text(
            en="How the model's configuration is read: 'hf' loads config.json through Transformers, 'mistral' "
               "reads Mistral's native format, and 'auto' picks one of the two from the model name. Plugins can "
               "register further parsers, so any name is accepted here.",
            zh="读取模型配置的方式：hf 通过 Transformers 加载 config.json；mistral "
               "读取 Mistral 原生格式；auto 根据模型名称在两者中自动选择。插件还可以注册其他解析器，因此这里接受任意名称。",
        ),
    )] = 'auto'

    startup_weight_load_mode: Annotated[Literal['serial', 'overlap'], Arg(
        '--startup-weight-load-mode',
        help=Text(
            en="Order of the startup work: 'serial' loads the weights first and captures CUDA graphs afterwards; "
               "'overlap' reads the checkpoint files while the graphs are being captured and installs the real "
               "weights once capture is done, which can shorten startup.",
            zh="启动阶段的执行顺序：serial 先加载权重，再捕获 CUDA Graph；overlap 在捕获 CUDA Graph 的同时读取检查点文件，"
               "捕获结束后再写入真实权重，可缩短启动时间。",
        ),
    )] = 'serial'

    weight_cache_mode: Annotated[Literal['off', 'daemon', 'client'], Arg(
        '--weight-cache-mode',
        help=Text(
            en="Keep the weights in a separate cache process so they need not be read from disk again: 'off' "
               "loads from disk as usual; 'daemon' starts a cache process that holds the weights in GPU memory "
               "but exits with the server, so it does not speed up a restart; 'client' loads over IPC from a "
               "cache process started on its own (python -m sglang.srt.weight_cache.daemon), which is the way to "
               "fast restarts.",
            zh="把权重保存在独立的缓存进程中，免得每次都从磁盘读取：off 照常从磁盘加载；daemon 启动一个在显存中保存权重的缓存进程，"
               "但它随服务一起退出，因此不会加快重启；client 通过进程间通信从单独启动的缓存进程（python -m "
               "sglang.srt.weight_cache.daemon）加载，要加快重启应使用这种方式。",
        ),
    )] = 'off'

    weight_cache_socket: Annotated[str | None, Arg(
        '--weight-cache-socket',
        help=Text(
            en="Unix socket of the weight cache process that --weight-cache-mode client connects to. Unset "
               "derives the path from the GPU's UUID through the SGLANG_WEIGHT_CACHE_SOCKET_TEMPLATE environment "
               "variable.",
            zh="--weight-cache-mode client 所连接的权重缓存进程的 Unix 套接字路径。不设置时按环境变量 "
               "SGLANG_WEIGHT_CACHE_SOCKET_TEMPLATE，结合 GPU 的 UUID 推导出路径。",
        ),
    )] = None

    weight_cache_timeout: Annotated[PositiveInt, Arg(
        '--weight-cache-timeout',
        help=Text(
            en="Seconds to wait for the weight cache process to become ready before startup fails; only used "
               "when --weight-cache-mode is not off.",
            zh="等待权重缓存进程就绪的最长时间（秒），超时则启动失败；仅在 --weight-cache-mode 不为 "
               "off 时使用。",
        ),
    )] = 1800
