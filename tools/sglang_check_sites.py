"""List every start-up check site of one SGLang release, read with ``ast`` out of its wheel, into a JSON fixture.

A *site* is one place where SGLang's argument handling stops or silently changes a launch:

* ``raise``: every ``raise`` statement;
* ``assert``: every ``assert`` statement;
* ``override``: a ``logger.warning`` / ``warnings.warn`` whose block also replaces a server-args value.  In 0.5.23 a
  value is replaced by assigning an attribute of the server-args object (``server_args.x = ...``), by
  ``declare_resolution(server_args, reason, x=...)``, by writing an override dict (``overrides["x"] = ...``,
  ``overrides.update(x=...)``), by ``setattr(server_args, "x", ...)`` or by returning a dict of fields
  (``return {"x": ...}``).  "Its block" is the statement list the warning sits in (with everything nested in it);
  a warning whose replacement happens in an outer block is not recorded (the heuristic stays local and
  predictable).

Files read: ``server_args.py`` and every ``arg_groups/**/*.py`` under the root (``sglang/srt`` of the wheel).
Nothing of SGLang is imported: the server-args field names come from the annotated attributes of the classes
in ``arg_groups/fields/*.py``.

Per site: file (relative to ``sglang/srt``), line and end line, the header line of the block it sits in (the
guarding ``if``, where a citation may point), the enclosing function, kind, the guarding
condition (the tests of the enclosing ``if`` statements, outermost first, an ``else`` branch written as
``not (...)``), the asserted test, the message, the server-args fields the site reads, the fields an override
writes, and ``model_dependent``: a heuristic, true when the guard or the site reads the model's configuration
(``hf_config``, ``model_config``, architectures, model-type names and helpers, or a local name assigned from one
of those) or when the file is a per-model override module.

    python tools/sglang_check_sites.py                    # the 0.5.23 wheel of /work/venvs/sglang
    python tools/sglang_check_sites.py --root DIR --out FILE
"""
from __future__ import annotations

import argparse
import ast
import json
import re
import sys
from collections import Counter
from pathlib import Path

DEFAULT_ROOT = Path("/work/venvs/sglang/lib/python3.11/site-packages/sglang/srt")
FIXTURES = Path(__file__).resolve().parent.parent / "tests" / "fixtures"

# Names the server-args object goes by in SGLang's hooks (the object itself or one of its views).
SERVER_ARGS_NAMES = frozenset({"server_args", "self", "cfg", "view", "args", "sa", "resolved", "rv"})
VIEW_FUNCTIONS = frozenset({"resolving_view", "resolved_view"})
WARNING_CALLS = frozenset({("logger", "warning"), ("logger", "warn"), ("warnings", "warn")})
# Words that mean "this reads the model's configuration".
MODEL_WORDS = re.compile(
    r"hf_(text_)?config|model_config|architectures?\b|model_arch|model_type|is_multimodal|is_\w*_model\b"
    r"|get_model_arch|quant_method|num_(attention|key_value)_heads|hidden_size|is_deepseek|is_mla|_arch\b"
    r"|use_mla_backend|uses_\w+_attention|is_encoder_decoder|attention_chunk_size"
)


def release_of(root: Path) -> str:
    version_file = root.parent / "_version.py"
    if version_file.exists():
        m = re.search(r"__version__\s*=\s*(?:version\s*=\s*)?['\"]([^'\"]+)['\"]", version_file.read_text())
        if m:
            return m.group(1)
    raise SystemExit(f"cannot read the SGLang release from {version_file}; is --root the wheel's sglang/srt?")


def server_args_fields(root: Path) -> frozenset[str]:
    """The names ServerArgs holds: the annotated attributes of the classes in arg_groups/fields/*.py (0.5.19 on),
    else of the ``ServerArgs`` dataclass in server_args.py (the releases before the fields moved out)."""
    names: set[str] = set()
    for path in sorted((root / "arg_groups" / "fields").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.ClassDef):
                names.update(_annotated(node))
    if not names and (root / "server_args.py").exists():
        tree = ast.parse((root / "server_args.py").read_text(), "server_args.py")
        for node in tree.body:
            if isinstance(node, ast.ClassDef) and node.name == "ServerArgs":
                names.update(_annotated(node))
    if not names:
        raise SystemExit(f"no server-args fields found under {root / 'arg_groups' / 'fields'} or in ServerArgs of "
                         f"{root / 'server_args.py'}: is --root the wheel's sglang/srt?")
    return frozenset(names)


def _annotated(cls: ast.ClassDef) -> set[str]:
    return {stmt.target.id for stmt in cls.body if isinstance(stmt, ast.AnnAssign)
            and isinstance(stmt.target, ast.Name) and not stmt.target.id.startswith("_")}


def files_read(root: Path) -> list[Path]:
    # arg_groups/ arrived in 0.5.12; before it every check sits in server_args.py
    files = [root / "server_args.py", *sorted((root / "arg_groups").rglob("*.py"))]
    missing = [f for f in files if not f.exists()]
    if missing:
        raise SystemExit(f"missing in {root}: {', '.join(map(str, missing))}")
    return files


def _own_nodes(stmts: list[ast.stmt]):
    """Every node of these statements, not descending into nested functions, classes or lambdas."""
    stack: list[ast.AST] = list(reversed(stmts))
    while stack:
        node = stack.pop()
        yield node
        for child in ast.iter_child_nodes(node):
            if not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
                stack.append(child)


class _FileReader:
    def __init__(self, rel: str, source: str, fields: frozenset[str]):
        self.rel, self.source, self.fields = rel, source, fields
        self.tree = ast.parse(source, rel)
        self.per_model_module = rel.startswith("arg_groups/model_overrides/")
        self.sites: list[dict] = []

    def text(self, node: ast.AST | None) -> str | None:
        if node is None:
            return None
        seg = ast.get_source_segment(self.source, node)
        return " ".join(seg.split()) if seg is not None else ast.unparse(node)

    # -- walking with the function, the guards and the block kept --------------------------------------------
    def read(self) -> list[dict]:
        self._block(self.tree.body, 1, func=[], guards=[], model_names=frozenset(), sa_names=SERVER_ARGS_NAMES)
        return self.sites

    # `block_line`: the header line of the compound statement whose block this is (where a citation of the
    # guarding `if` points).
    def _block(self, body: list[ast.stmt], block_line: int, func: list[str], guards: list[str],
               model_names: frozenset[str], sa_names: frozenset[str]) -> None:
        for stmt in body:
            self._stmt(stmt, body, block_line, func, guards, model_names, sa_names)

    def _stmt(self, stmt: ast.stmt, block: list[ast.stmt], block_line: int, func: list[str], guards: list[str],
              model_names: frozenset[str], sa_names: frozenset[str]) -> None:
        here = stmt.lineno
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
            model_names, sa_names = self._function_names(stmt)
            self._block(stmt.body, here, [*func, stmt.name], [], model_names, sa_names)
            return
        if isinstance(stmt, ast.ClassDef):
            self._block(stmt.body, here, [*func, stmt.name], [], frozenset(), SERVER_ARGS_NAMES)
            return
        if isinstance(stmt, ast.If):
            test = self.text(stmt.test) or ""
            self._block(stmt.body, here, func, [*guards, test], model_names, sa_names)
            self._block(stmt.orelse, here, func, [*guards, f"not ({test})"], model_names, sa_names)
            return
        if isinstance(stmt, ast.Raise):
            self._site("raise", stmt, block_line, func, guards, model_names, sa_names, message=stmt.exc)
        elif isinstance(stmt, ast.Assert):
            self._site("assert", stmt, block_line, func, guards, model_names, sa_names, message=stmt.msg,
                       test=stmt.test)
        elif isinstance(stmt, ast.Expr) and self._is_warning(stmt.value):
            written = self._overrides_in(block, sa_names)
            if written:
                call = stmt.value
                assert isinstance(call, ast.Call)
                msg = call.args[0] if call.args else None
                self._site("override", stmt, block_line, func, guards, model_names, sa_names, message=msg,
                           writes=written)
        # Every other compound statement (for, while, with, try, match): its blocks, guards unchanged.
        for name in ("body", "orelse", "finalbody"):
            inner = getattr(stmt, name, None)
            if isinstance(inner, list) and inner and isinstance(inner[0], ast.stmt):
                self._block(inner, here, func, guards, model_names, sa_names)
        for handler in getattr(stmt, "handlers", []) or []:
            self._block(handler.body, handler.lineno, func, guards, model_names, sa_names)
        for case in getattr(stmt, "cases", []) or []:
            self._block(case.body, here, func, [*guards, f"case {self.text(case.pattern)}"], model_names, sa_names)

    # -- names ----------------------------------------------------------------------------------------------------
    def _function_names(self, fn: ast.FunctionDef | ast.AsyncFunctionDef) -> tuple[frozenset[str], frozenset[str]]:
        """Local names that hold model facts, and local names bound to the server-args object or a view of it."""
        params = [a.arg for a in (*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs)]
        model = {p for p in params if MODEL_WORDS.search(p)}
        sa = set(SERVER_ARGS_NAMES)
        for node in _own_nodes(fn.body):
            if isinstance(node, ast.Assign):
                rhs = self.text(node.value) or ""
                targets = [n.id for t in node.targets for n in ast.walk(t) if isinstance(n, ast.Name)]
                if MODEL_WORDS.search(rhs) or any(re.search(rf"\b{re.escape(m)}\b", rhs) for m in model):
                    model.update(targets)
                if isinstance(node.value, ast.Call) and isinstance(node.value.func, ast.Name) \
                        and node.value.func.id in VIEW_FUNCTIONS:
                    sa.update(targets)
        return frozenset(model), frozenset(sa)

    def _is_warning(self, node: ast.expr) -> bool:
        return isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
            and isinstance(node.func.value, ast.Name) and (node.func.value.id, node.func.attr) in WARNING_CALLS

    def _overrides_in(self, block: list[ast.stmt], sa_names: frozenset[str]) -> list[str]:
        """The server-args fields the statements of this block replace (see the module's docstring)."""
        written: set[str] = set()
        for node in _own_nodes(block):
            if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for t in targets:
                    if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id in sa_names \
                            and t.attr in self.fields:
                        written.add(t.attr)
                    if isinstance(t, ast.Subscript) and isinstance(t.slice, ast.Constant) \
                            and t.slice.value in self.fields:
                        written.add(str(t.slice.value))
            elif isinstance(node, ast.Call):
                f = node.func
                fname = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
                if fname in ("declare_resolution", "update"):
                    written.update(k.arg for k in node.keywords if k.arg in self.fields)
                    for a in node.args:
                        if isinstance(a, ast.Dict):
                            written.update(self._dict_fields(a))
                if fname == "setattr" and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant) \
                        and node.args[1].value in self.fields:
                    written.add(str(node.args[1].value))
            elif isinstance(node, ast.Return) and isinstance(node.value, ast.Dict):
                written.update(self._dict_fields(node.value))
        return sorted(written)

    def _dict_fields(self, d: ast.Dict) -> set[str]:
        return {str(k.value) for k in d.keys if isinstance(k, ast.Constant) and k.value in self.fields}

    def _reads(self, nodes: list[ast.AST], sa_names: frozenset[str]) -> list[str]:
        read: set[str] = set()
        for root in nodes:
            for node in ast.walk(root):
                if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
                        and node.value.id in sa_names and node.attr in self.fields:
                    read.add(node.attr)
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "getattr" \
                        and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant) \
                        and node.args[1].value in self.fields:
                    read.add(str(node.args[1].value))
        return sorted(read)

    def _site(self, kind: str, stmt: ast.stmt, block_line: int, func: list[str], guards: list[str], model_names: frozenset[str],
              sa_names: frozenset[str], message: ast.expr | None, test: ast.expr | None = None,
              writes: list[str] | None = None) -> None:
        guard = " and ".join(f"({g})" if len(guards) > 1 else g for g in guards) or None
        # Fields read: the site's own statement plus its guards (re-parsed from their text, which is exact source).
        guard_nodes: list[ast.AST] = []
        for g in guards:
            try:
                guard_nodes.append(ast.parse(g.removeprefix("case "), mode="eval"))
            except SyntaxError:
                pass
        reads = self._reads([stmt, *guard_nodes], sa_names)
        words = " ".join(filter(None, [guard, self.text(test), self.text(stmt)]))
        model_dependent = self.per_model_module or bool(MODEL_WORDS.search(words)) or any(
            re.search(rf"\b{re.escape(m)}\b", words) for m in model_names)
        entry = {
            "file": self.rel, "line": stmt.lineno, "end_line": stmt.end_lineno or stmt.lineno, "block_line": block_line,
            "function": ".".join(func) or "<module>", "kind": kind, "condition": guard,
            "test": self.text(test), "message": self.text(message), "reads": reads,
            "model_dependent": model_dependent,
        }
        if writes is not None:
            entry["writes"] = writes
        self.sites.append(entry)


def read_sites(root: Path) -> dict:
    root = root.resolve()
    fields = server_args_fields(root)
    sites: list[dict] = []
    for path in files_read(root):
        rel = path.relative_to(root).as_posix()
        sites.extend(_FileReader(rel, path.read_text(), fields).read())
    sites.sort(key=lambda s: (s["file"], s["line"], s["kind"]))
    per_file: dict[str, dict[str, int]] = {}
    for s in sites:
        per_file.setdefault(s["file"], {"raise": 0, "assert": 0, "override": 0})[s["kind"]] += 1
    kinds = Counter(s["kind"] for s in sites)
    return {
        "release": release_of(root),
        "read_from": "sglang/srt/server_args.py and sglang/srt/arg_groups/**/*.py of the wheel, parsed with ast "
                     "(nothing imported); fields from the annotated attributes of arg_groups/fields/*.py",
        "tool": "tools/sglang_check_sites.py",
        "kinds": {
            "raise": "a raise statement",
            "assert": "an assert statement",
            "override": "a logger.warning/warnings.warn whose block also replaces a server-args value "
                        "(attribute assignment, declare_resolution, an override dict, setattr, a returned dict)",
        },
        "model_dependent": "heuristic: the guard or the site reads hf_config/model_config, architectures, model "
                           "types or a local name assigned from them, or the file is under arg_groups/model_overrides/",
        "counts": {"sites": len(sites), "by_kind": {k: kinds.get(k, 0) for k in ("raise", "assert", "override")},
                   "model_dependent": sum(s["model_dependent"] for s in sites), "by_file": per_file},
        "sites": sites,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", type=Path, default=DEFAULT_ROOT, help="the wheel's sglang/srt folder")
    parser.add_argument("--out", type=Path, default=None,
                        help="default: tests/fixtures/sglang_check_sites-<release>.json")
    ns = parser.parse_args(argv)
    data = read_sites(ns.root)
    out = ns.out or FIXTURES / f"sglang_check_sites-{data['release']}.json"
    out.write_text(json.dumps(data, indent=1, ensure_ascii=False, sort_keys=False) + "\n")
    c = data["counts"]
    print(f"{out}: {c['sites']} sites {c['by_kind']}, {c['model_dependent']} model-dependent", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
