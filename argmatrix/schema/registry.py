"""Collect the group classes into one ordered list of argument specs.

This is the introspection API every generator reads: groups in the seeds'
order, each field with its flags, type description, default, choices, help
and support metadata.  Nothing here imports anything heavier than pydantic.
A process reads the specs ``load_groups`` built in an earlier one (``stored.py``).
"""
from __future__ import annotations

import difflib
import importlib
import types
import typing
from functools import cached_property
from typing import Annotated, Any, Literal, Union, get_args, get_origin

from ..records import record
from . import stored
from .meta import Arg, Group

GROUPS_PACKAGE = f"{__package__}.groups"
# Module names under argmatrix.schema.groups, in the order of the seed tables.
GROUP_MODULES = (
    "model", "http", "quantization", "scheduling", "runtime", "logs", "metrics_export", "api",
    "data_parallel", "multi_node", "model_override", "lora", "kernel_backends", "speculative",
    "ngram_speculative", "expert_parallel", "mamba", "hierarchical_cache", "lmcache", "offloading",
    "multi_item_scoring", "optimization", "dynamic_batch_tokenizer", "debug_tensor_dump",
    "pd_disaggregation", "epd_disaggregation", "weight_loader", "pd_multiplexing", "multimodal",
    "decryption", "forward_hooks", "config_file", "third_party", "deficient", "double_sparsity",
    "argmatrix_server",
)


@record
class ArgSpec:
    """One server argument: its field name, group, declared type and default, and its :class:`Arg`."""

    name: str
    group: Group
    arg: Arg
    annotation: Any  # the declared type, Arg metadata stripped
    default: Any

    @property
    def flag(self) -> str:
        return self.arg.flag

    @property
    def flags(self) -> tuple[str, ...]:
        return self.arg.flags

    @cached_property
    def names(self) -> tuple[str, ...]:
        """Every key spelling accepted in Python and config files: field name, then one per flag."""
        out = [self.name]
        for flag in self.arg.flags:
            if not flag.startswith("--"):
                continue  # a short alias (vLLM's -tp) names no config-file key
            key = flag[2:].replace("-", "_")
            if key not in out:
                out.append(key)
        return tuple(out)

    @cached_property
    def base_type(self) -> Any:
        """The type with ``Optional`` and validation wrappers removed."""
        return _strip(self.annotation)

    @cached_property
    def optional(self) -> bool:
        return _is_optional(self.annotation)

    @cached_property
    def is_bool(self) -> bool:
        return self.base_type is bool

    @cached_property
    def is_list(self) -> bool:
        return get_origin(self.base_type) is list

    @cached_property
    def is_object(self) -> bool:
        """A JSON object, or a union that takes one (vLLM's object-or-name arguments): dotted keys apply."""
        t = self.base_type
        return get_origin(t) is dict or (_is_union(t) and any(get_origin(_strip(a)) is dict for a in get_args(t)))

    @cached_property
    def choices(self) -> tuple[Any, ...] | None:
        """The closed set of values the type allows on some platform, or None for an open type."""
        t = self.base_type
        if get_origin(t) is list:
            t = _strip(get_args(t)[0])
        if get_origin(t) is Literal:
            return get_args(t)
        return None

    @cached_property
    def human_int(self) -> bool:
        """True when the type reads ``32k``-style integers."""
        return any(getattr(m.func, "__name__", None) in ("parse_human_int", "parse_human_int_or_auto")
                   for m in _metadata(self.annotation) if hasattr(m, "func"))

    @cached_property
    def type_label(self) -> str:
        """A short, human description of the type for help and docs."""
        return _describe(self.annotation, self.human_int)

    @cached_property
    def type_label_zh(self) -> str:
        """:attr:`type_label` in Chinese (values, flags and JSON stay as written)."""
        return _describe_zh(self.annotation, self.human_int)

    def type_text(self, lang: str) -> str:
        return self.type_label_zh if lang == "zh" else self.type_label


def _metadata(tp: Any) -> list[Any]:
    out: list[Any] = []
    if get_origin(tp) is Annotated:
        out.extend(tp.__metadata__)
        out.extend(_metadata(get_args(tp)[0]))
    elif _is_union(tp):
        for a in get_args(tp):
            out.extend(_metadata(a))
    return out


def _is_union(tp: Any) -> bool:
    return get_origin(tp) in (Union, types.UnionType)


def _is_optional(tp: Any) -> bool:
    if get_origin(tp) is Annotated:
        return _is_optional(get_args(tp)[0])
    return _is_union(tp) and type(None) in get_args(tp)


def _strip(tp: Any) -> Any:
    if get_origin(tp) is Annotated:
        return _strip(get_args(tp)[0])
    if _is_union(tp):
        rest = [a for a in get_args(tp) if a is not type(None)]
        if len(rest) == 1:
            return _strip(rest[0])
        return Union[tuple(rest)]  # noqa: UP007  (a real union of several types)
    return tp


def _describe(tp: Any, human: bool) -> str:
    t = _strip(tp)
    origin = get_origin(t)
    if t is bool:
        return "bool"
    if t is int:
        return "int (accepts 32k, 1M)" if human else "int"
    if t in (float, str):
        return t.__name__
    if origin is Literal:
        return "{" + ", ".join(str(a) for a in get_args(t)) + "}"
    if origin is list:
        return f"list[{_describe(get_args(t)[0], False)}]"
    if origin is dict:
        return "JSON object"
    if _is_union(t):
        return " | ".join(_describe(a, human) for a in get_args(t))
    if t is typing.Any:
        return "JSON"
    return getattr(t, "__name__", str(t))


_ZH_SCALARS = {bool: "布尔值", int: "整数", float: "浮点数", str: "字符串"}


def _describe_zh(tp: Any, human: bool) -> str:
    t = _strip(tp)
    origin = get_origin(t)
    if t is int and human:
        return "整数（可写作 32k、1M）"
    if t in _ZH_SCALARS:
        return _ZH_SCALARS[t]
    if origin is Literal:
        return "{" + ", ".join(str(a) for a in get_args(t)) + "}"
    if origin is list:
        return _spaced(_describe_zh(get_args(t)[0], False), "列表")
    if origin is dict:
        return "JSON 对象"
    if _is_union(t):
        out = ""
        for i, a in enumerate(get_args(t)):
            out = _spaced(_spaced(out, "或"), _describe_zh(a, human)) if i else _describe_zh(a, human)
        return out
    if t is typing.Any:
        return "JSON"
    return getattr(t, "__name__", str(t))


def _spaced(left: str, right: str) -> str:
    """Chinese typesetting: a space where Latin letters, digits or brackets meet Chinese characters."""
    def cjk(ch: str) -> bool:
        return "\u3400" <= ch <= "\u9fff"
    if left and right and cjk(left[-1]) != cjk(right[0]) and left[-1] not in "（）" and right[0] not in "（）":
        return f"{left} {right}"
    return left + right


Groups = tuple[tuple[Group, tuple[ArgSpec, ...]], ...]


def load_groups(package: str, modules: tuple[str, ...]) -> Groups:
    """The ``*Args`` class of each module ``package.<name>``, in order, as argument specs."""
    out = []
    for module_name in modules:
        module = importlib.import_module(f"{package}.{module_name}")
        group: Group = module.GROUP
        classes = [v for k, v in vars(module).items() if isinstance(v, type) and k.endswith("Args")
                   and v.__module__ == module.__name__]
        if len(classes) != 1:
            raise TypeError(f"{module.__name__} must define exactly one *Args class")
        cls = classes[0]
        hints = cls.__annotations__
        specs = []
        for name in cls.__annotations__:
            hint = hints[name]
            args = [m for m in getattr(hint, "__metadata__", ()) if isinstance(m, Arg)]
            if len(args) != 1:
                raise TypeError(f"{cls.__name__}.{name} needs exactly one Arg(...)")
            rest = tuple(m for m in hint.__metadata__ if not isinstance(m, Arg))
            params = (get_args(hint)[0], *rest)
            annotation = Annotated.__class_getitem__(params) if rest else get_args(hint)[0]  # type: ignore[attr-defined]
            if not hasattr(cls, name):
                raise TypeError(f"{cls.__name__}.{name} needs a default")
            specs.append(ArgSpec(name, group, args[0], annotation, getattr(cls, name)))
        out.append((group, tuple(specs)))
    return tuple(out)


def index(groups: Groups) -> tuple[dict[str, ArgSpec], dict[str, str], dict[str, str]]:
    """Field name -> spec; every key spelling (field name, flag-derived names) -> field; every flag -> field."""
    specs: dict[str, ArgSpec] = {s.name: s for _, group_specs in groups for s in group_specs}
    names: dict[str, str] = {}
    flags: dict[str, str] = {}
    for spec_ in specs.values():
        for n in spec_.names:
            if names.setdefault(n, spec_.name) != spec_.name:
                raise TypeError(f"key {n!r} names both {names[n]} and {spec_.name}")
        for f in spec_.flags:
            if flags.setdefault(f, spec_.name) != spec_.name:
                raise TypeError(f"flag {f} names both {flags[f]} and {spec_.name}")
    return specs, names, flags


# introspected once, then read back as data, lookups included (stored.py)
def load_table(key: str, package: str, modules: tuple[str, ...]) -> stored.Table:
    """The argument table of the modules ``package.<name>``, in order: stored (``stored.py``), else introspected
    from their declarations and stored for the next process."""
    def introspect() -> stored.Table:
        groups = load_groups(package, modules)
        return (groups, *index(groups))

    return stored.load(key, package, introspect)


# SGLang's table: GROUPS, SPECS, NAMES and FLAGS are read on first use (``__getattr__``), so a launch of another
# engine (vLLM's table is schema/vllm's) never loads it
_TABLE_NAMES = ("GROUPS", "SPECS", "NAMES", "FLAGS")
if typing.TYPE_CHECKING:
    GROUPS: Groups
    SPECS: dict[str, ArgSpec]
    NAMES: dict[str, str]
    FLAGS: dict[str, str]


def sglang_table() -> stored.Table:
    """SGLang's argument table, loaded once and then kept as this module's names (SGLang's surface reads it here)."""
    held = globals()
    if "SPECS" not in held:
        held.update(zip(_TABLE_NAMES, load_table("sglang", GROUPS_PACKAGE, GROUP_MODULES)))
    return held["GROUPS"], held["SPECS"], held["NAMES"], held["FLAGS"]


def is_sglang_table(specs: object) -> bool:
    """Whether ``specs`` is SGLang's table, asked without loading it (nothing is it while nothing has)."""
    return specs is globals().get("SPECS")


def __getattr__(name: str) -> Any:
    if name not in _TABLE_NAMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return sglang_table()[_TABLE_NAMES.index(name)]


def iter_groups():
    """Yield ``(Group, [ArgSpec, ...])`` in the seeds' order."""
    return iter(sglang_table()[0])


def spec(name_or_flag: str) -> ArgSpec:
    """Look up an argument by field name, key spelling or flag (``tp_size``, ``--tp-size``)."""
    _, specs, names, flags = sglang_table()
    key = flags.get(name_or_flag) or names.get(name_or_flag.lstrip("-").replace("-", "_"))
    if key is None and name_or_flag.startswith("--"):
        # an unambiguous prefix, as argparse (and so SGLang) accepts it: --tp for --tp-size
        dashed = "--" + name_or_flag[2:].replace("_", "-")
        matches = {flags[f] for f in flags if f.startswith(dashed)}
        key = matches.pop() if len(matches) == 1 else None
    if key is None:
        raise KeyError(name_or_flag)
    return specs[key]


def suggest(key: str, candidates=None) -> str | None:
    """The closest known key to a misspelt one, if any is close enough."""
    names = sglang_table()[2]
    found = difflib.get_close_matches(key, list(candidates or names), n=1, cutoff=0.6)
    if not found:
        return None
    return names.get(found[0], found[0]) if candidates is None else found[0]
