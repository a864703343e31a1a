"""Other parameters (deficient): arguments that run on Ascend NPUs but with known functional gaps upstream."""

from typing import Annotated

from ..meta import Arg, Group, Text

GROUP = Group('deficient', Text(en='Other Params (deficient)', zh='其他参数（社区版存在功能缺陷）'))


class DeficientArgs:

    tool_server: Annotated[str | None, Arg(
        '--tool-server',
        help=Text(
            en="Tool servers the model may call for built-in tools: 'demo' for the bundled demo tools, or several "
               "tool server URLs separated by commas. Unset means no tool server is connected.",
            zh="模型调用内置工具时可用的工具服务器：填 demo 使用自带的演示工具，或填写一个或多个服务器地址（URL，"
               "多个时用逗号隔开）。不设置时不连接任何工具服务器。",
        ),
    )] = None
