"""Incremental detokenisation that never emits half a UTF-8 character.

Byte-level BPE splits a multi-byte character across tokens, and SentencePiece
decoders change a token's text depending on what precedes it, so decoding one
token at a time is wrong.  Following vLLM/TGI: decode a short window before the
unread tokens and the window including them, and emit the difference only once
it no longer ends in U+FFFD (an incomplete character).
"""
from __future__ import annotations

# Prompt tokens kept as left context, so the first output token decodes as it would mid-sentence.
CONTEXT_TOKENS = 6


class IncrementalDetokenizer:
    def __init__(self, tokenizer, prompt_ids: list[int], skip_special_tokens: bool = True):
        self.tokenizer = tokenizer
        self.skip_special_tokens = skip_special_tokens
        self.ids = list(prompt_ids[-CONTEXT_TOKENS:])
        self.prefix_offset = 0
        self.read_offset = len(self.ids)
        self.text = ""                      # the output text so far (complete characters only)

    def _decode(self, ids: list[int]) -> str:
        return self.tokenizer.decode(ids, skip_special_tokens=self.skip_special_tokens,
                                     clean_up_tokenization_spaces=False)

    def add(self, new_ids: list[int]) -> str:
        """Feed output tokens; return the text they completed (possibly empty)."""
        if not new_ids:
            return ""
        self.ids.extend(new_ids)
        before = self._decode(self.ids[self.prefix_offset:self.read_offset])
        after = self._decode(self.ids[self.prefix_offset:])
        if len(after) > len(before) and not after.endswith("\ufffd"):
            delta = after[len(before):]
            self.prefix_offset, self.read_offset = self.read_offset, len(self.ids)
            self.text += delta
            return delta
        return ""

    def flush(self) -> str:
        """At the end: whatever is left, replacement characters and all."""
        if self.read_offset == len(self.ids):
            return ""
        before = self._decode(self.ids[self.prefix_offset:self.read_offset])
        after = self._decode(self.ids[self.prefix_offset:])
        delta = after[len(before):] if after.startswith(before) else after
        self.prefix_offset = self.read_offset = len(self.ids)
        self.text += delta
        return delta
