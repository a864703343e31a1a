"""Forward hooks: attaching user-supplied PyTorch forward hooks to model modules for inspection or modification."""

from typing import Annotated

from ..meta import Arg, Group, Text
from ..types import JsonList

GROUP = Group('forward_hooks', Text(en='Forward hooks', zh='前向钩子'))


class ForwardHooksArgs:

    forward_hooks: Annotated[JsonList | None, Arg(
        '--forward-hooks',
        help=Text(
            en=(
                "JSON list of forward hooks to register. Each entry needs target_modules (glob patterns matched "
                "against module names from model.named_modules()) and hook_factory (an import path like "
                "mypkg.hooks:make_hook); an optional name is used in logs and an optional config dict is passed to the "
                "factory."
            ),
            zh=(
                "要注册的前向钩子列表（JSON 格式）。每一项都要包含两个字段：target_modules 与 hook_factory。"
                "前者是一组通配模式，用来匹配模型中各模块的名称；后者是工厂函数的导入路径，如 mypkg.fwd:build。"
                "可选的 name 用于日志显示，可选的 config 字典会传给工厂函数。"
            ),
        ),
    )] = None
