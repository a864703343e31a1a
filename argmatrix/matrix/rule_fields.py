"""The arguments a rule reads, as typed attributes: for type checkers only.

``rule_fields.pyi`` (written by ``argmatrix docs generate`` from the schema, kept fresh by ``argmatrix docs
check``) declares every SGLang and vLLM argument with its declared type, so mypy checks each rule condition
(``c.tp_size`` is an ``int``, ``c.model_path`` a ``str | None``).  At run time these classes are empty:
``RuleContext`` reads an argument from its resolved values.
"""


class SGLangArguments:
    """Every SGLang server argument, typed (see rule_fields.pyi)."""


class VllmArguments:
    """Every ``vllm serve`` argument, typed (see rule_fields.pyi), except ``model``: the context's ``model`` is
    the model's facts."""
