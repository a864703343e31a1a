"""OpenAI-compatible routes: ``/v1/models``, ``/v1/completions``, ``/v1/chat/completions``."""
from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request

from ..bodies import body_openapi, parsed_body
from ..openai_api import (
    ERROR_RESPONSES,
    ChatCompletionRequest,
    ChatCompletionResponse,
    CompletionRequest,
    CompletionResponse,
    ModelCard,
    ModelList,
)
from ..streaming import SSE_OPENAPI
from . import Services, services

router = APIRouter(tags=["openai"])
Svc = Annotated[Services, Depends(services)]
STREAMED: dict[int | str, dict[str, Any]] = {**ERROR_RESPONSES, 200: SSE_OPENAPI}


@router.get("/v1/models", response_model=ModelList, responses=ERROR_RESPONSES)
async def list_models(svc: Svc) -> ModelList:
    return svc.info.models()


@router.get("/v1/models/{model_id:path}", response_model=ModelCard, responses=ERROR_RESPONSES)
async def get_model(model_id: str, svc: Svc) -> ModelCard:
    return svc.info.model(model_id)


# bodies parsed off the event loop (bodies.py); the schema still shows them
@router.post("/v1/completions", response_model=CompletionResponse, responses=STREAMED,
             openapi_extra=body_openapi(CompletionRequest))
async def completions(req: Annotated[CompletionRequest, parsed_body(CompletionRequest)], request: Request,
                      svc: Svc) -> Any:
    return await svc.completions.handle(req, request)


@router.post("/v1/chat/completions", response_model=ChatCompletionResponse, responses=STREAMED,
             openapi_extra=body_openapi(ChatCompletionRequest))
async def chat_completions(req: Annotated[ChatCompletionRequest, parsed_body(ChatCompletionRequest)],
                           request: Request, svc: Svc) -> Any:
    return await svc.chat.handle(req, request)
