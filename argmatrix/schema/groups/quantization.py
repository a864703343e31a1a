"""Quantization and data type: numeric precision of weights, activations and KV cache, and how models get quantized."""

from typing import Annotated, Literal

from ..choices import QuantizationMethod
from ..meta import Arg, Group, Text

GROUP = Group('quantization', Text(en='Quantization and data type', zh='量化与数据类型'))


class QuantizationArgs:

    dtype: Annotated[Literal['auto', 'half', 'float16', 'bfloat16', 'float', 'float32'], Arg(
        '--dtype',
        help=Text(
            en=(
                "Data type used for model weights and activations. 'auto' runs BF16 checkpoints in BF16 and FP16/FP32 "
                "checkpoints in FP16; 'half' is an alias of float16 and 'float' of float32."
            ),
            zh="模型权重与激活值的计算精度。auto 时 BF16 检查点保持 BF16，FP16/FP32 检查点按 FP16 运行；half 等同于 float16，float 等同于 float32。",
        ),
    )] = 'auto'

    quantization: Annotated[QuantizationMethod | None, Arg(
        '--quantization',
        help=Text(
            en=(
                "Weight quantization method to load the model with. Unset means no quantization unless the "
                "checkpoint's config declares one, which is then detected automatically. On Ascend use modelslim for "
                "msModelSlim-quantized weights."
            ),
            zh="加载模型时采用的权重量化方法。不设置时，若检查点配置中已声明量化方式则自动识别，否则不量化。昇腾上使用 modelslim 加载经 msModelSlim 量化的权重。",
        ),
    )] = None

    quantization_param_path: Annotated[str | None, Arg(
        '--quantization-param-path',
        help=Text(
            en=(
                "Path to a JSON file with the KV cache scaling factors. Supply it when the KV cache is stored in FP8; "
                "without it every scale is 1.0, which can hurt accuracy."
            ),
            zh="指向 KV 缓存缩放因子 JSON 文件的路径。KV 缓存以 FP8 存储时建议提供；缺省时所有缩放因子都按 1.0 处理，精度可能受损。",
        ),
    )] = None

    kv_cache_dtype: Annotated[Literal['auto', 'fp8_e5m2', 'fp8_e4m3', 'bf16', 'bfloat16', 'fp4_e2m1', 'fp4_mx_block16', 'mxfp8', 'nvfp4'], Arg(
        '--kv-cache-dtype',
        help=Text(
            en=(
                "Data type for storing the KV cache. 'auto' follows the model dtype; bf16/bfloat16 force BF16; "
                "fp8_e5m2 and fp8_e4m3 halve KV memory (CUDA 11.8+); fp4_e2m1 (MXFP4) needs CUDA 12.8+ and PyTorch "
                "2.8+."
            ),
            zh=(
                "KV 缓存的存储数据类型。auto 与模型精度一致；bf16/bfloat16 强制使用 BF16；fp8_e5m2、fp8_e4m3 可将 KV 显存减半（需 CUDA 11.8+）；"
                "fp4_e2m1（MXFP4）需 CUDA 12.8+ 与 PyTorch 2.8+。"
            ),
        ),
    )] = 'auto'

    prefill_kv_cache_dequant_dtype: Annotated[Literal['auto', 'nvfp4', 'fp8_e4m3'], Arg(
        '--prefill-kv-cache-dequant-dtype',
        help=Text(
            en=(
                "With an NVFP4 KV cache, the form in which prefill attention reads it: 'nvfp4' reads the packed cache "
                "as it is, 'fp8_e4m3' first dequantizes it into a temporary FP8 buffer. The stored cache is unchanged. "
                "'auto' uses nvfp4 on SM100 and fp8_e4m3 elsewhere."
            ),
            zh="KV 缓存为 NVFP4 时，预填充注意力读取它的形式：nvfp4 直接读取打包的缓存；fp8_e4m3 先反量化到临时的 FP8 缓冲区。存储的缓存格式不变。auto 在 SM100 上选 nvfp4，其余选 fp8_e4m3。",
        ),
    )] = 'auto'

    qsa_indexer_dtype: Annotated[Literal['auto', 'bfloat16', 'fp8_e4m3'], Arg(
        '--qsa-indexer-dtype',
        help=Text(
            en=(
                "Storage type of the compressed QSA indexer cache and index queries of Qwen4-Exp models: bfloat16, or "
                "fp8_e4m3, which scores blocks with FP8 GEMMs (CUDA SM90 and newer). The main KV cache is not "
                "affected."
            ),
            zh="Qwen4-Exp 模型中压缩 QSA 索引器缓存与索引查询的存储类型：bfloat16，或 fp8_e4m3（用 FP8 矩阵乘为各块打分，需 CUDA SM90 及以上）。主 KV 缓存不受影响。",
        ),
    )] = 'auto'

    enable_fp32_lm_head: Annotated[bool, Arg(
        '--enable-fp32-lm-head',
        help=Text(
            en=(
                "Compute the LM head in FP32 so the output logits are FP32 instead of the model dtype. Improves the "
                "numerical precision of sampling and log-probabilities at a small speed and memory cost."
            ),
            zh="以 FP32 计算输出层（lm_head），使输出的 logits 为 FP32 而非模型精度。可提升采样与对数概率的数值精度，但会带来少量速度和显存开销。",
        ),
    )] = False

    modelopt_quant: Annotated[str | None, Arg(
        '--modelopt-quant',
        help=Text(
            en=(
                "Quantize the model at load time with NVIDIA Model Optimizer, e.g. fp8, int4_awq, w4a8_awq, nvfp4 or "
                "nvfp4_awq. Requires the nvidia-modelopt package; unset disables ModelOpt quantization."
            ),
            zh=(
                "加载时使用 NVIDIA Model Optimizer 对模型进行量化，可选 fp8、int4_awq、w4a8_awq、nvfp4、nvfp4_awq 等。需安装 nvidia-modelopt；"
                "不设置则不做 ModelOpt 量化。"
            ),
        ),
    )] = None

    modelopt_checkpoint_restore_path: Annotated[str | None, Arg(
        '--modelopt-checkpoint-restore-path',
        help=Text(
            en=(
                "Path of a ModelOpt-quantized checkpoint saved by an earlier run. When given, quantization is skipped "
                "and the model is restored from this checkpoint."
            ),
            zh="此前运行保存的 ModelOpt 量化检查点路径。设置后跳过量化过程，直接从该检查点恢复模型。",
        ),
    )] = None

    modelopt_checkpoint_save_path: Annotated[str | None, Arg(
        '--modelopt-checkpoint-save-path',
        help=Text(
            en=(
                "Where to save the ModelOpt-quantized checkpoint after quantizing, so later runs can restore it with "
                "--modelopt-checkpoint-restore-path instead of quantizing again."
            ),
            zh="ModelOpt 量化完成后保存检查点的位置；之后的启动可通过 --modelopt-checkpoint-restore-path 直接恢复，无需重新量化。",
        ),
    )] = None

    modelopt_export_path: Annotated[str | None, Arg(
        '--modelopt-export-path',
        help=Text(
            en=(
                "Directory to export the ModelOpt-quantized model to, in Hugging Face format, ready to be served by "
                "SGLang directly. Unset means the model is not exported."
            ),
            zh="将 ModelOpt 量化后的模型以 Hugging Face 格式导出的目录，导出结果可直接由 SGLang 加载服务。不设置则不导出。",
        ),
    )] = None

    quantize_and_serve: Annotated[bool, Arg(
        '--quantize-and-serve',
        help=Text(
            en=(
                "Quantize the model with ModelOpt at startup and serve it right away without exporting it. Handy for "
                "experiments; for production, quantize and export first, then deploy the exported model."
            ),
            zh="启动时用 ModelOpt 量化模型并立即对外服务，不导出量化结果。适合开发试验；生产环境建议先量化并导出，再部署导出的模型。",
        ),
    )] = False

    rl_quant_profile: Annotated[str | None, Arg(
        '--rl-quant-profile',
        help=Text(
            en=(
                "Path to the FlashRL quantization profile used for online-quantized RL rollouts. Required when "
                "--load-format is flash_rl."
            ),
            zh="FlashRL 量化配置文件的路径，用于强化学习采样生成阶段的在线量化。--load-format 为 flash_rl 时必须提供。",
        ),
    )] = None

    enable_w4a4_mxfp4_megamoe: Annotated[bool, Arg(
        '--enable-w4a4-mxfp4-megamoe',
        help=Text(
            en=(
                "Run MoE layers through the MegaMoE path with both weights and activations in MXFP4 (DeepGEMM's "
                "MXFP4 x MXFP4 kernels). Use together with --moe-a2a-backend megamoe."
            ),
            zh="让 MoE 层走 MegaMoE 路径，权重与激活均为 MXFP4（DeepGEMM 的 MXFP4 × MXFP4 算子）。需配合 --moe-a2a-backend megamoe 使用。",
        ),
    )] = False
