"""Configuration file support: loading server arguments from a YAML file instead of typing them on the command line."""

from typing import Annotated

from ..meta import Arg, Group, Text

GROUP = Group('config_file', Text(en='Configuration file support', zh='配置文件支持'))


class ConfigFileArgs:

    config: Annotated[str | None, Arg(
        '--config',
        help=Text(
            en="Path to a YAML file whose keys are server argument names (e.g. tp-size: 2). Its values are read "
               "first; any flag also given on the command line overrides them.",
            zh="YAML 配置文件路径，文件中的键即服务器参数名（例如 tp-size: 2）。文件内容先被读取，"
               "命令行上同时给出的参数会覆盖其中的值。",
        ),
    )] = None
