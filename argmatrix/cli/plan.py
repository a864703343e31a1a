"""``argmatrix plan``: will this launch fit, per device, before anything loads (and the model options of check-config).

The numbers come from ``compiler.memory_plan`` through ``compiler.model_checks.analyse``; this module
parses the plan options, prints the breakdown (a rich table, or JSON in the shape docs/plan.md pins)
and returns the exit status: 0 fits, 1 errors (it does not fit, or another error), 2 unusable input.
"""
from __future__ import annotations

import sys
from typing import Any

from ..compiler.findings import ERROR, USAGE
from ..compiler.model_checks import FRACTION_SOURCES
from ..schema import registry
from ..schema.meta import Text


class PlanOptionError(ValueError):
    """A plan option the plan cannot use; ``text`` says so in both languages."""

    def __init__(self, en: str, zh: str):
        super().__init__(en)
        self.text = Text(en, zh)


def plan_inputs(model_config: str | None = None, device_memory: str | None = None,
                devices_per_node: int | None = None, plan_input_len: int | None = None,
                plan_output_len: int | None = None, gpu_arch: str | None = None):
    """Validate the plan options into ``PlanInputs``; PlanOptionError names the option, the value and a fix."""
    from ..compiler.model_checks import PlanInputs, parse_size
    from ..matrix.devices import GPU_ARCH_EXAMPLES, parse_gpu_arch

    memory = None
    if device_memory is not None:
        try:
            memory = parse_size(device_memory)
        except ValueError as exc:
            raise PlanOptionError(f"--device-memory: {exc}", f"--device-memory：{_size_error_zh(device_memory)}") from None
    for flag, value in (("--devices-per-node", devices_per_node), ("--plan-input-len", plan_input_len),
                        ("--plan-output-len", plan_output_len)):
        if value is not None and (not isinstance(value, int) or value <= 0):
            raise PlanOptionError(f"{flag} {value}: expected a positive integer", f"{flag} {value}：应为正整数")
    arch = None
    if gpu_arch is not None:
        try:
            arch = parse_gpu_arch(gpu_arch)
        except ValueError as exc:
            raise PlanOptionError(f"--gpu-arch: {exc}", f"--gpu-arch：{gpu_arch!r} 不是 CUDA 计算能力；请写成 "
                                  f"{GPU_ARCH_EXAMPLES.replace(' or ', ' 或 ')} 这样的形式") from None
    return PlanInputs(model_config, memory, devices_per_node, plan_input_len, plan_output_len, arch)


def _size_error_zh(text: str) -> str:
    return f"{text!r} 不是内存大小；请写成 141GB、64GiB 或 80G 这样的形式"


# --- output ------------------------------------------------------------------------------------------------------

LABELS = {
    "target": Text("target", "目标平台"), "devices": Text("devices per node", "每节点设备数"),
    "memory": Text("memory per device", "每设备显存"), "model": Text("model", "模型"),
    "params": Text("parameters", "参数量"), "weights": Text("weights (one copy)", "权重（一份）"),
    "per_device": Text("per device", "每设备"), "weights_dev": Text("weights", "权重"),
    "reserve": Text("reserve (activations, graphs)", "预留（激活、图）"), "kv_token": Text("KV bytes per token", "每 token KV 字节"),
    "pool": Text("KV pool", "KV 缓存池"), "longest": Text("longest request", "最长请求"),
    "running": Text("requests at once", "可并发请求"), "fits": Text("fits", "能否放下"),
    "yes": Text("yes", "能"), "no": Text("no", "不能"), "unknown": Text("unknown", "未知"),
    "tokens": Text("tokens", "token"), "of": Text("of", "每个请求"), "fraction": Text("mem-fraction-static", "mem-fraction-static"),
    "component": Text("component", "组成部分"), "value": Text("value", "值"),
}


# the flag whose share of device memory the plan used, per engine (SGLang's is LABELS["fraction"])
FRACTION_FLAGS = {"vllm": "gpu-memory-utilization"}

COMPONENTS = {"attention": Text("attention", "注意力"), "dense_mlp": Text("dense MLP", "稠密 MLP"),
              "shared_experts": Text("shared experts", "共享专家"), "experts": Text("routed experts", "路由专家"),
              "embeddings": Text("embeddings", "词嵌入"), "lm_head": Text("LM head", "输出层")}


def _gib(n: int | None, lang: str) -> str:
    return LABELS["unknown"](lang) if n is None else f"{n / (1 << 30):.2f} GiB"


def plan_json(compiled, ctx) -> dict[str, Any]:
    """The stable JSON shape (docs/plan.md); parts the plan could not compute are null."""
    findings = [f.to_json() for f in compiled.findings]
    if ctx is not None and ctx.plan is not None:
        return ctx.plan.to_json(findings)
    facts = ctx.facts if ctx is not None else None
    return {
        "target": compiled.platform if compiled.target_known else None,
        "devices_per_node": ctx.devices_per_node if ctx is not None else None,
        "device_memory_bytes": ctx.device_memory if ctx is not None else None,
        "model": {"architecture": facts.architecture if facts else None, "params": facts.params.total if facts else None,
                  "weight_bytes": None},
        "per_device": {"weight_bytes": None, "kv_bytes_per_token": None, "reserve_bytes": None, "kv_pool_tokens": None},
        "max_running_requests": None, "fits": False, "findings": findings,
    }


def table_rows(ctx, compiled, lang: str) -> list[tuple[str, str]]:
    L = {k: v(lang) for k, v in LABELS.items()}
    c = "：" if lang == "zh" else ": "

    def aside(text: str) -> str:  # a parenthetical remark after a value
        return f"（{text}）" if lang == "zh" else f"  ({text})"

    p, facts = ctx.plan, ctx.facts
    rows = [(L["target"], compiled.platform), (L["devices"], str(ctx.devices_per_node or L["unknown"])),
            (L["memory"], _gib(ctx.device_memory, lang))]
    if facts is not None:
        rows += [(L["model"], facts.architecture), (L["params"], f"{facts.params.total / 1e9:.2f} B")]
    if p is None:
        return rows
    rows.append((L["weights"], _gib(p.weight_bytes, lang)))
    for name, size in p.per_device_weights.items():
        if size:
            rows.append((f"  {L['per_device']}{c}{COMPONENTS[name](lang)}", _gib(size, lang)))
    rows += [
        (f"{L['per_device']}{c}{L['weights_dev']}", _gib(p.per_device_weight_bytes, lang)),
        (f"{L['per_device']}{c}{L['reserve']}",
         _gib(p.reserve_bytes, lang) + aside(f"{FRACTION_FLAGS.get(compiled.engine, L['fraction'])} "
                                              f"{p.mem_fraction_static}"
                                              f"{'，' if lang == 'zh' else ', '}"
                                              f"{FRACTION_SOURCES[p.mem_fraction_source](lang)}")),
        (f"{L['per_device']}{c}{L['kv_token']}", f"{p.kv_bytes_per_token}"),
        (f"{L['per_device']}{c}{L['pool']}", f"{p.kv_pool_tokens} {L['tokens']}"),
        (L["longest"], f"{p.max_context_len if p.max_context_len is not None else '-'} {L['tokens']}"),
        (L["running"], f"{p.max_running_requests or 0}" + aside(f"{L['of']} {p.request_len} {L['tokens']}")),
        (L["fits"], L["yes"] if p.fits else L["no"]),
    ]
    return rows


def print_table(compiled, ctx, lang: str) -> None:
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    from . import render

    table = Table(title=f"argmatrix plan{render.colon(lang)}{compiled.platform}", show_header=True,
                  header_style="bold")
    table.add_column(LABELS["component"](lang))
    table.add_column(LABELS["value"](lang), justify="right")
    for label, value in table_rows(ctx, compiled, lang):
        style = ("green" if value == LABELS["yes"](lang) else "red") if label == LABELS["fits"](lang) else None
        table.add_row(escape(label), escape(value), style=style)  # a path or name is text, never markup
    Console(highlight=False, soft_wrap=False).print(table)
    lines = render.findings_lines(compiled, lang)[1:]  # the findings and the summary, without the check-config header
    render.emit(lines)


def run_plan(server_argv: list[str], *, target: str | None = None, config: str | None = None, fmt: str = "table",
             lang: str | None = None, engine: str | None = None, **options: Any) -> int:
    """Compile with the plan options, print the plan, return the exit status."""
    from ..compiler import CompileOptions, compile
    from ..compiler.compile import MODEL_CHECKED_ENGINES, model_context
    from ..compiler.model_checks import analyse
    from . import render
    from .lang import default_lang

    try:
        inputs = plan_inputs(**options)
    except PlanOptionError as exc:
        print(f"argmatrix plan: {exc.text(lang or default_lang())}", file=sys.stderr)
        return 2
    compiled = compile(server_argv, CompileOptions(config=config, target=target, plan_inputs=inputs, engine=engine))
    sglang = registry.is_sglang_table(compiled.specs)
    if not sglang and compiled.engine not in MODEL_CHECKED_ENGINES:
        said = Text(f"plan sizes SGLang and vLLM launches; a {compiled.engine} launch is checked by check-config, but "
                    "its memory is not planned", f"plan 可估算 SGLang 与 vLLM 的启动命令；{compiled.engine} 的启动命令"
                    "可以用 check-config 检查，但不估算其内存")
        print(f"argmatrix plan: {said(lang or default_lang())}", file=sys.stderr)
        return 2
    model_field = "model_path" if sglang else "model"
    if not (inputs.model_config or model_field in compiled.user_set or (sglang and compiled.values.get("model_path"))):
        said = (Text("give the model: --model-path DIR after --, or --model-config FILE",
                     "请指定模型：在 -- 之后加 --model-path DIR，或使用 --model-config FILE") if sglang else
                Text("give the model: vllm serve DIR after --, or --model-config FILE",
                     "请指定模型：在 -- 之后写 vllm serve DIR，或使用 --model-config FILE"))
        print("argmatrix plan: " + said(lang or default_lang()), file=sys.stderr)
        return 2
    if not compiled.target_known:  # no platform to plan for: the finding says which targets exist
        if fmt == "json":
            print(render.dumps(plan_json(compiled, None)))
        else:
            render.emit(render.findings_lines(compiled, lang or default_lang())[1:])
        return compiled.exit_code
    if sglang:
        ctx = analyse(compiled.values, compiled.sources, compiled.user_set, compiled.platform, {}, None, inputs,
                      compiled.detection)
    else:
        ctx = model_context(compiled.engine, compiled.values, compiled.sources, compiled.user_set, compiled.platform,
                            {}, compiled.specs, None, inputs, compiled.detection, compiled.release)
    if fmt == "json":
        print(render.dumps(plan_json(compiled, ctx)))
    else:
        print_table(compiled, ctx, lang or default_lang())
    # the plan's own findings count too: a config.json it cannot use is unusable input, a launch that does not fit
    # an error
    if any(f.severity == ERROR and f.kind == USAGE for f in ctx.findings):
        return 2
    return max(compiled.exit_code, 1 if any(f.severity == ERROR for f in ctx.findings) else 0)
