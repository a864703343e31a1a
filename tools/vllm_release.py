"""Read the `vllm serve` flags of one vLLM release out of vLLM's own parser into a JSON fixture.

Run it with the python of a venv in which vLLM's parser imports (tools/vllm_parser_venv.sh builds one:
CPU torch 2.13, vLLM installed --no-deps, the pure-Python modules the parser asks for):

    tools/vllm_parser_venv.sh 0.32.0 /work/venvs/vllm032
    /work/venvs/vllm032/bin/python tools/vllm_release.py tests/fixtures
    tools/vllm_parser_venv.sh 0.33.0 /work/venvs/vllm033
    /work/venvs/vllm033/bin/python tools/vllm_release.py --changes-from tests/fixtures/vllm-0.32.0.json tests/fixtures

vLLM 0.33 asks for torch 2.14; installed with --no-deps beside torch 2.13 its parser imports unchanged (no
stub needed), so 0.33 is read by its parser too ("read_by": "parser").  ``--changes-from OLD.json`` adds a
"changes" section: flags added / removed / renamed, spellings, defaults, choices, types, deprecations,
config-class fields.

The parser is the one `vllm serve` builds (vllm/entrypoints/cli/main.py + cli/serve.py): a top-level
``FlexibleArgumentParser`` with a ``serve`` sub-parser filled by ``make_arg_parser`` (the positional
``model_tag``, ``--headless``, ``--api-server-count``, ``--config``, ``--grpc``, then
``FrontendArgs.add_cli_args`` and ``AsyncEngineArgs.add_cli_args``).  Every action of that sub-parser is
recorded in parser order: dest, option strings, group title, action kind, a type label, nargs, choices,
default, const, help (vLLM's raw text: argmatrix writes its own), deprecation and where it was declared
(the ``add_argument`` call site and, for arguments made from a config dataclass field, that field).

Two read-only hooks are installed while the parser is built, neither changes what it accepts:
``argparse._ActionsContainer.add_argument`` is wrapped to note its caller's file:line, and vLLM's
``get_kwargs(ConfigClass)`` is wrapped to tag each field's kwargs with (class, field); the tag is taken off
again before argparse sees the kwargs.  ``mkdocs`` is put into ``sys.modules`` (an empty module) because
vLLM only attaches the attribute docstrings as help when it thinks it runs under ``--help`` or mkdocs
(vllm/engine/arg_utils.py NEEDS_HELP); the ``--help`` route would also drop ``--model``.

Writes ``<out>/vllm-<version>.json``.

With the project's python, ``add_release`` (``python tools/vllm_release.py add 0.34.0``) does the whole round for a
new release: builds the venv, reads the release there, writes the fixture, regenerates
``argmatrix/schema/vllm/release_facts.py`` (``tools/vllm_release_table.py``), reads the release's check sites
(``tools/vllm_check_sites.py``) and resolves vLLM's start-up rules again (``tools/vllm_rule_releases.py``), and lists
what a person still writes.
"""
from __future__ import annotations

import argparse
import ast
import dataclasses
import enum
import inspect
import json
import os
import re
import sys
import types
import typing
from pathlib import Path
from typing import Any

ACTION_KINDS = {
    "_StoreAction": "store",
    "_StoreTrueAction": "store_true",
    "_StoreFalseAction": "store_false",
    "_StoreConstAction": "store_const",
    "_AppendAction": "append",
    "_AppendConstAction": "append_const",
    "_CountAction": "count",
    "_ExtendAction": "extend",
    "BooleanOptionalAction": "boolean_optional",
    "EnableDisableAction": "enable_disable",  # 0.33: --enable-x / --disable-x (+ hidden --no-enable-x, --no-disable-x)
}
# vLLM's parse functions -> the type label the fixture records
TYPE_LABELS = {
    "human_readable_int": "human_readable_int",
    "human_readable_int_or_auto": "human_readable_int_or_auto",
    "union_dict_and_str": "json_or_str",
    "loads": "json",  # json.loads
    "parse_dataclass": "json",
    "check_port": "int",
}
# Value tables vLLM keeps beside a str-typed field (its Literal only exists under TYPE_CHECKING):
# dest -> (module, list name).  The parser takes any string; the engine checks it against these.
VALUE_TABLES = {
    "quantization": ("vllm.model_executor.layers.quantization", "QUANTIZATION_METHODS"),
}
DEPRECATED_VALUE_TABLES = {
    "quantization": ("vllm.model_executor.layers.quantization", "DEPRECATED_QUANTIZATION_METHODS"),
}
FLAG_RE = re.compile(r"--[a-z0-9][a-z0-9-]*[a-z0-9]")
SITE_PACKAGES_MARK = f"{os.sep}site-packages{os.sep}"


# ---------------------------------------------------------------------------------------------
# Small helpers
# ---------------------------------------------------------------------------------------------

def wheel_path(path: str | None) -> str | None:
    """``.../site-packages/vllm/engine/arg_utils.py`` -> ``vllm/engine/arg_utils.py``."""
    if not path:
        return None
    if SITE_PACKAGES_MARK in path:
        return path.split(SITE_PACKAGES_MARK, 1)[1]
    return path


def jsonable(value) -> tuple[object, bool]:
    """(JSON value, exact).  Not exact: the value is recorded as its repr."""
    if isinstance(value, enum.Enum):
        inner, exact = jsonable(value.value)
        return inner, exact
    if isinstance(value, (set, frozenset)):
        items = [jsonable(v) for v in value]
        return sorted((i for i, _ in items), key=repr), all(e for _, e in items)
    if isinstance(value, (list, tuple)):
        items = [jsonable(v) for v in value]
        return [i for i, _ in items], all(e for _, e in items)
    if isinstance(value, dict):
        items = {str(k): jsonable(v) for k, v in value.items()}
        return {k: i for k, (i, _) in items.items()}, all(e for _, e in items.values())
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return repr(value), False
    try:
        json.dumps(value, allow_nan=False)
        return value, True
    except (TypeError, ValueError):
        return repr(value), False


def unwrap_parser(fn) -> list:
    """The chain of functions inside a vLLM type wrapper: optional_type(parse_type(json.loads)) ->
    [_optional_type, _parse_type, loads].  The wrapped function sits in the closure (optional_type,
    parse_type) or in a default (parse_dataclass's ``cls``)."""
    chain = []
    seen = set()
    while fn is not None and id(fn) not in seen:
        seen.add(id(fn))
        chain.append(fn)
        inner = None
        for cell in getattr(fn, "__closure__", None) or ():
            try:
                content = cell.cell_contents
            except ValueError:
                continue
            if callable(content):
                inner = content
                break
        fn = inner
    return chain


def dataclass_in_parser(fn):
    """The config dataclass a parse_dataclass wrapper validates against, if any."""
    for f in unwrap_parser(fn):
        for d in getattr(f, "__defaults__", None) or ():
            if isinstance(d, type) and dataclasses.is_dataclass(d):
                return d
    return None


def type_label(action, kind: str) -> dict:
    """type / item_type / type_parser / optional for one action."""
    out: dict = {}
    if (kind in ("store_true", "store_false", "store_const") or isinstance(action, argparse.BooleanOptionalAction)) \
            and action.nargs == 0:
        out["type"] = "bool"
        return out
    fn = action.type
    chain = unwrap_parser(fn) if fn is not None else []
    names = [getattr(f, "__name__", type(f).__name__) for f in chain]
    optional = "_optional_type" in names
    base = chain[-1] if chain else None
    base_name = names[-1] if names else None
    if base is None or base is str:
        label = "str"
    elif base in (int, float, bool):
        label = base.__name__
    elif base_name in TYPE_LABELS:
        label = TYPE_LABELS[base_name]
    elif isinstance(base, type) and issubclass(base, enum.Enum):
        label = "str"
    else:
        returns = getattr(base, "__annotations__", {}).get("return")
        returns = getattr(returns, "__name__", returns)
        label = returns if returns in ("int", "float", "bool", "str") else "str"
    readable = [("json.loads" if f is json.loads else n) for f, n in zip(chain, names)
                if n not in ("_optional_type", "_parse_type")]
    if fn is not None and readable and readable != [label]:
        out["type_parser"] = ".".join(readable)
        if base_name == "<lambda>":
            out["type_parser_source"] = f"{wheel_path(base.__code__.co_filename)}:{base.__code__.co_firstlineno}"
    if optional:
        out["optional"] = True  # vLLM's optional_type: "" and "None" parse to None
    if action.nargs in ("+", "*") or (isinstance(action.nargs, int) and action.nargs > 1) or kind in (
            "append", "extend"):
        out["type"] = "list"
        out["item_type"] = label
    else:
        out["type"] = label
    return out


def flags_in(text: str) -> list[str]:
    out: list[str] = []
    for token in re.findall(r"--[A-Za-z0-9_.-]+", text or ""):
        m = FLAG_RE.match(token.rstrip("-."))
        if m and m.group(0) not in out:
            out.append(m.group(0))
    return out


# ---------------------------------------------------------------------------------------------
# Build the parser `vllm serve` uses, with the provenance hooks
# ---------------------------------------------------------------------------------------------

FIELD_TAG = "_argmatrix_field"


class Provenance:
    def __init__(self):
        self.call_sites: dict[int, str] = {}  # id(action) -> file:line of its add_argument call
        self.fields: dict[int, tuple[type, str]] = {}  # id(action) -> (config class, field name)

    def install(self):
        original_add = argparse._ActionsContainer.add_argument
        skip = {os.path.abspath(argparse.__file__)}
        provenance = self

        def add_argument(container, *args, **kwargs):
            field = kwargs.pop(FIELD_TAG, None)
            action = original_add(container, *args, **kwargs)
            for frame in inspect.stack(context=0)[1:]:
                path = os.path.abspath(frame.filename)
                if path in skip or path.endswith(os.path.join("vllm", "utils", "argparse_utils.py")):
                    continue
                provenance.call_sites[id(action)] = f"{wheel_path(path)}:{frame.lineno}"
                break
            if field is not None:
                provenance.fields[id(action)] = field
            return action

        argparse._ActionsContainer.add_argument = add_argument

        import vllm.engine.arg_utils as arg_utils

        original_get_kwargs = arg_utils.get_kwargs

        def get_kwargs(cls):
            kwargs = original_get_kwargs(cls)
            for name, value in kwargs.items():
                value[FIELD_TAG] = (cls, name)
            return kwargs

        for name, module in list(sys.modules.items()):
            # vars(), not getattr: lazy modules (transformers) would import on attribute access
            if name.split(".")[0] == "vllm" and vars(module).get("get_kwargs") is original_get_kwargs:
                module.get_kwargs = get_kwargs


def use_release_environment():
    """Drop every VLLM_* switch (they change defaults), then name the CPU platform: with no accelerator
    vLLM cannot infer a device and DeviceConfig() (built for the parser's defaults) raises."""
    for key in [k for k in os.environ if k.startswith("VLLM_")]:
        del os.environ[key]
    os.environ.update(READ_WITH_ENV)


READ_WITH_ENV = {"VLLM_TARGET_DEVICE": "cpu"}
FORCED = {}  # what force_cpu_platform had to do, recorded in the fixture's read_with


def force_cpu_platform():
    """Before vLLM 0.32 the CPU platform is found only in a wheel built for CPU (its version says "cpu") or on
    macOS, not by VLLM_TARGET_DEVICE: with no platform DeviceConfig() cannot infer a device and the parser cannot be
    built.  Where the release's own CPU probe finds nothing, make that probe name vLLM's CpuPlatform (the platform
    the later releases are read with); nothing else changes."""
    import vllm.platforms as platforms

    plugins = getattr(platforms, "builtin_platform_plugins", None)
    probe = (plugins or {}).get("cpu")
    if probe is None or probe() is not None:
        return
    plugins["cpu"] = lambda: "vllm.platforms.cpu.CpuPlatform"
    FORCED["cpu_platform"] = "vllm.platforms.builtin_platform_plugins['cpu'] -> vllm.platforms.cpu.CpuPlatform"


CLI_ARGS_MODULES = ("vllm.entrypoints.common.cli_args", "vllm.entrypoints.launchers.cli_args",
                    "vllm.entrypoints.openai.cli_args")


def import_parser_modules():
    """(make_arg_parser module, FlexibleArgumentParser).  make_arg_parser lives in
    vllm/entrypoints/common/cli_args.py in 0.33, vllm/entrypoints/launchers/cli_args.py in 0.32 and
    vllm/entrypoints/openai/cli_args.py before."""
    import importlib

    for name in CLI_ARGS_MODULES:
        try:
            cli_args = importlib.import_module(name)
            break
        except ModuleNotFoundError as exc:
            if not name.startswith(exc.name or "?"):  # this path's package is missing, not a dependency
                raise
    else:
        raise SystemExit("no make_arg_parser in this vLLM")
    from vllm.utils.argparse_utils import FlexibleArgumentParser

    return cli_args, FlexibleArgumentParser


def build_serve_parser(provenance: Provenance | None = None):
    """(top-level parser, serve sub-parser), built as vllm/entrypoints/cli/main.py does, with only the
    serve sub-command registered."""
    sys.modules.setdefault("mkdocs", types.ModuleType("mkdocs"))  # see the module docstring
    # before 0.32 vLLM asks sys.argv[0] instead (arg_utils.NEEDS_HELP is set when the module is imported)
    argv0, sys.argv[0] = sys.argv[0], "mkdocs"
    try:
        force_cpu_platform()
        import_parser_modules()
    finally:
        sys.argv[0] = argv0
    if provenance is not None:
        provenance.install()
    import vllm.entrypoints.cli.serve as serve
    from vllm.utils.argparse_utils import FlexibleArgumentParser

    top = FlexibleArgumentParser(description="vLLM CLI", prog="vllm")
    subparsers = top.add_subparsers(required=False, dest="subparser")
    command = serve.ServeSubcommand()
    serve_parser = command.subparser_init(subparsers)
    serve_parser.set_defaults(dispatch_function=command.cmd)
    return top, serve_parser


# ---------------------------------------------------------------------------------------------
# Config dataclasses: their fields become the typed sub-models of the JSON config arguments
# ---------------------------------------------------------------------------------------------

def field_lines(cls) -> dict[str, str]:
    """field name -> file:line of its annotated assignment, walking the MRO (a subclass wins)."""
    import ast
    import textwrap

    out: dict[str, str] = {}
    for base in reversed(cls.__mro__):
        if base is object or base.__module__ == "builtins":
            continue
        try:
            lines, start = inspect.getsourcelines(base)
            path = inspect.getsourcefile(base)
        except (OSError, TypeError):
            continue
        tree = ast.parse(textwrap.dedent("".join(lines)))
        body = tree.body[0].body if tree.body and isinstance(tree.body[0], ast.ClassDef) else []
        for node in body:
            if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                out[node.target.id] = f"{wheel_path(path)}:{start + node.lineno - 1}"
    return out


def hint_text(hint) -> str:
    """A type hint as source-like text without module prefixes: ``CompilationMode | None``."""
    if isinstance(hint, type) and not typing.get_args(hint):
        return hint.__name__
    text = re.sub(r"(?<![\w.])(?:[a-z_][a-z0-9_]*\.)+(?=[A-Za-z_])", "", str(hint))
    return re.sub(r" at 0x[0-9a-f]+", "", text)  # a function's address changes every run


def hint_label(hint) -> dict:
    """A type hint as a label, plus choices for Literal / Enum, the nested config class and optional."""
    import vllm.engine.arg_utils as arg_utils

    hints = arg_utils.get_type_hints(hint)
    out: dict = {"type_hint": hint_text(hint)}
    if type(None) in hints:
        out["optional"] = True
        hints = hints - {type(None)}
    choices: list = []
    labels: list[str] = []
    for h in sorted(hints, key=repr):
        origin = typing.get_origin(h)
        if origin is typing.Literal:
            choices += [jsonable(v)[0] for v in typing.get_args(h)]
            labels.append(type(typing.get_args(h)[0]).__name__)
        elif isinstance(h, type) and issubclass(h, enum.Enum):
            choices += [m.name for m in h]
            labels.append("enum")
            out["enum"] = h.__name__
            out["enum_values"] = {m.name: jsonable(m.value)[0] for m in h}
        elif isinstance(h, type) and dataclasses.is_dataclass(h):
            labels.append("config")
            out["config_class"] = h.__name__
        elif origin in (list, tuple, set, frozenset) or h in (list, tuple, set):
            labels.append("list")
        elif origin is dict or h is dict or (isinstance(h, type) and issubclass(h, dict)) or (
                isinstance(origin, type) and issubclass(origin, dict)):  # Counter[str], OrderedDict[...]
            labels.append("dict")
        elif h in (bool, int, float, str):
            labels.append(h.__name__)
        elif origin is typing.Annotated:
            labels.append(hint_label(typing.get_args(h)[0])["type"])
        elif callable(h) and not isinstance(h, type):
            labels.append("callable")
        else:
            labels.append(getattr(h, "__name__", str(h)))
    labels = sorted(set(labels))
    out["type"] = labels[0] if len(labels) == 1 else "|".join(labels)
    if choices:
        out["choices"] = choices
    return out


CONSTRAINT_NAMES = ("gt", "ge", "lt", "le", "multiple_of", "min_length", "max_length")


def field_constraints(cls, name: str) -> dict:
    """The bounds pydantic enforces on field ``name`` of config dataclass ``cls`` (``Field(gt=0, le=1)``, or
    ``Annotated[int, Gt(0)]``): {"gt": 0, "le": 1}.  vLLM validates every config with pydantic, so a value outside
    them stops it at start-up."""
    found: dict = {}
    f = next((x for x in dataclasses.fields(cls) if x.name == name), None) if dataclasses.is_dataclass(cls) else None
    if f is None:
        return found
    metadata = list(getattr(f.default, "metadata", None) or ())  # a pydantic FieldInfo as the default
    try:
        hint = typing.get_type_hints(cls, include_extras=True).get(name)
    except Exception:  # noqa: BLE001  (a forward reference vLLM itself only resolves lazily)
        hint = None
    for part in [hint, *typing.get_args(hint)] if hint is not None else []:
        if typing.get_origin(part) is typing.Annotated:
            metadata += list(part.__metadata__)
    for item in metadata:
        for key in CONSTRAINT_NAMES:
            value = getattr(item, key, None)
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                found[key] = value
    return found


def describe_config(cls) -> dict:
    from vllm.config.utils import get_attr_docs

    docs = get_attr_docs(cls)
    lines = field_lines(cls)
    try:
        hints = typing.get_type_hints(cls, include_extras=True)
    except Exception:  # noqa: BLE001  (a forward reference vLLM itself only resolves lazily)
        hints = {}
    fields = []
    for f in dataclasses.fields(cls):
        entry = {"name": f.name}
        entry.update(hint_label(hints.get(f.name, f.type)))
        default, exact, has_default = None, True, True
        try:
            from pydantic.fields import FieldInfo
        except ImportError:  # pragma: no cover
            FieldInfo = ()
        if f.default is not dataclasses.MISSING:
            value = f.default
            if FieldInfo and isinstance(value, FieldInfo):
                if value.default_factory is not None:
                    entry["default_factory"] = getattr(value.default_factory, "__name__", repr(value.default_factory))
                    try:
                        value = value.default_factory()
                    except Exception:  # noqa: BLE001
                        value = dataclasses.MISSING
                else:
                    value = value.default
            if value is dataclasses.MISSING or type(value).__name__ == "PydanticUndefinedType":
                has_default = False
            else:
                default, exact = jsonable(value)
        elif f.default_factory is not dataclasses.MISSING:
            entry["default_factory"] = getattr(f.default_factory, "__name__", repr(f.default_factory))
            try:
                default, exact = jsonable(f.default_factory())
            except Exception as exc:  # noqa: BLE001
                default, exact = f"<{type(exc).__name__} building default>", False
        else:
            has_default = False
        if has_default:
            entry["default"] = default
            if not exact:
                entry["default_is_repr"] = True
        else:
            entry["required"] = True
        if not f.init:
            entry["init"] = False  # computed by vLLM, cannot be set
        limits = field_constraints(cls, f.name)
        if limits:
            entry["constraints"] = limits
        entry["doc"] = docs.get(f.name, "").strip()
        entry["source"] = lines.get(f.name)
        fields.append(entry)
    return {
        "class": cls.__name__,
        "module": cls.__module__,
        "source": f"{wheel_path(inspect.getsourcefile(cls))}:{inspect.getsourcelines(cls)[1]}",
        "doc": inspect.cleandoc(cls.__doc__ or ""),
        "fields": fields,
    }


def nested_configs(cls, depth: int = 3) -> dict:
    """Config classes reached through a config's fields (CompilationConfig.pass_config -> PassConfig), by
    class name.  Fields vLLM fills itself (``init=False`` or ``SkipValidation``: the target model's
    ModelConfig inside SpeculativeConfig) are not followed."""
    out: dict = {}
    try:
        hints = typing.get_type_hints(cls, include_extras=True)
    except Exception:  # noqa: BLE001
        return out
    for f in dataclasses.fields(cls):
        hint = hints.get(f.name, f.type)
        if not f.init or "SkipValidation" in str(hint):
            continue
        import vllm.engine.arg_utils as arg_utils

        for h in arg_utils.get_type_hints(hint):
            if isinstance(h, type) and dataclasses.is_dataclass(h) and h.__name__ not in out:
                out[h.__name__] = describe_config(h)
                if depth > 1:
                    for name, sub in nested_configs(h, depth - 1).items():
                        out.setdefault(name, sub)
    return out


def config_class_of(action, vllm_config_hints: dict):
    """The config dataclass a JSON argument is read into, if any."""
    cls = dataclass_in_parser(action.type) if action.type is not None else None
    if cls is not None:
        return cls, "parse_dataclass"
    hint = vllm_config_hints.get(action.dest)
    if hint is not None:
        import vllm.engine.arg_utils as arg_utils

        for h in arg_utils.get_type_hints(hint):
            if isinstance(h, type) and dataclasses.is_dataclass(h):
                return h, "VllmConfig field (the parser keeps it a plain dict)"
    return None, None


# ---------------------------------------------------------------------------------------------
# FlexibleArgumentParser's reading rules, located in the wheel by anchors (not by fixed line numbers)
# ---------------------------------------------------------------------------------------------

PARSING_RULES = [
    # (rule id, what it does, module, anchor text)
    ("underscores", "In every --name (up to the first '.'), '_' is read as '-': --max_model_len == --max-model-len.",
     "vllm.utils.argparse_utils", 'pattern = re.compile(r"(?<=--)[^\\.]*")'),
    ("equals", "--name=value is split at the first '='; only the name part is rewritten.",
     "vllm.utils.argparse_utils", 'key, value = arg.split("=", 1)'),
    ("optimization_level_short", "-O<n>, -O=<n> and -Odecode become --optimization-level <value>.",
     "vllm.utils.argparse_utils", 'elif arg.startswith("-O") and arg != "-O":'),
    ("optimization_level_spaced", "-O <n> (n in 0..3) becomes --optimization-level <n>.",
     "vllm.utils.argparse_utils", 'and args[i + 1] in {"0", "1", "2", "3"}'),
    ("dotted_keys", "--json-arg.key value (or --json-arg.key=value) sets one key of a JSON argument; "
     "nested keys by more dots; all keys of one argument are merged into one JSON object appended to argv.",
     "vllm.utils.argparse_utils", 'if processed_arg.startswith("-") and "." in processed_arg:'),
    ("dotted_append", "--json-arg.key+ a,b sets/extends the key with the list ['a', 'b'] (split at ',', kept as strings).",
     "vllm.utils.argparse_utils", 'if processed_arg.endswith("+"):'),
    ("dotted_value", "A dotted key's value is read as JSON; if that fails as a human-readable int (1k, 2G); "
     "otherwise kept as a string.",
     "vllm.utils.argparse_utils", "value = json.loads(value_str)"),
    ("dotted_merge", "Repeated dotted keys: dicts merge, lists concatenate, scalars: last wins (logged as duplicate).",
     "vllm.utils.argparse_utils", "original[k] += v"),
    ("dotted_json_appended", "The merged dotted object is passed after every other argument, so it replaces an "
     "earlier --json-arg '{...}' of the same argument (argparse keeps the last value).",
     "vllm.utils.argparse_utils", "processed_args.append(json.dumps(dict_value))"),
    ("duplicates", "A plain --flag given twice is noted (last wins, as in argparse).",
     "vllm.utils.argparse_utils", "if arg_name in regular_args_seen:"),
    ("config_yaml", "--config FILE.yaml|yml inserts the file's keys as --key value right after the sub-command "
     "and model, so command-line values win over the file.",
     "vllm.utils.argparse_utils", 'if "--config" in args:'),
    ("config_yaml_values", "In the YAML: true -> --key, false -> --no-key when that exists (else dropped), "
     "list -> --key item..., mapping -> --key '<json>', anything else -> --key str(value).",
     "vllm.utils.argparse_utils", "def load_config_file"),
    ("config_yaml_model", "With --config, the model may come from the file's 'model' key; no model at all is an error.",
     "vllm.utils.argparse_utils", "model_in_config = any("),
    ("model_option_moved", "`vllm serve ... --model M` (or --model=M) is rewritten to the positional model "
     "(warns that --model will be removed).",
     "vllm.utils.argparse_utils", "model_idx = next("),
    ("served_model_name_needs_model", "--served-model-name without a positional model (and no --config) is a ValueError.",
     "vllm.utils.argparse_utils", "`model` should be provided as the first positional argument"),
    ("help_search", "--help=<group|flag|all> shows one group, matching flags or everything.",
     "vllm.utils.argparse_utils", 'if arg.startswith("--help="):'),
    ("human_readable_int", "1k=1000, 1K=1024 (k/m/g/t decimal, K/M/G/T binary; decimals only with lower case).",
     "vllm.utils.argparse_utils", "def human_readable_int(value: str) -> int:"),
    ("human_readable_int_or_auto", "--max-model-len also takes -1 or 'auto' (read as -1).",
     "vllm.utils.argparse_utils", "def human_readable_int_or_auto"),
    ("human_readable_int_args", "Which int fields take human-readable ints.",
     "vllm.engine.arg_utils", "human_readable_int_args = {"),
    ("human_readable_in_json", "Inside JSON config objects bare 80m / 1K tokens are expanded before validation.",
     "vllm.engine.arg_utils", "def _expand_json_human_readable_numbers"),
    ("boolean_optional", "A bool config field becomes --x / --no-x (argparse.BooleanOptionalAction).",
     "vllm.engine.arg_utils", 'kwargs[name]["action"] = argparse.BooleanOptionalAction'),
    ("enable_disable", "0.33: a bool field's flag pair is --enable-x / --disable-x (EnableDisableAction, registered "
     "in place of BooleanOptionalAction); --no-enable-x and --no-disable-x are still accepted, hidden from help.",
     "vllm.utils.argparse_utils", "class EnableDisableAction(BooleanOptionalAction):"),
    ("optional_bool_str", "A bool|str|None field is nargs='?': bare flag -> True, else the string.",
     "vllm.engine.arg_utils", "elif type_hints == {bool, str, type(None)}:"),
    ("optional_none", "An Optional field's parser reads '' and 'None' as None.",
     "vllm.engine.arg_utils", 'if val == "" or val == "None":'),
    ("literal_choices", "A Literal field gets choices, or only a metavar when the field also accepts str.",
     "vllm.engine.arg_utils", 'kwarg = "metavar" if contains_type(type_hints, str) else "choices"'),
    ("json_dataclass", "A field typed as a config dataclass takes JSON validated by pydantic against that class.",
     "vllm.engine.arg_utils", "def parse_dataclass(val: str, cls=dataclass_cls) -> Any:"),
    ("deprecated_kwarg", "add_argument(deprecated=True) is emulated on Python < 3.13: a warning when the value "
     "differs from the default.",
     "vllm.utils.argparse_utils", 'logger.warning_once("argument \'%s\' is deprecated", dest)'),
    ("task_hint", "An unrecognized --task gets a hint to use --runner/--convert.",
     "vllm.utils.argparse_utils", "Hint: --task is not a vllm serve option."),
    ("platform_parser_hook", "The last step of AsyncEngineArgs.add_cli_args hands the parser to the current "
     "platform (pre_register_and_update), which may change it: vLLM-Ascend's NPUPlatform appends 'ascend' to "
     "--quantization's choices when that flag has choices. Read here with the CPU platform (no change).",
     "vllm.engine.arg_utils", "current_platform.pre_register_and_update(parser)"),
    ("post_parse_validation", "After parsing, `vllm serve` runs validate_parsed_serve_args (cross-flag checks).",
     "vllm.entrypoints.cli.serve", "validate_parsed_serve_args(args)"),
]


def locate(module_name: str, anchor: str) -> str | None:
    module = sys.modules.get(module_name)
    if module is None:
        import importlib

        module = importlib.import_module(module_name)
    path = inspect.getsourcefile(module)
    for number, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
        if anchor in line:
            return f"{wheel_path(path)}:{number}"
    return None


def parsing_section(top, serve_parser) -> dict:
    rules = []
    for rule, says, module, anchor in PARSING_RULES:
        where = locate(module, anchor)
        if where is None:
            continue  # this release has no such rule (or moved it): leave it out rather than guess
        rules.append({"rule": rule, "says": says, "source": where})
    from vllm.utils.argparse_utils import FlexibleArgumentParser

    return {
        "parser_class": f"{FlexibleArgumentParser.__module__}.{FlexibleArgumentParser.__qualname__}",
        "allow_abbrev": bool(serve_parser.allow_abbrev),  # argparse prefix matching (--max-model -> --max-model-len)
        "prefix_chars": serve_parser.prefix_chars,
        "fromfile_prefix_chars": serve_parser.fromfile_prefix_chars,
        "rules": rules,
    }


# ---------------------------------------------------------------------------------------------
# Describe every action
# ---------------------------------------------------------------------------------------------

# Help wording by which vLLM says that the flag itself (not something it controls) is retired.
DEPRECATED_HELP = re.compile(r"\bis deprecated\b|\bhas been (deprecated|replaced)\b|\bwill be deprecated\b"
                             r"|^\s*\(?deprecated\b", re.I)
REPLACED_BY = re.compile(r"replaced by `?(?:--)?([A-Za-z0-9_-]+)")


def deprecation(action, kind: str, deprecated_set, known: set) -> dict | None:
    help_text = action.help or ""
    marked_by = []
    if action in deprecated_set or getattr(action, "deprecated", False) is True:
        marked_by.append("deprecated_kwarg")
    if DEPRECATED_HELP.search(help_text):
        marked_by.append("help")
    if "Deprecat" in type(action).__name__:
        marked_by.append("action_class")
    if not marked_by:
        return None
    successors = flags_in(help_text) + ["--" + m.replace("_", "-") for m in REPLACED_BY.findall(help_text)]
    successors = list(dict.fromkeys(f for f in successors if f in known and f not in action.option_strings))
    effect = "ignored" if re.search(r"has no effect|no longer (has any )?effect|is ignored", help_text, re.I) else "stores"
    removal = re.search(r"removed in (v?[0-9][0-9.]*[0-9])", help_text)
    out = {"accepted": True, "effect": effect, "marked_by": marked_by, "successors": successors,
           "kind": "rename" if len(successors) == 1 else ("split" if successors else "deprecated")}
    if removal:
        out["removed_in"] = removal.group(1).lstrip("v")
    return out


def value_table(module_name: str, name: str) -> tuple[list, str | None]:
    import importlib

    module = importlib.import_module(module_name)
    return list(getattr(module, name, [])), locate(module_name, f"{name}:") or locate(module_name, f"{name} =")


def describe(top, serve_parser, provenance: Provenance) -> tuple[list[dict], dict]:
    group_of = {}
    for group in serve_parser._action_groups:
        for action in group._group_actions:
            group_of[id(action)] = group.title
    import vllm.config as vllm_config_module

    try:
        vllm_config_hints = typing.get_type_hints(vllm_config_module.VllmConfig)
    except Exception:  # noqa: BLE001
        vllm_config_hints = {f.name: f.type for f in dataclasses.fields(vllm_config_module.VllmConfig)}
    deprecated_set = getattr(serve_parser, "_deprecated", set())
    flags, configs = [], {}
    known = {s for a in serve_parser._actions for s in a.option_strings}
    for action in serve_parser._actions:
        if isinstance(action, argparse._HelpAction):
            continue
        cls_name = type(action).__name__
        kind = ACTION_KINDS.get(cls_name, cls_name)
        entry: dict = {"dest": action.dest, "flags": list(action.option_strings)}
        if not action.option_strings:
            entry["positional"] = True
        hidden = [o for o, a in serve_parser._option_string_actions.items()
                  if a is action and o not in action.option_strings]
        if hidden:
            entry["hidden_flags"] = hidden  # registered (the parser accepts them) but left out of help
        if isinstance(action, argparse.BooleanOptionalAction):
            negative = getattr(action, "negative_option_strings", None)
            if negative is None:  # argparse's own: every --no-x it generated
                negative = [o for o in action.option_strings if o.startswith("--no-")]
            entry["negative_flags"] = sorted(negative)  # the spellings that store False
        entry["group"] = group_of.get(id(action))
        entry["action"] = kind
        entry.update(type_label(action, kind))
        entry["nargs"] = action.nargs
        entry["choices"] = jsonable(list(action.choices))[0] if action.choices is not None else None
        if action.metavar is not None and not isinstance(action.metavar, tuple):
            entry["metavar"] = action.metavar
        if action.default is argparse.SUPPRESS:
            entry["default"] = None
            entry["default_suppressed"] = True
        else:
            entry["default"], exact = jsonable(action.default)
            if not exact:
                entry["default_is_repr"] = True
            if dataclasses.is_dataclass(action.default) and not isinstance(action.default, type):
                entry["default_is_instance_of"] = type(action.default).__name__  # that class built with no arguments
        if action.const is not None:
            entry["const"] = jsonable(action.const)[0]
        entry["required"] = bool(action.required)
        dep = deprecation(action, kind, deprecated_set, known)
        if dep:
            entry["deprecated"] = dep
        cls, how = config_class_of(action, vllm_config_hints)
        if cls is not None and entry.get("type") in ("json", "json_or_str"):
            entry["config_class"] = cls.__name__
            if action.dest not in configs:
                configs[action.dest] = {"flag": action.option_strings[0], "read_as": how, **describe_config(cls)}
                nested = nested_configs(cls)
                if nested:
                    configs[action.dest]["nested_configs"] = nested
        field = provenance.fields.get(id(action))
        if field is not None:
            entry["field"] = f"{field[0].__name__}.{field[1]}"
            entry["field_source"] = field_lines(field[0]).get(field[1])
            limits = field_constraints(field[0], field[1])
            if limits:
                entry["constraints"] = limits  # pydantic checks them when vLLM builds the config: it refuses to start
            if entry["choices"] is None:
                # Literal/Enum values the config knows but the parser leaves unchecked (the field also takes
                # str, as --quantization does): vLLM checks them later, when it builds the config.
                try:
                    field_hint = typing.get_type_hints(field[0], include_extras=True).get(field[1])
                except Exception:  # noqa: BLE001
                    field_hint = None
                known_values = hint_label(field_hint).get("choices") if field_hint is not None else None
                if known_values:
                    entry["field_choices"] = known_values
        if entry["choices"] is None and action.dest in VALUE_TABLES:
            entry["field_choices"], entry["field_choices_source"] = value_table(*VALUE_TABLES[action.dest])
            if action.dest in DEPRECATED_VALUE_TABLES:
                entry["field_choices_deprecated"], _ = value_table(*DEPRECATED_VALUE_TABLES[action.dest])
        entry["source"] = provenance.call_sites.get(id(action))
        entry["help"] = action.help
        flags.append(entry)
    return flags, configs


def read_release() -> dict:
    import importlib.metadata

    provenance = Provenance()
    top, serve_parser = build_serve_parser(provenance)
    flags, configs = describe(top, serve_parser, provenance)
    import torch

    serve_module = sys.modules["vllm.entrypoints.cli.serve"]
    cli_args, _ = import_parser_modules()
    return {
        "vllm_version": importlib.metadata.version("vllm"),
        "read_by": "parser",
        "read_with": {"python": sys.version.split()[0], "torch": torch.__version__, "env": READ_WITH_ENV, **FORCED,
                      # what the wheel asks for (0.33 wants torch 2.14; its parser imports on 2.13 unchanged)
                      "vllm_requires_torch": next((r for r in importlib.metadata.requires("vllm") or []
                                                   if re.match(r"torch\b\s*[=<>!~]", r)), None)},
        "source": (f"vllm serve: {wheel_path(serve_module.__file__)} ServeSubcommand.subparser_init -> "
                   f"{wheel_path(cli_args.__file__)} make_arg_parser on "
                   f"vllm.utils.argparse_utils.FlexibleArgumentParser"),
        "flag_count": len(flags),
        "kv_connectors": kv_connectors(Path(str(serve_module.__file__)).parents[2]),
        "parsing": parsing_section(top, serve_parser),
        "configs": configs,
        "flags": flags,
    }


# ---------------------------------------------------------------------------------------------
# KV connectors: the names vLLM's KVConnectorFactory registers (read with ast, nothing imported)
# ---------------------------------------------------------------------------------------------

KV_FACTORY = "distributed/kv_transfer/kv_connector/factory.py"
KV_REFUSAL = "Unsupported connector type"


def kv_connectors(package: Path) -> dict:
    """The ``KVConnectorFactory.register_connector("Name", module, class)`` calls of ``package`` (the installed
    ``vllm`` folder), in file order, and the line where ``get_connector_class`` refuses any other name (a
    ``kv_connector_module_path`` lets the user's own module supply it instead)."""
    path = package / KV_FACTORY
    tree = ast.parse(path.read_text(encoding="utf-8"))
    registered: list[dict[str, Any]] = []
    refused_at: int | None = None
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr == "register_connector" and node.args
                and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
            module = node.args[1].value if len(node.args) > 1 and isinstance(node.args[1], ast.Constant) else None
            registered.append({"name": node.args[0].value, "line": node.lineno, "module": module})
        if isinstance(node, ast.Raise) and KV_REFUSAL in ast.unparse(node):
            refused_at = node.lineno
    registered.sort(key=lambda r: r["line"])
    return {"source": f"vllm/{KV_FACTORY}", "refused_at": refused_at, "registered": registered}


def add_kv_connectors(fixture: Path, package: Path) -> Path:
    """Add (or refresh) the ``kv_connectors`` section of a held fixture from the release's installed package,
    without reading its parser again."""
    data = json.loads(fixture.read_text(encoding="utf-8"))
    data["kv_connectors"] = kv_connectors(package)
    return write_fixture(data, fixture.parent)


def config_block(key: str, cfg: dict, pad: str) -> str:
    """One config class: its scalar keys one per line, then one field per line, then nested classes."""
    block = [f"{pad}{json.dumps(key)}: {{"]
    block += [f"{pad} {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}," for k, v in sorted(cfg.items())
              if k not in ("fields", "nested_configs")]
    block.append(f'{pad} "fields": [')
    block.append(",\n".join(f"{pad}  " + json.dumps(f, ensure_ascii=False, sort_keys=True) for f in cfg["fields"]))
    block.append(f"{pad} ]" + ("," if cfg.get("nested_configs") else ""))
    if cfg.get("nested_configs"):
        block.append(f'{pad} "nested_configs": {{')
        block.append(",\n".join(config_block(name, sub, pad + "  ") for name, sub in sorted(cfg["nested_configs"].items())))
        block.append(f"{pad} }}")
    block.append(f"{pad}}}")
    return "\n".join(block)


def changes(old: dict, new: dict) -> dict:
    """What changed between two releases' fixtures: flags added, removed, renamed (same dest, same config
    field or same help under a new spelling), default / choices / type changes, config fields added,
    removed or with a new default."""
    def by_dest(data):
        return {e["dest"]: e for e in data["flags"]}

    old_flags, new_flags = by_dest(old), by_dest(new)
    removed = [d for d in old_flags if d not in new_flags]
    added = [d for d in new_flags if d not in old_flags]
    renamed = []
    for r in list(removed):
        ro = old_flags[r]
        for a in list(added):
            an = new_flags[a]
            if (ro.get("field") and ro.get("field") == an.get("field")) or (ro.get("help") and ro["help"] == an.get("help")):
                renamed.append({"from": ro["flags"], "to": an["flags"], "from_dest": r, "to_dest": a})
                removed.remove(r)
                added.remove(a)
                break
    spelling = []
    default_changes, choice_changes, type_changes, deprecations = [], [], [], []
    for d in old_flags.keys() & new_flags.keys():
        o, n = old_flags[d], new_flags[d]
        if o["flags"] != n["flags"]:
            spelling.append({"dest": d, "from": o["flags"], "to": n["flags"]})
        if o.get("default") != n.get("default"):
            default_changes.append({"dest": d, "flag": n["flags"][0] if n["flags"] else d, "from": o.get("default"),
                                    "to": n.get("default")})
        if o.get("choices") != n.get("choices"):
            oc, nc = o.get("choices") or [], n.get("choices") or []
            choice_changes.append({"dest": d, "added": [c for c in nc if c not in oc],
                                   "removed": [c for c in oc if c not in nc],
                                   **({"now_unchecked": True} if oc and not nc else {}),
                                   **({"now_checked": True} if nc and not oc else {})})
        if (o.get("type"), o.get("item_type"), o.get("action"), o.get("nargs")) != (
                n.get("type"), n.get("item_type"), n.get("action"), n.get("nargs")):
            type_changes.append({"dest": d, "from": {k: o.get(k) for k in ("type", "item_type", "action", "nargs")},
                                 "to": {k: n.get(k) for k in ("type", "item_type", "action", "nargs")}})
        if bool(o.get("deprecated")) != bool(n.get("deprecated")):
            deprecations.append({"dest": d, "now_deprecated": bool(n.get("deprecated")), "detail": n.get("deprecated")})
    config_changes = {}
    for dest in sorted(set(old.get("configs", {})) | set(new.get("configs", {}))):
        oc, nc = old.get("configs", {}).get(dest), new.get("configs", {}).get(dest)
        if oc is None or nc is None:
            config_changes[dest] = {"added" if oc is None else "removed": True}
            continue
        of, nf = {f["name"]: f for f in oc["fields"]}, {f["name"]: f for f in nc["fields"]}
        entry = {
            "fields_added": sorted(nf.keys() - of.keys()),
            "fields_removed": sorted(of.keys() - nf.keys()),
            "defaults_changed": [{"field": k, "from": of[k].get("default"), "to": nf[k].get("default")}
                                 for k in sorted(of.keys() & nf.keys()) if of[k].get("default") != nf[k].get("default")],
            "types_changed": [{"field": k, "from": of[k].get("type_hint"), "to": nf[k].get("type_hint")}
                              for k in sorted(of.keys() & nf.keys()) if of[k].get("type_hint") != nf[k].get("type_hint")],
            "choices_changed": [{"field": k, "added": [c for c in nf[k].get("choices") or [] if c not in (of[k].get("choices") or [])],
                                 "removed": [c for c in of[k].get("choices") or [] if c not in (nf[k].get("choices") or [])]}
                                for k in sorted(of.keys() & nf.keys()) if of[k].get("choices") != nf[k].get("choices")],
        }
        entry = {k: v for k, v in entry.items() if v}
        if entry:
            config_changes[dest] = entry
    def flag_rows(dests, flags):
        return [{"dest": d, "flags": flags[d]["flags"], "group": flags[d].get("group")} for d in sorted(dests)]

    return {
        "from": old["vllm_version"],
        "to": new["vllm_version"],
        "added": flag_rows(added, new_flags),
        "removed": flag_rows(removed, old_flags),
        "renamed": renamed,
        "spellings_changed": sorted(spelling, key=lambda x: x["dest"]),
        "defaults_changed": sorted(default_changes, key=lambda x: x["dest"]),
        "choices_changed": sorted(choice_changes, key=lambda x: x["dest"]),
        "types_changed": sorted(type_changes, key=lambda x: x["dest"]),
        "deprecation_changed": sorted(deprecations, key=lambda x: x["dest"]),
        "configs_changed": config_changes,
        "parsing_rules_added": sorted({r["rule"] for r in new["parsing"]["rules"]} - {r["rule"] for r in old["parsing"]["rules"]}),
        "parsing_rules_gone": sorted({r["rule"] for r in old["parsing"]["rules"]} - {r["rule"] for r in new["parsing"]["rules"]}),
    }


def write_fixture(data: dict, out_dir: Path) -> Path:
    """One flag per line (diffs stay readable), configs one field per line, keys sorted."""
    path = out_dir / f"vllm-{data['vllm_version']}.json"
    lines = ["{"]
    head = {k: v for k, v in data.items() if k not in ("flags", "configs", "parsing", "changes", "kv_connectors")}
    for key in sorted(head):
        lines.append(f" {json.dumps(key)}: {json.dumps(head[key], ensure_ascii=False, sort_keys=True)},")
    if "kv_connectors" in data:  # one registration per line
        kv = data["kv_connectors"]
        lines.append(' "kv_connectors": {')
        lines += [f"  {json.dumps(k)}: {json.dumps(kv[k])}," for k in sorted(kv) if k != "registered"]
        lines.append('  "registered": [')
        lines.append(",\n".join("   " + json.dumps(r, sort_keys=True) for r in kv["registered"]))
        lines.append("  ]")
        lines.append(" },")
    if "changes" in data:
        lines.append(' "changes": ' + json.dumps(data["changes"], ensure_ascii=False, sort_keys=True, indent=1)
                     .replace("\n", "\n ") + ",")
    parsing = data["parsing"]
    lines.append(' "parsing": {')
    lines += [f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}," for k, v in sorted(parsing.items())
              if k != "rules"]
    lines.append('  "rules": [')
    lines.append(",\n".join("   " + json.dumps(r, ensure_ascii=False, sort_keys=True) for r in parsing["rules"]))
    lines.append("  ]")
    lines.append(" },")
    lines.append(' "configs": {')
    lines.append(",\n".join(config_block(dest, data["configs"][dest], "  ") for dest in sorted(data["configs"])))
    lines.append(" },")
    lines.append(' "flags": [')
    lines.append(",\n".join(" " + json.dumps(e, sort_keys=True, ensure_ascii=False) for e in data["flags"]))
    lines.append(" ]")
    lines.append("}")
    path.parent.mkdir(parents=True, exist_ok=True)
    text = "\n".join(lines) + "\n"
    json.loads(text)  # the hand-laid layout must stay valid JSON
    path.write_text(text, encoding="utf-8")
    return path


# ---------------------------------------------------------------------------------------------
# Add a release: venv, fixture, regenerated tables, and what is left for a person
# ---------------------------------------------------------------------------------------------

ROOT = Path(__file__).resolve().parents[1]
VENVS = Path(os.environ.get("ARGMATRIX_VENVS", "/work/venvs"))


def _version_key(version: str) -> tuple[int, ...]:
    return tuple(int(p) for p in version.split(".")[:3])


def read_in_venv(version: str, root: Path = ROOT) -> Path:
    """Build (or reuse) a venv in which ``version``'s parser imports, and read it there into a fixture in a scratch
    folder, with the changes from the newest held release before it.  Downloads vLLM's wheel by name from PyPI."""
    import subprocess
    import tempfile

    venv = VENVS / f"vllm-{version}"
    subprocess.run(["bash", str(root / "tools" / "vllm_parser_venv.sh"), version, str(venv)], check=True)
    out = Path(tempfile.mkdtemp(prefix=f"vllm-{version}-"))
    older = [p for p in (root / "tests" / "fixtures").glob("vllm-[0-9]*.json")
             if _version_key(p.stem.split("-", 1)[1]) < _version_key(version)]
    previous = max(older, key=lambda p: _version_key(p.stem.split("-", 1)[1]), default=None)
    argv = [str(venv / "bin" / "python"), str(root / "tools" / "vllm_release.py")]
    argv += ["--changes-from", str(previous)] if previous else []
    subprocess.run([*argv, str(out)], check=True)
    return out / f"vllm-{version}.json"


def add_release(version: str, fixture: Path | None = None, root: Path = ROOT) -> list[str]:
    """Add vLLM ``version``: read it (unless ``fixture`` is a ready one), write ``tests/fixtures/vllm-<version>.json``,
    regenerate ``argmatrix/schema/vllm/release_facts.py``, and return what needs a person: flags with no field or
    no help (with a declaration to paste), fields whose type or choices do not cover the release, defaults that
    changed, flags that left, JSON-config keys added (with or without help) and removed.

    Run with the project's python and ``PYTHONPATH`` at ``root``; ``argmatrix docs generate`` rewrites the pages."""
    import shutil

    sys.path[:0] = [str(root), str(root / "tools")]
    import vllm_release_table
    import vllm_schema

    source = fixture if fixture is not None else read_in_venv(version, root)
    data = json.loads(Path(source).read_text(encoding="utf-8"))
    if data["vllm_version"] != version:
        raise SystemExit(f"{source} holds vLLM {data['vllm_version']}, not {version}")
    fixtures = root / "tests" / "fixtures"
    target = fixtures / f"vllm-{version}.json"
    if Path(source).resolve() != target.resolve():
        shutil.copyfile(source, target)
    others = {p.stem.split("-", 1)[1]: p for p in fixtures.glob("vllm-[0-9]*.json") if p != target}
    older = [v for v in others if _version_key(v) < _version_key(version)]
    previous = json.loads(others[max(older, key=_version_key)].read_text(encoding="utf-8")) if older else None
    table = vllm_release_table.main([str(fixtures), str(root / "argmatrix" / "schema" / "vllm" / "release_facts.py")])
    lines = [f"wrote {target.relative_to(root)} ({data['flag_count']} arguments) and regenerated "
             f"{table.relative_to(root)}"]
    lines += check_sites(version, root)
    lines += release_todo(data, previous, vllm_schema.scaffold)
    return lines


def check_sites(version: str, root: Path = ROOT) -> list[str]:
    """Read the check sites of ``version``'s package in its venv (``tools/vllm_check_sites.py``) and resolve vLLM's
    start-up rules again over every held release (``tools/vllm_rule_releases.py``); without the venv, say what to
    run.  A release with no inventory is not read by the table, and every rule holds under it."""
    import vllm_check_sites
    import vllm_rule_releases

    package = next(iter(sorted((VENVS / f"vllm-{version}").glob("lib/python*/site-packages/vllm"))), None)
    if package is None:
        return [f"check sites: no vLLM {version} package under {VENVS / f'vllm-{version}'}; build the venv, run "
                f"tools/vllm_check_sites.py --release {version} and tools/vllm_rule_releases.py"]
    fixtures = root / "tests" / "fixtures"
    written = vllm_check_sites.write(package, fixtures=fixtures)
    table, result, held = vllm_rule_releases.build(fixtures)
    target = root / "argmatrix" / "matrix" / "engines" / "vllm_rule_releases.py"
    target.write_text(table, encoding="utf-8")
    from argmatrix.matrix.engines.vllm_checks import READ_FROM

    return [f"wrote {written.relative_to(root)} and re-resolved {target.relative_to(root)}",
            *(f"review: {line}" for line in vllm_rule_releases.review(result, held, READ_FROM))]


def release_todo(data: dict, previous: dict | None, scaffold) -> list[str]:
    """What a person still writes for release ``data`` (its fixture), compared with the held release before it."""
    from argmatrix.schema.surface import VLLM
    from argmatrix.schema.validate import field_adapter
    from argmatrix.schema.vllm.objects import HELP

    version = data["vllm_version"]
    specs = VLLM.specs
    out: list[str] = []
    before = {e["dest"]: e for e in (previous or {}).get("flags", ())}
    now = {e["dest"]: e for e in data["flags"] if e["dest"] != "model_tag"}
    for dest, entry in now.items():
        flag = entry["flags"][0] if entry["flags"] else dest
        spec = specs.get(dest)
        if spec is None:
            module, text = scaffold(entry)
            out.append(f"new flag {flag}: no field yet; declare it in {module} with help in English and Chinese:\n"
                       + text.rstrip())
            continue
        if not (spec.arg.help.en.strip() and spec.arg.help.zh.strip()):
            out.append(f"{flag}: its field has no help text yet (en/zh)")
        choices = [c for c in entry.get("choices") or () if c not in (None, "None")]  # "None": unset (before 0.32)
        missing = [c for c in choices if c not in (spec.choices or choices)]
        if missing:
            out.append(f"{flag}: {version} takes {', '.join(map(str, missing))}, which the field's Literal lacks: add them")
        exact = not entry.get("default_is_repr") and not entry.get("default_suppressed")
        if exact and not (entry["type"] == "str" and isinstance(entry["default"], (int, float))):
            try:
                field_adapter(dest, specs).validate_python(entry["default"])
            except Exception:  # noqa: BLE001  (pydantic's ValidationError, or a type it cannot build)
                out.append(f"{flag}: the field's type does not take {version}'s default {entry['default']!r}: widen it")
        old = before.get(dest)
        if old is not None and exact and not old.get("default_is_repr") and old.get("default") != entry["default"]:
            out.append(f"default changed: {flag} {old.get('default')!r} ({previous['vllm_version']}) -> "
                       f"{entry['default']!r} ({version})")
    for dest, entry in before.items():
        if dest not in now and dest != "model_tag":
            flag = entry["flags"][0] if entry["flags"] else dest
            out.append(f"flag removed: {flag} (held releases before {version} keep it; check-config names {version} "
                       "as the release it left in)")
    old_configs = (previous or {}).get("configs", {})
    for dest, cfg in data["configs"].items():
        keys = [f["name"] for f in cfg["fields"]]
        old_keys = [f["name"] for f in old_configs.get(dest, {}).get("fields", ())]
        if dest not in old_configs and previous is not None:
            out.append(f"new JSON config {cfg['flag']} ({cfg['class']})")
        for key in keys:
            if key not in old_keys and previous is not None:
                said = "" if key in HELP.get(dest, {}) else \
                    f"; no help yet: write it in argmatrix/schema/vllm/objects.py HELP[{dest!r}]"
                out.append(f"JSON key added: {cfg['flag']} {key}{said}")
            elif key not in HELP.get(dest, {}):
                out.append(f"JSON key {cfg['flag']} {key}: no help yet in argmatrix/schema/vllm/objects.py")
        for key in old_keys:
            if key not in keys:
                out.append(f"JSON key removed: {cfg['flag']} {key}")
    for dest, cfg in old_configs.items():
        if dest not in data["configs"]:
            out.append(f"JSON config removed: {cfg['flag']} ({cfg['class']})")
    return out


def main(argv: list[str]) -> None:
    if argv[:1] == ["kv-connectors"]:  # python tools/vllm_release.py kv-connectors FIXTURE VLLM_PACKAGE_DIR
        print(add_kv_connectors(Path(argv[1]), Path(argv[2])))
        return
    if argv[:1] == ["add"]:  # python tools/vllm_release.py add 0.34.0 [--fixture FILE]
        fixture = Path(argv[argv.index("--fixture") + 1]) if "--fixture" in argv else None
        print("\n".join(add_release(argv[1], fixture)))
        return
    compare_with = None
    if argv[:1] == ["--changes-from"]:
        compare_with, argv = Path(argv[1]), argv[2:]
    if len(argv) != 1:
        raise SystemExit(__doc__)
    use_release_environment()
    data = read_release()
    if compare_with is not None:
        data["changes"] = changes(json.loads(compare_with.read_text(encoding="utf-8")), data)
    path = write_fixture(data, Path(argv[0]))
    deprecated = sum(1 for e in data["flags"] if e.get("deprecated"))
    print(f"{path}: {data['flag_count']} arguments ({deprecated} deprecated), {len(data['configs'])} JSON configs, "
          f"{len(data['parsing']['rules'])} parsing rules")


if __name__ == "__main__":
    main(sys.argv[1:])
