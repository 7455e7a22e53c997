"""JSON-schema building blocks for the prompts' structured output."""
from __future__ import annotations

from typing import Any


def strict_object(properties: dict[str, Any]) -> dict[str, Any]:
    """An object schema in OpenAI's strict structured-output form: every property required, no other allowed.

    Strict mode rejects a schema whose objects leave a property optional or allow extra ones, so every
    object in every prompt's schema is built here rather than restating ``required`` beside its properties.
    """
    return {
        "type": "object",
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
    }


def array_of(items: dict[str, Any]) -> dict[str, Any]:
    """An array schema whose every item is ``items``."""
    return {"type": "array", "items": items}
