"""The layers of docs/architecture.md, enforced: schema <- matrix <- compiler <- (generate, runtime) <- cli.

Every ``import`` in the package is read with ``ast`` (lazy imports inside functions included), so an upward
import anywhere fails here before it can make ``check-config`` slow or circular.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "argmatrix"
RANK = {"schema": 0, "matrix": 1, "compiler": 2, "generate": 3, "runtime": 3, "cli": 4}
LIGHT = ("schema", "matrix", "compiler")            # must stay importable without the serve extra
HEAVY = ("torch", "torch_npu", "transformers", "fastapi", "uvicorn", "safetensors", "tokenizers")
# detection has to ask torch what it sees; it runs only when the target is 'auto'
HEAVY_ALLOWED = {"matrix/platforms/detect.py"}


def _imports(path: Path) -> list[tuple[int, str]]:
    """(line, absolute module) for every import in ``path``."""
    package = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)[:-1]  # the module's package
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            out.append((node.lineno, module))
            out += [(node.lineno, f"{module}.{alias.name}") for alias in node.names if node.module is None]
    return out


FILES = sorted(p for p in PACKAGE.rglob("*.py") if p.relative_to(PACKAGE).parts[0] in RANK)


def _layer(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[0] == "argmatrix" and parts[1] in RANK else None


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_upward_or_sideways_import(path):
    own = path.relative_to(PACKAGE).parts[0]
    bad = [f"line {line}: {own} imports {module}" for line, module in _imports(path)
           if (other := _layer(module)) and other != own and RANK[other] >= RANK[own]]
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("path", [p for p in FILES if p.relative_to(PACKAGE).parts[0] in LIGHT],
                         ids=lambda p: str(p.relative_to(PACKAGE)))
def test_light_layers_never_import_the_runtime_stack(path):
    rel = path.relative_to(PACKAGE).as_posix()
    if rel in HEAVY_ALLOWED:
        return
    bad = [f"line {line}: {module}" for line, module in _imports(path) if module.split(".")[0] in HEAVY]
    assert not bad, "\n".join(bad)


def test_the_checker_sees_an_upward_import(tmp_path):
    """The test above must be able to fail: a schema module that imports the compiler is caught."""
    fake = PACKAGE / "schema" / "model.py"
    source = fake.read_text(encoding="utf-8") + "\n\ndef _upward():\n    from ..compiler import compile\n"
    copy = tmp_path / "argmatrix" / "schema" / "model.py"
    copy.parent.mkdir(parents=True)
    copy.write_text(source, encoding="utf-8")
    globals()["PACKAGE"] = tmp_path / "argmatrix"
    try:
        with pytest.raises(AssertionError, match="schema imports argmatrix.compiler"):
            test_no_upward_or_sideways_import(copy)
    finally:
        globals()["PACKAGE"] = Path(__file__).resolve().parents[2] / "argmatrix"
