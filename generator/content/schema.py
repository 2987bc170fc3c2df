"""The content schema: what ``game.yaml``, item files and layout files may contain.

This is the one schema of the project; the table companion's and the rule sheets' sections
hang off :class:`GameSpec` and are declared in their own modules (``table.py``, ``rulespec.py``)
with the same base :class:`Model`. Every field carries its documentation here, which is also
what ``pnp schema`` writes into the JSON Schema for editors.
"""

from typing import TYPE_CHECKING, Annotated, Any, Literal

from msgspec import field

from ..layout import presets
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
from .types import (
    DieLength,
    Lang,
    Length,
    LocalText,
    Model,
    SheetLength,
    Slug,
    Tagged,
    TrimLength,
    doc,
    mm,
)

MAX_QTY = 1000
MAX_ITEMS = 5000
MAX_COMPONENTS = 200  # components one game may have (each is at least one PDF)
# The key an item's own data is gathered under before conversion: one nobody writes by chance
# (it starts with a space). The JSON Schema leaves it out and lets any other key through.
DATA_KEY = " extra"

# ---------------------------------------------------------------- sizes and sheets

SIZE_PRESETS = presets.sizes()  # templates/presets.yaml; a game's presets.yaml adds its own
if TYPE_CHECKING:
    PaperName = str
else:
    PaperName = Literal[tuple(presets.papers())]


class SizeSpec(Model, frozen=True, kw_only=True):
    """A custom trim size."""

    width: Annotated[TrimLength, doc("Trim width.")]
    height: Annotated[TrimLength, doc("Trim height.")]
    shape: Annotated[Literal["rect", "round"], doc("round: a circle (or ellipse) cut line.")] = (
        "rect"
    )
    radius: Annotated[Length, doc("Corner radius of the cut line, for rounded cards.")] = 0.0


class SheetSpec(Model, frozen=True, kw_only=True):
    """How items are imposed on paper. Every value is a default the command line can override."""

    paper: Annotated[PaperName, doc("Paper size.")] = "A4"
    orientation: Annotated[
        Literal["auto", "portrait", "landscape"],
        doc("auto picks the orientation that fits the most items."),
    ] = "auto"
    bleed: Annotated[
        SheetLength, doc("Art extended beyond the trim on every side (3mm is the metric default).")
    ] = mm(3)
    gap: Annotated[
        SheetLength,
        doc("Space between neighbouring bleed boxes. 0 with no bleed gives shared cut lines."),
    ] = 0.0
    margin: Annotated[
        SheetLength, doc("Blank border the printer cannot print; nothing is drawn in it.")
    ] = mm(4)
    packing: Annotated[
        Literal["auto", "bleed", "butted"],
        doc(
            "bleed: every item has its own bleed; butted: neighbours share cut lines (denser); "
            "auto: the densest, preferring bleed on a tie."
        ),
    ] = "auto"
    crop_marks: Annotated[bool, doc("Draw crop marks outside the bleed.")] = True
    duplex: Annotated[
        Literal["long", "short", "fold", "none"],
        doc(
            "Backs: long-edge flip (columns mirrored), short-edge flip (rows mirrored), "
            "fold (gutter-fold: fronts and backs on one page), none (no backs)."
        ),
    ] = "long"


class BackSpec(Model, frozen=True, kw_only=True):
    """The back of a component's items (shared) or of one item (its own)."""

    layout: Annotated[
        str, doc("Layout id (a file under templates/layouts/ or the game's layouts/).")
    ]
    data: Annotated[dict[str, Any], doc("Values the back's text templates can use.")] = field(
        default_factory=dict
    )


class FontSpec(Model, frozen=True, kw_only=True):
    """A font the game's layouts can name. Must be a TrueType-outline file inside the game folder."""

    regular: Annotated[str, doc("Path of the regular face, relative to the game folder.")]
    bold: Annotated[str | None, doc("Bold face (defaults to the regular face).")] = None
    italic: Annotated[str | None, doc("Italic face (defaults to the regular face).")] = None
    bold_italic: Annotated[str | None, doc("Bold italic face.")] = None


class BoardSpec(Model, frozen=True, kw_only=True):
    """How a board larger than the paper is split into tiles that are glued together."""

    overlap: Annotated[
        Length, doc("Width of the glue strip a tile carries under its right/lower neighbour.")
    ] = mm(10)
    assembly: Annotated[
        bool, doc("Add a page showing how the tiles go together (only when tiled).")
    ] = True
    max_tiles: Annotated[
        int, doc("Refuse a board that would need more tiles than this.", ge=1, le=400)
    ] = 64


class DiceLabelsSpec(Model, frozen=True, kw_only=True):
    """Sticker labels for the faces of the game's dice, taken from its table.yaml."""

    dice: Annotated[
        list[Slug] | None,
        doc("Die ids from table.yaml (default: every die with labelled faces)."),
    ] = None
    die: Annotated[DieLength, doc("Edge of the physical die.")] = mm(16)
    label: Annotated[
        DieLength | None,
        doc("Label edge (default: the die's edge minus 2.5 mm, which suits 16 mm dice)."),
    ] = None
    sets: Annotated[int, doc("How many physical dice of each kind to label.", ge=1, le=50)] = 1


_SIZE_DOC = "A preset (poker, bridge, mini, tarot, counter-5/8, round-3/4, ...) or {width, height}."


class ComponentBase(Tagged, frozen=True, kw_only=True):
    """What every printable component has."""

    id: Annotated[Slug, doc("Component id; names the output file output/<game>/<id>.pdf.")]
    title: Annotated[LocalText, doc("Name printed in each sheet's label.")]
    items: Annotated[
        str | None,
        doc(
            "Item file (YAML, JSON, CSV or TSV, or an Excel .xlsx workbook), relative to the game folder."
        ),
    ] = None
    size: Annotated[str | SizeSpec | None, doc(_SIZE_DOC)] = None
    layout: Annotated[
        str | None, doc("Layout id of the front face (an item may name its own `layout`).")
    ] = None
    back: Annotated[
        BackSpec | None, doc("Shared back for every item; an item's own `back` overrides it.")
    ] = None
    sheet: Annotated[SheetSpec, doc("Paper, bleed, gaps, crop marks, duplex.")] = field(
        default_factory=SheetSpec
    )
    languages: Annotated[list[Lang] | None, doc("Languages to build; defaults to the game's.")] = (
        None
    )
    cut: Annotated[
        Literal["auto", "line", "marks", "none"],
        doc(
            "Cutting guides: marks (crop marks), line (a thin cut path on every item, "
            "plus marks), none; auto draws a cut line on round and rounded items."
        ),
    ] = "auto"
    board: Annotated[BoardSpec, doc("Tiling of a board larger than the paper.")] = field(
        default_factory=BoardSpec
    )
    dice: Annotated[DiceLabelsSpec | None, doc("Which dice a dice-labels sheet covers.")] = None
    data: Annotated[
        dict[str, Any],
        doc(
            "Values every item's templates can use (items override them); a board "
            "without an item file takes its values from here. Templates also see width_mm "
            "and height_mm."
        ),
    ] = field(default_factory=dict)


class ItemsComponent(ComponentBase, frozen=True, kw_only=True):
    """Cards, tokens (counters) or map tiles: many items imposed on each sheet."""

    items: Annotated[
        str,
        doc(
            "Item file (YAML, JSON, CSV or TSV, or an Excel .xlsx workbook), relative to the game folder."
        ),
    ]
    size: Annotated[str | SizeSpec, doc(_SIZE_DOC)]
    layout: Annotated[str, doc("Layout id of the front face (an item may name its own).")]


class DecksSpec(Model, frozen=True, kw_only=True):
    """How one component's cards form several decks, each shuffled and boxed on its own."""

    by: Annotated[
        str,
        doc(
            "The item field whose value names the deck a card belongs to (e.g. deck_nation: "
            "a deck per nation); `pnp build --tuck-box` makes a box for each deck."
        ),
    ]
    title: Annotated[
        str | None,
        doc(
            "The item field holding a deck's printed name (text or per-language text); "
            "without it the value of `by` is printed."
        ),
    ] = None


class CardsComponent(ItemsComponent, tag="cards", frozen=True, kw_only=True):
    """Cards: many items imposed on each sheet."""

    decks: Annotated[
        DecksSpec | None,
        doc("The several decks these cards form (a tuck box each); absent: one deck."),
    ] = None
    tuck_box: Annotated[
        bool,
        doc(
            "false: these cards need no box of their own (overlays that go into the sleeves "
            "of other cards); `pnp build --tuck-box` leaves them out."
        ),
    ] = True


class TokensComponent(ItemsComponent, tag="tokens", frozen=True, kw_only=True):
    """Tokens (counters): many items imposed on each sheet."""


class TilesComponent(ItemsComponent, tag="tiles", frozen=True, kw_only=True):
    """Map tiles: many items imposed on each sheet."""


class BoardComponent(ComponentBase, tag="board", frozen=True, kw_only=True):
    """One large face (a board, a mat, a track, a ruler): tiled over sheets when larger than the paper."""

    size: Annotated[str | SizeSpec, doc("The board's trim size, e.g. {width: 60cm, height: 40cm}.")]
    layout: Annotated[str, doc("Layout id of the board's face.")]


class DiceLabelsComponent(ComponentBase, tag="dice-labels", frozen=True, kw_only=True):
    """Sticker labels for the faces of the dice declared in table.yaml."""


ComponentSpec = (
    CardsComponent | TokensComponent | TilesComponent | BoardComponent | DiceLabelsComponent
)


class PresetsFile(Model, frozen=True, kw_only=True):
    """``content/<game>/presets.yaml``: the game's own named sizes (added to the shared ones)."""

    sizes: Annotated[dict[str, SizeSpec], doc("Named item sizes.")] = field(default_factory=dict)


class GameSpec(Model, frozen=True, kw_only=True):
    """``content/<game>/game.yaml``: one game and the components it prints."""

    format: Annotated[
        int, doc("The format the file is written in (none: the first); see `pnp migrate`.")
    ] = 1
    id: Annotated[Slug, doc("Game id; must be the folder name, which is used when it is omitted.")]
    title: Annotated[LocalText, doc("The game's name.")]
    publisher: Annotated[str | None, doc("Publisher and year, for the credits line.")] = None
    source: Annotated[str | list[str] | None, doc("Where the facts in this folder come from.")] = (
        None
    )
    languages: Annotated[list[Lang], doc("Languages the game's texts are written in.")] = field(
        default_factory=lambda: ["en"]
    )
    fonts: Annotated[dict[str, FontSpec], doc("Extra fonts by name, usable in layouts.")] = field(
        default_factory=dict
    )
    components: Annotated[
        list[ComponentSpec], doc("The printable components.", max_length=MAX_COMPONENTS)
    ] = field(default_factory=list)
    table: Annotated[
        str | None, doc("File of table-companion data (dice, bags, decks, tracks, scoring).")
    ] = None
    rules: Annotated[str | None, doc("Folder of rule-sheet sources and the glossary.")] = None


# ---------------------------------------------------------------- items


class ItemSpec(Model, frozen=True, kw_only=True):
    """One card or token. Keys other than these are the item's data, used by the layout's templates."""

    id: Annotated[
        str | None, doc("Item id, required: names its pictures, previews and print-shop files.")
    ] = None
    qty: Annotated[int, doc(f"How many copies to print (0..{MAX_QTY}).", ge=0, le=MAX_QTY)] = 1
    estimate: Annotated[bool, doc("True when a value here is not known from a source.")] = False
    source: Annotated[str | None, doc("Where this item's facts come from.")] = None
    back: Annotated[
        dict[str, Any] | None,
        doc("This item's own back: data for the shared back layout, or {layout, data}."),
    ] = None
    layout: Annotated[
        str | None, doc("This item's own front layout (e.g. command cards in a unit deck).")
    ] = None
    extra: dict[str, Any] = field(default_factory=dict, name=DATA_KEY)  # the item's data

    @classmethod
    def prepare(cls, data: Any) -> Any:
        """Every key that is not a field moves under the item's data (``extra``)."""
        if not isinstance(data, dict) or DATA_KEY in data:
            return data  # not an item (the conversion says so), or prepared already
        known = {k: v for k, v in data.items() if k in _ITEM_KEYS}
        known[DATA_KEY] = {k: v for k, v in data.items() if k not in _ITEM_KEYS}
        return known


_ITEM_KEYS = frozenset(ItemSpec.__struct_encode_fields__) - {DATA_KEY}


class ItemsFile(Model, frozen=True, kw_only=True):
    """An item file: shared defaults and the list of items (a .csv/.tsv/.xlsx file: its rows, its `*` row)."""

    items: Annotated[list[ItemSpec], doc("The items.", max_length=MAX_ITEMS)]
    defaults: Annotated[dict[str, Any], doc("Data merged under every item.")] = field(
        default_factory=dict
    )
    source: Annotated[str | list[str] | None, doc("Where the facts in this file come from.")] = None
    estimate_note: Annotated[str | None, doc("Why and where values are estimates.")] = None

    @classmethod
    def prepare(cls, data: Any) -> Any:
        """Each item's data keys gathered apart from its fields (see :meth:`ItemSpec.prepare`)."""
        if not isinstance(data, dict) or not isinstance(data.get("items"), list):
            return data
        return {**data, "items": [ItemSpec.prepare(i) for i in data["items"]]}
