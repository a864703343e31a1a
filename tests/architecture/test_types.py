"""mypy over the whole package (schema, matrix, compiler, generate, runtime, cli, and the rest), clean.

The ``ServerArgs`` stub (argmatrix/schema/model.pyi) is generated; a probe file shows a type checker really
sees each field's type through it.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytest.importorskip("mypy")


def _mypy(*targets: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "mypy", "--no-incremental", "--config-file",
                           str(ROOT / "pyproject.toml"), *targets], capture_output=True, text=True, cwd=ROOT,
                          timeout=600, check=False)


def test_the_stub_is_fresh():
    from argmatrix import generate

    assert generate.check_package_files() == []


@pytest.mark.slow
def test_mypy_is_clean_and_sees_server_args_fields(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text(
        "from argmatrix.schema.model import ServerArgs\n"
        "def use(args: ServerArgs) -> None:\n"
        "    size: int = args.tp_size\n"
        "    name: int = args.model_path  # wrong on purpose: str | None\n",
        encoding="utf-8")
    out = _mypy("argmatrix", str(probe))
    lines = [line for line in out.stdout.splitlines() if ": error:" in line]
    assert len(lines) == 1 and "probe.py:4" in lines[0] and "str | None" in lines[0], out.stdout
