"""``launch`` and ``export``: compile, print the report, then exec the engine or print the export.

The command building lives in ``compiler/launch.py`` and ``compiler/export.py``; this module only
parses, prints, writes the config file the engine reads (and has a watcher remove it once the engine exits,
when it is a temporary one), and calls ``os.execvp``.
"""
from __future__ import annotations

import os
import sys

from .. import records
from ..schema.meta import Text
from .lang import default_lang


def _compile(server_argv: list[str], *, engine: str | None, target, config, strict, allow_unsupported,
             sglang_version, compat, plan_options, vllm_version: str | None = None,
             allow_unimplemented: bool = False, check_implemented: bool = True,
             vllm_ascend_version: str | None = None):
    """The launch as the engine its words name reads it (``vllm serve ...``), else as ``--compat`` says, else with
    the reader of the engine to start when that one reads SGLang-style flags (argmatrix's own is lenient), else
    SGLang's; ``build_command`` translates it for another engine."""
    from ..compiler import CompileOptions, compile
    from ..matrix import engines
    from .plan import plan_inputs

    inputs = plan_inputs(**plan_options)
    asked = inputs if any(v is not None for v in plan_options.values()) else None
    named, _ = engines.from_launcher(server_argv)
    to_start = engines.get(engine) if engine in engines.keys() else None
    reader = (named.key if named else compat if compat
              else to_start.key if to_start is not None and to_start.surface_key == "sglang" else engines.DEFAULT)
    versions = {k: v for k, v in (("sglang", sglang_version), ("vllm", vllm_version),
                                  ("vllm-ascend", vllm_ascend_version)) if v}
    return compile(server_argv, CompileOptions(config=config, target=target, strict=strict,
                                               allow_unsupported=allow_unsupported, engine=reader, plan_inputs=asked,
                                               allow_unimplemented=allow_unimplemented, releases=versions,
                                               check_implemented=check_implemented))


def run_launch(server_argv: list[str], *, engine: str | None = None, target: str | None = None,
               config: str | None = None, lang: str | None = None, strict: bool = False,
               allow_unsupported: bool = False, sglang_version: str | None = None, compat: str | None = None,
               dry_run: bool = False, config_out: str | None = None, allow_unimplemented: bool = False,
               vllm_version: str | None = None, show_secrets: bool = False,
               vllm_ascend_version: str | None = None, **plan_options) -> int:
    """Check, then exec the engine (or print its command with ``dry_run``); the exit status when nothing is exec'd.

    What is printed (the report, the dry run, the echoed exec line) shows secrets as ``<redacted>`` unless
    ``show_secrets``; the engine itself gets them as they are.
    """
    from ..compiler.launch import build_command, launch_findings
    from . import render
    from .check_config import secrets_hidden
    from .plan import PlanOptionError

    lang = lang or default_lang()
    try:
        compiled = _compile(server_argv, engine=engine, target=target, config=config, strict=strict,
                            allow_unsupported=allow_unsupported, sglang_version=sglang_version, compat=compat,
                            plan_options=plan_options, vllm_version=vllm_version,
                            allow_unimplemented=allow_unimplemented, vllm_ascend_version=vllm_ascend_version)
    except PlanOptionError as exc:
        print(f"argmatrix launch: {exc.text(lang or default_lang())}", file=sys.stderr)
        return 2
    engine = engine or compiled.engine  # default: the engine the launch was written for
    if engine not in engines_keys():
        print(f"argmatrix launch: {unknown_engine(engine)(lang)}", file=sys.stderr)
        return 2
    if config_out and _same_file(config_out, config_file_of_launch(compiled)):
        refused = Text(f"--config-out {config_out} is the config file being read; writing SGLang's file there would "
                       "replace yours: choose another path", f"--config-out {config_out} 就是正在读取的配置文件，"
                       "把 SGLang 的文件写到这里会覆盖它：请换一个路径")
        print(f"argmatrix launch: {refused(lang)}", file=sys.stderr)
        return 2
    path = config_out
    if path is None and not dry_run:
        import tempfile

        fd, path = tempfile.mkstemp(prefix="argmatrix-sglang-", suffix=".yaml")
        os.close(fd)
    cmd = build_command(compiled, engine, config_path=path or "argmatrix-sglang.yaml", lang=lang)
    report = records.replace(compiled, findings=launch_findings(compiled, cmd, strict=strict))
    scrub = secrets_hidden(compiled, show_secrets)
    if report.findings or not report.ok:
        render.emit(render.findings_lines(report, lang, "launch"), stderr=True, scrub=scrub)
    if not report.ok:
        if path and not config_out and not dry_run:
            os.unlink(path)
        return report.exit_code
    if dry_run:
        if cmd.config_text is not None:
            if config_out:
                _write(config_out, cmd.config_text)
            else:  # a runnable script: write the file SGLang reads, then start it
                print(scrub(f"cat > {cmd.config_path} <<'ARGMATRIX_EOF'\n{cmd.config_text}ARGMATRIX_EOF"))
        if scrub(cmd.shell() + (cmd.config_text or "")) != cmd.shell() + (cmd.config_text or ""):
            print("# secrets are shown as <redacted>; --show-secrets prints them")
        print(scrub(cmd.shell()))
        return 0
    if cmd.config_text is not None:
        assert path is not None, "not a dry run: the config file path was chosen above"
        _write(path, cmd.config_text)
        if not config_out:
            remove_when_engine_exits(path)  # a temporary file: gone once the engine that reads it has exited
    elif path and not config_out:
        os.unlink(path)
    shown = scrub(cmd.shell())
    starting = Text(f"exec {shown}", f"启动 {shown}")
    print(f"argmatrix launch: {starting(lang)}", file=sys.stderr, flush=True)
    sys.stdout.flush()
    try:
        os.execvp(cmd.argv[0], cmd.argv)
    except OSError as exc:
        if cmd.config_text is not None and not config_out and path:
            _unlink_quietly(path)
        failed = Text(f"cannot start {cmd.argv[0]}: {exc.strerror}; is {engine} installed and on PATH?",
                      f"无法启动 {cmd.argv[0]}：{exc.strerror}；请确认已安装 {engine} 且它在 PATH 中")
        print(f"argmatrix launch: {failed(lang)}", file=sys.stderr)
        return 127
    return 0  # not reached: exec replaced this process


def config_file_of_launch(compiled) -> str | None:
    from ..compiler.launch import config_file_of

    return config_file_of(compiled)


def _same_file(a: str, b: str | None) -> bool:
    try:
        return b is not None and os.path.samefile(a, b)
    except OSError:
        return False


def _unlink_quietly(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def remove_when_engine_exits(path: str) -> None:
    """Remove ``path``, the temporary ``--config`` file, once the engine this process is about to become exits.

    SGLang reads the file while it starts, so it must exist at exec, and nothing of argmatrix runs after exec.
    A detached watcher does the removal: forked twice, so it is no child of the engine (SGLang's shutdown kills
    its own process tree, which would otherwise take the watcher with it), in a session of its own with SIGINT,
    SIGHUP and SIGTERM ignored (a Ctrl-C or a stop signal to the group ends the engine, and the watcher then
    removes the file), its standard streams on /dev/null.  It waits for the engine's exit on a pidfd (Linux 5.3+),
    else by checking the process once a second, and removes the file only while it is still the one written
    here (same device and inode).  A SIGKILL of the watcher itself, or a platform without fork, leaves the file
    in the temporary directory (it holds only the launch's own values).
    """
    if not hasattr(os, "fork"):
        return
    engine_pid = os.getpid()
    written = os.stat(path)
    try:
        pidfd: int | None = os.pidfd_open(engine_pid)  # close-on-exec: the engine does not keep it
    except (AttributeError, OSError):
        pidfd = None
    sys.stdout.flush()
    sys.stderr.flush()
    first = os.fork()
    if first:
        os.waitpid(first, 0)
        if pidfd is not None:
            os.close(pidfd)
        return
    try:  # the first child: detach, fork the watcher, leave
        os.setsid()
        if os.fork():
            os._exit(0)
        _watch(engine_pid, pidfd, path, (written.st_dev, written.st_ino))
    finally:
        os._exit(0)


def _watch(engine_pid: int, pidfd: int | None, path: str, identity: tuple[int, int]) -> None:
    import select
    import signal

    for sig in (signal.SIGINT, signal.SIGHUP, signal.SIGTERM):
        signal.signal(sig, signal.SIG_IGN)
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(devnull, fd)
    if pidfd is not None:
        select.select([pidfd], [], [])
    else:
        import time

        while True:
            try:
                os.kill(engine_pid, 0)
            except ProcessLookupError:
                break
            except PermissionError:
                pass
            time.sleep(1.0)
    try:
        now = os.stat(path)
    except OSError:
        return
    if (now.st_dev, now.st_ino) == identity:
        _unlink_quietly(path)


def engines_keys() -> tuple[str, ...]:
    from ..matrix import engines

    return engines.keys()


def unknown_engine(name: str) -> Text:
    from ..matrix import engines

    return engines.UnknownEngine(name).text


def _write(path: str, text: str) -> None:
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def run_export(server_argv: list[str], *, to: str, engine: str | None = None, target: str | None = None,
               config: str | None = None, lang: str | None = None, sglang_version: str | None = None,
               compat: str | None = None, schema: str | None = None, output: str | None = None,
               vllm_version: str | None = None, show_secrets: bool = False,
               k8s_secret: str = "argmatrix-secrets", vllm_ascend_version: str | None = None,
               k8s: dict | None = None) -> int:
    """Write the checked configuration as ``to``; the report goes to stderr, the export to stdout or ``output``.

    Secrets: written in engine commands and with ``show_secrets``; left out of files, read from the
    ``k8s_secret`` Secret in ``k8s`` (``compiler/export_secrets.py``); never in the report.
    """
    from ..compiler.export import ExportError, export

    lang = lang or default_lang()
    from ..compiler.export import formats

    if to not in formats():
        print(f"argmatrix export: --to {to}: choose one of {', '.join(formats())}" if lang == "en" else
              f"argmatrix export：--to {to}：请从 {'、'.join(formats())} 中选择", file=sys.stderr)
        return 2
    # the engine the export is written for reads the flags, unless the line names its own; --to yaml is SGLang's
    # --config file unless --engine argmatrix asks for argmatrix's own
    command_engine = (to if to in engines_keys() else engine if to == "k8s"
                      else (engine or "sglang") if to == "yaml" and engine != "argmatrix" else "argmatrix")
    if to == "k8s":
        return _export_k8s(server_argv, engine=command_engine, target=target, config=config, lang=lang,
                           sglang_version=sglang_version, vllm_version=vllm_version, compat=compat, output=output,
                           secret=None if show_secrets else k8s_secret, show_secrets=show_secrets, **(k8s or {}))
    compiled = _compile(server_argv, engine=command_engine,
                        target=target, config=config, strict=False, allow_unsupported=False,
                        sglang_version=sglang_version, vllm_version=vllm_version, compat=compat, plan_options={},
                        vllm_ascend_version=vllm_ascend_version,
                        check_implemented=to not in ("yaml", "json", "env"))  # a file starts nothing
    if engine is not None and engine not in engines_keys():
        print(f"argmatrix export: {unknown_engine(engine)(lang)}", file=sys.stderr)
        return 2
    try:
        result = export(compiled, to, schema=schema, engine=engine or compiled.engine,
                        show_secrets=show_secrets, k8s_secret=k8s_secret, lang=lang)
    except ExportError as exc:
        print(f"argmatrix export{'：' if lang == 'zh' else ': '}{exc.text(lang)}", file=sys.stderr)
        return 2
    except ValueError as exc:
        print(f"argmatrix export: {exc}", file=sys.stderr)
        return 2
    return _report_and_write(compiled, result, lang, show_secrets, output)


def _export_k8s(server_argv: list[str], *, engine: str | None, target, config, lang: str, sglang_version,
                vllm_version, compat, output: str | None, secret: str | None, show_secrets: bool,
                image: str | None = None, name: str | None = None, namespace: str | None = None,
                kind: str = "deployment", nodes: int | None = None, socket_ifname: str | None = None,
                device_resource: str | None = None) -> int:
    """``export --to k8s``: the manifest (``compiler/k8s.py``), the report on stderr."""
    from ..compiler.k8s import K8sOptions, manifest

    if engine is not None and engine not in engines_keys():
        print(f"argmatrix export: {unknown_engine(engine)(lang)}", file=sys.stderr)
        return 2

    def compile_argv(argv: list[str]):
        return _compile(argv, engine=engine, target=target, config=config, strict=False, allow_unsupported=False,
                        sglang_version=sglang_version, vllm_version=vllm_version, compat=compat, plan_options={})

    first = compile_argv(server_argv)
    written_for = engine or first.engine
    opts = K8sOptions(image=image, name=name, namespace=namespace, kind=kind, nodes=nodes, secret=secret,
                      socket_ifname=socket_ifname, device_resource=device_resource, lang=lang)
    result = manifest(server_argv, compile_argv, written_for, None, opts)
    if not result.text:  # nothing to write: the report says why
        _report_and_write(first, result, lang, show_secrets, None)
        return 2
    return _report_and_write(first, result, lang, show_secrets, output)


def _report_and_write(compiled, result, lang: str, show_secrets: bool, output: str | None) -> int:
    """An export's findings on stderr (secrets hidden), then its text to ``output`` or stdout unless an error
    stops it; the exit status."""
    from . import render
    from .check_config import secrets_hidden

    report = records.replace(compiled, findings=result.findings)
    if report.findings:
        render.emit(render.findings_lines(report, lang, "export"), stderr=True,
                    scrub=secrets_hidden(compiled, show_secrets))
    if not report.ok:
        return report.exit_code
    if result.text:
        if output:
            _write(output, result.text)
        else:
            sys.stdout.write(result.text)
    return 0
