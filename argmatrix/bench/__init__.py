"""A serving benchmark client for OpenAI-compatible servers (``argmatrix bench``); no torch, no model."""
