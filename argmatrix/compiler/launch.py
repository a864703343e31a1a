"""From a checked configuration to the command an engine will accept, and to files for other tools.

``argmatrix launch`` and ``argmatrix export`` stand in front of the engines
people already run.  This module decides what each engine is told:

* only what the user set (plus derived values the engine would not work out
  itself), in the spelling of the selected SGLang release: a flag that release
  deprecates is rewritten into its successors (``REWRITES``), so the engine
  starts without the deprecation warning;
* argmatrix's own server limits never reach SGLang or vLLM, and a value an
  engine cannot express is a finding, never dropped in silence;
* config-file values reach SGLang as the YAML file it reads (dashed keys,
  switches only when on), environment values as flags (SGLang and vLLM do not
  read ``ARGMATRIX_*``); argmatrix's own engine gets the original file and
  inherits the environment.

No process is started here: the CLI execs :attr:`EngineCommand.argv`.
"""
from __future__ import annotations

import shlex
from collections.abc import Callable
from typing import Any

from ..matrix import engines
from ..records import field, record
from ..schema import registry
from ..schema.meta import Text
from ..schema.releases import CHANGES, argmatrix_only, exists_in, state_of
from . import sglang_reader
from .compile import DEFAULT_RELEASE, CompileOptions
from .compile import compile as compile_launch
from .findings import ERROR, NOTE, WARNING, Finding, sort_findings
from .sources import Assignment
from .spelling import ONE_TOKEN_LISTS, UNWRITABLE, flag_tokens, surface_tokens

# --- spellings of one SGLang release ------------------------------------------------------------------------------

Rewrite = Callable[[dict[str, Any]], tuple[dict[str, Any], tuple[str, ...]]]


def _carry(old: str, successor: str) -> Rewrite:
    return lambda v: ({successor: v[old]}, ())


def _when_on(**sets: Any) -> Rewrite:
    return lambda v: (dict(sets), ())


def _dp_attention(v: dict[str, Any]) -> tuple[dict[str, Any], tuple[str, ...]]:
    # SGLang 0.5.22+: "--attn-dp-size N" instead of "--dp-size N --enable-dp-attention"
    return {"attn_dp_size": v["dp_size"]}, ("dp_size",)


# deprecated field -> (values -> successor values, fields the successor spelling replaces), applied when the
# selected release deprecates the old flag.  A deprecated flag without a row keeps its old spelling (SGLang
# still takes it, with a warning, and check-config says so).
REWRITES: dict[str, Rewrite] = {
    "enable_dp_attention": _dp_attention,
    "cuda_graph_bs": _carry("cuda_graph_bs", "cuda_graph_bs_decode"),
    "cuda_graph_max_bs": _carry("cuda_graph_max_bs", "cuda_graph_max_bs_decode"),
    "disable_cuda_graph": _when_on(cuda_graph_backend_decode="disabled", cuda_graph_backend_prefill="disabled"),
    "enable_flashinfer_allreduce_fusion": _when_on(flashinfer_allreduce_fusion_backend="auto"),
    "disable_fast_image_processor": _when_on(image_processor_backend="pil"),
    "grpc_mode": _carry("grpc_mode", "smg_grpc_mode"),
}
REWRITE_ONLY_WHEN_ON = {"enable_dp_attention", "disable_cuda_graph", "enable_flashinfer_allreduce_fusion",
                        "disable_fast_image_processor", "grpc_mode"}
for _old in REWRITES:
    if _old not in registry.SPECS or _old not in CHANGES:
        raise KeyError(f"rewrite for {_old!r}: not a flag SGLang renamed")


def _yaml_value(name: str, value: Any, release: str | None) -> tuple[bool, Any]:
    """How SGLang's --config reader takes ``value`` for ``name`` (``sglang_reader``): (True, what to write, None
    for nothing) or (False, None) when the file cannot carry it and the command line must."""
    spec = registry.SPECS[name]
    if sglang_reader.config_refuses(name, release):
        return False, None
    tokens, _ = flag_tokens(name, value, release=release)
    texts = (tokens[1:] if not tokens or "=" not in tokens[0] else [tokens[0].partition("=")[2]]) if tokens else []
    if tokens is None or not all(sglang_reader.argparse_value(t) for t in texts):
        return False, None  # a value argparse would read as an option (-x; -1 is a number), or one nothing can say
    if spec.is_bool and sglang_reader.takes_text(name, release):
        return True, (True if value else None)  # the reader writes `--key true`; false would be the text "false"
    if spec.is_bool:
        # store_true switches: the reader passes `true` as the flag and skips `false` (written, so argmatrix reads
        # the file back into the same value; SGLang holds its off, which flag_tokens checked is off)
        return True, bool(value) if value is not None else None
    if not tokens:
        return True, None  # unset, or an empty list: what SGLang holds without the key
    if spec.is_object or name in ONE_TOKEN_LISTS:
        return True, tokens[1]  # JSON text, read back verbatim (0.5.9's reader would write a mapping as Python text)
    if spec.is_list and isinstance(value, (list, tuple)):
        return True, list(value)
    if isinstance(value, float) and value.is_integer() and abs(value) < 2 ** 53:
        return True, int(value)  # as on the command line: a release that parses it with int() reads it too
    return True, value


# --- the command ---------------------------------------------------------------------------------------------------

@record(frozen=False)
class EngineCommand:
    """What to start: ``argv`` (program first), the config file to write before it, and new findings."""

    engine: str
    argv: list[str]
    config_path: str | None = None
    config_text: str | None = None
    findings: list[Finding] = field(default_factory=list)
    passed: dict[str, Any] = field(default_factory=dict)  # field -> value the engine is told
    rewritten: frozenset[str] = frozenset()  # fields written in their successors' spelling
    compiled: Any = None  # the launch as the started engine reads it, when translated from another engine's

    def shell(self) -> str:
        return shlex.join(self.argv)


def _finding(code: str, severity: str, message: Text, hint: Text | None, name: str, compiled: Any,
             value: Any = None) -> Finding:
    return Finding(code, severity, "compat", message, hint, field=name, flag=registry.SPECS[name].flag,
                   value=compiled.values[name] if value is None else value, source=compiled.sources.get(name),
                   platform=compiled.platform)


def selected(compiled: Any, engine: str, *, self_contained: bool = False) -> list[str]:
    """The fields the engine is told, in schema order: what the user set, plus derived values it would not derive."""
    own = engines.get(engine).derives
    out = []
    for name in registry.SPECS:
        source = compiled.sources.get(name, "default")
        if name == "config":
            continue  # the file's values are rendered, not the path (argmatrix's own engine gets it back below)
        if name in compiled.user_set:
            out.append(name)  # a value the user set is written even when it equals a default: nothing is lost
        elif source.startswith("derived:") and source[len("derived:"):] not in own \
                and not source.startswith("derived:renamed-from-"):
            out.append(name)
    return out


def _in_release(compiled: Any, names: list[str], release: str | None, findings: list[Finding],
                rewritten: set[str], origins: dict[str, str]) -> dict[str, Any]:
    """Field -> value in the spelling of SGLang ``release``: deprecated flags rewritten into their successors."""
    values = {n: compiled.values[n] for n in names}
    if release is None:
        return values
    for old in list(values):
        change = CHANGES.get(old)
        rewrite = REWRITES.get(old)
        if change is None or rewrite is None or state_of(change, release) == "current" or old not in values:
            continue
        if old in REWRITE_ONLY_WHEN_ON and not values[old]:
            continue
        adds, replaces = rewrite(compiled.values)
        if not all(exists_in(n, release) for n in adds):
            continue
        # a successor the user gave is kept as written (check-config says so, AM-W116): the old flag is rewritten
        # only into the others
        kept = [n for n in adds if n in compiled.user_set]
        adds = {n: v for n, v in adds.items() if n not in kept}
        before = " ".join(t for n in (old, *[r for r in replaces if r in values])
                          for t in (flag_tokens(n, values[n], release=release)[0] or []))
        del values[old]
        for r in replaces:
            values.pop(r, None)
        values.update(adds)
        rewritten.add(old)
        for n in adds:
            origins[n] = compiled.sources.get(old, "")
        after = " ".join(t for n in adds for t in (flag_tokens(n, adds[n], release=release)[0] or []))
        refused = state_of(change, release) == "refused"
        verb = Text("refuses", "已不再接受") if refused else Text("deprecates", "已弃用")
        mine = " ".join(registry.SPECS[n].flag for n in kept)
        also = (Text(f", keeping your {mine}", f"，并保留您给出的 {mine}") if kept and after else
                Text(f": your {mine} already says it", f"：您给出的 {mine} 已表达了它") if kept else Text("", ""))
        said = Text(f"{before} is written {after}", f"{before} 按 SGLang {release} 的写法改为 {after}") if after \
            else Text(f"{before} is left out", f"{before} 不再写出")
        old_flag = registry.SPECS[old].flag
        findings.append(_finding("AM-N804", NOTE,
                                 Text(f"{said.en} for SGLang {release}, which {verb.en} {old_flag}{also.en}",
                                      f"{said.zh}（SGLang {release} {verb.zh} {old_flag}）{also.zh}"),
                                 None, old, compiled))
    order = {n: i for i, n in enumerate(registry.SPECS)}
    return dict(sorted(values.items(), key=lambda kv: order[kv[0]]))


def _not_passed(name: str, compiled: Any, engine: str, why: Text) -> Finding:
    flag = registry.SPECS[name].flag
    title = engines.get(engine).title
    return _finding("AM-W801", WARNING,
                    Text(f"{flag} is not passed to {title.en}: {why.en}", f"{flag} 不会传给 {title.zh}：{why.zh}"),
                    Text(f"check that {title.en} does what you want without {flag}, or remove it",
                         f"请确认不传 {flag} 时 {title.zh} 的行为符合预期，或去掉它"), name, compiled)


def _argmatrix_only(name: str, compiled: Any, engine: str) -> Finding:
    return _not_passed(name, compiled, engine, Text("it is argmatrix's own server limit, which the engine does "
                                                    "not have", "它是 argmatrix 自己的服务端限制，该引擎没有此参数"))


def translated(compiled: Any, target: str, release: Any = None) -> tuple[Any, list[Any]]:
    """``compiled`` (read for its engine) as a launch of engine ``target``, compiled by that engine's rules, and
    the findings of the translation itself (a set value no row carries, a value the target cannot spell)."""
    from .translate import rows_for  # the table loads only for a launch that crosses engines

    source_engine, target_engine = engines.get(compiled.engine), engines.get(target)
    src = source_engine.surface_key
    specs = compiled.specs
    rows = rows_for(src)
    done: set[int] = set()
    out: list[Assignment] = []
    problems: list[Finding] = []
    order = {n: i for i, n in enumerate(specs)}
    for name in sorted(compiled.user_set, key=order.__getitem__):
        if name == source_engine.config_field:
            continue  # the file's values were read one by one
        row = rows.get(name)
        flag = specs[name].flag
        where = {"field": name, "flag": flag, "value": compiled.values[name], "source": compiled.sources.get(name),
                 "platform": compiled.platform}
        if row is None:
            problems.append(Finding("AM-W801", WARNING, "compat",
                                    Text(f"{flag} is not passed to {target_engine.title.en}: it has no equivalent there",
                                         f"{flag} 不会传给 {target_engine.title.zh}：该引擎没有对应参数"),
                                    Text(f"find what {target_engine.title.en} offers instead with 'argmatrix explain "
                                         f"--engine {target}', or remove {flag}",
                                         f"用 'argmatrix explain --engine {target}' 查找 {target_engine.title.zh} 的替代参数，"
                                         f"或去掉 {flag}"), **where))
            continue
        if id(row) in done:
            continue
        done.add(id(row))
        given = {n: compiled.values[n] for n in row.side(src)}
        carried = row.carry(src, given)
        if carried is None:
            problems.append(Finding("AM-W801", WARNING, "compat",
                                    Text(f"{flag} {compiled.values[name]!r} has no spelling in {target_engine.title.en}: "
                                         "it is not passed", f"{flag} {compiled.values[name]!r} 在 "
                                         f"{target_engine.title.zh} 中没有对应写法：不会传递"),
                                    Text(f"set the equivalent of {flag} for {target_engine.title.en} by hand",
                                         f"请手动为 {target_engine.title.zh} 设置 {flag} 的对应参数"), **where))
            continue
        # where the user wrote the value (argv[i], file:line, env:VAR): the translated flag is named by the finding
        source = compiled.sources.get(name) or "override"
        out += [Assignment(field, value, source, flag=engines.get(target).surface.specs[field].flag)
                for field, value in carried.items()]
    translated = compile_launch([], CompileOptions(target=compiled.platform, env={}, engine=target,
                                                   release=release or DEFAULT_RELEASE, assignments=tuple(out)))
    if translated.engine != target:  # pragma: no cover - compile honours an explicit engine
        raise AssertionError(translated.engine)
    return translated, problems


def build_command(compiled: Any, engine: str = "sglang", *, release: str | None = None,
                  config_path: str | None = None, self_contained: bool = False,
                  fold_config: bool = False, file_only: bool = False, lang: str = "en") -> EngineCommand:
    """The command that starts ``engine`` with ``compiled``'s values.

    ``release``: the SGLang release whose spellings to write (default: the one ``compiled`` was checked against).
    ``config_path``: where SGLang's config file will be written when some values came from a file
    (``fold_config=True`` puts them on the command line instead; ``file_only=True`` puts every value in the file,
    and one SGLang's reader cannot take there is a finding: ``export --to yaml``).  ``self_contained``: a command
    that stands alone (``export``): argmatrix's own engine gets every value as a flag instead of the file and
    environment.  ``lang``: the language of the config file's header comment (the values are the same).
    """
    if engine not in engines.keys():
        raise ValueError(f"engine must be one of {', '.join(engines.keys())}, not {engine!r}")
    target = engines.get(engine)
    findings: list[Finding] = []
    if target.surface_key != engines.get(compiled.engine).surface_key:
        source_problems = [f for f in compiled.findings if f.kind == "usage"]
        compiled, findings = translated(compiled, engine, release)
        # what the source line could not be read as (a flag without its value) is not lost with the translation
        findings = [*source_problems, *findings]
    if target.surface_key != "sglang":
        return _surface_command(compiled, target, findings)
    release = release or compiled.sglang_version
    names = selected(compiled, engine, self_contained=self_contained)
    if engine == "argmatrix":
        cmd = _argmatrix_command(compiled, names, findings, self_contained)
        cmd.compiled = compiled
        return cmd
    warned = {f.field for f in compiled.findings if f.code == "AM-W114"}
    kept = []
    for name in names:
        if argmatrix_only(name):
            if name not in warned:
                findings.append(_argmatrix_only(name, compiled, engine))
            continue
        kept.append(name)
    rewritten: set[str] = set()
    origins = dict(compiled.sources)  # a successor's value comes from where its old flag's did
    values = _in_release(compiled, kept, release, findings, rewritten, origins)
    program = target.program
    argv: list[str] = list(program)
    file_values: dict[str, Any] = {}
    for name, value in values.items():
        if sglang_reader.ignored(name, release):
            findings.append(_not_passed(name, compiled, engine, Text(
                f"SGLang {release} accepts {registry.SPECS[name].flag} and ignores it (a value after it is refused)",
                f"SGLang {release} 接受 {registry.SPECS[name].flag} 但会忽略它（其后跟取值则报错）")))
            continue
        if file_only or (origins.get(name, "").startswith("file:") and not fold_config):
            ok, written = _yaml_value(name, value, release)
            if ok:
                if written is not None:
                    file_values[sglang_reader.flag(name, release)[2:]] = written
                continue
        tokens, why = flag_tokens(name, value, release=release)
        if tokens is None and why is not None and UNWRITABLE in why.en:
            findings.append(_refused(name, registry.SPECS[name].flag, value, compiled, target.title, why))
            continue
        if tokens is None:
            findings.append(_not_passed(name, compiled, engine, why or Text("", "")))
            continue
        if file_only and not tokens:
            continue
        if file_only:  # the file alone cannot say it: the command line must
            findings.append(_not_in_file(name, compiled, tokens, release))
            continue
        argv += tokens
    text = None
    if file_values or file_only:
        import yaml

        path = config_path or "argmatrix-sglang.yaml"
        text = (CONFIG_HEADERS(lang) + ("" if not file_values else yaml.safe_dump(
            file_values, sort_keys=False, allow_unicode=True, default_flow_style=False)))
        argv[len(program):len(program)] = ["--config", path]
        config_path = path
    else:
        config_path = None
    return EngineCommand(engine, argv, config_path, text, findings, values, frozenset(rewritten), compiled)


CONFIG_HEADERS = Text("# SGLang --config file written by argmatrix: dashed flag names, JSON objects as their text\n",
                      "# 由 argmatrix 生成的 SGLang --config 文件：键为带连字符的参数名，JSON 对象写成文本\n")


def _not_in_file(name: str, compiled: Any, tokens: list[str], release: str | None) -> Finding:
    flag = registry.SPECS[name].flag
    said = " ".join(tokens)
    release = release or sglang_reader.held(release)  # no release checked: the newest held reader's facts
    return _finding("AM-W801", WARNING,
                    Text(f"{flag} is not written into the SGLang --config file: SGLang {release}'s config reader "
                         f"cannot take it", f"{flag} 未写入 SGLang 的 --config 文件：SGLang {release} 的配置文件读取器"
                         "不接受该参数"),
                    Text(f"pass {said} on SGLang's command line, after --config", f"请在 SGLang 命令行的 --config "
                         f"之后传入 {said}"), name, compiled)


def _surface_command(compiled: Any, target: Any, findings: list[Finding]) -> EngineCommand:
    """The command for an engine whose flags are its own surface (vLLM): every value the user set, in its
    spelling, the model first when the engine takes it as a word.  Defaults are the engine's: a value the user
    set is written even when it equals one, so nothing they said is lost."""
    specs = target.surface.specs
    argv = list(target.program)
    passed: dict[str, Any] = {}
    positional = target.spelling.positional
    order = {n: i for i, n in enumerate(specs)}
    names = sorted((n for n in compiled.user_set if n != target.config_field), key=order.__getitem__)
    if positional and positional in names and compiled.values.get(positional):
        argv.append(str(compiled.values[positional]))
        passed[positional] = compiled.values[positional]
    for name in names:
        if name == positional and name in passed:
            continue
        spec = specs[name]
        value = compiled.values[name]
        tokens, why = surface_tokens(spec, value, bool(spec.arg.negatable))
        if tokens is None and why is not None and UNWRITABLE in why.en:
            findings.append(_refused(name, spec.flag, value, compiled, target.title, why))
            continue
        if tokens is None:
            findings.append(Finding("AM-W801", WARNING, "compat",
                                    Text(f"{spec.flag} is not passed to {target.title.en}: {(why or Text('', '')).en}",
                                         f"{spec.flag} 不会传给 {target.title.zh}：{(why or Text('', '')).zh}"),
                                    Text(f"check that {target.title.en} does what you want without {spec.flag}",
                                         f"请确认不传 {spec.flag} 时 {target.title.zh} 的行为符合预期"),
                                    field=name, flag=spec.flag, value=value, source=compiled.sources.get(name),
                                    platform=compiled.platform))
            continue
        argv += tokens
        passed[name] = value
    return EngineCommand(target.key, argv, None, None, findings, passed, compiled=compiled)


def _refused(name: str, flag: str, value: Any, compiled: Any, title: Text, why: Text) -> Finding:
    """AM-E801: a set value the command line cannot carry intact; refused rather than dropped."""
    return Finding("AM-E801", ERROR, "compat",
                   Text(f"{flag} cannot be passed to {title.en}: {why.en}", f"{flag} 无法传给 {title.zh}：{why.zh}"),
                   Text(f"give {flag} values that do not start with '-', or one such value alone",
                        f"请为 {flag} 提供不以“-”开头的取值，或只提供一个这样的取值"),
                   field=name, flag=flag, value=value, source=compiled.sources.get(name), platform=compiled.platform)


def config_file_of(compiled: Any) -> str | None:
    """The config file ``compiled`` read (``--config`` on the command line, or given to ``compile``)."""
    if compiled.values.get("config"):
        return str(compiled.values["config"])
    for source in compiled.sources.values():
        if source.startswith("file:"):
            path, _, line = source[len("file:"):].rpartition(":")
            return path if line.isdigit() else source[len("file:"):]
    return None


def _argmatrix_command(compiled: Any, names: list[str], findings: list[Finding],
                       self_contained: bool) -> EngineCommand:
    """argmatrix's own engine reads everything itself: argv values as flags, the file by its path, env inherited."""
    argv = [*engines.get("argmatrix").program, "--target", compiled.platform]
    if compiled.allow_unimplemented:
        argv.append("--allow-unimplemented")
    passed: dict[str, Any] = {}
    config = config_file_of(compiled)
    if config and not self_contained:
        argv += ["--config", str(config)]
    for name in names:
        source = compiled.sources.get(name, "")
        if not self_contained and (source.startswith("env:") or (config and source.startswith("file:"))):
            passed[name] = compiled.values[name]  # it reads them again where they are
            continue
        tokens, why = flag_tokens(name, compiled.values[name], engine="argmatrix")
        if tokens is None and why is not None and UNWRITABLE in why.en:
            findings.append(_refused(name, registry.SPECS[name].flag, compiled.values[name], compiled,
                                     engines.get("argmatrix").title, why))
            continue
        if tokens is None:
            findings.append(_not_passed(name, compiled, "argmatrix", why or Text("", "")))
            continue
        argv += tokens
        passed[name] = compiled.values[name]
    return EngineCommand("argmatrix", argv, None, None, findings, passed)


def launch_findings(compiled: Any, cmd: EngineCommand, *, strict: bool = False) -> list[Finding]:
    """The findings of a launch: the check's, a spelling the release refuses but the command rewrote as a
    warning (the engine never sees it), and the command's own (errors under ``strict``).  A launch translated
    for another engine is judged by that engine's rules."""
    out = []
    if cmd.compiled is not None:
        compiled = cmd.compiled
    for f in compiled.findings:
        if f.code == "AM-E109" and f.field in cmd.rewritten:
            f = f.with_severity(WARNING)
        out.append(f)
    out += [f.with_severity(ERROR) if strict and f.severity == WARNING else f for f in cmd.findings]
    return sort_findings(out, compiled.surface)
