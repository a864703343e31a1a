"""Cross-field rules, declared as data.

A rule reads the resolved arguments through a :class:`RuleContext` (which also
knows which values the user set) and says whether it is violated.  Messages
are templates filled with argument values, in both languages.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Protocol

from ..records import record
from ..schema import registry
from ..schema.meta import Text
from .devices import GpuArch
from .rule_fields import SGLangArguments, VllmArguments

# Which platform families a rule applies to (``Platform.family``); None: every platform.
NPU = frozenset({"npu"})
EVERYWHERE = None


class ModelView(Protocol):
    """The model facts a rule reads (``compiler.model_facts.ModelFacts`` has them, and mypy checks that it does
    where the compiler builds a :class:`RuleContext`); the matrix layer never imports the compiler that reads
    them.  Read-only: a rule never changes what the config said."""

    @property
    def architecture(self) -> str: ...
    @property
    def model_type(self) -> str: ...
    @property
    def layers(self) -> int: ...
    @property
    def hidden_size(self) -> int: ...
    @property
    def kv_heads(self) -> int: ...
    @property
    def head_dim(self) -> int: ...
    @property
    def vocab_size(self) -> int: ...
    @property
    def context_length(self) -> int: ...
    @property
    def torch_dtype(self) -> str | None: ...
    @property
    def quantization(self) -> object | None: ...  # rules only ask whether the checkpoint is quantized
    @property
    def mla(self) -> object | None: ...           # rules only ask whether the model has latent attention
    @property
    def is_mla(self) -> bool: ...
    @property
    def raw(self) -> Mapping[str, object]: ...    # config.json as read: values of any JSON type, narrowed where read


class ArgView(Protocol):
    """What a rule may read of an argument's declaration (``schema.registry.ArgSpec`` has it)."""

    @property
    def flag(self) -> str: ...
    @property
    def default(self) -> object: ...


class ContextBase:
    """What every rule may look at besides the arguments: the resolved values, which of them the user chose,
    the release's defaults, the platform, the environment, the model's facts and the GPU.

    The arguments themselves are read as attributes (``c.tp_size``); :class:`RuleContext` and
    :class:`VllmRuleContext` give them their types for mypy (``rule_fields.pyi``, generated from the schema).
    At run time one class serves both engines: an attribute is the resolved value of that name.
    """

    values: dict[str, object]
    # the release's own defaults where they are not the declared ones (Engine.release_defaults)
    defaults: Mapping[str, object]
    user_set: set[str]
    specs: Mapping[str, ArgView]  # the surface the values belong to
    platform: str | None  # the column key the launch is checked for
    env: Mapping[str, str]  # the environment the engine will start in
    # The target's and the draft's config facts (read only by rules with reads_model, which run once a local
    # config.json was read; other rules see None when there is none, and the draft is None without its own).
    model: ModelView | None
    draft: ModelView | None
    # The CUDA GPU's compute capability (--gpu-arch, or detected on the machine); None: unknown, and a rule
    # whose check needs it does not guess (sglang_checks/gpu_generation.py says so instead)
    gpu: GpuArch | None

    def __init__(self, values: dict[str, object], user_set: set[str], specs: Mapping[str, ArgView] | None = None,
                 platform: str | None = None, env: Mapping[str, str] | None = None, model: ModelView | None = None,
                 draft: ModelView | None = None, gpu: GpuArch | None = None,
                 defaults: Mapping[str, object] | None = None):
        self.values = values
        self.defaults = {} if defaults is None else defaults
        self.user_set = user_set
        self.specs = registry.SPECS if specs is None else specs
        self.platform = platform
        self.env = {} if env is None else env
        self.model = model
        self.draft = draft
        self.gpu = gpu

    if not TYPE_CHECKING:  # mypy reads arguments through the typed fields only, so a misspelt name is an error
        def __getattr__(self, name: str) -> Any:
            try:
                return self.values[name]
            except KeyError:
                raise AttributeError(name) from None

    def changed(self, name: str) -> bool:
        """Set by the user to something other than the default of the release checked against (a flag repeated at
        its default changes nothing).  The other meaning, named whatever its value, is ``sglang_checks.common.given``."""
        return name in self.user_set and self.values[name] != self.defaults.get(name, self.specs[name].default)


class RuleContext(ContextBase, SGLangArguments):
    """The context the compiler builds for every engine's rules; typed as SGLang's rules see it."""


class VllmRuleContext(ContextBase, VllmArguments):
    """vLLM's rules' view of the same context (never built: the compiler's RuleContext holds vLLM's values
    when it checks a vLLM launch); ``model`` is the model facts, vLLM's ``--model`` is ``values["model"]``."""


@record
class Rule:
    id: str
    code: str
    fields: tuple[str, ...]  # the first is the one the finding is reported on
    violated: Callable[[RuleContext], bool]
    message: Text
    hint: Text
    families: frozenset[str] | None = EVERYWHERE
    severity: str = "error"
    source: str | None = None   # where the rule was read: the Ascend table, or SGLang's code (release, file:line)
    extra: Callable[[RuleContext], Mapping[str, object]] | None = None  # computed numbers the messages quote
    # True: when the rule fires, it is the one finding about its reported field's status on this platform (the
    # table's status finding for that field is dropped): "--pp-size 2 is not supported" says more than
    # "--pp-size is experimental", and the two must not give contradicting fixes.
    supersedes_status: bool = False
    # True: the rule reads ``c.model`` (and maybe ``c.draft``, None when the draft has no local config.json), so it
    # runs after the model's config.json is read, and not at all when there is none (a hub id: SGLang reads it at
    # start-up, check-config says the model checks were skipped).
    reads_model: bool = False

    def applies(self, family: str) -> bool:
        return self.families is None or family in self.families

    def reported_field(self, ctx: RuleContext) -> str:
        """The first field of the rule the user actually set, so the finding points at their input."""
        return next((f for f in self.fields if f in ctx.user_set), self.fields[0])


@record
class Parent:
    """Options that only mean something when their parent feature is on."""

    id: str
    parent: str                          # the flag to name in the message
    active: Callable[[RuleContext], bool]
    children: tuple[str, ...]
    value: str | None = None             # the parent's value the children need, named with it ("... DFLASH")


# the code of the finding for an option whose parent feature is off (compiler/check.py)
PARENT_CODE = "AM-W220"
