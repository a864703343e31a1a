"""The engines argmatrix judges launches for: one object per LLM server, in the order commands list them.

``ENGINES`` is the one registry; everything that lists engines (``--engine``, ``explain``, ``matrix``, the
generated pages, ``export --to``) iterates it, so adding an engine is adding one object here.  The objects
load lazily: a command that checks an SGLang launch never imports vLLM's declarations.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator

from ...schema.meta import Text
from .base import Engine, ReleaseLine, Reset, Spelling

__all__ = ["DEFAULT", "ENGINES", "Engine", "ReleaseLine", "Reset", "Spelling", "UnknownEngine", "all_engines",
           "from_launcher", "get", "keys", "register"]

DEFAULT = "sglang"


def _sglang() -> Engine:
    from .sglang import SGLANG

    return SGLANG


def _vllm() -> Engine:
    from .vllm import VLLM

    return VLLM


def _argmatrix() -> Engine:
    from .argmatrix_engine import ARGMATRIX

    return ARGMATRIX


# key -> the loader of its object, run on first use; register() adds ready objects
_LAZY: dict[str, Callable[[], Engine]] = {"sglang": _sglang, "vllm": _vllm, "argmatrix": _argmatrix}
# key -> a word every launch line of a not yet loaded engine has (its program or module), so that reading a pasted
# line loads only the engine it names (tests/architecture/test_launch_imports.py holds them to each ``launchers``)
LAUNCH_WORDS: dict[str, frozenset[str]] = {"sglang": frozenset({"sglang", "sglang.launch_server"}),
                                           "vllm": frozenset({"vllm", "vllm.entrypoints.openai.api_server"}),
                                           "argmatrix": frozenset({"argmatrix"})}
ENGINES: dict[str, Engine] = {}
ALIASES = {"vllm-ascend": "vllm", "vllm_ascend": "vllm", "serve": "argmatrix"}


class UnknownEngine(ValueError):
    def __init__(self, name: str):
        names = ", ".join(keys())
        self.text = Text(f"unknown engine '{name}'; choose one of {names}", f"未知引擎“{name}”；可选：{names}")
        super().__init__(self.text.en)


def keys() -> tuple[str, ...]:
    return tuple(dict.fromkeys([*_LAZY, *ENGINES]))


def get(key: str) -> Engine:
    """The engine object for a key or alias (``vllm-ascend`` is vLLM: its plugin is a platform, not an engine)."""
    name = ALIASES.get(key.strip().lower(), key.strip().lower())
    if name not in ENGINES:
        if name not in _LAZY:
            raise UnknownEngine(key)
        ENGINES[name] = _LAZY[name]()
    return ENGINES[name]


def all_engines() -> Iterator[Engine]:
    return (get(k) for k in keys())


def register(engine: Engine) -> Engine:
    """Add an engine.  Tests use it to show that one object is all an engine needs."""
    if engine.key in keys():
        raise ValueError(f"engine {engine.key!r} is already registered")
    ENGINES[engine.key] = engine
    return engine


def unregister(key: str) -> None:
    ENGINES.pop(key, None)


def from_launcher(argv: list[str]) -> tuple[Engine | None, int]:
    """The engine a pasted launch line names by its first words, and how many words those are."""
    best: tuple[Engine | None, int] = (None, 0)
    if not argv or argv[0].startswith("-"):
        return best  # flags alone: no program words, and no engine need be loaded to say so
    said = {_program(w) for w in argv[:3]}
    for key in keys():
        if key not in ENGINES and key in LAUNCH_WORDS and not said & LAUNCH_WORDS[key]:
            continue  # a lazy engine none of whose launch lines this can be: leave it unloaded
        engine = get(key)
        for words in engine.launchers:
            n = len(words)
            if n > best[1] and [_program(w) for w in argv[:n]] == list(words):
                best = (engine, n)
    return best


def _program(word: str) -> str:
    """``/usr/bin/python3.11`` -> ``python3``: a path or a minor version does not change the program."""
    base = word.rsplit("/", 1)[-1]
    for name in ("python3", "python"):
        rest = base[len(name):].replace(".", "")
        if base.startswith(name) and (rest == "" or rest.isdigit()):
            return name
    return base
