"""``argmatrix.compiler.from_cli(argv, CompileOptions(target=...))``: the one-call Python API over the compiler."""
from __future__ import annotations

import pytest

from argmatrix.compiler import CompileError, CompileOptions, from_cli
from argmatrix.schema import ServerArgs


def test_from_cli_returns_resolved_args():
    args = from_cli(["--model-path", "/models/m", "--tp", "2"], CompileOptions(target="a3", env={}))
    assert isinstance(args, ServerArgs)
    assert args.tp_size == 2 and args.page_size == 128 and args.tokenizer_path == "/models/m"


def test_from_cli_passes_compile_options():
    args = from_cli(["--max-running-requests", "8"], CompileOptions(target="cuda", env={"ARGMATRIX_TP_SIZE": "4"}))
    assert args.tp_size == 4 and args.max_running_requests == 8 and args.page_size == 1
    assert from_cli(["--enable-dp-attention"], CompileOptions(target="cpu", env={}, allow_unsupported=True)).enable_dp_attention is True


def test_from_cli_raises_with_the_findings():
    with pytest.raises(CompileError) as err:
        from_cli(["--ep-size", "2"], CompileOptions(target="cpu", env={}))
    assert [f.code for f in err.value.compiled.errors] == ["AM-E102"]
    assert "AM-E102" in str(err.value) and "argv[0]" in str(err.value)
