"""argmatrix: an executable support matrix for SGLang-style LLM server arguments."""
__version__ = "0.1.0"
