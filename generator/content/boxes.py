"""Layout files: a face is a list of boxes, and this module declares every kind of box.

Drawing boxes (``frame``, ``text``, ``circle``, ``icon``, ``image``) and shapes (``line``,
``polygon``, ``arc``) are placed in mm, pt, in, cm or % of the face; ``repeat`` draws its own
boxes once per step (a 0..15 track is one box), and ``grid`` draws a square or hex grid whose
cells can take their terrain from the item's data. Every field is documented where it is
declared; ``pnp schema`` writes these descriptions into the JSON Schema.
"""

from typing import Annotated, Any, Literal

from pydantic import Field, field_validator

from .types import (
    Colour,
    ColourTemplate,
    Dim,
    DimField,
    FontSize,
    Length,
    LineWidth,
    LocalText,
    Model,
    mm,
)

MAX_REPEAT = 1000  # steps one repeat box may take
MAX_GRID_CELLS = 10_000
Style = Literal["regular", "bold", "italic", "bold-italic"]


class BoxBase(Model):
    """Position and size shared by every box kind."""

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

    @field_validator("w", "h")
    @classmethod
    def _not_negative(cls, v: Dim) -> Dim:
        if v.value < 0:
            raise ValueError("must not be negative")
        return v


class FrameBox(BoxBase):
    """A rectangle: background, border, or panel. Fills reaching the trim edge extend into the bleed."""

    kind: Literal["frame"]
    fill: ColourTemplate | None = Field(None, description="Fill colour, or a template giving one.")
    stroke: ColourTemplate | None = Field(None, description="Border colour (or a template).")
    stroke_width: LineWidth = Field(mm(0.3), description="Border width.")
    radius: Length = Field(0.0, description="Corner radius.")


class TextBox(BoxBase):
    """Text from a template, with **bold**, *italic*, [#c03020]colour[/] and :icon: markup."""

    kind: Literal["text"]
    text: str = Field(description="A jinja2 template over the item's data.")
    font: str = Field("sans", description="Font name: sans, or one from game.yaml fonts.")
    size: FontSize = Field(
        9.0,
        description="Font size (a bare number is points); shrunk to fit when the text is too long.",
    )
    min_size: FontSize = Field(6.0, description="Smallest legible size; below it the build warns.")
    leading: float = Field(
        1.2, ge=0.8, le=3.0, description="Line spacing as a multiple of the size."
    )
    style: Style = Field("regular", description="Base style.")
    color: Colour = Field("#000000", description="Text colour.")
    align: Literal["left", "center", "right"] = Field("left", description="Horizontal alignment.")
    valign: Literal["top", "middle", "bottom"] = Field("top", description="Vertical alignment.")


class CircleBox(BoxBase):
    """A stat circle (or disc) with centred text; x, y, w, h give its bounding box."""

    kind: Literal["circle"]
    fill: ColourTemplate | None = Field("#ffffff", description="Fill colour or a template.")
    stroke: ColourTemplate | None = Field("#000000", description="Ring colour (or a template).")
    stroke_width: LineWidth = Field(mm(0.4), description="Ring width.")
    text: str = Field("", description="Template for the value in the circle.")
    size: FontSize = Field(10.0, description="Font size of the value (a bare number is points).")
    style: Style = Field("bold", description="Style of the value.")
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


class _Stroked(Model):
    stroke: ColourTemplate | None = Field("#000000", description="Line colour (or a template).")
    stroke_width: LineWidth = Field(mm(0.3), description="Line width.")
    dash: tuple[Length, ...] | None = Field(
        None, max_length=8, description="Dash pattern: lengths of dash, gap, dash, ..."
    )
    when: str | None = Field(
        None, description="A template expression; the box is drawn only when it is true."
    )


class LineBox(_Stroked):
    """A straight line from (x, y) to (x + w, y + h); w or h may be negative or 0."""

    kind: Literal["line"]
    x: DimField = Field(description="Start, from the trim's left.")
    y: DimField = Field(description="Start, from the trim's top.")
    w: DimField = Field(description="Horizontal extent (end x minus start x).")
    h: DimField = Field(description="Vertical extent (end y minus start y).")


class PolygonBox(_Stroked):
    """A polygon or open path through points given inside the box (% of the box's width/height)."""

    kind: Literal["polygon"]
    x: DimField = Field(description="Box left edge.")
    y: DimField = Field(description="Box top edge.")
    w: DimField = Field(Dim(1.0, True), description="Box width (what % in points refers to).")
    h: DimField = Field(Dim(1.0, True), description="Box height.")
    points: tuple[tuple[DimField, DimField], ...] = Field(
        min_length=2, max_length=500, description="Points [x, y] from the box's top-left."
    )
    closed: bool = Field(True, description="Close the path (a polygon) or leave it open.")
    fill: ColourTemplate | None = Field(None, description="Fill colour (closed paths).")


class ArcBox(_Stroked):
    """An arc (or a pie slice) of the ellipse inscribed in the box."""

    kind: Literal["arc"]
    x: DimField = Field(description="Left of the ellipse's bounding box.")
    y: DimField = Field(description="Top of the ellipse's bounding box.")
    w: DimField = Field(description="Width of the bounding box.")
    h: DimField = Field(description="Height of the bounding box.")
    start: float = Field(
        0.0, ge=-360, le=360, description="Start angle, degrees anticlockwise from 3 o'clock."
    )
    extent: float = Field(360.0, ge=-360, le=360, description="Sweep in degrees.")
    pie: bool = Field(False, description="Close through the centre (a slice).")
    fill: ColourTemplate | None = Field(None, description="Fill colour (pie slices).")


class RepeatBox(Model):
    """Its boxes drawn once per step, moved by (dx, dy) and turned by `angle` about (cx, cy).

    Inside, templates see `i` (0, 1, ...), `n` (1, 2, ...), `value` (the step's entry of
    `values`, else `start + i * step`) and `count`, besides the item's data.
    """

    kind: Literal["repeat"]
    count: Annotated[int, Field(ge=0, le=MAX_REPEAT)] | str | None = Field(
        None, description=f"Number of steps (1..{MAX_REPEAT}), or a template giving it."
    )
    values: list[Any] | str | None = Field(
        None, description="A list, or the name of an item field holding one; one step each."
    )
    start: float = Field(0, description="`value` of the first step when there are no values.")
    step: float = Field(1, description="How much `value` grows per step.")
    x: DimField = Field(Dim(0.0), description="Offset of the first step.")
    y: DimField = Field(Dim(0.0), description="Offset of the first step.")
    dx: DimField = Field(Dim(0.0), description="Horizontal move per step.")
    dy: DimField = Field(Dim(0.0), description="Vertical move per step.")
    spread_x: DimField | None = Field(
        None, description="Spread the steps evenly over this width instead (dx = spread_x / count)."
    )
    spread_y: DimField | None = Field(
        None,
        description="Spread the steps evenly over this height instead (dy = spread_y / count).",
    )
    angle: float = Field(
        0.0, ge=-360, le=360, description="Turn per step, degrees clockwise about (cx, cy)."
    )
    cx: DimField = Field(Dim(0.5, True), description="Centre of the turn, from the trim's left.")
    cy: DimField = Field(Dim(0.5, True), description="Centre of the turn, from the trim's top.")
    when: str | None = Field(None, description="Drawn only when this template is true.")
    boxes: list["Box"] = Field(min_length=1, description="Boxes drawn at every step.")


class TerrainSpec(Model):
    """How one terrain id is drawn in a grid cell."""

    fill: ColourTemplate | None = Field(None, description="Cell fill colour.")
    icon: str | None = Field(None, description="Icon drawn in the cell's centre.")
    icon_color: Colour = Field("#000000", description="Colour of the icon.")
    label: LocalText | None = Field(None, description="A short word printed in the cell.")


class GridBox(Model):
    """A square or hex grid of `rows` x `cols` cells; cells take terrain from the item's data."""

    kind: Literal["grid"]
    x: DimField = Field(Dim(0.0), description="Left of the grid's bounding box.")
    y: DimField = Field(Dim(0.0), description="Top of the grid's bounding box.")
    shape: Literal["square", "hex"] = Field("square", description="Cell shape.")
    orient: Literal["flat", "pointy"] = Field(
        "pointy", description="Hex cells: flat top (columns offset) or pointy top (rows offset)."
    )
    cell: Length = Field(
        description="Cell size: the edge of a square, the distance across flats of a hex."
    )
    rows: int | None = Field(
        None, ge=1, le=200, description="Number of rows (default: as many as fit the face)."
    )
    cols: int | None = Field(
        None, ge=1, le=200, description="Number of columns (default: as many as fit the face)."
    )
    stroke: ColourTemplate | None = Field("#000000", description="Grid line colour.")
    stroke_width: LineWidth = Field(mm(0.25), description="Grid line width.")
    fill: ColourTemplate | None = Field(None, description="Fill of cells with no terrain.")
    cells: str | None = Field(
        None,
        description="Item field holding the terrain ids: a list of rows, each a list of ids or "
        "a string of ids separated by spaces ('.' for none).",
    )
    terrain: dict[str, TerrainSpec] = Field(
        default_factory=dict, description="Terrain id -> how its cells are drawn."
    )
    coords: Literal["none", "letter-number", "number-number"] = Field(
        "none", description="Print each cell's address: A1, B3 ... or 0101, 0203 ..."
    )
    coord_size: FontSize = Field(5.0, description="Font size of addresses and labels (points).")
    when: str | None = Field(None, description="Drawn only when this template is true.")

    @field_validator("cell")
    @classmethod
    def _positive(cls, v: float) -> float:
        if not v > mm(1) or v > mm(500):
            raise ValueError("must be between 1mm and 500mm")
        return v


Box = Annotated[
    FrameBox
    | TextBox
    | CircleBox
    | IconBox
    | ImageBox
    | LineBox
    | PolygonBox
    | ArcBox
    | RepeatBox
    | GridBox,
    Field(discriminator="kind"),
]
# RepeatBox refers to Box before it exists; pydantic resolves it when the model is first used


class LayoutSpec(Model):
    """A face layout: named boxes drawn in order over the trim area."""

    id: str = Field(description="Layout id; must match the file name.")
    background: ColourTemplate | None = Field(
        None, description="Fill of the whole face including bleed (colour or template)."
    )
    safe: Length = Field(mm(3), description="Safe zone inset from the trim, drawn in proof mode.")
    boxes: list[Box] = Field(
        default_factory=list, description="Boxes drawn in order, later over earlier."
    )
