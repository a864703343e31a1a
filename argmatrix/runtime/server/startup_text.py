"""What ``argmatrix serve`` prints while it starts, in both languages (``serve --lang``), and how it prints an error.

Start-up (``launch.py``), the warm-up (``warmup.py``) and the data-parallel front (``replicas.py``) all print
through here, so none of them needs another's module for its words.
"""
from __future__ import annotations

import logging
from typing import Any

from argmatrix.schema.meta import Text

logger = logging.getLogger("argmatrix.server")

# what start-up prints, in both languages (``serve --lang``); the values are filled with str.format
SAY = {
    "loading_size": Text("Loading weights ({size}) and tokenizer from {path}", "正在从 {path} 加载权重（{size}）与分词器"),
    "loading": Text("Loading weights and tokenizer from {path}", "正在从 {path} 加载权重与分词器"),
    "sizing": Text("Sizing the KV pool", "正在确定 KV 缓存池的大小"),
    "allocating": Text("Allocating the KV pool: {pages} pages x {page} tokens ({tokens} tokens, {mib:.1f} MiB)",
                       "正在分配 KV 缓存池：{pages} 页 × 每页 {page} 个 token（共 {tokens} 个 token，{mib:.1f} MiB）"),
    "weights": Text("weights    {size} ({dtype}, {impl} implementation, on {device}) from {dir}",
                    "权重       {size}（{dtype}，{impl} 实现，位于 {device}），来自 {dir}"),
    "tokenizer": Text("tokenizer  {name}, {n} tokens", "分词器     {name}，词表共 {n} 个 token"),
    "no_tokenizer": Text("tokenizer  none (--skip-tokenizer-init: requests send token ids)",
                         "分词器     无（--skip-tokenizer-init：请求直接发送 token ID）"),
    "pool": Text("KV pool    {tokens:,} tokens = {pages:,} pages x {page}, {size}",
                 "KV 缓存池  {tokens:,} 个 token = {pages:,} 页 × 每页 {page} 个，{size}"),
    "limits": Text("limits     context {context:,} tokens, {running} running requests",
                   "上限       上下文 {context:,} 个 token，同时运行 {running} 个请求"),
    "serving": Text("Serving {model} on {url} (OpenAPI: {url}/docs)", "已在 {url} 上提供 {model}（OpenAPI：{url}/docs）"),
    "error": Text("error: ", "错误："),
    "sigterm": Text("SIGTERM during start-up: stopping", "启动期间收到 SIGTERM：正在停止"),
    "interrupted": Text("interrupted during start-up: stopping", "启动期间被中断：正在停止"),
    "warming": Text("Warming up", "正在预热"),
    "warming_one": Text("Warming up: {name}", "正在预热：{name}"),
    "warmed": Text("Warmed up: {names}", "预热完成：{names}"),
}


def say(key: str, lang: str, **values: Any) -> str:
    return SAY[key](lang).format(**values)


def print_error(console: Any, exc: BaseException | str, lang: str) -> None:
    """A start-up error in ``lang``, never read as rich markup (``pip install 'argmatrix[npu]'`` must keep its
    ``[npu]``)."""
    from rich.text import Text as RichText

    from argmatrix.runtime.errors import in_lang

    message = exc if isinstance(exc, str) else in_lang(exc, lang)
    from .logs import LogLines

    if isinstance(getattr(console, "file", None), LogLines):  # --log-format json: an error record, not an info line
        logger.error("%s", message)
        return
    console.print(RichText.assemble((say("error", lang), "bold red"), message), highlight=False)
