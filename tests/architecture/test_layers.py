"""The layers of docs/architecture.md, enforced: schema <- matrix <- compiler <- (generate, runtime) <- cli.

Every module of the package is read with ``ast``, and every way it can load another module counts: ``import``
(aliased or not), ``from ... import`` (absolute, or relative at any depth, including ``from argmatrix import
cli``), imports inside functions and ``if TYPE_CHECKING:`` blocks, and ``importlib.import_module`` /
``__import__`` / ``runpy.run_module`` however they are bound. A module that belongs to no layer of ``LAYERS`` is
itself a failure, so a new package or top-level module has to be placed before it can import anything.
No module of the package reaches itself through the modules it loads (``cycles``): a function-level import
counts like any other, since a function that has to reach back up to the module importing it is in the wrong
module.  The self-tests at the bottom plant one violation of each form in a scratch tree and require the
checker to fail.
"""
from __future__ import annotations

import ast
import itertools
from dataclasses import dataclass
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "argmatrix"

# layer -> the other layers its modules may import. A layer is a subpackage, or a top-level module by its stem.
LAYERS: dict[str, frozenset[str]] = {
    "records": frozenset(),                                    # the record classes every layer's data is made of
    "markdown": frozenset(),                                   # the one table writer every layer's text uses
    "schema": frozenset({"records", "markdown"}),
    "matrix": frozenset({"schema", "records", "markdown"}),
    "compiler": frozenset({"schema", "matrix", "records", "markdown"}),
    "__init__": frozenset({"compiler"}),                       # argmatrix.compile, loaded on first use
    "generate": frozenset({"schema", "matrix", "compiler", "records", "markdown"}),
    "runtime": frozenset({"schema", "matrix", "compiler", "records", "markdown", "__init__"}),
    "loadgen": frozenset(),                                    # the load client speaks HTTP to any server
    "cli": frozenset({"schema", "matrix", "compiler", "records", "markdown", "__init__", "generate", "runtime",
                      "loadgen"}),
    "__main__": frozenset({"cli"}),
}
LIGHT = ("markdown", "schema", "matrix", "compiler")   # must stay importable without the serve extra
HEAVY = ("torch", "torch_npu", "transformers", "fastapi", "uvicorn", "safetensors", "tokenizers")
# detection has to ask torch what it sees; it runs only when the target is 'auto'
HEAVY_ALLOWED = {"matrix/platforms/detect.py"}
# the functions that load a module named by their first argument (the second, if any, anchors a relative name)
LOADERS = {("importlib", "import_module"), ("importlib", "__import__"), ("builtins", "__import__"),
           ("runpy", "run_module")}


@dataclass(frozen=True)
class Import:
    line: int
    module: str     # absolute dotted name; "" where the checker could not tell (see ``problem``)
    problem: str = ""


def _module_name(root: Path, path: Path) -> tuple[str, str]:
    """(dotted name, package) of ``path`` under the package directory ``root``."""
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
        return ".".join(parts), ".".join(parts)
    return ".".join(parts), ".".join(parts[:-1])


def _resolve(name: str, package: str, line: int) -> Import:
    """An absolute module for ``name`` (``.x`` relative to ``package``)."""
    level = len(name) - len(name.lstrip("."))
    if not level:
        return Import(line, name)
    base = package.split(".")
    if level > len(base):
        return Import(line, "", f"relative import {name!r} reaches above the top-level package")
    rest = name[level:]
    return Import(line, ".".join(base[: len(base) - level + 1] + ([rest] if rest else [])))


def _bindings(tree: ast.AST) -> dict[str, tuple[str, str | None]]:
    """Local name -> (module, attribute or None) for every ``import m as n`` / ``from m import a as n``."""
    out: dict[str, tuple[str, str | None]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                out[alias.asname or alias.name.split(".")[0]] = (alias.name if alias.asname else
                                                                 alias.name.split(".")[0], None)
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            for alias in node.names:
                out[alias.asname or alias.name] = (node.module, alias.name)
    return out


def _loader(func: ast.expr, bindings: dict[str, tuple[str, str | None]]) -> bool:
    """Whether a call to ``func`` loads the module its first argument names."""
    if isinstance(func, ast.Name):
        if func.id == "__import__":
            return True
        module, attr = bindings.get(func.id, ("", None))
        return (module, attr) in LOADERS
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        module, attr = bindings.get(func.value.id, ("", None))
        target = f"{module}.{attr}" if attr else module
        return (target, func.attr) in LOADERS
    return False


def _text(node: ast.expr | None, module: str, package: str) -> tuple[str, bool] | None:
    """The string ``node`` evaluates to, and whether it is complete; an f-string gives its known prefix."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value, True
    names = {"__name__": module, "__package__": package}
    if isinstance(node, ast.Name) and node.id in names:
        return names[node.id], True
    if isinstance(node, ast.JoinedStr):
        prefix = ""
        for part in node.values:
            if isinstance(part, ast.Constant):
                prefix += str(part.value)
            elif isinstance(part.value, ast.Name) and part.value.id in names:
                prefix += names[part.value.id]
            else:
                return prefix, False
        return prefix, True
    return None


def _module_strings(tree: ast.AST) -> list[tuple[int, str]]:
    """Every string constant of the file that could name a module (``argmatrix.x``, ``.x``, ``pkg.mod:attr``)."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            name = node.value.partition(":")[0]
            if name and all(part.isidentifier() for part in name.lstrip(".").split(".")) and (
                    name.startswith(".") or name.split(".")[0] in ("argmatrix", *HEAVY)):
                out.append((node.lineno, name))
    return out


def _dynamic(call: ast.Call, module: str, package: str, tree: ast.AST) -> list[Import]:
    arg = call.args[0] if call.args else next((k.value for k in call.keywords if k.arg == "name"), None)
    anchor_node = call.args[1] if len(call.args) > 1 else next(
        (k.value for k in call.keywords if k.arg == "package"), None)
    anchor = _text(anchor_node, module, package)
    anchor_package = anchor[0] if anchor and anchor[1] else package
    text = _text(arg, module, package)
    if text is not None:
        name, complete = text
        if not complete:  # f".groups.{name}": the known prefix names the package it stays under
            name = name.rstrip(".")
        if name.lstrip("."):
            return [_resolve(name, anchor_package, call.lineno)]
    # a computed name: every module-like string of the file is a candidate, so a table of targets is read
    candidates = [_resolve(name, anchor_package, line) for line, name in _module_strings(tree)]
    return candidates or [Import(call.lineno, "", "dynamic import of a name the checker cannot read: "
                                                  "name the module in a string literal of this file")]


def _is_module(root: Path, dotted: str) -> bool:
    """Whether ``dotted`` (argmatrix.x.y) is a module or package file under the package directory ``root``."""
    where = root.parent.joinpath(*dotted.split("."))
    return where.with_suffix(".py").is_file() or (where / "__init__.py").is_file()


def imports(root: Path, path: Path) -> list[Import]:
    """Every module that ``path`` (a file of the package directory ``root``) can load, however it spells it."""
    module, package = _module_name(root, path)
    tree = ast.parse(path.read_text(encoding="utf-8"))
    bindings = _bindings(tree)
    out: list[Import] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [Import(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = _resolve("." * node.level + (node.module or ""), package, node.lineno)
            # a package above this module is loaded before this module is: `from .. import records` takes a
            # submodule of it, and only that counts (a name its __init__ defines still counts as the package)
            if not (base.module and module.startswith(base.module + ".")
                    and all(_is_module(root, f"{base.module}.{alias.name}") for alias in node.names)):
                out.append(base)
            if base.module:  # `from pkg import name` loads pkg.name when name is a module
                out += [Import(node.lineno, f"{base.module}.{alias.name}") for alias in node.names
                        if alias.name != "*"]
        elif isinstance(node, ast.Call) and _loader(node.func, bindings):
            out += _dynamic(node, module, package, tree)
    return out


def layer_of(root: Path, path: Path) -> str:
    rel = path.relative_to(root)
    return rel.parts[0] if len(rel.parts) > 1 else rel.stem


def _target_layer(module: str) -> str | None:
    """The layer ``module`` belongs to; None outside the package. ``argmatrix.x`` for an attribute x of the
    package itself (``from argmatrix import compile``) is the package's ``__init__``."""
    parts = module.split(".")
    if parts[0] != "argmatrix":
        return None
    if len(parts) == 1 or parts[1] not in LAYERS:
        return "__init__"
    return parts[1]


def violations(root: Path, path: Path) -> list[str]:
    """What is wrong with the imports of ``path``: unplaced module, upward or sideways import, unreadable import."""
    own = layer_of(root, path)
    if own not in LAYERS:
        return [f"{path.relative_to(root)}: layer {own!r} is not in the layer map of tests/architecture/"
                f"test_layers.py: add it to LAYERS (and docs/architecture.md) with the layers it may import"]
    out = []
    for found in imports(root, path):
        if found.problem:
            out.append(f"line {found.line}: {found.problem}")
            continue
        other = _target_layer(found.module)
        if other is not None and other != own and other not in LAYERS[own]:
            out.append(f"line {found.line}: {own} imports {found.module} ({other} is not below {own})")
    return out


def heavy_imports(root: Path, path: Path) -> list[str]:
    return [f"line {found.line}: {found.module}" for found in imports(root, path)
            if found.module.split(".")[0] in HEAVY]


def _files(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*") if p.suffix in (".py", ".pyi"))


def _type_checking_lines(tree: ast.AST) -> set[int]:
    """Lines inside ``if TYPE_CHECKING:`` bodies: read by type checkers, never run."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and (
                (isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING")
                or (isinstance(node.test, ast.Attribute) and node.test.attr == "TYPE_CHECKING")):
            for child in node.body:
                out |= {n.lineno for n in ast.walk(child) if hasattr(n, "lineno")}
    return out


def _submodules_only(tree: ast.AST, package: str, modules: set[str]) -> set[int]:
    """Lines of ``from <package> import a, b`` where every name is a submodule of ``package``."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = _resolve("." * node.level + (node.module or ""), package, node.lineno).module
            if base and all(f"{base}.{alias.name}" in modules for alias in node.names):
                out.add(node.lineno)
    return out


def import_graph(root: Path) -> dict[str, dict[str, int]]:
    """Module -> {module of the package it can load when it runs: first line that does}.

    Every import ``imports`` reads counts, inside functions too, except two that cannot close a loop at run
    time: one inside ``if TYPE_CHECKING:``, and a submodule's reach to its own enclosing package through
    ``from . import sibling`` (the package was initialised before the submodule ran; the sibling is the edge).
    Stub files are not run and are left out."""
    paths = {_module_name(root, p)[0]: p for p in _files(root) if p.suffix == ".py"}
    modules = set(paths)
    graph: dict[str, dict[str, int]] = {}
    for name, path in paths.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        typing_only = _type_checking_lines(tree)
        siblings = _submodules_only(tree, _module_name(root, path)[1], modules)
        edges: dict[str, int] = {}
        for found in imports(root, path):
            target = found.module
            if target not in modules or target == name or found.line in typing_only:
                continue
            if name.startswith(target + ".") and found.line in siblings:
                continue
            edges.setdefault(target, found.line)
        graph[name] = edges
    return graph


def cycles(root: Path) -> list[str]:
    """Each group of modules that reach one another (a strongly connected component of ``import_graph``),
    as one loop through it with the line of each import: ``a:12 -> b:40 -> a``."""
    graph = import_graph(root)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(v: str) -> None:  # Tarjan's algorithm
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    out = []
    for group in groups:
        members = set(group)
        path, seen = [group[0]], {group[0]: 0}
        while True:  # walk inside the group until a module repeats: that stretch is a loop
            step = next(w for w in sorted(graph[path[-1]]) if w in members)
            if step in seen:
                loop = path[seen[step]:] + [step]
                break
            seen[step] = len(path)
            path.append(step)
        said = " -> ".join(f"{a}:{graph[a][b]}" for a, b in itertools.pairwise(loop)) + f" -> {loop[-1]}"
        out.append(f"{len(group)} modules import one another ({', '.join(group)}), e.g. {said}: move the "
                   "function that imports upward into the module its callers' layer says it belongs in")
    return out


FILES = _files(PACKAGE)


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_upward_or_sideways_import(path):
    bad = violations(PACKAGE, path)
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("path", [p for p in FILES if layer_of(PACKAGE, p) in LIGHT],
                         ids=lambda p: str(p.relative_to(PACKAGE)))
def test_light_layers_never_import_the_runtime_stack(path):
    if path.relative_to(PACKAGE).as_posix() in HEAVY_ALLOWED:
        return
    bad = heavy_imports(PACKAGE, path)
    assert not bad, "\n".join(bad)


def test_no_import_cycle():
    """No module reaches itself through what it imports, at module level or inside a function."""
    found = cycles(PACKAGE)
    assert not found, "\n".join(found)


def test_every_layer_of_the_map_exists():
    """A stale map entry would hide a renamed package: each layer names a real subpackage or module."""
    present = {layer_of(PACKAGE, p) for p in FILES}
    assert set(LAYERS) <= present, sorted(set(LAYERS) - present)


def test_the_checker_reads_the_real_tree():
    """Some imports of the real tree are of each kind the checker resolves (so none of its readers is dead)."""
    found = [(layer_of(PACKAGE, p), i.module) for p in FILES for i in imports(PACKAGE, p)]
    assert ("matrix", "argmatrix.schema.meta") in found                    # from ...schema.meta import (depth 3)
    assert ("schema", "argmatrix.schema.groups") in found                 # import_module(f".groups.{x}", pkg)
    assert ("runtime", "argmatrix.runtime.attention_triton") in found     # import_module(name) over a table
    assert ("runtime", "argmatrix.runtime.server.launch") in found        # import_module(".launch", __name__)


# planted violations: (file under the scratch package, its source, text the failure must contain)
PLANTED = {
    "relative, two dots": ("schema/planted.py", "from ..compiler import compile\n", "argmatrix.compiler"),
    "relative, three dots": ("matrix/platforms/planted.py", "from ...runtime import engine\n",
                             "argmatrix.runtime"),
    "relative, bare package": ("schema/planted.py", "from .. import cli\n", "argmatrix.cli"),
    "relative, too deep": ("schema/planted.py", "from .... import x\n", "above the top-level package"),
    "absolute from the package": ("schema/planted.py", "from argmatrix import cli\n", "argmatrix.cli"),
    "attribute of the package": ("schema/planted.py", "from argmatrix import compile\n", "argmatrix.compile"),
    "absolute from a module": ("matrix/planted.py", "from argmatrix.compiler.check import check\n",
                               "argmatrix.compiler.check"),
    "plain import": ("compiler/planted.py", "import argmatrix.runtime.engine\n", "argmatrix.runtime.engine"),
    "import as": ("compiler/planted.py", "import argmatrix.runtime.engine as engine\n",
                  "argmatrix.runtime.engine"),
    "import of the package": ("schema/planted.py", "import argmatrix\n", "imports argmatrix ("),
    "inside a function": ("schema/planted.py", "def f():\n    from argmatrix.cli import app\n", "argmatrix.cli"),
    "TYPE_CHECKING block": ("matrix/planted.py", "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                            "    from ..runtime.engine import Engine\n", "argmatrix.runtime.engine"),
    "sideways": ("generate/planted.py", "from ..runtime import engine\n", "argmatrix.runtime"),
    "sideways back": ("runtime/planted.py", "from argmatrix.generate import html\n", "argmatrix.generate"),
    "importlib.import_module": ("matrix/planted.py", "import importlib\n"
                                "m = importlib.import_module('argmatrix.runtime.engine')\n",
                                "argmatrix.runtime.engine"),
    "import_module, aliased": ("matrix/planted.py", "from importlib import import_module as load\n"
                               "m = load('argmatrix.cli')\n", "argmatrix.cli"),
    "importlib, aliased": ("matrix/planted.py", "import importlib as il\nm = il.import_module('argmatrix.cli')\n",
                           "argmatrix.cli"),
    "import_module, relative": ("schema/planted.py", "import importlib\n"
                                "m = importlib.import_module('..runtime', __package__)\n", "argmatrix.runtime"),
    "import_module, f-string": ("matrix/planted.py", "import importlib\n"
                                "m = importlib.import_module(f'argmatrix.runtime.{name}')\n", "argmatrix.runtime"),
    "import_module, unreadable": ("schema/planted.py", "import importlib\n"
                                  "m = importlib.import_module(os.environ['X'])\n", "cannot read"),
    "import_module over a table": ("compiler/planted.py", "import importlib\nNAMES = ['argmatrix.cli.app']\n"
                                   "for n in NAMES:\n    importlib.import_module(n)\n", "argmatrix.cli.app"),
    "__import__": ("schema/planted.py", "m = __import__('argmatrix.runtime.engine')\n",
                   "argmatrix.runtime.engine"),
    "runpy.run_module": ("matrix/planted.py", "import runpy\nrunpy.run_module('argmatrix.cli')\n",
                         "argmatrix.cli"),
    "loadgen imports ours": ("loadgen/planted.py", "from ..runtime import engine\n", "argmatrix.runtime"),
    "markdown imports ours": ("markdown.py", "from .schema import SPECS\n", "argmatrix.schema"),
    "module outside the map": ("newpkg/planted.py", "import json\n", "not in the layer map"),
    "top-level module outside the map": ("helpers.py", "import json\n", "not in the layer map"),
    "stub file": ("schema/planted.pyi", "from argmatrix.runtime.engine import Engine\n",
                  "argmatrix.runtime.engine"),
}

PLANTED_HEAVY = {
    "import torch": ("compiler/planted.py", "import torch\n"),
    "from transformers, in a function": ("matrix/planted.py", "def f():\n    from transformers import AutoConfig\n"),
    "import_module('fastapi')": ("schema/planted.py", "import importlib\nimportlib.import_module('fastapi')\n"),
    "markdown": ("markdown.py", "import torch.nn as nn\n"),
}


def _plant(tmp_path: Path, rel: str, source: str) -> tuple[Path, Path]:
    root = tmp_path / "argmatrix"
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    for parent in path.parents:  # a package at each level, as in the real tree
        if parent == root.parent:
            break
        (parent / "__init__.py").touch()
    path.write_text(source, encoding="utf-8")
    return root, path


@pytest.mark.parametrize("form", PLANTED)
def test_the_checker_catches_each_form(tmp_path, form):
    rel, source, expected = PLANTED[form]
    root, path = _plant(tmp_path, rel, source)
    assert path in _files(root)
    bad = violations(root, path)
    assert bad and expected in "\n".join(bad), (form, bad)


@pytest.mark.parametrize("form", PLANTED_HEAVY)
def test_the_checker_catches_each_heavy_form(tmp_path, form):
    rel, source = PLANTED_HEAVY[form]
    root, path = _plant(tmp_path, rel, source)
    assert layer_of(root, path) in LIGHT
    assert heavy_imports(root, path), form


def test_the_checker_passes_allowed_imports(tmp_path):
    """The other side: imports the map allows are not reported, so a failure above is about the planted line."""
    root, path = _plant(tmp_path, "runtime/server/planted.py",
                        "import importlib\nfrom ...compiler import compile\nfrom argmatrix.schema import SPECS\n"
                        "from . import app\nimport argmatrix\nfrom typing import TYPE_CHECKING\n"
                        "if TYPE_CHECKING:\n    from ..engine import Engine\n"
                        "m = importlib.import_module('.launch', __name__)\n")
    assert violations(root, path) == []


# planted cycles: files of the scratch package (path -> source), and the modules the failure must name
PLANTED_CYCLES = {
    "through a function-level import": ({"compiler/a.py": "from .b import x\n",
                                         "compiler/b.py": "def f():\n    from .a import y\n"},
                                        ("argmatrix.compiler.a", "argmatrix.compiler.b")),
    "at module level": ({"matrix/a.py": "import argmatrix.matrix.b\n", "matrix/b.py": "from . import a\n"},
                        ("argmatrix.matrix.a", "argmatrix.matrix.b")),
    "over three modules": ({"schema/a.py": "from .b import x\n", "schema/b.py": "from .c import x\n",
                            "schema/c.py": "def f():\n    from argmatrix.schema.a import x\n"},
                           ("argmatrix.schema.a", "argmatrix.schema.b", "argmatrix.schema.c")),
    "through importlib": ({"runtime/a.py": "from .b import x\n",
                           "runtime/b.py": "import importlib\ndef f():\n    importlib.import_module('.a', __package__)\n"},
                          ("argmatrix.runtime.a", "argmatrix.runtime.b")),
    "through a package's __init__": ({"cli/__init__.py": "from .a import run\n",
                                      "cli/a.py": "def run():\n    from argmatrix.cli import helper\n"},
                                     ("argmatrix.cli", "argmatrix.cli.a")),
}

# not cycles: what never runs, and a submodule naming a sibling through the package that is already loaded
PLANTED_NOT_CYCLES = {
    "TYPE_CHECKING both ways": {"runtime/a.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                                                "    from .b import B\n",
                                "runtime/b.py": "import typing\nif typing.TYPE_CHECKING:\n    from .a import A\n"},
    "a sibling through the package": {"compiler/__init__.py": "from .a import run\n",
                                      "compiler/a.py": "from . import b\n", "compiler/b.py": "X = 1\n"},
}


def _plant_tree(tmp_path: Path, files: dict[str, str]) -> Path:
    root = tmp_path / "argmatrix"
    for rel in files:
        _plant(tmp_path, rel, "")  # the packages above each file
    for rel, source in files.items():
        (root / rel).write_text(source, encoding="utf-8")
    return root


@pytest.mark.parametrize("form", PLANTED_CYCLES)
def test_the_checker_catches_each_cycle(tmp_path, form):
    files, named = PLANTED_CYCLES[form]
    found = cycles(_plant_tree(tmp_path, files))
    assert len(found) == 1 and all(f"{m}:" in found[0] for m in named), (form, found)


@pytest.mark.parametrize("form", PLANTED_NOT_CYCLES)
def test_the_checker_passes_what_is_no_cycle(tmp_path, form):
    assert cycles(_plant_tree(tmp_path, PLANTED_NOT_CYCLES[form])) == [], form
