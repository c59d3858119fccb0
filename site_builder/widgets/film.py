"""Films: short animated scenes written beside a lesson, checked and resolved at build time.

A film is `lessons/<module>/<lesson>.film.toml`, drawn above the lesson's text. Its
numbers are references into the same providers the lessons use ("worked.weights"), never
typed, and its captions, texts and formulas fill in `{{ worked.total | num(2) }}` as the
lesson's text does, so the film and the lesson always show the same figures. The build
turns a film into plain JSON that the player (static/js/film.js) draws as SVG.
"""

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from site_builder import tomlfile
from site_builder.lesson_text import fill_text
from site_builder.mathml import to_mathml
from site_builder.numbers import UNAVAILABLE, NumbersUnavailable, document_numbers
from site_builder.paths import files_in, read_checked as read
from site_builder.tomlfile import Field
from site_builder.widgets.kind import WidgetKind

FILM_SUFFIX = ".film.toml"
NUMBERS_TABLE = re.compile(r"^\[numbers\][ \t]*(?:#.*)?$.*?(?=^[ \t]*\[|\Z)", re.MULTILINE | re.DOTALL)  # up to the next table
MIN_SECONDS, MAX_SECONDS = 2, 20
MIN_TOTAL, MAX_TOTAL = 30, 90
REFERENCE = re.compile(r"^([A-Za-z_]\w*)((?:\.[A-Za-z_]\w*|\[\d+\])*)$")

FILM_FIELDS = [Field("title", str), Field("numbers", dict, required=False), Field("scenes", list, item_kind=dict)]
SCENE_FIELDS = [Field("caption", str), Field("duration", (int, float)), Field("items", list, item_kind=dict)]
COMMON = [Field("kind", str), Field("id", str, required=False), Field("label", str, required=False)]
ITEM_FIELDS = {
    "vector": COMMON + [Field("values", str), Field("labels", list, required=False), Field("digits", int, required=False)],
    "matrix": COMMON
    + [
        Field("values", str),
        Field("row_labels", (list, str), required=False),
        Field("col_labels", (list, str), required=False),
        Field("digits", int, required=False),
        Field("mask_future", bool, required=False),
        Field("highlight", list, required=False),
    ],
    "bars": COMMON + [Field("values", str), Field("labels", (list, str), required=False), Field("digits", int, required=False)],
    # The KV cache: one key/value slot per label; `values` (one weight per cached entry) says how many are filled.
    "cache": COMMON + [Field("values", str), Field("labels", (list, str)), Field("digits", int, required=False)],
    # Tokens: a card per label (a character, or BOS) with its token number under it; `highlight` frames positions, `pair` = [from, to] arcs an arrow between two.
    "strip": COMMON + [Field("values", str), Field("labels", (list, str)), Field("highlight", list, required=False), Field("pair", list, required=False)],
    # A computation graph: one node per label with its data (`values`) and, where known, its
    # gradient (`grads`, None for one not known yet); `edges` = [[from, to], ...] by node name.
    "graph": COMMON
    + [
        Field("values", str),
        Field("nodes", (list, str)),
        Field("edges", list),
        Field("grads", str, required=False),
        Field("digits", int, required=False),
    ],
    "arrow": COMMON + [Field("from", str), Field("to", str)],
    "formula": COMMON + [Field("latex", str)],
    "text": COMMON + [Field("text", str)],
}
NUMBERS_KEYS = {"vector": "values", "matrix": "values", "bars": "values", "cache": "values", "strip": "values", "graph": "values"}
LABEL_REFERENCES = ("labels", "row_labels", "col_labels", "nodes")
MAX_GRAPH_NODES = 12  # more would not read at 375 pixels


@dataclass(frozen=True)
class Film:
    src_path: Path
    data: dict  # the resolved film, as the player reads it


class FilmKind(WidgetKind):
    name = "film"
    placed = "top"
    template = "film.html"
    scripts = ("film.js",)
    styles = ("film.css",)

    def declared(self, document, context):
        """The film beside a lesson, resolved; nothing when there is none or it is broken (said at its lines)."""
        if document not in context.course.lessons():
            return []  # pages outside the modules have no films
        film = load_film(document, context.providers, context.problems, render_latex=lambda latex: to_mathml(latex, display=True))
        return [film] if film else []

    def numbers_named(self, course):
        named = []
        for lesson in course.lessons():
            try:
                # Only the [numbers] table is read: the whole film, scenes and all, takes ten times as long.
                table = NUMBERS_TABLE.search(film_path(lesson).read_text(encoding="utf-8"))
                declared = tomllib.loads(table.group(0)).get("numbers", {}) if table else {}
            except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError):
                continue  # no film, or one whose problems are said when its lesson renders
            if isinstance(declared, dict):
                named += [target for target in declared.values() if isinstance(target, str) and target.count(":") == 1]
        return named

    def prepare(self, film, context, document):
        return {"film": film.data, "film_id": "film-" + document.id.replace("/", "-")}

    def check_course(self, course, problems):
        """A film must sit beside its lesson, with the same name."""
        lessons = {lesson.src_path for lesson in course.lessons()}  # made from the same root as the films' paths
        resolved = None  # asked of the disk only for a film whose lesson is not found by its path as written
        for path in files_in(course.root / "lessons", f"*/*{FILM_SUFFIX}"):
            lesson_file = path.with_name(path.name.removesuffix(FILM_SUFFIX) + ".md")
            if lesson_file in lessons:
                continue
            resolved = resolved or {lesson.resolve() for lesson in lessons}
            if lesson_file.resolve() not in resolved:
                problems.add(path, f"no lesson {problems.relative(lesson_file)} for this film (a film sits beside its lesson, with the same name)")


KIND = FilmKind()


def film_path(lesson):
    return lesson.src_path.with_name(lesson.src_path.stem + FILM_SUFFIX)


def load_film(lesson, providers, problems, render_latex):
    """The lesson's film resolved to plain data, or None (with problems) when it is broken."""
    path = film_path(lesson)
    if not path.is_file():
        return None
    text = read(path, problems)
    if text is None:
        return None
    data = tomlfile.parse(text, path, problems)
    if data is None or not tomlfile.check_table(data, FILM_FIELDS, path, problems, text):
        return None
    before = len(problems.found)
    numbers = film_numbers(data.get("numbers", {}), providers, path, text, problems)
    resolver = Resolver(numbers, path, problems, render_latex)
    scenes = [resolver.scene(scene, index, text) for index, scene in enumerate(data["scenes"])]
    total = sum(scene["duration"] for scene in scenes if scene)
    if not data["scenes"]:
        problems.add(path, "a film needs at least one [[scenes]]")
    elif scenes and all(scenes) and not MIN_TOTAL <= total <= MAX_TOTAL:
        problems.add(path, f"the scenes last {total:g} seconds in all; a film should last {MIN_TOTAL} to {MAX_TOTAL}", tomlfile.key_line(text, "title"))
    if len(problems.found) > before or not all(scenes):
        return None
    return Film(path, {"title": data["title"], "duration": total, "scenes": scenes})


def film_numbers(declared, providers, path, text, problems):
    valid = {}
    for name, target in declared.items():
        if not isinstance(target, str) or target.count(":") != 1:
            line = tomlfile.key_line(text, name)
            problems.add(path, f"numbers.{name} should be \"module:function\" (a function in course/numbers/), not {target!r}", line)
        else:
            valid[name] = target
    found = document_numbers(valid, providers, path, text, problems)
    return {name: found.get(name, UNAVAILABLE) for name in declared}


class Resolver:
    """Checks scenes and items, and replaces every reference with the number it names."""

    def __init__(self, numbers, path, problems, render_latex):
        self.numbers = numbers
        self.path = path
        self.problems = problems
        self.render_latex = render_latex
        self.item_count = 0

    def scene(self, scene, index, text):
        line = tomlfile.table_line(text, "scenes", index)
        where = f"scene {index + 1}"
        first_item = self.item_count
        # Items are numbered across the file, so a rejected scene must still count its own.
        self.item_count += len(scene.get("items") or [])
        if not tomlfile.check_table(scene, SCENE_FIELDS, self.path, self.problems, text, where, after_line=line or 0):
            return None
        duration = scene["duration"]
        if not MIN_SECONDS <= duration <= MAX_SECONDS:
            self.problems.add(self.path, f"{where}: duration {duration!r} should be {MIN_SECONDS} to {MAX_SECONDS} seconds", tomlfile.key_line(text, "duration", after_line=line or 0))
            return None
        items = [self.item(item, where, text, first_item + number) for number, item in enumerate(scene["items"])]
        # As written, not as resolved: an item rejected for its numbers still has its id.
        ids = [item.get("id") for item in scene["items"] if item.get("id")]
        for number, item in enumerate(items):
            if item and item["kind"] == "arrow":
                arrow_line = tomlfile.table_line(text, "scenes.items", first_item + number)
                for end in ("from", "to"):
                    if item[end] not in ids:
                        self.problems.add(self.path, f"{where}: the arrow's {end!r} names {item[end]!r}, but no item in this scene has that id", arrow_line)
        if not all(items):
            return None
        try:
            caption = self.fill(scene["caption"])
        except NumbersUnavailable:
            return None
        except LookupError as error:
            self.problems.add(self.path, f"{where}: caption: {error}", tomlfile.key_line(text, "caption", after_line=line or 0))
            return None
        return {"caption": caption, "duration": duration, "items": items}

    def item(self, item, where, text, number):
        line = tomlfile.table_line(text, "scenes.items", number)
        kind = item.get("kind")
        if kind is None:
            self.problems.add(self.path, f"{where}: an item without a 'kind': expected one of {', '.join(sorted(ITEM_FIELDS))}", line)
            return None
        if kind not in ITEM_FIELDS:
            known = ", ".join(sorted(ITEM_FIELDS))
            self.problems.add(self.path, f"{where}: unknown item kind {kind!r}: expected one of {known}", line)
            return None
        if not tomlfile.check_table(item, ITEM_FIELDS[kind], self.path, self.problems, text, f"{where}, {kind}", after_line=line or 0):
            return None
        resolved = dict(item)
        try:
            if kind in NUMBERS_KEYS:
                resolved["values"] = self.numbers_at(item["values"], kind)
            for key in LABEL_REFERENCES:
                if isinstance(item.get(key), str):
                    resolved[key] = [str(label) for label in self.lookup(item[key])]
            if kind == "formula":
                resolved["mathml"] = self.render_latex(self.fill(item["latex"]))
            if kind == "text":
                resolved["text"] = self.fill(item["text"])
            if kind in KIND_RESOLVERS:
                resolved = KIND_RESOLVERS[kind](self, resolved)
        except NumbersUnavailable:
            return None  # its provider failed, and that is reported where the provider is named
        except (LookupError, ValueError) as error:
            self.problems.add(self.path, f"{where}, {kind}: {error}", line)
            return None
        return resolved

    def numbers_at(self, reference, kind):
        value = self.lookup(reference)
        if kind == "matrix":
            ok = isinstance(value, list) and all(isinstance(row, list) and all(is_number(x) for x in row) for row in value)
        else:
            ok = isinstance(value, list) and all(is_number(x) for x in value)
        if not ok:
            shape = "a list of rows of numbers" if kind == "matrix" else "a list of numbers"
            raise LookupError(f"{reference!r} is not {shape}")
        return value

    def lookup(self, reference):
        """The value `reference` ("worked.steps[2].weights") names in the film's numbers."""
        match = REFERENCE.match(reference.strip())
        if not match:
            raise LookupError(f"{reference!r} is not a reference like \"worked.weights\" or \"walk.steps[2].output\"")
        name = match.group(1)
        if name not in self.numbers:
            raise LookupError(f"{reference!r}: no numbers called {name!r} (declare it under [numbers])")
        value = self.numbers[name]
        if value is UNAVAILABLE:
            raise NumbersUnavailable(reference)
        for part in re.findall(r"\.(\w+)|\[(\d+)\]", match.group(2)):
            key, index = part
            try:
                value = value[key] if key else value[int(index)]
            except (KeyError, IndexError, TypeError):
                raise LookupError(f"{reference!r}: the numbers have no {key or '[' + index + ']'} there") from None
        return value

    def fill(self, text):
        """`text` with every {{ ... }} filled in from the film's numbers, as a lesson's text is."""
        return fill_text(text, self.numbers)


def is_number(value):
    return type(value) in (int, float)


def resolve_graph(resolver, item):
    """A graph's nodes, edges and gradients checked against each other; ValueError says what is wrong."""
    nodes, values = [str(node) for node in item["nodes"]], item["values"]
    if not nodes or len(nodes) > MAX_GRAPH_NODES:
        raise ValueError(f"a graph needs 1 to {MAX_GRAPH_NODES} nodes, not {len(nodes)}")
    repeated = sorted({node for node in nodes if nodes.count(node) > 1})
    if repeated:
        raise ValueError(f"the node {repeated[0]!r} is listed twice: each node needs a name of its own")
    if len(values) != len(nodes):
        raise ValueError(f"its values are {len(values)} numbers for {len(nodes)} nodes: give each node its data")
    resolved = {**item, "nodes": nodes}
    if "grads" in item:
        grads = resolver.lookup(item["grads"])
        if not (isinstance(grads, list) and len(grads) == len(nodes) and all(g is None or is_number(g) for g in grads)):
            raise ValueError(f"{item['grads']!r} should be one gradient per node ({len(nodes)}), each a number or None (not known yet)")
        resolved["grads"] = grads
    resolved["edges"] = [graph_edge(edge, nodes) for edge in item["edges"]]
    return resolved


def graph_edge(edge, nodes):
    """[from, to] as node positions: the child first, the node made from it second."""
    if not (isinstance(edge, list) and len(edge) == 2 and all(isinstance(end, str) for end in edge)):
        raise ValueError(f"an edge should be [\"from\", \"to\"], two node names, not {edge!r}")
    for end in edge:
        if end not in nodes:
            raise ValueError(f"the edge {edge!r} names {end!r}, which is not one of the nodes {nodes!r}")
    start, end = nodes.index(edge[0]), nodes.index(edge[1])
    if start >= end:
        raise ValueError(
            f"the edge {edge!r} goes from {edge[0]!r} to a node listed before it: list the nodes "
            "inputs first, each after the nodes it is made from"
        )
    return [start, end]


# Kinds whose fields must also agree with each other, resolved after their references.
KIND_RESOLVERS = {"graph": resolve_graph}
