"""Schema of the rule-sheet sources: ``glossary.yaml``, ``en.yaml`` and the translations.

A game's ``rules/`` folder holds a glossary (term id -> English, Traditional and Simplified
renderings), the English source (sections with stable ids made of typed blocks) and one file
per translation with the same sections, blocks in the same order and of the same kinds, and a
``source_hash`` that records which English version each section translates. These models are
validated with :func:`generator.content.validate.validate`, so every error is located.
"""

from typing import Annotated, Any, ClassVar, Literal

from msgspec import Meta, field

from ..content.types import Lang, Model, Slug, doc
from ..locale import _

BLOCK_KINDS: tuple[str, ...] = ("p", "steps", "list", "table", "callout")
MAX_SECTIONS = 200
MAX_BLOCKS = 200
MAX_TEXT = 4000
MAX_AVOID = 20
_ATTR = {"p": "p", "steps": "steps", "list": "bullets", "table": "table", "callout": "callout"}


class Text(str):
    """A text of a rule sheet: not blank, at most MAX_TEXT characters."""

    __slots__ = ()
    json_schema: ClassVar[dict[str, Any]] = {
        "type": "string",
        "minLength": 1,
        "maxLength": MAX_TEXT,
    }

    @classmethod
    def from_data(cls, value: Any) -> "Text":
        """Read a user's text; ValueError when it is blank or too long."""
        if not isinstance(value, str):
            raise ValueError(_("expected a text, got {value!r}").format(value=value))
        if not value.strip():
            raise ValueError(_("text must not be empty"))
        if len(value) > MAX_TEXT:
            raise ValueError(
                _("text is {count} characters; the limit is {max_text}").format(
                    count=len(value), max_text=MAX_TEXT
                )
            )
        return cls(value)


class Rendering(str):
    """A glossary rendering: not blank, without the ``[[`` ``]]`` of term references."""

    __slots__ = ()
    json_schema: ClassVar[dict[str, Any]] = {"type": "string", "minLength": 1}

    @classmethod
    def from_data(cls, value: Any) -> "Rendering":
        """Read a rendering; ValueError when it is blank or holds [[ or ]]."""
        if not isinstance(value, str):
            raise ValueError(_("expected a text, got {value!r}").format(value=value))
        if not value.strip():
            raise ValueError(_("rendering must not be empty"))
        if "[[" in value or "]]" in value:
            raise ValueError(_("a rendering cannot contain [[ or ]]"))
        return cls(value)


class Synonym(str):
    """A word a reader could take for a glossary term: 1 to 40 characters."""

    __slots__ = ()
    json_schema: ClassVar[dict[str, Any]] = {"type": "string", "minLength": 1, "maxLength": 40}

    @classmethod
    def from_data(cls, value: Any) -> "Synonym":
        """Read a synonym; ValueError when it is blank or longer than 40 characters."""
        if not isinstance(value, str) or not value.strip() or len(value) > 40:
            raise ValueError(
                _("a synonym is 1 to 40 characters, not {value!r}").format(value=value)
            )
        return cls(value)


class GlossaryTerm(Model, frozen=True, kw_only=True):
    """One term and its approved rendering in every language."""

    en: Annotated[
        Rendering, doc("English rendering, printed in English sheets and after first uses.")
    ]
    zh_hant: Annotated[Rendering, doc("Traditional Chinese rendering.")] = field(name="zh-Hant")
    zh_hans: Annotated[
        Rendering,
        doc("Simplified Chinese rendering, written out: it is protected from conversion."),
    ] = field(name="zh-Hans")
    note: Annotated[str | None, doc("A note for translators; never printed.")] = None
    avoid: Annotated[
        dict[Lang, Annotated[list[Synonym], Meta(max_length=MAX_AVOID)]],
        doc(
            "Synonyms a reader could take for this term, per language (e.g. zh-Hant: [改良]): "
            "`pnp rules check` reports them in any sheet that uses the term. zh-Hans, when not "
            "given, is the zh-Hant list converted."
        ),
    ] = field(default_factory=dict)

    def rendering(self, lang: str) -> str:
        """The approved rendering for ``lang`` (en, zh-Hant or zh-Hans)."""
        return {"en": self.en, "zh-Hant": self.zh_hant, "zh-Hans": self.zh_hans}[lang]


class GlossaryFile(Model, frozen=True, kw_only=True):
    """``rules/glossary.yaml``: where the term pairs come from and the terms by id."""

    source: Annotated[
        str | list[str] | None,
        doc("Where the term pairs come from (e.g. the seed document that uses them)."),
    ] = None
    estimate: Annotated[bool, doc("True when some renderings are not taken from a source.")] = False
    terms: Annotated[
        dict[Slug, GlossaryTerm], doc("Terms by id (a lower-case slug, never renamed).")
    ] = field(default_factory=dict)


class TableSpec(Model, frozen=True, kw_only=True):
    """A table: one header row and body rows of the same length."""

    header: Annotated[
        Annotated[list[str], Meta(min_length=1, max_length=12)], doc("Column headings.")
    ]
    rows: Annotated[
        Annotated[list[list[str]], Meta(max_length=200)], doc("Body rows, one list of cells each.")
    ]

    def __post_init__(self) -> None:
        for n, row in enumerate(self.rows):
            if len(row) != len(self.header):
                raise ValueError(
                    _("row {value} has {count} cells but the header has {count2}").format(
                        value=n + 1, count=len(row), count2=len(self.header)
                    )
                )


class Block(Model, frozen=True, kw_only=True):
    """One block of a section: exactly one of p, steps, list, table, callout."""

    p: Annotated[Text | None, doc("A paragraph.")] = None
    steps: Annotated[Annotated[list[Text], Meta(min_length=1)] | None, doc("Numbered steps.")] = (
        None
    )
    bullets: Annotated[Annotated[list[Text], Meta(min_length=1)] | None, doc("Bullet points.")] = (
        field(default=None, name="list")
    )
    table: Annotated[TableSpec | None, doc("A table with a header row.")] = None
    callout: Annotated[Text | None, doc("An exception or reminder, printed in a shaded box.")] = (
        None
    )

    def __post_init__(self) -> None:
        kinds = [k for k in BLOCK_KINDS if getattr(self, _ATTR[k]) is not None]
        if len(kinds) > 1:
            raise ValueError(
                _("a block has exactly one kind; this one has {known}").format(
                    known=", ".join(kinds)
                )
            )
        if not kinds:
            raise ValueError(_("a block needs one of {known}").format(known=", ".join(BLOCK_KINDS)))

    @property
    def kind(self) -> str:
        """Which kind of block this is."""
        for k in BLOCK_KINDS:
            if getattr(self, _ATTR[k]) is not None:
                return k
        raise AssertionError("validated block without a kind")  # pragma: no cover

    def texts(self) -> list[str]:
        """Every text of the block in reading order (table: header, then rows)."""
        kind = self.kind
        if kind == "table":
            assert self.table is not None
            return [*self.table.header, *(c for row in self.table.rows for c in row)]
        value = getattr(self, _ATTR[kind])
        return [value] if isinstance(value, str) else list(value)

    def canonical(self) -> dict[str, Any]:
        """Plain data of the block, as hashed for staleness."""
        return self.plain()


class SectionBase(Model, frozen=True, kw_only=True):
    """The fields every rule section has: id, title and blocks."""

    id: Annotated[Slug, doc("Stable section id, shared by every language; never renamed.")]
    title: Annotated[Text, doc("Section heading.")]
    blocks: Annotated[
        Annotated[list[Block], Meta(max_length=MAX_BLOCKS)], doc("The section's blocks in order.")
    ]


class SourceSection(SectionBase, frozen=True, kw_only=True):
    """A section of the English source."""

    aid: Annotated[
        bool, doc("Also print this section as a player-aid card (keep it to ~80 words).")
    ] = False


# where a Chinese text comes from: written for this script, an official edition's own text
# (official Traditional and Simplified editions are different texts), or converted from the
# other script
Origin = Literal["written", "edition", "converted"]
ORIGINS: tuple[str, ...] = ("written", "edition", "converted")


class TranslatedSection(SectionBase, frozen=True, kw_only=True):
    """A translated section: same id, same blocks in the same order and of the same kinds."""

    origin: Annotated[
        Origin | None,
        doc(
            "Where this section's text comes from, if not the file's `origin`: written for this "
            "script, an official edition's text, or converted from the other script."
        ),
    ] = None

    source_hash: Annotated[
        Annotated[str, Meta(pattern="^[0-9a-f]{12}$")] | None,
        doc("Hash of the English section this translates; written by `pnp rules stamp`."),
    ] = None


class _SheetFile(Model, frozen=True, kw_only=True):
    title: Annotated[str, doc("Title of the rule sheet.")]
    source: Annotated[str | list[str] | None, doc("Where the facts summarised here come from.")] = (
        None
    )


class SourceFile(_SheetFile, frozen=True, kw_only=True):
    """``rules/en.yaml``: the English source."""

    sections: Annotated[
        Annotated[list[SourceSection], Meta(min_length=1, max_length=MAX_SECTIONS)],
        doc("Sections in print order."),
    ]


class TranslationFile(_SheetFile, frozen=True, kw_only=True):
    """``rules/zh-Hant.yaml`` or ``rules/zh-Hans.yaml``: translated sections (any order)."""

    origin: Annotated[
        Origin,
        doc(
            "Where the file's texts come from: `written` for this script (the default), "
            "`edition` (an official edition's own text) or `converted` from the other script."
        ),
    ] = "written"

    sections: Annotated[
        Annotated[list[TranslatedSection], Meta(max_length=MAX_SECTIONS)],
        doc("Translated sections."),
    ] = field(default_factory=list)
