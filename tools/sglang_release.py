"""Read the server flags of one SGLang release out of its wheel into a JSON fixture.

Nothing is installed and torch is never imported.  The wheel's Python files are
unpacked to a scratch folder, then a child process imports
``sglang.srt.server_args`` from there with two import hooks:

* every third-party module except ``msgspec`` (SGLang's argument records are
  msgspec structs) is replaced by a permissive stub, so torch, triton,
  transformers... are never loaded, even where they are installed;
* every ``sglang`` package ``__init__`` is run best-effort (an ``__init__`` that
  touches a device just leaves a partly filled package behind).

The child then calls SGLang's own ``ServerArgs.add_cli_args`` on a fresh
``argparse.ArgumentParser`` and reads the parser's actions.  That works for both
layouts: 0.5.23's dataclasses under ``sglang/srt/arg_groups/`` registered through
``add_cli_args_from_dataclass``, and the older single ``server_args.py`` whose
``add_cli_args`` calls ``parser.add_argument`` by hand.  So option strings,
nargs, types, choices, defaults and the deprecation actions are exactly what
SGLang's launcher builds.  Help text is not recorded (argmatrix writes its own).

    python tools/sglang_release.py 0.5.23 tests/fixtures            # pip download, then extract
    python tools/sglang_release.py path/to/sglang-0.5.23-...whl tests/fixtures

Writes ``<out>/sglang-<version>.json``.
"""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

# Third-party modules the argument definitions need for real (everything else is stubbed).
REAL_THIRD_PARTY = ("msgspec",)

# argparse action classes -> the action kind recorded in the fixture
ACTION_KINDS = {
    "_StoreAction": "store",
    "_StoreTrueAction": "store_true",
    "_StoreFalseAction": "store_false",
    "_StoreConstAction": "store_const",
    "_AppendAction": "append",
    "_AppendConstAction": "append_const",
    "_CountAction": "count",
    "BooleanOptionalAction": "boolean_optional",
}
# Modules that must import cleanly: SGLang's argument definitions.  Every other sglang module is
# imported best-effort (see SglangModules).
STRICT_MODULES = ("sglang.srt.server_args",)
STRICT_PACKAGES = ("sglang.srt.arg_groups.",)
FLAG_RE = re.compile(r"--[a-z0-9][a-z0-9-]*[a-z0-9]")
# Fields whose parser takes any string (no argparse choices) but whose value SGLang looks up in a closed set of
# names at start-up: field -> (file, the Enum class whose members are the names, names SGLang maps before the
# look-up). Recorded as "checked_choices" only where the parser has no choices of its own.
LOOKED_UP: dict[str, tuple[str, str, tuple[str, ...]]] = {
    # SpeculativeAlgorithm.from_string(name.upper()); NEXTN becomes EAGLE (or FROZEN_KV_MTP) before it
    "speculative_algorithm": ("sglang/srt/speculative/spec_info.py", "SpeculativeAlgorithm", ("NEXTN",)),
}


def download(version: str, dest: Path) -> Path:
    """``pip download --no-deps sglang==VERSION`` into ``dest``; returns the wheel."""
    dest.mkdir(parents=True, exist_ok=True)
    subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "-q", f"sglang=={version}",
                    "-d", str(dest)], check=True)
    wheels = sorted(dest.glob(f"sglang-{version}-*.whl"))
    if not wheels:
        raise SystemExit(f"pip download left no sglang-{version} wheel in {dest}")
    return wheels[0]


def unpack(wheel: Path, dest: Path) -> str:
    """Extract the wheel's ``sglang/**/*.py`` into ``dest``; returns the release version."""
    with zipfile.ZipFile(wheel) as zf:
        for name in zf.namelist():
            if name.startswith("sglang/") and name.endswith(".py"):
                zf.extract(name, dest)
        meta = next(n for n in zf.namelist() if n.endswith(".dist-info/METADATA"))
        version = re.search(r"^Version: (\S+)$", zf.read(meta).decode(), re.M).group(1)
    return version


# ---------------------------------------------------------------------------------------------
# The child process: import SGLang's argument code from the unpacked tree and dump the parser.
# ---------------------------------------------------------------------------------------------

def _install_import_hooks(root: str) -> list:
    import importlib.abc
    import importlib.machinery
    import types

    class Dummy:
        """Stands in for anything a stubbed module exports: callable, subclassable, falsy."""

        def __init__(self, *a, **k):
            pass

        def __call__(self, *a, **k):
            return Dummy()

        def __getattr__(self, name):
            if name.startswith("__") and name.endswith("__"):
                raise AttributeError(name)
            return Dummy()

        def __getitem__(self, key):
            return Dummy()

        def __iter__(self):
            return iter(())

        def __bool__(self):
            return False

        def __or__(self, other):
            return Dummy()

        __ror__ = __or__

        def __mro_entries__(self, bases):
            return (Dummy,)

        def __repr__(self):
            return "<stub>"

    class StubModule(types.ModuleType):
        __version__ = "0.0.0"

        def __getattr__(self, name):
            if name.startswith("__") and name.endswith("__"):
                raise AttributeError(name)
            return Dummy()

    failed: list = []

    class ThirdPartyStubs(importlib.abc.MetaPathFinder, importlib.abc.Loader):
        def find_spec(self, name, path, target=None):
            top = name.split(".")[0]
            if top in sys.stdlib_module_names or top == "sglang" or top in REAL_THIRD_PARTY:
                return None
            return importlib.machinery.ModuleSpec(name, self, is_package=True)

        def create_module(self, spec):
            module = StubModule(spec.name)
            module.__path__ = []
            return module

        def exec_module(self, module):
            pass

    class SglangModules(importlib.abc.MetaPathFinder, importlib.abc.Loader):
        """Loads sglang modules from the unpacked tree.  Only the argument code must load cleanly;
        any other module (a device probe, a kernel table) is run best-effort and keeps what ran."""

        def find_spec(self, name, path, target=None):
            if name.split(".")[0] != "sglang":
                return None
            base = os.path.join(root, *name.split("."))
            if os.path.isdir(base):
                spec = importlib.machinery.ModuleSpec(name, self, is_package=True)
                spec.submodule_search_locations = [base]
                spec.origin = os.path.join(base, "__init__.py")
                return spec
            if os.path.exists(base + ".py"):
                spec = importlib.machinery.ModuleSpec(name, self, origin=base + ".py")
                return spec
            return None

        def create_module(self, spec):
            module = StubModule(spec.name)
            if spec.submodule_search_locations is not None:
                module.__path__ = list(spec.submodule_search_locations)
            return module

        def exec_module(self, module):
            source = module.__spec__.origin
            if not os.path.exists(source):
                return
            module.__file__ = source
            with open(source, encoding="utf-8") as f:
                code = compile(f.read(), source, "exec")
            if module.__name__ in STRICT_MODULES or module.__name__.startswith(STRICT_PACKAGES):
                exec(code, module.__dict__)
                return
            try:
                exec(code, module.__dict__)
            except Exception as exc:  # noqa: BLE001  (anything a half-stubbed import can raise)
                failed.append(f"{module.__name__}: {type(exc).__name__}")

    sys.path.insert(0, root)
    sys.meta_path.insert(0, ThirdPartyStubs())
    sys.meta_path.insert(0, SglangModules())
    return failed


def _jsonable(value):
    if isinstance(value, (set, frozenset)):
        return sorted((_jsonable(v) for v in value), key=repr)
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if hasattr(value, "value") and type(value).__module__ != "builtins" and isinstance(
            value.value, (str, int, float)):
        return value.value  # an Enum member
    try:
        json.dumps(value)
        return value
    except (TypeError, ValueError):
        return repr(value)


def _type_name(action, kind: str) -> tuple[str, str | None]:
    """(type, parser function name or None) for one action."""
    if kind in ("store_true", "store_false", "boolean_optional") or (
            kind.startswith("Deprecated") and action.nargs == 0):
        return "bool", None
    fn = action.type
    name = getattr(fn, "__name__", None) if fn is not None else None
    custom = name if name not in (None, "str", "int", "float") else None
    if action.nargs in ("+", "*") or (isinstance(action.nargs, int) and action.nargs > 1) or kind == "append":
        return "list", custom
    if fn is None or fn is str:
        return "str", None
    if fn in (int, float):
        return fn.__name__, None
    if fn is json.loads:
        return "json", name
    if name and "json" in name.lower():
        return ("list" if "list" in name.lower() else "json"), name
    returns = getattr(fn, "__annotations__", {}).get("return")  # human_readable_int(value: str) -> int
    returns = getattr(returns, "__name__", returns)
    if returns in ("int", "float", "bool"):
        return returns, name
    if name and "list" in name.lower():
        return "list", name
    return "str", name


def _flags_in(text: str) -> list[str]:
    """Flags named in a deprecation pointer, brace groups expanded: --x-{a,b} -> --x-a, --x-b."""
    out: list[str] = []
    for token in re.findall(r"--[A-Za-z0-9_{},-]+", text or ""):
        m = re.match(r"(.*)\{([^}]*)\}(.*)", token)
        variants = [m.group(1) + alt + m.group(3) for alt in m.group(2).split(",")] if m else [token]
        for v in variants:
            f = FLAG_RE.match(v.rstrip("-"))
            if f and f.group(0) not in out:
                out.append(f.group(0))
    return out


def _deprecation(action, kind: str) -> dict | None:
    """What a retired flag does now: successors, and whether the launch still accepts it.

    A flag counts as retired when SGLang registers it with one of its ``Deprecated*`` actions,
    or when its help text opens with "Deprecated" (a plain store_true kept for old commands).
    Only the flag names are taken from that text.
    """
    help_text = action.help or ""
    is_deprecated_action = type(action).__name__.startswith("Deprecated")
    if not is_deprecated_action and not re.match(r"\s*\(?\s*deprecated\b", help_text, re.I):
        return None
    new_flag = getattr(action, "new_flag", None)
    error_message = getattr(action, "error_message", None)
    pointer = new_flag or error_message or help_text
    successors = [f for f in _flags_in(pointer) if f not in action.option_strings]
    stops = type(action).__name__ == "DeprecatedAction" and bool(error_message)
    if stops:
        effect = "error"  # parser.error: the launch stops
    elif type(action).__name__ == "DeprecatedAction":
        effect = "ignored"  # warns, stores nothing: the flag is a no-op
    else:
        effect = "stores"  # warns, then sets the field (or its successor's)
    out = {"accepted": not stops, "effect": effect, "successors": successors}
    if new_flag:
        out["new_flag"] = new_flag  # SGLang's own pointer, e.g. "--attn-dp-size <dp-size>"
    return out


def _sections_from_source(source: str) -> dict[str, str]:
    """Old single-file layout: the section comment above each ``add_argument`` (``# Model and tokenizer``)."""
    start = source.find("def add_cli_args")
    if start < 0:
        return {}
    out: dict[str, str] = {}
    section = None
    for line in source[start:].splitlines()[1:]:
        stripped = line.strip()
        if line and not line.startswith(" "):  # end of the method
            break
        if re.fullmatch(r"# [A-Z][A-Za-z0-9 ,/()'-]{2,60}", stripped) and not stripped.startswith("# NOTE"):
            section = stripped[2:].strip()  # a section title, not a remark or a "--- ... ---" banner
        for flag in re.findall(r"""["'](--[a-z0-9][a-z0-9-]*)["']""", line):
            out.setdefault(flag, section)
    return out


def dump_parser(root: str) -> dict:
    """Child-process entry: build SGLang's parser from the unpacked tree and describe every action."""
    import argparse

    for key in [k for k in os.environ if k.startswith("SGLANG_")]:
        del os.environ[key]  # env switches change choice lists; read the release's own defaults
    failed_inits = _install_import_hooks(root)
    import importlib

    server_args = importlib.import_module("sglang.srt.server_args")
    parser = argparse.ArgumentParser(prog="sglang serve")
    server_args.ServerArgs.add_cli_args(parser)
    namespaces = dict(getattr(server_args.ServerArgs, "_NS_BY_FIELD", None) or {})
    sections = {} if namespaces else _sections_from_source(
        Path(root, "sglang/srt/server_args.py").read_text(encoding="utf-8"))
    layout = "arg_groups" if namespaces else "server_args"

    flags = []
    for action in parser._actions:
        if isinstance(action, argparse._HelpAction) or not action.option_strings:
            continue
        cls = type(action).__name__
        kind = ACTION_KINDS.get(cls, cls)
        type_name, type_fn = _type_name(action, kind)
        choices = _jsonable(action.choices) if action.choices is not None else None
        entry = {
            "dest": action.dest,
            "flags": list(action.option_strings),
            "type": type_name,
            "nargs": action.nargs if action.nargs is not None else None,
            "action": kind,
            "default": None if action.default is argparse.SUPPRESS else _jsonable(action.default),
            "choices": choices,
            "required": bool(action.required),
            "group": namespaces.get(action.dest) or sections.get(action.option_strings[0]),
        }
        if type_fn:
            entry["type_parser"] = type_fn
        if action.const is not None and kind not in ("store_true", "store_false"):
            entry["const"] = _jsonable(action.const)
        if getattr(action, "const_value", None) is not None:
            entry["const"] = _jsonable(action.const_value)
        dep = _deprecation(action, kind)
        if dep:
            entry["deprecated"] = dep
        flags.append(entry)
    return {"layout": layout, "flags": flags, "failed_inits": sorted(failed_inits)}


# ---------------------------------------------------------------------------------------------
# The parent: classify deprecations against the whole release and write the fixture.
# ---------------------------------------------------------------------------------------------

def _classify(flags: list[dict]) -> None:
    """Give each deprecated entry a kind: rename, split, removed or deprecated (no successor)."""
    known = {f for e in flags for f in e["flags"]}
    for e in flags:
        dep = e.get("deprecated")
        if not dep:
            continue
        dep["successors"] = [s for s in dep["successors"] if s in known]
        if not dep["accepted"]:
            dep["kind"] = "removed"
        elif len(dep["successors"]) > 1:
            dep["kind"] = "split"
        elif dep["successors"]:
            dep["kind"] = "rename"
        else:
            dep["kind"] = "deprecated"


def _enum_members(source: str, cls: str) -> list[str]:
    """The member names an ``Enum`` class assigns in ``source`` (``NONE``, SGLang's "off", left out)."""
    import ast

    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ClassDef) and node.name == cls:
            return [t.id for st in node.body if isinstance(st, ast.Assign) for t in st.targets
                    if isinstance(t, ast.Name) and t.id.isupper() and t.id != "NONE"]
    return []


def _looked_up(root: Path, flags: list[dict]) -> None:
    """Give each LOOKED_UP field without parser choices the names the release looks its value up in."""
    for entry in flags:
        if entry["dest"] not in LOOKED_UP or entry["choices"] is not None:
            continue
        path, cls, aliases = LOOKED_UP[entry["dest"]]
        file = root / path
        names = _enum_members(file.read_text(encoding="utf-8"), cls) if file.exists() else []
        if not names:
            raise SystemExit(f"{path} has no {cls} members: update LOOKED_UP in tools/sglang_release.py")
        entry["checked_choices"] = names + [a for a in aliases if a not in names]


def extract(wheel: Path) -> dict:
    try:
        import msgspec  # noqa: F401  (imported for real by the child; fail here with a fix instead)
    except ImportError:
        raise SystemExit("tools/sglang_release.py needs msgspec: pip install 'argmatrix[tools]' "
                         "(or pip install msgspec)") from None
    with tempfile.TemporaryDirectory(prefix="sglang-src-") as tmp:
        version = unpack(wheel, Path(tmp))
        out = subprocess.run([sys.executable, __file__, "--dump", tmp], capture_output=True, text=True,
                             env={**os.environ, "PYTHONPATH": ""})
        if out.returncode != 0:
            raise SystemExit(f"could not build SGLang {version}'s parser:\n{out.stderr[-3000:]}")
        dumped = json.loads(out.stdout)
        _looked_up(Path(tmp), dumped["flags"])
    _classify(dumped["flags"])
    return {
        "sglang_version": version,
        "source": f"{wheel.name}: sglang.srt.server_args.ServerArgs.add_cli_args ({dumped['layout']} layout)",
        "flag_count": len(dumped["flags"]),
        "flags": dumped["flags"],
    }


def write_fixture(data: dict, out_dir: Path) -> Path:
    path = out_dir / f"sglang-{data['sglang_version']}.json"
    lines = ["{"]
    head = {k: v for k, v in data.items() if k != "flags"}
    for key in sorted(head):
        lines.append(f" {json.dumps(key)}: {json.dumps(head[key], ensure_ascii=False)},")
    lines.append(' "flags": [')
    rows = [" " + json.dumps(e, sort_keys=True, ensure_ascii=False) for e in data["flags"]]
    lines.append(",\n".join(rows))
    lines.append(" ]")
    lines.append("}")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def main(argv: list[str]) -> None:
    if argv[:1] == ["--dump"]:
        json.dump(dump_parser(argv[1]), sys.stdout)
        return
    if len(argv) != 2:
        raise SystemExit(__doc__)
    target, out_dir = argv
    if target.endswith(".whl"):
        wheel = Path(target)
    else:
        wheel = download(target, Path(tempfile.gettempdir()) / "sglang-wheels")
    data = extract(wheel)
    path = write_fixture(data, Path(out_dir))
    deprecated = sum(1 for e in data["flags"] if e.get("deprecated"))
    print(f"{path}: {data['flag_count']} flags ({deprecated} deprecated) from {data['source']}")


if __name__ == "__main__":
    main(sys.argv[1:])
