"""Negation scope for bag-of-words features: "did not improve survival" -> "did not neg_improve neg_survival".

A NegEx-style cue window (Chapman et al., 2001): the few words after a negation cue are
marked until punctuation or a contrast word ends the scope, so TF-IDF can tell "improved
survival" from "did not improve survival". Cheap enough for the request path (no model).
"""
from __future__ import annotations

import re

NEGATION_CUES = re.compile(
    r"^(?:no|not|never|without|neither|nor|none|cannot|fail|failed|fails|lack|lacks|lacked|absence|unable|"
    r"n't|nothing|insufficient|ineffective)$"
)
_SCOPE_ENDS = re.compile(r"^(?:[.,;:!?()]|but|however|although|whereas|while|except|yet)$")
_TOKEN = re.compile(r"n't|[a-z0-9][a-z0-9\-']*|[.,;:!?()]")
SCOPE_WORDS = 4
PREFIX = "neg_"


def negation_scoped(text: str, *, window: int = SCOPE_WORDS) -> str:
    """Lower-cased tokens, with those inside a negation's scope prefixed by ``neg_`` (punctuation dropped)."""
    out: list[str] = []
    remaining = 0
    for token in _TOKEN.findall(text.lower().replace("n't", " n't")):
        if _SCOPE_ENDS.match(token):
            remaining = 0
            continue
        if NEGATION_CUES.match(token):
            remaining = window
            out.append(token)
            continue
        out.append(PREFIX + token if remaining else token)
        if remaining:
            remaining -= 1
    return " ".join(out)
