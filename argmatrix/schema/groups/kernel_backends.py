"""Kernel backends: which kernel implementations run attention, sampling, grammar-constrained decoding and FP8 GEMMs."""

from typing import Annotated, Literal

from ..choices import AttentionBackend
from ..meta import Arg, Group, Text
from ..types import StrList

GROUP = Group('kernel_backends', Text(en='Kernel Backends (Attention, Sampling, Grammar, GEMM)', zh='算子后端（注意力、采样、语法约束、GEMM）'))


class KernelBackendsArgs:

    attention_backend: Annotated[AttentionBackend | None, Arg(
        '--attention-backend',
        help=Text(
            en=(
                "Kernel implementation for attention layers. Unset picks one that suits the hardware and model (ascend "
                "on Ascend NPUs); --prefill-attention-backend and --decode-attention-backend override it per phase."
            ),
            zh="注意力层使用的算子实现。不设置时按硬件与模型自动选择（昇腾 NPU 上为 ascend）；预填充、解码阶段可分别用 --prefill-attention-backend、--decode-attention-backend 覆盖。",
        ),
    )] = None

    prefill_attention_backend: Annotated[AttentionBackend | None, Arg(
        '--prefill-attention-backend',
        help=Text(
            en=(
                "Attention kernel used only for the prefill (extend) phase, taking priority over --attention-backend. "
                "Unset falls back to --attention-backend."
            ),
            zh="仅用于预填充阶段的注意力算子，优先于 --attention-backend；不设置时沿用通用设置。",
        ),
    )] = None

    decode_attention_backend: Annotated[AttentionBackend | None, Arg(
        '--decode-attention-backend',
        help=Text(
            en=(
                "Attention kernel used only for the decode phase, taking priority over --attention-backend. Unset "
                "falls back to --attention-backend."
            ),
            zh="仅用于解码阶段的注意力算子，优先于 --attention-backend；不设置时沿用通用设置。",
        ),
    )] = None

    sampling_backend: Annotated[Literal['flashinfer', 'pytorch', 'ascend', 'intel_xpu'] | None, Arg(
        '--sampling-backend',
        help=Text(
            en=(
                "Kernels used for token sampling (top-k, top-p and similar). Unset uses flashinfer when available and "
                "pytorch otherwise; Ascend NPUs use ascend."
            ),
            zh="token 采样（top-k、top-p 等）使用的算子后端。不设置时有 flashinfer 则用之，否则用 pytorch；昇腾 NPU 上使用 ascend。",
        ),
    )] = None

    grammar_backend: Annotated[Literal['xgrammar', 'outlines', 'llguidance', 'none'] | None, Arg(
        '--grammar-backend',
        help=Text(
            en=(
                "Engine for grammar-constrained decoding (output that must follow a JSON schema, regex or EBNF "
                "grammar): xgrammar, outlines or llguidance; 'none' disables structured output. Unset uses xgrammar."
            ),
            zh=(
                "约束解码（按 JSON Schema、正则或 EBNF 语法生成结构化输出）所用的语法引擎：xgrammar、outlines 或 llguidance；none 表示关闭结构化输出。不设置时使用 "
                "xgrammar。"
            ),
        ),
    )] = None

    mm_attention_backend: Annotated[Literal['sdpa', 'fa3', 'fa4', 'triton_attn', 'ascend_attn', 'aiter_attn', 'amx_attn', 'flashinfer_cudnn', 'xpu_attn'] | None, Arg(
        '--mm-attention-backend',
        help=Text(
            en=(
                "Attention kernel for the multimodal encoder, e.g. the vision transformer of a VLM. Unset chooses "
                "automatically; Ascend NPUs use ascend_attn."
            ),
            zh="多模态编码器（如视觉语言模型中的 ViT）使用的注意力算子。不设置时自动选择；昇腾 NPU 上使用 ascend_attn。",
        ),
    )] = None

    image_processor_backend: Annotated[Literal['auto', 'torchvision', 'pil'], Arg(
        '--image-processor-backend',
        help=Text(
            en=(
                "Library the Hugging Face image processor uses to preprocess images: torchvision (the fast "
                "processor) or pil (the slower standard one). 'auto' lets Transformers pick the best one available."
            ),
            zh="Hugging Face 图像处理器预处理图片时使用的库：torchvision（快速处理器）或 pil（较慢的标准处理器）。auto 由 Transformers 自行选择可用的最佳实现。",
        ),
    )] = 'auto'

    nsa_prefill_backend: Annotated[Literal['flashmla_sparse', 'flashmla_decode', 'fa3', 'tilelang', 'aiter', 'flashinfer_sparse_mla', 'flashmla_auto', 'flashmla_kv', 'flashmla_sparse_q8', 'trtllm'], Arg(
        '--nsa-prefill-backend',
        help=Text(
            en=(
                "Sparse-attention (NSA/DSA) kernel for the prefill phase of DeepSeek V3.2-style models; overrides "
                "--attention-backend for those layers."
            ),
            zh="DeepSeek V3.2 类模型的稀疏注意力（NSA/DSA）在预填充阶段使用的算子，对这类注意力层会覆盖 --attention-backend。",
        ),
    )] = 'flashmla_sparse'

    nsa_decode_backend: Annotated[Literal['flashmla_prefill', 'flashmla_kv', 'fa3', 'tilelang', 'aiter', 'flashinfer_sparse_mla', 'flashmla_auto', 'flashmla_sparse', 'flashmla_sparse_q8', 'trtllm'], Arg(
        '--nsa-decode-backend',
        help=Text(
            en=(
                "Sparse-attention (NSA/DSA) kernel for the decode phase of DeepSeek V3.2-style models; overrides "
                "--attention-backend when decoding."
            ),
            zh="DeepSeek V3.2 类模型的稀疏注意力（NSA/DSA）在解码阶段使用的算子，解码时覆盖 --attention-backend。",
        ),
    )] = 'fa3'

    dsa_prefill_backend: Annotated[Literal['flashmla_sparse', 'flashmla_sparse_q8', 'flashmla_kv', 'flashmla_auto', 'flashinfer_sparse_mla', 'triton_sparse_mla', 'fa3', 'tilelang', 'triton', 'aiter', 'trtllm', 'intel_xpu'] | None, Arg(
        '--dsa-prefill-backend',
        help=Text(
            en=(
                "Kernel for the prefill phase of DeepSeek sparse attention (DSA, DeepSeek V3.2-style models); the "
                "successor of --nsa-prefill-backend. Unset picks one from the hardware and --kv-cache-dtype."
            ),
            zh="DeepSeek 稀疏注意力（DSA，DeepSeek V3.2 类模型）在预填充阶段使用的算子，取代 --nsa-prefill-backend。不设置时根据硬件与 --kv-cache-dtype 自动选择。",
        ),
    )] = None

    dsa_decode_backend: Annotated[Literal['flashmla_sparse', 'flashmla_sparse_q8', 'flashmla_kv', 'flashmla_auto', 'flashinfer_sparse_mla', 'fa3', 'tilelang', 'triton', 'aiter', 'trtllm', 'intel_xpu'] | None, Arg(
        '--dsa-decode-backend',
        help=Text(
            en=(
                "Kernel for the decode phase of DeepSeek sparse attention (DSA); the successor of "
                "--nsa-decode-backend. Unset picks one from the hardware and --kv-cache-dtype."
            ),
            zh="DeepSeek 稀疏注意力（DSA）在解码阶段使用的算子，取代 --nsa-decode-backend。不设置时根据硬件与 --kv-cache-dtype 自动选择。",
        ),
    )] = None

    dsa_paged_mqa_logits_backend: Annotated[Literal['auto', 'deepgemm', 'cutedsl', 'aiter'], Arg(
        '--dsa-paged-mqa-logits-backend',
        help=Text(
            en=(
                "Kernel that computes the DSA indexer's paged MQA logits: deepgemm, cutedsl (Blackwell SM100 only; "
                "fastest at small batches with long contexts) or aiter (ROCm only). 'auto' uses DeepGEMM on CUDA and "
                "aiter on ROCm."
            ),
            zh="DSA 索引器计算分页 MQA logits 所用的算子：deepgemm、cutedsl（仅 Blackwell SM100，在小批量、长上下文时最快）或 aiter（仅 ROCm）。auto 在 CUDA 上用 DeepGEMM，在 ROCm 上用 aiter。",
        ),
    )] = 'auto'

    dsa_topk_backend: Annotated[Literal['sgl-kernel', 'torch', 'flashinfer'], Arg(
        '--dsa-topk-backend',
        help=Text(
            en=(
                "Implementation of the DSA indexer's top-k selection for the target model: sgl-kernel, flashinfer, or "
                "plain PyTorch ('torch', which needs the environment variable SGLANG_DSA_FUSE_TOPK=false)."
            ),
            zh="目标模型中 DSA 索引器 top-k 选择的实现：sgl-kernel、flashinfer，或纯 PyTorch 的 torch（需设置环境变量 SGLANG_DSA_FUSE_TOPK=false）。",
        ),
    )] = 'sgl-kernel'

    dsa_triton_union: Annotated[Literal[0, 2, 4], Arg(
        '--dsa-triton-union',
        help=Text(
            en=(
                "With --dsa-prefill-backend triton_sparse_mla: let groups of 2 or 4 neighbouring query tokens share "
                "one gathered index set, which saves memory traffic without changing the result. 0 turns this off."
            ),
            zh="配合 --dsa-prefill-backend triton_sparse_mla 使用：让相邻的 2 个或 4 个查询 token 共用一次收集的索引集合，在结果不变的前提下减少访存。0 表示关闭。",
        ),
    )] = 0

    enable_dsa_fused_indexer: Annotated[bool | None, Arg(
        '--enable-dsa-fused-indexer',
        help=Text(
            en=(
                "Run the DSA indexer's decode step as a short chain of fused kernels instead of the standard sequence "
                "of aiter/torch kernels. Unset uses it wherever it is supported (AMD MI355X/gfx950 with aiter and an "
                "FP8 index cache); --no-enable-dsa-fused-indexer forces the standard path."
            ),
            zh="DSA 索引器的解码步骤改用少量融合算子完成，而不是标准的一串 aiter/torch 算子。不设置时在支持的环境（AMD MI355X/gfx950、aiter 及 FP8 索引缓存）上自动启用；--no-enable-dsa-fused-indexer 可强制走标准路径。",
        ),
    )] = None

    dsv4_attn_backend: Annotated[Literal['auto', 'flashmla', 'flashmla_mega', 'trtllm'], Arg(
        '--dsv4-attn-backend',
        help=Text(
            en=(
                "Attention kernel for DeepSeek-V4, used for both prefill and decode: flashmla, flashmla_mega "
                "(fused kernel for DeepSeek-V4.1 on SM100/SM103) or trtllm (SM100/SM103 with an FP8 KV cache). 'auto' "
                "chooses flashmla_mega where it is supported, flashmla otherwise."
            ),
            zh="DeepSeek-V4 的注意力算子，预填充与解码共用：flashmla、flashmla_mega（面向 SM100/SM103 上 DeepSeek-V4.1 的融合算子）或 trtllm（SM100/SM103，需 FP8 KV 缓存）。auto 在支持时选 flashmla_mega，否则选 flashmla。",
        ),
    )] = 'auto'

    dsv4_prefill_backend: Annotated[Literal['auto', 'flashmla_sparse', 'flashmla_sparse_q8'], Arg(
        '--dsv4-prefill-backend',
        help=Text(
            en=(
                "Sparse prefill path of DeepSeek-V4: 'auto' and 'flashmla_sparse' use the BF16 path, "
                "'flashmla_sparse_q8' the 8-bit (Q8KV8) one."
            ),
            zh="DeepSeek-V4 的稀疏预填充路径：auto 与 flashmla_sparse 走 BF16 路径，flashmla_sparse_q8 走 8 位（Q8KV8）路径。",
        ),
    )] = 'auto'

    enable_lean_attention: Annotated[bool | None, Arg(
        '--enable-lean-attention',
        help=Text(
            en=(
                "Use the Lean (work-centric) decode kernel of the Triton attention backend, which spreads long "
                "contexts evenly over the GPU. Unset turns it on automatically for long contexts only; the flag "
                "forces it on. Deterministic inference always uses the standard kernel."
            ),
            zh="使用 Triton 注意力后端的 Lean（以工作量为中心）解码算子，把长上下文的计算均匀分摊到整个设备。不设置时只对长上下文自动启用；给出该参数则强制启用。确定性推理始终使用标准算子。",
        ),
    )] = None

    fp8_gemm_backend: Annotated[Literal['auto', 'deep_gemm', 'flashinfer_trtllm', 'flashinfer_cutlass', 'flashinfer_deepgemm', 'cutlass', 'triton', 'aiter', 'flashinfer_cutedsl'], Arg(
        '--fp8-gemm-backend',
        help=Text(
            en=(
                "Runner for block-wise FP8 matrix multiplications. 'auto' chooses by GPU; alternatives are deep_gemm "
                "(Hopper/Blackwell), cutlass, the flashinfer_* variants, triton as a portable fallback and aiter on "
                "ROCm."
            ),
            zh=(
                "分块 FP8 矩阵乘的执行后端。auto 按 GPU 型号自动选择；也可指定 deep_gemm（Hopper、Blackwell）、cutlass、flashinfer_* 系列、通用兜底的 "
                "triton，以及仅限 ROCm 的 aiter。"
            ),
        ),
    )] = 'auto'

    fp4_gemm_runner_backend: Annotated[Literal['auto', 'flashinfer_cudnn', 'flashinfer_cutedsl', 'flashinfer_cutlass', 'flashinfer_trtllm', 'marlin', 'cutlass'], Arg(
        '--fp4-gemm-backend',
        help=Text(
            en=(
                "Runner for NVFP4 matrix multiplications: the FlashInfer cudnn, cutedsl, cutlass or trtllm kernels, or "
                "marlin (weight-only fallback for SM80 and newer). 'auto' picks flashinfer_cutedsl on SM100, marlin "
                "on SM80-SM90 and flashinfer_cutlass elsewhere."
            ),
            zh="NVFP4 矩阵乘的执行后端：FlashInfer 的 cudnn、cutedsl、cutlass、trtllm 算子，或 marlin（面向 SM80 及以上的仅权重量化兜底实现）。auto 在 SM100 上选 flashinfer_cutedsl，在 SM80 到 SM90 上选 marlin，其余选 flashinfer_cutlass。",
        ),
    )] = 'auto'

    bf16_gemm_backend: Annotated[Literal['auto', 'cutedsl', 'gemv', 'torch'], Arg(
        '--bf16-gemm-backend',
        help=Text(
            en=(
                "Kernels for unquantized BF16 matrix multiplications: torch (cuBLAS through PyTorch), cutedsl "
                "(SGLang's CuTe DSL kernels for SM10x GPUs) or gemv (a matrix-vector kernel for Hopper). 'auto' uses "
                "cutedsl on SM10x, except under deterministic inference, and torch elsewhere."
            ),
            zh="未量化 BF16 矩阵乘所用的算子：torch（经 PyTorch 调用 cuBLAS）、cutedsl（SGLang 面向 SM10x GPU 的 CuTe DSL 算子）或 gemv（面向 Hopper 的矩阵-向量算子）。auto 在 SM10x 上用 cutedsl（确定性推理除外），其余情况用 torch。",
        ),
    )] = 'auto'

    disable_flashinfer_autotune: Annotated[bool, Arg(
        '--disable-flashinfer-autotune',
        help=Text(
            en=(
                "Skip FlashInfer's kernel autotuning, which otherwise runs at startup. Startup is faster, but kernels "
                "may run slower than the tuned choice."
            ),
            zh="跳过启动时默认执行的 FlashInfer 算子自动调优。启动更快，但算子性能可能不及调优后的结果。",
        ),
    )] = False

    flashinfer_autotune_skip_ops: Annotated[StrList | None, Arg(
        '--flashinfer-autotune-skip-ops',
        help=Text(
            en=(
                "FlashInfer custom operations to leave out of autotuning, by their identifiers; those operations use "
                "FlashInfer's heuristic choice instead. Unset tunes every operation."
            ),
            zh="按标识符列出不参与自动调优的 FlashInfer 自定义算子，这些算子改用 FlashInfer 的启发式选择。不设置时全部参与调优。",
        ),
    )] = None

    flashinfer_allreduce_fusion_backend: Annotated[Literal['auto', 'trtllm', 'mnnvl', 'cutedsl'] | None, Arg(
        '--flashinfer-allreduce-fusion-backend',
        help=Text(
            en=(
                "Turn on FlashInfer's fusion of all-reduce with residual add and RMSNorm (SM90/SM10x GPUs, supported "
                "MoE models) and choose its kernel: trtllm (single node), mnnvl (MNNVL fabric, also multi-node on "
                "Blackwell), cutedsl (Blackwell BF16), or auto. Unset lets SGLang decide per model."
            ),
            zh="开启 FlashInfer 将 all-reduce 与残差相加、RMSNorm 融合的功能（SM90/SM10x GPU，限支持的 MoE 模型），并选择其算子：trtllm（单节点）、mnnvl（经 MNNVL 互联，Blackwell 上也支持多节点）、cutedsl（Blackwell BF16）或 auto。不设置时由 SGLang 按模型决定。",
        ),
    )] = None

    dcp_comm_backend: Annotated[Literal['ag_rs', 'a2a', 'fi_a2a'] | None, Arg(
        '--dcp-comm-backend',
        help=Text(
            en=(
                "How decode context parallelism (DCP) combines partial attention results: ag_rs (all-gather then "
                "reduce-scatter), a2a (one all-to-all of outputs and log-sum-exp values, then a local merge) or fi_a2a "
                "(FlashInfer MNNVL all-to-all; Blackwell, DCP group inside one MNNVL domain). Unset picks fi_a2a where "
                "possible, else a2a on CUDA/ROCm/XPU, else ag_rs."
            ),
            zh="解码上下文并行（DCP）合并各 rank 部分注意力结果的方式：ag_rs（先 all-gather 再 reduce-scatter）、a2a（一次 all-to-all 交换输出与 log-sum-exp，再在本地合并）或 fi_a2a（FlashInfer MNNVL all-to-all，需 Blackwell 且 DCP 组位于同一 MNNVL 域内）。不设置时能用 fi_a2a 则用之，否则在 CUDA/ROCm/XPU 上用 a2a，其余用 ag_rs。",
        ),
    )] = None

    radix_cache_backend: Annotated[str | None, Arg(
        '--radix-cache-backend',
        help=Text(
            en=(
                "Name of a prefix (radix) cache implementation registered by a plugin through "
                "register_radix_cache_backend, e.g. flexkv. Unset uses SGLang's built-in choice of cache."
            ),
            zh="由插件通过 register_radix_cache_backend 注册的前缀缓存（基数树）实现的名称，例如 flexkv。不设置时使用 SGLang 内置的缓存选择逻辑。",
        ),
    )] = None

    ple_offload_backend: Annotated[Literal['pinned', 'file'], Arg(
        '--ple-offload-backend',
        help=Text(
            en=(
                "Where the offloaded Qwen4 PLE n-gram embedding table lives: 'pinned' in pinned host memory, 'file' "
                "in a sparse file under --ple-offload-dir that the GPU reads directly (for unified-memory machines "
                "such as GB10/DGX Spark, where pinned memory competes with the weights)."
            ),
            zh="卸载后的 Qwen4 PLE n-gram 嵌入表的存放位置：pinned 为主机锁页内存；file 为 --ple-offload-dir 下的稀疏文件，由 GPU 直接读取（适用于 GB10/DGX Spark 等统一内存设备，因为那里锁页内存会与模型权重争用同一内存池）。",
        ),
    )] = 'pinned'

    enable_nvidia_megakernel: Annotated[bool, Arg(
        '--enable-nvidia-megakernel',
        help=Text(
            en=(
                "Run supported decode and verify steps with the fused NVIDIA megakernel from the sgl-nvidia-mega "
                "package; other steps use the normal forward pass. Startup fails with the reasons if the "
                "configuration is not supported. Experimental."
            ),
            zh="对支持的解码与验证步骤改用 sgl-nvidia-mega 包提供的 NVIDIA 融合大算子，其余步骤仍走常规前向计算。配置不受支持时启动会失败并列出原因。属实验特性。",
        ),
    )] = False

    enable_amd_monokernel: Annotated[bool, Arg(
        '--enable-amd-monokernel',
        help=Text(
            en=(
                "Run supported decode and verify steps with the persistent AMD monokernels from the sgl-amd-mono "
                "package; other steps use the normal forward pass. Startup fails with the reasons if the "
                "configuration is not supported. Experimental."
            ),
            zh="对支持的解码与验证步骤改用 sgl-amd-mono 包提供的 AMD 常驻式单体算子，其余步骤仍走常规前向计算。配置不受支持时启动会失败并列出原因。属实验特性。",
        ),
    )] = False

    monokernel_backend: Annotated[Literal['amd'] | None, Arg(
        '--monokernel-backend',
        help=Text(
            en=(
                "Old spelling: --monokernel-backend amd is the same as --enable-amd-monokernel (amd was its only "
                "value). Still accepted with a warning."
            ),
            zh="旧写法：--monokernel-backend amd 等同于 --enable-amd-monokernel（amd 是它唯一的取值）。目前仍可使用，但会给出警告。",
        ),
    )] = None
