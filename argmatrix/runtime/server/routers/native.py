"""SGLang's native routes: ``/generate``, ``/model_info``, ``/server_info``, ``/version``, and the names SGLang
deprecated but still serves, ``/get_model_info`` and ``/get_server_info`` (SGLang 0.5.23 http_server.py)."""
from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request

from ..bodies import body_openapi, parsed_body
from ..openai_api import ERROR_RESPONSES, GenerateOutput, GenerateRequest, ModelInfo, ServerInfo, VersionInfo
from ..streaming import SSE_OPENAPI
from . import Services, services

router = APIRouter(tags=["native"])
Svc = Annotated[Services, Depends(services)]


@router.post("/generate", response_model=GenerateOutput | list[GenerateOutput],
             responses={**ERROR_RESPONSES, 200: SSE_OPENAPI}, openapi_extra=body_openapi(GenerateRequest),
             summary="SGLang's native generate: text or input_ids, sampling_params, stream")
async def generate(req: Annotated[GenerateRequest, parsed_body(GenerateRequest)], request: Request,
                   svc: Svc) -> Any:
    return await svc.generate.handle(req, request)


@router.get("/model_info", response_model=ModelInfo, responses=ERROR_RESPONSES, summary="The served model")
@router.get("/get_model_info", response_model=ModelInfo, responses=ERROR_RESPONSES, deprecated=True,
            summary="The served model (SGLang's former name of /model_info)")
async def get_model_info(svc: Svc) -> ModelInfo:
    return svc.info.model_info()


@router.get("/server_info", response_model=ServerInfo, responses=ERROR_RESPONSES,
            summary="Limits, engine stats and request counts (the full configuration: /get_server_info/admin)")
@router.get("/get_server_info", response_model=ServerInfo, responses=ERROR_RESPONSES, deprecated=True,
            summary="Limits, engine stats and request counts (SGLang's former name of /server_info)")
async def get_server_info(svc: Svc) -> ServerInfo:
    return svc.info.server_info()


@router.get("/version", response_model=VersionInfo, responses=ERROR_RESPONSES)
async def version(svc: Svc) -> VersionInfo:
    return svc.info.version()
