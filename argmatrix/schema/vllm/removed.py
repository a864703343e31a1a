"""`vllm serve` flags that vLLM removed: when each left and what to write instead.

vLLM's parser only says "unrecognized arguments" for these; the flags still fill launch scripts and tutorials, so
check-config names the release that dropped each one and its successor, as it does for SGLang's (schema/releases.py).

Where each fact comes from:

* ``last_seen`` / ``gone_by``: the flag is in the first release's ``vllm serve`` parser and absent from the second
  (the parsers of vLLM 0.13.0, 0.18.0 and 0.23.0 in scratch venvs, read with ``add_argument`` calls of
  vllm/engine/arg_utils.py; 0.32.0 from tests/fixtures/vllm-0.32.0.json).  ``last_seen`` None: already absent from
  0.13.0, the oldest parser read; ``source`` then names the vLLM change that removed it.
* ``successor``: the flag (dotted key included) to write instead, in vLLM 0.32's spelling; None where nothing takes
  its place, and ``instead`` says why (vLLM now does it itself, or the feature is gone).
"""
from __future__ import annotations

from ...records import record
from ..meta import Text

OLDEST_READ = "0.13.0"  # the oldest vLLM parser these facts were read from


@record
class RemovedFlag:
    flag: str
    last_seen: str | None      # the newest release read whose parser has it; None: absent from OLDEST_READ
    gone_by: str               # the oldest release read whose parser no longer has it
    successor: str | None      # what to write instead, in vLLM 0.32's spelling
    instead: Text              # why, and what vLLM does now
    source: str                # the vLLM change or code that says so

    @property
    def when(self) -> Text:
        if self.last_seen is None:
            return Text(f"vLLM removed it before {self.gone_by}", f"vLLM 在 {self.gone_by} 之前已移除该参数")
        return Text(f"vLLM removed it after {self.last_seen} (gone by {self.gone_by})",
                    f"vLLM 在 {self.last_seen} 之后移除了该参数（{self.gone_by} 起已不存在）")


_V1_DOES_IT = Text("nothing: vLLM's V1 engine does this itself", "无需替代：vLLM 的 V1 引擎会自行处理")

REMOVED: tuple[RemovedFlag, ...] = (
    RemovedFlag("--swap-space", "0.13.0", "0.18.0", None, Text(
        "nothing: the V1 engine never swaps KV blocks to the CPU (a preempted request is recomputed); to keep KV "
        "blocks in host memory use --kv-offloading-size",
        "无需替代：V1 引擎从不把 KV 块换出到 CPU（被抢占的请求会重新计算）；若要把 KV 块放在主机内存中，请用 "
        "--kv-offloading-size"), "vllm-project/vllm#36216"),
    RemovedFlag("--use-v2-block-manager", None, OLDEST_READ, None, Text(
        "nothing: the v2 block manager became the only one, and the V1 engine replaced it",
        "无需替代：v2 块管理器早已成为唯一实现，之后又被 V1 引擎取代"), "vllm-project/vllm#8704"),
    RemovedFlag("--num-scheduler-steps", None, OLDEST_READ, None, Text(
        "nothing: multi-step scheduling went with the V0 engine; V1 overlaps scheduling with execution itself "
        "(--async-scheduling)",
        "无需替代：多步调度随 V0 引擎一并移除；V1 会自行让调度与执行重叠（--async-scheduling）"),
        "vllm-project/vllm#22779"),
    RemovedFlag("--multi-step-stream-outputs", None, OLDEST_READ, None, Text(
        "nothing: it belonged to multi-step scheduling, which went with the V0 engine",
        "无需替代：它属于多步调度，已随 V0 引擎一并移除"), "vllm-project/vllm#22779"),
    RemovedFlag("--logits-processor-pattern", "0.13.0", "0.18.0", "--logits-processors", Text(
        "the V1 engine refused it; name the logits processors to load with --logits-processors",
        "V1 引擎不接受它；请用 --logits-processors 指定要加载的 logits 处理器"),
        "vllm 0.13.0 vllm/engine/arg_utils.py:1724"),
    RemovedFlag("--calculate-kv-scales", "0.23.0", "0.32.0", None, Text(
        "nothing: the KV-cache scales are read from the checkpoint, else 1.0",
        "无需替代：KV 缓存的缩放系数从检查点读取，没有时取 1.0"), "vllm 0.23.0 vllm/config/cache.py:246"),
    RemovedFlag("--max-num-partial-prefills", "0.23.0", "0.32.0", None, Text(
        "nothing: concurrent partial prefills are gone; the scheduler chunks long prompts itself "
        "(--long-prefill-token-threshold)",
        "无需替代：并发部分预填充已移除；调度器会自行切分长提示（--long-prefill-token-threshold）"),
        "vllm 0.23.0 vllm/config/scheduler.py:70"),
    RemovedFlag("--max-long-partial-prefills", "0.23.0", "0.32.0", None, Text(
        "nothing: concurrent partial prefills are gone", "无需替代：并发部分预填充已移除"),
        "vllm 0.23.0 vllm/config/scheduler.py:70"),
    RemovedFlag("--override-attention-dtype", "0.23.0", "0.32.0", None, Text(
        "nothing: it only ever acted on ROCm, and vLLM picks the attention dtype from --dtype",
        "无需替代：它只在 ROCm 上生效，vLLM 按 --dtype 选择注意力的数据类型"), "vllm 0.23.0 vllm/config/model.py:522"),
    RemovedFlag("--worker-use-ray", None, OLDEST_READ, "--distributed-executor-backend", Text(
        "write --distributed-executor-backend ray", "请改写为 --distributed-executor-backend ray"),
        "vllm/engine/arg_utils.py distributed_executor_backend"),
    RemovedFlag("--guided-decoding-backend", None, OLDEST_READ, "--structured-outputs-config.backend", Text(
        "guided decoding became structured outputs: write --structured-outputs-config.backend",
        "引导解码已改名为结构化输出：请改写为 --structured-outputs-config.backend"),
        "vllm/config/structured_outputs.py StructuredOutputsConfig.backend"),
    RemovedFlag("--task", None, OLDEST_READ, "--runner", Text(
        "the task split into --runner (generate or pooling) and --convert (embed, classify, ...)",
        "task 已拆分为 --runner（generate 或 pooling）与 --convert（embed、classify 等）"),
        "vllm/config/model.py runner, convert"),
    RemovedFlag("--device", None, OLDEST_READ, None, Text(
        "nothing: vLLM picks the device from the platform it detects (on Ascend, vLLM-Ascend's plugin)",
        "无需替代：vLLM 按检测到的平台选择设备（昇腾上由 vLLM-Ascend 插件决定）"), "vllm/platforms/__init__.py"),
    RemovedFlag("--preemption-mode", None, OLDEST_READ, None, Text(
        "nothing: the V1 engine always recomputes a preempted request", "无需替代：V1 引擎总是重新计算被抢占的请求"),
        "vllm-project/vllm#25321"),
    RemovedFlag("--num-lookahead-slots", None, OLDEST_READ, None, _V1_DOES_IT, "vllm-project/vllm#25321"),
    RemovedFlag("--disable-async-output-proc", None, OLDEST_READ, None, _V1_DOES_IT, "vllm-project/vllm#25321"),
    RemovedFlag("--scheduler-delay-factor", None, OLDEST_READ, None, _V1_DOES_IT, "vllm-project/vllm#25321"),
    RemovedFlag("--tokenizer-pool-size", None, OLDEST_READ, None, Text(
        "nothing: the API server tokenizes in its own processes (--api-server-count)",
        "无需替代：API 服务在自己的进程中完成分词（--api-server-count）"), "vllm-project/vllm#25321"),
    RemovedFlag("--enable-prompt-adapter", None, OLDEST_READ, None, Text(
        "nothing: prompt adapters were removed from vLLM", "无需替代：vLLM 已移除提示适配器（prompt adapter）"),
        "vllm-project/vllm#20588"),
)

BY_FLAG: dict[str, RemovedFlag] = {r.flag: r for r in REMOVED}


def removed(flag: str) -> RemovedFlag | None:
    """The removed flag ``flag`` names (underscores read as dashes, as vLLM's parser reads them), if any."""
    return BY_FLAG.get("--" + flag[2:].replace("_", "-")) if flag.startswith("--") else None
