"""The rule context as mypy sees it (issue 31): every argument a rule reads typed from the schema, no ``Any``.

``RuleContext`` reads arguments as attributes; ``matrix/rule_fields.pyi`` (generated) gives each one its declared
type, ``ModelView`` types the model facts, and pyproject's mypy overrides hold the rule modules to annotated helpers and
no expression typed ``Any``, so mypy checks each condition: a misspelt argument, a type mix-up or an
``int | None`` compared as an ``int``.
"""
from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
import typing
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _has_any(tp: object) -> bool:
    return tp is typing.Any or any(_has_any(arg) for arg in typing.get_args(tp))


def _stub_fields() -> dict[str, dict[str, str]]:
    from argmatrix.generate.stub import RULE_FIELDS_PATH

    tree = ast.parse((ROOT / "argmatrix" / RULE_FIELDS_PATH).read_text(encoding="utf-8"))
    return {node.name: {item.target.id: ast.unparse(item.annotation) for item in node.body
                        if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)}
            for node in tree.body if isinstance(node, ast.ClassDef)}


def test_the_rule_fields_stub_is_generated_and_fresh():
    from argmatrix.generate.stub import RULE_FIELDS_PATH, render_rule_fields

    assert (ROOT / "argmatrix" / RULE_FIELDS_PATH).read_text(encoding="utf-8") == render_rule_fields()


def test_every_argument_is_a_typed_field_and_none_is_any():
    from argmatrix.schema.surface import SGLANG, VLLM

    fields = _stub_fields()
    assert set(fields["SGLangArguments"]) == set(SGLANG.specs)
    # vLLM's --model is values["model"]: the context's ``model`` is the model's facts
    assert set(fields["VllmArguments"]) == set(VLLM.specs) - {"model"}
    assert fields["SGLangArguments"]["tp_size"] == "int"
    assert fields["SGLangArguments"]["chunked_prefill_size"] == "int | None"
    assert fields["SGLangArguments"]["disaggregation_mode"].startswith("Literal[")
    typed_any = [f"{klass}.{name}: {text}" for klass, names in fields.items() for name, text in names.items()
                 if re.search(r"\bAny\b", text)]
    assert typed_any == []


def test_what_the_context_holds_besides_the_arguments_has_no_any():
    from argmatrix.matrix import rules

    hints = typing.get_type_hints(rules.ContextBase)
    assert {"values", "defaults", "user_set", "specs", "platform", "env", "model", "draft", "gpu"} <= set(hints)
    assert [name for name, tp in hints.items() if _has_any(tp)] == []
    for protocol in (rules.ModelView, rules.ArgView):
        members = [name for name, value in vars(protocol).items() if isinstance(value, property)]
        assert members
        returns = {name: typing.get_type_hints(getattr(protocol, name).fget)["return"] for name in members}
        assert [name for name, tp in returns.items() if _has_any(tp)] == [], protocol


def test_pyproject_holds_the_rule_modules_to_annotated_helpers_and_no_any_expression():
    tomllib = pytest.importorskip("tomllib")
    overrides = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]["overrides"]
    rules = next(o for o in overrides if "argmatrix.matrix.sglang_checks.*" in o["module"])
    assert {"argmatrix.matrix.rules", "argmatrix.matrix.engines.vllm_checks"} <= set(rules["module"])
    assert all(rules[flag] for flag in ("disallow_untyped_defs", "disallow_incomplete_defs", "warn_return_any",
                                        "disallow_any_expr"))


PROBE = '''\
import argmatrix.matrix.engines.vllm_checks
from argmatrix.compiler.model_facts import ModelFacts
from argmatrix.matrix.rules import ModelView, Rule, RuleContext, VllmRuleContext
from argmatrix.schema.meta import Text


def facts_are_a_model_view(facts: ModelFacts) -> ModelView:
    return facts


def sglang(c: RuleContext) -> None:
    size: int = c.tp_size
    path: str | None = c.model_path
    wrong: int = c.model_path
    c.tp_sise
    c.chunked_prefill_size > 0
    c.model.architecture


def vllm(c: VllmRuleContext) -> None:
    size: int = c.tensor_parallel_size
    c.tp_size


PLANTED = Rule("probe", "AM-E000", ("tp_size",), lambda c: c.tp_sise == 2, Text("", ""), Text("", ""))
'''
# line of the probe -> what mypy must say there (and nothing else, anywhere in the package)
EXPECTED = {14: "str | None", 15: "tp_sise", 16: "None", 17: "None", 22: "tp_size", 25: "tp_sise"}


def test_mypy_checks_every_rule_condition_against_the_typed_context(tmp_path):
    pytest.importorskip("mypy")
    probe = tmp_path / "rule_probe.py"
    probe.write_text(PROBE, encoding="utf-8")
    # the rule modules are checked as sources beside the probe, with pyproject's overrides: an unannotated helper
    # there, whose ``c`` would be Any, or any expression typed Any, is an error.  Without PYTHONPATH: mypy reads a
    # path on it as installed packages, whose errors it does not report.
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "MYPYPATH")}
    out = subprocess.run([sys.executable, "-m", "mypy", "--no-incremental", "--config-file",
                          str(ROOT / "pyproject.toml"), str(probe), "argmatrix/matrix/rules.py",
                          "argmatrix/matrix/sglang_checks", "argmatrix/matrix/engines/vllm_checks.py"],
                         capture_output=True, text=True, cwd=ROOT, env=env, timeout=600, check=False)
    errors = [line for line in out.stdout.splitlines() if ": error:" in line]
    found = {}
    for line in errors:
        where = re.match(r"(.+?):(\d+): error:", line)
        assert where and Path(where[1]).name == probe.name, f"an error outside the probe:\n{out.stdout}"
        found.setdefault(int(where[2]), []).append(line)
    assert sorted(found) == sorted(EXPECTED), out.stdout
    for number, needle in EXPECTED.items():
        assert any(needle in line for line in found[number]), (number, found[number])


def test_mypy_sees_every_area_module_that_loads_lazily():
    """sglang_checks loads its areas on first use (AREA_NAMES); the TYPE_CHECKING tuple is what mypy checks against
    the Area protocol, so it must name the same modules in the same order."""
    from argmatrix.matrix import sglang_checks

    tree = ast.parse(Path(sglang_checks.__file__).read_text(encoding="utf-8"))
    typed = next(node for node in ast.walk(tree) if isinstance(node, ast.AnnAssign)
                 and getattr(node.target, "id", "") == "TYPED_AREAS")
    assert isinstance(typed.value, ast.Tuple)
    assert tuple(elt.id for elt in typed.value.elts if isinstance(elt, ast.Name)) == sglang_checks.AREA_NAMES
