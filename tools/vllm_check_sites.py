"""List the start-up check sites of one vLLM release, read with ``ast`` out of its installed package, into a fixture.

A *site* is one place where vLLM's argument handling stops or silently changes a launch:

* ``raise``: every ``raise`` statement;
* ``assert``: every ``assert`` statement;
* ``override``: a ``logger.warning`` / ``logger.warning_once`` / ``warnings.warn`` whose block (the statement list
  it sits in, nested blocks included) also assigns an attribute of ``self`` (the config object), e.g.
  ``ParallelConfig``'s removed all2all backends.  A replacement made in an outer block is not recorded: the
  heuristic stays local and predictable.

Files read: ``vllm/config/*.py`` and ``vllm/engine/arg_utils.py`` (where ``argmatrix/matrix/engines/vllm_checks.py``
cites its checks), and where a release has them, the files later releases moved config checks to
(``LATER_FILES``: 0.34 moved the speculative-config defaults to ``v1/worker/gpu/spec_decode/``).  Nothing of vLLM is
imported.

Per site (only what resolving a rule's citation by content needs): file (relative to ``vllm/``), line, end line,
the header line of the block it sits in (a citation may point at the guarding ``if``), the enclosing function,
kind, the guarding condition (the tests of the enclosing ``if`` statements, outermost first, an ``else`` branch
written as ``not (...)``), the asserted test and the message, each as one line of source text.

    python tools/vllm_check_sites.py --root /work/venvs/vllm-0.32.0/lib/python3.11/site-packages/vllm
    python tools/vllm_check_sites.py --root DIR --out FILE
"""
from __future__ import annotations

import argparse
import ast
import json
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # its sibling, also when loaded from a file path
from sglang_check_sites import _own_nodes

FIXTURES = Path(__file__).resolve().parent.parent / "tests" / "fixtures"
VENVS = Path("/work/venvs")
WARNING_CALLS = frozenset({("logger", "warning"), ("logger", "warning_once"), ("logger", "warn"),
                           ("warnings", "warn")})
# the names vLLM's code calls a config object by where it may replace one of its fields
CONFIG_NAMES = frozenset({"self", "parallel_config", "vllm_config"})


def default_root(release: str) -> Path:
    """Where a scratch venv of ``release`` keeps the package (``tools/vllm_parser_venv.sh`` builds them there)."""
    return VENVS / f"vllm-{release}" / "lib" / "python3.11" / "site-packages" / "vllm"


def release_of(root: Path) -> str:
    version_file = root / "_version.py"
    if version_file.exists():
        m = re.search(r"^__version__\s*=\s*(?:version\s*=\s*)?['\"]([^'\"]+)['\"]", version_file.read_text(),
                      re.MULTILINE)
        if m:
            return m.group(1)
    raise SystemExit(f"cannot read the vLLM release from {version_file}; is --root an installed vllm/ package?")


# files a later release moved config checks into, read where the release has them
LATER_FILES = ("v1/worker/gpu/spec_decode/speculator_config.py",)


def files_read(root: Path) -> list[Path]:
    files = [*sorted((root / "config").glob("*.py")), root / "engine" / "arg_utils.py"]
    missing = [f for f in files if not f.exists()]
    if missing or not (root / "config").is_dir():
        raise SystemExit(f"missing in {root}: {', '.join(map(str, missing)) or 'config/'}; "
                         "is --root an installed vllm/ package?")
    return files + [root / rel for rel in LATER_FILES if (root / rel).exists()]


class _FileReader:
    def __init__(self, rel: str, source: str):
        self.rel, self.source = rel, source
        self.tree = ast.parse(source, rel)
        self.sites: list[dict[str, Any]] = []

    def text(self, node: ast.AST | None) -> str | None:
        if node is None:
            return None
        seg = ast.get_source_segment(self.source, node)
        return " ".join(seg.split()) if seg is not None else ast.unparse(node)

    def read(self) -> list[dict[str, Any]]:
        self._block(self.tree.body, 1, [], [])
        return self.sites

    # ``block_line``: the header line of the compound statement whose block this is
    def _block(self, body: list[ast.stmt], block_line: int, func: list[str], guards: list[str]) -> None:
        for stmt in body:
            self._stmt(stmt, body, block_line, func, guards)

    def _stmt(self, stmt: ast.stmt, block: list[ast.stmt], block_line: int, func: list[str],
              guards: list[str]) -> None:
        here = stmt.lineno
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            self._block(stmt.body, here, [*func, stmt.name], [])
            return
        if isinstance(stmt, ast.If):
            test = self.text(stmt.test) or ""
            self._block(stmt.body, here, func, [*guards, test])
            self._block(stmt.orelse, here, func, [*guards, f"not ({test})"])
            return
        if isinstance(stmt, ast.Raise):
            self._site("raise", stmt, block_line, func, guards, stmt.exc)
        elif isinstance(stmt, ast.Assert):
            self._site("assert", stmt, block_line, func, guards, stmt.msg, stmt.test)
        elif isinstance(stmt, ast.Expr) and self._is_warning(stmt.value) and self._replaces_field(block):
            call = stmt.value
            assert isinstance(call, ast.Call)
            self._site("override", stmt, block_line, func, guards, call.args[0] if call.args else None)
        # every other compound statement (for, while, with, try, match): its blocks, guards unchanged
        for name in ("body", "orelse", "finalbody"):
            inner = getattr(stmt, name, None)
            if isinstance(inner, list) and inner and isinstance(inner[0], ast.stmt):
                self._block(inner, here, func, guards)
        for handler in getattr(stmt, "handlers", []) or []:
            self._block(handler.body, handler.lineno, func, guards)
        for case in getattr(stmt, "cases", []) or []:
            self._block(case.body, here, func, [*guards, f"case {self.text(case.pattern)}"])

    @staticmethod
    def _is_warning(node: ast.expr) -> bool:
        return isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
            and isinstance(node.func.value, ast.Name) and (node.func.value.id, node.func.attr) in WARNING_CALLS

    @staticmethod
    def _replaces_field(block: list[ast.stmt]) -> bool:
        for node in _own_nodes(block):
            if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for t in targets:
                    base = t.value if isinstance(t, ast.Attribute) else None
                    while isinstance(base, ast.Attribute):
                        base = base.value
                    if isinstance(base, ast.Name) and base.id in CONFIG_NAMES:
                        return True
        return False

    def _site(self, kind: str, stmt: ast.stmt, block_line: int, func: list[str], guards: list[str],
              message: ast.expr | None, test: ast.expr | None = None) -> None:
        self.sites.append({
            "file": self.rel, "line": stmt.lineno, "end_line": stmt.end_lineno or stmt.lineno,
            "block_line": block_line, "function": ".".join(func) or "<module>", "kind": kind,
            "condition": " and ".join(f"({g})" if len(guards) > 1 else g for g in guards) or None,
            "test": self.text(test), "message": self.text(message),
        })


def read_sites(root: Path) -> dict[str, Any]:
    root = root.resolve()
    sites: list[dict[str, Any]] = []
    for path in files_read(root):
        sites.extend(_FileReader(path.relative_to(root).as_posix(), path.read_text()).read())
    sites.sort(key=lambda s: (s["file"], s["line"], s["kind"]))
    kinds = Counter(s["kind"] for s in sites)
    return {
        "release": release_of(root),
        "read_from": "vllm/config/*.py and vllm/engine/arg_utils.py of the installed package, and where it has "
                     f"them {', '.join(LATER_FILES)}, parsed with ast (nothing imported)",
        "tool": "tools/vllm_check_sites.py",
        "counts": {"sites": len(sites), "by_kind": {k: kinds.get(k, 0) for k in ("raise", "assert", "override")}},
        "sites": sites,
    }


def dumps(data: dict[str, Any]) -> str:
    """One site a line: compact, and a new release's moved checks show as changed lines."""
    head = {k: v for k, v in data.items() if k != "sites"}
    lines = [json.dumps(s, ensure_ascii=False, separators=(",", ":")) for s in data["sites"]]
    return json.dumps(head, ensure_ascii=False, indent=1)[:-2] + ',\n "sites": [\n' + ",\n".join(lines) + "\n]}\n"


def write(root: Path, out: Path | None = None, fixtures: Path = FIXTURES) -> Path:
    data = read_sites(root)
    target = out or fixtures / f"vllm_check_sites-{data['release']}.json"
    target.write_text(dumps(data), encoding="utf-8")
    c = data["counts"]
    print(f"{target}: {c['sites']} sites {c['by_kind']}", file=sys.stderr)
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", type=Path, help="the installed vllm/ package folder")
    parser.add_argument("--release", help=f"read {default_root('<release>')} (instead of --root)")
    parser.add_argument("--out", type=Path, default=None,
                        help="default: tests/fixtures/vllm_check_sites-<release>.json")
    ns = parser.parse_args(argv)
    if (ns.root is None) == (ns.release is None):
        parser.error("give --root or --release")
    write(ns.root or default_root(ns.release), ns.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
