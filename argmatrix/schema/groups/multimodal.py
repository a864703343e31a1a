"""Multimodal: preprocessing, encoder parallelism and input limits for image, video and audio inputs."""

from typing import Annotated

from ..meta import Arg, Group, Text
from ..types import *

GROUP = Group('multimodal', Text(en='For Multi-Modal', zh='用于多模态'))


class MultimodalArgs:

    enable_broadcast_mm_inputs_process: Annotated[bool, Arg(
        '--enable-broadcast-mm-inputs-process',
        help=Text(
            en=(
                "With tensor parallelism, build each request's multimodal inputs once on the first rank and broadcast "
                "them to the other ranks, instead of every rank repeating this CPU-heavy step."
            ),
            zh="张量并行时，由首个 rank 统一构建请求的多模态输入并广播给其他 rank，避免每个 rank 重复执行这一耗 CPU 的步骤。",
        ),
    )] = False

    mm_process_config: Annotated[JsonObject | None, Arg(
        '--mm-process-config',
        help=Text(
            en=(
                "JSON object with per-modality preprocessing options under the keys image, video and audio (for "
                "example resolution or frame-sampling limits)."
            ),
            zh="多模态预处理配置，为 JSON 对象，按 image、video、audio 分别给出各模态的预处理选项（如分辨率、抽帧限制等）。",
        ),
    )] = None

    mm_enable_dp_encoder: Annotated[bool, Arg(
        '--mm-enable-dp-encoder',
        help=Text(
            en=(
                "Run the multimodal encoder data-parallel instead of tensor-parallel: each rank holds a full copy of "
                "the encoder and processes its share of the images. The DP size is set to the TP size automatically."
            ),
            zh="让多模态编码器以数据并行而非张量并行方式运行：每个 rank 持有完整编码器并处理部分图像，数据并行度自动设为张量并行度。",
        ),
    )] = False

    limit_mm_data_per_request: Annotated[JsonObject | None, Arg(
        '--limit-mm-data-per-request',
        help=Text(
            en=(
                "Per-request cap on multimodal items, as JSON mapping modality to count, e.g. {\"image\": 4, "
                "\"video\": 1}; requests over the limit are rejected. Unset means no limit."
            ),
            zh="单个请求中各模态输入数量的上限，JSON 格式，键为模态、值为个数，如 {\"image\": 4, \"video\": 1}；超限请求会被拒绝。不设置则不限制。",
        ),
    )] = None
