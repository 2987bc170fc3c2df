"""Field types shared by every schema model: lengths, box dimensions, colours, ids, texts.

Models are msgspec structs (:class:`Model`); a field is documented with
``Annotated[T, doc("...")]``. The types here that read user input in a form of their own
(``"63.5mm"`` becomes points, ``"#ABC"`` becomes ``"#aabbcc"``) are small classes with a
``from_data`` class method, which :func:`~generator.content.validate.convert` calls; each also
carries the JSON Schema that ``pnp schema`` writes for it, so editors can complete and check it.
"""

import re
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal

import msgspec
from msgspec import Meta

from ..layout.units import MM, parse_length
from ..locale import _

Lang = Literal["en", "zh-Hant", "zh-Hans"]  # LANGS, spelt out for the type checker


class Model(msgspec.Struct, kw_only=True, frozen=True, forbid_unknown_fields=True, cache_hash=True):
    """Base of every content model: unknown keys are errors, instances are immutable (and
    hashed once: a box is a key of the expander's memories).

    A subclass may define ``prepare(data)`` (a class method) to reshape raw data before it is
    converted, and ``__post_init__`` for checks that span several fields (raise ValueError).
    A subclass may keep ``retired`` (a ClassVar: key -> message marked with ``N_``) for keys of
    a former format, so a file that still has one is told how it is written now.
    """

    def replace(self, **changes: Any) -> Any:
        """A copy with ``changes`` applied (no validation, as for a constructor)."""
        return msgspec.structs.replace(self, **changes)

    def plain(self) -> dict[str, Any]:
        """Plain data (file key names, None values left out), as written in a content file."""
        out = to_builtins(self)
        return {k: v for k, v in out.items() if v is not None}


def _builtin(value: Any) -> Any:
    if isinstance(value, str):
        return str(value)
    if isinstance(value, float):
        return float(value)
    if isinstance(value, Dim):
        return f"{value.value * 100:g}%" if value.relative else f"{value.value:g}pt"
    raise NotImplementedError(f"cannot write {type(value).__name__}")


def to_builtins(value: Any) -> Any:
    """``value`` (a model, or data holding models) as plain dicts, lists, texts and numbers."""
    return msgspec.to_builtins(value, enc_hook=_builtin)


class Tagged(Model, tag_field="kind", frozen=True, kw_only=True):
    """A model chosen by its ``kind`` key among the members of a union."""

    @property
    def kind(self) -> str:
        """The ``kind`` this model was chosen by."""
        return str(self.__struct_config__.tag)


def doc(description: str, **constraints: Any) -> Meta:
    """Field documentation (and msgspec constraints such as ``ge=``, ``max_length=``)."""
    return Meta(description=description, **constraints)


def mm(value: float) -> float:
    """Millimetres as points, for defaults written in code."""
    return value * MM


def _mm_text(points: float) -> str:
    return f"{points / MM:g}mm"


_LENGTH_PATTERN = r"^\s*-?(\d+(\.\d*)?|\.\d+)\s*(mm|cm|in|pt)?\s*$"
_UNIT_PATTERN = r"^\s*(\d+(\.\d*)?|\.\d+)\s*(mm|cm|in|pt)\s*$|^\s*0*(\.0*)?\s*$"


class _Length(float):
    """A length in points, read from a number (millimetres) or text with mm, cm, in or pt."""

    bounds: ClassVar[tuple[float, float] | None] = None
    noun: ClassVar[str] = ""  # "line width": a range error names the value (its key does not)
    json_schema: ClassVar[dict[str, Any]] = {
        "description": "A length: a number with mm, cm, in or pt (a bare number is millimetres).",
        "anyOf": [{"type": "number"}, {"type": "string", "pattern": _LENGTH_PATTERN}],
    }

    @classmethod
    def from_data(cls, value: Any) -> "_Length":
        """Read a user's value; ValueError with a message fit for a user when it is not one."""
        result = parse_length(value)
        assert isinstance(result, float)
        if cls.bounds is not None:
            lo, hi = cls.bounds
            if not lo <= result <= hi:
                low, high = _mm_text(lo), _mm_text(hi)
                raise ValueError(
                    _("a line width must be between {low} and {high}").format(low=low, high=high)
                    if cls.noun == "line width"
                    else _("must not be negative")
                    if lo == 0 and result < 0
                    else _("must be between {low} and {high}").format(low=low, high=high)
                )
        return cls(result)


class _TrimLength(_Length):
    """An item's trim width or height: 1mm to 3m."""

    bounds = (mm(1), mm(3000))


class _SheetLength(_Length):
    """A bleed, gap or margin: 0 to 50mm, with its unit (a bare 3 could mean 3mm or 1/8in)."""

    bounds = (0.0, mm(50))
    json_schema: ClassVar[dict[str, Any]] = {
        "description": "A length with its unit: 3mm, 0.125in, 0.3cm or 9pt (0 needs none).",
        "anyOf": [{"const": 0}, {"type": "string", "pattern": _UNIT_PATTERN}],
    }

    @classmethod
    def from_data(cls, value: Any) -> "_Length":
        """A bare number other than 0 is refused: a sheet length says its unit."""
        bare = isinstance(value, (int, float)) and not isinstance(value, bool)
        if isinstance(value, str) and re.fullmatch(r"\s*-?(\d+(\.\d*)?|\.\d+)\s*", value):
            bare, value = True, float(value)
        if bare and value != 0:
            raise ValueError(
                _(
                    "{value} has no unit; write {value}mm or {value}in (a bleed or gap "
                    "must say which)"
                ).format(value=f"{value:g}")
            )
        return super().from_data(value)


class _DieLength(_Length):
    """A die's or a die label's edge: 5mm to 60mm."""

    bounds = (mm(5), mm(60))


class _CellLength(_Length):
    """The size of a grid cell: 1mm to 500mm."""

    bounds = (mm(1), mm(500))


class _LineWidth(_Length):
    """A line width: 0 to 20mm."""

    bounds = (0.0, mm(20))
    noun = "line width"


class _FontSize(float):
    """A font size in points: a bare number is points, as in every word processor."""

    json_schema: ClassVar[dict[str, Any]] = {
        "description": "A font size: a number of points, or a length with pt, mm, cm or in.",
        "anyOf": [
            {"type": "number", "minimum": 1, "maximum": 300},
            {"type": "string", "pattern": r"^\s*(\d+(\.\d*)?|\.\d+)\s*(mm|cm|in|pt)?\s*$"},
        ],
    }

    @classmethod
    def from_data(cls, value: Any) -> "_FontSize":
        """Read a user's value; ValueError when it is not a size from 1pt to 300pt."""
        number = isinstance(value, (int, float)) and not isinstance(value, bool)
        result = parse_length(f"{value}pt" if number else value)
        assert isinstance(result, float)
        if not 1.0 <= result <= 300.0:
            raise ValueError(
                _("{value!r} is not a font size between 1pt and 300pt").format(value=value)
            )
        return cls(result)


MAX_ABSOLUTE = mm(3000)  # the largest face a component may have
MAX_RELATIVE = 10.0  # ten times the face


class Dim:
    """A box coordinate: absolute points, or a fraction of the face's width or height."""

    __slots__ = ("value", "relative", "_hash")
    value: float
    relative: bool
    non_negative: ClassVar[bool] = False
    json_schema: ClassVar[dict[str, Any]] = {
        "description": "A length (mm, cm, in, pt) or a percentage of the face (50%).",
        "anyOf": [
            {"type": "number"},
            {"type": "string", "pattern": r"^\s*-?(\d+(\.\d*)?|\.\d+)\s*(mm|cm|in|pt|%)?\s*$"},
        ],
    }

    def __init__(self, value: float, relative: bool = False) -> None:
        self.value = value
        self.relative = relative
        self._hash = hash((value, relative))

    def resolve(self, whole: float) -> float:
        """The coordinate in points, given the face's width or height it is relative to."""
        return self.value * whole if self.relative else self.value

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Dim) and self.value == other.value and self.relative == other.relative
        )

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return f"Dim({self.value!r}, {self.relative!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.value, self.relative))

    @classmethod
    def from_data(cls, value: Any) -> "Dim":
        """Read a length or a percentage of the face."""
        if isinstance(value, Dim):
            return cls(value.value, value.relative)
        result = parse_length(value, allow_percent=True)
        dim = cls(result[0], True) if isinstance(result, tuple) else cls(result, False)
        if cls.non_negative and dim.value < 0:
            raise ValueError(_("must not be negative"))
        if abs(dim.value) > (MAX_RELATIVE if dim.relative else MAX_ABSOLUTE):
            raise ValueError(
                _("{value!r} is larger than any face: at most 3000mm or 1000%").format(value=value)
            )
        return dim


def dim_default(value: float, relative: bool = False) -> Any:
    """A field default of a fixed coordinate (made anew for each model; JSON has no Dim)."""
    return msgspec.field(default_factory=lambda: Dim(value, relative))


class Extent(Dim):
    """A box's width or height: a length or percentage that is not negative."""

    __slots__ = ()
    non_negative = True


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
        raise ValueError(
            _("expected a colour such as '#a03020' or a name (black, white, red, ...)")
        )
    v = value.strip()
    if v.lower() in _NAMED_COLOURS:
        return _NAMED_COLOURS[v.lower()]
    if _HEX.match(v):
        if len(v) == 4:
            v = "#" + "".join(c * 2 for c in v[1:])
        return v.lower()
    raise ValueError(
        _("{value!r} is not a colour; use #rgb, #rrggbb or one of {known}").format(
            value=value, known=", ".join(sorted(_NAMED_COLOURS))
        )
    )


class _Colour(str):
    """A colour, normalised to ``#rrggbb`` (or ``none``)."""

    __slots__ = ()
    json_schema: ClassVar[dict[str, Any]] = {
        "type": "string",
        "description": "#rgb, #rrggbb, or a colour name (black, white, red, ...).",
    }

    @classmethod
    def from_data(cls, value: Any) -> "_Colour":
        """Read ``#rgb``, ``#rrggbb`` or a colour name."""
        return cls(_colour(value))


class _ColourTemplate(str):
    """A colour, or a template whose result is checked as a colour when it is evaluated."""

    __slots__ = ()
    json_schema: ClassVar[dict[str, Any]] = {
        "type": "string",
        "description": "A colour (#rgb, #rrggbb or a name) or a template giving one.",
    }

    @classmethod
    def from_data(cls, value: Any) -> "_ColourTemplate":
        """Keep a template as it is; normalise a colour."""
        if isinstance(value, str) and "{" in value:
            return cls(value)
        return cls(_colour(value))


# Type checkers see the plain values these types hold; the reading classes are for runtime.
if TYPE_CHECKING:
    from typing import TypeAlias

    Length: TypeAlias = float
    TrimLength: TypeAlias = float
    SheetLength: TypeAlias = float
    DieLength: TypeAlias = float
    CellLength: TypeAlias = float
    LineWidth: TypeAlias = float
    FontSize: TypeAlias = float
    Colour: TypeAlias = str
    ColourTemplate: TypeAlias = str
else:
    Length, TrimLength, SheetLength = _Length, _TrimLength, _SheetLength
    DieLength, CellLength, LineWidth = _DieLength, _CellLength, _LineWidth
    FontSize, Colour, ColourTemplate = _FontSize, _Colour, _ColourTemplate


def colour_value(value: str) -> str | None:
    """The normalised colour of a template's result, or None when it is not a colour."""
    try:
        return _colour(value)
    except ValueError:
        return None


Slug = Annotated[
    str,
    Meta(
        pattern=r"^[a-z0-9][a-z0-9_-]{0,63}$",
        description="Lower-case id: letters, digits, - and _.",
    ),
]

LocalText = Annotated[
    str | dict[Lang, str],
    Meta(
        description="One text for every language, or one per language: {en: ..., zh-Hant: ..., zh-Hans: ...}."
    ),
]
