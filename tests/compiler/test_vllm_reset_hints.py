"""Every fix AM-W950 prints for a vLLM / vLLM-Ascend reset is one vLLM's parser, as argmatrix reads it, accepts,
and following it makes the warning go away (as tests/compiler/test_release_hints.py does for SGLang's hints)."""
from __future__ import annotations

import shlex
from typing import Any

import pytest

from argmatrix.compiler import CompileOptions, compile
from argmatrix.compiler.check import reset_tokens
from argmatrix.compiler.findings import ERROR, USAGE
from argmatrix.matrix import engines

VLLM = engines.get("vllm")
SPECS = VLLM.surface.specs
FLAGS = VLLM.surface.flags
RELEASES = VLLM.releases.held
# resets whose replacement depends on the launch (a function of the values) are followed end to end only
CONSTANT = [r for r in VLLM.resets() if not callable(r.becomes) and r.field.split(".")[0] in FLAGS]
PARSE_CODES = {"AM-E001", "AM-E002", "AM-E003", "AM-E004", "AM-E005", "AM-E010"}


def _at(value: Any, path: list[str]) -> tuple[bool, Any]:
    for key in path:
        if not isinstance(value, dict) or key not in value:
            return False, None
        value = value[key]
    return True, value


def _target(reset) -> str:
    return "a3"


@pytest.mark.parametrize("release", RELEASES)
@pytest.mark.parametrize("reset", CONSTANT, ids=lambda r: r.id)
def test_the_written_value_reads_back_as_what_runs(reset, release):
    root, *path = reset.field.split(".")
    name = FLAGS[root]
    tokens = reset_tokens(SPECS[name], tuple(path), reset.becomes)
    assert tokens is not None, f"{reset.id}: the command line cannot say {reset.becomes!r}"
    compiled = compile(["vllm", "serve", "m", *tokens], CompileOptions(target=_target(reset), env={}, release=release))
    bad = [(f.code, f.message.en) for f in compiled.findings if f.code in PARSE_CODES or f.kind == USAGE]
    assert not bad, (reset.id, tokens, bad)
    present, value = _at(compiled.values[name], path) if path else (True, compiled.values[name])
    if tokens:
        assert present and value == reset.becomes, (reset.id, tokens, value)
    else:  # left out: the flag (or key) is not set, and the engine runs its default, which is the value
        assert name not in compiled.user_set or not present, (reset.id, compiled.values[name])


def _user_value(reset) -> Any:
    """A value other than what the reset puts in its place."""
    becomes = reset.becomes
    if isinstance(becomes, bool):
        return not becomes
    if isinstance(becomes, (int, float)):
        return becomes + 1 if becomes != 64 else 32
    if isinstance(becomes, list):
        return ["none"]
    return "fp8" if becomes is None else becomes + "x"


# the launches in which the issue found seven of ten fixes refused (AM-E010 / AM-E003 on the fix itself)
ISSUE_CASES = [
    ["--numa-bind-nodes", "0", "1"], ["--numa-bind"], ["--enable-dbo"], ["--disable-cascade-attn"],
    ["--no-enforce-eager"],
]
# what else the launch needs for the reset to fire
CONTEXT = {"--no-enforce-eager": ["--additional-config", '{"xlite_graph_config": {"enabled": true, "full_mode": true}}']}


def _warned(compiled, name):
    return [f for f in compiled.findings if f.code == "AM-W950" and f.field == name]


def _follow(argv: list[str], hint: str, user_words: list[str]) -> list[str]:
    """The launch with the user's words replaced by what the hint says to write (or without them)."""
    rest = [w for w in argv if w not in user_words]
    if hint.startswith("write "):
        return rest + shlex.split(hint[len("write "):hint.index(" instead")])
    assert hint.startswith("leave "), hint
    return rest


@pytest.mark.parametrize("words", ISSUE_CASES, ids=lambda w: w[0])
def test_the_issues_refused_fixes_are_now_accepted(words):
    name = FLAGS[words[0]] if words[0] in FLAGS else FLAGS["--" + words[0][5:]]
    argv = ["vllm", "serve", "m", *CONTEXT.get(words[0], []), *words]
    compiled = compile(argv, CompileOptions(target="a3", env={}))
    warned = _warned(compiled, name)
    assert warned, (words, [f.code for f in compiled.findings])
    fixed = compile(_follow(argv, warned[0].hint.en, words), CompileOptions(target="a3", env={}))
    assert not _warned(fixed, name)
    assert not [f for f in fixed.findings if f.severity == ERROR], [f.message.en for f in fixed.findings]
    assert warned[0].hint.zh


@pytest.mark.parametrize("reset", [r for r in VLLM.resets() if r.field.split(".")[0] in FLAGS], ids=lambda r: r.id)
def test_following_each_fix_clears_its_warning(reset):
    """Set the flag (or key) to another value; where the reset then fires, its fix is accepted and clears it."""
    root, *path = reset.field.split(".")
    name = FLAGS[root]
    value = _user_value(reset) if not callable(reset.becomes) else "x"
    words = [reset.field, shlex.join([str(value)]) if not isinstance(value, list) else value[0]] \
        if not SPECS[name].is_bool or path else ([root] if value else ["--no-" + root[2:]])
    if SPECS[name].is_bool and not path and not value and not SPECS[name].arg.negatable:
        pytest.skip("no spelling for the value that would fire it")
    argv = ["vllm", "serve", "m", *words]
    compiled = compile(argv, CompileOptions(target="a3", env={}))
    warned = _warned(compiled, name)
    if not warned:
        pytest.skip("the reset needs more of the launch than this flag to fire")
    fixed = compile(_follow(argv, warned[0].hint.en, words), CompileOptions(target="a3", env={}))
    assert not [f for f in fixed.findings if f.code in PARSE_CODES], [f.message.en for f in fixed.findings]
    assert not [f for f in _warned(fixed, name) if f.flag.split(".")[0] == warned[0].flag.split(".")[0]
                and f.message.en == warned[0].message.en]
