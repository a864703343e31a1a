"""Speculative decoding: which draft method and draft model to use, and how many tokens are proposed and verified in
each step."""

from typing import Annotated, Literal

from ..choices import *
from ..meta import Arg, Group, Text
from ..types import *

GROUP = Group('speculative', Text(en='Speculative decoding', zh='投机采样'))


class SpeculativeArgs:

    speculative_algorithm: Annotated[Literal['EAGLE', 'EAGLE3', 'NEXTN', 'STANDALONE', 'NGRAM'] | None, Arg(
        '--speculative-algorithm',
        help=Text(
            en=(
                "Speculative decoding method: EAGLE or EAGLE3 (draft head), NEXTN (the model's own multi-token "
                "prediction layers), STANDALONE (a separate small draft model) or NGRAM (drafts from an n-gram cache, "
                "no draft model). Unset disables speculative decoding."
            ),
            zh=(
                "投机采样算法：EAGLE 或 EAGLE3（草稿头）、NEXTN（模型自带的多 token 预测层）、"
                "STANDALONE（独立的小草稿模型）、NGRAM（从 n-gram 缓存生成草稿，无需草稿模型）。不设置则关闭投机采样。"
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
            zh="放宽接受条件：把每个草稿 token 被接受的可能性从目标概率 p 上调为 min(1, p / 该值)。1.0 表示不放宽。",
        ),
    )] = 1.0

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
            zh="草稿模型 MoE 层使用的算子后端，可选值与主模型的 MoE 算子后端参数相同；不设置则与主模型保持一致。",
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
                "草稿模型 MoE 层使用的专家通信（all-to-all）后端，可选值与主模型的对应参数相同；"
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
