"""Rewriting a deprecated flag into its successors never overwrites a successor the user gave (issue 19).

SGLang 0.5.23 resolves ``--disable-cuda-graph --cuda-graph-backend-prefill breakable`` with the explicit per-phase
flag winning (``arg_groups/cuda_graph_hook.py: parse_cuda_graph_config``: "--cuda-graph-backend-* wins if both are
given"); ``launch`` and ``export`` used to write prefill disabled.  check-config says the conflict (AM-W116, in
place of the deprecation warning) with the one line that says both, and that line is what ``launch`` writes.
"""
from __future__ import annotations

import pytest

from argmatrix.compiler import CompileOptions, compile
from argmatrix.compiler.export import export
from argmatrix.compiler.launch import REWRITES, build_command
from argmatrix.schema.registry import FLAGS, SPECS
from argmatrix.schema.releases import CHANGES, NEWEST, values_in, verdict

from .helpers import codes, only


def _compile(argv):
    return compile(["--model-path", "m", *argv], CompileOptions(target="cuda", env={}, releases={"sglang": NEWEST}))


def test_the_explicit_prefill_backend_survives_the_rewrite_of_disable_cuda_graph():
    c = _compile(["--disable-cuda-graph", "--cuda-graph-backend-prefill", "breakable"])
    f = only(c, "AM-W116")
    assert "AM-W107" not in codes(c) and c.exit_code == 0
    assert f.hint.en == ("drop --disable-cuda-graph and write --cuda-graph-backend-decode disabled "
                         "--cuda-graph-backend-prefill breakable")
    assert "--cuda-graph-backend-prefill breakable" in f.message.en and f.message.zh and f.hint.zh
    cmd = build_command(c, "sglang")
    assert cmd.passed["cuda_graph_backend_prefill"] == "breakable"
    assert cmd.passed["cuda_graph_backend_decode"] == "disabled"
    assert "disable_cuda_graph" not in cmd.passed
    line = cmd.shell()
    assert line.endswith(f.hint.en.split(" and write ")[1])  # what check-config tells you is what launch writes
    note = next(x for x in cmd.findings if x.code == "AM-N804")
    assert "keeping your --cuda-graph-backend-prefill" in note.message.en
    assert "--cuda-graph-backend-prefill breakable" in export(c, "sglang").text


def test_both_successors_given_leave_the_old_flag_out():
    c = _compile(["--disable-cuda-graph", "--cuda-graph-backend-prefill", "full", "--cuda-graph-backend-decode",
                  "breakable"])
    cmd = build_command(c, "sglang")
    assert cmd.passed["cuda_graph_backend_prefill"] == "full" and cmd.passed["cuda_graph_backend_decode"] == "breakable"
    assert "disable_cuda_graph" not in cmd.passed
    assert "left out" in next(x for x in cmd.findings if x.code == "AM-N804").message.en


@pytest.mark.parametrize("old", [o for o in REWRITES if verdict(o, NEWEST).state == "deprecated"])
def test_no_rewrite_overwrites_a_successor_the_user_gave(old):
    """Every rewrite of the table, with each of its successors set explicitly to a value of its own."""
    for successor in CHANGES[old].successors:
        new = FLAGS[successor]
        spec = SPECS[new]
        if spec.choices:
            value = values_in(new, NEWEST)[-1]  # a value of its own, not the one the rewrite would set
            argv = [successor, value]
        elif spec.is_bool:
            argv, value = [successor], True
        else:
            argv, value = [successor, "3"], 3
        old_argv = [SPECS[old].flag] if SPECS[old].is_bool else [SPECS[old].flag, "2"]
        extra = ["--dp-size", "2", "--tp-size", "2"] if old == "enable_dp_attention" else []
        c = _compile([*old_argv, *argv, *extra])
        assert "AM-W116" in codes(c), (old, successor, codes(c))
        cmd = build_command(c, "sglang")
        assert cmd.passed.get(new) == c.values[new], (old, successor, cmd.passed)
