"""Reading raw values, with provenance, from argv, config files and the environment.

Every reader yields :class:`Assignment` objects and never validates types:
pydantic does that once, for all sources alike.  Problems that make the input
unreadable (an unknown flag, a missing value, broken YAML) become usage
findings; the readers keep going so the user sees all of them at once.
"""
from __future__ import annotations

import difflib
import errno
import json
import os
import re
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..records import record
from ..schema import registry
from ..schema.meta import Text
from ..schema.registry import ArgSpec, _metadata, suggest
from ..schema.types import JSON_ERRORS, json_error
from .bounded_read import UnreadableFile, check_nesting, check_yaml_expansion, read_text
from .findings import ERROR, USAGE, WARNING, Finding

SET, MERGE, APPEND = "set", "merge", "append"
ENV_PREFIX = "ARGMATRIX_"
# ARGMATRIX_* variables that configure argmatrix itself rather than the server
ENV_SETTINGS = {"ARGMATRIX_TARGET", "ARGMATRIX_LANG", "ARGMATRIX_CACHE", "ARGMATRIX_SGLANG_VERSION"}
SCHEMA_KEY = "$schema"  # a config file's reference to config.schema.json, for editors
_TRUE = {"true", "1", "yes", "on"}
_FALSE = {"false", "0", "no", "off"}


@record
class Assignment:
    """``field`` gets ``value`` from ``source``; ``op`` says whether it replaces, merges into or appends to it."""

    field: str
    value: Any
    source: str
    op: str = SET
    path: tuple[str, ...] = ()
    flag: str | None = None
    literal: str | None = None  # the true/false the user wrote after a switch (SGLang's switches take none)
    negated: bool = False       # an off switch argmatrix derives: --no-x, or --disable-x for --enable-x
    typed: str | None = None    # how the user spelled it (a config-file key, an env var), when not as ``flag``


def usage(code: str, message: Text, hint: Text | None = None, *, flag=None, value=None, source=None,
          field=None) -> Finding:
    return Finding(code, ERROR, USAGE, message, hint, field=field, flag=flag, value=value, source=source)


def _former_flag(spelled: str, release: str | None) -> tuple[Text, Text] | None:
    """(why, fix) for a flag (or config key) SGLang once had and no field holds: naming its successor in
    ``release`` beats guessing a look-alike (``schema.releases.former_flag``)."""
    from ..schema.releases import former_flag  # SGLang's release facts: read for SGLang's own flags only

    return former_flag(spelled, release)


@record
class _Counterpart:
    """A vLLM flag in an SGLang-style launch: the SGLang flags that say the same (compiler/translate.py)."""

    flags: tuple[str, ...]
    note: Text | None

    def with_source(self, flag: str, source: str) -> Finding:
        said = " / ".join(self.flags)
        differs = Text(f"; note: {self.note.en}", f"；注意：{self.note.zh}") if self.note \
            else Text("", "")
        return usage("AM-E001", Text(f"unknown flag {flag}: it is vLLM's spelling", f"未知参数 {flag}：这是 vLLM 的写法"),
                     Text(f"SGLang says it as {said}{differs.en} (argmatrix explain {self.flags[0]})",
                          f"SGLang 的对应写法为 {said}{differs.zh}（argmatrix explain {self.flags[0]}）"),
                     flag=flag, source=source)


def _vllm_counterpart(flag: str) -> _Counterpart | None:
    from .translate import counterpart

    found = counterpart(flag, "sglang")
    return None if found is None else _Counterpart(found[1], found[2])


def did_you_mean(hint: str | None, spelled: str) -> Text | None:
    if not hint:
        return None
    return Text(f"did you mean {spelled.format(hint)}?", f"您是否想输入 {spelled.format(hint)}？")


# --- command line -----------------------------------------------------------------------------------------------

def _resolve_flag(flag: str, release: str | None = None) -> tuple[str | None, bool, tuple[str, ...]]:
    """Map a flag spelling to ``(field, negated, ambiguous)``: ``--no-x``, ``--disable-x`` for ``--enable-x`` and back.

    An abbreviation (``--tp`` for ``--tp-size``) is read the way argparse, and so SGLang ``release``, reads it:
    against the flags that release has.  ``ambiguous`` lists the flags an abbreviation could mean.
    """
    flag = "--" + flag[2:].replace("_", "-")
    if flag in registry.FLAGS:
        return registry.FLAGS[flag], False, ()
    for prefix, other in (("--no-", "--"), ("--disable-", "--enable-"), ("--enable-", "--disable-")):
        if flag.startswith(prefix):
            target = other + flag[len(prefix):]
            name = registry.FLAGS.get(target)
            if name and registry.SPECS[name].is_bool:
                return name, True, ()
    flags = registry.FLAGS
    from ..schema.releases import exists_in

    known = [f for f in flags if f.startswith(flag) and (release is None or exists_in(flags[f], release))]
    fields = {flags[f] for f in known}
    if len(fields) == 1:
        return fields.pop(), False, ()
    return None, False, tuple(sorted(registry.SPECS[n].flag for n in fields))


def _bool_literal(text: str) -> bool | None:
    low = text.strip().lower()
    return True if low in _TRUE else False if low in _FALSE else None


def _scalar(text: str) -> Any:
    """A value inside a JSON object given on the command line: JSON if it parses, else the string."""
    try:
        return json.loads(text)
    except JSON_ERRORS:
        return text


def _splits_text(spec: ArgSpec) -> bool:
    """True when the field's own validator reads one string as a list (``StrList``, ``IntList``, ``JsonList``)."""
    from ..schema.types import parse_json_text, split_list

    return any(getattr(m, "func", None) in (split_list, parse_json_text) for m in _metadata(spec.annotation))


def _list_item(text: str) -> Any:
    """One item of a list whose type does not split text itself: a JSON object if it is one, else the string."""
    if text.strip().startswith("{"):
        try:
            return json.loads(text)
        except JSON_ERRORS:
            pass
    return text


def cli_value(spec: ArgSpec, values: list[str]) -> Any:
    """Turn the strings after a flag into a value pydantic can validate."""
    if spec.is_list:
        if _splits_text(spec):
            # one value is a JSON array or a comma-separated list: the field's validator splits it
            return values[0] if len(values) == 1 else values
        if len(values) == 1:
            text = values[0].strip()
            if text.startswith("["):
                try:
                    return json.loads(text)
                except JSON_ERRORS:
                    return text  # the field's validator reports it
            if not text.startswith("{"):
                return [part.strip() for part in text.split(",") if part.strip()]
        return [_list_item(v) for v in values]
    text = values[0]
    if spec.choices and not isinstance(spec.choices[0], str):  # Literal[0, 1, 2, 3] from a string
        return next((c for c in spec.choices if str(c) == text), text)
    return text


def parse_argv(argv: list[str], release: str | None = None) -> tuple[list[Assignment], list[Finding], str | None]:
    """Read server flags (abbreviations as SGLang ``release`` reads them).

    Returns assignments, usage findings, and the ``--config`` path if any.
    """
    out: list[Assignment] = []
    problems: list[Finding] = []
    config_path: str | None = None
    i = 0
    while i < len(argv):
        token = argv[i]
        source = f"argv[{i}]"
        if not token.startswith("--") or token == "--":
            problems.append(usage("AM-E003", Text(f"unexpected argument '{token}'", f"无法识别的参数“{token}”"),
                                  Text("server options are written as --flag value", "服务参数的写法为 --flag 取值"),
                                  value=token, source=source))
            i += 1
            continue
        head, eq, inline = token.partition("=")
        base, dot, path_text = head.partition(".")
        appending = False
        if not dot and base.endswith("+"):
            base, appending = base[:-1], True
        name, negated, ambiguous = _resolve_flag(base, release)
        if name is None and ambiguous:
            where = f"SGLang {release}" if release else "argmatrix"
            listed = ", ".join(ambiguous)
            problems.append(usage("AM-E009", Text(f"ambiguous flag {base}: {where} reads it as an abbreviation of "
                                                  f"{listed}", f"参数 {base} 有歧义：{where} 会把它当作 {listed} 的缩写"),
                                  Text(f"write the whole flag: {' or '.join(ambiguous)}",
                                       f"请写出完整参数：{' 或 '.join(ambiguous)}"), flag=base, source=source))
        elif name is None and (former := _former_flag(base, release)) is not None:
            problems.append(usage("AM-E001", Text(f"unknown flag {base}: {former[0].en}",
                                                  f"未知参数 {base}：{former[0].zh}"),
                                  former[1], flag=base, source=source))
        elif name is None and (across := _vllm_counterpart(base)) is not None:
            problems.append(across.with_source(base, source))
        elif name is None:
            # suggest only a flag the release reads: a look-alike it refuses would be a second mistake
            from ..schema.releases import suggestion_pool

            close = difflib.get_close_matches("--" + base[2:].replace("_", "-"), suggestion_pool(release), n=1,
                                              cutoff=0.6)
            problems.append(usage("AM-E001", Text(f"unknown flag {base}", f"未知参数 {base}"),
                                  did_you_mean(close[0] if close else None, "{}"), flag=base, source=source))
        if name is None:
            i += 1
            # skip the values that belong to the unknown flag so they are not reported again
            while not eq and i < len(argv) and not argv[i].startswith("--"):
                i += 1
            continue
        spec = registry.SPECS[name]
        path: tuple[str, ...] = ()
        if dot:
            appending = path_text.endswith("+")
            path = tuple(p for p in path_text.rstrip("+").split(".") if p)
            if not spec.is_object or not path:
                problems.append(usage("AM-E004", Text(f"{base} takes no dotted keys: it is not a JSON object",
                                                      f"{base} 不是 JSON 对象，不能使用点号子键"),
                                      flag=base, value=token, source=source, field=name))
                i += 1
                continue
        # collect the value(s)
        if eq:
            values = [inline]
            i += 1
        elif spec.is_bool and not path:
            nxt = argv[i + 1] if i + 1 < len(argv) else None
            if nxt is not None and _bool_literal(nxt) is not None:
                values, i = [nxt], i + 2
            else:
                values, i = [], i + 1
        else:
            j = i + 1
            while j < len(argv) and not (argv[j].startswith("--") and len(argv[j]) > 2):
                j += 1
                if not (spec.is_list and not path):
                    break
            values = argv[i + 1:j]
            i = j
            if not values:
                problems.append(usage("AM-E002", Text(f"{base} needs a value", f"{base} 需要一个取值"),
                                      Text(f"write {base} VALUE", f"写作 {base} 取值"), flag=base, source=source,
                                      field=name))
                continue
        if spec.is_bool and not path:
            if values:
                parsed = _bool_literal(values[0])
                if parsed is None:
                    problems.append(usage("AM-E005", Text(f"{base} takes true or false, not '{values[0]}'",
                                                          f"{base} 只接受 true 或 false，而不是“{values[0]}”"),
                                          flag=base, value=values[0], source=source, field=name))
                    continue
            else:
                parsed = True
            out.append(Assignment(name, parsed != negated, source, flag=base, literal=values[0] if values else None,
                                  negated=negated))
            continue
        if negated:
            problems.append(usage("AM-E005", Text(f"{base} is a switch and takes no value", f"{base} 是开关，不接受取值"),
                                  flag=base, value=values, source=source, field=name))
            continue
        if name == "config":
            config_path = values[0]
            out.append(Assignment(name, values[0], source, flag=base))
        elif path:
            op = APPEND if appending else MERGE
            items = values[0].split(",") if appending else values[:1]
            for item in items:
                out.append(Assignment(name, _scalar(item.strip()) if appending else _scalar(item), source, op, path,
                                      flag=base))
        elif appending:
            items = [v for value in values for v in value.split(",") if v.strip()]
            if not spec.is_list:
                problems.append(usage("AM-E004", Text(f"{base}+ appends, but {base} is not a list",
                                                      f"{base}+ 用于追加，但 {base} 不是列表"),
                                      flag=base, source=source, field=name))
                continue
            out.extend(Assignment(name, item.strip(), source, APPEND, flag=base) for item in items)
        else:
            out.append(Assignment(name, cli_value(spec, values), source, flag=base))
    return out, problems, config_path


# --- config files -----------------------------------------------------------------------------------------------

def _config_key(key: str) -> str | None:
    norm = str(key).lstrip("-").replace("-", "_")
    return registry.NAMES.get(norm)


def _key_lines(text: str, suffix: str) -> dict[str, int]:
    """Line number (1-based) of each top-level key, for provenance."""
    lines: dict[str, int] = {}
    if suffix in (".yaml", ".yml"):
        import yaml

        node = yaml.compose(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
        if isinstance(node, yaml.MappingNode):
            for key_node, _ in node.value:
                lines.setdefault(str(key_node.value), key_node.start_mark.line + 1)
        return lines
    pattern = r'^\s*"((?:[^"\\]|\\.)+)"\s*:' if suffix == ".json" else r"^\s*([A-Za-z0-9_.\-\"']+)\s*="
    for number, line in enumerate(text.splitlines(), 1):
        m = re.match(pattern, line)
        if m:
            lines.setdefault(m.group(1).strip("\"'"), number)
    return lines


# the reasons a file cannot be read, said in Chinese (the OS says them in English)
_OS_ERRORS_ZH = {errno.ENOENT: "文件不存在", errno.EACCES: "没有读取权限", errno.EISDIR: "这是一个目录，不是文件",
                 errno.ENOTDIR: "路径中有一段不是目录", errno.ELOOP: "符号链接循环"}


def read_config(path: str, release: str | None = None) -> tuple[list[Assignment], list[Finding]]:
    """Load a YAML, JSON or TOML config file straight into assignments (no detour through argv); an unknown key is
    answered with a key SGLang ``release`` has (any key without a release)."""
    p = Path(path)
    suffix = p.suffix.lower()
    where = f"file:{path}"
    if suffix not in (".yaml", ".yml", ".json", ".toml"):
        return [], [usage("AM-E006", Text(f"config file {path} must end in .yaml, .yml, .json or .toml",
                                          f"配置文件 {path} 的扩展名必须是 .yaml、.yml、.json 或 .toml"),
                          source=where)]
    try:
        text = read_text(p)           # a regular file, bounded, UTF-8 (or with a BOM): never a hang
    except UnreadableFile as exc:
        return [], [usage("AM-E006", Text(f"cannot read config file: {exc.text.en}", f"无法读取配置文件：{exc.text.zh}"),
                          source=where)]
    except OSError as exc:
        why = _OS_ERRORS_ZH.get(exc.errno or 0, "操作系统拒绝读取")
        return [], [usage("AM-E006", Text(f"cannot read config file {path}: {exc.strerror}",
                                          f"无法读取配置文件 {path}：{why}"), source=where)]
    try:
        check_nesting(text, path)      # before any parser recurses into it
        data = _parse_config(text, suffix)
    except UnreadableFile as exc:
        return [], [usage("AM-E007", exc.text, source=where)]
    except RecursionError:
        return [], [usage("AM-E007", Text(f"{path} nests its values too deeply to read",
                                          f"{path} 的取值嵌套过深，无法读取"), source=where)]
    except ValueError as exc:
        line = getattr(exc, "line", None)
        src = f"{where}:{line}" if line else where
        return [], [usage("AM-E007", Text(f"{path} is not valid {suffix[1:].upper()}: {exc}",
                                          f"{path} 不是合法的 {suffix[1:].upper()}（解析器报告：“{exc}”）"), source=src)]
    if data is None:
        return [], []
    if not isinstance(data, dict):
        return [], [usage("AM-E007", Text(f"{path} must hold a mapping of argument names to values",
                                          f"{path} 的顶层必须是“参数名: 取值”的映射"), source=where)]
    lines = _key_lines(text, suffix)
    out: list[Assignment] = []
    problems: list[Finding] = []
    for key, value in data.items():
        if key == SCHEMA_KEY:
            continue  # the editor's schema reference (argmatrix export --to json writes it), not an argument
        src = f"{where}:{lines[str(key)]}" if str(key) in lines else where
        name = _config_key(key)
        if name is None and (former := _former_flag(str(key), release)) is not None:
            problems.append(usage("AM-E001", Text(f"unknown key '{key}' in {path}: {former[0].en}",
                                                  f"{path} 中的键“{key}”未知：{former[0].zh}"),
                                  former[1], value=value, source=src))
        elif name is None:
            hint = suggest(str(key).lstrip("-").replace("-", "_"))
            from ..schema.releases import exists_in

            if hint is not None and release is not None and not exists_in(hint, release):
                # the nearest key the release has, not a look-alike it refuses
                hint = suggest(str(key).lstrip("-").replace("-", "_"),
                               [n for n, named in registry.NAMES.items() if n == named and exists_in(named, release)])
            problems.append(usage("AM-E001", Text(f"unknown key '{key}' in {path}", f"{path} 中有未知键“{key}”"),
                                  did_you_mean(hint, "'{}'"), value=value, source=src))
        elif name == "config":
            problems.append(usage("AM-E008", Text("a config file cannot load another config file",
                                                  "配置文件中不能再指定 config"), source=src, field=name))
        else:
            out.append(Assignment(name, value, src, flag=registry.SPECS[name].flag, typed=str(key)))
    return out, problems


def read_yaml_mapping(path: str) -> tuple[dict[str, Any], dict[str, int], Finding | None]:
    """A YAML file of flag names (vLLM's and SGLang's own --config): the mapping, each key's line, or a finding."""
    where = f"file:{path}"
    p = Path(path)
    if p.suffix.lower() not in (".yaml", ".yml"):
        return {}, {}, usage("AM-E006", Text(f"config file {path} must be YAML (.yaml or .yml)",
                                             f"配置文件 {path} 必须是 YAML（.yaml 或 .yml）"), source=where)
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        why = _OS_ERRORS_ZH.get(getattr(exc, "errno", 0) or 0, "操作系统拒绝读取")
        reason = getattr(exc, "strerror", None) or str(exc)
        return {}, {}, usage("AM-E006", Text(f"cannot read config file {path}: {reason}",
                                             f"无法读取配置文件 {path}：{why}"), source=where)
    try:
        data = _parse_config(text, ".yaml")
    except ValueError as exc:
        line = getattr(exc, "line", None)
        return {}, {}, usage("AM-E007", Text(f"{path} is not valid YAML: {exc}", f"{path} 不是合法的 YAML（{exc}）"),
                             source=f"{where}:{line}" if line else where)
    if data is None:
        return {}, {}, None
    if not isinstance(data, dict):
        return {}, {}, usage("AM-E007", Text(f"{path} must hold a mapping of flag names to values",
                                             f"{path} 的顶层必须是“参数名: 取值”的映射"), source=where)
    return data, _key_lines(text, ".yaml"), None


class _ConfigSyntaxError(ValueError):
    def __init__(self, message: str, line: int | None):
        super().__init__(message)
        self.line = line


def _parse_config(text: str, suffix: str) -> Any:
    if suffix in (".yaml", ".yml"):
        import yaml

        try:
            loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
            check_yaml_expansion(yaml.compose(text, Loader=loader))   # aliases: bounded before anything expands
            return yaml.load(text, Loader=loader)
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            raise _ConfigSyntaxError(str(getattr(exc, "problem", exc)), mark.line + 1 if mark else None) from None
    if suffix == ".json":
        try:
            return json.loads(text)
        except json.JSONDecodeError as exc:
            raise _ConfigSyntaxError(exc.msg, exc.lineno) from None
        except JSON_ERRORS as exc:  # a number of thousands of digits, nesting past the stack
            raise _ConfigSyntaxError(json_error(exc).en, None) from None
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # Python 3.10
        import tomli as tomllib
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"line (\d+)", str(exc))
        raise _ConfigSyntaxError(str(exc), int(m.group(1)) if m else None) from None


# --- environment ------------------------------------------------------------------------------------------------

def read_env(env: Mapping[str, str] | None = None) -> tuple[list[Assignment], list[Finding]]:
    """``ARGMATRIX_<FIELD>=value`` for any field name or flag-derived name, case-insensitive."""
    env = os.environ if env is None else env
    out: list[Assignment] = []
    problems: list[Finding] = []
    for var in sorted(env):
        upper = var.upper()
        if not upper.startswith(ENV_PREFIX) or upper in ENV_SETTINGS:
            continue
        key = upper[len(ENV_PREFIX):].lower()
        name = registry.NAMES.get(key)
        src = f"env:{var}"
        if name is None:
            hint = suggest(key)
            problems.append(Finding("AM-W302", WARNING, "usage",
                                    Text(f"{var} does not name a server argument; it is ignored",
                                         f"{var} 不对应任何服务参数，已忽略"),
                                    did_you_mean(f"{ENV_PREFIX}{hint.upper()}" if hint else None, "{}"), source=src))
            continue
        spec = registry.SPECS[name]
        raw = env[var]
        value: Any = raw
        if spec.is_bool:
            parsed = _bool_literal(raw)
            value = raw if parsed is None else parsed
        elif spec.is_object:
            value = raw  # JSON text; the field validator parses it
        else:
            value = cli_value(spec, [raw])
        out.append(Assignment(name, value, src, flag=spec.flag, typed=var))
    return out, problems
