"""Schema of the rule-sheet sources: ``glossary.yaml``, ``en.yaml`` and the translations.

A game's ``rules/`` folder holds a glossary (term id -> English, Traditional and Simplified
renderings), the English source (sections with stable ids made of typed blocks) and one file
per translation with the same sections, blocks in the same order and of the same kinds, and a
``source_hash`` that records which English version each section translates. These models are
validated with :func:`generator.content.validate.validate`, so every error is located.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field, field_validator, model_validator

from ..content.types import Lang, Model, Slug

BLOCK_KINDS: tuple[str, ...] = ("p", "steps", "list", "table", "callout")
MAX_SECTIONS = 200
MAX_BLOCKS = 200
MAX_TEXT = 4000
MAX_AVOID = 20
_ATTR = {"p": "p", "steps": "steps", "list": "bullets", "table": "table", "callout": "callout"}


def _check_text(value: str) -> str:
    if not value.strip():
        raise ValueError("text must not be empty")
    if len(value) > MAX_TEXT:
        raise ValueError(f"text is {len(value)} characters; the limit is {MAX_TEXT}")
    return value


class GlossaryTerm(Model):
    """One term and its approved rendering in every language."""

    en: str = Field(
        description="English rendering, printed in English sheets and after first uses."
    )
    zh_hant: str = Field(alias="zh-Hant", description="Traditional Chinese rendering.")
    zh_hans: str = Field(
        alias="zh-Hans",
        description="Simplified Chinese rendering, written out: it is protected from conversion.",
    )
    note: str | None = Field(None, description="A note for translators; never printed.")
    avoid: dict[Lang, list[str]] = Field(
        default_factory=dict,
        description=(
            "Synonyms a reader could take for this term, per language (e.g. zh-Hant: [改良]): "
            "`pnp rules check` reports them in any sheet that uses the term. zh-Hans, when "
            "not given, is the zh-Hant list converted."
        ),
    )

    @field_validator("avoid")
    @classmethod
    def _avoid(cls, v: dict[str, list[str]]) -> dict[str, list[str]]:
        for words in v.values():
            if len(words) > MAX_AVOID:
                raise ValueError(f"at most {MAX_AVOID} synonyms per language")
            for w in words:
                if not w.strip() or len(w) > 40:
                    raise ValueError(f"a synonym is 1 to 40 characters, not {w!r}")
        return v

    @field_validator("en", "zh_hant", "zh_hans")
    @classmethod
    def _not_blank(cls, v: str) -> str:
        if not v.strip():
            raise ValueError("rendering must not be empty")
        if "[[" in v or "]]" in v:
            raise ValueError("a rendering cannot contain [[ or ]]")
        return v

    def rendering(self, lang: str) -> str:
        """The approved rendering for ``lang`` (en, zh-Hant or zh-Hans)."""
        return {"en": self.en, "zh-Hant": self.zh_hant, "zh-Hans": self.zh_hans}[lang]


class GlossaryFile(Model):
    """``rules/glossary.yaml``: where the term pairs come from and the terms by id."""

    source: str | list[str] | None = Field(
        None, description="Where the term pairs come from (e.g. the seed document that uses them)."
    )
    estimate: bool = Field(
        False, description="True when some renderings are not taken from a source."
    )
    terms: dict[Slug, GlossaryTerm] = Field(
        default_factory=dict, description="Terms by id (a lower-case slug, never renamed)."
    )


class TableSpec(Model):
    """A table: one header row and body rows of the same length."""

    header: list[str] = Field(description="Column headings.", min_length=1, max_length=12)
    rows: list[list[str]] = Field(description="Body rows, one list of cells each.", max_length=200)

    @model_validator(mode="after")
    def _rectangular(self) -> TableSpec:
        for n, row in enumerate(self.rows):
            if len(row) != len(self.header):
                raise ValueError(
                    f"row {n + 1} has {len(row)} cells but the header has {len(self.header)}"
                )
        return self


class Block(Model):
    """One block of a section: exactly one of p, steps, list, table, callout."""

    p: str | None = Field(None, description="A paragraph.")
    steps: list[str] | None = Field(None, description="Numbered steps.", min_length=1)
    bullets: list[str] | None = Field(
        None, alias="list", description="Bullet points.", min_length=1
    )
    table: TableSpec | None = Field(None, description="A table with a header row.")
    callout: str | None = Field(
        None, description="An exception or reminder, printed in a shaded box."
    )

    @model_validator(mode="before")
    @classmethod
    def _one_kind(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            raise ValueError(f"a block is a mapping with one key: {', '.join(BLOCK_KINDS)}")
        kinds = [k for k in BLOCK_KINDS if k in data]
        if len(kinds) > 1:
            raise ValueError(f"a block has exactly one kind; this one has {', '.join(kinds)}")
        if not kinds and not [k for k in data if k not in BLOCK_KINDS]:
            raise ValueError(f"a block needs one of {', '.join(BLOCK_KINDS)}")
        return data

    @field_validator("p", "callout")
    @classmethod
    def _text(cls, v: str | None) -> str | None:
        return None if v is None else _check_text(v)

    @field_validator("steps", "bullets")
    @classmethod
    def _items(cls, v: list[str] | None) -> list[str] | None:
        if v is not None:
            for item in v:
                _check_text(item)
        return v

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
        return self.model_dump(mode="json", exclude_none=True, by_alias=True)


class SectionBase(Model):
    """The fields every rule section has: id, title and blocks."""

    id: Slug = Field(description="Stable section id, shared by every language; never renamed.")
    title: str = Field(description="Section heading.")
    blocks: list[Block] = Field(description="The section's blocks in order.", max_length=MAX_BLOCKS)

    @field_validator("title")
    @classmethod
    def _title(cls, v: str) -> str:
        return _check_text(v)


class SourceSection(SectionBase):
    """A section of the English source."""

    aid: bool = Field(
        False, description="Also print this section as a player-aid card (keep it to ~80 words)."
    )


class TranslatedSection(SectionBase):
    """A translated section: same id, same blocks in the same order and of the same kinds."""

    source_hash: str | None = Field(
        None,
        pattern=r"^[0-9a-f]{12}$",
        description="Hash of the English section this translates; written by `pnp rules stamp`.",
    )


class _SheetFile(Model):
    title: str = Field(description="Title of the rule sheet.")
    source: str | list[str] | None = Field(
        None, description="Where the facts summarised here come from."
    )


class SourceFile(_SheetFile):
    """``rules/en.yaml``: the English source."""

    sections: list[SourceSection] = Field(
        description="Sections in print order.", min_length=1, max_length=MAX_SECTIONS
    )


class TranslationFile(_SheetFile):
    """``rules/zh-Hant.yaml`` or ``rules/zh-Hans.yaml``: translated sections (any order)."""

    sections: list[TranslatedSection] = Field(
        default_factory=list, description="Translated sections.", max_length=MAX_SECTIONS
    )
