"""Third-party components: checkpoint-engine and KTransformers options, whose dependencies do not run on Ascend NPUs."""

from typing import Annotated

from ..meta import Arg, Group, Text

GROUP = Group('third_party', Text(en='Other Params (third-party)', zh='其他参数（第三方组件不兼容 NPU）'))


class ThirdPartyArgs:

    checkpoint_engine_wait_weights_before_ready: Annotated[bool, Arg(
        '--checkpoint-engine-wait-weights-before-ready',
        help=Text(
            en=(
                "Keep the server from reporting ready until the first weights arrive through checkpoint-engine or "
                "another weight-update path; usually combined with --load-format dummy."
            ),
            zh="在首批权重经由 checkpoint-engine 或其他权重更新方式写入之前，服务不进入就绪状态；通常与 --load-format dummy 搭配使用。",
        ),
    )] = False

    kt_weight_path: Annotated[str | None, Arg(
        '--kt-weight-path',
        help=Text(
            en=(
                "KTransformers: local folder holding the quantized MoE expert weights that run on the CPU with AMX "
                "kernels."
            ),
            zh="KTransformers 参数：存放由 CPU（AMX 算子）执行的量化 MoE 专家权重的本地目录。",
        ),
    )] = None

    kt_method: Annotated[str, Arg(
        '--kt-method',
        help=Text(
            en="KTransformers: quantization format of the CPU-side expert weights, e.g. AMXINT4 or AMXINT8.",
            zh="KTransformers 参数：CPU 侧专家权重的量化格式，如 AMXINT4、AMXINT8。",
        ),
    )] = 'AMXINT4'

    kt_cpuinfer: Annotated[int | None, Arg(
        '--kt-cpuinfer',
        help=Text(
            en="KTransformers: number of CPU threads used for expert inference. Unset uses the library default.",
            zh="KTransformers 参数：用于专家推理的 CPU 线程数；不设置时采用库的默认值。",
        ),
    )] = None

    kt_threadpool_count: Annotated[int, Arg(
        '--kt-threadpool-count',
        help=Text(
            en="KTransformers: number of CPU thread pools, normally one per NUMA node.",
            zh="KTransformers 参数：CPU 线程池的数量，通常与 NUMA 节点一一对应。",
        ),
    )] = 2

    kt_num_gpu_experts: Annotated[int | None, Arg(
        '--kt-num-gpu-experts',
        help=Text(
            en=(
                "KTransformers: how many experts of each MoE layer stay on the GPU; the remaining experts run on the "
                "CPU."
            ),
            zh="KTransformers 参数：每个 MoE 层保留在 GPU 上的专家数量，其余专家在 CPU 上运行。",
        ),
    )] = None

    kt_max_deferred_experts_per_token: Annotated[int | None, Arg(
        '--kt-max-deferred-experts-per-token',
        help=Text(
            en=(
                "KTransformers: maximum experts per token whose CPU computation may be deferred to overlap with later "
                "work; applies to every MoE layer except the last, which never defers."
            ),
            zh="KTransformers 参数：每个 token 最多可延后计算的 CPU 专家数，以便与后续计算重叠；对除最后一层外的所有 MoE 层生效，最后一层从不延后。",
        ),
    )] = None
