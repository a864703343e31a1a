"""``POST /v1/chat/completions``."""
from __future__ import annotations

import time
import uuid
from collections.abc import AsyncGenerator
from typing import Any

from fastapi import Request
from fastapi.responses import Response

from .generation import Generation, Job
from .openai_api import ChatCompletionRequest, ChatCompletionResponse
from .serving_base import Serving, chat_logprobs, openai_params, usage
from .streaming import (
    SSEResponse,
    collect,
    cut_event,
    ended_early,
    engine_error_event,
    guarded,
    raise_engine_failure,
    sse,
)


class ChatServing(Serving):
    async def handle(self, req: ChatCompletionRequest, request: Request) -> ChatCompletionResponse | Response:
        st = self.st
        self.admit_openai(req)
        st.limits.check_sequences(1, req.n, "messages")
        stops = st.stops(req.stop)
        ids, text = await st.encode_chat(req)
        params = openai_params(st, req, len(ids))
        rid = req.rid or f"chatcmpl-{uuid.uuid4().hex}"
        job = Job(prompt=ids, params=params, rid=rid, prompt_text=text, stops=stops)
        gen = Generation(st, [job], endpoint="/v1/chat/completions", labels=st.labels(request), stream=req.stream,
                         param="messages", priority=req.priority, owner=self.owner(request))
        created = int(time.time())
        n = req.n

        def chunk_obj(choices: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
            return {"id": rid, "object": "chat.completion.chunk", "created": created, "model": st.model_name,
                    "choices": choices, **extra}

        if req.stream:
            include_usage = bool(req.stream_options and req.stream_options.include_usage)

            async def events() -> AsyncGenerator[bytes, None]:
                for i in range(n):
                    yield sse(chunk_obj([{"index": i, "delta": {"role": "assistant", "content": ""},
                                          "logprobs": None, "finish_reason": None}]))
                async for res, chunk in gen.chunks():
                    if not chunk.text_delta and not chunk.finished and not chunk.logprobs_delta:
                        continue
                    choice: dict[str, Any] = {
                        "index": res.index,
                        "delta": {"content": chunk.text_delta} if chunk.text_delta else {},
                        "logprobs": await chat_logprobs(st, chunk.logprobs_delta) if req.logprobs else None,
                        "finish_reason": res.finish_reason if chunk.finished else None}
                    yield sse(chunk_obj([choice]))
                    if chunk.finished and res.error:
                        yield engine_error_event(res)
                    elif chunk.finished and ended_early(st, res):
                        yield cut_event(st.stream_cut)
                if include_usage:
                    yield sse(chunk_obj([], usage=usage(st, gen.results, n)))

            return SSEResponse(guarded(st, gen, rid, events()), gen)

        results = await collect(request, st, gen)
        if results is None:
            return Response(status_code=499)
        raise_engine_failure(st, results)
        choices = [{"index": r.index, "message": {"role": "assistant", "content": r.text},
                    "logprobs": await chat_logprobs(st, r.logprobs) if req.logprobs else None,
                    "finish_reason": r.finish_reason} for r in results]
        return ChatCompletionResponse.model_validate({"id": rid, "created": created, "model": st.model_name,
                                                      "choices": choices, "usage": usage(st, results, n)})
