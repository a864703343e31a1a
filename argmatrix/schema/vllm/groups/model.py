"""vLLM's model flags (its ModelConfig): which model, tokenizer and revision to load, its data type,
quantization and context length, what the served model is called, how its outputs and logprobs are
returned, generation defaults, and the sleep-mode memory switches.
"""

from typing import Annotated, Literal

from ...meta import Arg, Group, Text
from ...types import HumanIntOrAuto, JsonObject, JsonObjectOrText

GROUP = Group('vllm_model', Text(en='Model', zh='模型'))


class ModelArgs:

    model: Annotated[str, Arg(
        '--model',
        help=Text(
            en="Hugging Face repository ID or local path of the model to serve. `vllm serve MODEL` gives it as the "
               "positional argument; it also names the model in the API and metrics unless --served-model-name is set.",
            zh="要服务的模型：Hugging Face 仓库 ID 或本地路径。`vllm serve MODEL` 以位置参数给出；"
               "未设置 --served-model-name 时，它也是 API 和监控指标中的模型名。",
        ),
    )] = 'Qwen/Qwen3-0.6B'

    runner: Annotated[Literal['auto', 'draft', 'generate', 'pooling'], Arg(
        '--runner',
        help=Text(
            en="Which kind of model runner the instance uses: 'generate' (text generation), 'pooling' (embeddings, "
               "scores, classification), 'draft' (a speculative draft model) or 'auto' (decided from the model's "
               "architecture). One instance runs one kind only.",
            zh="实例使用的模型运行器类型：'generate' 为文本生成，'pooling' 为池化（嵌入、打分、分类），"
               "'draft' 为投机解码的草稿模型，'auto' 按模型架构自动判断。一个实例只能运行一种类型。",
        ),
    )] = 'auto'

    convert: Annotated[Literal['auto', 'classify', 'embed', 'none', 'reward'], Arg(
        '--convert',
        help=Text(
            en="Adapt the model to another task with vLLM's adapters: 'embed' or 'classify' turn a generative model "
               "into a pooling one, 'none' keeps it as it is, 'auto' converts only when --runner asks for a kind the "
               "architecture does not provide. vLLM 0.13 also takes 'reward'.",
            zh="借助 vLLM 的适配器把模型转换为其他任务：'embed' 或 'classify' 把生成式模型改造成池化模型，"
               "'none' 保持原样，'auto' 仅在 --runner 要求的类型与模型架构不符时才转换。vLLM 0.13 还接受 'reward'。",
        ),
    )] = 'auto'

    tokenizer: Annotated[str | None, Arg(
        '--tokenizer',
        help=Text(
            en="Hugging Face repository ID or local path of the tokenizer. Unset uses the model's own.",
            zh="分词器所在的仓库（Hugging Face 仓库 ID）或本地路径。不设置时使用模型自带的分词器。",
        ),
    )] = None

    tokenizer_mode: Annotated[str, Arg(
        '--tokenizer-mode',
        help=Text(
            en="Which tokenizer implementation to use: 'auto' (mistral_common for Mistral models when installed, else "
               "'hf'), 'hf' (the Hugging Face fast tokenizer), 'mistral' (always mistral_common), or a model-specific "
               "mode such as 'deepseek_v32', 'deepseek_v4', 'kimi_k3' or 'cohere'; plugins can add more.",
            zh="使用哪种分词器实现：'auto' 对 Mistral 模型优先使用 `mistral_common`（已安装时），否则用 'hf'；"
               "'hf' 使用 Hugging Face 提供的快速分词器；'mistral' 始终使用 `mistral_common`；"
               "也可以是 'deepseek_v32'、'deepseek_v4'、'kimi_k3'、'cohere' 等特定模型的模式，插件还可以注册更多模式。",
        ),
    )] = 'auto'

    trust_remote_code: Annotated[bool, Arg(
        '--trust-remote-code', negatable=True,
        help=Text(
            en="Allow running the Python code that a model repository ships for its model or tokenizer. Only for "
               "repositories you trust.",
            zh="允许执行模型仓库随模型或分词器附带的 Python 代码。仅对可信的仓库开启。",
        ),
    )] = False

    dtype: Annotated[Literal['auto', 'bfloat16', 'float', 'float16', 'float32', 'half'], Arg(
        '--dtype',
        help=Text(
            en="Data type of weights and activations: 'auto' uses FP16 for FP32 and FP16 checkpoints and BF16 for "
               "BF16 ones; 'half' and 'float16' are FP16, 'bfloat16' is BF16, 'float' and 'float32' are FP32.",
            zh="权重与激活值的数据类型：'auto' 对 FP32 和 FP16 检查点使用 FP16，对 BF16 检查点使用 BF16；"
               "'half' 与 'float16' 即 FP16，'bfloat16' 即 BF16，'float' 与 'float32' 即 FP32。",
        ),
    )] = 'auto'

    seed: Annotated[int, Arg(
        '--seed',
        help=Text(
            en="Random seed of the engine. Every tensor parallel worker uses it so they sample the same tokens; "
               "per-request seeds still apply on top.",
            zh="引擎的随机种子。所有张量并行工作进程使用同一种子，以保证采样结果一致；请求中单独指定的种子仍然有效。",
        ),
    )] = 0

    hf_config_path: Annotated[str | None, Arg(
        '--hf-config-path',
        help=Text(
            en="Hugging Face repository ID or local path to read the model config (config.json) from. Unset uses the "
               "model's own.",
            zh="模型配置（config.json）所在的仓库（Hugging Face 仓库 ID）或本地路径。不设置时使用模型自带的配置。",
        ),
    )] = None

    allowed_local_media_path: Annotated[str, Arg(
        '--allowed-local-media-path',
        help=Text(
            en="Server directory from which API requests may read local images and videos (file:// URLs). Empty "
               "forbids local files; set it only when every client is trusted.",
            zh="允许 API 请求读取本地图像与视频（`file://` 地址）的服务器目录。为空表示禁止读取本地文件；"
               "仅在所有客户端都可信时设置。",
        ),
    )] = ''

    allowed_media_domains: Annotated[list[str] | None, Arg(
        '--allowed-media-domains',
        help=Text(
            en="Domains that multimodal media URLs in requests may come from. Unset allows any domain.",
            zh="请求中多模态媒体地址允许来自的域名。不设置时不限制域名。",
        ),
    )] = None

    revision: Annotated[str | None, Arg(
        '--revision',
        help=Text(
            en="Branch, tag or commit of the model repository to load. Unset uses the default branch.",
            zh="要加载的模型仓库分支、标签或提交。不设置时使用默认分支。",
        ),
    )] = None

    code_revision: Annotated[str | None, Arg(
        '--code-revision',
        help=Text(
            en="Branch, tag or commit of the model's remote code on the Hugging Face Hub. Unset uses the default "
               "branch.",
            zh="模型远程代码在 Hugging Face 仓库中所用的分支、标签或提交。不设置时使用默认分支。",
        ),
    )] = None

    tokenizer_revision: Annotated[str | None, Arg(
        '--tokenizer-revision',
        help=Text(
            en="Branch, tag or commit of the tokenizer repository. Unset uses the default branch.",
            zh="分词器仓库所用的分支、标签或提交。不设置时使用默认分支。",
        ),
    )] = None

    max_model_len: Annotated[HumanIntOrAuto | None, Arg(
        '--max-model-len',
        help=Text(
            en="Context length in tokens (prompt plus output). Takes suffixes: 1k is 1000, 1K is 1024. Unset reads it "
               "from the model config; -1 or 'auto' picks the longest length whose KV cache fits in device memory.",
            zh="上下文长度（token 数，提示词与输出之和）。可带后缀：1k 为 1000，1K 为 1024。不设置时从模型配置读取；"
               "-1 或 'auto' 表示选取 KV 缓存能放进设备显存的最大长度。",
        ),
    )] = None

    quantization: Annotated[str | None, Arg(
        '--quantization', '-q',
        help=Text(
            en="Quantization method of the weights (e.g. fp8, awq, gptq, compressed-tensors; 'ascend' for "
               "ModelSlim-quantized weights on vLLM-Ascend). Unset reads quantization_config from the model config, "
               "and treats the weights as unquantized (--dtype) if there is none.",
            zh="权重的量化方法（例如 'fp8'、'awq'、'gptq'、'compressed-tensors'；在 vLLM-Ascend 上用 'ascend' 加载 "
               "ModelSlim 量化的权重）。不设置时读取模型配置中的 `quantization_config`，若没有则视为未量化，"
               "按 --dtype 加载。",
        ),
    )] = None

    quantization_config: Annotated[JsonObject | None, Arg(
        '--quantization-config',
        help=Text(
            en="JSON object describing online quantization per layer kind: keys linear and moe (a quantization spec "
               "each), ignore (layer name patterns to leave unquantized) and targets. Filled in automatically when "
               "--quantization is an online shorthand.",
            zh="按层类型描述在线量化的 JSON 对象：键 `linear` 与 `moe`（各为一个量化规格）、"
               "`ignore`（不量化的层名模式）以及 `targets`。当 --quantization 为在线量化简写时会自动填充。",
        ),
    )] = None

    allow_deprecated_quantization: Annotated[bool, Arg(
        '--allow-deprecated-quantization', negatable=True,
        help=Text(
            en="Allow quantization methods that vLLM has deprecated, which are otherwise refused at start-up.",
            zh="允许使用 vLLM 已弃用的量化方法，否则启动时会拒绝。",
        ),
    )] = False

    enforce_eager: Annotated[bool, Arg(
        '--enforce-eager', negatable=True,
        help=Text(
            en="Always run the model in eager PyTorch: no torch.compile and no CUDA graphs (the same as -cc.mode=none "
               "-cc.cudagraph_mode=none). Slower decode, faster start and less memory.",
            zh="始终以 PyTorch 的 `eager` 模式运行模型：不使用 torch.compile，也不使用 CUDA Graph（等同于 -cc.mode=none "
               "-cc.cudagraph_mode=none）。解码更慢，但启动更快、占用显存更少。",
        ),
    )] = False

    enable_return_routed_experts: Annotated[bool, Arg(
        '--enable-return-routed-experts', negatable=True,
        help=Text(
            en="Return, with each output, which MoE experts its tokens were routed to.",
            zh="随每个输出一并返回其 token 被路由到的 MoE 专家。",
        ),
    )] = False

    return_sampling_mask: Annotated[bool, Arg(
        '--return-sampling-mask', negatable=True,
        help=Text(
            en="Return, for each sample, the set of tokens left eligible after the sampling filters.",
            zh="为每个采样结果返回经采样过滤后仍可被选中的 token 集合。",
        ),
    )] = False

    max_logprobs: Annotated[int, Arg(
        '--max-logprobs',
        help=Text(
            en="Most log probabilities a request may ask for per token (logprobs / prompt_logprobs); -1 means no cap, "
               "which can exhaust memory.",
            zh="每个请求在每个 token 上最多可请求的对数概率个数（logprobs 与 prompt_logprobs）；-1 表示不设上限，"
               "可能耗尽内存。",
        ),
    )] = 20

    logprobs_mode: Annotated[Literal['processed_logits', 'processed_logprobs', 'raw_logits', 'raw_logprobs'], Arg(
        '--logprobs-mode',
        help=Text(
            en="What logprobs return: 'raw_logprobs' or 'raw_logits' are taken before any logits processing, "
               "'processed_logprobs' or 'processed_logits' after all of it (temperature, top-k, top-p and the like). "
               "For prompt logprobs raw and processed are the same.",
            zh="logprobs 返回的内容：'raw_logprobs' 或 'raw_logits' 取自任何 logits 处理之前，"
               "'processed_logprobs' 或 'processed_logits' 取自全部处理（温度、top-k、top-p 等）之后。"
               "提示词的 logprobs 两者相同。",
        ),
    )] = 'raw_logprobs'

    use_fp64_gumbel: Annotated[bool, Arg(
        '--use-fp64-gumbel', negatable=True,
        help=Text(
            en="Draw the sampling noise in FP64 instead of FP32, which keeps very unlikely tokens samplable at a "
               "large throughput cost on most devices.",
            zh="采样噪声改用 FP64 而非 FP32 生成，使概率极低的 token 仍有机会被采到，但在多数设备上吞吐量会明显下降。",
        ),
    )] = False

    enable_trace_replay: Annotated[bool, Arg(
        '--enable-trace-replay', negatable=True,
        help=Text(
            en="Let requests force decoding along a given token sequence while real logprobs are still computed (for "
               "debugging and RL); it reserves a trace buffer per request.",
            zh="允许请求强制解码沿给定的 token 序列进行，同时仍计算真实的 logprobs（用于调试与强化学习）；"
               "会为每个请求预留一块轨迹缓冲区。",
        ),
    )] = False

    disable_sliding_window: Annotated[bool, Arg(
        '--disable-sliding-window', negatable=True,
        help=Text(
            en="Turn off the model's sliding-window attention and cap the context length at the window size instead. "
               "Ignored for models without a sliding window.",
            zh="关闭模型的滑动窗口注意力，改为把上下文长度限制在窗口大小以内。对没有滑动窗口的模型无效。",
        ),
    )] = False

    disable_cascade_attn: Annotated[bool | None, Arg(
        '--disable-cascade-attn', negatable=True,
        help=Text(
            en="Deprecated and without effect: cascade attention has been removed; the flag goes in vLLM 0.33.",
            zh="已弃用且不起作用：级联注意力已被移除，此参数将在 vLLM 0.33 中删除。",
        ),
    )] = None

    skip_tokenizer_init: Annotated[bool, Arg(
        '--skip-tokenizer-init', negatable=True,
        help=Text(
            en="Do not load the tokenizer and detokenizer: requests must give prompt token IDs and outputs are token "
               "IDs only.",
            zh="不加载分词器与反分词器：请求必须直接提供提示词的 token ID，输出也只有 token ID。",
        ),
    )] = False

    enable_prompt_embeds: Annotated[bool, Arg(
        '--enable-prompt-embeds', negatable=True,
        help=Text(
            en="Accept precomputed text embeddings as input (the prompt_embeds field). Embeddings of the wrong shape "
               "can crash the engine, so allow it only for trusted clients.",
            zh="接受预先计算好的文本嵌入作为输入（`prompt_embeds` 字段）。形状错误的嵌入可能导致引擎崩溃，"
               "因此仅对可信客户端开启。",
        ),
    )] = False

    served_model_name: Annotated[list[str] | None, Arg(
        '--served-model-name',
        help=Text(
            en="Name or names the API answers to; responses and the model_name metric label use the first. Unset uses "
               "the --model value.",
            zh="API 所响应的模型名，可以有多个；响应中的模型名及指标标签 `model_name` 使用第一个。"
               "不设置时使用 --model 的值。",
        ),
    )] = None

    config_format: Annotated[str, Arg(
        '--config-format',
        help=Text(
            en="Format of the model config to read: 'hf' (config.json), 'mistral' (params.json) or 'auto' (tries "
               "Mistral's format, then Hugging Face's).",
            zh="读取的模型配置格式：'hf' 为 config.json，'mistral' 为 params.json，'auto' 先尝试 Mistral 格式再尝试 "
               "Hugging Face 格式。",
        ),
    )] = 'auto'

    hf_token: Annotated[str | None, Arg(
        '--hf-token',
        help=Text(
            en="Token sent as HTTP bearer authorisation when downloading from the Hub. Given without a value, vLLM "
               "uses the token saved by `hf auth login`. Unset sends none beyond the environment's.",
            zh="从 Hugging Face 下载时作为 HTTP Bearer 认证发送的令牌。只写参数名不带值时，"
               "vLLM 使用 `hf auth login` 保存的令牌。不设置时只使用环境中已有的凭据。",
        ),
    )] = None

    hf_overrides: Annotated[JsonObjectOrText, Arg(
        '--hf-overrides',
        help=Text(
            en="JSON object of keys merged into the model's Hugging Face config before it is used, e.g. "
               "'{\"rope_scaling\": {...}}'. The counterpart of SGLang's --json-model-override-args.",
            zh="在使用前合并进模型配置（Hugging Face 格式）的 JSON 对象，例如 '{\"rope_scaling\": {...}}'。"
               "对应 SGLang 的 --json-model-override-args。",
        ),
    )] = {}

    model_class_overrides: Annotated[JsonObject, Arg(
        '--model-class-overrides',
        help=Text(
            en='JSON object mapping an architecture name to the "module:class" that should implement it, registered '
               "at start-up. For development and debugging.",
            zh='把架构名映射到实现它的 "module:class" 的 JSON 对象，启动时注册。用于开发与调试。',
        ),
    )] = {}

    pooler_config: Annotated[JsonObject | None, Arg(
        '--pooler-config',
        help=Text(
            en="JSON object controlling the output pooling of pooling models; main keys: pooling_type (e.g. LAST, "
               "MEAN, CLS), use_activation, dimensions (truncated embedding size) and enable_chunked_processing.",
            zh="控制池化模型输出池化方式的 JSON 对象；常用键：`pooling_type`（如 LAST、MEAN、CLS）、`use_activation`、"
               "`dimensions`（截断后的嵌入维度）与 `enable_chunked_processing`。",
        ),
    )] = None

    generation_config: Annotated[str, Arg(
        '--generation-config',
        help=Text(
            en="Where default sampling parameters come from: 'auto' reads generation_config.json from the model, "
               "'vllm' uses vLLM's own defaults, a folder path reads it from there. A max_new_tokens in it caps the "
               "output of every request.",
            zh="默认采样参数的来源：'auto' 读取模型中的 generation_config.json，'vllm' 使用 vLLM 自己的默认值，"
               "填写目录路径则从该目录读取。其中若有 `max_new_tokens`，则为所有请求的输出长度设置上限。",
        ),
    )] = 'auto'

    override_generation_config: Annotated[JsonObject, Arg(
        '--override-generation-config',
        help=Text(
            en="JSON object of default sampling parameters, e.g. '{\"temperature\": 0.5}', merged over the "
               "--generation-config source (with 'vllm', only these apply).",
            zh="默认采样参数的 JSON 对象，例如 '{\"temperature\": 0.5}'，覆盖在 --generation-config 所指来源之上（取 '"
               "vllm' 时只使用这里的参数）。",
        ),
    )] = {}

    enable_sleep_mode: Annotated[bool, Arg(
        '--enable-sleep-mode', negatable=True,
        help=Text(
            en="Allow the engine to be put to sleep through the API, freeing its weights and KV cache from device "
               "memory until it is woken (CUDA and ROCm; vLLM-Ascend supports it too). Like SGLang's "
               "--enable-memory-saver.",
            zh="允许通过 API 让引擎进入休眠，在被唤醒之前从设备显存中释放权重与 KV 缓存（支持 CUDA 与 ROCm，"
               "vLLM-Ascend 也支持）。作用类似 SGLang 的 --enable-memory-saver。",
        ),
    )] = False

    sleep_mode_offload_cudagraph: Annotated[bool, Arg(
        '--sleep-mode-offload-cudagraph', negatable=True,
        help=Text(
            en="During sleep, copy the CUDA graph memory to the CPU and restore it in place on wake. Needs "
               "--enable-sleep-mode, the cumem allocator and CUDA graphs.",
            zh="休眠期间把 CUDA Graph 占用的显存备份到 CPU，唤醒时原地恢复。需要 --enable-sleep-mode、"
               "`cumem` 分配器以及 CUDA Graph。",
        ),
    )] = False

    sleep_preserve_parameter_names: Annotated[list[str], Arg(
        '--sleep-preserve-parameter-names',
        help=Text(
            en="Name patterns (globs) of parameters kept in device memory through level-2 sleep, for weights the "
               "trainer will not send again; 'draft.*' selects draft-model parameters.",
            zh="在二级休眠期间保留在设备显存中的参数名模式（通配符），用于训练端不会重新发送的权重；"
               "'draft.*' 表示草稿模型的参数。",
        ),
    )] = []

    enable_cumem_allocator: Annotated[bool, Arg(
        '--enable-cumem-allocator', negatable=True,
        help=Text(
            en="Use vLLM's cumem memory allocator, which enables features such as multi-node NVLink; sleep mode turns "
               "it on by itself. CUDA and ROCm only.",
            zh="使用 vLLM 的 `cumem` 显存分配器，以支持多节点 NVLink 等功能；休眠模式会自动启用它。仅限 CUDA 与 ROCm。",
        ),
    )] = False

    enable_nccl_comm_suspend: Annotated[bool, Arg(
        '--enable-nccl-comm-suspend', negatable=True,
        help=Text(
            en="Experimental: also free the NCCL communicators' memory during sleep. Off, sleep still frees weights "
               "and KV cache.",
            zh="实验特性：休眠时同时释放 NCCL 通信器占用的显存。关闭时休眠仍会释放权重与 KV 缓存。",
        ),
    )] = False

    model_impl: Annotated[str, Arg(
        '--model-impl',
        help=Text(
            en="Which implementation of the model to run: 'vllm' (vLLM's own), 'transformers' (the Transformers "
               "modelling code), 'terratorch', or 'auto' (vLLM's if it has one, else Transformers').",
            zh="运行哪种模型实现：'vllm' 为 vLLM 自带实现，'transformers' 为 Transformers 库的建模代码，'terratorch'，"
               "或 'auto'（vLLM 有实现时用 vLLM 的，否则退回 Transformers 库）。",
        ),
    )] = 'auto'

    logits_processors: Annotated[list[str] | None, Arg(
        '--logits-processors',
        help=Text(
            en="Fully qualified class names of custom logits processors to load; requests can then use them.",
            zh="要加载的自定义 logits 处理器的完整类名；加载后请求即可使用。",
        ),
    )] = None

    io_processor_plugin: Annotated[str | None, Arg(
        '--io-processor-plugin',
        help=Text(
            en="Name of an input/output processor plugin loaded at start-up, which turns request data into model "
               "inputs and model outputs into responses (used by pooling models such as image segmentation).",
            zh="启动时加载的输入输出处理插件名，负责把请求数据转为模型输入、"
               "把模型输出转为响应（用于图像分割等池化模型）。",
        ),
    )] = None

    renderer_num_workers: Annotated[int, Arg(
        '--renderer-num-workers',
        help=Text(
            en="Threads the API server uses to tokenise, render chat templates and preprocess multimodal input of "
               "concurrent requests.",
            zh="API 服务为并发请求执行分词、渲染聊天模板和预处理多模态输入所用的线程数。",
        ),
    )] = 1

    sleep_mode_backend: Annotated[str, Arg(
        '--sleep-mode-backend',
        help=Text(
            en="How sleep mode (--enable-sleep-mode) frees and restores device memory: cumem, the built-in allocator "
               "that earlier releases always used; plugins may register other backends. New in vLLM 0.33.",
            zh="休眠模式（--enable-sleep-mode）释放与恢复设备显存的方式：cumem 为内置分配器，即以往版本一直使用的方式；"
               "插件可注册其他后端。vLLM 0.33 新增。",
        ),
    )] = 'cumem'

    checkpoint_prepare_on_startup: Annotated[bool, Arg(
        '--checkpoint-prepare-on-startup',
        help=Text(
            en="Prepare each engine for a process checkpoint as soon as it starts, as a call to /checkpoint/prepare "
               "would; it serves requests only after /checkpoint/restore. Needs sleep mode. New in vLLM 0.34.",
            zh="每个引擎启动后立即为进程检查点做准备，效果等同调用 /checkpoint/prepare；之后须经 "
               "/checkpoint/restore 才开始处理请求。需要开启睡眠模式。vLLM 0.34 新增。",
        ),
    )] = False

    logits_processor_pattern: Annotated[str | None, Arg(
        '--logits-processor-pattern',
        help=Text(
            en="Regular expression of the qualified names of logits processors a request may pass in its "
               "logits_processors field; unset allows none. vLLM 0.13 only.",
            zh="请求可通过 logits_processors 字段传入的 logits 处理器全限定名所须匹配的正则表达式；不设置则不允许任何处理器。"
               "仅 vLLM 0.13 提供。",
        ),
    )] = None

    override_attention_dtype: Annotated[str | None, Arg(
        '--override-attention-dtype',
        help=Text(
            en="Data type to use for attention in place of the model's. Up to vLLM 0.23.",
            zh="注意力计算改用的数据类型，替代模型自身的类型。仅 vLLM 0.23 及以前的版本提供。",
        ),
    )] = None
