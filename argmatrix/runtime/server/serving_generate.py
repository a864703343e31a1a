"""``POST /generate``: SGLang's native endpoint (text or token ids, ``sampling_params``, ``stream``)."""
from __future__ import annotations

import uuid
from collections.abc import AsyncGenerator
from typing import Any

from fastapi import Request
from fastapi.responses import Response

from .errors import bad_request
from .generation import ChoiceResult, Generation, Job
from .openai_api import GenerateOutput, GenerateRequest
from .serving_base import Serving
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

# SGLang's default max_new_tokens for /generate
DEFAULT_MAX_NEW_TOKENS = 128


class GenerateServing(Serving):
    async def handle(self, req: GenerateRequest, request: Request) -> GenerateOutput | list[GenerateOutput] | Response:
        st = self.st
        args = st.args
        st.check_accepting()
        if (req.text is None) == (req.input_ids is None):
            raise bad_request("give exactly one of 'text' and 'input_ids'", param="text")
        if req.text is not None:
            batch = isinstance(req.text, list)
            prompts: list[Any] = list(req.text) if batch else [req.text]
            param = "text"
        else:
            ids = req.input_ids or []
            batch = bool(ids) and isinstance(ids[0], list)
            # the model admits list[int] or list[list[int]], never a mix
            prompts = [list(p) for p in ids if isinstance(p, list)] if batch else [
                [i for i in ids if isinstance(i, int)]]
            param = "input_ids"
        if not prompts or any(len(p) == 0 for p in prompts):
            raise bad_request(f"'{param}' is empty", param=param)
        sp = req.sampling_params
        explicit = sp.model_dump(exclude_unset=True) if sp is not None else {}
        n = int(explicit.get("n") or 1)
        st.limits.check_sequences(len(prompts), n, param)
        stops = st.stops(explicit.pop("stop", None))
        given_max = explicit.get("max_new_tokens")
        if "max_new_tokens" not in explicit and "max_new_tokens" not in st.preferred:
            explicit["max_new_tokens"] = DEFAULT_MAX_NEW_TOKENS
        if req.return_logprob:
            explicit["logprobs"] = True
            explicit["top_logprobs"] = req.top_logprobs_num
        if given_max is not None:
            st.limits.check_max_tokens(given_max, None, "sampling_params.max_new_tokens")
        params = st.sampling(explicit)
        if isinstance(req.rid, list):
            if not batch or len(req.rid) != len(prompts):
                raise bad_request("'rid' must be a list with one id per prompt for a batch, a string otherwise",
                                  param="rid")
            rids = list(req.rid)
        elif req.rid is not None:
            if batch:
                raise bad_request("'rid' must be a list with one id per prompt for a batch", param="rid")
            rids = [req.rid]
        else:
            base = uuid.uuid4().hex
            rids = [base] if not batch else [f"{base}-{i}" for i in range(len(prompts))]
        jobs = []
        for i, (p, r) in enumerate(zip(prompts, rids)):
            ids = await st.prompt_ids(p, param)
            if given_max is not None:
                st.limits.check_max_tokens(given_max, len(ids), "sampling_params.max_new_tokens")
            jobs.append(Job(prompt=ids, params=params, rid=r, base_index=i * n,
                            prompt_text=p if isinstance(p, str) else None, stops=stops))
        gen = Generation(st, jobs, endpoint="/generate", labels=st.labels(request), stream=req.stream,
                         param=param, priority=req.priority, owner=self.owner(request))
        many = batch or n > 1

        def out(res: ChoiceResult, text: str, ids: list[int], lps: list[Any], finished: bool) -> dict[str, Any]:
            rid = res.rid if n == 1 else f"{res.rid}-{res.index % n}"
            meta: dict[str, Any] = {"id": rid, "finish_reason": {"type": res.finish_reason} if finished else None,
                                    "prompt_tokens": res.prompt_tokens, "completion_tokens": res.completion_tokens,
                                    "cached_tokens": res.cached_tokens, "weight_version": args.weight_version}
            if finished:
                meta["e2e_latency"] = res.meta()["e2e_latency"]
                if res.error:              # the exception text is in the server log, never in a response
                    meta["error"] = "the engine failed while generating; the server log has the details"
            if req.return_logprob:
                meta["output_token_logprobs"] = [[e.logprob, e.token_id, None] for e in lps]
                if req.top_logprobs_num:
                    meta["output_top_logprobs"] = [[[lp, t, None] for t, lp in e.top] for e in lps]
            d: dict[str, Any] = {"text": text, "output_ids": ids, "meta_info": meta}
            if many:
                d["index"] = res.index
            return d

        if req.stream:
            incremental = bool(args.incremental_streaming_output)

            async def events() -> AsyncGenerator[bytes, None]:
                async for res, chunk in gen.chunks():
                    if not chunk.text_delta and not chunk.token_ids_delta and not chunk.finished:
                        continue
                    if incremental:
                        yield sse(out(res, chunk.text_delta, list(chunk.token_ids_delta), chunk.logprobs_delta,
                                      chunk.finished))
                    else:
                        yield sse(out(res, res.text, list(res.token_ids), res.logprobs, chunk.finished))
                    if chunk.finished and res.error:
                        yield engine_error_event(res)
                    elif chunk.finished and ended_early(st, res):
                        yield cut_event(st.stream_cut)

            return SSEResponse(guarded(st, gen, rids[0], events()), gen)

        results = await collect(request, st, gen)
        if results is None:
            return Response(status_code=499)
        raise_engine_failure(st, results)
        outs = [GenerateOutput(**out(r, r.text, r.token_ids, r.logprobs, True)) for r in results]
        return outs if many else outs[0]
