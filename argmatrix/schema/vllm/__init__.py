"""vLLM's ``vllm serve`` arguments, declared the way argmatrix declares SGLang's (``argmatrix/schema/groups``)."""
