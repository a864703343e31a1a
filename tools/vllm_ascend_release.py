"""Read one vLLM-Ascend release from its source into ``tests/fixtures/vllm-ascend-<release>.json``.

vLLM-Ascend imports torch_npu and CANN at import time, so nothing here imports it: every fact is read with
``ast`` from the release's source distribution (``pip download``, see ``download``) or from a commit of a git
mirror of vllm-project/vllm-ascend (the ``main`` the facts module describes).  One fixture holds:

* ``additional_config``: every ``--additional-config`` key the code reads (``ascend_config.py`` and any other
  module that reads ``vllm_config.additional_config``), nested keys dotted, with the type where the reader
  converts (``int(cfg.get(...))``), else the annotation or the default's type, and the default;
* ``quantization``: the ``--quantization`` methods registered with ``register_quantization_config``, per device
  type (``310p`` for modules under ``_310p/``, ``npu`` for A2/A3/A5);
* ``vllm``: the vLLM release it pins (its row of ``docs/source/community/versioning_policy.md``; for main the
  tag in ``.github/vllm-release-tag.commit``), and the whole compatibility table;
* ``features``: the rows of the supported-features page, where the release has it;
* ``checks``: the check sites of ``platform.py``, ``ascend_config.py`` and ``utils.py``: every ``if`` and
  ``assert`` with its file, enclosing function, normalised source text and line, and whether it raises, warns
  or assigns.  The facts module cites its resets and start-up checks by (file, function, text); ``resolve``
  finds each in every held release.

Run (never in CI):
    python tools/vllm_ascend_release.py 0.23.0.post1            # downloads the sdist (needs pip + network)
    python tools/vllm_ascend_release.py main --git /work/.mirror/vllm-project+vllm-ascend/repo --commit 182b75e
    python tools/vllm_ascend_release.py --regenerate            # only rewrite the derived table
``add_release(version)`` does all of it and returns the lines a person must act on.
"""
from __future__ import annotations

import argparse
import ast
import hashlib
import io
import json
import os
import re
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures"
TABLE = ROOT / "argmatrix" / "matrix" / "engines" / "vllm_ascend_releases.py"
PREFIX = "vllm-ascend-"
DEFAULT_MIRROR = Path("/work/.mirror/vllm-project+vllm-ascend/repo")
SCHEMA_VERSION = 1

CHECK_FILES = ("vllm_ascend/platform.py", "vllm_ascend/ascend_config.py", "vllm_ascend/utils.py")
FEATURES_MD = "docs/source/user_guide/support_matrix/supported_features.md"
VERSIONING_MD = "docs/source/community/versioning_policy.md"
MAIN_TAG_FILE = ".github/vllm-release-tag.commit"
MAIN_COMMIT_FILE = ".github/vllm-main-verified.commit"
DOC_FILES = (FEATURES_MD, VERSIONING_MD, MAIN_TAG_FILE, MAIN_COMMIT_FILE, "requirements.txt", "setup.py")
FEATURE_WORDS = {"functional": "functional", "experimental": "experimental", "wip": "wip", "planned": "planned",
                 "no plan": "no_plan", "deprecated": "no_plan"}
CONVERTERS = {"int": "int", "float": "float", "bool": "bool", "str": "str", "dict": "dict", "list": "list"}


# ----------------------------------------------------------------------------------------------------------------
# getting the source
# ----------------------------------------------------------------------------------------------------------------
def _wanted(path: str) -> bool:
    return (path.startswith("vllm_ascend/") and path.endswith(".py")) or path in DOC_FILES


def read_sdist(archive: Path) -> dict[str, str]:
    """The files of an sdist (``.tar.gz``) or wheel (``.whl``) that the readers use, by path in the project."""
    out: dict[str, str] = {}
    if archive.suffix == ".whl":
        with zipfile.ZipFile(archive) as z:
            for name in z.namelist():
                if _wanted(name):
                    out[name] = z.read(name).decode("utf-8-sig", "replace")
        return out
    with tarfile.open(archive) as t:
        for member in t.getmembers():
            rel = member.name.split("/", 1)[1] if "/" in member.name else member.name
            if member.isfile() and _wanted(rel):
                f = t.extractfile(member)
                if f is not None:
                    out[rel] = f.read().decode("utf-8-sig", "replace")
    return out


def read_git(mirror: Path, commit: str) -> tuple[dict[str, str], str, str]:
    """The files of ``commit`` in a git mirror, its full hash and its commit date (ISO)."""
    full = subprocess.run(["git", "-C", str(mirror), "rev-parse", commit + "^{commit}"], check=True,
                          capture_output=True, text=True).stdout.strip()
    date = subprocess.run(["git", "-C", str(mirror), "log", "-1", "--format=%cI", full], check=True,
                          capture_output=True, text=True).stdout.strip()
    names = subprocess.run(["git", "-C", str(mirror), "ls-tree", "-r", "--name-only", full], check=True,
                           capture_output=True, text=True).stdout.split("\n")
    wanted = [n for n in names if _wanted(n)]
    blob = subprocess.run(["git", "-C", str(mirror), "archive", "--format=tar", full, *wanted], check=True,
                          capture_output=True).stdout
    out: dict[str, str] = {}
    with tarfile.open(fileobj=io.BytesIO(blob)) as t:
        for member in t.getmembers():
            f = t.extractfile(member) if member.isfile() else None
            if f is not None:
                out[member.name] = f.read().decode("utf-8-sig", "replace")
    return out, full, date


def download(version: str, into: Path) -> Path:
    """``pip download`` the release's sdist.  Its setup.py runs even to name the sdist's metadata: it asks for
    SOC_VERSION and for setuptools_scm without build isolation (the isolated build would pull torch), so the
    download runs from a scratch virtualenv that has them (as ``../shared/tools/engine_parser_venv.sh`` does)."""
    into.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "SOC_VERSION": os.environ.get("SOC_VERSION", "ascend910_9391")}
    venv = into / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    pip = str(venv / "bin" / "pip")
    subprocess.run([pip, "install", "-q", "setuptools", "wheel", "setuptools_scm"], check=True, env=env)
    subprocess.run([pip, "download", "-q", "--no-deps", "--no-build-isolation", "--no-binary", "vllm-ascend",
                    "-d", str(into), f"vllm-ascend=={version}"], check=True, env=env)
    found = sorted(into.glob(f"vllm_ascend-{version}.tar.gz"))
    if not found:
        raise SystemExit(f"pip download left no sdist of vllm-ascend {version} in {into}")
    return found[0]


# ----------------------------------------------------------------------------------------------------------------
# --additional-config keys
# ----------------------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class P:
    """A value that is (part of) --additional-config: the dotted path inside it."""

    path: tuple[str, ...]


@dataclass(frozen=True)
class Lit:
    """A literal the analysis follows (a key name passed to a helper, a defaults dict)."""

    node: ast.AST


def _literal(node: ast.AST | None) -> tuple[bool, Any]:
    if node is None:
        return True, None
    try:
        return True, ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, RecursionError):
        return False, None


def _type_of(value: Any) -> str | None:
    for t, name in ((bool, "bool"), (int, "int"), (float, "float"), (str, "str"), (dict, "dict"), (list, "list")):
        if isinstance(value, t):
            return name
    return None


class KeyReader:
    """Follows --additional-config through one module: variables, ``.get``, ``in``, ``[...]``, the config classes
    it is handed to (positionally or as ``**kwargs``) and the helpers a key name is passed to."""

    def __init__(self, files: dict[str, str]):
        self.trees = {p: ast.parse(src) for p, src in files.items()}
        self.keys: dict[str, dict[str, Any]] = {}
        self.consts: dict[str, str] = {}
        for tree in self.trees.values():
            for node in tree.body:
                if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant) and isinstance(
                        node.value.value, str):
                    for t in node.targets:
                        if isinstance(t, ast.Name):
                            self.consts.setdefault(t.id, node.value.value)
        self.seen: set[Any] = set()

    # -- records --------------------------------------------------------------------------------------------------
    def record(self, path: tuple[str, ...], default: ast.AST | None, file: str, func: str, line: int,
               converts: str | None = None, annotation: str | None = None, has_default: bool = True) -> None:
        key = ".".join(path)
        ok, value = _literal(default)
        entry = self.keys.get(key)
        new = {"type": converts or annotation or (_type_of(value) if ok and default is not None else None),
               "converts": converts is not None, "default": value if ok else None,
               "default_expr": None if ok else ast.unparse(default) if default is not None else None,
               "file": file, "function": func, "line": line}
        if not has_default:
            new["default"], new["default_expr"] = None, None
        if entry is None:
            self.keys[key] = new
            return
        for field in ("type", "default", "default_expr"):  # a later read fills what an earlier one left open
            if entry.get(field) is None and new[field] is not None:
                entry[field] = new[field]
        entry["converts"] = entry["converts"] or new["converts"]

    # -- evaluation ---------------------------------------------------------------------------------------------------
    def run(self) -> dict[str, dict[str, Any]]:
        for file, tree in self.trees.items():
            classes = {n.name: n for n in tree.body if isinstance(n, ast.ClassDef)}
            funcs = {n.name: n for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
            ctx = (file, classes, funcs)
            for node in ast.walk(tree):
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and self._mentions_root(node):
                    owner = self._owner(tree, node)
                    self.function(ctx, node, owner, {})
        return dict(sorted(self.keys.items()))

    @staticmethod
    def _mentions_root(fn: ast.AST) -> bool:
        return any((isinstance(n, ast.Name) and n.id == "additional_config")
                   or (isinstance(n, ast.Attribute) and n.attr == "additional_config") for n in ast.walk(fn))

    @staticmethod
    def _owner(tree: ast.Module, fn: ast.AST) -> ast.ClassDef | None:
        for cls in tree.body:
            if isinstance(cls, ast.ClassDef) and fn in cls.body:
                return cls
        return None

    def function(self, ctx: Any, fn: ast.FunctionDef | ast.AsyncFunctionDef, owner: ast.ClassDef | None,
                 env: dict[str, Any]) -> None:
        memo = (id(fn), tuple(sorted((k, repr(v)) for k, v in env.items() if k != "__default__")))
        if memo in self.seen:
            return
        self.seen.add(memo)
        name = f"{owner.name}.{fn.name}" if owner else fn.name
        self.block(ctx, fn.body, owner, dict(env), name)

    def block(self, ctx: Any, body: list[ast.stmt], owner: ast.ClassDef | None, env: dict[str, Any],
              name: str) -> None:
        for stmt in body:
            self.statement(ctx, stmt, owner, env, name)

    def statement(self, ctx: Any, stmt: ast.stmt, owner: ast.ClassDef | None, env: dict[str, Any],
                  name: str) -> None:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            return
        if isinstance(stmt, ast.For) and isinstance(stmt.iter, ast.Call) and isinstance(
                stmt.iter.func, ast.Attribute) and stmt.iter.func.attr == "items":
            table = self.eval(ctx, stmt.iter.func.value, owner, env, name)
            if isinstance(table, Lit) and isinstance(table.node, ast.Dict) and isinstance(stmt.target, ast.Tuple):
                k_t, v_t = stmt.target.elts[:2]
                for k, v in zip(table.node.keys, table.node.values, strict=True):
                    inner = dict(env)
                    if isinstance(k_t, ast.Name) and k is not None:
                        inner[k_t.id] = Lit(k)
                    if isinstance(v_t, ast.Name):
                        inner[v_t.id] = Lit(v)
                    self.block(ctx, stmt.body, owner, inner, name)
                return
        for child in ast.iter_child_nodes(stmt):
            if isinstance(child, ast.expr):
                self.expression(ctx, child, owner, env, name)
        if isinstance(stmt, (ast.Assign, ast.AnnAssign)):
            value = stmt.value
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            bound = self.eval(ctx, value, owner, env, name) if value is not None else None
            if isinstance(stmt, ast.AnnAssign) and isinstance(value, ast.Call):
                self._annotate(ctx, value, ast.unparse(stmt.annotation), owner, env, name)
            for t in targets:
                # `cfg = {}` after `if cfg is None` keeps what cfg stands for: only a new binding replaces it
                if isinstance(t, ast.Name) and bound is not None and not (
                        isinstance(bound, Lit) and isinstance(env.get(t.id), P)):
                    env[t.id] = bound
        for field in ("body", "orelse", "finalbody", "handlers"):
            nested = getattr(stmt, field, None)
            if isinstance(nested, list):
                for sub in nested:
                    if isinstance(sub, ast.ExceptHandler):
                        self.block(ctx, sub.body, owner, env, name)
                    elif isinstance(sub, ast.stmt):
                        self.statement(ctx, sub, owner, env, name)

    def _annotate(self, ctx: Any, call: ast.Call, annotation: str, owner: Any, env: dict[str, Any], name: str) -> None:
        got = self._get_call(ctx, call, owner, env, name)
        if got is not None:
            key = ".".join(got)
            if key in self.keys and self.keys[key]["type"] in (None, _type_of(self.keys[key]["default"])):
                base = annotation.split("|")[0].strip()
                if base in CONVERTERS:
                    self.keys[key]["type"] = base

    def _get_call(self, ctx: Any, call: ast.Call, owner: Any, env: dict[str, Any], name: str
                  ) -> tuple[str, ...] | None:
        if isinstance(call.func, ast.Attribute) and call.func.attr == "get" and call.args:
            recv = self.eval(ctx, call.func.value, owner, env, name)
            key = self._key(call.args[0], env)
            if isinstance(recv, P) and key is not None:
                return (*recv.path, key)
        return None

    def _key(self, node: ast.AST, env: dict[str, Any]) -> str | None:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return node.value
        if isinstance(node, ast.Name):
            bound = env.get(node.id)
            if isinstance(bound, Lit) and isinstance(bound.node, ast.Constant) and isinstance(bound.node.value, str):
                return bound.node.value
            if node.id in self.consts and node.id.isupper():
                return self.consts[node.id]
        return None

    def _default(self, node: ast.AST | None, owner: Any, env: dict[str, Any], ctx: Any, name: str) -> ast.AST | None:
        if node is None:
            return None
        got = self.eval(ctx, node, owner, env, name)
        if isinstance(got, Lit):
            return got.node
        return node

    def expression(self, ctx: Any, expr: ast.expr, owner: Any, env: dict[str, Any], name: str) -> None:
        file = ctx[0]
        for node in ast.walk(expr):
            if isinstance(node, ast.Call):
                converts = None
                if isinstance(node.func, ast.Name) and node.func.id in CONVERTERS and node.args and isinstance(
                        node.args[0], ast.Call):
                    inner = self._get_call(ctx, node.args[0], owner, env, name)
                    if inner is not None:
                        converts = CONVERTERS[node.func.id]
                        d = node.args[0].args[1] if len(node.args[0].args) > 1 else None
                        self.record(inner, self._default(d, owner, env, ctx, name), file, name, node.lineno, converts)
                got = self._get_call(ctx, node, owner, env, name)
                if got is not None:
                    d = node.args[1] if len(node.args) > 1 else None
                    self.record(got, self._default(d, owner, env, ctx, name), file, name, node.lineno)
                self._follow(ctx, node, owner, env, name)
            elif isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], (ast.In, ast.NotIn)):
                recv = self.eval(ctx, node.comparators[0], owner, env, name)
                key = self._key(node.left, env)
                if isinstance(recv, P) and key is not None:
                    self.record((*recv.path, key), env.get("__default__"), file, name, node.lineno,
                                has_default="__default__" in env)
            elif isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load):
                recv = self.eval(ctx, node.value, owner, env, name)
                key = self._key(node.slice, env)
                if isinstance(recv, P) and key is not None:
                    self.record((*recv.path, key), env.get("__default__"), file, name, node.lineno,
                                has_default="__default__" in env)

    def _follow(self, ctx: Any, call: ast.Call, owner: Any, env: dict[str, Any], name: str) -> None:
        """Into a class of the module, or a helper, that the call hands a part of --additional-config."""
        _file, classes, funcs = ctx
        target: ast.FunctionDef | None = None
        target_owner: ast.ClassDef | None = None
        f = call.func
        if isinstance(f, ast.Name) and f.id in classes:
            target_owner = classes[f.id]
            target = next((n for n in target_owner.body if isinstance(n, ast.FunctionDef) and n.name == "__init__"),
                          None)
        elif isinstance(f, ast.Name) and f.id in funcs:
            target = funcs[f.id]  # type: ignore[assignment]
        elif isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name):
            cls = owner if f.value.id in ("self", "cls") else classes.get(f.value.id)
            if cls is not None:
                target_owner = cls
                target = next((n for n in cls.body if isinstance(n, ast.FunctionDef) and n.name == f.attr), None)
        if target is None:
            return
        args = [self.eval(ctx, a, owner, env, name) for a in call.args]
        kw_star = [self.eval(ctx, k.value, owner, env, name) for k in call.keywords if k.arg is None]
        if not any(isinstance(a, P) for a in args + kw_star) and not any(
                isinstance(self.eval(ctx, k.value, owner, env, name), P) for k in call.keywords if k.arg):
            return
        params = [a.arg for a in target.args.posonlyargs + target.args.args]
        decorated = {d.id for d in target.decorator_list if isinstance(d, ast.Name)}
        if params and params[0] in ("self", "cls") and "staticmethod" not in decorated:
            params = params[1:]
        inner: dict[str, Any] = {}
        for p, a in zip(params, call.args, strict=False):
            bound = self.eval(ctx, a, owner, env, name)
            if bound is None and isinstance(a, ast.Constant):
                bound = Lit(a)
            if bound is not None:
                inner[p] = bound
            if "default" in p or p == "env_value":
                inner["__default__"] = a
        for k in call.keywords:
            if k.arg:
                bound = self.eval(ctx, k.value, owner, env, name)
                if bound is not None:
                    inner[k.arg] = bound
        for star in kw_star:  # Cls(**cfg): each named parameter is a key of cfg
            if isinstance(star, P):
                all_args = target.args.args[1:] if target.args.args and target.args.args[0].arg == "self" \
                    else target.args.args
                defaults: list[ast.expr | None] = [None] * (len(all_args) - len(target.args.defaults))
                defaults += list(target.args.defaults)
                for param, d in zip(all_args, defaults, strict=True):
                    self.record((*star.path, param.arg), d, _file, f"{target_owner.name if target_owner else ''}"
                                f".{target.name}".lstrip("."), param.lineno,
                                annotation=ast.unparse(param.annotation).split("|")[0].strip()
                                if param.annotation is not None else None)
                if target.args.kwarg is not None:
                    inner[target.args.kwarg.arg] = star
        self.function(ctx, target, target_owner, inner)
        if target_owner is not None and target.name == "__init__":
            self._class_defaults(ctx, target_owner, inner, target)

    def _class_defaults(self, ctx: Any, cls: ast.ClassDef, env: dict[str, Any], init: ast.FunctionDef) -> None:
        """A config class bound to a path whose class-level defaults dict lists its keys (``_defaults``)."""
        bound = [v for v in env.values() if isinstance(v, P)]
        if not bound:
            return
        for node in cls.body:
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Dict) and any(
                    isinstance(t, ast.Name) and "default" in t.id.lower() for t in node.targets):
                name = f"{cls.name}.__init__"
                for k, v in zip(node.value.keys, node.value.values, strict=True):
                    if isinstance(k, ast.Constant) and isinstance(k.value, str):
                        self.record((*bound[0].path, k.value), v, ctx[0], name, k.lineno)

    def eval(self, ctx: Any, node: ast.AST, owner: Any, env: dict[str, Any], name: str) -> Any:
        if isinstance(node, ast.Name):
            if node.id in env:
                return env[node.id]
            return P(()) if node.id == "additional_config" else None
        if isinstance(node, ast.Attribute):
            if node.attr == "additional_config":
                return P(())
            if isinstance(node.value, ast.Name) and node.value.id in ("self", "cls") and owner is not None:
                for item in owner.body:
                    if isinstance(item, (ast.Assign, ast.AnnAssign)) and item.value is not None:
                        targets = item.targets if isinstance(item, ast.Assign) else [item.target]
                        if any(isinstance(t, ast.Name) and t.id == node.attr for t in targets):
                            return Lit(item.value)
            return None
        if isinstance(node, ast.Call):
            got = self._get_call(ctx, node, owner, env, name)
            if got is not None:
                return P(got)
            f = node.func
            if isinstance(f, ast.Attribute) and f.attr == "copy":
                return self.eval(ctx, f.value, owner, env, name)
            if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id in ("self", "cls"):
                # a lookup helper handed a part of the config and a key name returns that key's value
                bound = [self.eval(ctx, a, owner, env, name) for a in node.args]
                paths = [b for b in bound if isinstance(b, P)]
                keys = [k for a in node.args if isinstance(a, (ast.Constant, ast.Name))
                        if (k := self._key(a, env)) is not None]
                if paths and keys:
                    return P((*paths[0].path, keys[0]))
            return None
        if isinstance(node, ast.Subscript):
            recv = self.eval(ctx, node.value, owner, env, name)
            key = self._key(node.slice, env)
            if isinstance(recv, P) and key is not None:
                return P((*recv.path, key))
            if isinstance(recv, Lit) and isinstance(recv.node, ast.Dict) and key is not None:
                for k_node, v in zip(recv.node.keys, recv.node.values, strict=True):
                    if isinstance(k_node, ast.Constant) and k_node.value == key:
                        return Lit(v)
            return None
        if isinstance(node, ast.IfExp):
            return self.eval(ctx, node.body, owner, env, name) or self.eval(ctx, node.orelse, owner, env, name)
        if isinstance(node, ast.BoolOp):
            for v in node.values:
                got = self.eval(ctx, v, owner, env, name)
                if got is not None:
                    return got
            return None
        if isinstance(node, ast.Constant):
            return Lit(node)
        return None


def additional_config_keys(files: dict[str, str]) -> dict[str, dict[str, Any]]:
    """Every key the release reads from --additional-config (the config module and every reader elsewhere)."""
    sources = {p: s for p, s in files.items() if p.startswith("vllm_ascend/") and p.endswith(".py")
               and "additional_config" in s and "/tests/" not in p}
    keys = KeyReader(sources).run()
    # a parent of a nested key is itself a key: a dict, default {} where no read says otherwise
    for key in list(keys):
        parts = key.split(".")
        for i in range(1, len(parts)):
            parent = ".".join(parts[:i])
            if parent not in keys:
                child = keys[key]
                keys[parent] = {"type": "dict", "converts": False, "default": None, "default_expr": None,
                                "file": child["file"], "function": child["function"], "line": child["line"]}
            elif keys[parent]["type"] is None:
                keys[parent]["type"] = "dict"
    return dict(sorted(keys.items()))


# ----------------------------------------------------------------------------------------------------------------
# quantization, pins, features
# ----------------------------------------------------------------------------------------------------------------
def quantization_methods(files: dict[str, str]) -> dict[str, dict[str, Any]]:
    """``register_quantization_config(NAME)`` sites, per device type: modules under ``_310p/`` serve 310P."""
    consts: dict[str, str] = {}
    trees = {p: ast.parse(s) for p, s in files.items() if p.startswith("vllm_ascend/") and p.endswith(".py")}
    for tree in trees.values():
        for top in tree.body:
            if isinstance(top, ast.Assign) and isinstance(top.value, ast.Constant) and isinstance(
                    top.value.value, str):
                for t in top.targets:
                    if isinstance(t, ast.Name):
                        consts.setdefault(t.id, top.value.value)
    out: dict[str, dict[str, Any]] = {}
    for path, tree in sorted(trees.items()):
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and node.args and (
                    (isinstance(node.func, ast.Name) and node.func.id == "register_quantization_config")
                    or (isinstance(node.func, ast.Attribute) and node.func.attr == "register_quantization_config"))):
                continue
            arg = node.args[0]
            method = arg.value if isinstance(arg, ast.Constant) else consts.get(getattr(arg, "id", ""))
            if not isinstance(method, str):
                continue
            device = "310p" if "/_310p/" in path else "npu"
            entry = out.setdefault(method, {"devices": [], "sites": []})
            if device not in entry["devices"]:
                entry["devices"].append(device)
            entry["sites"].append(f"{path}:{node.lineno}")
    for entry in out.values():
        entry["devices"].sort()
    return dict(sorted(out.items()))


def kv_connectors(files: dict[str, str]) -> dict[str, dict[str, Any]]:
    """``KVConnectorFactory.register_connector("Name", module, class)`` sites: the ``--kv-transfer-config``
    ``kv_connector`` names the plugin adds to (or replaces in) vLLM's registry when it loads."""
    out: dict[str, dict[str, Any]] = {}
    for path, text in sorted(files.items()):
        if not (path.startswith("vllm_ascend/") and path.endswith(".py")) or "register_connector" not in text:
            continue
        for node in ast.walk(ast.parse(text)):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "register_connector" and node.args
                    and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
                module = node.args[1].value if len(node.args) > 1 and isinstance(node.args[1], ast.Constant) else None
                out.setdefault(node.args[0].value, {"site": f"{path}:{node.lineno}", "module": module})
    return dict(sorted(out.items()))


def _version(text: str) -> str:
    return text.strip().lstrip("vV")


def compatibility(files: dict[str, str]) -> list[dict[str, Any]]:
    """The release rows of the versioning policy's compatibility table."""
    text = files.get(VERSIONING_MD, "")
    rows = []
    for i, line in enumerate(text.splitlines(), 1):
        m = re.match(r"^\|\s*(v\d[\w.]*)\s*\|\s*([^|]+?)\s*\|", line)
        if m:
            rows.append({"vllm_ascend": _version(m.group(1)), "vllm": m.group(2).strip(), "line": i})
    return rows


def pinned_vllm(release: str, files: dict[str, str], table: list[dict[str, Any]]) -> dict[str, Any]:
    if release == "main" and MAIN_TAG_FILE in files:
        return {"release": _version(files[MAIN_TAG_FILE].strip()),
                "commit": files.get(MAIN_COMMIT_FILE, "").strip() or None, "source": f"{MAIN_TAG_FILE}:1"}
    for row in table:
        if row["vllm_ascend"] == release:
            return {"release": _version(row["vllm"].split("/")[0].split(",")[0]), "commit": None,
                    "source": f"{VERSIONING_MD}:{row['line']}"}
    req = files.get("requirements.txt", "")
    m = re.search(r"^vllm\s*==\s*([\w.]+)", req, re.M)
    if m:
        return {"release": m.group(1), "commit": None, "source": "requirements.txt"}
    raise SystemExit(f"vllm-ascend {release}: no row in {VERSIONING_MD} and no vllm pin in requirements.txt")


def features(files: dict[str, str]) -> list[dict[str, Any]] | None:
    text = files.get(FEATURES_MD)
    if text is None:
        return None
    out = []
    for i, line in enumerate(text.splitlines(), 1):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 2 or not line.startswith("|"):
            continue
        status = re.sub(r"[^a-z /]", "", cells[1].lower()).strip()
        word = next((v for k, v in FEATURE_WORDS.items() if status.startswith(k)), None)
        if word is not None:
            out.append({"title": cells[0], "status": word, "line": i})
    return out


# ----------------------------------------------------------------------------------------------------------------
# check sites
# ----------------------------------------------------------------------------------------------------------------
def normalise(text: str) -> str:
    """A check's source text as ``ast.unparse`` writes it: line breaks, spacing and parentheses do not count."""
    try:
        return ast.unparse(ast.parse(text.strip(), mode="eval").body)
    except SyntaxError:  # a statement (an assignment), not an expression
        return ast.unparse(ast.parse(text.strip()).body[0])


def _functions(tree: ast.Module) -> Iterator[tuple[str, ast.AST]]:
    def walk(node: ast.AST, prefix: str) -> Iterator[tuple[str, ast.AST]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef):
                yield from walk(child, f"{prefix}{child.name}.")
            elif isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                yield f"{prefix}{child.name}", child
                yield from walk(child, f"{prefix}{child.name}.")
    yield from walk(tree, "")


def _effects(body: list[ast.stmt]) -> dict[str, bool]:
    raises = warns = assigns = False
    for stmt in body:
        for node in ast.walk(stmt):
            raises = raises or isinstance(node, (ast.Raise, ast.Assert))
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr.startswith(
                    "warning"):
                warns = True
            if isinstance(node, (ast.Assign, ast.AugAssign)) and any(
                    isinstance(t, (ast.Attribute, ast.Subscript)) for t in (
                        node.targets if isinstance(node, ast.Assign) else [node.target])):
                assigns = True
    return {"raises": raises, "warns": warns, "assigns": assigns}


def check_sites(files: dict[str, str]) -> list[dict[str, Any]]:
    """Every ``if`` test and ``assert`` of the check files, with the function it sits in (innermost)."""
    out: list[dict[str, Any]] = []
    for path in CHECK_FILES:
        if path not in files:
            continue
        tree = ast.parse(files[path])
        owner: dict[int, str] = {}
        for name, fn in _functions(tree):
            for node in ast.walk(fn):
                owner[id(node)] = name  # inner functions come later and win
        for node in ast.walk(tree):
            if isinstance(node, ast.If):
                kind, text, body = "if", ast.unparse(node.test), node.body
            elif isinstance(node, ast.Assert):
                kind, text, body = "assert", ast.unparse(node.test), [node]
            elif isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)) and node.value is not None:
                # an unconditional reset or a value computed from the arguments: cited as the whole statement
                kind, text, body = "stmt", ast.unparse(node), [node]
            else:
                continue
            out.append({"file": path, "function": owner.get(id(node), "<module>"), "kind": kind,
                        "text": text, "line": node.lineno, **_effects(body)})
    out.sort(key=lambda s: (s["file"], s["line"]))
    return out


# ----------------------------------------------------------------------------------------------------------------
# one release
# ----------------------------------------------------------------------------------------------------------------
def read_release(release: str, files: dict[str, str], source: dict[str, Any]) -> dict[str, Any]:
    table = compatibility(files)
    return {
        "engine": "vllm-ascend", "release": release, "schema": SCHEMA_VERSION, "source": source,
        "vllm": pinned_vllm(release, files, table),
        "compatibility": table,
        "features": features(files),
        "quantization": quantization_methods(files),
        "kv_connectors": kv_connectors(files),
        "additional_config": additional_config_keys(files),
        "checks": check_sites(files),
    }


def fixture_path(release: str) -> Path:
    return FIXTURES / f"{PREFIX}{release}.json"


def dump_fixture(data: dict[str, Any]) -> str:
    """The fixture as JSON, one check site and one key per line (a new release's diff reads line by line)."""
    body = {k: v for k, v in data.items() if k not in ("checks", "additional_config")}
    text = json.dumps(body, indent=1, ensure_ascii=False)[:-2]
    keys = ",\n".join(f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}"
                      for k, v in data["additional_config"].items())
    checks = ",\n".join(f"  {json.dumps(c, ensure_ascii=False)}" for c in data["checks"])
    return f'{text},\n "additional_config": {{\n{keys}\n }},\n "checks": [\n{checks}\n ]\n}}\n'


def write_fixture(data: dict[str, Any]) -> Path:
    path = fixture_path(data["release"])
    path.write_text(dump_fixture(data), encoding="utf-8")
    return path


def read_sdist_release(version: str, archive: Path) -> dict[str, Any]:
    files = read_sdist(archive)
    digest = hashlib.sha256(archive.read_bytes()).hexdigest()
    return read_release(version, files, {"kind": "sdist" if archive.suffix != ".whl" else "wheel",
                                         "file": archive.name, "sha256": digest})


def read_git_release(release: str, mirror: Path, commit: str) -> dict[str, Any]:
    files, full, date = read_git(mirror, commit)
    return read_release(release, files, {"kind": "git", "repo": "vllm-project/vllm-ascend", "commit": full,
                                         "date": date})


# ----------------------------------------------------------------------------------------------------------------
# the derived table and the citations
# ----------------------------------------------------------------------------------------------------------------
def held_fixtures() -> dict[str, dict[str, Any]]:
    out = {}
    for path in sorted(FIXTURES.glob(f"{PREFIX}*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        out[data["release"]] = data
    return out


def release_key(release: str) -> tuple[Any, ...]:
    """Releases in order (``0.23.0rc1`` < ``0.23.0`` < ``0.23.0.post1``); ``main``, a commit after every release
    held, last."""
    if release == "main":
        return ((10**6,), 1, 0)
    m = re.fullmatch(r"v?(\d+(?:\.\d+)*)(?:rc(\d+))?(?:\.post(\d+))?", release)
    if m is None:
        raise ValueError(f"not a vLLM-Ascend release: {release!r}")
    nums = tuple(int(x) for x in m.group(1).split("."))
    nums += (0,) * (3 - len(nums))
    return (nums, 0 if m.group(2) else 1, int(m.group(2) or m.group(3) or 0))


def resolve(cite: tuple[str, str, str, int], fixture: dict[str, Any]) -> int | None:
    """The line of the check ``(file, function, text, nth)`` in a release (the nth such test of the function),
    None where its code has no such check."""
    file, function, text, nth = cite
    want = normalise(text)
    found = [s for s in fixture["checks"] if s["file"] == file and s["function"] == function and s["text"] == want]
    return int(found[nth]["line"]) if len(found) > nth else None


Cite = tuple[str, str, str, int]


def citations() -> dict[str, tuple[Cite, ...]]:
    """Every citation of the facts module, per row (``reset:<id>``, ``default:<id>``, ``check:<id>``): the row's
    own, then the places older releases have the same check (``MOVED``)."""
    sys.path.insert(0, str(ROOT))
    from argmatrix.matrix.engines import vllm_ascend_facts as facts

    out: dict[str, tuple[Cite, ...]] = {}
    for kind, rows in (("reset", facts.RESETS), ("default", facts.NPU_DEFAULTS), ("check", facts.STARTUP_CHECKS)):
        for row in rows:
            out[f"{kind}:{row.id}"] = tuple((c.file, c.function, c.text, c.nth) for c in row.cites)
    return out


def resolve_any(cites: tuple[Cite, ...], fixture: dict[str, Any]) -> int | None:
    """The line of the first of ``cites`` that the release's code has."""
    return next((line for c in cites if (line := resolve(c, fixture)) is not None), None)


def build_table(fixtures: dict[str, dict[str, Any]], with_citations: bool = True) -> dict[str, Any]:
    releases = sorted(fixtures, key=release_key)
    cites = citations() if with_citations else {}
    resolved = {cid: {r: resolve_any(c, fixtures[r]) for r in releases} for cid, c in sorted(cites.items())}
    return {
        "releases": releases,
        "sources": {r: fixtures[r]["source"] for r in releases},
        "pins": {r: fixtures[r]["vllm"]["release"] for r in releases},
        "pin_sources": {r: fixtures[r]["vllm"]["source"] for r in releases},
        "compatibility": {r: [(c["vllm_ascend"], c["vllm"], c["line"]) for c in fixtures[r]["compatibility"]]
                          for r in releases},
        "keys": {r: {k: (v["type"], v["default"], f"{v['file']}:{v['line']}", v["converts"])
                     for k, v in fixtures[r]["additional_config"].items()} for r in releases},
        "quantization": {r: {m: tuple(v["devices"]) for m, v in fixtures[r]["quantization"].items()}
                         for r in releases},
        "quantization_sources": {r: {m: tuple(v["sites"]) for m, v in fixtures[r]["quantization"].items()}
                                 for r in releases},
        "kv_connectors": {r: {n: v["site"] for n, v in fixtures[r].get("kv_connectors", {}).items()}
                          for r in releases},
        "features": {r: None if fixtures[r]["features"] is None else
                     [(f["title"], f["status"], f["line"]) for f in fixtures[r]["features"]] for r in releases},
        "citations": {cid: {r: line for r, line in lines.items() if line is not None}
                      for cid, lines in resolved.items()},
    }


HEADER = '''"""vLLM-Ascend's release facts, per release held: generated by tools/vllm_ascend_release.py from
tests/fixtures/vllm-ascend-*.json.  Do not edit: tests/tools/test_vllm_ascend_release.py regenerates it and requires
it unchanged.

``CITATIONS`` maps each reset and start-up check of ``vllm_ascend_facts.py`` (``reset:<id>``, ``default:<id>``,
``check:<id>``) to the releases whose code has the check it cites, and the line there.
"""
from __future__ import annotations

from typing import Any
'''


def render_table(table: dict[str, Any]) -> str:
    names = {"releases": "RELEASES", "sources": "SOURCES", "pins": "VLLM_PINS", "pin_sources": "VLLM_PIN_SOURCES",
             "compatibility": "COMPATIBILITY", "keys": "ADDITIONAL_KEYS", "quantization": "QUANTIZATION",
             "quantization_sources": "QUANTIZATION_SOURCES", "kv_connectors": "KV_CONNECTORS", "features": "FEATURES", "citations": "CITATIONS"}
    types = {"releases": "tuple[str, ...]"}
    out = [HEADER]
    for field, name in names.items():
        value = table[field]
        if field == "releases":
            value = tuple(value)
        out.append(f"\n{name}: {types.get(field, 'dict[str, Any]')} = {_py(value, 0)}\n")
    return "".join(out)


def _py(value: Any, depth: int) -> str:
    pad = " " * (4 * (depth + 1))
    end = " " * (4 * depth)
    if isinstance(value, dict):
        if not value:
            return "{}"
        items = [f"{pad}{_py(k, depth + 1)}: {_py(v, depth + 1)}," for k, v in value.items()]
        return "{\n" + "\n".join(items) + f"\n{end}}}"
    if isinstance(value, (list, tuple)):
        inner = [_py(v, depth + 1) for v in value]
        flat = ", ".join(inner)
        opener, closer = ("(", ")") if isinstance(value, tuple) else ("[", "]")
        if isinstance(value, tuple) and len(value) == 1:
            flat += ","
        if len(flat) + len(pad) < 100 and "\n" not in flat:
            return f"{opener}{flat}{closer}"
        return opener + "\n" + "\n".join(f"{pad}{v}," for v in inner) + f"\n{end}{closer}"
    return repr(value)


def regenerate() -> str:
    """Rewrite the derived table.  The facts module reads the table at import, and the citations come from the
    facts module: the release facts are written first, then the citations resolved against them."""
    fixtures = held_fixtures()
    TABLE.write_text(render_table(build_table(fixtures, with_citations=False)), encoding="utf-8")
    for name in [m for m in sys.modules if m.startswith("argmatrix.matrix.engines")]:
        del sys.modules[name]
    text = render_table(build_table(fixtures))
    TABLE.write_text(text, encoding="utf-8")
    return text


# ----------------------------------------------------------------------------------------------------------------
# a new release, for a person
# ----------------------------------------------------------------------------------------------------------------
def review(release: str, fixtures: dict[str, dict[str, Any]]) -> list[str]:
    """What a person must act on after reading ``release``: keys without help text, citations that no longer
    resolve, checks no rule covers."""
    sys.path.insert(0, str(ROOT))
    from argmatrix.matrix.engines import vllm_ascend_facts as facts

    lines: list[str] = []
    fixture = fixtures[release]
    helped = {k.key for k in facts.ADDITIONAL_KEYS}
    missing = sorted(k for k in fixture["additional_config"] if k not in helped)
    for key in missing:
        v = fixture["additional_config"][key]
        lines.append(f"new --additional-config key without help text (en/zh): {key} "
                     f"({v['type']}, default {v['default']!r}; {v['file']}:{v['line']})")
    older = [r for r in sorted(fixtures, key=release_key) if release_key(r) < release_key(release)]
    previous = fixtures[older[-1]] if older else None
    covered: set[tuple[str, str, str]] = set()
    for cid, cites in citations().items():
        here = next((c for c in cites if resolve(c, fixture) is not None), None)
        if here is not None:
            covered.add((here[0], here[1], normalise(here[2])))
            continue
        if previous is not None and resolve_any(cites, previous) is not None:
            cite = next(c for c in cites if resolve(c, previous) is not None)
            near = [s for s in fixture["checks"] if s["file"] == cite[0] and s["function"] == cite[1]]
            lines.append(f"citation {cid} ({cite[0]} {cite[1]}: {normalise(cite[2])}) no longer resolves in "
                         f"{release}: its text changed or the check went ({len(near)} checks left in that function)")
    if previous is not None:
        old = {(s["file"], s["function"], s["text"]) for s in previous["checks"]}
        for s in fixture["checks"]:
            key = (s["file"], s["function"], s["text"])
            if (s["raises"] or s["warns"]) and key not in old and key not in covered:
                lines.append(f"new check no rule covers: {s['file']}:{s['line']} {s['function']}: {s['text']}")
    return lines


def _shown(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def add_release(version: str, fixture: Path | None = None) -> list[str]:
    """Read vLLM-Ascend ``version`` (downloading its sdist unless ``fixture`` is a ready fixture), write its
    fixture, regenerate the derived table and return the lines a person must act on."""
    if fixture is not None:
        data = json.loads(Path(fixture).read_text(encoding="utf-8"))
        if data.get("release") != version:
            raise SystemExit(f"{fixture} holds release {data.get('release')!r}, not {version!r}")
    else:
        with tempfile.TemporaryDirectory() as tmp:
            data = read_sdist_release(version, download(version, Path(tmp)))
    written = write_fixture(data)
    regenerate()
    fixtures = held_fixtures()
    lines = [f"wrote {_shown(written)}: {len(data['additional_config'])} --additional-config keys, "
             f"{len(data['quantization'])} quantization methods, {len(data['checks'])} check sites, "
             f"pins vLLM {data['vllm']['release']}",
             f"regenerated {_shown(TABLE)}"]
    return lines + review(version, fixtures)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("release", nargs="?", help="a release (0.23.0.post1) or main")
    ap.add_argument("--sdist", type=Path, help="a downloaded sdist or wheel to read instead of downloading")
    ap.add_argument("--git", type=Path, default=DEFAULT_MIRROR, help="git mirror of vllm-project/vllm-ascend")
    ap.add_argument("--commit", help="read this commit of --git (for main)")
    ap.add_argument("--regenerate", action="store_true", help="only rewrite the derived table")
    args = ap.parse_args(argv)
    if args.regenerate:
        regenerate()
        print(f"wrote {_shown(TABLE)}")
        return 0
    if not args.release:
        ap.error("give a release, or --regenerate")
    if args.commit:
        data = read_git_release(args.release, args.git, args.commit)
    elif args.sdist:
        data = read_sdist_release(args.release, args.sdist)
    else:
        for line in add_release(args.release):
            print(line)
        return 0
    print(f"wrote {_shown(write_fixture(data))}")
    regenerate()
    for line in review(args.release, held_fixtures()):
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
