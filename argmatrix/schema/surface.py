"""An engine's argument surface: every argument one engine's parser reads, declared once.

SGLang's surface (``schema/groups``, which argmatrix's own ``serve`` also reads) and vLLM's
(``schema/vllm/groups``) are built the same way: modules of ``*Args`` classes whose fields carry an
:class:`~argmatrix.schema.meta.Arg`.  Everything downstream (the argv reader, validation, docs, the JSON
Schema) takes a surface instead of assuming SGLang's.  A surface is loaded on first use, so a command that
reads SGLang flags never imports vLLM's declarations.
"""
from __future__ import annotations

import difflib
from collections.abc import Callable
from functools import cached_property
from typing import Any

from ..records import field, record
from . import registry
from .meta import Text
from .registry import ArgSpec, Group, Groups


@record(frozen=False, eq=False)
class Surface:
    key: str                 # sglang | vllm
    title: Text              # "SGLang server arguments"
    package: str             # where the group modules are
    modules: tuple[str, ...]
    model_name: str          # the pydantic model's class name
    # where the table comes from, when not straight from the stored tables (SGLang's: registry.py's own names)
    loader: Callable[[], Any] | None = field(default=None, repr=False)
    _loaded: Any = field(default=None, repr=False)

    def _load(self) -> tuple[Groups, dict[str, ArgSpec], dict[str, str], dict[str, str]]:
        if self._loaded is None:
            self._loaded = (self.loader() if self.loader is not None
                            else registry.load_table(self.key, self.package, self.modules))
        return self._loaded

    @cached_property  # read on every flag of every launch: once, not per access
    def groups(self) -> Groups:
        return self._load()[0]

    @cached_property  # read on every flag of every launch: once, not per access
    def specs(self) -> dict[str, ArgSpec]:
        return self._load()[1]

    @cached_property  # read on every flag of every launch: once, not per access
    def names(self) -> dict[str, str]:
        """Every key spelling (field name, flag-derived names) -> field name."""
        return self._load()[2]

    @cached_property  # read on every flag of every launch: once, not per access
    def flags(self) -> dict[str, str]:
        """Every flag spelling (canonical, aliases, short forms) -> field name."""
        return self._load()[3]

    @cached_property  # the findings' order: the fields in the order the engine declares them
    def field_order(self) -> dict[str, int]:
        return {name: i for i, name in enumerate(self.specs)}

    def group_of(self, key: str) -> Group:
        return next(g for g, _ in self.groups if g.key == key)

    def suggest(self, key: str) -> str | None:
        """The closest known key to a misspelt one (a field name), if any is close enough."""
        found = difflib.get_close_matches(key, list(self.names), n=1, cutoff=0.6)
        return self.names[found[0]] if found else None

    def suggest_flag(self, flag: str) -> str | None:
        found = difflib.get_close_matches("--" + flag.lstrip("-").replace("_", "-"),
                                          [f for f in self.flags if f.startswith("--")], n=1, cutoff=0.6)
        return found[0] if found else None

    def spec(self, name_or_flag: str) -> ArgSpec:
        """By field name, key spelling or flag (``max_model_len``, ``--max-model-len``, ``-tp``)."""
        key = self.flags.get(name_or_flag) or self.names.get(name_or_flag.lstrip("-").replace("-", "_"))
        if key is None:
            raise KeyError(name_or_flag)
        return self.specs[key]

    @cached_property
    def model(self) -> Any:
        """The frozen pydantic model with a field per argument (built on first use)."""
        if self.key == "sglang":
            from .model import ServerArgs

            return ServerArgs
        from .model import build_model

        return build_model(self.model_name, self.specs, self.names,
                           f"Every {self.title.en}, validated (built by argmatrix from its declarations).")


# SGLang's table is the one registry.py exposes (the same dicts), loaded on first use
SGLANG = Surface("sglang", Text("SGLang server arguments", "SGLang 服务参数"), registry.GROUPS_PACKAGE,
                 registry.GROUP_MODULES, "ServerArgs", registry.sglang_table)
VLLM = Surface("vllm", Text("vLLM `vllm serve` arguments", "vLLM `vllm serve` 参数"),
               "argmatrix.schema.vllm.groups",
               ("serve", "frontend", "model", "load", "attention", "mamba", "structured_outputs", "parallel", "cache",
                "offload", "multimodal", "lora", "logging", "observability", "scheduler", "compilation", "kernel",
                "engine"), "VllmArgs")
SURFACES: dict[str, Surface] = {s.key: s for s in (SGLANG, VLLM)}
