"""argmatrix: an executable support matrix for SGLang-style LLM server arguments.

``argmatrix.compile(argv, config=..., env=..., target=..., overrides=...)`` checks a launch
configuration (see :mod:`argmatrix.compiler`); it is loaded on first use so ``import argmatrix``
stays cheap.
"""
__version__ = "0.2.0"  # the one place the version is written: pyproject.toml reads it from here
__all__ = ["compile"]


def __getattr__(name: str):
    if name == "compile":
        from .compiler import compile

        return compile
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
