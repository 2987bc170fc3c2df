"""Hostile templates: one budget covers all the work a template does, whatever it uses.

Each template below would, without the budget, build gigabytes or run for hours through one
filter, method or operator. Each must be refused quickly with a ``SecurityError`` (which the
expander reports at the template's line), and ``pnp check`` must say where, in a separate
process under a time and memory limit.
"""

from __future__ import annotations

import json
import os
import re
import resource
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jinja2.sandbox import SecurityError

from generator.faces.budget import MAX_SECONDS
from generator.faces.sandbox import ENV, render

BIG = "{% set s = 'x' * 90000 %}"
HOSTILE = {
    "replace": BIG + "{{ s.replace('x', s) | length }}",
    "replace-filter": BIG + "{{ s | replace('x', s) | length }}",
    "replace-empty": BIG + "{{ s.replace('', s) | length }}",
    "join-method": BIG + "{{ s.join(s) | length }}",
    "join-filter": BIG + "{{ s | list | join(s) | length }}",
    "join-map": "{{ range(100000) | map('string') | join('y' * 5000) | length }}",
    "sum-lists": "{% set l = [[0] * 50000] * 50000 %}{{ l | sum(start=[]) | length }}",
    "string-of-list": BIG + "{{ [s] * 50000 | string | length }}",
    "print-list": BIG + "{{ [s] * 90000 }}",
    "lipsum": "{{ lipsum(100000, max=100000) | length }}",
    "nested-loops": "{% for a in 'x' * 90000 %}{% for b in 'x' * 90000 %}.{% endfor %}{% endfor %}",
    "loop-over-list": "{% set l = [1] * 90000 %}{% for a in l %}{% for b in l %}{% endfor %}{% endfor %}",
    "stacked-powers": "{{ ((9 ** 64) ** 64) ** 64 }}",
    "power-tower": "{{ 2 ** 64 ** 64 }}",
    "squaring": "{% set ns = namespace(x=3) %}{% for i in range(40) %}{% set ns.x = ns.x * ns.x %}{% endfor %}{{ ns.x }}",
    "doubling": "{% set ns = namespace(s='x') %}{% for i in range(60) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}",
    "set-block": "{% set t %}{% for i in range(100000) %}{{ 'y' * 1000 }}{% endfor %}{% endset %}{{ t | length }}",
    "format-width": "{{ '{:>{w}}'.format('a', w=100000000) }}",
    "percent-width": "{{ '%*d' % (100000000, 1) }}",
    "indent": BIG + "{{ (s | wordwrap(1)) | indent(100000) | length }}",
    "center": "{{ 'x' | center(100000000) }}",
    "zfill": "{{ 'x'.zfill(100000000) }}",
    "batch-fill": "{{ [1] | batch(100000000, 0) | list | length }}",
    "slice": "{{ [1] | slice(100000000) | list | length }}",
    "range-list": "{{ range(10 ** 9) | list | length }}",
    "macro-output": "{% macro m() %}{{ 'z' * 90000 }}{% endmacro %}{% for i in range(100000) %}{{ m() }}{% endfor %}",
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_a_template_that_would_do_unbounded_work_is_refused_quickly(name: str) -> None:
    template = ENV.from_string(HOSTILE[name])
    start = time.monotonic()
    with pytest.raises((SecurityError, RecursionError)):
        render(template, {})
    assert time.monotonic() - start < MAX_SECONDS + 3


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("{{ name | upper }}", "ABC"),
        ("{% for i in range(16) %}{{ i }}{% endfor %}", "".join(map(str, range(16)))),
        ("{{ ', '.join(['a', 'b']) }}", "a, b"),
        ("{{ 'x' * 3 ~ 'y' }}", "xxxy"),
        ("{{ 2 ** 10 }}", "1024"),
        ("{{ name | replace('b', '-') }}", "a-c"),
        ("{{ [1, 2, 3] | sum }}", "6"),
        ("{{ '%03d' % 7 }}", "007"),
        ("{{ (lipsum(1, html=False, min=5, max=6) | wordcount) in (5, 6) }}", "True"),
        ("{{ x | default('d') }}", "d"),
    ],
)
def test_ordinary_templates_still_render(source: str, expected: str) -> None:
    assert render(ENV.from_string(source), {"name": "abc"}) == expected


def _limited() -> None:  # pragma: no cover - runs in the child process
    resource.setrlimit(resource.RLIMIT_AS, (1_500_000_000, 1_500_000_000))


@pytest.mark.parametrize("name", ["replace", "join-map", "set-block", "stacked-powers"])
def test_check_reports_a_hostile_template_at_its_line(tmp_path: Path, name: str) -> None:
    game = tmp_path / "content" / "g"
    (game / "layouts").mkdir(parents=True)
    (game / "game.yaml").write_text(
        "id: g\ntitle: T\nlanguages: [en]\ncomponents:\n"
        "  - {id: c, kind: cards, title: C, items: cards.yaml, layout: front, size: poker}\n",
        encoding="utf-8",
    )
    (game / "cards.yaml").write_text("items: [{id: a, name: A}]\n", encoding="utf-8")
    text = HOSTILE[name].replace('"', '\\"')
    (game / "layouts" / "front.yaml").write_text(
        "id: front\nboxes:\n"
        f'  - {{kind: text, x: 5mm, y: 5mm, w: 50mm, h: 20mm, text: "{text}"}}\n',
        encoding="utf-8",
    )
    env = {**os.environ, "PNP_DATA_DIR": str(tmp_path / "data")}
    result = subprocess.run(
        [sys.executable, "-m", "generator.cli", "check", "g"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        preexec_fn=_limited,
    )
    said = result.stdout + result.stderr
    assert result.returncode == 1, said
    assert "Traceback" not in said and "internal error" not in said, said
    assert "front.yaml:3:" in said and "not allowed" in said, said


@pytest.mark.parametrize(
    ("expr", "words"),
    [
        ("{n:>100000000}d6", "plain {name}"),
        ("{n.__class__}d6", "plain {name}"),
        ("{n[0]}d6", "plain {name}"),
        ("{n!r}d6", "plain {name}"),
        ("{m}d6", "not one of the roll's params"),
        ("{n}d6}", "braces do not pair up"),
    ],
)
def test_a_named_roll_fills_only_plain_placeholders(expr: str, words: str) -> None:
    from generator.dice.parse import fill_params

    assert fill_params("{n}d6+{n}", {"n": 2}) == "2d6+2"
    start = time.monotonic()
    with pytest.raises(ValueError, match=re.escape(words)):
        fill_params(expr, {"n": 1})
    assert time.monotonic() - start < 0.5


@pytest.mark.parametrize(
    ("lang", "expr", "said"),
    [
        ("en", "{n}d6}", "braces do not pair up (column 6)"),
        ("en", "2d6+{n", "braces do not pair up (column 5)"),
        ("zh-Hant", "{n}d6}", "大括號沒有成對（第 6 欄）"),
        ("zh-Hans", "2d6+{n", "大括号没有成对（第 5 栏）"),
    ],
)
def test_an_unpaired_brace_in_a_named_roll_is_located_in_the_players_language(
    lang: str, expr: str, said: str
) -> None:
    from generator.dice.parse import fill_params
    from generator.locale import use_language

    assert fill_params("{{n}}+{n}d6", {"n": 2}) == "{n}+2d6"  # doubled braces are braces
    use_language(lang)
    try:
        with pytest.raises(ValueError) as caught:
            fill_params(expr, {"n": 1})
    finally:
        use_language("en")
    assert str(caught.value) == said


FORMATS = "{% set s = 'x' * 90000 %}"
AMPLIFIERS = {
    "format-method-fields": FORMATS + "{{ ('{0}' * 30000).format(s) | length }}",
    "percent-mapping": FORMATS + "{{ ('%(a)s' * 20000) % {'a': s} }}",
    "percent-tuple": FORMATS + "{{ ('%s' * 3) % (s, s, s) }}",
    "format-filter": FORMATS + "{{ ('%s' * 3) | format(s, s, s) }}",
    "wordwrap-wrapstring": FORMATS + "{{ ('ab ' * 30000) | wordwrap(1, wrapstring=s) }}",
    "urlize-target": FORMATS + "{{ ('a.co ' * 20000) | urlize(target=s) }}",
}


@pytest.mark.parametrize("name", sorted(AMPLIFIERS))
def test_a_short_pattern_cannot_repeat_a_long_value_past_the_limit(name: str) -> None:
    start = time.monotonic()
    with pytest.raises(SecurityError, match="too long"):
        render(ENV.from_string(AMPLIFIERS[name]), {})
    assert time.monotonic() - start < 1


# ---------------------------------------------------------------- fuzzing every filter and method

_WORKER = """
import json, resource, sys, time
resource.setrlimit(resource.RLIMIT_AS, (1_500_000_000, 1_500_000_000))
from generator.faces.sandbox import ENV, render
from jinja2 import TemplateError
from jinja2.sandbox import SecurityError
EXPECTED = (SecurityError, RecursionError, TemplateError, TypeError, ValueError,
            ArithmeticError, LookupError, AttributeError, AssertionError)
out = {"unexpected": [], "memory": [], "slowest": 0.0}
for src in json.load(sys.stdin):
    start = time.monotonic()
    try:
        render(ENV.from_string(src), {})
    except MemoryError:
        out["memory"].append(src)
    except EXPECTED:
        pass
    except Exception as exc:
        out["unexpected"].append([src, repr(exc)[:200]])
    out["slowest"] = max(out["slowest"], time.monotonic() - start)
# the peak of this process itself: ru_maxrss keeps the parent's peak across fork and exec,
# so a large test process would count; VmHWM belongs to this program's memory alone
try:
    with open("/proc/self/status") as status:
        hwm = [line for line in status if line.startswith("VmHWM:")]
    out["peak_kb"] = int(hwm[0].split()[1])
except (OSError, IndexError, ValueError):
    out["peak_kb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps(out))
"""
_BIG = [
    "'x' * 90000",
    "('ab ' * 30000)",
    "[1] * 90000",
    "range(90000)",
    "9 ** 64",
    "{'a': 'x' * 90000}",
    "'%s' * 30000",
    "'{0}' * 30000",
    "('x\\n' * 45000)",
]
_ARGS = ["3", "0", "-1", "1000000", "'|'", "'x' * 90000", "True", "none", "[1, 2]", "2 ** 60"]
_METHODS = [
    "replace('x', 'x' * 1000)",
    "join(['a'] * 90000)",
    "center(99999)",
    "split()",
    "format('x' * 90000)",
    "translate({120: 'y' * 1000})",
    "expandtabs(1000)",
    "zfill(99999)",
]


@st.composite
def _hostile_template(draw: st.DrawFn) -> str:
    expr = draw(st.sampled_from(_BIG))
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["filter", "filter", "method", "operator"]))
        if kind == "filter":
            name = draw(st.sampled_from(sorted(ENV.filters)))
            args = ", ".join(draw(st.lists(st.sampled_from(_ARGS), max_size=2)))
            expr = f"({expr}) | {name}({args})"
        elif kind == "method":
            expr = f"({expr}).{draw(st.sampled_from(_METHODS))}"
        else:
            op = draw(st.sampled_from(["*", "+", "~", "%", "**", "//"]))
            expr = f"({expr}) {op} ({draw(st.sampled_from(_ARGS + _BIG))})"
    shape = draw(
        st.sampled_from(
            [
                "{{ %s }}",
                "{%% for i in %s %%}{{ i }}{%% endfor %%}",
                "{%% set t %%}{{ %s }}{%% endset %%}{{ t | length }}",
            ]
        )
    )
    return shape % expr


@settings(max_examples=3, deadline=None, derandomize=True)
@given(sources=st.lists(_hostile_template(), min_size=150, max_size=150))
def test_no_filter_method_or_operator_escapes_the_budget(sources: list[str]) -> None:
    """150 random chains of every filter, text method and operator over large values, run in a
    process limited to 1.5 GB: each ends within its time, none reaches the memory limit."""
    import json

    result = subprocess.run(
        [sys.executable, "-c", _WORKER],
        input=json.dumps(sources),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    report = json.loads(result.stdout)
    assert not report["unexpected"], report["unexpected"]
    assert not report["memory"], report["memory"]
    assert report["slowest"] < MAX_SECONDS + 1, report
    assert report["peak_kb"] < 600_000, report


def _one_game(root: Path, items: int, text: str) -> None:
    game = root / "content" / "g"
    (game / "layouts").mkdir(parents=True)
    (game / "game.yaml").write_text(
        "id: g\ntitle: T\nlanguages: [en]\ncomponents:\n"
        "  - {id: c, kind: cards, title: C, items: cards.yaml, layout: front, size: poker}\n",
        encoding="utf-8",
    )
    cards = ", ".join(f"{{id: i{n}, name: N{n}}}" for n in range(items))
    (game / "cards.yaml").write_text(f"items: [{cards}]\n", encoding="utf-8")
    (game / "layouts" / "front.yaml").write_text(
        "id: front\nboxes:\n  - {kind: text, x: 5mm, y: 5mm, w: 50mm, h: 20mm, text: "
        + json.dumps(text)
        + "}\n",
        encoding="utf-8",
    )


def test_the_templates_of_a_game_share_one_time_limit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each item's template stays within its own budget, but together they would take long."""
    from generator.faces import templates

    from .helpers import pnp

    monkeypatch.setattr(templates, "MAX_TEMPLATE_SECONDS", 0.3)
    slow = "{% for i in range(150000) %}{% endfor %}{{ name }}-{{ id }}"
    _one_game(tmp_path, 40, slow)
    start = time.monotonic()
    result = pnp("check", "--content", str(tmp_path / "content"), "g")
    assert result.returncode == 1, result.stderr
    assert "no more are evaluated" in result.stderr and "front.yaml:3:" in result.stderr
    assert result.stderr.count("no more are evaluated") == 1
    assert time.monotonic() - start < 20


@pytest.mark.parametrize(
    "text",
    [
        "{{ " + "(" * 3000 + "1" + ")" * 3000 + " }}",
        "{% if 1 %}" * 200 + "x" + "{% endif %}" * 200,
        "{{ " + "-" * 5000 + "1 }}",
        "{{ 1" + " + 1" * 20000 + " }}",
    ],
)
def test_a_template_nested_past_what_compiles_is_a_located_problem(
    tmp_path: Path, text: str
) -> None:
    from .helpers import pnp

    _one_game(tmp_path, 1, text)
    result = pnp("check", "--content", str(tmp_path / "content"), "g")
    said = result.stdout + result.stderr
    assert result.returncode == 1, said
    assert "Traceback" not in said and "internal error" not in said, said
    assert "front.yaml:3:" in said, said
