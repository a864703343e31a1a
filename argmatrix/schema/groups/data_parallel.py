"""Data parallelism: running several model replicas (or attention DP groups) and spreading requests across them."""

from typing import Annotated, Literal

from ..meta import Arg, Group, Text
from ..types import PositiveInt

GROUP = Group('data_parallel', Text(en='Data parallelism', zh='数据并行'))


class DataParallelArgs:

    dp_size: Annotated[PositiveInt, Arg(
        '--data-parallel-size', '--dp-size',
        help=Text(
            en=(
                "Number of data-parallel replicas, each serving a share of the requests. With --enable-dp-attention it "
                "is instead the number of attention DP groups inside one model instance."
            ),
            zh=(
                "数据并行副本数，各副本分担一部分请求。开启 --enable-dp-attention 时，"
                "它表示同一模型实例内注意力部分的数据并行组数。"
            ),
        ),
    )] = 1

    attn_dp_size: Annotated[PositiveInt, Arg(
        '--attn-dp-size', '--attention-data-parallel-size',
        help=Text(
            en=(
                "Number of data-parallel attention groups inside the tensor-parallel group, each with its own "
                "scheduler, while the FFN/MoE layers stay tensor-parallel; --tp-size must be a multiple of it. "
                "1 means no attention data parallelism. It replaces --dp-size N with --enable-dp-attention."
            ),
            zh=(
                "张量并行组内的注意力数据并行组数，每组有自己的调度器，FFN/MoE 层仍按张量并行运行；--tp-size 必须是它的整数倍。"
                "1 表示不做注意力数据并行。它取代 --dp-size N 加 --enable-dp-attention 的旧写法。"
            ),
        ),
    )] = 1

    load_balance_method: Annotated[Literal['auto', 'round_robin', 'follow_bootstrap_room', 'total_requests', 'total_tokens'], Arg(
        '--load-balance-method',
        help=Text(
            en=(
                "How requests are spread over DP workers: round_robin, follow_bootstrap_room (route by the PD "
                "bootstrap room), total_requests (fewest in-flight requests) or total_tokens (lightest token load, DP "
                "attention only). auto uses follow_bootstrap_room on PD prefill servers and round_robin otherwise."
            ),
            zh=(
                "请求在各数据并行工作进程之间的分配方式：round_robin 轮询；follow_bootstrap_room 按 PD 分离的 "
                "bootstrap_room 路由；total_requests 选在途请求最少者；"
                "total_tokens 选 token 负载最轻者（仅限注意力数据并行）。auto 在 PD 分离的预填充实例上取 follow_bootstrap_room，"
                "其余情况取 round_robin。"
            ),
        ),
    )] = 'auto'

    prefill_round_robin_balance: Annotated[bool, Arg(
        '--prefill-round-robin-balance',
        help=Text(
            en=(
                "Removed: it used to make prefill servers balance round-robin so decode servers could find the "
                "matching DP rank, and now has no effect. Passing it is an error pointing to --load-balance-method "
                "follow_bootstrap_room."
            ),
            zh=(
                "已移除：原先让预填充实例按轮询均衡，以便解码实例找到对应的 DP rank，现已不起作用。继续传入会报错，"
                "错误信息会提示改用 --load-balance-method follow_bootstrap_room。"
            ),
        ),
    )] = False
