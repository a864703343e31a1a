"""The ``argmatrix`` command line: parse, call, print.  All logic lives in the library."""
from __future__ import annotations

import sys
from enum import Enum
from typing import NoReturn

import typer

from ..schema.meta import Text
from .lang import default_lang
from .server_help import ServerFlagsCommand

SHOW_SECRETS_HELP = ("Print secrets (--api-key, --admin-api-key, tokens and passwords, hf_token inside JSON values) "
                     "as they are; by default every output shows <redacted> in their place.")
# the plan options' help, kept in one place for check-config, plan and the fast path (cli/plan.py)
PLAN_HELP = {
    "model_config": "A model's config.json (or folder) to check against, when --model-path is not local.",
    "device_memory": "Memory of one device, e.g. 141GB or 64GiB (binary units); default: detected or the platform's.",
    "devices_per_node": "Devices in one node; default: detected or the platform's (a2: 8, a3: 16).",
    "plan_input_len": "Plan for requests of this many prompt tokens (with --plan-output-len) instead of the context.",
    "plan_output_len": "Plan for requests generating this many tokens (with --plan-input-len).",
    "gpu_arch": "The CUDA GPU's compute capability (sm90 for H100/H200, sm100 for B200, sm120; or 9.0, 10.0): "
                "SGLang's checks that need a GPU generation read it; default: detected, else unknown.",
}

app = typer.Typer(
    # add_completion: typer's --install-completion / --show-completion (bash, zsh, fish, PowerShell); the server
    # flags after -- complete through ServerFlagsCommand (cli/completion.py)
    name="argmatrix", no_args_is_help=True, add_completion=True, pretty_exceptions_enable=False,
    help="Check SGLang-style server launch flags against the hardware they will run on, and serve models.",
)
PASSTHROUGH = {"allow_extra_args": True, "ignore_unknown_options": True, "help_option_names": ["-h", "--help"]}


class Lang(str, Enum):
    en = "en"
    zh = "zh"


class OutFormat(str, Enum):
    text = "text"
    json = "json"


class MatrixFormat(str, Enum):
    table = "table"
    json = "json"
    md = "md"


class DiffFormat(str, Enum):
    md = "md"
    json = "json"


TARGET_HELP = "Hardware to check against: auto, a2, a3, 310p, a5, cuda or cpu (env ARGMATRIX_TARGET)."
SGLANG_VERSION_HELP = ("The SGLang release the launch will meet: its renamed, split and new flags are checked "
                       "(env ARGMATRIX_SGLANG_VERSION; default the newest known).")
TARGET_OPTION = typer.Option(None, "--target", help=TARGET_HELP)
CONFIG_OPTION = typer.Option(None, "--config", help="YAML, JSON or TOML file of server arguments.")
SGLANG_VERSION_OPTION = typer.Option(None, "--sglang-version", help=SGLANG_VERSION_HELP)
SHOWN_RELEASE_HELP = ("The SGLang release whose verdict on each flag to show: takes it, deprecates it, refuses it "
                     "(env ARGMATRIX_SGLANG_VERSION; default the newest known).")
LANG_OPTION = typer.Option(None, "--lang", help="Output language, en or zh (env ARGMATRIX_LANG).")
COMPAT_HELP = "Same as --engine vllm (kept for older scripts); `vllm serve ...` selects it by itself."
ENGINE_HELP = ("The engine whose parser and rules judge the launch: sglang (default), vllm (vLLM; vLLM-Ascend on "
               "Ascend) or argmatrix (argmatrix serve). A pasted launch line (python -m sglang.launch_server, "
               "vllm serve, argmatrix serve) selects it by itself.")
VLLM_VERSION_HELP = ("The vLLM release the launch will meet (env ARGMATRIX_VLLM_VERSION; default the newest "
                     "whose flags argmatrix holds).")
VLLM_VERSION_OPTION = typer.Option(None, "--vllm-version", help=VLLM_VERSION_HELP)
VLLM_ASCEND_VERSION_HELP = ("The vLLM-Ascend release that runs a vLLM launch on Ascend (env "
                            "ARGMATRIX_VLLM_ASCEND_VERSION; default the newest held); it also picks the vLLM release "
                            "it pins unless --vllm-version says otherwise.")
VLLM_ASCEND_VERSION_OPTION = typer.Option(None, "--vllm-ascend-version", help=VLLM_ASCEND_VERSION_HELP)


class CompatName(str, Enum):
    vllm = "vllm"


def _show_version(value: bool) -> None:
    if value:
        from .. import __version__

        print(f"argmatrix {__version__}")
        raise typer.Exit()


@app.callback()
def _main(version: bool = typer.Option(False, "--version", callback=_show_version, is_eager=True,
                                       help="Print the version and exit.")) -> None:
    """Check SGLang-style server launch flags against the hardware they will run on, and serve models."""


def _lang(lang: Lang | None) -> str:
    return lang.value if lang else default_lang()


@app.command("check-config", context_settings=PASSTHROUGH, cls=ServerFlagsCommand)
def check_config(
    ctx: typer.Context,
    target: str | None = TARGET_OPTION,
    config: str | None = CONFIG_OPTION,
    fmt: OutFormat = typer.Option(OutFormat.text, "--format", help="text for people, json for CI."),
    lang: Lang | None = LANG_OPTION,
    strict: bool = typer.Option(False, "--strict", help="Treat warnings as errors."),
    allow_unsupported: bool = typer.Option(False, "--allow-unsupported",
                                           help="Downgrade support errors (not type errors) to warnings."),
    engine: str | None = typer.Option(None, "--engine", help=ENGINE_HELP),
    sglang_version: str | None = SGLANG_VERSION_OPTION,
    vllm_version: str | None = VLLM_VERSION_OPTION,
    vllm_ascend_version: str | None = VLLM_ASCEND_VERSION_OPTION,
    compat: CompatName | None = typer.Option(None, "--compat", help=COMPAT_HELP),
    model_config: str | None = typer.Option(None, "--model-config", help=PLAN_HELP["model_config"]),
    device_memory: str | None = typer.Option(None, "--device-memory", help=PLAN_HELP["device_memory"]),
    devices_per_node: int | None = typer.Option(None, "--devices-per-node", help=PLAN_HELP["devices_per_node"]),
    plan_input_len: int | None = typer.Option(None, "--plan-input-len", help=PLAN_HELP["plan_input_len"]),
    plan_output_len: int | None = typer.Option(None, "--plan-output-len", help=PLAN_HELP["plan_output_len"]),
    gpu_arch: str | None = typer.Option(None, "--gpu-arch", help=PLAN_HELP["gpu_arch"]),
    show_secrets: bool = typer.Option(False, "--show-secrets", help=SHOW_SECRETS_HELP),
    for_: str | None = typer.Option(None, "--for", help="k8s: check the launch as a Kubernetes container runs it: "
                                    "$(VAR) in a rank, count, port or address flag is filled in at start."),
    nodes: int | None = typer.Option(None, "--nodes", help="--for k8s: pods per group, when --nnodes is itself a "
                                     "reference such as $(LWS_GROUP_SIZE)."),
) -> None:
    """Check server flags before anything loads: argmatrix check-config --target a3 -- --tp-size 2 ...

    A local --model-path (or --model-config FILE) is read too: heads, context, MoE, quantization, memory.
    Exit status: 0 clean, 1 errors found, 2 unusable input (unknown flag, unreadable config file).
    """
    from .check_config import run_check_config

    raise typer.Exit(run_check_config(ctx.args, target=target, config=config, fmt=fmt.value,
                                      show_secrets=show_secrets,
                                      lang=lang.value if lang else None, strict=strict,
                                      allow_unsupported=allow_unsupported, engine=engine,
                                      model_config=model_config, device_memory=device_memory,
                                      devices_per_node=devices_per_node, plan_input_len=plan_input_len,
                                      plan_output_len=plan_output_len, gpu_arch=gpu_arch,
                                      sglang_version=sglang_version,
                                      vllm_version=vllm_version, vllm_ascend_version=vllm_ascend_version,
                                      compat=compat.value if compat else None, for_=for_, nodes=nodes))


class PlanFormat(str, Enum):
    table = "table"
    json = "json"


PLAN_ENGINE_HELP = ("Whose memory rules: sglang (default) or vllm; `vllm serve DIR` after -- selects vllm by "
                    "itself.")


@app.command(context_settings=PASSTHROUGH, cls=ServerFlagsCommand)
def plan(
    ctx: typer.Context,
    target: str | None = TARGET_OPTION,
    config: str | None = CONFIG_OPTION,
    fmt: PlanFormat = typer.Option(PlanFormat.table, "--format", help="table for people, json for CI."),
    lang: Lang | None = LANG_OPTION,
    model_config: str | None = typer.Option(None, "--model-config", help=PLAN_HELP["model_config"]),
    device_memory: str | None = typer.Option(None, "--device-memory", help=PLAN_HELP["device_memory"]),
    devices_per_node: int | None = typer.Option(None, "--devices-per-node", help=PLAN_HELP["devices_per_node"]),
    plan_input_len: int | None = typer.Option(None, "--plan-input-len", help=PLAN_HELP["plan_input_len"]),
    plan_output_len: int | None = typer.Option(None, "--plan-output-len", help=PLAN_HELP["plan_output_len"]),
    gpu_arch: str | None = typer.Option(None, "--gpu-arch", help=PLAN_HELP["gpu_arch"]),
    engine: str | None = typer.Option(None, "--engine", help=PLAN_ENGINE_HELP),
) -> None:
    """Will it fit: weights, KV cache and reserve per device, from config.json alone (no weights read).

    argmatrix plan --target cuda --device-memory 141GB -- --model-path DIR --tp 2
    Exit status: 0 fits, 1 errors (does not fit, or another error), 2 unusable input.
    """
    from .plan import run_plan

    raise typer.Exit(run_plan(ctx.args, target=target, config=config, fmt=fmt.value,
                              lang=lang.value if lang else None, model_config=model_config,
                              device_memory=device_memory, devices_per_node=devices_per_node,
                              plan_input_len=plan_input_len, plan_output_len=plan_output_len, gpu_arch=gpu_arch,
                              engine=engine))


matrix_app = typer.Typer(invoke_without_command=True, no_args_is_help=False,
                         help="Show the support matrix, or compare two releases of it (matrix diff).")
app.add_typer(matrix_app, name="matrix")


@matrix_app.callback()
def matrix(
    ctx: typer.Context,
    platform: str | None = typer.Option(None, "--platform", help="Only this platform: a2, a3, cuda, cpu."),
    status: str | None = typer.Option(None, "--status", help="Only arguments with this status on the platform(s): supported, experimental, deficient, unverified, "
                                   "planned or unsupported (the Chinese words work too)."),
    group: str | None = typer.Option(None, "--group", help="Only this group (e.g. scheduling, lora)."),
    fmt: MatrixFormat = typer.Option(MatrixFormat.table, "--format", help="table, json or md."),
    lang: Lang | None = LANG_OPTION,
    engine: str | None = typer.Option(None, "--engine", help="Whose matrix: sglang (default), vllm or argmatrix."),
    sglang_version: str | None = typer.Option(None, "--sglang-version", help=SHOWN_RELEASE_HELP),
    vllm_ascend_version: str | None = VLLM_ASCEND_VERSION_OPTION,
) -> None:
    """Every argument's status on every platform (a2, a3, 310p, a5, cuda, cpu), for one engine."""
    if ctx.invoked_subcommand:
        return
    eng = _on_plugin_release(_engine(engine, lang), vllm_ascend_version, lang)
    from ..matrix.platforms import PLATFORMS, UnknownPlatform, resolve
    from ..matrix.table import rows
    from . import render

    try:
        platforms = [resolve(platform).key] if platform else list(PLATFORMS)
    except UnknownPlatform as exc:
        _fail(exc.text(_lang(lang)))
    from ..matrix.status import parse_status

    GROUPS = eng.surface.groups
    wanted = None
    if status is not None:
        found = parse_status(status)
        if found is None:
            from ..matrix.status import STATUS_TITLES

            words = ", ".join(f"{s.value} ({t.zh})" for s, t in STATUS_TITLES.items())
            _fail(f"unknown status '{status}'; choose one of: {words}" if _lang(lang) == "en"
                  else f"未知状态“{status}”；可选：{words}")
        wanted = found.value
    group_key = None
    if group is not None:
        group_key = next((g.key for g, _ in GROUPS if group.strip().lower() in (g.key, g.title.en.lower(), g.title.zh)),
                         None)
        if group_key is None:
            keys = ", ".join(f"{g.key} ({g.title(_lang(lang))})" for g, _ in GROUPS)
            _fail(f"unknown group '{group}'; choose one of: {keys}" if _lang(lang) == "en"
                  else f"未知分组“{group}”；可选：{keys}")
    selected = [r for r in rows(eng, _shown_release(eng, sglang_version, lang))
                if (group_key is None or r["group"] == group_key)
                and (wanted is None or any(r["platforms"][p]["status"] == wanted for p in platforms))]
    if fmt is MatrixFormat.json:
        print(render.dumps(selected))
    elif fmt is MatrixFormat.md:
        print(render.matrix_markdown(selected, platforms, _lang(lang)), end="")
    else:
        render.matrix_table(selected, platforms, _lang(lang))


@matrix_app.command("diff")
def matrix_diff(
    old: str = typer.Argument(..., help="Snapshot name (e.g. ascend-page-v1) or path to a snapshot JSON file."),
    new: str = typer.Argument("current", help="Snapshot name or path; 'current' is this version's matrix."),
    fmt: DiffFormat = typer.Option(DiffFormat.md, "--format", help="md or json."),
    lang: Lang | None = LANG_OPTION,
    engine: str | None = typer.Option(None, "--engine", help="sglang, vllm or vllm-ascend: OLD and NEW are two held "
                                      "releases of that engine (0.33.0 0.34.0), compared as their own code reads "
                                      "them."),
) -> None:
    """What changed between two releases of the matrix: added, removed, renamed, status changes."""
    from ..matrix import history

    if engine is not None:
        from ..matrix import release_diff

        key = engine if engine in release_diff.PLUGINS else _engine(engine, lang).key
        try:
            changes = release_diff.diff(key, old, new)
        except release_diff.UnheldRelease as exc:
            _fail(exc.text(_lang(lang)))
        print(release_diff.render_json(changes) if fmt is DiffFormat.json
              else release_diff.render_markdown(changes, _lang(lang)), end="")
        return

    try:
        diff = history.diff(history.load(old), history.load(new))
    except (FileNotFoundError, KeyError, ValueError) as exc:
        said = getattr(exc, "text", None)
        _fail(said(_lang(lang)) if isinstance(said, Text) else str(exc))
    print(history.render_json(diff) if fmt is DiffFormat.json else history.render_md(diff, _lang(lang)), end="")


@app.command(context_settings={"ignore_unknown_options": True})  # so `explain --tp-size` names the flag
def explain(flag: str = typer.Argument(..., help="A flag (--tp-size), alias or field name (tp_size)."),
            lang: Lang | None = LANG_OPTION,
            fmt: OutFormat = typer.Option(OutFormat.text, "--format", help="text or json."),
            engine: str | None = typer.Option(None, "--engine", help="Whose flag: sglang (default), vllm or "
                                              "argmatrix."),
            sglang_version: str | None = typer.Option(None, "--sglang-version", help=SHOWN_RELEASE_HELP),
            vllm_ascend_version: str | None = VLLM_ASCEND_VERSION_OPTION) -> None:
    """Everything about one argument, on every platform, for one engine (and SGLang release)."""
    from ..matrix.table import row
    from ..schema import spec
    from . import render

    eng = _on_plugin_release(_engine(engine, lang), vllm_ascend_version, lang)
    surface = eng.surface
    try:
        found = spec(flag) if surface.key == "sglang" else surface.spec(flag)
    except KeyError:
        from ..schema.vllm.removed import removed

        gone = removed(flag) if surface.key == "vllm" else None
        if gone is not None:  # a flag vLLM removed: when, and what to write instead
            _fail(Text(f"{flag}: {gone.when.en}. {gone.instead.en} ({gone.source})",
                       f"{flag}：{gone.when.zh}。{gone.instead.zh}（{gone.source}）")(_lang(lang)))
        hint = surface.suggest_flag(flag) if flag.startswith("-") else surface.suggest(flag)
        hint_flag = surface.specs[surface.flags[hint]].flag if hint in surface.flags else \
            surface.specs[hint].flag if hint in surface.specs else None
        message = Text(f"unknown {eng.title.en} argument {flag}" + (f"; did you mean {hint_flag}?" if hint_flag else ""),
                       f"未知的 {eng.title.zh} 参数 {flag}" + (f"；您是否想输入 {hint_flag}？" if hint_flag else ""))
        _fail(message(_lang(lang)))
    data = row(found, eng, _shown_release(eng, sglang_version, lang))
    if fmt is OutFormat.json:
        print(render.dumps(data))
    else:
        render.explain_text(data, _lang(lang))


DETECT_WORDS = {"platform": Text("platform", "平台"), "how": Text("how", "依据"), "devices": Text("devices", "设备"),
                "no_column": Text("note: {name} has no column in the matrix", "注：矩阵中没有 {name} 对应的列")}


@app.command()
def detect(fmt: OutFormat = typer.Option(OutFormat.text, "--format", help="text or json."),
           lang: Lang | None = LANG_OPTION) -> None:
    """Which platform this machine is, and how that was found."""
    from ..matrix.platforms.detect import detect as run_detect
    from ..records import asdict
    from . import render

    found = run_detect()
    if fmt is OutFormat.json:
        print(render.dumps({**asdict(found), "gpu_arch": str(found.gpu_arch) if found.gpu_arch else None}))
        return
    chosen = _lang(lang)
    word = {k: v(chosen) for k, v in DETECT_WORDS.items()}
    c = render.colon(chosen)
    print(f"{word['platform']}{c}{found.platform}\n{word['how']}{c}{found.explained(chosen)}")
    if found.device_count:  # what the memory plan uses for devices per node and memory per device
        memory = f" × {found.memory_bytes / 2**30:.1f} GiB" if found.memory_bytes else ""
        print(f"{word['devices']}{c}{found.device_count}{memory}")
    if found.unsupported:
        print(word["no_column"].format(name=found.unsupported))


DOCS_DIR_HELP = "Folder of the hand-written guides, whose Chinese twins (zh/) are checked."
TWIN_NAMES_HELP = "Guides to show, or to mark with --mark-current (e.g. server launch); none: every guide."
MARK_CURRENT_HELP = ("The Chinese twins of the guides named were brought up to date: record the English texts' current "
                     "hashes in them.")
docs_app = typer.Typer(no_args_is_help=True, help="Write or verify the generated docs under generated/.")
app.add_typer(docs_app, name="docs")


@docs_app.command("generate")
def docs_generate(out: str = typer.Option("generated", "--out", help="Output folder."),
                  docs: str = typer.Option("docs", "--docs", help=DOCS_DIR_HELP)) -> None:
    """Write every generated file (docs in en/zh, JSON Schema, example config, CLI help, matrix.html, type stub)."""
    from .. import generate
    from ..generate import twins
    from .help_pages import all_files

    try:
        changed = generate.write_all(out, files=all_files(app)) + generate.write_package_files()
    except generate.TemplateHoles as exc:
        print(exc, file=sys.stderr)
        raise typer.Exit(1) from None
    print(f"{len(changed)} file(s) under {out}/ updated" if changed else f"{out}/ was already up to date")
    for line in twins.problems(docs):  # hand-written, so not regenerated: said here so nobody is surprised by check
        print(line)


@docs_app.command("check")
def docs_check(out: str = typer.Option("generated", "--out", help="Folder to compare."),
               docs: str = typer.Option("docs", "--docs", help=DOCS_DIR_HELP)) -> None:
    """Exit 1 if anything under generated/ differs from what the code writes, or a guide's Chinese twin is behind."""
    from .. import generate
    from ..generate import twins
    from .help_pages import all_files

    problems = generate.check(out, files=all_files(app)) + generate.check_package_files()
    behind = twins.problems(docs)
    for line in problems + behind:
        print(line)
    if problems:
        print(f"{len(problems)} generated file(s) are stale: run 'argmatrix docs generate' and commit", file=sys.stderr)
    if behind:
        print(f"{len(behind)} Chinese guide(s) under {docs}/zh/ do not follow their English guide", file=sys.stderr)
    if problems or behind:
        raise typer.Exit(1)
    print("generated/ is up to date")


@docs_app.command("twins")
def docs_twins(names: list[str] = typer.Argument(None, help=TWIN_NAMES_HELP),
               mark_current: bool = typer.Option(False, "--mark-current", help=MARK_CURRENT_HELP),
               docs: str = typer.Option("docs", "--docs", help=DOCS_DIR_HELP)) -> None:
    """List each guide under docs/ with the state of its Chinese twin under docs/zh/ (current, stale, missing)."""
    from ..generate import twins

    wanted = {n.removesuffix(".md") for n in names or ()}
    try:
        for path in twins.mark_current(sorted(wanted) if mark_current else [], docs):
            print(f"{path}: marked as following the current English guide")
    except (KeyError, FileNotFoundError) as exc:
        print(str(exc).strip("'\""), file=sys.stderr)
        raise typer.Exit(1) from None
    for twin in twins.twins(docs):
        if wanted and twin.name not in wanted:
            continue
        print(f"{twin.state:9} {twin.chinese}  ({twin.english} sha256:{twin.current})")


@app.command("demo-model")
def demo_model(out_dir: str = typer.Argument(..., help="Folder to write the model into."),
               size: str = typer.Option("tiny", "--size", help="tiny (a few MB), small/60m (~60M parameters), or 0.5b / 1.5b (accelerator "
                                                 "benchmark shapes, bfloat16).")) -> None:
    """Build a small random Llama and an offline-trained tokenizer, for tests and the quick start."""
    _require_serve_extra("demo-model")
    from ..runtime.demo_model import build_demo_model

    path = build_demo_model(out_dir, size=size)
    print(f"demo model written to {path}" if default_lang() == "en" else f"演示模型已写入 {path}")


@app.command(context_settings=PASSTHROUGH, cls=ServerFlagsCommand)
def serve(
    ctx: typer.Context,
    target: str | None = typer.Option(None, "--target", help=TARGET_HELP + " Default: from --device, else detected."),
    config: str | None = CONFIG_OPTION,
    lang: Lang | None = LANG_OPTION,
    allow_unsupported: bool = typer.Option(False, "--allow-unsupported", help="Start despite support errors."),
    allow_unimplemented: bool = typer.Option(False, "--allow-unimplemented",
                                             help="Start even if a flag is not implemented by this engine."),
) -> None:
    """Check the flags, then load the model and serve an OpenAI-compatible API: argmatrix serve --model-path DIR"""
    from ..compiler import CompileOptions, compile
    from . import render

    # argmatrix's own engine takes every spelling: no SGLang release applies
    compiled = compile(ctx.args, CompileOptions(config=config, target=target or _target_from_device(ctx.args),
                                                allow_unsupported=allow_unsupported, engine="argmatrix",
                                                allow_unimplemented=allow_unimplemented))
    if compiled.findings and compiled.values.get("log_format") == "json":  # JSON from the first line on
        from ..runtime.server.logs import finding_records

        sys.stderr.write("".join(line + "\n" for line in finding_records(compiled.findings)))
    elif compiled.findings:
        render.emit(render.findings_lines(compiled, _lang(lang), "serve"), stderr=True)
    if not compiled.ok:
        raise typer.Exit(compiled.exit_code)
    _require_serve_extra("serve", _lang(lang))
    from ..runtime.server import run_server

    raise typer.Exit(run_server(compiled, lang=_lang(lang)) or 0)




@app.command(context_settings=PASSTHROUGH, cls=ServerFlagsCommand)
def launch(
    ctx: typer.Context,
    target: str | None = TARGET_OPTION,
    engine: str | None = typer.Option(None, "--engine", help="The engine to start: sglang, vllm or argmatrix (its "
                                      "own serve); default: the one the launch line names, else sglang."),
    config: str | None = CONFIG_OPTION,
    lang: Lang | None = LANG_OPTION,
    strict: bool = typer.Option(False, "--strict", help="Treat warnings as errors."),
    allow_unsupported: bool = typer.Option(False, "--allow-unsupported",
                                           help="Downgrade support errors (not type errors) to warnings."),
    sglang_version: str | None = typer.Option(None, "--sglang-version", help=SGLANG_VERSION_HELP +
                                              " Flags are written in this release's spelling."),
    vllm_version: str | None = VLLM_VERSION_OPTION,
    vllm_ascend_version: str | None = VLLM_ASCEND_VERSION_OPTION,
    compat: CompatName | None = typer.Option(None, "--compat", help=COMPAT_HELP),
    dry_run: bool = typer.Option(False, "--dry-run", help="Print the command (and the config file) instead of "
                                 "starting it."),
    config_out: str | None = typer.Option(None, "--config-out", help="Where to write the config file SGLang reads "
                                          "(default: a temporary file, removed once the engine exits)."),
    allow_unimplemented: bool = typer.Option(False, "--allow-unimplemented",
                                             help="--engine argmatrix: start even if a flag is not implemented by "
                                             "its engine."),
    model_config: str | None = typer.Option(None, "--model-config", help=PLAN_HELP["model_config"]),
    device_memory: str | None = typer.Option(None, "--device-memory", help=PLAN_HELP["device_memory"]),
    devices_per_node: int | None = typer.Option(None, "--devices-per-node", help=PLAN_HELP["devices_per_node"]),
    gpu_arch: str | None = typer.Option(None, "--gpu-arch", help=PLAN_HELP["gpu_arch"]),
    show_secrets: bool = typer.Option(False, "--show-secrets", help=SHOW_SECRETS_HELP),
) -> None:
    """Check the flags, then start the engine with them: argmatrix launch --target a3 -- --model-path M --tp 16

    Only what you set is passed, in the spelling of --sglang-version; argmatrix's own limits never reach SGLang
    or vLLM. Exit status when nothing starts: 1 errors found, 2 unusable input, 127 the engine is not installed;
    otherwise the engine's own.
    """
    from .launch import run_launch

    raise typer.Exit(run_launch(ctx.args, engine=engine, target=target, config=config,
                                show_secrets=show_secrets,
                                lang=lang.value if lang else None, strict=strict, vllm_version=vllm_version,
                                vllm_ascend_version=vllm_ascend_version,
                                allow_unsupported=allow_unsupported, sglang_version=sglang_version,
                                compat=compat.value if compat else None,
                                dry_run=dry_run, config_out=config_out, allow_unimplemented=allow_unimplemented,
                                model_config=model_config,
                                device_memory=device_memory, devices_per_node=devices_per_node, gpu_arch=gpu_arch))


@app.command(context_settings=PASSTHROUGH, cls=ServerFlagsCommand)
def export(
    ctx: typer.Context,
    to: str = typer.Option(..., "--to", help="an engine (sglang, vllm, argmatrix: its command line), yaml (SGLang's "
                           "own --config file with its $schema; --engine argmatrix: argmatrix's; for a vLLM launch, "
                           "vLLM's --config), json (argmatrix's config file), env (ARGMATRIX_* lines), k8s (a manifest: "
                           "Deployment or LeaderWorkerSet, and a Service)."),
    engine: str | None = typer.Option(None, "--engine", help="The engine of the k8s container, and whose yaml "
                                      "file; default: the one the launch line names, else sglang."),
    target: str | None = TARGET_OPTION,
    config: str | None = CONFIG_OPTION,
    lang: Lang | None = LANG_OPTION,
    sglang_version: str | None = SGLANG_VERSION_OPTION,
    vllm_version: str | None = VLLM_VERSION_OPTION,
    vllm_ascend_version: str | None = VLLM_ASCEND_VERSION_OPTION,
    compat: CompatName | None = typer.Option(None, "--compat", help=COMPAT_HELP),
    schema: str | None = typer.Option(None, "--schema", help="The $schema reference written into yaml and json "
                                      "(default, next to the file: sglang-config.schema.json for SGLang's file, "
                                      "vllm-config.schema.json for vLLM's, config.schema.json for argmatrix's)."),
    output: str | None = typer.Option(None, "--output", "-o", help="Write here instead of to stdout."),
    show_secrets: bool = typer.Option(False, "--show-secrets", help=SHOW_SECRETS_HELP + " --to sglang and --to vllm "
                                      "always write them: they are commands to run."),
    k8s_secret: str = typer.Option("argmatrix-secrets", "--k8s-secret", help="--to k8s: the Kubernetes Secret the "
                                   "container's env reads secrets from (valueFrom.secretKeyRef)."),
    image: str | None = typer.Option(None, "--image", help="--to k8s: the container image (required: argmatrix "
                                     "does not guess your engine build)."),
    name: str | None = typer.Option(None, "--name", help="--to k8s: the workload's name (default: engine and "
                                    "model)."),
    namespace: str | None = typer.Option(None, "--namespace", help="--to k8s: the namespace written into "
                                         "metadata (default: none, kubectl's)."),
    kind: str = typer.Option("deployment", "--kind", help="--to k8s, one node: deployment or pod. A launch "
                             "across nodes is always a LeaderWorkerSet."),
    nodes: int | None = typer.Option(None, "--nodes", help="--to k8s: pods per group, when --nnodes is itself a "
                                     "reference such as $(LWS_GROUP_SIZE)."),
    socket_ifname: str | None = typer.Option(None, "--socket-ifname", help="--to k8s: the network interface "
                                      "HCCL/NCCL/GLOO bind to (default eth0, the pod network's; with hostNetwork, "
                                      "the node's NIC)."),
    device_resource: str | None = typer.Option(None, "--device-resource", help="--to k8s: the device plugin's "
                                               "resource name, instead of the platform's (huawei.com/Ascend910, "
                                               "nvidia.com/gpu)."),
) -> None:
    """Write checked flags for another tool, every value you set: argmatrix export --to yaml -- --tp 2

    The report goes to stderr; a value the format cannot express is a finding. Exit status: 0 written,
    1 errors found, 2 unusable input.
    """
    from .launch import run_export

    raise typer.Exit(run_export(ctx.args, to=to, engine=engine, target=target, config=config,
                                lang=lang.value if lang else None, sglang_version=sglang_version,
                                vllm_version=vllm_version, vllm_ascend_version=vllm_ascend_version,
                                compat=compat.value if compat else None,
                                schema=schema, output=output, show_secrets=show_secrets, k8s_secret=k8s_secret,
                                k8s={"image": image, "name": name, "namespace": namespace, "kind": kind,
                                     "nodes": nodes, "socket_ifname": socket_ifname,
                                     "device_resource": device_resource}))


@app.command("bench")
def bench(
    base_url: str = typer.Option("http://127.0.0.1:30000", "--base-url", help="The server to measure."),
    backend: str = typer.Option("completions", "--backend", help="completions, chat or generate (SGLang native)."),
    model: str | None = typer.Option(None, "--model", help="Model name to send; default: the server's first."),
    api_key: str | None = typer.Option(None, "--api-key", envvar="OPENAI_API_KEY", help="Bearer key, if needed."),
    dataset: str = typer.Option("random", "--dataset", help="random or shared-prefix."),
    num_prompts: int = typer.Option(100, "--num-prompts", help="Requests to send (random)."),
    input_len: int = typer.Option(128, "--input-len", help="Prompt tokens (random)."),
    output_len: int = typer.Option(64, "--output-len", help="Tokens to generate per request."),
    # no brackets: typer renders help through rich markup, which took "[ratio x len, len]" for a style tag
    range_ratio: float = typer.Option(1.0, "--range-ratio",
                                      help="Lengths drawn uniformly between ratio x len and len (1: exactly len)."),
    num_groups: int = typer.Option(4, "--num-groups", help="Shared prefixes (shared-prefix)."),
    prompts_per_group: int = typer.Option(16, "--prompts-per-group", help="Questions per prefix (shared-prefix)."),
    system_prompt_len: int = typer.Option(256, "--system-prompt-len", help="Prefix tokens (shared-prefix)."),
    question_len: int = typer.Option(32, "--question-len", help="Question tokens (shared-prefix)."),
    request_rate: float = typer.Option(float("inf"), "--request-rate", help="Requests per second (Poisson); inf: all at once."),
    max_concurrency: int | None = typer.Option(None, "--max-concurrency", help="Most requests in flight."),
    ignore_eos: bool = typer.Option(True, "--ignore-eos/--no-ignore-eos", help="Ask for exactly --output-len tokens."),
    seed: int = typer.Option(1, "--seed", help="Seed for prompts and arrival times."),
    flush_cache: bool = typer.Option(True, "--flush-cache/--no-flush-cache",
                                     help="POST /flush_cache before measuring, so a repeated run with the same "
                                          "--seed does not measure the prefix cache (the report says if the "
                                          "server refused)."),
    output_json: str | None = typer.Option(None, "--output-json", help="Write the report and per-request data here."),
    label: str | None = typer.Option(None, "--label", help="A name for this run in the JSON report."),
    disable_progress: bool = typer.Option(False, "--disable-progress", help="No progress bar."),
) -> None:
    """Measure a running OpenAI-compatible server: throughput and TTFT/ITL/E2E percentiles."""
    import asyncio
    import importlib.util

    if importlib.util.find_spec("httpx") is None:
        _fail("'argmatrix bench' needs httpx; install it with: pip install 'argmatrix[bench]'")
    from ..loadgen.serving import BenchConfig, format_report, run

    cfg = BenchConfig(base_url=base_url, backend=backend, model=model, api_key=api_key, dataset=dataset,
                      num_prompts=num_prompts, input_len=input_len, output_len=output_len, range_ratio=range_ratio,
                      num_groups=num_groups, prompts_per_group=prompts_per_group,
                      system_prompt_len=system_prompt_len, question_len=question_len, request_rate=request_rate,
                      max_concurrency=max_concurrency, ignore_eos=ignore_eos, seed=seed, flush_cache=flush_cache,
                      output_json=output_json, label=label, disable_progress=disable_progress)
    try:
        if disable_progress:
            report = asyncio.run(run(cfg))
        else:
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

            with Progress(TextColumn("[progress.description]{task.description}"), BarColumn(), MofNCompleteColumn(),
                          TimeElapsedColumn(), transient=True) as bar:
                task = bar.add_task("requests", total=None)
                report = asyncio.run(run(cfg, lambda done, total: bar.update(task, completed=done, total=total)))
    except Exception as exc:  # noqa: BLE001 - connection refused, bad URL, a server that is not OpenAI-compatible
        _fail(f"bench: {type(exc).__name__}: {exc}")
    for line in format_report(report):
        print(line)
    if report["completed"] == 0:
        raise typer.Exit(1)


def _target_from_device(argv: list[str]) -> str | None:
    """``--device cpu`` means the CPU column even on a machine with a GPU."""
    for i, token in enumerate(argv):
        value = token.split("=", 1)[1] if token.startswith("--device=") else (
            argv[i + 1] if token == "--device" and i + 1 < len(argv) else None)
        if value in ("cpu", "cuda"):
            return value
    return None


SERVE_MODULES = ("torch", "transformers", "safetensors", "tokenizers", "fastapi", "uvicorn", "prometheus_client")


def _require_serve_extra(command: str, lang: str | None = None) -> None:
    """The runtime needs the 'serve' extra; say how to get it instead of failing on an import."""
    import importlib.util

    missing = [m for m in SERVE_MODULES if importlib.util.find_spec(m) is None]
    if missing:
        install = "pip install torch==2.13.0 && pip install 'argmatrix[serve]'"
        _fail(Text(f"'argmatrix {command}' needs {', '.join(missing)}; install them with: {install}",
                   f"'argmatrix {command}' 需要 {'、'.join(missing)}；安装方法：{install}")(lang or default_lang()))


def _engine(name: str | None, lang: Lang | None):
    """The engine object for --engine (default SGLang), or a usage error that lists the engines."""
    from ..matrix import engines

    try:
        return engines.get(name or engines.DEFAULT)
    except engines.UnknownEngine as exc:
        _fail(exc.text(_lang(lang)))


def _on_plugin_release(eng, text: str | None, lang: Lang | None):
    """The engine as the platform plugin release ``text`` (or ARGMATRIX_VLLM_ASCEND_VERSION) runs it on Ascend:
    vLLM under a vLLM-Ascend release; other engines have no plugin release."""
    import os

    asked = text or os.environ.get("ARGMATRIX_VLLM_ASCEND_VERSION")
    if not asked or not hasattr(eng, "on_ascend"):
        return eng
    from ..matrix.engines import vllm_ascend_facts as ascend

    try:
        return eng.on_ascend(ascend.release_of(asked))
    except ascend.UnknownRelease:
        held = ", ".join(ascend.RELEASES)
        _fail(f"--vllm-ascend-version {asked}: argmatrix holds the facts of vLLM-Ascend {held}"
              if _lang(lang) == "en" else f"--vllm-ascend-version {asked}：argmatrix 只收录了 vLLM-Ascend {held} 的资料")


def _shown_release(eng, text: str | None, lang: Lang | None) -> str | None:
    """The SGLang release ``explain`` and ``matrix`` show (None: the engine reads no SGLang release)."""
    import os

    line = eng.releases
    if eng.surface_key != "sglang" or line is None:
        return None
    chosen = text or os.environ.get(line.env_var) or line.newest
    if not line.covers(chosen):
        _fail(f"{line.option} {chosen}: argmatrix knows the flags of {line.name} {line.oldest} to {line.newest}"
              if _lang(lang) == "en" else
              f"{line.option} {chosen}：argmatrix 只了解 {line.name} {line.oldest} 至 {line.newest} 的参数")
    return line.normal(chosen)


def _fail(message: str) -> NoReturn:
    print(f"argmatrix: {message}", file=sys.stderr)
    raise typer.Exit(2)


def run(argv: list[str]) -> None:
    """The console script's entry: the click tree in the chosen language (help, usage, usage errors), then the
    command.  A ``--lang`` the command does not declare (``docs``, ``bench``) only chooses the language."""
    import typer.main

    from .help_zh import install_chinese_chrome, localize

    lang = default_lang()
    if lang == "zh":
        install_chinese_chrome()
    command = localize(typer.main.get_command(app), lang)
    command.main(args=_without_undeclared_lang(command, argv), prog_name="argmatrix")


def _without_undeclared_lang(command, argv: list[str]) -> list[str]:
    end = argv.index("--") if "--" in argv else len(argv)
    cmd, declared, i, out = command, False, 0, []
    while i < end:
        token = argv[i]
        sub = (getattr(cmd, "commands", None) or {}).get(token)
        if sub is not None and not token.startswith("-"):
            cmd = sub
            declared = any("--lang" in getattr(p, "opts", ()) for p in cmd.params)
        if (token == "--lang" or token.startswith("--lang=")) and not declared:
            i += 1 if "=" in token else 2
            continue
        out.append(token)
        i += 1
    return out + argv[end:]
