"""What ``export`` does with secrets: leave them out of files, point Kubernetes at a Secret, escape ``$``.

A secret (``schema/redact.py`` decides which values are: ``--api-key``, ``--admin-api-key``, tokens, passwords,
``*_extra_config`` objects, and any value with an ``hf_token``-like key inside) is written only where the user
asked for it: ``--to sglang`` / ``--to vllm`` (a command to run) or ``--show-secrets``.  Elsewhere:

- ``yaml``, ``json``, ``env``: the value is left out, with note AM-N805 naming the flag and how to pass it;
- ``k8s`` (the default: ``secretKeyRef`` unless ``--show-secrets``): the argument reads ``$(ARGMATRIX_<FIELD>)``
  (also inside ``--flag=value``, the spelling of a value starting with ``-``; each secret item of a list its own
  variable), and the container's ``env`` takes that variable from the named Secret with
  ``valueFrom.secretKeyRef`` (the key is the flag without its dashes).

Kubernetes expands ``$(VAR)`` in ``command`` and ``args`` (``$$`` is a literal ``$``), so every other ``$`` is
written ``$$``: the engine receives the value unchanged.
"""
from __future__ import annotations

from typing import Any

from ..records import replace
from ..schema.meta import Text
from ..schema.redact import Scrubber, _holds_secret, is_secret_name
from .findings import NOTE, Finding
from .sources import ENV_PREFIX


def secret_fields(compiled: Any) -> list[str]:
    """The fields of ``compiled`` whose value is, or holds, a secret."""
    scrub = Scrubber.of(compiled.values)
    out = []
    for name in compiled.specs:  # the engine's own surface: SGLang's fields or vLLM's
        value = compiled.values.get(name)
        if not _holds_secret(value):
            continue
        if is_secret_name(name) or (scrub.secrets and scrub(str(value)) != str(value)):
            out.append(name)
    return out


def without_secrets(compiled: Any) -> tuple[Any, list[Finding]]:
    """``compiled`` with its secrets no longer set (so files leave them out), and a note for each."""
    hidden = [n for n in secret_fields(compiled) if n in compiled.user_set]
    specs = compiled.specs
    notes = [Finding("AM-N805", NOTE, "compat",
                     Text(f"{specs[n].flag} is a secret and is not written into the export",
                          f"{specs[n].flag} 属于机密信息，未写入导出内容"),
                     Text(f"pass it at start-up as {ENV_PREFIX}{n.upper()}, or export with --show-secrets to "
                          "write it", f"请在启动时通过 {ENV_PREFIX}{n.upper()} 传入，或加 --show-secrets 导出以写入它"),
                     field=n, flag=specs[n].flag, source=compiled.sources.get(n), platform=compiled.platform)
             for n in hidden]
    return replace(compiled, user_set=frozenset(compiled.user_set) - set(hidden)), notes


def k8s_escape(token: str) -> str:
    """A literal for Kubernetes ``command``/``args``: ``$`` doubled, so ``$(VAR)`` is not expanded."""
    return token.replace("$", "$$")


def k8s_container(argv: list[str], program_len: int, compiled: Any, secret_name: str | None) -> dict[str, Any]:
    """The container fragment: ``command``, ``args`` (escaped) and, when ``secret_name``, ``env`` entries reading
    every secret argument from that Secret (``secret_name`` None: the secrets are written as they are)."""
    scrub = Scrubber.of(compiled.values)
    args: list[str] = []
    env: list[dict[str, Any]] = []
    rest = argv[program_len:]

    def from_secret(flag: str, n: int) -> str:
        base = ENV_PREFIX + flag[2:].replace("-", "_").upper()
        var = base if n == 1 else f"{base}_{n}"
        key = flag[2:] if n == 1 else f"{flag[2:]}-{n}"
        env.append({"name": var, "valueFrom": {"secretKeyRef": {"name": secret_name, "key": key}}})
        return f"$({var})"

    i = 0
    while i < len(rest):
        token = rest[i]
        i += 1
        if secret_name is None or not token.startswith("--"):
            args.append(k8s_escape(token))
            continue
        flag, eq, inline = token.partition("=")
        named = is_secret_name(flag[2:])
        if eq:  # --flag=value: how a value starting with '-' is written
            args.append(f"{k8s_escape(flag)}={from_secret(flag, 1)}" if named or scrub(inline) != inline
                        else k8s_escape(token))
            continue
        args.append(k8s_escape(token))
        n = 0
        while i < len(rest) and not rest[i].startswith("--"):  # the flag's values (a list has several)
            value = rest[i]
            i += 1
            if named or scrub(value) != value:
                n += 1
                args.append(from_secret(flag, n))
            else:
                args.append(k8s_escape(value))
    spec: dict[str, Any] = {"command": [k8s_escape(t) for t in argv[:program_len]], "args": args}
    if env:
        spec["env"] = env
    return spec


def k8s_secret_comment(spec: dict[str, Any], lang: str = "en") -> str:
    """How to create the Secret the fragment reads (the values are the user's to fill in), as a comment in
    ``lang``."""
    refs = [e["valueFrom"]["secretKeyRef"] for e in spec.get("env", [])]
    if not refs:
        return ""
    return secret_comment(refs[0]["name"], [r["key"] for r in refs], lang)


def secret_comment(name: str, keys: list[str], lang: str = "en") -> str:
    """The comment line saying which Secret holds ``keys`` and how to create it."""
    command = f"kubectl create secret generic {name} " + " ".join(f"--from-literal={k}=..." for k in keys)
    if lang == "zh":
        return f"# 密钥取自 Secret {name!r}，可用以下命令创建：{command}\n"
    return f"# the secrets come from Secret {name!r}: {command}\n"
