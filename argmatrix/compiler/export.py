"""``argmatrix export``: a checked configuration written for another tool.

Every value the user set is written, even one equal to a default (whose
default would it be?  the target engine's may differ).  ``sglang``, ``vllm``
and ``k8s`` are commands (``compiler/launch.py`` decides the spellings, and
translates between engines; ``k8s`` here is one container's ``command``,
``args`` and secret ``env``, which ``compiler/k8s.py`` puts into the manifest
``argmatrix export --to k8s`` writes); ``yaml`` is SGLang's own ``--config`` file (dashed
flag names in the selected release's spelling, values as SGLang's config reader
takes them: ``compiler/sglang_reader.py``), which argmatrix reads back too;
``--engine argmatrix`` makes it argmatrix's own file instead.  ``json`` and
``env`` are argmatrix's own config file and environment, which read back into
the same values (their keys are field names).  The files carry the ``$schema``
reference editors complete against, each its own: ``sglang-config.schema.json``
for SGLang's file, ``vllm-config.schema.json`` for vLLM's, ``config.schema.json``
for argmatrix's.  A vLLM launch's ``yaml`` is vLLM's own
``--config`` file (flag names as keys).  Anything the target cannot express is
a finding.
"""
from __future__ import annotations

import json
import shlex
from typing import Any

from ..matrix import engines
from ..records import field, record
from ..schema import registry
from ..schema.meta import Text
from .export_secrets import k8s_container, k8s_secret_comment, without_secrets
from .findings import WARNING, Finding, sort_findings
from .launch import build_command, launch_findings, selected
from .sources import ENV_PREFIX

FILE_FORMATS = ("yaml", "json", "env", "k8s")


def formats() -> tuple[str, ...]:
    """What ``--to`` takes: a command for each engine, then argmatrix's files and a Kubernetes fragment."""
    return (*engines.keys(), *FILE_FORMATS)
# the schema each exported file names in its header, next to the file (generated/*.schema.json; --schema REF
# names your copy): argmatrix's own files, SGLang's --config file, vLLM's
SCHEMA_REF = "config.schema.json"
SGLANG_SCHEMA_REF = "sglang-config.schema.json"
VLLM_SCHEMA_REF = "vllm-config.schema.json"
YAML_SCHEMA_HEADER = "# yaml-language-server: $schema={}"


@record(frozen=False)
class Exported:
    text: str
    findings: list[Finding] = field(default_factory=list)  # the format's own; see :func:`export` for all


def _values(compiled: Any) -> dict[str, Any]:
    """Non-default values for argmatrix's own readers (which derive the rest themselves)."""
    return {n: compiled.values[n] for n in selected(compiled, "argmatrix", self_contained=True)
            if n in compiled.user_set}


class ExportError(ValueError):
    """A format that cannot hold the launch asked for; ``text`` says so in both languages."""

    def __init__(self, text: Text) -> None:
        super().__init__(text.en)
        self.text = text


# the comments an exported file opens with, in the language of the report (--lang)
VLLM_CONFIG_HEADER = Text("# vLLM --config file written by argmatrix export: vllm serve --config FILE\n",
                          "# 由 argmatrix export 生成的 vLLM --config 文件，用法：vllm serve --config FILE\n")
K8S_FRAGMENT_HEADER = Text(
    "# container fragment for a Kubernetes pod spec: {engine} with the checked arguments (argmatrix export)\n",
    "# Kubernetes Pod spec 的容器片段：{engine} 及检查过的参数，由 argmatrix export 生成\n")


def _vllm_yaml(compiled: Any, schema: str, lang: str = "en") -> Exported:
    """vLLM's --config file: flag names without dashes as keys, values as vLLM's load_config_file reads them."""
    import yaml

    specs = compiled.specs
    order = {n: i for i, n in enumerate(specs)}
    body = {specs[n].flag[2:]: compiled.values[n] for n in sorted(compiled.user_set, key=order.__getitem__)
            if n != "config"}
    text = YAML_SCHEMA_HEADER.format(schema) + "\n"
    text += VLLM_CONFIG_HEADER(lang)
    return Exported(text + ("" if not body else yaml.safe_dump(body, sort_keys=False, allow_unicode=True,
                                                                default_flow_style=False)))


def _sglang_yaml(compiled: Any, schema: str, release: str | None, lang: str = "en") -> Exported:
    """SGLang's own --config file: ``python -m sglang.launch_server --config FILE`` reads every value back as meant
    (``sglang_reader``); what its reader cannot take (--x/--no-x switches, --lora-paths) is a finding saying what
    to add on the command line.  argmatrix reads the file back too (dashed keys are its aliases)."""
    cmd = build_command(compiled, "sglang", release=release, self_contained=True, file_only=True, lang=lang)
    return Exported(YAML_SCHEMA_HEADER.format(schema) + "\n" + (cmd.config_text or ""), launch_findings(compiled, cmd))


def _yaml(compiled: Any, schema: str) -> Exported:
    import yaml

    body = yaml.safe_dump(_values(compiled), sort_keys=False, allow_unicode=True, default_flow_style=False)
    return Exported(YAML_SCHEMA_HEADER.format(schema) + "\n" + ("" if body.strip() == "{}" else body))


def _json(compiled: Any, schema: str) -> Exported:
    return Exported(json.dumps({"$schema": schema, **_values(compiled)}, ensure_ascii=False, indent=2) + "\n")


def env_text(value: Any) -> str:
    """A value as ``read_env`` reads it back: true/false, JSON for lists and objects, else the text."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, dict, tuple)):
        return json.dumps(list(value) if isinstance(value, tuple) else value, ensure_ascii=False)
    return str(value)


def _env(compiled: Any) -> Exported:
    lines, findings = [], []
    for name, value in _values(compiled).items():
        if value is None:
            flag = registry.SPECS[name].flag
            findings.append(Finding("AM-W801", WARNING, "compat",
                                    Text(f"{flag} is not written as an environment variable: a variable "
                                         "cannot set it back to unset", f"{flag} 未写成环境变量：环境变量"
                                         "无法把它设回未设置"),
                                    Text("use --to yaml or --to json for this configuration",
                                         "请改用 --to yaml 或 --to json 导出"),
                                    field=name, flag=registry.SPECS[name].flag, value=value,
                                    source=compiled.sources.get(name), platform=compiled.platform))
            continue
        lines.append(f"{ENV_PREFIX}{name.upper()}={shlex.quote(env_text(value))}")
    return Exported("".join(line + "\n" for line in lines), findings)


def _k8s(compiled: Any, engine: str, release: str | None, secret_name: str | None, lang: str = "en") -> Exported:
    import yaml

    cmd = build_command(compiled, engine, release=release, self_contained=True, fold_config=True)
    spec = k8s_container(cmd.argv, len(engines.get(engine).program), compiled, secret_name)   # secrets, $ escaped
    head = K8S_FRAGMENT_HEADER(lang).format(engine=engine) + k8s_secret_comment(spec, lang)
    return Exported(head + yaml.safe_dump(spec, sort_keys=False, allow_unicode=True, default_flow_style=None),
                    launch_findings(compiled, cmd))


def export(compiled: Any, to: str, *, release: str | None = None, schema: str | None = None,
           engine: str = "sglang", show_secrets: bool = False, k8s_secret: str = "argmatrix-secrets",
           lang: str = "en") -> Exported:
    """``compiled`` written as ``to`` (one of :func:`formats`); ``engine`` picks the command for ``k8s``, and for
    ``yaml`` whose file it is: SGLang's ``--config`` file (the default), or argmatrix's own (``argmatrix``: field
    names as keys, argmatrix-only limits kept).

    The result's findings are all of them: the check's (a spelling the command rewrote is no longer an
    error) and what the format cannot express.  Secrets are written only in the commands (``sglang``,
    ``vllm``) or with ``show_secrets`` (see ``export_secrets.py``).  ``lang``: the language of the comments the
    file opens with (English by default; the values are the same in either).  A format that cannot hold the
    launch raises :class:`ExportError`.
    """
    if to not in formats():
        raise ExportError(Text(f"export format must be one of {', '.join(formats())}, not {to!r}",
                               f"导出格式只能是 {'、'.join(formats())} 之一，不能是 {to!r}"))
    if to in engines.keys():
        cmd = build_command(compiled, to, release=release, self_contained=True, fold_config=True)
        return Exported(cmd.shell() + "\n", launch_findings(compiled, cmd))
    if to == "k8s":
        return _k8s(compiled, engine, release, None if show_secrets else k8s_secret, lang)
    shown, notes = (compiled, []) if show_secrets else without_secrets(compiled)
    if not registry.is_sglang_table(compiled.specs):  # an engine with its own surface (vLLM)
        if to != "yaml":
            raise ExportError(Text(
                f"--to {to} writes argmatrix's own SGLang-style fields; a {compiled.engine} launch is exported "
                "--to yaml (its --config file) or as a command",
                f"--to {to} 写出的是 argmatrix 自己的 SGLang 风格字段；{compiled.engine} 的启动参数请用 --to yaml "
                f"导出为它的 --config 文件，或导出为命令"))
        out = _vllm_yaml(shown, schema or VLLM_SCHEMA_REF, lang)
        return Exported(out.text, sort_findings([*compiled.findings, *notes], compiled.surface))
    if to == "yaml" and engine != "argmatrix":
        out = _sglang_yaml(shown, schema or SGLANG_SCHEMA_REF, release, lang)
        return Exported(out.text, sort_findings([*out.findings, *notes], compiled.surface))
    schema = schema or SCHEMA_REF
    out = _yaml(shown, schema) if to == "yaml" else _json(shown, schema) if to == "json" else _env(shown)
    return Exported(out.text, sort_findings([*compiled.findings, *out.findings, *notes], compiled.surface))
