"""vLLM's LoRA flags (its LoRAConfig): turning LoRA adapter serving on, how many adapters share a batch
and stay cached, their largest rank and data type, and options for multimodal and MoE adapters. The
adapters loaded at start-up are named with `--lora-modules` (API server group).
"""

from typing import Annotated, Literal

from ...meta import Arg, Group, Text
from ...types import JsonObject

GROUP = Group('vllm_lora', Text(en='LoRA adapters', zh='LoRA 适配器'))


class LoraArgs:

    enable_lora: Annotated[bool | None, Arg(
        '--enable-lora', negatable=True,
        help=Text(
            en="Serve LoRA adapters on top of the base model (loaded with --lora-modules or at run time through the "
               "API). Unset means off.",
            zh="在基础模型之上提供 LoRA 适配器服务（通过 --lora-modules 或运行时经 API 加载）。不设置即关闭。",
        ),
    )] = None

    max_loras: Annotated[int, Arg(
        '--max-loras',
        help=Text(
            en="Most different LoRA adapters used within one batch; the counterpart of SGLang's --max-loras-per-batch.",
            zh="同一批次中最多同时使用的不同 LoRA 适配器数；对应 SGLang 的 --max-loras-per-batch。",
        ),
    )] = 1

    max_lora_rank: Annotated[Literal[1, 8, 16, 32, 64, 128, 256, 320, 512], Arg(
        '--max-lora-rank',
        help=Text(
            en="Largest LoRA rank any adapter may have (1, 8, 16, 32, 64, 128, 256, 320 or 512); memory for adapters "
               "is reserved at this rank, so keep it no higher than needed.",
            zh="适配器允许的最大 LoRA 秩（1、8、16、32、64、128、256、320 或 512）；适配器显存按此秩预留，"
               "因此不宜设得过高。",
        ),
    )] = 16

    lora_dtype: Annotated[Literal['auto', 'bfloat16', 'float16'], Arg(
        '--lora-dtype',
        help=Text(
            en="Data type of the LoRA weights: 'float16', 'bfloat16', or 'auto' (the base model's).",
            zh="LoRA 权重的数据类型：'float16'、'bfloat16'，或 'auto'（与基础模型相同）。",
        ),
    )] = 'auto'

    enable_tower_connector_lora: Annotated[bool, Arg(
        '--enable-tower-connector-lora', negatable=True,
        help=Text(
            en="Experimental: also apply LoRA to the vision encoder (tower) and the connector of multimodal models; "
               "only some models, such as the Qwen VL series.",
            zh="实验特性：对多模态模型的视觉编码器（即 `tower`）和连接层也应用 LoRA；仅部分模型支持，"
               "例如 Qwen VL 系列。",
        ),
    )] = False

    max_cpu_loras: Annotated[int | None, Arg(
        '--max-cpu-loras',
        help=Text(
            en="Most LoRA adapters kept in CPU memory, ready to be moved to the device; at least --max-loras. Unset "
               "equals --max-loras.",
            zh="在 CPU 内存中缓存、可随时换入设备的 LoRA 适配器上限，不得小于 --max-loras。不设置时等于 --max-loras。",
        ),
    )] = None

    fully_sharded_loras: Annotated[bool, Arg(
        '--fully-sharded-loras', negatable=True,
        help=Text(
            en="Shard all of the LoRA computation over the tensor parallel ranks instead of half of it; faster with "
               "long sequences, high ranks or large tensor parallel sizes.",
            zh="把 LoRA 计算全部按张量并行切分，而不是只切分一半；在长序列、高秩或较大张量并行规模下通常更快。",
        ),
    )] = False

    lora_target_modules: Annotated[list[str] | None, Arg(
        '--lora-target-modules',
        help=Text(
            en="Apply LoRA only to modules whose names end in these suffixes (e.g. o_proj qkv_proj). Unset uses every "
               "module that supports LoRA.",
            zh="只对名称以这些后缀结尾的模块应用 LoRA（例如 `o_proj` `qkv_proj`）。"
               "不设置时作用于所有支持 LoRA 的模块。",
        ),
    )] = None

    default_mm_loras: Annotated[JsonObject | None, Arg(
        '--default-mm-loras',
        help=Text(
            en="JSON object mapping a modality to the LoRA adapter path applied whenever a request contains that "
               "modality, e.g. '{\"audio\": \"/path/to/speech-lora\"}', for models that expect one. Not applied when "
               "a request has several such modalities.",
            zh="把模态映射到 LoRA 适配器路径的 JSON 对象，请求包含该模态时自动应用对应适配器，"
               "例如 '{\"audio\": \"/path/to/speech-lora\"}'，用于需要这类适配器的模型。"
               "请求包含多种这样的模态时不应用。",
        ),
    )] = None

    specialize_active_lora: Annotated[bool, Arg(
        '--specialize-active-lora', negatable=True,
        help=Text(
            en="Capture separate CUDA graphs for each number of active adapters (powers of 2 up to --max-loras): "
               "faster with varying adapter use, slower start and more memory.",
            zh="按活跃适配器个数（2 的幂，直到 --max-loras）分别捕获 CUDA Graph：适配器使用情况多变时更快，但启动更慢、"
               "占用更多显存。",
        ),
    )] = False

    enable_mixed_moe_lora_format: Annotated[bool, Arg(
        '--enable-mixed-moe-lora-format', negatable=True,
        help=Text(
            en="For MoE models, use the general 2D MoE LoRA wrapper whatever the model's weight layout, so adapters "
               "in 2D and 3D formats can be served together. Ignored for other models.",
            zh="对 MoE 模型，无论其权重布局如何都使用通用的二维 MoE LoRA 封装，使二维和三维格式的适配器可以同时服务。"
               "对其他模型无效。",
        ),
    )] = False

    enable_moe_shared_loras: Annotated[bool, Arg(
        '--enable-moe-shared-loras', negatable=True,
        help=Text(
            en="For MoE models, load expert adapters in the shared layout, in which the gate/up LoRA A and the down "
               "LoRA B matrices are stored once for all experts. Ignored for other adapters.",
            zh="对 MoE 模型，以共享布局加载专家适配器：门控/上投影的 LoRA A 矩阵与下投影的 LoRA B 矩阵只为所有专家存储"
               "一份。对其他适配器无效。",
        ),
    )] = False

    max_lora_cls_labels: Annotated[int | None, Arg(
        '--max-lora-cls-labels',
        help=Text(
            en="Largest output size of the classification heads that LoRA adapters bring. Unset uses the base model's "
               "classification head size.",
            zh="LoRA 适配器自带分类头的最大输出维度。不设置时与基础模型分类头的大小相同。",
        ),
    )] = None
