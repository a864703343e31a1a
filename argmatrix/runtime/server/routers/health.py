"""``/health``, ``/health_generate`` and ``/metrics``."""
from __future__ import annotations

import asyncio
import uuid
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse, Response

from ..errors import APIError, error_body
from ..generation import Generation, Job
from ..openai_api import ERROR_RESPONSES
from ..streaming import collect
from . import Services, services

router = APIRouter(tags=["health"])
Svc = Annotated[Services, Depends(services)]
# Seconds /health_generate waits for one token.
HEALTH_GENERATE_TIMEOUT_S = 20.0
UNHEALTHY: dict[int | str, dict[str, Any]] = {200: {"description": "Healthy (an empty body)"},
             503: ERROR_RESPONSES[503] | {"description": "Unhealthy (the body says why)"}}


def _unhealthy(why: str) -> JSONResponse:
    return JSONResponse(error_body(f"unhealthy: {why}", "server_error"), status_code=503)


@router.get("/health", responses=UNHEALTHY, response_class=Response, summary="200 while the engine runs and the server accepts requests")
async def health(svc: Svc) -> Response:
    st = svc.state
    if st.fatal or st.draining or not st.engine_alive():
        return _unhealthy(st.fatal or ("shutting down" if st.draining else "the engine loop is not running"))
    return Response(status_code=200)


@router.get("/health_generate", responses={**ERROR_RESPONSES, **UNHEALTHY}, response_class=Response, summary="Generate one token; 200 when that works")
async def health_generate(request: Request, svc: Svc) -> Response:
    st = svc.state
    st.check_accepting()
    prompt = [0] if st.tokenizer is None else await st.tokpool.encode("health")
    job = Job(prompt=prompt, rid=f"HEALTH_CHECK_{uuid.uuid4().hex}",
              params=st.SamplingParams(max_new_tokens=1, temperature=0.0, ignore_eos=True))
    try:
        gen = Generation(st, [job], endpoint="/health_generate", labels={}, stream=False, param="prompt")
        results = await asyncio.wait_for(collect(request, st, gen), HEALTH_GENERATE_TIMEOUT_S)
        if results is None:
            return Response(status_code=499)
    except (asyncio.TimeoutError, APIError) as exc:
        return _unhealthy(exc.message if isinstance(exc, APIError) else
                          f"no token within {HEALTH_GENERATE_TIMEOUT_S:.0f}s")
    if results[0].error or not results[0].completion_tokens:
        return _unhealthy(results[0].error or "no token generated")
    return Response(status_code=200)


@router.get("/metrics", response_class=Response, responses={**ERROR_RESPONSES, 200: {"content": {"text/plain": {"schema": {"type": "string"}}},
                                                           "description": "Prometheus text format"}},
            summary="Prometheus metrics (with --enable-metrics)")
async def metrics(svc: Svc) -> Response:
    st = svc.state
    if st.metrics is None:
        raise APIError(404, "metrics are off; start the server with --enable-metrics", code="not_found")
    body, ctype = st.metrics.render()
    return Response(body, media_type=ctype)
