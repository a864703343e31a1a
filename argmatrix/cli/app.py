"""The ``argmatrix`` command line: parse, call, print.  All logic lives in the library."""
from __future__ import annotations

import sys
from enum import Enum

import typer

from .lang import default_lang
from .server_help import ServerFlagsCommand

app = typer.Typer(
    name="argmatrix", no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False,
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


TARGET_HELP = "Hardware to check against: auto, a2, a3, cuda or cpu (env ARGMATRIX_TARGET)."
LANG_OPTION = typer.Option(None, "--lang", help="Output language, en or zh (env ARGMATRIX_LANG).")


def _lang(lang: Lang | None) -> str:
    return lang.value if lang else default_lang()


@app.command("check-config", context_settings=PASSTHROUGH, cls=ServerFlagsCommand)
def check_config(
    ctx: typer.Context,
    target: str | None = typer.Option(None, "--target", help=TARGET_HELP),
    config: str | None = typer.Option(None, "--config", help="YAML, JSON or TOML file of server arguments."),
    fmt: OutFormat = typer.Option(OutFormat.text, "--format", help="text for people, json for CI."),
    lang: Lang | None = LANG_OPTION,
    strict: bool = typer.Option(False, "--strict", help="Treat warnings as errors."),
    allow_unsupported: bool = typer.Option(False, "--allow-unsupported",
                                           help="Downgrade support errors (not type errors) to warnings."),
    engine: bool = typer.Option(False, "--engine", help="Also check what argmatrix's own engine implements."),
) -> None:
    """Check server flags before anything loads: argmatrix check-config --target a3 -- --tp-size 2 ...

    Exit status: 0 clean, 1 errors found, 2 unusable input (unknown flag, unreadable config file).
    """
    from .check_config import run_check_config

    raise typer.Exit(run_check_config(ctx.args, target=target, config=config, fmt=fmt.value,
                                      lang=lang.value if lang else None, strict=strict,
                                      allow_unsupported=allow_unsupported, engine=engine))


matrix_app = typer.Typer(invoke_without_command=True, no_args_is_help=False,
                         help="Show the support matrix, or compare two releases of it (matrix diff).")
app.add_typer(matrix_app, name="matrix")


@matrix_app.callback()
def matrix(
    ctx: typer.Context,
    platform: str | None = typer.Option(None, "--platform", help="Only this platform: a2, a3, cuda, cpu."),
    status: str | None = typer.Option(None, "--status", help="Only arguments with this status on the platform(s)."),
    group: str | None = typer.Option(None, "--group", help="Only this group (e.g. scheduling, lora)."),
    fmt: MatrixFormat = typer.Option(MatrixFormat.table, "--format", help="table, json or md."),
    lang: Lang | None = LANG_OPTION,
) -> None:
    """Every argument's status on a2, a3, cuda and cpu."""
    if ctx.invoked_subcommand:
        return
    from ..matrix.platforms import PLATFORMS, UnknownPlatform, resolve
    from ..matrix.table import rows
    from . import render

    try:
        platforms = [resolve(platform).key] if platform else list(PLATFORMS)
    except UnknownPlatform as exc:
        _fail(exc.text(_lang(lang)))
    selected = [r for r in rows()
                if (group is None or r["group"] == group)
                and (status is None or any(r["platforms"][p]["status"] == status for p in platforms))]
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
) -> None:
    """What changed between two releases of the matrix: added, removed, renamed, status changes."""
    from ..matrix import history

    try:
        diff = history.diff(history.load(old), history.load(new))
    except (FileNotFoundError, KeyError, ValueError) as exc:
        _fail(str(exc))
    print(history.render_json(diff) if fmt is DiffFormat.json else history.render_md(diff, _lang(lang)), end="")


@app.command(context_settings={"ignore_unknown_options": True})  # so `explain --tp-size` names the flag
def explain(flag: str = typer.Argument(..., help="A flag (--tp-size), alias or field name (tp_size)."),
            lang: Lang | None = LANG_OPTION,
            fmt: OutFormat = typer.Option(OutFormat.text, "--format", help="text or json.")) -> None:
    """Everything about one argument, on every platform."""
    from ..matrix.table import row
    from ..schema import spec
    from ..schema.registry import suggest
    from . import render

    try:
        found = spec(flag)
    except KeyError:
        hint = suggest(flag.lstrip("-").replace("-", "_"))
        _fail(f"unknown argument {flag}" + (f"; did you mean {spec(hint).flag}?" if hint else ""))
    data = row(found)
    if fmt is OutFormat.json:
        print(render.dumps(data))
    else:
        render.explain_text(data, _lang(lang))


@app.command()
def detect(fmt: OutFormat = typer.Option(OutFormat.text, "--format", help="text or json.")) -> None:
    """Which platform this machine is, and how that was found."""
    from dataclasses import asdict

    from ..runtime.detect import detect as run_detect
    from . import render

    found = run_detect()
    if fmt is OutFormat.json:
        print(render.dumps(asdict(found)))
    else:
        print(f"platform: {found.platform}\nhow: {found.how}")
        if found.unsupported:
            print(f"note: {found.unsupported} has no column in the matrix")


docs_app = typer.Typer(no_args_is_help=True, help="Write or verify the generated docs under generated/.")
app.add_typer(docs_app, name="docs")


@docs_app.command("generate")
def docs_generate(out: str = typer.Option("generated", "--out", help="Output folder.")) -> None:
    """Write every generated file (docs in en/zh, JSON Schema, example config, CLI help, matrix.html)."""
    from .. import generate

    changed = generate.write_all(out)
    print(f"{len(changed)} file(s) under {out}/ updated" if changed else f"{out}/ was already up to date")


@docs_app.command("check")
def docs_check(out: str = typer.Option("generated", "--out", help="Folder to compare.")) -> None:
    """Exit 1 if anything under generated/ differs from what the code writes."""
    from .. import generate

    problems = generate.check(out)
    for line in problems:
        print(line)
    if problems:
        print(f"{len(problems)} generated file(s) are stale: run 'argmatrix docs generate' and commit", file=sys.stderr)
        raise typer.Exit(1)
    print("generated/ is up to date")


@app.command("demo-model")
def demo_model(out_dir: str = typer.Argument(..., help="Folder to write the model into."),
               size: str = typer.Option("tiny", "--size", help="tiny (a few MB), small/60m (~60M parameters), or 0.5b / 1.5b (accelerator "
                                                 "benchmark shapes, bfloat16).")) -> None:
    """Build a small random Llama and an offline-trained tokenizer, for tests and the quick start."""
    _require_serve_extra("demo-model")
    from ..runtime.demo_model import build_demo_model

    path = build_demo_model(out_dir, size=size)
    print(f"demo model written to {path}")


@app.command(context_settings=PASSTHROUGH, cls=ServerFlagsCommand)
def serve(
    ctx: typer.Context,
    target: str | None = typer.Option(None, "--target", help=TARGET_HELP + " Default: from --device, else detected."),
    config: str | None = typer.Option(None, "--config", help="YAML, JSON or TOML file of server arguments."),
    lang: Lang | None = LANG_OPTION,
    allow_unsupported: bool = typer.Option(False, "--allow-unsupported", help="Start despite support errors."),
    allow_unimplemented: bool = typer.Option(False, "--allow-unimplemented",
                                             help="Start even if a flag is not implemented by this engine."),
) -> None:
    """Check the flags, then load the model and serve an OpenAI-compatible API: argmatrix serve --model-path DIR"""
    from ..compiler import compile
    from . import render

    compiled = compile(ctx.args, config=config, target=target or _target_from_device(ctx.args),
                       allow_unsupported=allow_unsupported, engine=True, allow_unimplemented=allow_unimplemented)
    if compiled.findings:
        render.emit(render.findings_lines(compiled, _lang(lang)), stderr=True)
    if not compiled.ok:
        raise typer.Exit(compiled.exit_code)
    _require_serve_extra("serve")
    from ..runtime.server import run_server

    raise typer.Exit(run_server(compiled) or 0)


def _target_from_device(argv: list[str]) -> str | None:
    """``--device cpu`` means the CPU column even on a machine with a GPU."""
    for i, token in enumerate(argv):
        value = token.split("=", 1)[1] if token.startswith("--device=") else (
            argv[i + 1] if token == "--device" and i + 1 < len(argv) else None)
        if value in ("cpu", "cuda"):
            return value
    return None


SERVE_MODULES = ("torch", "transformers", "safetensors", "tokenizers", "fastapi", "uvicorn", "prometheus_client")


def _require_serve_extra(command: str) -> None:
    """The runtime needs the 'serve' extra; say how to get it instead of failing on an import."""
    import importlib.util

    missing = [m for m in SERVE_MODULES if importlib.util.find_spec(m) is None]
    if missing:
        _fail(f"'argmatrix {command}' needs {', '.join(missing)}; install them with: "
              "pip install torch==2.13.0 && pip install 'argmatrix[serve]'")


def _fail(message: str) -> None:
    print(f"argmatrix: {message}", file=sys.stderr)
    raise typer.Exit(2)
