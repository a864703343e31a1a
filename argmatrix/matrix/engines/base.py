"""What every engine object is: one class owns the rules of one LLM server.

Platforms are one axis of the matrix (which chip runs the launch), engines the other (which server reads it).
An engine object owns, for its releases: the argument surface its parser reads and how it spells a command
line (``Spelling``), the releases whose flag sets argmatrix holds (``ReleaseLine``), the program it is started
with and the words a pasted launch line begins with, its support per platform (``cell``, ``allowed``,
``default``), its start-up checks as declared rules, and the values it silently replaces (``resets``).
One engine's rules never judge another engine's launch; adding an engine is adding one object to
``ENGINES`` (``engines/__init__.py``).
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from ...records import field, record
from ...schema.meta import MISSING, ObjectKey, Text
from ...schema.registry import ArgSpec
from ...schema.release_numbers import release_numbers
from ...schema.surface import SURFACES, Surface
from ..deploy import Deployable
from ..platforms.base import Platform
from ..rules import Parent, Rule
from ..status import Cell, Note

# how an engine's parser takes "off" for a switch
NEGATE_ANY = "any"            # --no-x and --disable-x/--enable-x for every switch (argmatrix's own reader)
NEGATE_DECLARED = "declared"  # --no-x where the argument is declared negatable (vLLM's BooleanOptionalAction)
NEGATE_RELEASE = "release"    # --no-x where the selected release has it (SGLang: schema/releases.py NO_SPELLING)
# vLLM 0.33's EnableDisableAction: a declared switch --enable-x is turned off with --disable-x (and --disable-x
# with --enable-x); the --no-x of earlier releases still parses
NEGATE_ENABLE_DISABLE = "enable-disable"


NO_DESCRIPTION = Text("", "")


@record
class Spelling:
    """How one engine's parser reads a command line: what ``compiler/sources.py`` applies to its argv."""

    underscores: bool             # --tp_size read as --tp-size
    abbreviations: bool           # argparse's unambiguous prefixes (--tp for --tp-size)
    negation: str                 # NEGATE_ANY | NEGATE_DECLARED | NEGATE_RELEASE
    switch_values: bool           # a switch may be followed by true/false (--flag true)
    dotted_keys: bool = True      # --json-flag.key value merges into a JSON object
    append_plus: bool = True      # --list+ value appends
    short_flags: bool = False     # single-dash aliases (-tp 2)
    positional: str | None = None  # the field a bare first word sets (vLLM's `vllm serve MODEL`)
    optimization_shorthand: bool = False  # vLLM's -O3 (-O.key value: a --compilation-config key)
    source: str = ""              # where these rules were read


@record
class KvConnectors:
    """The connector names a launch's ``--kv-transfer-config`` ``kv_connector`` may give on one platform and
    release: each with who registers it (``by``: the engine or its platform plugin) and where."""

    engine: str                              # "vLLM 0.34.0": the release that refuses any other name
    refused_at: str                          # where it does (file:line)
    refused_in: tuple[str, ...]              # every held release with the same refusal
    registered: Mapping[str, tuple[str, str]]  # name -> (who registers it, "file:line")
    held_by: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # name -> every held release/plugin with it
    plugin_only: Mapping[str, tuple[str, str]] = field(default_factory=dict)  # a plugin's names, off its platform
    plugin: str = ""                         # the platform plugin whose names are in ``registered`` ("vLLM-Ascend main")


@record
class ReleaseLine:
    """The releases of one engine whose flag sets argmatrix holds, and which flags each has."""

    name: str                     # "SGLang", "vLLM": how messages name the engine
    option: str                   # the CLI option that picks a release (--sglang-version)
    env_var: str                  # the environment variable that does the same
    oldest: str
    newest: str                   # the default
    held: tuple[str, ...]         # releases whose whole flag set was read from the wheel
    introduced: Mapping[str, str] = field(default_factory=dict)  # field -> first release that has it
    removed: Mapping[str, str] = field(default_factory=dict)     # field -> first release that refuses it
    successors: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # removed field -> flags in its place
    # the engine's own reader of its release facts, when it has one (SGLang: schema.releases.exists_in), so the
    # line asks it instead of repeating its dates
    reader: Callable[[str, str], bool] | None = None
    # only the held releases are known (vLLM: the releases between two held ones were never read, and may differ)
    held_only: bool = False
    # flag -> (what to write instead and why, where that was read): the words a person keeps beside a removal the
    # fixtures date (vLLM: schema/vllm/removed.py), for a flag whose last release names no successor
    instead: Callable[[str], tuple[Text, str] | None] | None = None

    @staticmethod
    def parse(text: str) -> tuple[int, ...]:
        """``"0.32.0"`` -> ``(0, 32, 0)``, ``"0.33"`` -> ``(0, 33, 0)``; ValueError otherwise."""
        return release_numbers(text, 2)

    def covers(self, text: str) -> bool:
        try:
            if self.held_only:
                return self.parse(text) in {self.parse(h) for h in self.held}
            return self.parse(self.oldest) <= self.parse(text) <= self.parse(self.newest)
        except ValueError:
            return False

    def normal(self, text: str) -> str:
        return ".".join(str(p) for p in self.parse(text))

    def exists_in(self, name: str, release: str) -> bool:
        if self.reader is not None:
            return self.reader(name, release)
        r = self.parse(release)
        if name in self.introduced and r < self.parse(self.introduced[name]):
            return False
        return not (name in self.removed and r >= self.parse(self.removed[name]))


@record
class Reset:
    """A value the engine silently replaces at start-up on some platforms: reported as a warning."""

    id: str
    field: str                    # the argument whose value is replaced
    families: frozenset[str] | None   # platform families where it happens (None: everywhere)
    when: Any                     # callable(values) -> bool
    becomes: Any
    reason: Text
    source: str                   # file:line where the engine does it
    owner: str = ""               # who does it, when not the engine itself (a platform plugin: "vLLM-Ascend")


@record
class Required:
    """A field the engine's parser or start-up refuses to go without."""

    field: str
    example: str                  # a value to suggest in the fix, e.g. "Qwen/Qwen3-8B"
    source: str                   # where the engine requires it


@record(eq=False)
class Engine:
    """One LLM server argmatrix judges launches for.  Subclasses decide the per-platform answers."""

    key: str                               # sglang | vllm | argmatrix
    title: Text                            # "SGLang"
    surface_key: str                       # which argument surface its parser reads (schema/surface.py)
    program: tuple[str, ...]               # what `argmatrix launch` execs, before the flags
    launchers: tuple[tuple[str, ...], ...]  # the words a pasted launch line may start with
    spelling: Spelling
    releases: ReleaseLine | None = None    # None: one build, no release to pick (argmatrix's own serve)
    reads_environment: bool = False        # reads ARGMATRIX_* variables as arguments
    config_field: str | None = "config"    # the field naming its --config file
    description: Text = NO_DESCRIPTION
    # derivations (compiler/derive.py) the engine performs itself at start-up, so `launch` need not pass them
    derives: frozenset[str] = frozenset()
    # release -> how its parser spells a command line from that release on (none: ``spelling`` throughout)
    spelling_since: Mapping[str, Spelling] = field(default_factory=dict)
    # fields the engine refuses to start without (argparse ``required=True`` and the like), each with where that
    # was read; compiler/check.py reports a missing one as AM-E011
    required: tuple[Required, ...] = ()
    # the Python distribution whose installed version is the release that would run (None: nothing to detect)
    distribution: str | None = None
    # how it runs in a Kubernetes pod and across a LeaderWorkerSet group (matrix/deploy.py; export --to k8s);
    # None: argmatrix cannot write a manifest for it
    deploy: Deployable | None = None

    def spelling_for(self, release: str | None) -> Spelling:
        """The spelling rules of ``release`` (the newest change at or before it), else ``spelling``."""
        if release is None or not self.spelling_since:
            return self.spelling
        r = ReleaseLine.parse(release)
        found = [(ReleaseLine.parse(k), v) for k, v in self.spelling_since.items() if ReleaseLine.parse(k) <= r]
        return max(found, key=lambda kv: kv[0])[1] if found else self.spelling

    def __hash__(self) -> int:
        return hash(self.key)

    def __repr__(self) -> str:
        return f"<Engine {self.key}>"

    @property
    def surface(self) -> Surface:
        return SURFACES[self.surface_key]

    # --- support, per platform --------------------------------------------------------------------------------
    def cell(self, spec: ArgSpec, platform: Platform) -> Cell:
        """The status of ``spec`` when this engine runs on ``platform``."""
        raise NotImplementedError

    def allowed(self, spec: ArgSpec, platform: Platform) -> tuple[Any, ...] | None:
        """The values this engine takes for ``spec`` on ``platform``, or None when the type's own set applies."""
        return None

    def offered(self, spec: ArgSpec, platform: Platform) -> tuple[Any, ...] | None:
        """What a message may suggest: the allowed values, else the type's."""
        values = self.allowed(spec, platform)
        return values if values is not None else spec.choices

    def value_cell(self, spec: ArgSpec, platform: Platform, value: Any) -> Cell | None:
        """The status of one value of ``spec`` on ``platform`` when it differs from the argument's (None: same)."""
        return None

    def default(self, spec: ArgSpec, platform: Platform) -> Any:
        """What this engine uses on ``platform`` when ``spec`` is left unset (``MISSING``: the declared default)."""
        return MISSING

    def default_in(self, spec: ArgSpec, release: str | None) -> Any:
        """What ``release``'s parser gives ``spec`` when it is left unset, where that differs by release (``MISSING``:
        the declared default); a platform's default (``default``) still wins over it."""
        return MISSING

    def choices_in(self, spec: ArgSpec, release: str) -> tuple[Any, ...] | None:
        """The values ``release``'s parser takes for ``spec`` where they differ by release (None: the type's)."""
        return None

    def bounds_in(self, spec: ArgSpec, release: str) -> Mapping[str, Any] | None:
        """The bounds ``release`` puts on a number (``{"gt": 0, "le": 1}``; None: none known)."""
        return None

    def deprecated_in(self, spec: ArgSpec, release: str) -> Mapping[str, Any] | None:
        """How ``release``'s parser deprecates ``spec`` where that differs by release: ``successors`` (flags),
        ``effect`` (``ignored`` or ``stores``), ``removed_in`` (what it announces); None: not deprecated."""
        return None

    def notes(self, spec: ArgSpec, platform: Platform) -> tuple[Note, ...]:
        return ()

    # --- start-up behaviour ---------------------------------------------------------------------------------------
    def rules(self) -> Sequence[Rule]:
        """Cross-field checks, the engine's own start-up checks among them, each citing its source."""
        return ()

    def release_diff(self, old: str, new: str) -> dict[str, Any]:
        """What changed from held release ``old`` to ``new`` (``matrix/release_diff.py`` renders it)."""
        raise NotImplementedError(f"{self.key} has no releases to compare")

    def rule_holds(self, rule: Rule, release: str | None) -> bool:
        """Whether ``release``'s code has the check ``rule`` ports (None: no release is checked, every rule holds)."""
        return True

    def parents(self) -> Sequence[Parent]:
        """Options that mean something only when their parent feature is on."""
        return ()

    def resets(self) -> Sequence[Reset]:
        """Values the engine replaces at start-up without failing."""
        return ()

    def view(self, values: Mapping[str, Any], platform: str | None, env: Mapping[str, str]) -> Mapping[str, Any]:
        """What the engine's own predicates (resets, plugin checks) read: the resolved values, by default."""
        return values

    def object_keys(self, name: str, platform: Platform, release: str | None = None) -> Mapping[str, ObjectKey] | None:
        """The documented keys of JSON-object argument ``name`` on ``platform`` (None: not documented), as
        ``release`` reads them (None: the newest held)."""
        return None

    def kv_connectors(self, platform: Platform, release: str | None = None) -> KvConnectors | None:
        """The KV connector names the engine ``release`` registers on ``platform`` (None: not checked)."""
        return None

    def release_defaults(self, release: str) -> Mapping[str, Any]:
        """field -> the value ``release`` of this engine starts from when nobody sets it, where that is not the
        declared default (``default_in``, read from the release's own parser); computed once per release."""
        cache = self.__dict__.setdefault("_release_defaults", {})
        if release not in cache:
            found = {name: self.default_in(spec, release) for name, spec in self.surface.specs.items()}
            cache[release] = MappingProxyType({name: value for name, value in found.items()
                                               if value is not MISSING and value != self.surface.specs[name].default})
        return cache[release]  # type: ignore[no-any-return]

    def defaults_by_release(self, spec: ArgSpec) -> list[tuple[str, str, Any]]:
        """``(first, last, default)`` per run of held releases with one default for ``spec``, where the held
        releases' own defaults are not all the declared one (empty: the declared default everywhere)."""
        return []

    def release_default(self, env: Mapping[str, str]) -> str | None:
        return self.pick_release(env)[0]

    def pick_release(self, env: Mapping[str, str]) -> tuple[str | None, str]:
        """The release a launch is judged by when no option names one, and where that came from: the environment
        variable, else the release installed here (``installed.py``), else the newest held."""
        if self.releases is None:
            return None, ""
        if env.get(self.releases.env_var):
            return env[self.releases.env_var], f"env:{self.releases.env_var}"
        if self.distribution is not None:
            from .installed import installed_release

            found = installed_release(self.distribution)
            if found is not None:
                return found, f"installed:{self.distribution}"
        return self.releases.newest, "newest"
