"""``POST /v1/completions``."""
from __future__ import annotations

import time
import uuid
from collections.abc import AsyncGenerator

from fastapi import Request
from fastapi.responses import Response

from .generation import Generation, Job
from .openai_api import CompletionRequest, CompletionResponse
from .serving_base import Serving, completion_logprobs, openai_params, requested_max_tokens, usage
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


class CompletionServing(Serving):
    async def handle(self, req: CompletionRequest, request: Request) -> CompletionResponse | Response:
        st = self.st
        self.admit_openai(req)
        prompt = req.prompt
        if isinstance(prompt, str):
            prompts: list[str | list[int]] = [prompt]
        elif prompt and isinstance(prompt[0], int):
            prompts = [list(prompt)]  # type: ignore[arg-type]
        else:
            prompts = list(prompt)  # type: ignore[arg-type]
        if not prompts or any(len(p) == 0 for p in prompts):
            from .errors import bad_request

            raise bad_request("'prompt' is empty", param="prompt")
        # every limit that needs no tokenizer first
        st.limits.check_sequences(len(prompts), req.n, "prompt")
        stops = st.stops(req.stop)
        params = openai_params(st, req, None)
        max_tokens, max_param = requested_max_tokens(req)
        rid = req.rid or f"cmpl-{uuid.uuid4().hex}"
        jobs = []
        for i, p in enumerate(prompts):
            ids = await st.prompt_ids(p, "prompt")
            st.limits.check_max_tokens(max_tokens, len(ids), max_param)
            text = p if isinstance(p, str) else None
            if req.echo and text is None:
                text = await st.tokpool.decode(ids) if st.tokenizer is not None else ""
            jobs.append(Job(prompt=ids, params=params, rid=rid if len(prompts) == 1 else f"{rid}-p{i}",
                            base_index=i * req.n, prompt_text=text, stops=stops))
        n = req.n
        gen = Generation(st, jobs, endpoint="/v1/completions", labels=st.labels(request), stream=req.stream,
                         param="prompt", priority=req.priority, owner=self.owner(request))
        echo_text = {j.base_index + k: (j.prompt_text or "") for j in jobs for k in range(n)} if req.echo else {}
        created = int(time.time())
        base = {"id": rid, "object": "text_completion", "created": created, "model": st.model_name}

        if req.stream:
            include_usage = bool(req.stream_options and req.stream_options.include_usage)

            async def events() -> AsyncGenerator[bytes, None]:
                for index, text in sorted(echo_text.items()):
                    yield sse({**base, "choices": [{"index": index, "text": text, "logprobs": None,
                                                    "finish_reason": None}]})
                offsets = dict.fromkeys(range(len(jobs) * n), 0)
                async for res, chunk in gen.chunks():
                    if not chunk.text_delta and not chunk.finished and not chunk.logprobs_delta:
                        continue
                    lp = None
                    if req.logprobs is not None:
                        lp = await completion_logprobs(st, chunk.logprobs_delta, offsets[res.index])
                        offsets[res.index] += sum(len(t) for t in lp["tokens"])
                    yield sse({**base, "choices": [{"index": res.index, "text": chunk.text_delta, "logprobs": lp,
                                                    "finish_reason": res.finish_reason if chunk.finished
                                                    else None}]})
                    if chunk.finished and res.error:
                        yield engine_error_event(res)
                    elif chunk.finished and ended_early(st, res):
                        yield cut_event(st.stream_cut)
                if include_usage:
                    yield sse({**base, "choices": [], "usage": usage(st, gen.results, n)})

            return SSEResponse(guarded(st, gen, rid, events()), gen)

        results = await collect(request, st, gen)
        if results is None:
            return Response(status_code=499)
        raise_engine_failure(st, results)
        choices = []
        for r in results:
            echo = echo_text.get(r.index, "")
            lp = await completion_logprobs(st, r.logprobs, len(echo)) if req.logprobs is not None else None
            choices.append({"index": r.index, "text": echo + r.text, "logprobs": lp,
                            "finish_reason": r.finish_reason})
        return CompletionResponse.model_validate({**base, "choices": choices, "usage": usage(st, results, n)})
