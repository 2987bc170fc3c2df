"""The content schema: what ``game.yaml``, item files and layout files may contain.

This is the one schema of the project; the table companion's and the rule sheets' sections
hang off :class:`GameSpec` and are declared in their own modules (``table.py``, ``rulespec.py``)
with the same base :class:`Model`. Every field carries its documentation here, which is also
what ``pnp schema`` writes into the JSON Schema for editors.
"""

from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import Field, field_validator, model_validator

from .. import presets
from .boxes import (  # noqa: F401  (re-exported: the layout part of the one schema)
    ArcBox,
    Box,
    CircleBox,
    FrameBox,
    GridBox,
    IconBox,
    ImageBox,
    LayoutSpec,
    LineBox,
    PolygonBox,
    RepeatBox,
    TextBox,
)
from .types import Lang, Length, LocalText, Model, Slug, mm

MAX_QTY = 1000
MAX_ITEMS = 5000

# ---------------------------------------------------------------- sizes and sheets

SIZE_PRESETS = presets.sizes()  # templates/presets.yaml; a game's presets.yaml adds its own
if TYPE_CHECKING:
    PaperName = str
else:
    PaperName = Literal[tuple(presets.papers())]


class SizeSpec(Model):
    """A custom trim size."""

    width: Length = Field(description="Trim width.")
    height: Length = Field(description="Trim height.")
    shape: Literal["rect", "round"] = Field(
        "rect", description="round: a circle (or ellipse) cut line."
    )
    radius: Length = Field(0.0, description="Corner radius of the cut line, for rounded cards.")

    @field_validator("width", "height")
    @classmethod
    def _sane(cls, v: float) -> float:
        if not mm(1) <= v <= mm(3000):
            raise ValueError("must be between 1mm and 3000mm")
        return v


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


class BoardSpec(Model):
    """How a board larger than the paper is split into tiles that are glued together."""

    overlap: Length = Field(
        mm(10),
        description="Width of the glue strip a tile carries under its right/lower neighbour.",
    )
    assembly: bool = Field(
        True, description="Add a page showing how the tiles go together (only when tiled)."
    )
    max_tiles: int = Field(
        64, ge=1, le=400, description="Refuse a board that would need more tiles than this."
    )


class DiceLabelsSpec(Model):
    """Sticker labels for the faces of the game's dice, taken from its table.yaml."""

    dice: list[Slug] | None = Field(
        None, description="Die ids from table.yaml (default: every die with labelled faces)."
    )
    die: Length = Field(mm(16), description="Edge of the physical die.")
    label: Length | None = Field(
        None,
        description="Label edge (default: the die's edge minus 2.5 mm, which suits 16 mm dice).",
    )
    sets: int = Field(1, ge=1, le=50, description="How many physical dice of each kind to label.")

    @field_validator("die", "label")
    @classmethod
    def _sane(cls, v: float | None) -> float | None:
        if v is not None and not mm(5) <= v <= mm(60):
            raise ValueError("must be between 5mm and 60mm")
        return v


class ComponentBase(Model):
    """What every printable component has."""

    id: Slug = Field(description="Component id; names the output file output/<game>/<id>.pdf.")
    title: LocalText = Field(description="Name printed in each sheet's label.")
    items: str | None = Field(
        None,
        description="Item file (YAML, JSON, CSV or TSV), relative to the game folder.",
    )
    size: str | SizeSpec | None = Field(
        None,
        description="A preset (poker, bridge, mini, tarot, counter-5/8, round-3/4, ...) or {width, height}.",
    )
    layout: str | None = Field(
        None, description="Layout id of the front face (an item may name its own `layout`)."
    )
    back: BackSpec | None = Field(
        None, description="Shared back for every item; an item's own `back` overrides it."
    )
    sheet: SheetSpec = Field(
        default_factory=lambda: SheetSpec.model_validate({}),
        description="Paper, bleed, gaps, crop marks, duplex.",
    )
    languages: list[Lang] | None = Field(
        None, description="Languages to build; defaults to the game's."
    )
    cut: Literal["auto", "line", "marks", "none"] = Field(
        "auto",
        description="Cutting guides: marks (crop marks), line (a thin cut path on every item, "
        "plus marks), none; auto draws a cut line on round and rounded items.",
    )
    board: BoardSpec = Field(
        default_factory=lambda: BoardSpec.model_validate({}),
        description="Tiling of a board larger than the paper.",
    )
    dice: DiceLabelsSpec | None = Field(None, description="Which dice a dice-labels sheet covers.")
    data: dict[str, Any] = Field(
        default_factory=dict,
        description="Values every item's templates can use (items override them); a board "
        "without an item file takes its values from here. Templates also see width_mm and height_mm.",
    )


class ItemsComponent(ComponentBase):
    """Cards, tokens (counters) or map tiles: many items imposed on each sheet."""

    kind: Literal["cards", "tokens", "tiles"] = Field(
        description="cards, tokens (counters) or tiles (map tiles); all imposed like cards."
    )
    items: str = Field(
        description="Item file (YAML, JSON, CSV or TSV), relative to the game folder."
    )
    size: str | SizeSpec = Field(
        description="A preset (poker, bridge, mini, tarot, counter-5/8, round-3/4, ...) or {width, height}."
    )
    layout: str = Field(description="Layout id of the front face (an item may name its own).")


class BoardComponent(ComponentBase):
    """One large face (a board, a mat, a track, a ruler): tiled over sheets when larger than the paper."""

    kind: Literal["board"] = Field(description="board")
    size: str | SizeSpec = Field(
        description="The board's trim size, e.g. {width: 60cm, height: 40cm}."
    )
    layout: str = Field(description="Layout id of the board's face.")


class DiceLabelsComponent(ComponentBase):
    """Sticker labels for the faces of the dice declared in table.yaml."""

    kind: Literal["dice-labels"] = Field(description="dice-labels")


ComponentSpec = Annotated[
    ItemsComponent | BoardComponent | DiceLabelsComponent, Field(discriminator="kind")
]


class PresetsFile(Model):
    """``content/<game>/presets.yaml``: the game's own named sizes (added to the shared ones)."""

    sizes: dict[str, SizeSpec] = Field(default_factory=dict, description="Named item sizes.")


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
    def _unique_components(self) -> "GameSpec":
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
    layout: str | None = Field(
        None, description="This item's own front layout (e.g. command cards in a unit deck)."
    )


class ItemsFile(Model):
    """An item file: shared defaults and the list of items (a .csv/.tsv file gives the items only)."""

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
