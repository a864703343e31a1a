"""vLLM's multimodal flags (its MultiModalConfig): how many images, videos and audio clips a prompt may
hold, how media are fetched and preprocessed, the preprocessing cache, the vision encoder's parallelism,
attention and FP8 options, and video token pruning.
"""

from typing import Annotated, Literal

from ...meta import Arg, Group, Text
from ...types import JsonObject

GROUP = Group('vllm_multimodal', Text(en='Multimodal inputs', zh='多模态输入'))


class MultimodalArgs:

    language_model_only: Annotated[bool, Arg(
        '--language-model-only', negatable=True,
        help=Text(
            en="Serve a multimodal model as text only: every modality's limit becomes 0, so the encoders are not "
               "loaded (the same as --limit-mm-per-prompt with 0 for each modality).",
            zh="把多模态模型当作纯文本模型服务：所有模态的数量上限都设为 0，"
               "因而不加载编码器（等同于对每种模态都把 --limit-mm-per-prompt 设为 0）。",
        ),
    )] = False

    limit_mm_per_prompt: Annotated[JsonObject, Arg(
        '--limit-mm-per-prompt',
        help=Text(
            en="JSON object giving, per modality, the most items one prompt may hold, e.g. '{\"image\": 4, \"video\": "
               "1}'; a value may also be an object with count and the size used for memory profiling (width, height, "
               "num_frames). Unset allows 999 of each.",
            zh="按模态给出单个提示词最多可包含的输入个数的 JSON 对象，例如 '{\"image\": 4, \"video\": 1}'；"
               "取值也可以是含 `count` 及用于显存测算的尺寸（`width`、`height`、`num_frames`）的对象。"
               "不设置时每种模态最多 999 个。",
        ),
    )] = {}

    enable_mm_embeds: Annotated[bool, Arg(
        '--enable-mm-embeds', negatable=True,
        help=Text(
            en="Accept precomputed multimodal embeddings in chat messages (content parts of type '*_embeds'). With a "
               "modality's limit at 0, embeddings are still accepted and its encoder is not loaded. Wrong shapes can "
               "crash the engine: trusted clients only.",
            zh="接受聊天消息中预先计算好的多模态嵌入（类型为 '*_embeds' 的内容片段）。"
               "某模态的上限为 0 时仍接受其嵌入，且不加载该模态的编码器。形状错误的嵌入可能导致引擎崩溃，"
               "仅对可信客户端开启。",
        ),
    )] = False

    media_io_kwargs: Annotated[JsonObject, Arg(
        '--media-io-kwargs',
        help=Text(
            en="JSON object of options for loading media, per modality, e.g. '{\"video\": {\"num_frames\": 40}}'.",
            zh="按模态给出的媒体加载选项（JSON 对象），例如 '{\"video\": {\"num_frames\": 40}}'。",
        ),
    )] = {}

    mm_processor_kwargs: Annotated[JsonObject | None, Arg(
        '--mm-processor-kwargs',
        help=Text(
            en="JSON object of options passed to the model's Hugging Face processor, overriding its defaults (e.g. "
               "'{\"num_crops\": 4}' for Phi-3-Vision); which keys exist depends on the model.",
            zh="传给模型 Hugging Face 处理器、覆盖其默认值的选项（JSON 对象），例如 `Phi-3-Vision` 的 '{\"num_crops\":"
               " 4}'；可用的键取决于模型。",
        ),
    )] = None

    mm_processor_cache_gb: Annotated[float, Arg(
        '--mm-processor-cache-gb',
        help=Text(
            en="GiB of the cache of preprocessed multimodal inputs, so repeated images are not processed again. Each "
               "API server and each engine process holds its own copy; 0 turns it off.",
            zh="已预处理多模态输入的缓存大小（GiB），避免重复处理相同的图像。每个 API 服务进程和引擎进程各持有一份；"
               "0 表示关闭。",
        ),
    )] = 4

    mm_processor_cache_type: Annotated[Literal['lru', 'shm'], Arg(
        '--mm-processor-cache-type',
        help=Text(
            en="Kind of preprocessing cache: 'lru' (a mirrored LRU cache in each process) or 'shm' (one FIFO cache in "
               "shared memory).",
            zh="预处理缓存的类型：'lru' 为每个进程各有一份的镜像 LRU 缓存；'shm' 为共享内存中的一份 FIFO 缓存。",
        ),
    )] = 'lru'

    mm_hasher_algorithm: Annotated[Literal['blake3', 'sha256', 'sha512'], Arg(
        '--mm-hasher-algorithm',
        help=Text(
            en="Hash identifying multimodal inputs in the caches: 'blake3' (default, fast), or 'sha256' / 'sha512' "
               "where FIPS compliance is required.",
            zh="在缓存中标识多模态输入所用的哈希算法：'blake3'（默认，较快），需要符合 FIPS 时可选 'sha256' 或 'sha512"
               "'。",
        ),
    )] = 'blake3'

    mm_shm_cache_max_object_size_mb: Annotated[int, Arg(
        '--mm-shm-cache-max-object-size-mb',
        help=Text(
            en="Largest single item (MiB) stored in the 'shm' preprocessing cache.",
            zh="'shm' 预处理缓存中单个条目的最大大小（MiB）。",
        ),
    )] = 128

    mm_encoder_only: Annotated[bool, Arg(
        '--mm-encoder-only', negatable=True,
        help=Text(
            en="Run only the multimodal encoder, without the language model: for the encoder instances of an "
               "encoder/prefill/decode split.",
            zh="只运行多模态编码器，不运行语言模型：用于编码器、预填充、解码三者分离部署中的编码器实例。",
        ),
    )] = False

    mm_encoder_tp_mode: Annotated[Literal['data', 'weights'], Arg(
        '--mm-encoder-tp-mode',
        help=Text(
            en="How the vision encoder uses tensor parallel: 'weights' shards each layer's weights across the ranks; "
               "'data' keeps full weights on every rank and splits the batch of images among them (for supported "
               "models, else it falls back to 'weights').",
            zh="视觉编码器使用张量并行的方式：'weights' 把每层权重切分到各 rank；'data' 让每个 rank 持有完整权重，"
               "而把一批图像分给各 rank 处理（仅限支持的模型，否则退回 'weights'）。",
        ),
    )] = 'weights'

    mm_encoder_attn_backend: Annotated[str | None, Arg(
        '--mm-encoder-attn-backend',
        help=Text(
            en="Attention backend for the vision encoder, by vLLM's backend name (e.g. FLASH_ATTN, TORCH_SDPA). Unset "
               "lets vLLM choose.",
            zh="视觉编码器所用的注意力后端，使用 vLLM 的后端名称（例如 FLASH_ATTN、TORCH_SDPA）。"
               "不设置时由 vLLM 选择。",
        ),
    )] = None

    mm_encoder_attn_dtype: Annotated[Literal['fp8'] | None, Arg(
        '--mm-encoder-attn-dtype',
        help=Text(
            en="'fp8' runs the vision encoder's attention in FP8 through FlashInfer's cuDNN backend, with scales from "
               "--mm-encoder-fp8-scale-path or computed on the fly. Unset keeps the model's data type.",
            zh="取 'fp8' 时视觉编码器的注意力经 FlashInfer 的 cuDNN 后端以 FP8 计算，缩放系数来自 "
               "--mm-encoder-fp8-scale-path，或在运行中动态计算。不设置时保持模型的数据类型。",
        ),
    )] = None

    mm_encoder_fp8_scale_path: Annotated[str | None, Arg(
        '--mm-encoder-fp8-scale-path',
        help=Text(
            en="JSON file of per-layer FP8 Q/K/V scales for the vision encoder's attention (static scaling with "
               "--mm-encoder-attn-dtype fp8). Unset scales dynamically.",
            zh="视觉编码器注意力各层 FP8 Q/K/V 缩放系数的 JSON 文件（配合 --mm-encoder-attn-dtype fp8 使用静态缩放）。"
               "不设置时动态缩放。",
        ),
    )] = None

    mm_encoder_fp8_scale_save_path: Annotated[str | None, Arg(
        '--mm-encoder-fp8-scale-save-path',
        help=Text(
            en="With dynamic FP8 scaling of the vision encoder, write the calibrated scales to this file once "
               "calibrated, for later use as --mm-encoder-fp8-scale-path.",
            zh="视觉编码器使用动态 FP8 缩放时，校准完成后把得到的缩放系数写入此文件，供以后作为 "
               "--mm-encoder-fp8-scale-path 使用。",
        ),
    )] = None

    mm_encoder_fp8_scale_save_margin: Annotated[float, Arg(
        '--mm-encoder-fp8-scale-save-margin',
        help=Text(
            en="Factor applied to the saved FP8 scales; above 1 leaves headroom for activations larger than those "
               "seen during calibration.",
            zh="保存 FP8 缩放系数时乘上的放大倍数；大于 1 可为超出校准时所见范围的激活值留出余量。",
        ),
    )] = 1.5

    interleave_mm_strings: Annotated[bool, Arg(
        '--interleave-mm-strings', negatable=True,
        help=Text(
            en="Keep text and media in the order they appear in a message, with --chat-template-content-format string.",
            zh="在 --chat-template-content-format 为 'string' 时，保持消息中文本与媒体的原有交错顺序。",
        ),
    )] = False

    skip_mm_profiling: Annotated[bool, Arg(
        '--skip-mm-profiling', negatable=True,
        help=Text(
            en="Measure memory at start-up with the language model only, skipping the multimodal encoder: faster "
               "start, but the encoder's peak memory is then yours to leave room for.",
            zh="启动时只以语言模型测算显存，跳过多模态编码器：启动更快，但需要自行为编码器的峰值显存留出余量。",
        ),
    )] = False

    video_pruning_rate: Annotated[float | None, Arg(
        '--video-pruning-rate',
        help=Text(
            en="Share (0 to below 1) of each video's tokens to drop; above 0 turns pruning on with "
               "--video-pruning-method. Unset: no pruning.",
            zh="每个视频要丢弃的 token 比例（0 到小于 1）；大于 0 时按 --video-pruning-method 进行裁剪。"
               "不设置即不裁剪。",
        ),
    )] = None

    video_pruning_method: Annotated[Literal['evs', 'vidcom2'], Arg(
        '--video-pruning-method',
        help=Text(
            en="Algorithm for video token pruning: 'evs' (Efficient Video Sampling) or 'vidcom2' (Video Compression "
               "Commander).",
            zh="视频 token 裁剪所用的算法：'evs'（`Efficient Video Sampling`）或 'vidcom2'（`Video Compression "
               "Commander`）。",
        ),
    )] = 'evs'

    mm_tensor_ipc: Annotated[Literal['direct_rpc', 'torch_shm'], Arg(
        '--mm-tensor-ipc',
        help=Text(
            en="How multimodal tensors travel between processes: 'direct_rpc' (serialised over RPC) or 'torch_shm' "
               "(zero-copy through torch shared memory).",
            zh="多模态张量在进程之间的传递方式：'direct_rpc' 经 RPC 序列化传输；'torch_shm' 通过 torch 共享内存零拷贝"
               "传递。",
        ),
    )] = 'direct_rpc'

    mm_processor_device: Annotated[Literal['auto', 'cpu'], Arg(
        '--mm-processor-device',
        help=Text(
            en="Device on which the Hugging Face fast processor transforms images and videos: 'cpu', or 'auto' (the "
               "accelerator only on encoder instances of an encoder/prefill/decode split using --mm-tensor-ipc "
               "torch_shm). Other processors always run on the CPU.",
            zh="Hugging Face 快速处理器变换图像和视频所在的设备：'cpu'；或 'auto'，仅在编码器、预填充、"
               "解码分离部署中、且 --mm-tensor-ipc 为 torch_shm 的编码器实例上使用加速设备。"
               "其他处理器始终在 CPU 上运行。",
        ),
    )] = 'auto'

    mm_ipc_gpu_memory_gb: Annotated[float, Arg(
        '--mm-ipc-gpu-memory-gb',
        help=Text(
            en="GiB of device memory set aside, out of the KV cache budget, for multimodal work done on the device by "
               "the API server process (such as hardware video decoding). 0 reserves none.",
            zh="从 KV 缓存预算中划出的设备显存（GiB），供 API 服务进程在设备上处理多模态数据（如硬件视频解码）使用。"
               "0 表示不预留。",
        ),
    )] = 0

    mm_device_do_normalize: Annotated[bool | None, Arg(
        '--mm-device-do-normalize', negatable=True,
        help=Text(
            en="Do the image normalisation step on the device, just before the vision encoder, instead of on the CPU "
               "during preprocessing. Unset turns it on for models that support it (off with vLLM's Rust front end).",
            zh="把图像归一化步骤放到设备上、在视觉编码器之前执行，而不在 CPU 预处理阶段完成。"
               "不设置时对支持的模型开启（使用 vLLM 的 Rust 前端时关闭）。",
        ),
    )] = None
