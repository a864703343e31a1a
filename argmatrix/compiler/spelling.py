"""How one value is written on an engine's command line: the tokens that set it, or why none can.

Checking (``check.py``'s reset hints, ``releases.py``'s successor fix) and writing (``launch.py``) need the same
spelling, so it lives below both: a hint shows exactly what ``launch`` would write.
"""
from __future__ import annotations

import json
from typing import Any

from ..schema import registry
from ..schema.meta import Text

# list fields SGLang reads as one JSON value rather than several (nargs=None in 0.5.23's parser,
# tests/fixtures/sglang-0.5.23.json); every other list is `--flag a b c`
ONE_TOKEN_LISTS = frozenset({"sidecar_args", "decoupled_spec_connect_endpoints",
                             "remote_instance_weight_loader_send_weights_group_ports", "forward_hooks"})


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (dict, list)):
        return json.dumps(value, ensure_ascii=False)
    return str(value)


def flag_tokens(name: str, value: Any, *, engine: str = "sglang",
                release: str | None = None) -> tuple[list[str] | None, Text | None]:
    """The SGLang-style tokens that set ``name`` to ``value``; (None, why) when the command line cannot say it.

    Switches: ``--flag`` on; off is ``--no-flag`` where SGLang ``release`` has it, else nothing, which is off
    only where SGLang's parser default is off (``sglang_reader.absent_value``: ``--enable-lora`` left out is
    unset, so an off that cannot be said is a finding).  Lists are ``--flag a b``; objects are JSON text; a
    value starting with ``-`` is written ``--flag=value``.
    ``engine="argmatrix"``: argmatrix reads ``--no-``/``--disable-`` for every switch.
    """
    spec = registry.SPECS[name]
    if engine == "argmatrix":
        if spec.is_bool and value is None:  # unset, not off: --no-x would say off
            return surface_tokens(spec, value, negatable=False) if spec.default is not None else ([], None)
        return surface_tokens(spec, value, negatable=True)
    from . import sglang_reader  # SGLang's parser facts: a vLLM launch's reset hints never need them

    said_as = sglang_reader.flag(name, release)
    if spec.is_list and isinstance(value, (list, tuple)) and value and name in ONE_TOKEN_LISTS:
        return [said_as, json.dumps(list(value), ensure_ascii=False)], None
    if sglang_reader.takes_text(name, release):
        return ([said_as, "true"] if value else []), None
    absent = sglang_reader.absent_value(name, release)
    if spec.is_bool and value is not True and not (value is None and absent is None):
        if value is False and sglang_reader.negatable(name, release):
            return ["--no-" + said_as[2:]], None
        if value is False and absent is False:
            return [], None  # what SGLang holds when the switch is left out
        off = value is False
        return None, Text(f"SGLang's {said_as} has no {'--no-' + said_as[2:] if off else 'unset'} spelling, and "
                          f"left out it is {_said(absent)}, not {'off' if off else 'unset'}",
                          f"SGLang 的 {said_as} 没有{'关闭' if off else '设回未设置'}的写法，不传时为"
                          f"{_said_zh(absent)}，而不是{'关闭' if off else '未设置'}")
    if value is None:
        if absent is None:
            return [], None
        return None, Text(f"the command line cannot set {said_as} back to unset (left out, SGLang uses "
                          f"{absent!r})", f"命令行无法把 {said_as} 设回未设置（不传时 SGLang 取 {absent!r}）")
    if isinstance(value, float) and value.is_integer() and abs(value) < 2 ** 53:
        value = int(value)  # "10" reads as 10.0 with float() and as 10 where a release parses it with int()
    tokens, why = surface_tokens(spec, value, negatable=False)
    if tokens and tokens[0] == spec.flag:
        tokens[0] = said_as
    elif tokens and tokens[0].startswith(spec.flag + "="):
        tokens[0] = said_as + tokens[0][len(spec.flag):]
    return tokens, why


def _said(value: Any) -> str:
    return "on" if value is True else "off" if value is False else "unset (SGLang decides)" if value is None \
        else repr(value)


def _said_zh(value: Any) -> str:
    return "开启" if value is True else "关闭" if value is False else "未设置（由 SGLang 自行决定）" if value is None \
        else repr(value)


def surface_tokens(spec: Any, value: Any, negatable: bool) -> tuple[list[str] | None, Text | None]:
    """The tokens that set one argument of an argparse-style engine (vLLM): ``--x`` / ``--no-x`` switches,
    ``--x a b`` lists, JSON text for objects; (None, why) when the command line cannot say the value."""
    flag = spec.flag
    if spec.is_bool:
        if value:
            return [flag], None
        if negatable:
            return ["--no-" + flag[2:]], None
        if spec.default is not True:
            return [], None  # off is what an absent switch means
        return None, Text(f"{flag} is a switch without an off spelling, and it is on by default",
                          f"{flag} 是开关，默认开启且没有关闭的写法")
    if value is None:
        if spec.default is None:
            return [], None
        return None, Text(f"the command line cannot set {flag} back to unset", f"命令行无法把 {flag} 设回未设置")
    if spec.is_list and isinstance(value, (list, tuple)):
        if not value:
            if not spec.default:
                return [], None
            return None, Text(f"the command line cannot give {flag} an empty list", f"命令行无法为 {flag} 传空列表")
        texts = [_text(v) for v in value]
        dashed = [t for t in texts if t.startswith("-")]
        if not dashed:
            return [flag, *texts], None
        if len(texts) == 1:
            return [f"{flag}={texts[0]}"], None     # one value: the = form keeps it from being read as a flag
        return None, unwritable(flag, dashed[0])
    text = _text(value)
    return ([f"{flag}={text}"] if text.startswith("-") else [flag, text]), None


UNWRITABLE = "cannot be written"     # what unwritable()'s English says: callers make such a reason an error


def unwritable(flag: str, text: str) -> Text:
    """Why a list value starting with ``-`` cannot be written next to others: ``--flag=value`` gives one value
    only, and after the flag an argparse parser reads ``-...`` as an option."""
    return Text(f"its value {text!r} starts with '-' and {UNWRITABLE} among several: the engine's parser would "
                f"read it as an option, and the {flag}=VALUE form carries one value only",
                f"其取值 {text!r} 以“-”开头，且与其他取值同在一个列表中，无法安全写出：引擎的解析器会把它当作参数，"
                f"而 {flag}=取值 的写法只能带一个取值")
