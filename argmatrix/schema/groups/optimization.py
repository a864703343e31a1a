"""Optimization and debugging: graph capture, compilation, overlap, communication kernels and debug aids."""

from typing import Annotated, Literal

from ..meta import Arg, Group, Text
from ..types import Fraction, IntList, JsonObject, NonNegInt, PositiveHumanInt, PositiveInt

GROUP = Group('optimization', Text(en='Optimization/debug options', zh='优化/调试选项'))


class OptimizationArgs:

    disable_radix_cache: Annotated[bool, Arg(
        '--disable-radix-cache',
        help=Text(
            en="Turn off the radix-tree prefix cache (RadixAttention): prompt prefixes shared between requests are "
               "no longer reused, so every prompt is computed in full.",
            zh="关闭基于基数树的前缀缓存（RadixAttention）：请求之间相同的前缀不再复用，"
               "每个提示词都要完整计算。",
        ),
    )] = False

    cuda_graph_max_bs: Annotated[PositiveInt | None, Arg(
        '--cuda-graph-max-bs',
        help=Text(
            en="Largest batch size captured as a decode graph (CUDA graph on GPU, NPU graph on Ascend); bigger "
               "batches run eagerly. Unset picks a value from the hardware and memory size.",
            zh="解码阶段以图模式捕获的最大批大小（GPU 上为 CUDA Graph，昇腾上为 NPU 图），"
               "更大的批次以单算子方式执行。不设置时根据硬件与显存大小自动选取。",
        ),
    )] = None

    cuda_graph_bs: Annotated[IntList | None, Arg(
        '--cuda-graph-bs',
        help=Text(
            en="Exact list of batch sizes to capture as decode graphs, e.g. 1,2,4,8,16. Unset generates a list up "
               "to --cuda-graph-max-bs.",
            zh="显式给出要捕获解码图的批大小列表，例如 1,2,4,8,16。不设置时自动生成，"
               "上限为 --cuda-graph-max-bs。",
        ),
    )] = None

    cuda_graph_config: Annotated[JsonObject | None, Arg(
        '--cuda-graph-config',
        help=Text(
            en='Graph capture settings per phase as one JSON object, e.g. {"decode": {"backend": "full", "max_bs": '
               '256}, "prefill": {"backend": "breakable"}}. decode takes backend, max_bs and bs; prefill also takes '
               'max_seq_len, max_context_size, full_prefill_max_req and full_prefill_prefix_chunk_tokens. What it '
               'sets wins over the per-phase --cuda-graph-* flags.',
            zh='用一个 JSON 对象按阶段给出图捕获设置，例如 {"decode": {"backend": "full", "max_bs": 256}, '
               '"prefill": {"backend": "breakable"}}。decode 可设 backend、max_bs、bs；prefill 另可设 '
               'max_seq_len、max_context_size、full_prefill_max_req 与 full_prefill_prefix_chunk_tokens。'
               '这里写明的项优先于按阶段拆分的 --cuda-graph-* 参数。',
        ),
    )] = None

    cuda_graph_backend_decode: Annotated[Literal['full', 'breakable', 'disabled', 'tc_piecewise'] | None, Arg(
        '--cuda-graph-backend-decode',
        help=Text(
            en="Graph mode of the decode phase: 'full' replays one captured graph for the whole forward pass, "
               "'breakable' captures a graph that is split where some operations must run eagerly, 'disabled' "
               "decodes without graphs. Unset lets SGLang decide (normally full).",
            zh="解码阶段的图模式：full 对整个前向计算回放一张捕获好的图；breakable 捕获的图在必须单算子执行的"
               "操作处断开；disabled 表示解码不用图。不设置时由 SGLang 决定（通常为 full）。",
        ),
    )] = None

    cuda_graph_backend_prefill: Annotated[Literal['full', 'breakable', 'disabled', 'tc_piecewise'] | None, Arg(
        '--cuda-graph-backend-prefill',
        help=Text(
            en="Graph mode of the prefill (extend) phase: 'breakable', 'full' (experimental: one graph per token "
               "bucket) or 'disabled'. Unset means breakable on CUDA GPUs and disabled elsewhere, unless the model "
               "or other flags change it.",
            zh="预填充阶段的图模式：breakable、full（实验特性：每个 token 档位一张图）或 disabled。"
               "不设置时在 CUDA GPU 上为 breakable，其他硬件上为 disabled，模型或其他参数可能另行调整。",
        ),
    )] = None

    disable_decode_cuda_graph: Annotated[bool, Arg(
        '--disable-decode-cuda-graph',
        help=Text(
            en="Decode without graphs, every step run eagerly; a shorthand for --cuda-graph-backend-decode "
               "disabled, which wins when both are given.",
            zh="解码阶段不使用图，每一步都以单算子方式执行；是 --cuda-graph-backend-decode disabled 的简写，"
               "两者同时给出时以后者为准。",
        ),
    )] = False

    disable_prefill_cuda_graph: Annotated[bool, Arg(
        '--disable-prefill-cuda-graph',
        help=Text(
            en="Run prefill without graphs; a shorthand for --cuda-graph-backend-prefill disabled, which wins when "
               "both are given.",
            zh="预填充阶段不使用图；是 --cuda-graph-backend-prefill disabled 的简写，两者同时给出时以后者为准。",
        ),
    )] = False

    cuda_graph_max_bs_decode: Annotated[PositiveInt | None, Arg(
        '--cuda-graph-max-bs-decode',
        help=Text(
            en="Largest batch size captured as a decode graph; bigger decode batches run eagerly. Unset chooses it "
               "from the hardware and the memory available.",
            zh="解码图捕获的最大批大小，更大的解码批次改为单算子执行。不设置时按硬件与可用显存自动确定。",
        ),
    )] = None

    cuda_graph_bs_decode: Annotated[IntList | None, Arg(
        '--cuda-graph-bs-decode',
        help=Text(
            en="Exact batch sizes to capture decode graphs for, e.g. 1 2 4 8 16. Unset builds the list "
               "automatically, up to --cuda-graph-max-bs-decode.",
            zh="逐个列出要捕获解码图的批大小，例如 1 2 4 8 16。不设置时自动生成，上限为 "
               "--cuda-graph-max-bs-decode。",
        ),
    )] = None

    cuda_graph_max_bs_prefill: Annotated[PositiveInt | None, Arg(
        '--cuda-graph-max-bs-prefill',
        help=Text(
            en="Largest prefill size, counted in tokens, that runs through a captured prefill graph; larger "
               "prefill batches run eagerly. Unset derives it from the model and the chunked prefill size.",
            zh="能走预填充图的最大预填充规模（按 token 数计），更大的预填充批次改为单算子执行。"
               "不设置时根据模型与分块预填充大小推算。",
        ),
    )] = None

    cuda_graph_bs_prefill: Annotated[IntList | None, Arg(
        '--cuda-graph-bs-prefill',
        help=Text(
            en="Exact token counts to capture prefill graphs for; a batch is padded up to the next captured count. "
               "Unset builds the list automatically, up to --cuda-graph-max-bs-prefill.",
            zh="逐个列出要捕获预填充图的 token 数，批次会补齐到最近的已捕获档位。不设置时自动生成，上限为 "
               "--cuda-graph-max-bs-prefill。",
        ),
    )] = None

    cuda_graph_max_seq_len_prefill: Annotated[PositiveInt | None, Arg(
        '--cuda-graph-max-seq-len-prefill',
        help=Text(
            en="Longest single sequence a prefill graph accepts; a batch with a longer sequence is prefilled "
               "eagerly. Unset leaves the limit to the token buckets alone.",
            zh="预填充图可接受的单条序列最大长度；批次中只要有更长的序列，该批就以单算子方式预填充。"
               "不设置时只受 token 档位限制。",
        ),
    )] = None

    cuda_graph_prefill_max_context: Annotated[PositiveHumanInt | None, Arg(
        '--cuda-graph-prefill-max-context', '--context-bucket',
        help=Text(
            en="For DeepSeek-V4 prefill graphs (breakable or full): the context length their context-sized "
               "buffers are allocated for, e.g. 32k, instead of the model's maximum; requests with a longer "
               "context are prefilled eagerly. Saves memory when contexts are short.",
            zh="仅用于 DeepSeek-V4 的预填充图（breakable 或 full）：按此上下文长度（可写作 32k 等）而非模型最大长度"
               "分配与上下文长度相关的缓冲区，上下文更长的请求改为单算子预填充。上下文普遍较短时可节省显存。",
        ),
    )] = None

    debug_cuda_graph: Annotated[bool, Arg(
        '--debug-cuda-graph',
        help=Text(
            en="Debug graph problems: capture breakable graphs with a break after every operation, so everything "
               "runs eagerly while still going through the capture and replay code. Slow; for debugging only.",
            zh="用于排查图相关问题：以 breakable 图捕获，并在每个操作后断开，使全部操作以单算子方式执行，"
               "但仍经过捕获与回放的代码路径。速度很慢，仅供调试。",
        ),
    )] = False

    disable_cuda_graph: Annotated[bool, Arg(
        '--disable-cuda-graph',
        help=Text(
            en="Run every forward pass eagerly instead of replaying captured graphs (CUDA graphs / NPU graphs). "
               "Decoding gets slower, but startup is faster, memory use lower and debugging easier.",
            zh="不再回放捕获的图（CUDA Graph / NPU 图），所有前向计算都以单算子方式执行。解码会变慢，"
               "但启动更快、显存占用更少，也更便于调试。",
        ),
    )] = False

    disable_cuda_graph_padding: Annotated[bool, Arg(
        '--disable-cuda-graph-padding',
        help=Text(
            en="Use graphs only when a batch exactly matches a captured size; batches that would have to be padded "
               "up to a captured size run eagerly instead.",
            zh="只有批大小恰好等于某个已捕获尺寸时才走图模式；需要补齐到已捕获尺寸的批次改为单算子执行。",
        ),
    )] = False

    enable_profile_cuda_graph: Annotated[bool, Arg(
        '--enable-profile-cuda-graph',
        help=Text(
            en="Run the profiler while graphs are captured at startup and log a summary of where the capture time "
               "goes.",
            zh="启动阶段捕获图的同时运行性能分析器，并在日志中输出捕获过程的耗时汇总。",
        ),
    )] = False

    enable_cudagraph_gc: Annotated[bool, Arg(
        '--enable-cudagraph-gc',
        help=Text(
            en="Let Python garbage collection run while graphs are captured. By default GC is frozen during "
               "capture, which shortens startup.",
            zh="允许捕获图的过程中执行 Python 垃圾回收。默认会在捕获期间暂停 GC，以缩短启动时间。",
        ),
    )] = False

    enable_nccl_nvls: Annotated[bool, Arg(
        '--enable-nccl-nvls',
        help=Text(
            en="Use NCCL's NVLink SHARP (NVLS) algorithms for the collectives of prefill-heavy batches when the "
               "hardware supports them.",
            zh="在硬件支持时，为预填充占比大的批次使用 NCCL 的 NVLink SHARP（NVLS）集合通信算法。",
        ),
    )] = False

    enable_symm_mem: Annotated[bool, Arg(
        '--enable-symm-mem',
        help=Text(
            en="Use NCCL symmetric memory buffers to speed up collective communication.",
            zh="使用 NCCL 的对称内存缓冲区来加快集合通信。",
        ),
    )] = False

    disable_flashinfer_cutlass_moe_fp4_allgather: Annotated[bool, Arg(
        '--disable-flashinfer-cutlass-moe-fp4-allgather',
        help=Text(
            en="With the FlashInfer CUTLASS FP4 MoE kernels, do not quantize activations to FP4 before the "
               "all-gather; they are gathered in their original precision instead.",
            zh="使用 FlashInfer CUTLASS FP4 MoE 算子时，"
               "不在 all-gather 之前先把激活量化为 FP4，而是以原精度收集。",
        ),
    )] = False

    enable_tokenizer_batch_encode: Annotated[bool, Arg(
        '--enable-tokenizer-batch-encode',
        help=Text(
            en="Tokenize all texts of a batched request in one call, which is faster when there are many text "
               "inputs. Not for requests with images or with input_ids / input_embeds instead of text.",
            zh="对批量请求中的多段文本一次性分词，文本条数多时速度更快。不适用于含图像、"
               "或以 input_ids / input_embeds 代替文本的请求。",
        ),
    )] = False

    disable_tokenizer_batch_decode: Annotated[bool, Arg(
        '--disable-tokenizer-batch-decode',
        help=Text(
            en="Detokenize the outputs of multiple completions one at a time instead of in a single batched call.",
            zh="把多个生成结果逐条反分词为文本，而不是一次批量处理。",
        ),
    )] = False

    disable_custom_all_reduce: Annotated[bool, Arg(
        '--disable-custom-all-reduce',
        help=Text(
            en="Do not use SGLang's custom all-reduce kernel for tensor parallelism; always fall back to NCCL.",
            zh="不使用 SGLang 自带的 all-reduce 算子，张量并行的规约通信一律回退到 NCCL。",
        ),
    )] = False

    enable_mscclpp: Annotated[bool, Arg(
        '--enable-mscclpp',
        help=Text(
            en="Use MSCCL++ for the all-reduce of small messages, falling back to NCCL otherwise.",
            zh="小消息的 all-reduce 改用 MSCCL++ 实现，其他情况仍回退到 NCCL。",
        ),
    )] = False

    enable_torch_symm_mem: Annotated[bool, Arg(
        '--enable-torch-symm-mem',
        help=Text(
            en="Use PyTorch symmetric memory for all-reduce, falling back to NCCL. Needs SM90 or newer GPUs (SM90: "
               "world size 4, 6 or 8; SM100: 6 or 8).",
            zh="使用 PyTorch 对称内存实现 all-reduce，条件不满足时回退到 NCCL。"
               "要求 SM90 及以上 GPU（SM90 支持 4、6、8 个设备，SM100 支持 6、8 个设备）。",
        ),
    )] = False

    pre_warm_nccl: Annotated[bool, Arg(
        '--pre-warm-nccl',
        help=Text(
            en="Set up the NCCL/RCCL communicators during startup instead of on first use, so the first requests "
               "do not pay for it (lower tail time to first token). SGLang already does this by default on AMD GPUs.",
            zh="在启动阶段就建立 NCCL/RCCL 通信器，而不是首次用到时才建立，避免最初几个请求承担这部分开销"
               "（降低首 token 延迟的长尾）。在 AMD GPU 上 SGLang 默认已这样做。",
        ),
    )] = False

    enable_quant_communications: Annotated[bool, Arg(
        '--enable-quant-communications',
        help=Text(
            en="Quantize tensor-parallel communication to INT8 to shrink the data exchanged between devices. "
               "Only some models and code paths support it, and accuracy may drop slightly.",
            zh="将张量并行的通信数据量化为 INT8，以减少设备间传输的数据量。仅部分模型与代码路径支持，"
               "精度可能略有下降。",
        ),
    )] = False

    boundary_reduction: Annotated[Literal['auto', 'ar', 'rs', 'rsv', 'rs+rsv'], Arg(
        '--boundary-reduction',
        help=Text(
            en="How the FFN stages of models built with stage boundaries reduce their output across tensor-parallel "
               "ranks: 'ar' all-reduce, 'rs' fixed-size reduce-scatter, 'rsv' variable-size reduce-scatter, "
               "'rs+rsv' either (variable-size first). 'auto' takes the model's own default; a path a model cannot "
               "take falls back to ar, and other models ignore the flag.",
            zh="对按阶段边界构建的模型，其 FFN 阶段在张量并行各 rank 间归约输出的方式：ar 为 all-reduce；"
               "rs 为定长 reduce-scatter；rsv 为变长 reduce-scatter；rs+rsv 两者皆可（优先变长）。auto 采用模型"
               "自身的默认值；模型不支持的方式会回退到 ar，其他模型忽略该参数。",
        ),
    )] = 'auto'

    disable_aiter_allreduce_fusion_in_prefill: Annotated[bool, Arg(
        '--disable-aiter-allreduce-fusion-in-prefill',
        help=Text(
            en="With --enable-aiter-allreduce-fusion on AMD GPUs, keep the fused all-reduce for decode but use the "
               "unfused path for prefill, mixed and split-prefill batches.",
            zh="在 AMD GPU 上启用 --enable-aiter-allreduce-fusion 时，解码仍使用融合的 all-reduce，"
               "预填充、混合及拆分预填充批次则改走未融合的路径。",
        ),
    )] = False

    disable_aiter_allreduce_fusion_in_decode: Annotated[bool, Arg(
        '--disable-aiter-allreduce-fusion-in-decode',
        help=Text(
            en="With --enable-aiter-allreduce-fusion on AMD GPUs, keep the fused all-reduce for prefill but use the "
               "unfused path for decode batches (including target verification and draft extension in "
               "speculative decoding).",
            zh="在 AMD GPU 上启用 --enable-aiter-allreduce-fusion 时，预填充仍使用融合的 all-reduce，"
               "解码批次（包括投机解码中的目标模型验证与草稿扩展）改走未融合的路径。",
        ),
    )] = False

    enable_scattered_sconv: Annotated[bool, Arg(
        '--enable-scattered-sconv',
        help=Text(
            en="For Inkling models with tensor parallelism: replace the all-reduce after attention and MLP by a "
               "reduce-scatter over the hidden dimension, run the output short convolution on each rank's shard and "
               "all-gather before the residual add. Each rank then keeps only its shard of the convolution cache; "
               "the amount of communication stays the same.",
            zh="针对采用张量并行的 Inkling 模型：把注意力层与 MLP 之后的 all-reduce 换成沿隐藏维的 reduce-scatter，"
               "在各 rank 的分片上计算输出短卷积，再在残差相加前做 all-gather。这样每个 rank 只保存卷积缓存的"
               "一个分片，通信量不变。",
        ),
    )] = False

    disable_overlap_schedule: Annotated[bool, Arg(
        '--disable-overlap-schedule',
        help=Text(
            en="Turn off the overlap scheduler, which prepares the next batch on the CPU while the device runs the "
               "current one. Costs throughput; mainly for debugging or features that need it off.",
            zh="关闭重叠调度（默认在设备执行当前批次的同时，CPU 准备下一批次，二者重叠进行）。关闭会降低吞吐，"
               "主要用于调试或配合要求关闭它的特性。",
        ),
    )] = False

    enable_mixed_chunk: Annotated[bool, Arg(
        '--enable-mixed-chunk',
        help=Text(
            en="With chunked prefill, let one batch carry both a prefill chunk and running decode requests, so "
               "decoding continues while long prompts are processed.",
            zh="启用分块预填充时，允许同一批次既包含预填充分块，也包含正在解码的请求，"
               "使处理长提示词期间解码不停顿。",
        ),
    )] = False

    enable_dp_attention: Annotated[bool, Arg(
        '--enable-dp-attention',
        help=Text(
            en="Run attention data-parallel and the FFN/MoE layers tensor-parallel; combine with --dp-size (usually "
               "equal to --tp-size). Aimed at DeepSeek-V2/V3 and Qwen2/3 MoE models; saves KV cache at large batch "
               "sizes.",
            zh="注意力层按数据并行、FFN/MoE 层按张量并行运行，需配合 --dp-size（通常与 "
               "--tp-size 相等）。主要面向 DeepSeek-V2/V3 与 Qwen2/3 MoE 模型，"
               "大批量时可节省 KV 缓存。",
        ),
    )] = False

    enable_dp_lm_head: Annotated[bool, Arg(
        '--enable-dp-lm-head',
        help=Text(
            en="Shard the LM head vocabulary across the attention TP group so that DP attention needs no all-gather "
               "across DP groups. Only useful with --enable-dp-attention.",
            zh="将输出层（lm_head）的词表在注意力 TP 组内切分，使注意力数据并行无需在 DP 组之间做 "
               "all-gather。仅在启用 --enable-dp-attention 时有意义。",
        ),
    )] = False

    enable_dp_attention_local_control_broadcast: Annotated[bool, Arg(
        '--enable-dp-attention-local-control-broadcast',
        help=Text(
            en="With attention data parallelism, send scheduler control messages to the leader of each DP group and "
               "broadcast them only within that group's attention TP ranks, instead of synchronising all ranks of "
               "the TP group on every scheduler step.",
            zh="启用注意力数据并行时，调度器的控制消息先发给各 DP 组的首个 rank，再只在该组的注意力 TP rank 内广播，"
               "而不是每个调度步都在整个 TP 组的所有 rank 之间同步。",
        ),
    )] = False

    disable_attn_tp_gather: Annotated[bool, Arg(
        '--disable-attn-tp-gather',
        help=Text(
            en="Skip the scheduler's gather step for attention tensor parallelism (padding token counts to a "
               "multiple of the attention TP size and preallocating a gathered buffer). For models that "
               "scatter and gather inside their own attention; it also stops graph padding from leading kernel "
               "autotuners to pick variants sized for the wrong batch.",
            zh="跳过调度器为注意力张量并行所做的聚合准备（把 token 数补齐到注意力 TP 规模的整数倍，并预分配聚合缓冲区）。"
               "适用于在自身注意力内部完成切分与聚合的模型；也可避免图模式的补齐让算子自动调优选错尺寸。",
        ),
    )] = False

    enable_two_batch_overlap: Annotated[bool, Arg(
        '--enable-two-batch-overlap',
        help=Text(
            en="Split each batch into two micro-batches and interleave them, so the communication of one (e.g. "
               "expert-parallel all-to-all) overlaps the computation of the other.",
            zh="把每个批次拆成两个微批次交替执行，使一个微批次的通信（如 EP 的 all-to-all 通信）与另一个的计"
               "算相互重叠。",
        ),
    )] = False

    enable_single_batch_overlap: Annotated[bool, Arg(
        '--enable-single-batch-overlap',
        help=Text(
            en="Overlap communication with computation inside a single micro-batch (e.g. the MoE combine step with "
               "expert GEMMs), without splitting the batch.",
            zh="不拆分批次，在单个微批次内部让通信与计算重叠执行（例如 MoE 汇总专家结果的通信与专家矩阵乘并行）。",
        ),
    )] = False

    tbo_token_distribution_threshold: Annotated[Fraction, Arg(
        '--tbo-token-distribution-threshold',
        help=Text(
            en="Balance threshold for two-batch overlap: if splitting by whole requests leaves one micro-batch with "
               "a smaller share of tokens than this, a request is cut in two instead (two-chunk overlap). 0 "
               "disables two-chunk overlap.",
            zh="两批重叠的均衡阈值：若按整条请求切分后某个微批次的 token 占比低于此值，"
               "则改为从某条请求内部切开（两段重叠）。"
               "设为 0 表示不使用两段重叠。",
        ),
    )] = 0.48

    enable_torch_compile: Annotated[bool, Arg(
        '--enable-torch-compile',
        help=Text(
            en="Compile the model with torch.compile for faster execution, mostly at small batch sizes. "
               "Experimental, and it makes startup noticeably longer.",
            zh="对模型做 PyTorch 编译优化（torch.compile）以加快执行，小批量时收益最明显。"
               "属实验特性，会明显拉长启动时间。",
        ),
    )] = False

    enable_torch_compile_debug_mode: Annotated[bool, Arg(
        '--enable-torch-compile-debug-mode',
        help=Text(
            en="Run torch.compile in debug mode to help track down compilation problems.",
            zh="以调试模式运行 torch.compile，便于排查编译相关的问题。",
        ),
    )] = False

    enforce_piecewise_cuda_graph: Annotated[bool, Arg(
        '--enforce-piecewise-cuda-graph',
        help=Text(
            en="Force piecewise graphs for prefill/extend (the forward pass split into per-layer pieces, captured "
               "for a set of token counts), skipping every check that would turn them off. Mainly for testing.",
            zh="强制在预填充/扩展阶段使用分段图（前向计算按层切成多段，针对若干 token 数分别捕获），"
               "并跳过所有自动关闭条件。主要用于测试。",
        ),
    )] = False

    piecewise_cuda_graph_tokens: Annotated[IntList | None, Arg(
        '--piecewise-cuda-graph-tokens',
        help=Text(
            en="Exact list of token counts to capture piecewise graphs for. Unset generates the list automatically, "
               "up to --piecewise-cuda-graph-max-tokens.",
            zh="显式给出要捕获分段图的 token 数列表。不设置时自动生成，"
               "上限为 --piecewise-cuda-graph-max-tokens。",
        ),
    )] = None

    piecewise_cuda_graph_compiler: Annotated[Literal['eager', 'inductor'], Arg(
        '--piecewise-cuda-graph-compiler',
        help=Text(
            en="Compiler for the pieces of a piecewise graph: 'eager' runs them uncompiled, 'inductor' compiles "
               "them with TorchInductor.",
            zh="分段图中各子图的编译方式：eager 不编译、直接执行；"
               "inductor 使用 TorchInductor 编译。",
        ),
    )] = 'eager'

    torch_compile_max_bs: Annotated[PositiveInt, Arg(
        '--torch-compile-max-bs',
        help=Text(
            en="Largest batch size compiled with torch.compile when --enable-torch-compile is set; larger batches "
               "run uncompiled.",
            zh="启用 --enable-torch-compile 时参与编译的最大批大小，更大的批次不走编译路径。",
        ),
    )] = 32

    piecewise_cuda_graph_max_tokens: Annotated[PositiveHumanInt | None, Arg(
        '--piecewise-cuda-graph-max-tokens',
        help=Text(
            en="Largest token count captured as a piecewise graph, e.g. 4k; bigger prefill batches run eagerly. "
               "Unset derives it from the chunked prefill size (a smaller value for MLA models).",
            zh="分段图捕获的最大 token 数（可写作 4k 等），更大的预填充批次以单算子方式执行。"
               "不设置时根据分块预填充大小推算（MLA 模型取更小的值）。",
        ),
    )] = None

    torchao_config: Annotated[str, Arg(
        '--torchao-config',
        help=Text(
            en="Quantize the model with torchao (experimental): int8dq, int8wo, int4wo-<group_size>, fp8wo, "
               "fp8dq-per_tensor or fp8dq-per_row. Empty means off.",
            zh="借助 torchao 对模型做量化优化（实验特性），取值为 int8dq、int8wo、"
               "int4wo-<分组大小>、fp8wo，或 fp8dq 加后缀 -per_tensor / "
               "-per_row。为空表示不启用。",
        ),
    )] = ''

    enable_nan_detection: Annotated[bool, Arg(
        '--enable-nan-detection',
        help=Text(
            en="Check the logits for NaN values during sampling; when found, log a warning and mask them so "
               "sampling can go on. A debugging aid with some overhead.",
            zh="采样时检查 logits 是否含有 NaN，一旦发现就输出告警并将其屏蔽，使采样得以继续。用于调试，"
               "有一定性能开销。",
        ),
    )] = False

    kv_canary: Annotated[Literal['none', 'log', 'raise'], Arg(
        '--kv-canary',
        help=Text(
            en="Write check values next to KV cache entries and verify them on every forward pass to catch KV "
               "cache corruption: 'log' reports mismatches and keeps serving, 'raise' stops the server at the first "
               "one (for CI). 'none' turns the check off.",
            zh="在 KV 缓存条目旁写入校验值，并在每次前向计算时核对，以发现 KV 缓存被破坏的问题：log 记录不一致但继续"
               "服务；raise 在首次发现时即让服务报错退出（适合 CI）。none 表示关闭检查。",
        ),
    )] = 'none'

    kv_canary_real_data: Annotated[Literal['none', 'partial', 'all'], Arg(
        '--kv-canary-real-data',
        help=Text(
            en="With --kv-canary, also hash the real KV data of each slot: 'partial' its first 16 bytes (cheap "
               "enough for production), 'all' the whole slot. 'none' checks only the canary values.",
            zh="配合 --kv-canary 使用，同时对每个槽位中真实的 KV 数据做哈希校验：partial 只校验前 16 字节"
               "（开销小，可用于生产）；all 校验整个槽位。none 只核对校验值本身。",
        ),
    )] = 'none'

    kv_canary_sweep_interval: Annotated[NonNegInt, Arg(
        '--kv-canary-sweep-interval',
        help=Text(
            en="Every N forward steps, also verify every KV slot held by the prefix cache, not just those the step "
               "touched. 0 disables the sweep; a positive value needs --kv-canary log or raise.",
            zh="每隔 N 个前向步，额外核对前缀缓存持有的全部 KV 槽位，而不只是本步用到的槽位。0 表示不做全量巡检；"
               "取正值时需同时设置 --kv-canary 为 log 或 raise。",
        ),
    )] = 0

    enable_p2p_check: Annotated[bool, Arg(
        '--enable-p2p-check',
        help=Text(
            en="Test whether GPUs can really access each other peer-to-peer instead of assuming they can. Try it if "
               "startup fails with 'peer access is not supported'.",
            zh="实际检测 GPU 之间能否点对点（P2P）互访，而不是默认认为可以。"
               "启动时报“peer access is not supported”错误时可尝试开启。",
        ),
    )] = False

    triton_attention_reduce_in_fp32: Annotated[bool, Arg(
        '--triton-attention-reduce-in-fp32',
        help=Text(
            en="In the Triton attention kernels, accumulate intermediate results in FP32 to avoid FP16 overflow "
               "crashes.",
            zh="在 Triton 注意力算子中以 FP32 累加中间结果，避免 FP16 溢出引发崩溃。",
        ),
    )] = False

    triton_attention_num_kv_splits: Annotated[PositiveInt, Arg(
        '--triton-attention-num-kv-splits',
        help=Text(
            en="Number of pieces the KV sequence is split into by the Triton flash-decoding kernel; larger values "
               "help with long contexts.",
            zh="Triton 的 Flash-Decoding 算子把 KV 序列切成的份数；上下文越长，取较大的值越有利。",
        ),
    )] = 8

    triton_attention_split_tile_size: Annotated[int | None, Arg(
        '--triton-attention-split-tile-size',
        help=Text(
            en="Fixed KV tile size for the splits of the Triton flash-decoding kernel, used for deterministic "
               "inference. Unset splits by --triton-attention-num-kv-splits.",
            zh="Triton 的 Flash-Decoding 算子按固定长度切分 KV 时的分块大小，用于确定性推理。"
               "不设置时按 --triton-attention-num-kv-splits 切分。",
        ),
    )] = None

    delete_ckpt_after_loading: Annotated[bool, Arg(
        '--delete-ckpt-after-loading',
        help=Text(
            en="Delete the checkpoint files from disk once the model has been loaded. Irreversible: only use it on "
               "a throw-away copy.",
            zh="模型加载完毕后把磁盘上的权重文件删掉。此操作不可恢复，只应在可丢弃的副本上使用。",
        ),
    )] = False

    enable_memory_saver: Annotated[bool, Arg(
        '--enable-memory-saver',
        help=Text(
            en="Allow freeing and restoring the server's device memory at runtime through the "
               "release_memory_occupation and resume_memory_occupation APIs, e.g. to share accelerators with a "
               "trainer in RL.",
            zh="允许在运行时通过显存释放与恢复接口，临时交出并重新占用服务所用的显存，例如在强化学习中与训练进程共用设备。",
        ),
    )] = False

    enable_weights_cpu_backup: Annotated[bool, Arg(
        '--enable-weights-cpu-backup',
        help=Text(
            en="Keep a copy of the model weights (main and draft model) in CPU memory when they are released with "
               "release_weights_occupation, and restore them from it on resume_weights_occupation.",
            zh="通过权重释放接口让出显存时，把权重（主模型及草稿模型）备份到 CPU 内存，待调用恢复接口时再从备份载回。",
        ),
    )] = False

    enable_draft_weights_cpu_backup: Annotated[bool, Arg(
        '--enable-draft-weights-cpu-backup',
        help=Text(
            en="Like --enable-weights-cpu-backup, but only for the speculative draft model: its weights are kept in "
               "CPU memory while released and restored on resume.",
            zh="与 --enable-weights-cpu-backup 类似，但只针对投机解码的草稿模型："
               "释放期间其权重备份在 CPU 内存中，恢复时再加载回来。",
        ),
    )] = False

    allow_auto_truncate: Annotated[bool, Arg(
        '--allow-auto-truncate',
        help=Text(
            en="Cut requests whose input is longer than the maximum allowed length down to fit, instead of "
               "rejecting them with an error.",
            zh="输入超过最大允许长度的请求会被自动截短后继续处理，而不是直接报错返回。",
        ),
    )] = False

    enable_custom_logit_processor: Annotated[bool, Arg(
        '--enable-custom-logit-processor',
        help=Text(
            en="Let requests supply custom logit processors (serialized Python code). Off by default because it "
               "runs client-provided code on the server.",
            zh="允许请求携带自定义 logit 处理器（序列化的 Python 代码）。"
               "因为这会在服务端执行客户端提供的代码，出于安全考虑默认关闭。",
        ),
    )] = False

    flashinfer_mla_disable_ragged: Annotated[bool, Arg(
        '--flashinfer-mla-disable-ragged',
        help=Text(
            en="With the FlashInfer MLA backend, do not use the ragged prefill wrapper (which computes plain MHA "
               "when no prefix is cached).",
            zh="使用 FlashInfer MLA 后端时，不使用不等长批次的预填充封装（它在没有命中前缀时按普通 "
               "MHA 计算）。",
        ),
    )] = False

    disable_shared_experts_fusion: Annotated[bool, Arg(
        '--disable-shared-experts-fusion',
        help=Text(
            en="Do not fuse the shared expert of DeepSeek V3/R1 into the routed MoE kernel; it runs as a separate "
               "MLP instead. Off unless given: SGLang fuses where the model and backend allow it.",
            zh="不把 DeepSeek V3/R1 的共享专家并入路由专家的 MoE 算子，改为单独计算。"
               "不指定时为关闭：模型和后端允许时 SGLang 会做融合。",
        ),
    )] = False

    enforce_shared_experts_fusion: Annotated[bool, Arg(
        '--enforce-shared-experts-fusion',
        help=Text(
            en="Fuse the shared expert into the routed-expert MoE kernel even where it would otherwise stay separate "
               "(e.g. with DeepEP). On Quark MXFP4 Qwen3.5/Qwen3.8 checkpoints whose shared expert is unquantized, "
               "that expert is then quantized to MXFP4 at load time, so check accuracy. Cannot be combined with "
               "--disable-shared-experts-fusion.",
            zh="即使在通常不融合的场景（例如使用 DeepEP 时），也强制把共享专家并入路由专家的 MoE 算子。"
               "对于共享专家未量化的 Quark MXFP4 Qwen3.5/Qwen3.8 检查点，该专家会在加载时被量化为 MXFP4，"
               "请先验证精度。不能与 --disable-shared-experts-fusion 同时使用。",
        ),
    )] = False

    enable_fused_moe_sum_all_reduce: Annotated[bool, Arg(
        '--enable-fused-moe-sum-all-reduce',
        help=Text(
            en="Use a Triton fused-MoE kernel that also sums the expert outputs and performs the all-reduce, "
               "saving separate kernel launches under tensor parallelism.",
            zh="使用把专家输出求和与 all-reduce 一并完成的 Triton 融合 MoE 算子，"
               "在张量并行下省去单独的算子调用。",
        ),
    )] = False

    disable_chunked_prefix_cache: Annotated[bool, Arg(
        '--disable-chunked-prefix-cache',
        help=Text(
            en="Turn off the chunked prefix cache of DeepSeek MLA models (cached prefixes processed in chunks "
               "during prefill), which saves overhead on short sequences. Off unless given.",
            zh="关闭 DeepSeek MLA 模型的分块前缀缓存（预填充时把已缓存的前缀分块处理），"
               "可减少短序列上的额外开销。不指定时为关闭（即使用分块前缀缓存）。",
        ),
    )] = False

    disable_fast_image_processor: Annotated[bool, Arg(
        '--disable-fast-image-processor',
        help=Text(
            en="Use the standard (slower) Hugging Face image processor instead of the fast one.",
            zh="使用 Hugging Face 的标准（较慢）图像处理器，而不是快速版本。",
        ),
    )] = False

    keep_mm_feature_on_device: Annotated[bool, Arg(
        '--keep-mm-feature-on-device',
        help=Text(
            en="Keep processed multimodal feature tensors on the accelerator instead of copying them back to host "
               "memory, saving a device-to-host copy.",
            zh="多模态特征张量处理完后继续留在设备上，不再拷回主机内存，省去一次 D2H 拷贝。",
        ),
    )] = False

    enable_return_hidden_states: Annotated[bool, Arg(
        '--enable-return-hidden-states',
        help=Text(
            en="Allow requests to ask for the model's hidden states (return_hidden_states) in the response.",
            zh="允许请求通过 return_hidden_states 在响应中取回模型的隐藏状态。",
        ),
    )] = False

    return_hidden_states_mode: Annotated[Literal['last', 'full'] | None, Arg(
        '--return-hidden-states-mode',
        help=Text(
            en="The most hidden-state output the server will return: 'last' serves requests that ask for "
               "return_hidden_states 'last' (or not at all), 'full' also serves return_hidden_states true. Unset "
               "lets SGLang choose; --enable-return-aux-hidden-states sets it to full.",
            zh="服务端最多愿意返回的隐藏状态范围：last 只满足 return_hidden_states 为 last（或不请求）的请求；"
               "full 还能满足 return_hidden_states 为 true 的请求。不设置时由 SGLang 决定；"
               "开启 --enable-return-aux-hidden-states 时会设为 full。",
        ),
    )] = None

    enable_return_aux_hidden_states: Annotated[bool, Arg(
        '--enable-return-aux-hidden-states',
        help=Text(
            en="Capture auxiliary hidden states of the target model without running a draft model, e.g. to produce "
               "training data for speculative decoding. --speculative-algorithm (EAGLE3, DFLASH or DSPARK) then only "
               "names which layers to capture, and requests with return_hidden_states get those states. Needs "
               "--pp-size 1.",
            zh="不运行草稿模型，只采集目标模型的辅助隐藏状态，例如用于生成投机解码的训练数据。此时 "
               "--speculative-algorithm（EAGLE3、DFLASH 或 DSPARK）只用来指明采集哪些层的约定，带 "
               "return_hidden_states 的请求会拿到这些隐藏状态。要求 --pp-size 为 1。",
        ),
    )] = False

    return_aux_hidden_state_layer_ids: Annotated[IntList | None, Arg(
        '--return-aux-hidden-state-layer-ids',
        help=Text(
            en="Target-model layer indices to capture with --enable-return-aux-hidden-states. Required for the "
               "DFLASH and DSPARK conventions; EAGLE3 defaults to the model's usual EAGLE3 layers.",
            zh="配合 --enable-return-aux-hidden-states 使用，指定要采集的目标模型层编号。DFLASH 与 DSPARK "
               "约定下必须给出；EAGLE3 默认使用该模型惯用的 EAGLE3 层。",
        ),
    )] = None

    enable_return_indexer_topk: Annotated[bool, Arg(
        '--enable-return-indexer-topk',
        help=Text(
            en="Let responses include the top-k token indices chosen by the sparse-attention indexer of models "
               "that have one (DeepSeek sparse attention), layer by layer.",
            zh="对带稀疏注意力索引器的模型（DeepSeek 稀疏注意力），允许响应中按层返回索引器选出的 top-k token 下标。",
        ),
    )] = False

    sampling_mask_max_tokens: Annotated[PositiveInt, Arg(
        '--sampling-mask-max-tokens',
        help=Text(
            en="Most token IDs a returned sampling mask may hold; a request whose actual sampling candidate set is "
               "larger is aborted. Keep top_k below it, and use the same value on prefill and decode instances.",
            zh="返回的采样掩码最多可包含的 token ID 数；实际候选集合超过此数的请求会被中止。请让 top_k 小于该值，"
               "并在预填充/解码实例上使用相同的值。",
        ),
    )] = 4096

    enable_return_routed_experts: Annotated[bool, Arg(
        '--enable-return-routed-experts',
        help=Text(
            en="Allow responses to include, for every layer, the MoE experts each token was routed to, e.g. for "
               "routing replay in RL training.",
            zh="允许在响应中返回每个 token 在各层被路由到的 MoE 专家，可用于强化学习训练中的路由回放。",
        ),
    )] = False

    scheduler_recv_interval: Annotated[PositiveInt, Arg(
        '--scheduler-recv-interval',
        help=Text(
            en="Poll for new requests only every N scheduler iterations; values above 1 cut polling overhead at the "
               "cost of admitting new requests slightly later.",
            zh="调度器每隔 N 次迭代才拉取一次新请求；大于 1 可降低轮询开销，代价是新请求进入调度稍有延迟。",
        ),
    )] = 1

    numa_node: Annotated[IntList | None, Arg(
        '--numa-node',
        help=Text(
            en="NUMA node to bind each worker subprocess to; the i-th entry applies to the i-th subprocess. Unset "
               "detects the placement automatically on NUMA systems.",
            zh="各工作子进程绑定的 NUMA 节点，第 i 项对应第 i 个子进程。不设置时在 NUMA 系统上自动探测。",
        ),
    )] = None

    enable_deterministic_inference: Annotated[bool, Arg(
        '--enable-deterministic-inference',
        help=Text(
            en="Use batch-invariant kernels so a request gives bit-identical results no matter which other requests "
               "share its batch. Slower.",
            zh="使用与批次组成无关的算子，使同一请求不论与哪些请求同批，结果都逐位一致。"
               "会降低性能。",
        ),
    )] = False

    rl_on_policy_target: Annotated[Literal['fsdp'] | None, Arg(
        '--rl-on-policy-target',
        help=Text(
            en="Training framework whose numerics inference must match exactly for true on-policy RL; 'fsdp' aligns "
               "with FSDP training. Unset means no such alignment.",
            zh="为实现严格同策略的强化学习，需要在数值上精确对齐的训练框架；"
               "fsdp 表示与 FSDP 训练对齐。不设置时不做此类对齐。",
        ),
    )] = None

    enable_layerwise_nvtx_marker: Annotated[bool, Arg(
        '--enable-layerwise-nvtx-marker',
        help=Text(
            en="Add an NVTX range around every model layer so that Nsight Systems profiles show per-layer timings.",
            zh="为模型每一层加上 NVTX 标记，便于在性能分析工具（Nsight Systems）中按层查看耗时。",
        ),
    )] = False

    enable_attn_tp_input_scattered: Annotated[bool, Arg(
        '--enable-attn-tp-input-scattered',
        help=Text(
            en="With pure tensor parallelism, keep attention inputs scattered across TP ranks rather than "
               "replicated, cutting duplicated work in steps such as the QKV latent projection.",
            zh="仅使用张量并行时，让注意力层输入在各 TP rank 间保持分散而非复制，"
               "以减少 QKV 及潜在表示投影等步骤的重复计算。",
        ),
    )] = False

    enable_nsa_prefill_context_parallel: Annotated[bool, Arg(
        '--enable-nsa-prefill-context-parallel',
        help=Text(
            en="Use context parallelism for the prefill of long sequences with DeepSeek V3.2's NSA sparse attention.",
            zh="对 DeepSeek V3.2（NSA 稀疏注意力）的长序列预填充启用上下文并行。",
        ),
    )] = False

    enable_fused_qk_norm_rope: Annotated[bool, Arg(
        '--enable-fused-qk-norm-rope',
        help=Text(
            en="Use a fused kernel that applies QK normalization and rotary position embedding (RoPE) in one step.",
            zh="使用融合算子，一步完成 QK 归一化与旋转位置编码（RoPE）。",
        ),
    )] = False

    enable_tf32_matmul: Annotated[bool | None, Arg(
        '--enable-tf32-matmul',
        help=Text(
            en="Let FP32 matrix multiplications use TensorFloat-32 on NVIDIA GPUs: faster, slightly less precise. "
               "Unset follows the model's preference and is otherwise off; --no-enable-tf32-matmul forces it off.",
            zh="允许 NVIDIA GPU 上的 FP32 矩阵乘使用 TensorFloat-32：速度更快，精度略低。不设置时遵从模型的偏好，"
               "模型没有偏好则关闭；--no-enable-tf32-matmul 可强制关闭。",
        ),
    )] = None

    enable_precise_embedding_interpolation: Annotated[bool, Arg(
        '--enable-precise-embedding-interpolation',
        help=Text(
            en="When a vision model resizes its grid of position embeddings, align the corners of the grids so "
               "the interpolated values are more accurate, at some speed cost.",
            zh="视觉模型缩放位置嵌入网格时对齐网格四角，使插值结果更准确，但会慢一些。",
        ),
    )] = False

    enable_deepseek_v4_fp4_indexer: Annotated[bool, Arg(
        '--enable-deepseek-v4-fp4-indexer',
        help=Text(
            en="Use the FP4 indexer path (C4) of DeepSeek-V4's sparse attention instead of the standard indexer. "
               "Experimental.",
            zh="DeepSeek-V4 稀疏注意力改用 FP4 索引器路径（C4），而不是标准索引器。属实验特性。",
        ),
    )] = False

    enable_encoder_swa_bounded_replay: Annotated[bool, Arg(
        '--enable-encoder-swa-bounded-replay',
        help=Text(
            en="DeepSeek-V4.1 encoder: keep only the main KV and indexer keys in the prefix cache and rebuild each "
               "request's sliding-window (SWA) part on a prefix hit, which saves cache memory. Experimental; CUDA "
               "and AMD gfx950 only.",
            zh="DeepSeek-V4.1 编码器：前缀缓存只保存主 KV 与索引器键，命中前缀时再为各请求重建滑动窗口（SWA）部分，"
               "以节省缓存空间。属实验特性，仅支持 CUDA 与 AMD gfx950。",
        ),
    )] = False

    enable_decoder_swa_bounded_replay: Annotated[bool | None, Arg(
        '--enable-decoder-swa-bounded-replay',
        help=Text(
            en="DeepSeek-V4.1 decoder: rebuild the sliding-window (SWA) part of the KV cache on a prefix hit instead "
               "of caching it. Unset turns it on where supported. Results are not bit-identical to a full prefill, "
               "so use --no-enable-decoder-swa-bounded-replay when log-probabilities must match a trainer (RL).",
            zh="DeepSeek-V4.1 解码器：命中前缀时重建 KV 缓存中的滑动窗口（SWA）部分，而不是缓存它。不设置时在支持的"
               "配置上自动开启。其结果与完整预填充并非逐位一致，若对数概率须与训练端一致（强化学习），请用 "
               "--no-enable-decoder-swa-bounded-replay 关闭。",
        ),
    )] = None

    disable_outlines_disk_cache: Annotated[bool, Arg(
        '--disable-outlines-disk-cache',
        help=Text(
            en="Do not cache the Outlines grammar backend's compiled grammars on disk; avoids crashes that some "
               "file systems or high concurrency can trigger.",
            zh="不把 Outlines 语法后端的编译结果缓存到磁盘，以规避某些文件系统或高并发下可能出现的崩溃。",
        ),
    )] = False

    enable_piecewise_cuda_graph: Annotated[bool, Arg(
        '--enable-piecewise-cuda-graph',
        help=Text(
            en="Old name of --enforce-piecewise-cuda-graph; argmatrix passes its value on to that flag.",
            zh="--enforce-piecewise-cuda-graph 的旧名称；argmatrix 会把取值转给该参数。",
        ),
    )] = False

    num_continuous_decode_steps: Annotated[PositiveInt, Arg(
        '--num-continuous-decode-steps',
        help=Text(
            en="Run this many decode steps back to back before scheduling again, which cuts scheduling overhead; "
               "may raise throughput but delays new requests (higher TTFT). 1 schedules after every step.",
            zh="每次调度后连续执行多少个解码步再重新调度，以降低调度开销；可能提升吞吐，"
               "但新请求的首 token 延迟会变长。为 1 时每步之后都重新调度。",
        ),
    )] = 1

    enable_watermark: Annotated[bool, Arg(
        '--enable-watermark',
        help=Text(
            en="Embed an Aaronson-Gumbel statistical watermark in the generated text, so that it can later be "
               "recognised as machine-generated. Needs --device cuda; tune it with --watermark-config.",
            zh="在生成的文本中嵌入 Aaronson-Gumbel 统计水印，以便事后识别其为机器生成。需要 --device cuda；"
               "可用 --watermark-config 调整参数。",
        ),
    )] = False

    watermark_config: Annotated[str | None, Arg(
        '--watermark-config',
        help=Text(
            en="Watermark settings, as a path to a JSON file or inline JSON: key, key_b, context_window (1-64), "
               "mixing_probability, max_probability, default_enabled and enforce_all, all optional. Needs "
               "--enable-watermark.",
            zh="水印设置，可以是 JSON 文件路径，也可以直接写 JSON：key、key_b、context_window（1 到 64）、"
               "mixing_probability、max_probability、default_enabled、enforce_all，均为可选项。需要同时开启 "
               "--enable-watermark。",
        ),
    )] = None

    gc_threshold: Annotated[IntList | None, Arg(
        '--gc-threshold',
        help=Text(
            en="Python garbage-collection thresholds, 1 to 3 integers as in gc.set_threshold (generation 0 first); "
               "higher values collect less often. Unset keeps Python's defaults.",
            zh="Python 垃圾回收阈值，1 到 3 个整数，含义同 gc.set_threshold（依次为第 0 代起）；"
               "值越大回收越少。不设置时沿用 Python 默认值。",
        ),
    )] = None

    dllm_algorithm: Annotated[str | None, Arg(
        '--dllm-algorithm',
        help=Text(
            en="Decoding algorithm for diffusion language models, e.g. LowConfidence or JointThreshold. Setting it "
               "serves the model as a diffusion LLM; unset serves ordinary autoregressive models.",
            zh="扩散语言模型所用的解码算法，例如 LowConfidence 或 JointThreshold。设置后按扩散语言模型提供服务；"
               "不设置时按普通自回归模型处理。",
        ),
    )] = None

    dllm_algorithm_config: Annotated[str | None, Arg(
        '--dllm-algorithm-config',
        help=Text(
            en="Path to a YAML file with settings for the --dllm-algorithm chosen. Unset uses the algorithm's "
               "defaults.",
            zh="为 --dllm-algorithm 所选算法提供参数的 YAML 文件路径。不设置时使用该算法的默认参数。",
        ),
    )] = None

    dllm_fdfo: Annotated[bool, Arg(
        '--dllm-fdfo',
        help=Text(
            en="Diffusion LLMs: schedule requests first-done-first-out, so a request whose block has finished "
               "leaves the batch at once. On by default; --no-dllm-fdfo switches back to synchronous block "
               "scheduling.",
            zh="扩散语言模型：按先完成先退出（FDFO）调度，某个请求的块一完成就立即离开批次。默认开启；"
               "--no-dllm-fdfo 可改回同步按块调度。",
        ),
    )] = True

    nsa_prefill_cp_mode: Annotated[Literal['in-seq-split', 'round-robin-split'], Arg(
        '--nsa-prefill-cp-mode',
        help=Text(
            en=(
                "How --enable-nsa-prefill-context-parallel divides a long prompt among the context-parallel ranks: "
                "round-robin-split deals tokens out in turn, which keeps causal attention work even; in-seq-split "
                "gives each rank one contiguous piece."
            ),
            zh="--enable-nsa-prefill-context-parallel 把长提示词分给各上下文并行 rank 的方式：round-robin-split "
               "按顺序轮流分配 token，使因果注意力的计算量均衡；in-seq-split 让每个 rank 处理一段连续的片段。",
        ),
    )] = 'round-robin-split'
