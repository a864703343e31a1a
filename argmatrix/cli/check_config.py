"""``check-config`` itself, and a fast path that skips building the typer app for it.

The preflight is run before every launch and in CI loops, so its start-up
matters: importing typer and building the command tree costs ~45 ms, a fifth
of the whole command.  ``fast_path`` handles the common, unambiguous forms
(options, then ``--``, then server flags; or options alone, as in ``--config FILE``)
with the same options; anything else (``--help``, an unknown option, a bad value,
server flags without ``--``) returns None and goes through typer, which owns the
help and the error messages.
tests/compiler/test_cli.py checks both paths accept the same options and print the same output.
"""
from __future__ import annotations

from typing import Any

from .lang import default_lang

# option -> (keyword, choices or None for a free value, True for a switch)
OPTIONS: dict[str, tuple[str, tuple[str, ...] | bool | None]] = {
    "--target": ("target", None), "--config": ("config", None), "--format": ("fmt", ("text", "json")),
    "--lang": ("lang", ("en", "zh")), "--strict": ("strict", True), "--allow-unsupported": ("allow_unsupported", True),
    "--engine": ("engine", None), "--sglang-version": ("sglang_version", None),
    "--vllm-version": ("vllm_version", None), "--vllm-ascend-version": ("vllm_ascend_version", None),
    "--compat": ("compat", ("vllm",)),
    "--show-secrets": ("show_secrets", True), "--for": ("for_", ("k8s",)), "--nodes": ("nodes", None),
    # the model and memory options (cli/plan.py); the counts become ints below
    "--model-config": ("model_config", None), "--device-memory": ("device_memory", None),
    "--devices-per-node": ("devices_per_node", None), "--plan-input-len": ("plan_input_len", None),
    "--plan-output-len": ("plan_output_len", None), "--gpu-arch": ("gpu_arch", None),
}
PLAN_KEYS = ("model_config", "device_memory", "devices_per_node", "plan_input_len", "plan_output_len", "gpu_arch")
COUNT_KEYS = ("devices_per_node", "plan_input_len", "plan_output_len", "nodes")


def run_check_config(server_argv: list[str], *, target: str | None = None, config: str | None = None,
                     fmt: str = "text", lang: str | None = None, strict: bool = False,
                     allow_unsupported: bool = False, engine: str | None = None, sglang_version: str | None = None,
                     vllm_version: str | None = None, compat: str | None = None, show_secrets: bool = False,
                     vllm_ascend_version: str | None = None, for_: str | None = None, nodes: int | None = None,
                     **plan_options) -> int:
    """Compile, print in the chosen format and language, return the exit status.

    Secrets are printed as ``<redacted>`` (``schema/redact.py``) unless ``show_secrets``.
    ``for_="k8s"``: the launch as a Kubernetes container runs it (``$(VAR)`` references are values; ``nodes``:
    pods per group when ``--nnodes`` is itself one).

    ``plan_options``: --model-config, --device-memory, --devices-per-node, --plan-input-len/--plan-output-len,
    --gpu-arch.
    """
    import sys

    from ..compiler import CompileOptions, compile
    from . import render
    from .plan import PlanOptionError, plan_inputs

    try:
        inputs = plan_inputs(**plan_options)
    except PlanOptionError as exc:
        print(f"argmatrix check-config: {exc.text(lang or default_lang())}", file=sys.stderr)
        return 2
    versions = {k: v for k, v in (("sglang", sglang_version), ("vllm", vllm_version),
                                  ("vllm-ascend", vllm_ascend_version)) if v}
    # the model checks always run here, so a hub id gets the note that they were skipped, in text and JSON alike
    def compile_argv(argv: list[str]) -> Any:
        return compile(argv, CompileOptions(config=config, target=target, strict=strict,
                                            allow_unsupported=allow_unsupported, engine=engine or compat,
                                            plan_inputs=inputs, releases=versions, complete=True))

    if for_ is None:
        compiled = compile_argv(server_argv)
    elif for_ == "k8s":  # $(VAR) in a rank, count, port or address flag is Kubernetes' to fill in (k8s_refs.py)
        from .. import records
        from ..compiler.findings import sort_findings
        from ..compiler.k8s_refs import compile_for_k8s, refs_note

        ref = compile_for_k8s(server_argv, compile_argv, nodes=nodes)
        note = refs_note(ref)
        compiled = records.replace(ref.compiled, findings=sort_findings(
            [*ref.compiled.findings, *ref.findings, *([note] if note else [])], ref.compiled.surface))
    else:
        print(f"argmatrix check-config: --for {for_}: the only choice is k8s", file=sys.stderr)
        return 2
    scrub = secrets_hidden(compiled, show_secrets)
    if fmt == "json":
        data = compiled.to_json() if show_secrets else redacted_json(compiled.to_json())
        print(scrub.json_safe(render.dumps(data)))
    else:
        render.emit(render.findings_lines(compiled, lang or default_lang()), scrub=scrub)
    return compiled.exit_code


def secrets_hidden(compiled: Any, show: bool) -> Any:
    """The scrubber for a command's output: every literal secret of ``compiled`` hidden, unless ``show``."""
    from ..schema.redact import Scrubber

    return Scrubber.showing_all() if show else Scrubber.of(compiled.values)


def redacted_json(data: dict[str, Any]) -> dict[str, Any]:
    """check-config's JSON with every secret-named argument's value hidden."""
    from ..schema.redact import redact

    for name, entry in data.get("args", {}).items():
        entry["value"] = redact(entry["value"], name)
    return data


def fast_path(argv: list[str]) -> int | None:
    """Run ``check-config OPTIONS -- FLAGS`` without typer; None when typer should handle it."""
    # without "--" only our own options may be there (check-config --config FILE): any other word is typer's
    split = argv.index("--") if "--" in argv else len(argv)
    own, server = argv[:split], argv[split + 1:]
    kwargs: dict[str, Any] = {}       # run_check_config's keyword arguments
    i = 0
    while i < len(own):
        name, eq, inline = own[i].partition("=")
        if name not in OPTIONS:
            return None
        key, kind = OPTIONS[name]
        if kind is True:
            if eq:
                return None
            kwargs[key] = True
            i += 1
            continue
        if eq:
            value, i = inline, i + 1
        elif i + 1 < len(own):
            value, i = own[i + 1], i + 2
        else:
            return None
        if isinstance(kind, tuple) and value not in kind:
            return None
        if key in COUNT_KEYS:
            if not value.isdigit():
                return None  # typer reports the bad integer
            kwargs[key] = int(value)
        else:
            kwargs[key] = value
    return run_check_config(server, **kwargs)
