"""Operator routes: the full server info, flushing the cache (GET or POST, as SGLang takes it), aborting requests
(POST only)."""
from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request

from ..openai_api import ERROR_RESPONSES, AbortRequest, AbortResponse, FlushCacheResponse, ServerInfoAdmin
from . import Services, services

router = APIRouter(tags=["admin"])
Svc = Annotated[Services, Depends(services)]
ADMIN_ERRORS = {**ERROR_RESPONSES, 403: ERROR_RESPONSES[401] | {"description": "Needs the admin API key"},
                409: ERROR_RESPONSES[400] | {"description": "Requests are running; retry when idle"}}


@router.get("/get_server_info/admin", response_model=ServerInfoAdmin, responses=ADMIN_ERRORS,
            summary="Resolved arguments (secrets redacted) with their sources, platform, running requests")
async def get_server_info_admin(svc: Svc) -> ServerInfoAdmin:
    return svc.info.server_info_admin()


@router.api_route("/flush_cache", methods=["GET", "POST"], response_model=FlushCacheResponse,
                  responses=ADMIN_ERRORS, summary="Empty the prefix cache (refused while requests run)")
async def flush_cache(svc: Svc) -> FlushCacheResponse:
    return await svc.admin.flush_cache()


@router.post("/abort_request", response_model=AbortResponse, responses=ADMIN_ERRORS,
             summary="Abort a request by id (yours; any with the admin key); its stream ends with 'abort'")
async def abort_request(body: AbortRequest, request: Request, svc: Svc) -> AbortResponse:
    return await svc.admin.abort(body, request)
