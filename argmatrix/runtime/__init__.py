"""The serving engine: continuous batching over a paged KV cache with a radix prefix cache.

Nothing heavy is imported here: ``import argmatrix.runtime`` must stay cheap and
torch-free.  Import the engine itself from ``argmatrix.runtime.engine``.
"""
