"""A launch loads only its own engine: checking an SGLang launch imports nothing of vLLM's, and checking a vLLM one
nothing of SGLang's start-up rules (issue 31: the preflight pays for the engine it judges, not for every engine)."""
from __future__ import annotations

import subprocess
import sys

import pytest

PROBE = """
import contextlib, io, sys
from argmatrix.cli.check_config import run_check_config
with contextlib.redirect_stdout(io.StringIO()):
    run_check_config(sys.argv[1:], target="a3")
loaded = sorted(sys.modules)
if "SPECS" in vars(sys.modules["argmatrix.schema.registry"]):
    loaded.append(TABLE)  # SGLang's argument table was read
print(" ".join(loaded))
"""
TABLE = "<sglang-argument-table>"
# SGLang's own facts, keyed by its fields: a vLLM launch reads vLLM's and vLLM-Ascend's instead
SGLANG_ONLY = ("argmatrix.matrix.sglang_checks", "argmatrix.matrix.table_rules", "argmatrix.matrix.platforms.ascend_",
               "argmatrix.schema.releases", "argmatrix.schema.release_table", "argmatrix.schema.release_dates",
               "argmatrix.compiler.sglang_", "argmatrix.compiler.derive", TABLE)


def modules_after(*argv: str) -> set[str]:
    done = subprocess.run([sys.executable, "-c", f"TABLE = {TABLE!r}\n{PROBE}", *argv], capture_output=True,
                          text=True, check=True)
    return set(done.stdout.split())


@pytest.mark.parametrize("argv", [["--model-path", "m", "--tp", "2"],
                                  ["python", "-m", "sglang.launch_server", "--model-path", "m", "--tp", "2"]])
def test_an_sglang_launch_imports_nothing_of_vllm(argv):
    loaded = modules_after(*argv)
    assert "argmatrix.matrix.sglang_checks" in loaded and TABLE in loaded  # the probe did judge the launch
    assert not {m for m in loaded if m.startswith(("argmatrix.matrix.engines.vllm", "argmatrix.schema.vllm"))}


@pytest.mark.parametrize("argv", [["vllm", "serve", "m", "-tp", "2"], "VLLM_40",
                                  # refused values and an unread JSON key: findings with fixes to word (a flag
                                  # vLLM does not know is looked up in SGLang's table: it may be SGLang's spelling)
                                  ["vllm", "serve", "m", "-tp", "0", "--max-num-seqs", "x",
                                   "--additional-config", '{"no_such_key": 1}', "--block-size", "7"]])
def test_a_vllm_launch_reads_nothing_of_sglangs(argv):
    """Nothing of SGLang's: its start-up rules, argument table, table rules, Ascend feature table, release facts,
    spelling checks, parser facts or derivations."""
    if argv == "VLLM_40":  # bench/cold_start.py's 40-flag vLLM-Ascend launch
        from bench.cold_start import VLLM_40 as argv
    loaded = modules_after(*argv)
    assert "argmatrix.matrix.engines.vllm_checks" in loaded
    assert not {m for m in loaded if m.startswith(SGLANG_ONLY)}
    if argv[-1] != "7":
        assert "pydantic" not in loaded  # every value is well-formed: the fast validator judges them all
    assert "argmatrix.compiler.memory_plan" not in loaded  # no local model folder: nothing to plan


def test_an_sglang_launch_imports_only_the_rule_areas_it_can_make_fire():
    """matrix/sglang_checks/area_reads.py: a 3-flag launch imports a few of the 34 areas of SGLang's checks."""
    from argmatrix.matrix.sglang_checks import AREA_NAMES

    loaded = modules_after("--model-path", "m", "--tp-size", "2", "--mem-fraction-static", "0.8")
    areas = {m.rsplit(".", 1)[1] for m in loaded if m.startswith("argmatrix.matrix.sglang_checks.")} & set(AREA_NAMES)
    assert 0 < len(areas) <= 3, sorted(areas)
    with_moe = modules_after("--model-path", "m", "--tp-size", "2", "--moe-a2a-backend", "pplx")
    assert "argmatrix.matrix.sglang_checks.moe" in with_moe  # a value one of its rules refuses brings the area in


def test_an_sglang_launch_loads_only_what_it_uses():
    """Without a local model folder, --engine argmatrix or a vLLM line, a check loads no memory plan, no table of
    argmatrix's own engine, no vLLM argv reader and no pydantic."""
    loaded = modules_after("--model-path", "m", "--tp-size", "2", "--mem-fraction-static", "0.8")
    assert not loaded & {"argmatrix.compiler.memory_plan", "argmatrix.matrix.engines.sglang_memory",
                         "argmatrix.matrix.engine", "argmatrix.compiler.flexible_argv", "pydantic"}


def test_each_engines_launch_lines_carry_one_of_its_launch_words():
    from argmatrix.matrix import engines

    for key, words in engines.LAUNCH_WORDS.items():
        for line in engines.get(key).launchers:
            assert set(line) & words, (key, line)


@pytest.mark.parametrize("argv", [["--model-path", "m", "--tp-size", "2"], ["vllm", "serve", "m", "-tp", "2"]])
def test_a_check_defines_no_dataclass(argv):
    """The schema, matrix and compiler are made of records (argmatrix/records.py): @dataclass compiled each class's
    methods from source and pulled in inspect, over half of a cold check-config (issue 31)."""
    loaded = modules_after(*argv)
    assert not loaded & {"dataclasses", "inspect"}, sorted(loaded & {"dataclasses", "inspect"})
