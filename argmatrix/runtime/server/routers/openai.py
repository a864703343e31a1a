"""OpenAI-compatible routes: ``/v1/models``, ``/v1/completions``, ``/v1/chat/completions``."""
from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request

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


@router.post("/v1/completions", response_model=CompletionResponse, responses=STREAMED)
async def completions(req: CompletionRequest, request: Request, svc: Svc) -> Any:
    return await svc.completions.handle(req, request)


@router.post("/v1/chat/completions", response_model=ChatCompletionResponse, responses=STREAMED)
async def chat_completions(req: ChatCompletionRequest, request: Request, svc: Svc) -> Any:
    return await svc.chat.handle(req, request)
