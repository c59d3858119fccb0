"""Films: loading, checking and resolving `<lesson>.film.toml` (site_builder/widgets/film.py)."""

from pathlib import Path

import pytest

from site_builder.build import build
from site_builder.errors import Problems
from site_builder.widgets.film import KIND, film_path, load_film
from site_builder.loader import load_course
from site_builder.mathml import to_mathml
from site_builder.numbers import Providers

PROJECT = Path(__file__).resolve().parent.parent
FILM = "lessons/01-basics/adding.film.toml"

# Line numbers matter: the tests below expect problems at these lines.
GOOD = """\
title = "Two numbers"

[numbers]
demo = "demo:sums"

[[scenes]]
caption = "{{ demo.a | num(0) }} plus {{ demo.b | num(0) }} makes {{ demo.total | num }}."
duration = 15

[[scenes.items]]
kind = "vector"
id = "halves"
label = "halves"
values = "demo.halves"
digits = 1

[[scenes]]
caption = "Half of each, as bars."
duration = 15

[[scenes.items]]
kind = "bars"
id = "halves"
values = "demo.halves"
labels = ["a", "b"]

[[scenes.items]]
kind = "formula"
latex = "a + b = {{ demo.total | num(0) }}"
"""


def load_films(course, providers, problems, render_latex):
    """{lesson id: Film} as the build resolves them, with the course-wide check of stray films."""
    films = {lesson.id: film for lesson in course.lessons() if (film := load_film(lesson, providers, problems, render_latex))}
    KIND.check_course(course, problems)
    return films


def resolve(root, text):
    """Write the film beside the fixture's first lesson; return (films, problems as strings)."""
    (root / FILM).write_text(text)
    problems = Problems(root)
    films = load_films(load_course(root), Providers(root), problems, lambda latex: to_mathml(latex, display=True))
    return films, [str(problem) for problem in problems.found]


def test_a_good_film_resolves_every_reference(mini_course):
    films, problems = resolve(mini_course, GOOD)
    assert problems == []
    film = films["01-basics/adding"].data
    assert film["title"] == "Two numbers"
    assert film["duration"] == 30
    first, second = film["scenes"]
    assert first["caption"] == "2 plus 3 makes 5.00."
    assert first["items"][0] == {"kind": "vector", "id": "halves", "label": "halves", "values": [1.0, 1.5], "digits": 1}
    assert second["items"][0]["values"] == [1.0, 1.5]
    assert "<mn>5</mn>" in second["items"][1]["mathml"]


def test_unknown_item_kind(mini_course):
    _, problems = resolve(mini_course, GOOD.replace('kind = "vector"', 'kind = "vectr"'))
    assert problems == [
        f"{FILM}:10: scene 1: unknown item kind 'vectr': expected one of arrow, bars, cache, formula, graph, matrix, strip, text, vector"
    ]


def test_reference_to_a_missing_number(mini_course):
    _, problems = resolve(mini_course, GOOD.replace('values = "demo.halves"\ndigits = 1', 'values = "demo.thirds"\ndigits = 1'))
    assert problems == [f"{FILM}:10: scene 1, vector: 'demo.thirds': the numbers have no thirds there"]


def test_reference_to_undeclared_numbers(mini_course):
    _, problems = resolve(mini_course, GOOD.replace("{{ demo.total | num }}", "{{ sums.total | num }}"))
    assert problems == [f"{FILM}:7: scene 1: caption: 'sums' is undefined (is it declared under [numbers], and does the provider return it?)"]


def test_a_caption_fills_in_numbers_as_lesson_text_does(mini_course):
    text = GOOD.replace("makes {{ demo.total | num }}", "makes {{ demo.total | num(1) }}, halves {{ demo.halves | vec(1) }}")
    films, problems = resolve(mini_course, text)
    assert problems == []
    assert films["01-basics/adding"].data["scenes"][0]["caption"] == "2 plus 3 makes 5.0, halves [1.0, 1.5]."


def test_a_scene_too_long(mini_course):
    _, problems = resolve(mini_course, GOOD.replace("duration = 15", "duration = 25", 1))
    assert problems == [f"{FILM}:8: scene 1: duration 25 should be 2 to 20 seconds"]


def test_a_duration_that_is_not_a_number(mini_course):
    _, problems = resolve(mini_course, GOOD.replace("duration = 15", 'duration = "15"', 1))
    assert problems == [f"{FILM}:8: scene 1: 'duration' should be a number, not '15'"]


def test_a_film_too_short_in_all(mini_course):
    _, problems = resolve(mini_course, GOOD.replace("duration = 15", "duration = 10"))
    assert problems == [f"{FILM}:1: the scenes last 20 seconds in all; a film should last 30 to 90"]


def test_a_film_too_long_in_all(mini_course):
    _, problems = resolve(mini_course, GOOD.replace("duration = 15", "duration = 20") + GOOD[GOOD.index("[[scenes]]"):].replace("duration = 15", "duration = 20") + GOOD[GOOD.index("[[scenes]]"):].replace("duration = 15", "duration = 20"))
    assert problems == [f"{FILM}:1: the scenes last 120 seconds in all; a film should last 30 to 90"]


def test_items_after_a_rejected_scene_keep_their_own_lines(mini_course):
    text = GOOD.replace("duration = 15", "duration = 25", 1).replace('kind = "bars"', 'kind = "barz"')
    _, problems = resolve(mini_course, text)
    assert f"{FILM}:21: scene 2: unknown item kind 'barz': expected one of arrow, bars, cache, formula, graph, matrix, strip, text, vector" in problems


def test_an_arrow_must_join_items_of_its_scene(mini_course):
    text = GOOD + '\n[[scenes.items]]\nkind = "arrow"\nfrom = "halves"\nto = "total"\n'
    _, problems = resolve(mini_course, text)
    assert problems == [f"{FILM}:31: scene 2: the arrow's 'to' names 'total', but no item in this scene has that id"]


def test_a_film_without_its_lesson(mini_course):
    (mini_course / "lessons/01-basics/subtracting.film.toml").write_text(GOOD)
    problems = Problems(mini_course)
    load_films(load_course(mini_course), Providers(mini_course), problems, lambda latex: latex)
    assert [str(problem) for problem in problems.found] == [
        "lessons/01-basics/subtracting.film.toml: no lesson lessons/01-basics/subtracting.md for this film"
        " (a film sits beside its lesson, with the same name)"
    ]


def test_the_lesson_page_carries_the_film(mini_course, tmp_path):
    (mini_course / FILM).write_text(GOOD)
    out = tmp_path / "dist"
    build(mini_course, out)
    page = (out / "01-basics/adding/index.html").read_text()
    assert 'aria-label="Film: Two numbers"' in page
    assert "static/js/film.js" in page and "static/css/film.css" in page
    assert "<li>2 plus 3 makes 5.00.</li>" in page  # the transcript, readable without JavaScript
    assert '"values": [1.0, 1.5]' in page
    assert "film.js" not in (out / "01-basics/averages/index.html").read_text()


def test_the_course_films_resolve_from_the_real_providers():
    problems = Problems(PROJECT)
    course = load_course(PROJECT)
    films = load_films(course, Providers(PROJECT), problems, lambda latex: to_mathml(latex, display=True))
    assert [str(problem) for problem in problems.found] == []
    # Every film the course has resolves, whichever modules have been written since.
    assert sorted(films) == sorted(lesson.id for lesson in course.lessons() if film_path(lesson).is_file())
    assert {
        "08-attention/causal-masking",
        "08-attention/position-embeddings",
        "08-attention/queries-keys-values",
        "08-attention/rmsnorm-residuals",
        "08-attention/scaled-dot-product",
    } <= set(films)
    for film in films.values():
        assert 30 <= film.data["duration"] <= 90
    blend = films["08-attention/scaled-dot-product"].data["scenes"][-1]
    assert "[7.18, 2.82]" in blend["caption"]


def test_the_causal_film_shows_the_trained_models_weights():
    from microgpt import attention_maps, load_checkpoint

    problems = Problems(PROJECT)
    films = load_films(load_course(PROJECT), Providers(PROJECT), problems, lambda latex: latex)
    scenes = films["08-attention/causal-masking"].data["scenes"]
    caches = [item["values"] for scene in scenes for item in scene["items"] if item["kind"] == "cache"]
    weights = attention_maps(load_checkpoint(PROJECT / "course/checkpoint.json"), "emma")["heads"][0]["weights"]
    assert caches == weights  # one step per letter, each as long as the cache was then


def test_the_old_digits_shorthand_is_an_error_not_raw_braces(mini_course):
    text = GOOD.replace("makes {{ demo.total | num }}", "makes {{ demo.total | 2 }}")
    _, problems = resolve(mini_course, text)
    assert len(problems) == 1
    assert problems[0].startswith(f"{FILM}:7: scene 1: caption: cannot read the {{{{ ... }}}}")


def test_an_item_without_a_kind_says_so(mini_course):
    text = GOOD.replace('kind = "bars"\n', "")
    _, problems = resolve(mini_course, text)
    assert problems == [f"{FILM}:21: scene 2: an item without a 'kind': expected one of arrow, bars, cache, formula, graph, matrix, strip, text, vector"]


def test_a_failing_provider_is_reported_once_at_its_own_line_without_follow_ons(mini_course):
    demo = mini_course / "course/numbers/demo.py"
    demo.write_text(demo.read_text().replace("a, b = 2, 3", 'a, b = 2, 3\n    raise ValueError("no example yet")'))
    films, problems = resolve(mini_course, GOOD)
    assert films == {}
    assert problems == [
        "course/numbers/demo.py:3: demo:sums raised ValueError: no example yet",
        f"{FILM}:4: numbers.demo: demo:sums raised ValueError (see course/numbers/demo.py:3)",
    ]


def test_a_provider_returning_nan_is_refused(mini_course):
    demo = mini_course / "course/numbers/demo.py"
    demo.write_text(demo.read_text().replace("[a / 2, b / 2]", '[a / 2, float("nan")]'))
    _, problems = resolve(mini_course, GOOD)
    assert problems == [
        "course/numbers/demo.py:1: demo:sums returned nan at 'halves[1]' (every number must be finite)",
        f"{FILM}:4: numbers.demo: demo:sums returned nan (see course/numbers/demo.py:1)",
    ]


def test_an_arrow_to_a_rejected_item_says_nothing_more(mini_course):
    text = GOOD.replace('values = "demo.halves"\nlabels', 'values = "demo.thirds"\nlabels') + '\n[[scenes.items]]\nkind = "arrow"\nfrom = "halves"\nto = "halves"\n'
    _, problems = resolve(mini_course, text)
    assert problems == [f"{FILM}:21: scene 2, bars: 'demo.thirds': the numbers have no thirds there"]


def test_a_formula_that_would_not_show_what_was_written(mini_course):
    _, problems = resolve(mini_course, GOOD.replace('latex = "a + b', 'latex = "a^{ + b'))
    assert problems == [f"{FILM}:27: scene 2, formula: cannot turn $a^{{ + b = 5$ into MathML: unbalanced braces: a '{{' is never closed"]


def test_a_malformed_provider_name_says_nothing_more(mini_course):
    _, problems = resolve(mini_course, GOOD.replace('demo = "demo:sums"', 'demo = "demo.sums"'))
    assert problems == [f"{FILM}:4: numbers.demo should be \"module:function\" (a function in course/numbers/), not 'demo.sums'"]


def test_a_film_not_in_utf8_is_a_problem_with_its_place(mini_course):
    (mini_course / FILM).write_bytes(GOOD.replace("Two numbers", "Deux numéros").encode("latin-1"))
    problems = Problems(mini_course)
    films = load_films(load_course(mini_course), Providers(mini_course), problems, lambda latex: to_mathml(latex, display=True))
    assert films == {}
    assert [str(problem) for problem in problems.found] == [f"{FILM}:1: this file is not UTF-8 (byte 0xe9 at column 18); save it as UTF-8"]


def test_a_film_with_a_byte_order_mark_is_read(mini_course):
    films, problems = resolve(mini_course, "\ufeff" + GOOD)
    assert problems == []
    assert films["01-basics/adding"].data["title"] == "Two numbers"


def test_files_an_editor_leaves_beside_a_film_are_ignored(mini_course):
    (mini_course / "lessons/01-basics/._adding.film.toml").write_bytes(b"\x00\x05\x16\x07 not a film")
    (mini_course / "lessons/01-basics/adding.film.toml~").write_text("title = 'an old copy'\n")
    films, problems = resolve(mini_course, GOOD)
    assert problems == []
    assert list(films) == ["01-basics/adding"]


STRIP = GOOD.replace(
    'kind = "bars"\nid = "halves"\nvalues = "demo.halves"\nlabels = ["a", "b"]',
    'kind = "strip"\nid = "tokens"\nvalues = "demo.tokens"\nlabels = "demo.letters"\nhighlight = [0, 1]\npair = [0, 1]',
)


def test_a_strip_resolves_its_token_numbers_and_letters(mini_course):
    provider = mini_course / "course/numbers/demo.py"
    provider.write_text(provider.read_text().replace('"halves": [a / 2, b / 2]}', '"halves": [a / 2, b / 2], "tokens": [26, 0, 26], "letters": ["BOS", "a", "BOS"]}'))
    films, problems = resolve(mini_course, STRIP)
    assert problems == []
    strip = films["01-basics/adding"].data["scenes"][1]["items"][0]
    assert strip == {"kind": "strip", "id": "tokens", "values": [26, 0, 26], "labels": ["BOS", "a", "BOS"], "highlight": [0, 1], "pair": [0, 1]}


def test_a_strip_needs_its_letters(mini_course):
    _, problems = resolve(mini_course, STRIP.replace('labels = "demo.letters"\n', ""))
    assert problems == [f"{FILM}:21: scene 2, strip: missing 'labels': expected a value"]


GRAPH = GOOD.replace(
    'kind = "bars"\nid = "halves"\nvalues = "demo.halves"\nlabels = ["a", "b"]',
    'kind = "graph"\nid = "graph"\nnodes = ["a", "b", "c"]\nvalues = "demo.node_data"\ngrads = "demo.node_grads"\nedges = [["a", "c"], ["b", "c"]]',
)


def with_graph_numbers(root, data="[2, -3, -6]", grads="[None, None, 1]"):
    provider = root / "course/numbers/demo.py"
    provider.write_text(provider.read_text().replace('"halves": [a / 2, b / 2]}', f'"halves": [a / 2, b / 2], "node_data": {data}, "node_grads": {grads}}}'))


def test_a_graph_resolves_its_nodes_edges_and_gradients(mini_course):
    with_graph_numbers(mini_course)
    films, problems = resolve(mini_course, GRAPH)
    assert problems == []
    graph = films["01-basics/adding"].data["scenes"][1]["items"][0]
    assert graph == {
        "kind": "graph", "id": "graph", "nodes": ["a", "b", "c"], "values": [2, -3, -6],
        "grads": [None, None, 1], "edges": [[0, 2], [1, 2]],
    }


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (('edges = [["a", "c"], ["b", "c"]]', 'edges = [["a", "c"], ["b", "x"]]'), "the edge ['b', 'x'] names 'x', which is not one of the nodes ['a', 'b', 'c']"),
        (('edges = [["a", "c"], ["b", "c"]]', 'edges = [["c", "a"]]'), "the edge ['c', 'a'] goes from 'c' to a node listed before it"),
        (('edges = [["a", "c"], ["b", "c"]]', 'edges = [["a"]]'), "an edge should be [\"from\", \"to\"], two node names, not ['a']"),
        (('nodes = ["a", "b", "c"]', 'nodes = ["a", "b", "a"]'), "the node 'a' is listed twice"),
        (('nodes = ["a", "b", "c"]', 'nodes = ["a", "b", "c", "d"]'), "its values are 3 numbers for 4 nodes"),
        (('grads = "demo.node_grads"', 'grads = "demo.halves"'), "'demo.halves' should be one gradient per node (3)"),
    ],
    ids=["unknown node", "edge backwards", "edge of one end", "node twice", "data missing", "grads too few"],
)
def test_a_graph_that_does_not_hold_together_is_refused_at_its_line(mini_course, change, says):
    with_graph_numbers(mini_course)
    _, problems = resolve(mini_course, GRAPH.replace(*change))
    assert len(problems) == 1 and problems[0].startswith(f"{FILM}:21: scene 2, graph: {says}")


def test_a_graph_needs_its_edges(mini_course):
    with_graph_numbers(mini_course)
    _, problems = resolve(mini_course, GRAPH.replace('edges = [["a", "c"], ["b", "c"]]\n', ""))
    assert problems == [f"{FILM}:21: scene 2, graph: missing 'edges': expected a list of items"]


def test_the_backward_film_fills_the_graph_from_the_output_back():
    """Module 6's film: each scene knows more gradients, L's first, and the last knows them all."""
    problems = Problems(PROJECT)
    films = load_films(load_course(PROJECT), Providers(PROJECT), problems, lambda latex: to_mathml(latex, display=True))
    scenes = films["06-autograd/backward"].data["scenes"]
    graphs = [item for scene in scenes for item in scene["items"] if item["kind"] == "graph"]
    known = [sum(grad is not None for grad in graph["grads"]) for graph in graphs]
    assert known == sorted(known) and known[0] == 0 and known[-1] == len(graphs[-1]["nodes"])
    final = dict(zip(graphs[-1]["nodes"], graphs[-1]["grads"]))
    data = dict(zip(graphs[-1]["nodes"], graphs[-1]["values"]))
    assert final["L"] == 1 and final["a"] == data["b"] * data["f"] and final["f"] == data["d"]


def test_the_numbers_films_name_are_listed_for_the_build_to_start_early(mini_course):
    (mini_course / FILM).write_text(GOOD.replace('demo = "demo:sums"', 'demo = "demo:sums"\nbad = "no colon"\nother = "demo:other"'), encoding="utf-8")
    assert KIND.numbers_named(load_course(mini_course)) == ["demo:sums", "demo:other"]
    (mini_course / FILM).write_text("title = [unclosed", encoding="utf-8")  # said when its lesson renders, not here
    assert KIND.numbers_named(load_course(mini_course)) == []


def test_the_build_starts_the_films_numbers_with_the_lessons(mini_course, tmp_path, monkeypatch):
    (mini_course / FILM).write_text(GOOD.replace('demo = "demo:sums"', 'demo = "demo:sums"\nfilm_only = "demo:film_only"'), encoding="utf-8")
    (mini_course / "course" / "numbers" / "demo.py").write_text(
        (mini_course / "course" / "numbers" / "demo.py").read_text(encoding="utf-8") + "\n\ndef film_only():\n    return {'one': 1}\n", encoding="utf-8")
    started = []
    real = Providers.prefetch
    monkeypatch.setattr(Providers, "prefetch", lambda self, targets, workers: started.extend(targets) or real(self, targets, workers))
    build(mini_course, tmp_path / "site")
    assert "demo:film_only" in started and "demo:film_only" not in load_course(mini_course).numbers_named()
