"""Schema validation that reports every problem at its line and column.

:func:`convert` turns loaded data into a model with msgspec in one pass. When that fails,
:func:`validate` walks the data beside the model's types to find every problem (not only the
first), words each for a user, and adds it to an
:class:`~generator.errors.IssueCollector` located through the YAML marks, with "did you mean"
hints for misspelt keys and choice values. The caller collects issues from every file and
aborts once.
"""

from __future__ import annotations

import re
import types
import typing
from collections.abc import Callable
from typing import Any

import msgspec

from ..errors import IssueCollector, suggest
from ..locale import N_, _, ngettext
from .yamlload import Loaded, PathKey, key_path

MAX_PROBLEMS = 200  # per file; a file this broken says enough with the first ones

_KINDS = {
    "int": N_("a whole number"),
    "float": N_("a number"),
    "str": N_("a text"),
    "bool": N_("true or false"),
    "array": N_("a list"),
    "object": N_("a mapping"),
    "null": N_("nothing"),
}


def _dec_hook(tp: Any, obj: Any) -> Any:
    reader = getattr(tp, "from_data", None)
    if reader is None:
        raise NotImplementedError(f"no reader for {tp!r}")
    return reader(obj)


def convert(model: Any, data: Any, *, strict: bool = True) -> Any:
    """``data`` as an instance of ``model`` (a struct or any type a field may have).

    ``strict``: a value must have its field's type, as the JSON Schema says (``qty: "3"`` is
    refused); otherwise numbers and true/false are also read from text, as a spreadsheet's
    cells hold them. Raises :class:`msgspec.ValidationError` at the first problem;
    :func:`validate` finds all.
    """
    prepare = getattr(model, "prepare", None)
    if prepare is not None:
        data = prepare(data)
    return msgspec.convert(data, model, strict=strict, dec_hook=_dec_hook)


# ---------------------------------------------------------------- reading types


def _base(tp: Any) -> Any:
    """``tp`` without ``Annotated`` documentation and constraints."""
    while typing.get_origin(tp) is typing.Annotated:
        tp = typing.get_args(tp)[0]
    return tp


def _is_struct(tp: Any) -> bool:
    return isinstance(tp, type) and issubclass(tp, msgspec.Struct)


def _members(tp: Any) -> tuple[Any, ...]:
    base = _base(tp)
    if typing.get_origin(base) in (typing.Union, types.UnionType):
        return typing.get_args(base)
    return (tp,)


def _choices(tp: Any) -> list[str] | None:
    """The allowed values of a Literal (through Optional), as texts."""
    for member in _members(tp):
        base = _base(member)
        if typing.get_origin(base) is typing.Literal:
            return [str(v) for v in typing.get_args(base)]
    return None


def _tagged(tp: Any) -> tuple[str, dict[str, type]] | None:
    """The tag key and the struct of each tag value, when ``tp`` is a tagged union."""
    structs = [_base(m) for m in _members(tp) if _is_struct(_base(m))]
    tagged = {s.__struct_config__.tag: s for s in structs if s.__struct_config__.tag is not None}
    if not tagged:
        return None
    return structs[0].__struct_config__.tag_field, tagged


def _fields(cls: type) -> dict[str, msgspec.structs.FieldInfo]:
    return {f.encode_name: f for f in msgspec.structs.fields(cls)}  # type: ignore[arg-type]


# ---------------------------------------------------------------- wording


def _phrase(msg: str, value: Any, tp: Any) -> str:
    """msgspec's message for ``value`` (at the root of ``tp``), worded for a user."""
    msg = re.sub(r" - at `\$`$", "", msg)
    if m := re.fullmatch(r"Expected `([^`]+)`, got `([^`]+)`", msg):
        kinds = [k for k in m.group(1).split(" | ") if k != "null"] or ["null"]  # optional
        want = _(" or ").join(_(_KINDS.get(k, k)) for k in kinds)
        return _("expected {want}, got {value}").format(want=want, value=_shown(value))
    if m := re.fullmatch(r"Expected `(int|float)` (>=|<=|>|<) (\S+)", msg):
        bound = {
            ">=": _("must be at least {bound}, not {value}"),
            "<=": _("must be at most {bound}, not {value}"),
            ">": _("must be more than {bound}, not {value}"),
            "<": _("must be less than {bound}, not {value}"),
        }
        return bound[m.group(2)].format(bound=m.group(3), value=_shown(value))
    if m := re.fullmatch(r"Expected `(array|object|str)` of length (>=|<=) (\d+)", msg):
        n = int(m.group(3))
        chars, least = m.group(1) == "str", m.group(2) == ">="
        if chars and least:
            said = ngettext(
                "must have at least {n} character", "must have at least {n} characters", n
            )
        elif chars:
            said = ngettext(
                "must have at most {n} character", "must have at most {n} characters", n
            )
        elif least:
            said = ngettext("must have at least {n} entry", "must have at least {n} entries", n)
        else:
            said = ngettext("must have at most {n} entry", "must have at most {n} entries", n)
        return said.format(n=n)
    if m := re.fullmatch(r"Expected `str` matching regex '(.*)'", msg):
        return _("{value!r} does not match the required form ({form})").format(
            value=value, form=m.group(1)
        )
    if re.fullmatch(r"Invalid (enum )?value .*", msg):
        choices = _choices(tp) or []
        said = _("{value!r} is not one of {choices}").format(
            value=value, choices=", ".join(choices)
        )
        return said + suggest(str(value), choices)
    return msg[:1].lower() + msg[1:]


def _shown(value: Any) -> str:
    if isinstance(value, (dict, list)):
        kind = "object" if isinstance(value, dict) else "array"
        return _(_KINDS[kind])
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


# ---------------------------------------------------------------- finding every problem


class _Walk:
    """Finds every problem in ``data`` by converting its parts, one level at a time."""

    def __init__(self, strict: bool) -> None:
        self.strict = strict
        self.found: list[tuple[PathKey, str, str]] = []  # (path, message, how to locate)

    def add(self, path: PathKey, message: str, how: str = "value") -> None:
        if len(self.found) < MAX_PROBLEMS:
            self.found.append((path, message, how))

    def check(self, value: Any, tp: Any, path: PathKey) -> None:
        if len(self.found) >= MAX_PROBLEMS:
            return
        try:
            convert(tp, value, strict=self.strict)
            return
        except msgspec.ValidationError as exc:
            msg = str(exc)
        if isinstance(value, float) and value.is_integer() and msg.startswith("Expected `int"):
            try:  # 4.0 is a whole number, as the JSON Schema has it
                convert(tp, int(value), strict=True)
                return
            except msgspec.ValidationError as exc:
                msg, value = str(exc), int(value)
        before = len(self.found)
        base = _base(tp)
        tagged = _tagged(tp)
        structs = [_base(m) for m in _members(tp) if _is_struct(_base(m))]
        origin = typing.get_origin(base)
        walked = True
        if isinstance(value, dict) and (tagged or structs):
            self._struct(value, tp, tagged, structs, path)
        elif isinstance(value, list) and origin in (list, tuple):
            self._sequence(value, base, path)
        elif isinstance(value, dict) and origin is dict:
            self._mapping(value, base, path)
        elif origin in (typing.Union, types.UnionType):
            walked = self._union(value, base, path)
        else:
            walked = False
        if len(self.found) > before:
            return
        if walked and self.strict:
            try:  # every part passed: what failed was a whole number written as 4.0
                convert(tp, value, strict=False)
                return
            except msgspec.ValidationError as exc:
                msg = str(exc)
        self.add(path, _phrase(msg, value, tp))  # the problem is this value itself

    def _struct(
        self,
        value: dict[str, Any],
        tp: Any,
        tagged: tuple[str, dict[str, type]] | None,
        structs: list[Any],
        path: PathKey,
    ) -> None:
        tag_field = None
        if tagged is not None:
            tag_field, by_tag = tagged
            if tag_field not in value:
                self.add((*path, tag_field), _("required key is missing"), "missing")
                return
            tag = value[tag_field]
            if not isinstance(tag, str) or tag not in by_tag:
                self.add(
                    (*path, tag_field),
                    _("{value!r} is not one of {choices}").format(
                        value=tag, choices=", ".join(by_tag)
                    )
                    + suggest(str(tag), by_tag),
                )
                return
            cls = by_tag[tag]
        else:
            cls = structs[0]
        prepare = getattr(cls, "prepare", None)
        if prepare is not None:
            value = prepare(value)
        fields = _fields(cls)
        for name, info in fields.items():
            if name in value:
                self.check(value[name], info.type, (*path, name))
            elif info.required:
                self.add((*path, name), _("required key is missing"), "missing")
        if cls.__struct_config__.forbid_unknown_fields:  # type: ignore[attr-defined]
            allowed = [*fields, *([tag_field] if tag_field else [])]
            retired = getattr(cls, "retired", {})
            for key in value:
                if key in retired:
                    said = _("unknown key: {why}").format(why=_(retired[key]))
                    self.add((*path, key), said, "key")
                elif key not in allowed:
                    said = _("unknown key") + suggest(str(key), allowed)
                    self.add((*path, key), said, "key")

    def _sequence(self, value: list[Any], base: Any, path: PathKey) -> None:
        args = typing.get_args(base)
        fixed = typing.get_origin(base) is tuple and not (len(args) == 2 and args[1] is Ellipsis)
        if fixed and len(value) != len(args):
            said = _("expected {want} values, got {got}").format(want=len(args), got=len(value))
            self.add(path, said)
            return
        for n, item in enumerate(value):
            self.check(item, args[n] if fixed else args[0] if args else Any, (*path, n))

    def _mapping(self, value: dict[Any, Any], base: Any, path: PathKey) -> None:
        key_type, value_type = typing.get_args(base) or (Any, Any)
        for key, item in value.items():
            try:
                convert(key_type, key, strict=self.strict)
            except msgspec.ValidationError as exc:
                self.add((*path, key), _phrase(str(exc), key, key_type), "key")
                continue
            self.check(item, value_type, (*path, key))

    def _union(self, value: Any, base: Any, path: PathKey) -> bool:
        """A union of a scalar with a list or a mapping: explain the member of the value's
        shape. Whether there was one to walk."""
        shape = list if isinstance(value, list) else dict if isinstance(value, dict) else None
        if shape is None:
            return False
        fits = [
            m
            for m in typing.get_args(base)
            if typing.get_origin(_base(m)) in ((list, tuple) if shape is list else (dict,))
        ]
        if len(fits) == 1:
            self.check(value, fits[0], path)
            return True
        return False


def validate(model: Any, loaded: Loaded, issues: IssueCollector, *, root: PathKey = ()) -> Any:
    """Validate ``loaded.data`` (or its part at ``root``) against ``model``.

    Returns the model instance, or None after adding located issues to ``issues``.
    """
    data: Any = loaded.data
    for part in root:
        data = data[part]
    strict = not loaded.text_cells
    try:
        return convert(model, data, strict=strict)
    except msgspec.ValidationError:
        pass
    walk = _Walk(strict)
    walk.check(data, model, ())
    if not walk.found:  # only whole numbers written as 4.0, which a lax reading takes
        return convert(model, data, strict=False)
    for path, message, how in walk.found:
        full = (*root, *path)
        if how == "missing":
            where = loaded.marks.locate(full[:-1])
        else:
            where = loaded.marks.locate(full, key=how == "key")
        issues.add(where, key_path(full), message)
    return None


def report_twice(
    ids: list[str], path: Callable[[int], PathKey], message: str, loaded: Loaded, issues: Any
) -> None:
    """Report each id of ``ids`` given again, at its second use (``path(n)`` locates entry n);
    ``message`` has an ``{id}`` placeholder."""
    seen: set[str] = set()
    for n, iid in enumerate(ids):
        if iid in seen:
            issues.add(loaded.marks.locate(path(n)), key_path(path(n)), message.format(id=iid))
        seen.add(iid)
