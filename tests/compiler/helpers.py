"""Helpers for the compiler acceptance tests: compile with a controlled environment, and read findings."""
from __future__ import annotations

from argmatrix.compiler import CompileOptions
from argmatrix.compiler import compile as _compile
from argmatrix.schema.releases import SEED_RELEASE


def run(argv=None, target="a3", **kw):
    """``compile`` with an empty environment unless the test passes its own.

    Spellings are checked against the seed tables' release (SGLang 0.5.9), which these tests were written for;
    ``test_releases.py`` checks the newer releases.
    """
    kw.setdefault("env", {})
    kw.setdefault("releases", {"sglang": SEED_RELEASE})
    return _compile(argv, CompileOptions(target=target, **kw))


def codes(compiled) -> list[str]:
    return sorted(f.code for f in compiled.findings)


def by_code(compiled, code: str):
    found = [f for f in compiled.findings if f.code == code]
    assert found, f"no {code} in {[(f.code, f.field, f.message.en) for f in compiled.findings]}"
    return found


def only(compiled, code: str):
    found = by_code(compiled, code)
    assert len(found) == 1, found
    return found[0]
