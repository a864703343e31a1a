"""Model override args: adjusting the model configuration and default sampling settings without editing the
checkpoint."""

from typing import Annotated

from ..meta import Arg, Group, Text
from ..types import JsonObject

GROUP = Group('model_override', Text(en='Model override args', zh='模型配置覆盖参数'))


class ModelOverrideArgs:

    json_model_override_args: Annotated[JsonObject, Arg(
        '--json-model-override-args',
        help=Text(
            en=(
                "JSON object whose keys replace the matching fields of the model's config.json at load time, for "
                "example to change rope_scaling or max_position_embeddings. Empty means no overrides."
            ),
            zh=(
                "以 JSON 对象给出的模型配置覆盖项，加载时替换 config.json 里的同名字段，"
                "例如修改 rope_scaling 或 max_position_embeddings。为空表示不做覆盖。"
            ),
        ),
    )] = {}

    preferred_sampling_params: Annotated[JsonObject | None, Arg(
        '--preferred-sampling-params',
        help=Text(
            en=(
                "JSON object of sampling parameters that the server applies to any request leaving them unset; they "
                "are also reported by /get_model_info. Unset adds no defaults."
            ),
            zh=(
                "以 JSON 给出的一组采样参数：请求里没有显式指定的项会采用这些值，"
                "同时也会在模型信息接口（get_model_info）中返回。不设置则不附加任何默认值。"
            ),
        ),
    )] = None
