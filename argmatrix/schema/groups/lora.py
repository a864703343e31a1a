"""LoRA: serving LoRA adapters on top of the base model, and how adapters are loaded, batched and evicted."""

from typing import Annotated, Any, Literal

from ..meta import Arg, Group, Text
from ..types import NonNegFloat, PositiveInt

GROUP = Group('lora', Text(en='LoRA', zh='LoRA'))


class LoraArgs:

    enable_lora: Annotated[bool, Arg(
        '--enable-lora',
        help=Text(
            en=(
                "Turn on LoRA adapter serving. Implied when --lora-paths is given; set it explicitly to start with no "
                "adapters and load them later via the API (then also set --max-lora-rank and --lora-target-modules)."
            ),
            zh=(
                "开启 LoRA 适配器服务。指定 --lora-paths 时会自动开启；若启动时不带适配器、之后通过接口动态加载，需显式设置，并同时给出 --max-lora-rank 与 "
                "--lora-target-modules。"
            ),
        ),
    )] = False

    enable_lora_overlap_loading: Annotated[bool, Arg(
        '--enable-lora-overlap-loading',
        help=Text(
            en=(
                "Copy LoRA adapter weights to device memory asynchronously, overlapping the host-to-device transfer "
                "with computation. Worth enabling when frequently swapping in large adapters stalls batches."
            ),
            zh="异步地将 LoRA 适配器权重拷入设备显存，使主机到设备的传输与计算重叠。频繁换入大型适配器导致批次停顿时建议开启。",
        ),
    )] = False

    max_lora_rank: Annotated[PositiveInt | None, Arg(
        '--max-lora-rank',
        help=Text(
            en=(
                "Largest LoRA rank the adapter memory pool is sized for. Unset infers it from the adapters in "
                "--lora-paths; set it if you plan to load higher-rank adapters after startup."
            ),
            zh="适配器显存池按此最大 LoRA 秩预留空间。不设置时按 --lora-paths 里的适配器推断；若启动后还要加载秩更大的适配器，需显式设置。",
        ),
    )] = None

    lora_target_modules: Annotated[list[Literal['q_proj', 'k_proj', 'v_proj', 'o_proj', 'gate_proj', 'up_proj', 'down_proj', 'qkv_proj', 'gate_up_proj', 'embed_tokens', 'lm_head', 'all', 'kv_a_proj_with_mqa', 'kv_b_proj', 'q_a_proj', 'q_b_proj', 'qkvr', 'weights_proj', 'wk', 'wo_ud', 'wq_b']] | None, Arg(
        '--lora-target-modules',
        help=Text(
            en=(
                "Modules LoRA may be applied to, as the union over all adapters (e.g. q_proj v_proj gate_proj), or "
                "'all' for every supported module at a small speed cost. Unset infers them from --lora-paths."
            ),
            zh="可施加 LoRA 的模块集合，应覆盖所有适配器用到的模块（如 q_proj、v_proj、gate_proj）；填 all 表示全部支持的模块，但会略增开销。不设置时根据 --lora-paths 加载的适配器推断。",
        ),
    )] = None

    lora_paths: Annotated[list[str | dict[str, Any]] | None, Arg(
        '--lora-paths',
        help=Text(
            en=(
                "LoRA adapters to load at startup. Each entry is PATH, NAME=PATH, or a JSON object with lora_name, "
                "lora_path and an optional pinned flag (pinned adapters are never evicted)."
            ),
            zh="启动时要载入的 LoRA 适配器，可填多个。每项可写作 路径、名称=路径，或包含 lora_name、lora_path 及可选 pinned 字段的 JSON 对象（pinned 的适配器不会被换出）。",
        ),
    )] = None

    max_loras_per_batch: Annotated[PositiveInt, Arg(
        '--max-loras-per-batch',
        help=Text(
            en=(
                "Maximum number of distinct LoRA adapters in one running batch, where base-model-only requests count "
                "as one. This is also the number of adapter slots kept in device memory."
            ),
            zh="单个运行批次中可同时出现的不同 LoRA 适配器数上限，只用基座模型的请求也算作一个。该值同时决定设备显存中保留的适配器槽位数。",
        ),
    )] = 8

    max_loaded_loras: Annotated[PositiveInt | None, Arg(
        '--max-loaded-loras',
        help=Text(
            en=(
                "Cap on how many LoRA adapters are kept loaded in host (CPU) memory at once; must be at least "
                "--max-loras-per-batch. Unset means no limit."
            ),
            zh="同时驻留在主机（CPU）内存中的 LoRA 适配器数量上限，不能小于 --max-loras-per-batch。不设置表示不限制。",
        ),
    )] = None

    lora_drain_wait_threshold: Annotated[NonNegFloat, Arg(
        '--lora-drain-wait-threshold',
        help=Text(
            en=(
                "Seconds a request for a LoRA adapter may wait before the scheduler drains one running adapter to "
                "free batch slots, so a few busy adapters cannot starve the rest under skewed load. 0 never drains."
            ),
            zh="请求某个 LoRA 适配器的请求最多等待的秒数，超过后调度器会让一个正在运行的适配器排空、腾出批次槽位，避免负载倾斜时少数繁忙的适配器长期独占。0 表示从不排空。",
        ),
    )] = 0.0

    lora_eviction_policy: Annotated[Literal['lru', 'fifo'], Arg(
        '--lora-eviction-policy',
        help=Text(
            en=(
                "Which adapter to evict from the device adapter pool when it is full and another one is needed: 'lru' "
                "evicts the least recently used, 'fifo' the one loaded earliest."
            ),
            zh="设备上的适配器池已满又需换入新适配器时的淘汰策略：lru 淘汰最久未使用的，fifo 淘汰最早载入的。",
        ),
    )] = 'lru'

    lora_backend: Annotated[Literal['triton', 'csgmv', 'ascend', 'torch_native', 'triton_v2'], Arg(
        '--lora-backend',
        help=Text(
            en=(
                "Kernel backend for batched multi-LoRA computation: csgmv (chunked SGMV), triton, torch_native (plain "
                "PyTorch), or ascend on Ascend NPUs."
            ),
            zh="多 LoRA 批量计算所用的算子后端：csgmv（分块 SGMV）、triton、torch_native（纯 PyTorch 实现），昇腾 NPU 上可选 ascend。",
        ),
    )] = 'csgmv'

    lora_strict_loading: Annotated[bool, Arg(
        '--lora-strict-loading',
        help=Text(
            en=(
                "Refuse to load a LoRA adapter whose weights have missing or unexpected keys, instead of loading what "
                "matches. Off by default; --no-lora-strict-loading states the default explicitly."
            ),
            zh="LoRA 适配器权重中有缺失或多余的键时拒绝加载，而不是只加载能对上的部分。默认关闭；--no-lora-strict-loading 可显式保持关闭。",
        ),
    )] = False

    experts_shared_outer_loras: Annotated[bool | None, Arg(
        '--experts-shared-outer-loras',
        help=Text(
            en=(
                "For LoRA on MoE models: treat the outer LoRA matrices (lora_A of w1/w3 and lora_B of w2) as shared by "
                "all experts. Unset detects this from the adapter weights; --no-experts-shared-outer-loras forces "
                "separate matrices per expert."
            ),
            zh="用于 MoE 模型的 LoRA：把外侧的 LoRA 矩阵（w1/w3 的 lora_A 与 w2 的 lora_B）视为所有专家共用。不设置时根据适配器权重自动判断；--no-experts-shared-outer-loras 可强制每个专家各用一份。",
        ),
    )] = None

    lora_use_virtual_experts: Annotated[bool, Arg(
        '--lora-use-virtual-experts',
        help=Text(
            en=(
                "Compute LoRA on MoE layers through virtual experts. Required by the experimental Marlin MoE-LoRA "
                "path, which also needs --lora-backend triton."
            ),
            zh="通过虚拟专家计算 MoE 层上的 LoRA。实验特性 Marlin MoE-LoRA 路径要求开启它，并同时使用 --lora-backend triton。",
        ),
    )] = False

    max_lora_chunk_size: Annotated[Literal[16, 32, 64, 128], Arg(
        '--max-lora-chunk-size',
        help=Text(
            en=(
                "Largest chunk size, in tokens, used by the chunked SGMV kernels; only applies with --lora-backend "
                "csgmv. Larger chunks may run faster."
            ),
            zh="分块 SGMV 算子使用的最大分块大小（token 数），仅当 --lora-backend 为 csgmv 时有效；取值越大通常越快。",
        ),
    )] = 16
