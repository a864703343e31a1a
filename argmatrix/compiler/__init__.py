"""From sources to a checked configuration: merge, record provenance, validate, derive, check."""
from .compile import Compiled, CompileError, CompileOptions, compile, from_cli
from .findings import Finding

__all__ = ["CompileError", "CompileOptions", "Compiled", "Finding", "compile", "from_cli"]
