"""Checks a real HTTP response against the OpenAPI schema the server publishes, strictly.

The front end's types are generated from that schema (frontend/src/types/api.gen.ts), so a key the
API sends but the schema lacks is a key the front end cannot see typed, and a documented key the API
never sends is a type that lies. drf-spectacular's component schemas allow extra keys and write
OpenAPI 3.0 ``nullable``; here every object is closed (``additionalProperties: false`` unless the
schema declares a map) and ``nullable`` becomes JSON Schema's null type, then ``jsonschema``
validates the body against the response schema of (path, method, status).
"""
from __future__ import annotations

import copy
from collections.abc import Iterable, Iterator
from functools import lru_cache
from typing import Any

from jsonschema import Draft202012Validator, ValidationError


@lru_cache(maxsize=1)
def openapi_schema() -> dict[str, Any]:
    """The schema exactly as GET /api/schema/ serves it (drf-spectacular's generator, public view)."""
    from drf_spectacular.generators import SchemaGenerator

    return SchemaGenerator().get_schema(request=None, public=True)


def _strict(node: Any) -> Any:
    """OpenAPI 3.0 schema fragment -> closed JSON Schema 2020-12 fragment."""
    if isinstance(node, list):
        return [_strict(item) for item in node]
    if not isinstance(node, dict):
        return node
    out = {key: _strict(value) for key, value in node.items() if key not in ("nullable", "example", "properties")}
    if isinstance(node.get("properties"), dict):  # property names are data, not keywords: keep every one
        out["properties"] = {name: _strict(value) for name, value in node["properties"].items()}
    if "$ref" in out:
        out["$ref"] = out["$ref"].replace("#/components/schemas/", "#/$defs/")
    if out.get("type") == "object" and "properties" in out and "additionalProperties" not in out:
        out["additionalProperties"] = False
    if node.get("nullable"):
        return {"anyOf": [out, {"type": "null"}]}
    return out


def response_schema(path: str, method: str, status: int) -> dict[str, Any]:
    """The closed JSON Schema of one documented response (raises KeyError when it is not documented)."""
    schema = openapi_schema()
    body = schema["paths"][path][method.lower()]["responses"][str(status)]["content"]["application/json"]["schema"]
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$defs": {name: _strict(s) for name, s in schema["components"]["schemas"].items()},
        **_strict(copy.deepcopy(body)),
    }


def contract_errors(body: Any, *, path: str, method: str = "get", status: int = 200) -> list[str]:
    """Every way ``body`` departs from the documented response, as "where: what" lines (empty = conforms)."""
    validator = Draft202012Validator(response_schema(path, method, status))
    return sorted(
        f"{'/'.join(str(p) for p in error.absolute_path) or '(body)'}: {error.message[:300]}"
        for error in _leaves(validator.iter_errors(body))
    )


def _leaves(errors: Iterable[ValidationError]) -> Iterator[ValidationError]:
    """The errors that say what is wrong: inside a nullable (anyOf [X, null]) the reasons X failed, not "not null"."""
    for error in errors:
        inner = [e for e in error.context or [] if e.validator != "type" or e.validator_value != "null"]
        if inner:
            yield from _leaves(inner)
        else:
            yield error


def assert_conforms(response, *, path: str, method: str = "get") -> Any:
    """Assert that a test client's response is exactly what the schema documents for its status; returns the body."""
    body = response.json()
    errors = contract_errors(body, path=path, method=method, status=response.status_code)
    assert not errors, f"{method.upper()} {path} {response.status_code} departs from the schema:\n" + "\n".join(errors)
    return body
