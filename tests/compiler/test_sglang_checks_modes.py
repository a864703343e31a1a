"""SGLang 0.5.23's checks on serving modes and adapter spelling (``matrix/sglang_checks/modes.py``)."""
from __future__ import annotations

from functools import partial

import pytest

from argmatrix.matrix.sglang_checks import modes

from .helpers import codes
from .helpers import run as _run

run = partial(_run, releases={"sglang": "0.5.23"})
LORA = ["--max-lora-rank", "8", "--lora-target-modules", "all"]

CASES = [  # (rule code, target, argv that breaks it, argv that does not)
    ("AM-E316", "cuda", ["--language-model-only", "--encoder-only"], ["--language-model-only"]),
    ("AM-E316", "cuda", ["--language-model-only", "--mm-enable-dp-encoder", "--tp", "2"], ["--mm-enable-dp-encoder",
                                                                                           "--tp", "2"]),
    ("AM-E320", "cuda", ["--lora-paths", '{"name": "a", "path": "/x"}', *LORA],
     ["--lora-paths", '{"lora_name": "a", "lora_path": "/x"}', *LORA]),
]


@pytest.mark.parametrize("code, target, bad, good", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_each_check_breaks_and_holds(code, target, bad, good):
    assert code in codes(run(bad, target=target)), bad
    assert code not in codes(run(good, target=target)), good


def test_every_rule_of_the_module_is_exercised():
    assert {r.code for r in modes.RULES} == {c[0] for c in CASES}


def test_the_lora_hint_shows_the_json_to_write():
    c = run(["--lora-paths", '{"name": "a"}', *LORA], target="cuda")
    f = next(f for f in c.findings if f.code == "AM-E320")
    assert '{"lora_name": "NAME", "lora_path": "PATH"}' in f.hint.en and "名称=路径" in f.hint.zh
