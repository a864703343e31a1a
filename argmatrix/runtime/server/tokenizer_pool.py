"""Tokenization, chat templating and detokenization off the event loop.

Like SGLang's tokenizer manager, but threads instead of a process: the Rust
tokenizer and Jinja release the interpreter often enough that ``/health``
answers in milliseconds while a long prompt is being encoded.  A few workers
keep one huge prompt from queueing every other request behind it.
"""
from __future__ import annotations

import asyncio
import functools
import os
from concurrent.futures import ThreadPoolExecutor
from typing import Any

DEFAULT_WORKERS = max(2, min(4, (os.cpu_count() or 2)))


class TokenizerPool:
    def __init__(self, tokenizer: Any, workers: int = DEFAULT_WORKERS):
        self.tokenizer = tokenizer
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="argmatrix-tokenizer")

    async def run(self, fn: Any, *args: Any, **kwargs: Any) -> Any:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, functools.partial(fn, *args, **kwargs))

    # -- the work ------------------------------------------------------------
    def _encode(self, text: str) -> list[int]:
        return list(self.tokenizer.encode(text))      # with special tokens, as the engine would

    def _encode_plain(self, text: str) -> list[int]:
        return list(self.tokenizer(text, add_special_tokens=False)["input_ids"])

    def _decode(self, ids: list[int]) -> str:
        return self.tokenizer.decode(ids)

    def _token_strings(self, ids: list[int]) -> list[str]:
        tok = self.tokenizer
        return [tok.decode([t], skip_special_tokens=False, clean_up_tokenization_spaces=False) for t in ids]

    async def encode(self, text: str) -> list[int]:
        return await self.run(self._encode, text)

    async def encode_plain(self, text: str) -> list[int]:
        return await self.run(self._encode_plain, text)

    async def decode(self, ids: list[int]) -> str:
        return await self.run(self._decode, ids)

    async def token_strings(self, ids: list[int]) -> list[str]:
        """Each token's own text (for logprobs); ``token_id:N`` without a tokenizer."""
        if self.tokenizer is None:
            return [f"token_id:{t}" for t in ids]
        if not ids:
            return []
        return await self.run(self._token_strings, ids)

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
