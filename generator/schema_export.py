"""JSON Schemas of every content file kind, for editors (``pnp schema``).

The schemas come straight from the pydantic models, so the documentation an editor shows on
hover is the one written beside each field.
"""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import BaseModel

from .content.schema import GameSpec, ItemsFile, LayoutSpec


def _models() -> dict[str, type[BaseModel]]:
    models: dict[str, type[BaseModel]] = {
        "game": GameSpec,
        "items": ItemsFile,
        "layout": LayoutSpec,
    }
    try:  # sections owned by the companion and the rule sheets
        from .content.table import TableSpec

        models["table"] = TableSpec
    except ImportError:
        pass
    try:
        from .rules.models import GlossaryFile, SourceFile, TranslationFile

        models["glossary"] = GlossaryFile
        models["rules-source"] = SourceFile
        models["rules-translation"] = TranslationFile
    except ImportError:
        pass
    return models


def schemas() -> dict[str, dict]:
    """Each file kind's JSON Schema."""
    out = {}
    for name, model in _models().items():
        schema = model.model_json_schema(mode="validation")
        schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
        schema.setdefault("title", f"pnp {name} file")
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
