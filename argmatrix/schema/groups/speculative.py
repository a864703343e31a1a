"""Speculative decoding: which draft method and draft model to use, and how many tokens are proposed and verified in
each step."""

from typing import Annotated, Literal

from ..choices import AttentionBackend, LoadFormat, MoeA2ABackend, MoeRunnerBackend, QuantizationMethod
from ..meta import Arg, Group, Text
from ..types import Fraction, NonNegInt, PositiveInt

GROUP = Group('speculative', Text(en='Speculative decoding', zh='投机解码'))


class SpeculativeArgs:

    # SGLang's builtins (speculative/spec_info.py's SpeculativeAlgorithm, plus its NEXTN alias). Since 0.5.12 the
    # parser takes any string and the first hook to look the name up refuses an unknown one; names a plugin
    # registers (SpeculativeAlgorithm.register) are not known here.
    speculative_algorithm: Annotated[Literal['EAGLE', 'EAGLE3', 'NEXTN', 'STANDALONE', 'NGRAM', 'DFLASH', 'DSPARK',
                                             'UNO', 'FROZEN_KV_MTP'] | None, Arg(
        '--speculative-algorithm',
        help=Text(
            en=(
                "Speculative decoding method: EAGLE or EAGLE3 (draft head), NEXTN (the model's own multi-token "
                "prediction layers), STANDALONE (a separate small draft model), NGRAM (drafts from an n-gram cache, "
                "no draft model), DFLASH (block-diffusion draft), DSPARK (DSpark's draft and ragged verification), "
                "UNO (a LoRA draft on the target, --uno-lora-path) or FROZEN_KV_MTP (a Gemma 4 assistant draft "
                "reading the target's KV cache; SGLang also picks it for NEXTN or EAGLE with such a draft). Write "
                "the name in upper case: SGLang 0.5.12 and later also read other cases, argmatrix does not. Unset "
                "disables speculative decoding."
            ),
            zh=(
                "投机解码算法：EAGLE 或 EAGLE3（草稿头）、NEXTN（模型自带的多 token 预测层）、"
                "STANDALONE（独立的小草稿模型）、NGRAM（从 n-gram 缓存生成草稿，无需草稿模型）、"
                "DFLASH（块扩散草稿）、DSPARK（DSpark 草稿与不等长验证）、UNO（在目标模型上加 LoRA 作草稿，"
                "见 --uno-lora-path）或 FROZEN_KV_MTP（读取目标模型 KV 缓存的 Gemma 4 助手草稿；"
                "NEXTN 或 EAGLE 配这类草稿时 SGLang 也会自动改用它）。名称请用大写：SGLang 0.5.12 及以后的版本也接受其他大小写写法，"
                "argmatrix 不接受。"
                "不设置则关闭投机解码。"
            ),
        ),
    )] = None

    speculative_draft_model_path: Annotated[str | None, Arg(
        '--speculative-draft-model-path', '--speculative-draft-model',
        help=Text(
            en=(
                "Draft model weights, as a local directory or a Hugging Face repo ID. Required for EAGLE, EAGLE3 and "
                "STANDALONE; with NEXTN it can usually be left unset to reuse the target checkpoint."
            ),
            zh=(
                "草稿模型权重所在位置，可填本地目录，也可填 Hugging Face 上的仓库 ID。EAGLE、"
                "EAGLE3 和 STANDALONE 必须指定；NEXTN 通常可以不填，直接复用目标模型的权重。"
            ),
        ),
    )] = None

    speculative_draft_model_revision: Annotated[str | None, Arg(
        '--speculative-draft-model-revision',
        help=Text(
            en="Branch, tag or commit of the draft model to download. Unset uses the repository's default revision.",
            zh="指定草稿模型取哪个版本（分支、标签或提交 ID）。不设置时取仓库的默认版本。",
        ),
    )] = None

    speculative_draft_load_format: Annotated[LoadFormat, Arg(
        '--speculative-draft-load-format',
        help=Text(
            en=(
                "Format used to load the draft model's weights, with the same choices as --load-format; dummy fills "
                "the draft with random weights for profiling."
            ),
            zh=(
                "加载草稿模型权重时采用的格式，可选值与 --load-format 相同；dummy 用随机权重初始化草稿模型，"
                "便于性能分析。"
            ),
        ),
    )] = 'auto'

    speculative_num_steps: Annotated[PositiveInt | None, Arg(
        '--speculative-num-steps',
        help=Text(
            en=(
                "Number of sequential draft steps run in each round before the target model verifies. Unset picks a "
                "value for the chosen algorithm and model."
            ),
            zh="每轮交给目标模型验证之前，草稿模型连续推理的步数。不设置时根据所选算法和模型自动确定。",
        ),
    )] = None

    speculative_eagle_topk: Annotated[PositiveInt | None, Arg(
        '--speculative-eagle-topk',
        help=Text(
            en=(
                "Branching factor of the EAGLE draft tree: how many candidate tokens are kept at each draft step. 1 "
                "gives a single chain; unset picks a value automatically."
            ),
            zh="EAGLE 草稿树的分支数，即每个草稿步骤保留几个候选 token。设为 1 时草稿为单条链；不设置则自动选取。",
        ),
    )] = None

    speculative_num_draft_tokens: Annotated[PositiveInt | None, Arg(
        '--speculative-num-draft-tokens',
        help=Text(
            en=(
                "Total number of draft tokens handed to the target model for verification in each round. Unset picks a "
                "value automatically."
            ),
            zh="每一轮交给目标模型验证的草稿 token 总数。不设置时自动选取。",
        ),
    )] = None

    speculative_accept_threshold_single: Annotated[Fraction, Arg(
        '--speculative-accept-threshold-single',
        help=Text(
            en=(
                "Also accept a draft token whenever the target model assigns it a probability above this threshold, "
                "trading exactness for a higher acceptance rate. 1.0 disables this relaxation."
            ),
            zh=(
                "只要目标模型给某个草稿 token 的概率高于该阈值就直接接受它，以牺牲一定严格性换取更高的接受率。"
                "1.0 表示不放宽。"
            ),
        ),
    )] = 1.0

    speculative_accept_threshold_acc: Annotated[Fraction, Arg(
        '--speculative-accept-threshold-acc',
        help=Text(
            en=(
                "Relaxes acceptance by raising a draft token's acceptance probability from its target probability p to "
                "min(1, p / value). 1.0 means no relaxation."
            ),
            zh="放宽接受条件：把每个草稿 token 被接受的可能性从目标概率 p 上调为 p 除以该值（最多为 1）。1.0 表示不放宽。",
        ),
    )] = 1.0

    speculative_use_rejection_sampling: Annotated[bool, Arg(
        '--speculative-use-rejection-sampling',
        help=Text(
            en=(
                "Verify draft tokens by rejection sampling against the target model's distribution instead of the "
                "default check. Needs --speculative-eagle-topk 1; UNO does not accept it."
            ),
            zh=(
                "以拒绝采样（依据目标模型的概率分布）验证草稿 token，替代默认的验证方式。"
                "需要 --speculative-eagle-topk 为 1；UNO 不支持此项。"
            ),
        ),
    )] = False

    speculative_use_block_verification: Annotated[bool, Arg(
        '--speculative-use-block-verification',
        help=Text(
            en=(
                "Verify each block of draft tokens jointly (block verification) rather than token by token. For "
                "EAGLE, EAGLE3 and NEXTN with --speculative-eagle-topk 1, and for sampled DFLASH and DSPARK drafts, "
                "on CUDA or ROCm; with EAGLE it also turns on --speculative-use-rejection-sampling."
            ),
            zh=(
                "以整块方式联合验证草稿 token（块验证），而不是逐个验证。"
                "适用于 --speculative-eagle-topk 为 1 的 EAGLE、EAGLE3、NEXTN，"
                "以及采样生成的 DFLASH、DSPARK 草稿，仅支持 CUDA 或 ROCm；"
                "用于 EAGLE 时还会开启 --speculative-use-rejection-sampling。"
            ),
        ),
    )] = False

    speculative_token_map: Annotated[str | None, Arg(
        '--speculative-token-map',
        help=Text(
            en=(
                "Path to a high-frequency token list (FR-Spec) that shrinks the draft model's output vocabulary to "
                "common tokens, making drafting cheaper. Unset uses the full vocabulary."
            ),
            zh=(
                "高频 token 列表（FR-Spec）的路径，用来把草稿模型的输出词表缩小到常用 token，降低草稿开销。"
                "不设置时使用完整词表。"
            ),
        ),
    )] = None

    speculative_attention_mode: Annotated[Literal['prefill', 'decode'], Arg(
        '--speculative-attention-mode',
        help=Text(
            en=(
                "Which attention kernel path is used for target verification and draft extension: prefill (the "
                "default) or decode."
            ),
            zh="目标模型验证和草稿扩展两个环节走哪条注意力计算路径：prefill（默认）或 decode。",
        ),
    )] = 'prefill'

    speculative_moe_runner_backend: Annotated[MoeRunnerBackend | None, Arg(
        '--speculative-moe-runner-backend',
        help=Text(
            en=(
                "MoE kernel backend for the draft model, with the same choices as --moe-runner-backend. Unset follows "
                "--moe-runner-backend."
            ),
            zh="草稿模型 MoE 层使用的算子后端，可选值与主模型的 --moe-runner-backend 相同；不设置则与主模型保持一致。",
        ),
    )] = None

    speculative_moe_a2a_backend: Annotated[MoeA2ABackend | None, Arg(
        '--speculative-moe-a2a-backend',
        help=Text(
            en=(
                "All-to-all communication backend for the draft model's MoE layers, with the same choices as "
                "--moe-a2a-backend. Unset follows --moe-a2a-backend."
            ),
            zh=(
                "草稿模型 MoE 层使用的专家通信（all-to-all）后端，可选值与主模型的 --moe-a2a-backend 相同；"
                "不设置则与主模型保持一致。"
            ),
        ),
    )] = None

    speculative_draft_attention_backend: Annotated[AttentionBackend | None, Arg(
        '--speculative-draft-attention-backend',
        help=Text(
            en=(
                "Attention backend used while drafting, with the same choices as --attention-backend. Unset uses the "
                "main model's attention backend."
            ),
            zh="草稿阶段使用的注意力后端，可选值同 --attention-backend。不设置时沿用主模型的注意力后端。",
        ),
    )] = None

    speculative_draft_model_quantization: Annotated[Literal[QuantizationMethod, 'unquant'] | None, Arg(
        '--speculative-draft-model-quantization',
        help=Text(
            en=(
                "Quantization method for the draft model. Unset reuses the target model's --quantization; unquant "
                "loads the draft unquantized even when the target model is quantized."
            ),
            zh=(
                "草稿模型采用的量化方法。不设置时沿用目标模型的 --quantization；设为 unquant 时，即使目标模型已量化，"
                "草稿模型也按非量化方式加载。"
            ),
        ),
    )] = None

    speculative_draft_kv_cache_dtype: Annotated[Literal['auto', 'fp8_e5m2', 'fp8_e4m3', 'bf16', 'bfloat16'] | None, Arg(
        '--speculative-draft-kv-cache-dtype',
        help=Text(
            en=(
                "KV cache data type of the draft model alone. The draft pool has a slot for every target-model "
                "token, so even a small draft can take a lot of memory; fp8_e4m3 halves it, and raising "
                "--mem-fraction-static turns the memory saved into more KV capacity. Unset follows --kv-cache-dtype."
            ),
            zh=(
                "仅作用于草稿模型的 KV 缓存数据类型。草稿 KV 池为目标模型的每个 token 都留有槽位，"
                "即使草稿模型很小也可能占用大量显存；改用 fp8_e4m3 可减半，"
                "再调高 --mem-fraction-static 即可把省下的显存变成更多的 KV 容量。"
                "不设置时沿用 --kv-cache-dtype。"
            ),
        ),
    )] = None

    speculative_enable_w4a4_mxfp4_megamoe: Annotated[bool | None, Arg(
        '--speculative-enable-w4a4-mxfp4-megamoe',
        help=Text(
            en=(
                "Use W4A4 (MXFP4 x MXFP4) matrix multiplies in the draft model's MXFP4 MegaMoE layers, as "
                "--enable-w4a4-mxfp4-megamoe does for the target. Unset copies --enable-w4a4-mxfp4-megamoe; "
                "--no-speculative-enable-w4a4-mxfp4-megamoe keeps the draft on W4A8 (FP8 x FP4) while the target "
                "runs W4A4, which may allocate one more MegaMoE buffer: lower --mem-fraction-static if CUDA graph "
                "capture then runs out of memory."
            ),
            zh=(
                "草稿模型的 MXFP4 MegaMoE 层是否像目标模型开启 "
                "--enable-w4a4-mxfp4-megamoe 时那样采用 W4A4（MXFP4 × MXFP4）矩阵乘。"
                "不设置时与 --enable-w4a4-mxfp4-megamoe 保持一致；"
                "传入 --no-speculative-enable-w4a4-mxfp4-megamoe 可在目标模型用 "
                "W4A4 时让草稿模型保持 W4A8（FP8 × FP4），这可能多分配一块 MegaMoE 缓冲区："
                "若随后 CUDA Graph 捕获时显存不足，请调低 --mem-fraction-static。"
            ),
        ),
    )] = None

    enable_multi_layer_eagle: Annotated[bool, Arg(
        '--enable-multi-layer-eagle',
        help=Text(
            en=(
                "Draft with several EAGLE/MTP layers, one per draft step, instead of running the same draft layer "
                "repeatedly; for models that ship several multi-token-prediction layers (SGLang turns it on by "
                "itself for some, such as MiMo-V2)."
            ),
            zh=(
                "草稿生成时依次使用多个 EAGLE/MTP 层（每个草稿步骤一层），而不是反复调用同一个草稿层；"
                "适用于自带多个多 token 预测层的模型（对 MiMo-V2 等部分模型 SGLang 会自动开启）。"
            ),
        ),
    )] = False

    speculative_draft_window_size: Annotated[PositiveInt | None, Arg(
        '--speculative-draft-window-size',
        help=Text(
            en=(
                "Limit the draft model's attention to the most recent N tokens, a sliding window, while the target "
                "model still verifies with the full context. Used by Llama EAGLE-3 drafts, DFLASH, and the built-in "
                "EAGLE/MTP draft decoding on the triton and flashinfer draft attention backends; other drafters "
                "ignore it. Unset attends to everything."
            ),
            zh=(
                "把草稿模型的注意力限制在最近 N 个 token 的滑动窗口内，目标模型验证时仍使用完整上下文。"
                "Llama EAGLE-3 草稿模型、DFLASH，"
                "以及 triton 和 flashinfer 草稿注意力后端上内置的 EAGLE/MTP 草稿解码会使用该值，"
                "其他草稿模型会忽略。不设置时关注完整上下文。"
            ),
        ),
    )] = None

    speculative_draft_sink_size: Annotated[NonNegInt | None, Arg(
        '--speculative-draft-sink-size',
        help=Text(
            en=(
                "Number of leading \"attention sink\" tokens the draft always attends to besides the recent window of "
                "--speculative-draft-window-size, which it requires. Only the built-in EAGLE/MTP draft decoding on "
                "the triton and flashinfer draft backends uses it; unset or 0 means the recent window alone."
            ),
            zh=(
                "在 --speculative-draft-window-size 指定的最近窗口之外，"
                "草稿模型始终额外关注的开头若干个“注意力汇聚”token 的数量，必须与该参数一起使用。"
                "仅 triton 和 flashinfer 草稿后端上内置的 EAGLE/MTP 草稿解码会使用；不设置或为 0 时只用最近窗口。"
            ),
        ),
    )] = None

    speculative_dflash_block_size: Annotated[PositiveInt | None, Arg(
        '--speculative-dflash-block-size',
        help=Text(
            en=(
                "DFLASH only: length of the verification window, i.e. draft tokens verified per step. Another way to "
                "set --speculative-num-draft-tokens; when both are given they must be equal."
            ),
            zh=(
                "仅用于 DFLASH：验证窗口的长度，即每步验证的草稿 token 数。"
                "这是设置 --speculative-num-draft-tokens 的另一种写法，两者同时给出时必须相等。"
            ),
        ),
    )] = None

    speculative_domino_candidate_pool_size: Annotated[NonNegInt, Arg(
        '--speculative-domino-candidate-pool-size',
        help=Text(
            en=(
                "For DFLASH drafts with a Domino projector: size of the pool of candidate tokens, shared by a draft "
                "block and taken from the base model's logits, among which draft tokens are scored. 0 scores the "
                "whole vocabulary."
            ),
            zh=(
                "用于带 Domino 投影层的 DFLASH 草稿模型：同一草稿块共用的候选 token 池大小，"
                "候选取自基础模型的输出分数，草稿 token 在池内打分选出。0 表示对整个词表打分。"
            ),
        ),
    )] = 2048

    speculative_dspark_block_size: Annotated[PositiveInt | None, Arg(
        '--speculative-dspark-block-size',
        help=Text(
            en=(
                "DSPARK only: draft tokens proposed per step (gamma). Each verification covers gamma + 1 tokens, "
                "hence --speculative-num-draft-tokens becomes gamma + 1. Unset reads the block size from the draft "
                "checkpoint."
            ),
            zh=(
                "仅用于 DSPARK：每步提出的草稿 token 数（gamma）。验证覆盖 gamma + 1 个 token，"
                "因此它会把 --speculative-num-draft-tokens 设为 gamma + 1。"
                "不设置时从草稿模型权重的配置中读取块大小。"
            ),
        ),
    )] = None

    speculative_dspark_sps_table_path: Annotated[str | None, Arg(
        '--speculative-dspark-sps-table-path',
        help=Text(
            en=(
                "DSPARK only: JSON table of verification step costs, profiled offline with "
                "sglang.benchmark.dspark_sps_profiler, from which the ragged-verify scheduler decides how many draft "
                "tokens each request verifies. Without it the costs are flat and every draft token is verified, "
                "which by itself gives no speed-up."
            ),
            zh=(
                "仅用于 DSPARK：离线用 sglang.benchmark.dspark_sps_profiler "
                "测得的验证步骤耗时表（JSON），不等长验证调度器据此决定每个请求验证多少个草稿 token。"
                "不提供时各档耗时视为相同，所有草稿 token 都会被验证，单靠这一点不会带来加速。"
            ),
        ),
    )] = None

    speculative_dspark_confidence_sts_path: Annotated[str | None, Arg(
        '--speculative-dspark-confidence-sts-path',
        help=Text(
            en=(
                "DSPARK only: optional per-position temperature-scaling calibration (JSON, fitted offline with "
                "sglang.benchmark.dspark_sts_fit) for the confidence head that the ragged-verify scheduler relies "
                "on. Unset applies none; outputs stay lossless either way."
            ),
            zh=(
                "仅用于 DSPARK：可选的逐位置温度缩放校准文件（JSON，"
                "离线用 sglang.benchmark.dspark_sts_fit 拟合），"
                "用于校准不等长验证调度器所依赖的置信度头。不设置则不做校准；无论是否校准，输出都保持无损。"
            ),
        ),
    )] = None

    speculative_dspark_align_verify_tokens_to_graph_tier: Annotated[bool, Arg(
        '--speculative-dspark-align-verify-tokens-to-graph-tier',
        help=Text(
            en=(
                "For DSPARK's compact ragged verification: raise the total of verified draft tokens to the CUDA "
                "graph size that the forward pass is padded to anyway (padding to the largest data-parallel rank "
                "included), filling the room with the most confident draft tokens. Padding becomes extra "
                "verification at the same step time; off leaves the schedule unchanged."
            ),
            zh=(
                "用于 DSPARK 的紧凑式不等长验证："
                "前向计算本来就会补齐到某一档 CUDA Graph 大小（包括按数据并行中最大的 rank 补齐），"
                "开启后把验证的草稿 token 总数提高到这一档，多出的位置按置信度从高到低填入草稿 token。"
                "补齐的部分由此变为额外的验证，单步耗时不变；关闭时调度保持不变。"
            ),
        ),
    )] = False

    uno_lora_path: Annotated[str | None, Arg(
        '--uno-lora-path',
        help=Text(
            en=(
                "LoRA checkpoint with which the UNO algorithm (--speculative-algorithm UNO) lets the target model "
                "draft for itself; UNO requires it. UNO runs on CUDA only and takes no "
                "--speculative-draft-model-path."
            ),
            zh=(
                "UNO 算法（--speculative-algorithm UNO）所需的草稿 LoRA 权重："
                "UNO 借助它让目标模型自己充当草稿模型。UNO 仅支持 CUDA，"
                "且不接受 --speculative-draft-model-path。"
            ),
        ),
    )] = None

    speculative_dsa_topk_backend: Annotated[Literal['sgl-kernel', 'torch', 'flashinfer'], Arg(
        '--speculative-dsa-topk-backend',
        help=Text(
            en=(
                "Kernel that the draft workers use for the top-k selection of the DSA (DeepSeek sparse attention) "
                "indexer: sgl-kernel, torch or flashinfer. torch currently needs the environment variable "
                "SGLANG_DSA_FUSE_TOPK=false."
            ),
            zh=(
                "草稿工作进程中 DSA（DeepSeek 稀疏注意力）索引器执行 top-k 选择所用的算子：sgl-kernel、"
                "torch 或 flashinfer。选 torch 时目前需设置环境变量 SGLANG_DSA_FUSE_TOPK=false。"
            ),
        ),
    )] = 'sgl-kernel'

    spec_trace_dir: Annotated[str | None, Arg(
        '--spec-trace-dir',
        help=Text(
            en=(
                "Directory where decoupled speculative decoding (--decoupled-spec-role) writes trace files for "
                "debugging. Unset writes none."
            ),
            zh="解耦式投机解码（--decoupled-spec-role）写入调试跟踪文件的目录。不设置则不写。",
        ),
    )] = None
