"""Field types shared by every schema model: lengths, box dimensions, colours, ids, texts.

Each type validates and normalises user input (``"63.5mm"`` becomes points) and describes
itself in the JSON Schema written by ``pnp schema`` so editors can complete and check it.
"""

import re
from typing import Annotated, Any, Literal, NamedTuple

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, WithJsonSchema

from ..layout.units import MM, parse_length

LANGS: tuple[str, ...] = ("en", "zh-Hant", "zh-Hans")
Lang = Literal["en", "zh-Hant", "zh-Hans"]


class Model(BaseModel):
    """Base of every content model: unknown keys are errors, instances are immutable."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True, defer_build=True)


def mm(value: float) -> float:
    """Millimetres as points, for defaults written in code."""
    return value * MM


def _length(value: Any) -> float:
    result = parse_length(value)
    assert isinstance(result, float)
    return result


_LENGTH_SCHEMA = {
    "description": "A length: a number with mm, cm, in or pt (a bare number is millimetres).",
    "anyOf": [
        {"type": "number"},
        {"type": "string", "pattern": r"^\s*-?(\d+(\.\d*)?|\.\d+)\s*(mm|cm|in|pt)?\s*$"},
    ],
}

Length = Annotated[float, BeforeValidator(_length), WithJsonSchema(_LENGTH_SCHEMA)]


def _line_width(value: Any) -> float:
    result = _length(value)
    if not 0 <= result <= 20 * MM:
        raise ValueError("a line width must be between 0 and 20mm")
    return result


LineWidth = Annotated[float, BeforeValidator(_line_width), WithJsonSchema(_LENGTH_SCHEMA)]


def _font_size(value: Any) -> float:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        value = f"{value}pt"  # a bare number is points, as in every word processor
    result = parse_length(value)
    assert isinstance(result, float)
    if not 1.0 <= result <= 300.0:
        raise ValueError(f"{value!r} is not a font size between 1pt and 300pt")
    return result


FontSize = Annotated[
    float,
    BeforeValidator(_font_size),
    WithJsonSchema(
        {
            "description": "A font size: a number of points, or a length with pt, mm, cm or in.",
            "anyOf": [
                {"type": "number", "minimum": 1, "maximum": 300},
                {"type": "string", "pattern": r"^\s*(\d+(\.\d*)?|\.\d+)\s*(mm|cm|in|pt)?\s*$"},
            ],
        }
    ),
]


class Dim(NamedTuple):
    """A box coordinate: absolute points, or a fraction of the face's width or height."""

    value: float
    relative: bool = False

    def resolve(self, whole: float) -> float:
        """The coordinate in points, given the face's width or height it is relative to."""
        return self.value * whole if self.relative else self.value


def _dim(value: Any) -> Dim:
    if isinstance(value, Dim):
        return value
    result = parse_length(value, allow_percent=True)
    if isinstance(result, tuple):
        return Dim(result[0], True)
    return Dim(result, False)


DimField = Annotated[
    Dim,
    BeforeValidator(_dim),
    WithJsonSchema(
        {
            "description": "A length (mm, cm, in, pt) or a percentage of the face (50%).",
            "anyOf": [
                {"type": "number"},
                {"type": "string", "pattern": r"^\s*-?(\d+(\.\d*)?|\.\d+)\s*(mm|cm|in|pt|%)?\s*$"},
            ],
        }
    ),
]

_NAMED_COLOURS = {
    "black": "#000000",
    "white": "#ffffff",
    "red": "#c0392b",
    "green": "#2e7d32",
    "blue": "#1f4e9c",
    "yellow": "#f2c230",
    "grey": "#808080",
    "gray": "#808080",
    "brown": "#7a5230",
    "orange": "#e67e22",
    "purple": "#6c3483",
    "none": "none",
}
_HEX = re.compile(r"^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")


def _colour(value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError("expected a colour such as '#a03020' or a name (black, white, red, ...)")
    v = value.strip()
    if v.lower() in _NAMED_COLOURS:
        return _NAMED_COLOURS[v.lower()]
    if _HEX.match(v):
        if len(v) == 4:
            v = "#" + "".join(c * 2 for c in v[1:])
        return v.lower()
    raise ValueError(
        f"{value!r} is not a colour; use #rgb, #rrggbb or one of {', '.join(sorted(_NAMED_COLOURS))}"
    )


Colour = Annotated[
    str,
    BeforeValidator(_colour),
    WithJsonSchema(
        {
            "type": "string",
            "description": "#rgb, #rrggbb, or a colour name (black, white, red, ...).",
        }
    ),
]


def _colour_or_template(value: Any) -> str:
    if isinstance(value, str) and "{" in value:
        return value  # a template: its result is checked as a colour when it is evaluated
    return _colour(value)


ColourTemplate = Annotated[
    str,
    BeforeValidator(_colour_or_template),
    WithJsonSchema(
        {
            "type": "string",
            "description": "A colour (#rgb, #rrggbb or a name) or a template giving one.",
        }
    ),
]


def colour_value(value: str) -> str | None:
    """The normalised colour of a template's result, or None when it is not a colour."""
    try:
        return _colour(value)
    except ValueError:
        return None


Slug = Annotated[
    str,
    Field(
        pattern=r"^[a-z0-9][a-z0-9_-]{0,63}$",
        description="Lower-case id: letters, digits, - and _.",
    ),
]

LocalText = Annotated[
    str | dict[Lang, str],
    Field(
        description="One text for every language, or one per language: {en: ..., zh-Hant: ..., zh-Hans: ...}."
    ),
]


def is_local_text(value: Any) -> bool:
    """Whether a data value is a per-language text mapping."""
    return isinstance(value, dict) and bool(value) and all(k in LANGS for k in value)
