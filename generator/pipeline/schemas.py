"""JSON Schemas of every content file kind, for editors (``pnp schema``).

The schemas come straight from the models, so the documentation an editor shows on hover is
the one written beside each field; the types that read input of their own form (lengths,
colours, ...) give their schema themselves.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import msgspec

from ..content.schema import DATA_KEY, GameSpec, ItemsFile, LayoutSpec
from ..content.table import TableSpec
from ..rules.models import GlossaryFile, SourceFile, TranslationFile


def _models() -> dict[str, type]:

    return {
        "game": GameSpec,
        "items": ItemsFile,
        "layout": LayoutSpec,
        "table": TableSpec,
        "glossary": GlossaryFile,
        "rules-source": SourceFile,
        "rules-translation": TranslationFile,
    }


def _hook(tp: type) -> dict[str, Any]:
    schema = getattr(tp, "json_schema", None)
    if schema is None:
        raise NotImplementedError
    return dict(schema)


def schemas() -> dict[str, dict[str, Any]]:
    """Each file kind's JSON Schema."""
    out = {}
    for name, model in _models().items():
        (ref,), defs = msgspec.json.schema_components([model], schema_hook=_hook)
        for model_schema in defs.values():
            if model_schema.get("properties", {}).pop(DATA_KEY, None) is not None:
                model_schema.pop("additionalProperties", None)  # other keys are its data
        root = ref["$ref"].rsplit("/", 1)[-1]
        body = defs[root]
        if f'"{ref["$ref"]}"' not in json.dumps(defs):  # the root is not nested in itself
            del defs[root]
        schema: dict[str, Any] = {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            **body,
            "title": f"pnp {name} file",
            "$defs": defs,
        }
        out[name] = schema
    return out


def write_schemas(out_dir: Path) -> list[Path]:
    """Write ``<kind>.schema.json`` files into ``out_dir``."""
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for name, schema in schemas().items():
        path = out_dir / f"{name}.schema.json"
        path.write_text(json.dumps(schema, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        written.append(path)
    return written
