"""The HTTP routes, one router per API: OpenAI-compatible, native (SGLang), admin, health and metrics.

Routes only parse, pick the serving object (:func:`services`, through ``Depends``)
and declare their response models; the work is in the ``serving_*`` modules.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from fastapi import Request

if TYPE_CHECKING:
    from ..state import ServerState


@dataclass(frozen=True)
class Services:
    state: ServerState
    completions: Any
    chat: Any
    generate: Any
    info: Any
    admin: Any


def make_services(state: ServerState) -> Services:
    from ..serving_admin import AdminServing
    from ..serving_chat import ChatServing
    from ..serving_completions import CompletionServing
    from ..serving_generate import GenerateServing
    from ..serving_info import InfoServing

    return Services(state, CompletionServing(state), ChatServing(state), GenerateServing(state), InfoServing(state),
                    AdminServing(state))


def services(request: Request) -> Services:
    return request.app.state.services
