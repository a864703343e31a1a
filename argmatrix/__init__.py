"""argmatrix: an executable support matrix for SGLang-style LLM server arguments.

``argmatrix.compile(argv, argmatrix.CompileOptions(target=..., env=..., config=..., overrides=...))`` checks a
launch configuration (see :mod:`argmatrix.compiler`); it is loaded on first use so ``import argmatrix`` stays cheap.
"""
__version__ = "0.2.0"  # the one place the version is written: pyproject.toml reads it from here
__all__ = ["CompileOptions", "compile"]


def __getattr__(name: str):
    if name == "compile":
        from .compiler import compile

        return compile
    if name == "CompileOptions":
        from .compiler import CompileOptions

        return CompileOptions
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
