"""Which chat template the server renders conversations with.

``--chat-template`` wins: a file (``.jinja``/``.j2``/any text file, or a JSON
file with a ``chat_template`` key), an inline Jinja template, or one of the
built-in names below.  Otherwise ``--hf-chat-template-name`` picks one of the
tokenizer's named templates.  Otherwise the tokenizer's own template is used.
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ...schema.model import ServerArgs

BUILTIN_TEMPLATES: dict[str, str] = {
    "chatml": (
        "{% for message in messages %}"
        "<|im_start|>{{ message['role'] }}\n{{ message['content'] }}<|im_end|>\n"
        "{% endfor %}"
        "{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}"
    ),
    "llama-3-instruct": (
        "{{ bos_token }}{% for message in messages %}"
        "<|start_header_id|>{{ message['role'] }}<|end_header_id|>\n\n{{ message['content'] | trim }}<|eot_id|>"
        "{% endfor %}"
        "{% if add_generation_prompt %}<|start_header_id|>assistant<|end_header_id|>\n\n{% endif %}"
    ),
    "plain": (
        "{% for message in messages %}{{ message['role'] }}: {{ message['content'] }}\n{% endfor %}"
        "{% if add_generation_prompt %}assistant: {% endif %}"
    ),
}


@dataclass(frozen=True)
class ChatTemplate:
    template: str | None     # the Jinja source, None when the model has none
    origin: str              # for logs and /get_model_info


def resolve(args: ServerArgs, tokenizer: Any) -> ChatTemplate:
    """Pick the template; raise ``ValueError`` naming the flag when it cannot be found."""
    if args.chat_template:
        value = args.chat_template
        if os.path.isfile(value):
            with open(value, encoding="utf-8") as fh:
                text = fh.read()
            if value.endswith(".json"):
                try:
                    data = json.loads(text)
                except ValueError as exc:
                    raise ValueError(f"--chat-template {value}: not valid JSON ({exc})") from None
                template = data.get("chat_template") if isinstance(data, dict) else None
                if not isinstance(template, str):
                    raise ValueError(f"--chat-template {value}: a JSON template file needs a string "
                                     "'chat_template' key")
                text = template
            return ChatTemplate(text, f"file {value}")
        if "{{" in value or "{%" in value:
            return ChatTemplate(value, "inline --chat-template")
        if value in BUILTIN_TEMPLATES:
            return ChatTemplate(BUILTIN_TEMPLATES[value], f"built-in '{value}'")
        raise ValueError(f"--chat-template {value!r}: no such file and no built-in template of that name "
                         f"(built-ins: {', '.join(sorted(BUILTIN_TEMPLATES))})")
    templates = getattr(tokenizer, "chat_template", None) if tokenizer is not None else None
    if args.hf_chat_template_name:
        name = args.hf_chat_template_name
        if isinstance(templates, dict):
            if name in templates:
                return ChatTemplate(templates[name], f"tokenizer template '{name}'")
            available = sorted(templates)
        else:
            available = ["default"] if templates else []
            if name == "default" and templates:
                return ChatTemplate(templates, "tokenizer template 'default'")
        raise ValueError(f"--hf-chat-template-name {name!r}: the tokenizer has no template of that name "
                         f"(it has: {', '.join(available) or 'none'})")
    if isinstance(templates, dict):
        if "default" in templates:
            return ChatTemplate(templates["default"], "tokenizer template 'default'")
        first = min(templates)
        return ChatTemplate(templates[first], f"tokenizer template '{first}'")
    if templates:
        return ChatTemplate(templates, "tokenizer")
    return ChatTemplate(None, "none")


def check(template: ChatTemplate) -> None:
    """Refuse to start with a template that does not even parse (every chat request would fail)."""
    if template.template is None:
        return
    import jinja2
    from jinja2.sandbox import ImmutableSandboxedEnvironment

    try:
        ImmutableSandboxedEnvironment(extensions=["jinja2.ext.loopcontrols"]).parse(template.template)
    except jinja2.TemplateSyntaxError as exc:
        raise ValueError(f"the chat template ({template.origin}) is not valid Jinja: {exc.message} "
                         f"(line {exc.lineno}); fix it or pass another one with --chat-template") from None


def render(tokenizer: Any, template: str, messages: list[dict[str, Any]], add_generation_prompt: bool,
           continue_final_message: bool, kwargs: dict[str, Any]) -> str:
    """The conversation as text.  The template refusing the messages (``raise_exception``, a missing
    variable) is the client's 400; any other failure is the server's."""
    import jinja2

    from .errors import bad_request

    try:
        return tokenizer.apply_chat_template(messages, chat_template=template, tokenize=False,
                                             add_generation_prompt=add_generation_prompt,
                                             continue_final_message=continue_final_message, **kwargs)
    except jinja2.TemplateError as exc:
        raise bad_request(f"the chat template rejected these messages: {exc}", param="messages") from None
    except ValueError as exc:      # transformers' own checks (e.g. continue_final_message)
        raise bad_request(f"the chat template rejected these messages: {exc}", param="messages") from None
