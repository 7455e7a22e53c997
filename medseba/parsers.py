"""Request body parsers that refuse hostile JSON with a 400 instead of failing with a 500.

Python's JSON decoder recurses once per nesting level, so a 2 kB body such as
``{"question": [[[[...]]]]}`` nested ~1,000 levels deep raises ``RecursionError``; and a
body a few hundred levels deep still parses but makes every later recursive walk (DRF's
serializers, our own error flattening) expensive. No MedSEBA endpoint takes anything nested
deeper than a few levels, so anything beyond ``MAX_JSON_DEPTH`` is bad input.
"""
from __future__ import annotations

from typing import Any

from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

# The deepest request body any endpoint accepts is {"filters": {"publication_types": [...]}}: 3 levels.
MAX_JSON_DEPTH = 16
TOO_DEEP_MESSAGE = f"The JSON body is nested too deeply (more than {MAX_JSON_DEPTH} levels)."


def json_depth_exceeds(value: Any, limit: int) -> bool:
    """True when ``value`` nests lists/objects more than ``limit`` levels deep (iterative: no recursion)."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children if isinstance(child, (dict, list)))
    return False


class BoundedJSONParser(JSONParser):
    """DRF's JSON parser, plus a nesting limit: too deep answers 400 (``parse_error``), never a RecursionError."""

    def parse(self, stream, media_type=None, parser_context=None) -> Any:
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError as exc:
            raise ParseError(TOO_DEEP_MESSAGE) from exc
        if json_depth_exceeds(data, MAX_JSON_DEPTH):
            raise ParseError(TOO_DEEP_MESSAGE)
        return data
