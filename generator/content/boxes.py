"""Layout files: a face is a list of boxes, and this module declares every kind of box.

Drawing boxes (``frame``, ``text``, ``circle``, ``icon``, ``image``) and shapes (``line``,
``polygon``, ``arc``) are placed in mm, pt, in, cm or % of the face; ``repeat`` draws its own
boxes once per step (a 0..15 track is one box), and ``grid`` draws a square or hex grid whose
cells can take their terrain from the item's data. Every field is documented where it is
declared; ``pnp schema`` writes these descriptions into the JSON Schema.
"""

from typing import Annotated, Any, Literal

from msgspec import Meta, field

from .types import (
    CellLength,
    Colour,
    ColourTemplate,
    Dim,
    Extent,
    FontSize,
    Length,
    LineWidth,
    LocalText,
    Model,
    Tagged,
    dim_default,
    doc,
    mm,
)

MAX_REPEAT = 1000  # steps one repeat box may take
MAX_GRID_CELLS = 10_000
Style = Literal["regular", "bold", "italic", "bold-italic"]
When = Annotated[str | None, doc("A template expression; the box is drawn only when it is true.")]


class BoxBase(Tagged, frozen=True, kw_only=True):
    """Position and size shared by every box kind."""

    x: Annotated[Dim, doc("Left edge from the trim's left (mm, pt, in, cm or % of width).")]
    y: Annotated[Dim, doc("Top edge from the trim's top (or % of height).")]
    w: Annotated[Extent, doc("Width.")]
    h: Annotated[Extent, doc("Height.")]
    when: When = None
    rotate: Annotated[
        Literal[0, 90, 180, 270], doc("Rotation of the box's content, degrees anticlockwise.")
    ] = 0


class FrameBox(BoxBase, tag="frame", frozen=True, kw_only=True):
    """A rectangle: background, border, or panel. Fills reaching the trim edge extend into the bleed."""

    fill: Annotated[ColourTemplate | None, doc("Fill colour, or a template giving one.")] = None
    stroke: Annotated[ColourTemplate | None, doc("Border colour (or a template).")] = None
    stroke_width: Annotated[LineWidth, doc("Border width.")] = mm(0.3)
    radius: Annotated[Length, doc("Corner radius.")] = 0.0


class TextBox(BoxBase, tag="text", frozen=True, kw_only=True):
    """Text from a template, with **bold**, *italic*, [#c03020]colour[/] and :icon: markup."""

    text: Annotated[str, doc("A jinja2 template over the item's data.")]
    font: Annotated[str, doc("Font name: sans, or one from game.yaml fonts.")] = "sans"
    size: Annotated[
        FontSize,
        doc("Font size (a bare number is points); shrunk to fit when the text is too long."),
    ] = 9.0
    min_size: Annotated[FontSize, doc("Smallest legible size; below it the build warns.")] = 6.0
    leading: Annotated[float, doc("Line spacing as a multiple of the size.", ge=0.8, le=3.0)] = 1.2
    style: Annotated[Style, doc("Base style.")] = "regular"
    color: Annotated[Colour, doc("Text colour.")] = "#000000"
    align: Annotated[Literal["left", "center", "right"], doc("Horizontal alignment.")] = "left"
    valign: Annotated[Literal["top", "middle", "bottom"], doc("Vertical alignment.")] = "top"


class CircleBox(BoxBase, tag="circle", frozen=True, kw_only=True):
    """A stat circle (or disc) with centred text; x, y, w, h give its bounding box."""

    fill: Annotated[ColourTemplate | None, doc("Fill colour or a template.")] = "#ffffff"
    stroke: Annotated[ColourTemplate | None, doc("Ring colour (or a template).")] = "#000000"
    stroke_width: Annotated[LineWidth, doc("Ring width.")] = mm(0.4)
    text: Annotated[str, doc("Template for the value in the circle.")] = ""
    size: Annotated[FontSize, doc("Font size of the value (a bare number is points).")] = 10.0
    style: Annotated[Style, doc("Style of the value.")] = "bold"
    color: Annotated[Colour, doc("Text colour.")] = "#000000"
    font: Annotated[str, doc("Font name.")] = "sans"


class IconBox(BoxBase, tag="icon", frozen=True, kw_only=True):
    """A vector icon by name (see `pnp icons`), or a template giving the name."""

    name: Annotated[str, doc("Icon name or template.")]
    color: Annotated[Colour, doc("Icon colour.")] = "#000000"


class ImageBox(BoxBase, tag="image", frozen=True, kw_only=True):
    """An image file from the game folder (PNG or JPEG)."""

    src: Annotated[str, doc("Path (or template) relative to the game folder.")]
    fit: Annotated[Literal["contain", "cover", "stretch"], doc("How the image fills the box.")] = (
        "contain"
    )


class _Stroked(Tagged, frozen=True, kw_only=True):
    stroke: Annotated[ColourTemplate | None, doc("Line colour (or a template).")] = "#000000"
    stroke_width: Annotated[LineWidth, doc("Line width.")] = mm(0.3)
    dash: Annotated[
        Annotated[tuple[Length, ...], Meta(max_length=8)] | None,
        doc("Dash pattern: lengths of dash, gap, dash, ..."),
    ] = None
    when: When = None


class LineBox(_Stroked, tag="line", frozen=True, kw_only=True):
    """A straight line from (x, y) to (x + w, y + h); w or h may be negative or 0."""

    x: Annotated[Dim, doc("Start, from the trim's left.")]
    y: Annotated[Dim, doc("Start, from the trim's top.")]
    w: Annotated[Dim, doc("Horizontal extent (end x minus start x).")]
    h: Annotated[Dim, doc("Vertical extent (end y minus start y).")]


class PolygonBox(_Stroked, tag="polygon", frozen=True, kw_only=True):
    """A polygon or open path through points given inside the box (% of the box's width/height)."""

    x: Annotated[Dim, doc("Box left edge.")]
    y: Annotated[Dim, doc("Box top edge.")]
    points: Annotated[
        tuple[tuple[Dim, Dim], ...],
        doc("Points [x, y] from the box's top-left.", min_length=2, max_length=500),
    ]
    w: Annotated[Dim, doc("Box width (what % in points refers to).")] = dim_default(1.0, True)
    h: Annotated[Dim, doc("Box height.")] = dim_default(1.0, True)
    closed: Annotated[bool, doc("Close the path (a polygon) or leave it open.")] = True
    fill: Annotated[ColourTemplate | None, doc("Fill colour (closed paths).")] = None


class ArcBox(_Stroked, tag="arc", frozen=True, kw_only=True):
    """An arc (or a pie slice) of the ellipse inscribed in the box."""

    x: Annotated[Dim, doc("Left of the ellipse's bounding box.")]
    y: Annotated[Dim, doc("Top of the ellipse's bounding box.")]
    w: Annotated[Dim, doc("Width of the bounding box.")]
    h: Annotated[Dim, doc("Height of the bounding box.")]
    start: Annotated[
        float, doc("Start angle, degrees anticlockwise from 3 o'clock.", ge=-360, le=360)
    ] = 0.0
    extent: Annotated[float, doc("Sweep in degrees.", ge=-360, le=360)] = 360.0
    pie: Annotated[bool, doc("Close through the centre (a slice).")] = False
    fill: Annotated[ColourTemplate | None, doc("Fill colour (pie slices).")] = None


class RepeatBox(Tagged, tag="repeat", frozen=True, kw_only=True):
    """Its boxes drawn once per step, moved by (dx, dy) and turned by `angle` about (cx, cy).

    Inside, templates see `i` (0, 1, ...), `n` (1, 2, ...), `value` (the step's entry of
    `values`, else `start + i * step`) and `count`, besides the item's data.
    """

    boxes: Annotated[list["Box"], doc("Boxes drawn at every step.", min_length=1)]
    count: Annotated[
        Annotated[int, Meta(ge=0, le=MAX_REPEAT)] | str | None,
        doc(f"Number of steps (1..{MAX_REPEAT}), or a template giving it."),
    ] = None
    values: Annotated[
        list[Any] | str | None,
        doc("A list, or the name of an item field holding one; one step each."),
    ] = None
    start: Annotated[float, doc("`value` of the first step when there are no values.")] = 0
    step: Annotated[float, doc("How much `value` grows per step.")] = 1
    x: Annotated[Dim, doc("Offset of the first step.")] = dim_default(0.0)
    y: Annotated[Dim, doc("Offset of the first step.")] = dim_default(0.0)
    dx: Annotated[Dim, doc("Horizontal move per step.")] = dim_default(0.0)
    dy: Annotated[Dim, doc("Vertical move per step.")] = dim_default(0.0)
    spread_x: Annotated[
        Dim | None, doc("Spread the steps evenly over this width instead (dx = spread_x / count).")
    ] = None
    spread_y: Annotated[
        Dim | None,
        doc("Spread the steps evenly over this height instead (dy = spread_y / count)."),
    ] = None
    angle: Annotated[
        float, doc("Turn per step, degrees clockwise about (cx, cy).", ge=-360, le=360)
    ] = 0.0
    cx: Annotated[Dim, doc("Centre of the turn, from the trim's left.")] = dim_default(0.5, True)
    cy: Annotated[Dim, doc("Centre of the turn, from the trim's top.")] = dim_default(0.5, True)
    when: Annotated[str | None, doc("Drawn only when this template is true.")] = None


class TerrainSpec(Model, frozen=True, kw_only=True):
    """How one terrain id is drawn in a grid cell."""

    fill: Annotated[ColourTemplate | None, doc("Cell fill colour.")] = None
    icon: Annotated[str | None, doc("Icon drawn in the cell's centre.")] = None
    icon_color: Annotated[Colour, doc("Colour of the icon.")] = "#000000"
    label: Annotated[LocalText | None, doc("A short word printed in the cell.")] = None


class GridBox(Tagged, tag="grid", frozen=True, kw_only=True):
    """A square or hex grid of `rows` x `cols` cells; cells take terrain from the item's data."""

    cell: Annotated[
        CellLength,
        doc("Cell size: the edge of a square, the distance across flats of a hex."),
    ]
    x: Annotated[Dim, doc("Left of the grid's bounding box.")] = dim_default(0.0)
    y: Annotated[Dim, doc("Top of the grid's bounding box.")] = dim_default(0.0)
    shape: Annotated[Literal["square", "hex"], doc("Cell shape.")] = "square"
    orient: Annotated[
        Literal["flat", "pointy"],
        doc("Hex cells: flat top (columns offset) or pointy top (rows offset)."),
    ] = "pointy"
    rows: Annotated[
        Annotated[int, Meta(ge=1, le=200)] | None,
        doc("Number of rows (default: as many as fit the face)."),
    ] = None
    cols: Annotated[
        Annotated[int, Meta(ge=1, le=200)] | None,
        doc("Number of columns (default: as many as fit the face)."),
    ] = None
    stroke: Annotated[ColourTemplate | None, doc("Grid line colour.")] = "#000000"
    stroke_width: Annotated[LineWidth, doc("Grid line width.")] = mm(0.25)
    fill: Annotated[ColourTemplate | None, doc("Fill of cells with no terrain.")] = None
    cells: Annotated[
        str | None,
        doc(
            "Item field holding the terrain ids: a list of rows, each a list of ids or "
            "a string of ids separated by spaces ('.' for none)."
        ),
    ] = None
    terrain: Annotated[dict[str, TerrainSpec], doc("Terrain id -> how its cells are drawn.")] = (
        field(default_factory=dict)
    )
    coords: Annotated[
        Literal["none", "letter-number", "number-number"],
        doc("Print each cell's address: A1, B3 ... or 0101, 0203 ..."),
    ] = "none"
    coord_size: Annotated[FontSize, doc("Font size of addresses and labels (points).")] = 5.0
    when: Annotated[str | None, doc("Drawn only when this template is true.")] = None


Box = (
    FrameBox
    | TextBox
    | CircleBox
    | IconBox
    | ImageBox
    | LineBox
    | PolygonBox
    | ArcBox
    | RepeatBox
    | GridBox
)


class LayoutSpec(Model, frozen=True, kw_only=True):
    """A face layout: named boxes drawn in order over the trim area."""

    id: Annotated[str, doc("Layout id; must match the file name.")]
    background: Annotated[
        ColourTemplate | None,
        doc("Fill of the whole face including bleed (colour or template)."),
    ] = None
    safe: Annotated[Length, doc("Safe zone inset from the trim, drawn in proof mode.")] = mm(3)
    boxes: Annotated[list[Box], doc("Boxes drawn in order, later over earlier.")] = field(
        default_factory=list
    )
    estimate_mark: Annotated[
        Literal["corner", "values"],
        doc(
            "How an item with `estimate: true` is marked: corner: the ≈ mark in a corner free of "
            "words; values: this layout's own templates print ≈ beside each estimated value "
            "(the item says which), and no corner mark is drawn."
        ),
    ] = "corner"
