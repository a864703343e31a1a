"""``argmatrix export``: a checked configuration written for another tool.

Only values that differ from the declared default are written.  ``sglang``,
``vllm`` and ``k8s`` are commands (``compiler/launch.py`` decides the
spellings); ``yaml``, ``json`` and ``env`` are argmatrix's own config file and
environment, which read back into the same values (their keys are field
names; the files carry the ``$schema`` reference editors complete against).
Anything the target cannot express is a finding.
"""
from __future__ import annotations

import json
import shlex
from dataclasses import dataclass, field
from typing import Any

from ..schema.meta import Text
from ..schema.registry import SPECS
from .export_secrets import k8s_container, k8s_secret_comment, without_secrets
from .findings import WARNING, Finding, sort_findings
from .launch import PROGRAMS, build_command, launch_findings, selected
from .sources import ENV_PREFIX

FORMATS = ("sglang", "vllm", "yaml", "json", "env", "k8s")
SCHEMA_REF = "config.schema.json"  # generated/config.schema.json; point editors at your copy with --schema
YAML_SCHEMA_HEADER = "# yaml-language-server: $schema={}"


@dataclass
class Exported:
    text: str
    findings: list[Finding] = field(default_factory=list)  # the format's own; see :func:`export` for all


def _values(compiled: Any) -> dict[str, Any]:
    """Non-default values for argmatrix's own readers (which derive the rest themselves)."""
    return {n: compiled.values[n] for n in selected(compiled, "argmatrix", non_default_only=True)
            if n in compiled.user_set}


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
            findings.append(Finding("AM-W801", WARNING, "compat",
                                    Text(f"{SPECS[name].flag} is not written as an environment variable: a variable "
                                         "cannot set it back to unset", f"{SPECS[name].flag} 未写成环境变量：环境变量"
                                         "无法把它设回未设置"),
                                    Text("use --to yaml or --to json for this configuration",
                                         "请改用 --to yaml 或 --to json 导出"),
                                    field=name, flag=SPECS[name].flag, value=value,
                                    source=compiled.sources.get(name), platform=compiled.platform))
            continue
        lines.append(f"{ENV_PREFIX}{name.upper()}={shlex.quote(env_text(value))}")
    return Exported("".join(line + "\n" for line in lines), findings)


def _k8s(compiled: Any, engine: str, release: str | None, secret_name: str | None) -> Exported:
    import yaml

    cmd = build_command(compiled, engine, release=release, non_default_only=True, fold_config=True)
    spec = k8s_container(cmd.argv, len(PROGRAMS[engine]), compiled, secret_name)   # secrets, $ escaped
    head = f"# container fragment for a Kubernetes pod spec: {engine} with the checked arguments (argmatrix export)\n"
    head += k8s_secret_comment(spec)
    return Exported(head + yaml.safe_dump(spec, sort_keys=False, allow_unicode=True, default_flow_style=None),
                    launch_findings(compiled, cmd))


def export(compiled: Any, to: str, *, release: str | None = None, schema: str = SCHEMA_REF,
           engine: str = "sglang", show_secrets: bool = False, k8s_secret: str = "argmatrix-secrets") -> Exported:
    """``compiled`` written as ``to`` (one of :data:`FORMATS`); ``engine`` picks the command for ``k8s``.

    The result's findings are all of them: the check's (a spelling the command rewrote is no longer an
    error) and what the format cannot express.  Secrets are written only in the commands (``sglang``,
    ``vllm``) or with ``show_secrets`` (see ``export_secrets.py``).
    """
    if to not in FORMATS:
        raise ValueError(f"export format must be one of {', '.join(FORMATS)}, not {to!r}")
    if to in ("sglang", "vllm"):
        cmd = build_command(compiled, to, release=release, non_default_only=True, fold_config=True)
        return Exported(cmd.shell() + "\n", launch_findings(compiled, cmd))
    if to == "k8s":
        return _k8s(compiled, engine, release, None if show_secrets else k8s_secret)
    shown, notes = (compiled, []) if show_secrets else without_secrets(compiled)
    out = _yaml(shown, schema) if to == "yaml" else _json(shown, schema) if to == "json" else _env(shown)
    return Exported(out.text, sort_findings([*compiled.findings, *out.findings, *notes]))
