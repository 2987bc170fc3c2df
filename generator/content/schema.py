"""The content schema: what ``game.yaml``, item files and layout files may contain.

This is the one schema of the project; the table companion's and the rule sheets' sections
hang off :class:`GameSpec` and are declared in their own modules (``table.py``, ``rulespec.py``)
with the same base :class:`Model`. Every field carries its documentation here, which is also
what ``pnp schema`` writes into the JSON Schema for editors.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, field_validator, model_validator

from .types import Colour, DimField, Lang, Length, LocalText, Model, Slug, mm

MAX_QTY = 1000
MAX_ITEMS = 5000

# ---------------------------------------------------------------- sizes and sheets

SIZE_PRESETS: dict[str, tuple[float, float, str]] = {
    # name: (width mm, height mm, shape)
    "poker": (63.5, 88.9, "rect"),
    "poker-euro": (63.0, 88.0, "rect"),
    "bridge": (57.2, 88.9, "rect"),
    "mini": (44.5, 63.5, "rect"),
    "mini-euro": (44.0, 67.0, "rect"),
    "mini-american": (41.0, 63.0, "rect"),
    "tarot": (69.9, 120.7, "rect"),
    "square-card": (70.0, 70.0, "rect"),
    "counter-1/2": (12.7, 12.7, "rect"),
    "counter-5/8": (15.875, 15.875, "rect"),
    "counter-3/4": (19.05, 19.05, "rect"),
    "counter-1": (25.4, 25.4, "rect"),
    "round-1/2": (12.7, 12.7, "round"),
    "round-5/8": (15.875, 15.875, "round"),
    "round-3/4": (19.05, 19.05, "round"),
    "round-1": (25.4, 25.4, "round"),
}

PaperName = Literal["A4", "Letter", "A3", "Tabloid"]


class SizeSpec(Model):
    """A custom trim size."""

    width: Length = Field(description="Trim width.")
    height: Length = Field(description="Trim height.")
    shape: Literal["rect", "round"] = Field(
        "rect", description="round: a circle (or ellipse) cut line."
    )
    radius: Length = Field(
        0.0, description="Corner radius of the cut line, for rounded cards (drawn in proof mode)."
    )


class SheetSpec(Model):
    """How items are imposed on paper. Every value is a default the command line can override."""

    paper: PaperName = Field("A4", description="Paper size.")
    orientation: Literal["auto", "portrait", "landscape"] = Field(
        "auto", description="auto picks the orientation that fits the most items."
    )
    bleed: Length = Field(
        mm(3), description="Art extended beyond the trim on every side (3mm is the metric default)."
    )
    gap: Length = Field(
        0.0,
        description="Space between neighbouring bleed boxes. 0 with no bleed gives shared cut lines.",
    )
    margin: Length = Field(
        mm(4), description="Blank border the printer cannot print; nothing is drawn in it."
    )
    packing: Literal["auto", "bleed", "butted"] = Field(
        "auto",
        description="bleed: every item has its own bleed; butted: neighbours share cut lines (denser); "
        "auto: the densest, preferring bleed on a tie.",
    )
    crop_marks: bool = Field(True, description="Draw crop marks outside the bleed.")
    duplex: Literal["long", "short", "fold", "none"] = Field(
        "long",
        description="Backs: long-edge flip (columns mirrored), short-edge flip (rows mirrored), "
        "fold (gutter-fold: fronts and backs on one page), none (no backs).",
    )

    @field_validator("bleed", "gap", "margin")
    @classmethod
    def _non_negative(cls, v: float) -> float:
        if v < 0:
            raise ValueError("must not be negative")
        if v > mm(50):
            raise ValueError("must be at most 50mm")
        return v


class BackSpec(Model):
    """The back of a component's items (shared) or of one item (its own)."""

    layout: str = Field(
        description="Layout id (a file under templates/layouts/ or the game's layouts/)."
    )
    data: dict[str, Any] = Field(
        default_factory=dict, description="Values the back's text templates can use."
    )


class FontSpec(Model):
    """A font the game's layouts can name. Must be a TrueType-outline file inside the game folder."""

    regular: str = Field(description="Path of the regular face, relative to the game folder.")
    bold: str | None = Field(None, description="Bold face (defaults to the regular face).")
    italic: str | None = Field(None, description="Italic face (defaults to the regular face).")
    bold_italic: str | None = Field(None, description="Bold italic face.")


class ComponentSpec(Model):
    """One printable component: a deck of cards, a sheet of tokens."""

    id: Slug = Field(description="Component id; names the output file output/<game>/<id>.pdf.")
    kind: Literal["cards", "tokens"] = Field(description="cards or tokens (counters).")
    title: LocalText = Field(description="Name printed in each sheet's label.")
    items: str = Field(description="Item file, relative to the game folder.")
    size: str | SizeSpec = Field(
        description="A preset (poker, bridge, mini, tarot, counter-5/8, round-3/4, ...) or {width, height}."
    )
    layout: str = Field(description="Layout id of the front face.")
    back: BackSpec | None = Field(
        None, description="Shared back for every item; an item's own `back` overrides it."
    )
    sheet: SheetSpec = Field(
        default_factory=SheetSpec, description="Paper, bleed, gaps, crop marks, duplex."
    )
    languages: list[Lang] | None = Field(
        None, description="Languages to build; defaults to the game's."
    )

    @field_validator("size")
    @classmethod
    def _known_size(cls, v: str | SizeSpec) -> str | SizeSpec:
        if isinstance(v, str) and v not in SIZE_PRESETS:
            raise ValueError(f"unknown size preset {v!r}; choose one of {', '.join(SIZE_PRESETS)}")
        return v


class GameSpec(Model):
    """``content/<game>/game.yaml``: one game and the components it prints."""

    id: Slug = Field(description="Game id; the folder name is used when omitted.")
    title: LocalText = Field(description="The game's name.")
    publisher: str | None = Field(None, description="Publisher and year, for the credits line.")
    source: str | list[str] | None = Field(
        None, description="Where the facts in this folder come from."
    )
    languages: list[Lang] = Field(["en"], description="Languages the game's texts are written in.")
    fonts: dict[str, FontSpec] = Field(
        default_factory=dict, description="Extra fonts by name, usable in layouts."
    )
    components: list[ComponentSpec] = Field(
        default_factory=list, description="The printable components."
    )
    table: str | None = Field(
        None, description="File of table-companion data (dice, bags, decks, tracks, scoring)."
    )
    rules: str | None = Field(None, description="Folder of rule-sheet sources and the glossary.")

    @model_validator(mode="after")
    def _unique_components(self) -> GameSpec:
        seen: set[str] = set()
        for c in self.components:
            if c.id in seen:
                raise ValueError(f"component id {c.id!r} is used twice")
            seen.add(c.id)
        return self


# ---------------------------------------------------------------- items


class ItemSpec(Model):
    """One card or token. Keys other than these are the item's data, used by the layout's templates."""

    model_config = Model.model_config | {"extra": "allow"}

    id: str | None = Field(
        None, description="Item id (for `pnp preview`); defaults to its position."
    )
    qty: int = Field(1, ge=0, le=MAX_QTY, description=f"How many copies to print (0..{MAX_QTY}).")
    estimate: bool = Field(False, description="True when a value here is not known from a source.")
    source: str | None = Field(None, description="Where this item's facts come from.")
    back: dict[str, Any] | BackSpec | None = Field(
        None,
        description="This item's own back: data for the shared back layout, or {layout, data}.",
    )


class ItemsFile(Model):
    """An item file: shared defaults and the list of items."""

    defaults: dict[str, Any] = Field(
        default_factory=dict, description="Data merged under every item."
    )
    source: str | list[str] | None = Field(
        None, description="Where the facts in this file come from."
    )
    estimate_note: str | None = Field(None, description="Why and where values are estimates.")
    items: list[ItemSpec] = Field(description="The items.")

    @field_validator("items")
    @classmethod
    def _not_too_many(cls, v: list[ItemSpec]) -> list[ItemSpec]:
        if len(v) > MAX_ITEMS:
            raise ValueError(f"{len(v)} items; the limit is {MAX_ITEMS}")
        return v


# ---------------------------------------------------------------- layouts


class BoxBase(Model):
    x: DimField = Field(
        description="Left edge from the trim's left (mm, pt, in, cm or % of width)."
    )
    y: DimField = Field(description="Top edge from the trim's top (or % of height).")
    w: DimField = Field(description="Width.")
    h: DimField = Field(description="Height.")
    when: str | None = Field(
        None, description="A template expression; the box is drawn only when it is true."
    )
    rotate: Literal[0, 90, 180, 270] = Field(
        0, description="Rotation of the box's content, degrees anticlockwise."
    )


class FrameBox(BoxBase):
    """A rectangle: background, border, or panel. Fills reaching the trim edge extend into the bleed."""

    kind: Literal["frame"]
    fill: Colour | str | None = Field(None, description="Fill colour, or a template giving one.")
    stroke: Colour | None = Field(None, description="Border colour.")
    stroke_width: Length = Field(mm(0.3), description="Border width.")
    radius: Length = Field(0.0, description="Corner radius.")


class TextBox(BoxBase):
    """Text from a template, with **bold**, *italic*, [#c03020]colour[/] and :icon: markup."""

    kind: Literal["text"]
    text: str = Field(description="A jinja2 template over the item's data.")
    font: str = Field("sans", description="Font name: sans, or one from game.yaml fonts.")
    size: Length = Field(9.0, description="Font size; shrunk to fit when the text is too long.")
    min_size: Length = Field(6.0, description="Smallest legible size; below it the build warns.")
    leading: float = Field(
        1.2, ge=0.8, le=3.0, description="Line spacing as a multiple of the size."
    )
    style: Literal["regular", "bold", "italic", "bold-italic"] = Field(
        "regular", description="Base style."
    )
    color: Colour = Field("#000000", description="Text colour.")
    align: Literal["left", "center", "right"] = Field("left", description="Horizontal alignment.")
    valign: Literal["top", "middle", "bottom"] = Field("top", description="Vertical alignment.")


class CircleBox(BoxBase):
    """A stat circle (or disc) with centred text; x, y, w, h give its bounding box."""

    kind: Literal["circle"]
    fill: Colour | str | None = Field("#ffffff", description="Fill colour or a template.")
    stroke: Colour | None = Field("#000000", description="Ring colour.")
    stroke_width: Length = Field(mm(0.4), description="Ring width.")
    text: str = Field("", description="Template for the value in the circle.")
    size: Length = Field(10.0, description="Font size of the value.")
    style: Literal["regular", "bold", "italic", "bold-italic"] = Field(
        "bold", description="Style of the value."
    )
    color: Colour = Field("#000000", description="Text colour.")
    font: str = Field("sans", description="Font name.")


class IconBox(BoxBase):
    """A vector icon by name (see `pnp icons`), or a template giving the name."""

    kind: Literal["icon"]
    name: str = Field(description="Icon name or template.")
    color: Colour = Field("#000000", description="Icon colour.")


class ImageBox(BoxBase):
    """An image file from the game folder (PNG or JPEG)."""

    kind: Literal["image"]
    src: str = Field(description="Path (or template) relative to the game folder.")
    fit: Literal["contain", "cover", "stretch"] = Field(
        "contain", description="How the image fills the box."
    )


Box = Annotated[FrameBox | TextBox | CircleBox | IconBox | ImageBox, Field(discriminator="kind")]


class LayoutSpec(Model):
    """A face layout: named boxes drawn in order over the trim area."""

    id: str = Field(description="Layout id; must match the file name.")
    background: Colour | str | None = Field(
        None, description="Fill of the whole face including bleed (colour or template)."
    )
    safe: Length = Field(mm(3), description="Safe zone inset from the trim, drawn in proof mode.")
    boxes: list[Box] = Field(
        default_factory=list, description="Boxes drawn in order, later over earlier."
    )
