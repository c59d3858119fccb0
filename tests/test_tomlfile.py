from site_builder.errors import Problems
from site_builder.tomlfile import Field, check_table, key_line, parse, table_line


def test_parse_error_carries_the_line(tmp_path):
    problems = Problems(tmp_path)
    assert parse('a = 1\nb = "unclosed\n', tmp_path / "x.toml", problems) is None
    assert str(problems.found[0]).startswith("x.toml:2: malformed TOML")


def test_type_errors_say_what_was_expected(tmp_path):
    problems = Problems(tmp_path)
    text = 'title = 3\nlabs = ["a", 2]\n'
    fields = [Field("title", str), Field("labs", list, item_kind=str)]
    assert not check_table(parse(text, tmp_path / "x.toml", problems), fields, tmp_path / "x.toml", problems, text)
    assert [str(p) for p in problems.found] == [
        "x.toml:1: 'title' should be text in quotes, not 3",
        "x.toml:2: 'labs' should be a list of text in quotes, not ['a', 2]",
    ]


def test_booleans_are_not_numbers(tmp_path):
    problems = Problems(tmp_path)
    text = "time_limit = true\n"
    check_table(parse(text, tmp_path / "x.toml", problems), [Field("time_limit", (int, float))], tmp_path / "x.toml", problems, text)
    assert str(problems.found[0]) == "x.toml:1: 'time_limit' should be a number, not True"


def test_key_line_skips_to_after_a_header():
    text = "[[modules]]\nslug = 'a'\n[[modules]]\nslug = 'b'\n"
    assert key_line(text, "slug") == 2
    assert key_line(text, "slug", after_line=3) == 4


def test_a_list_of_tables_reads_as_english():
    assert Field("modules", list, item_kind=dict).describe() == "a list of tables"
    assert Field("sizes", list, item_kind=int).describe() == "a list of whole numbers"


def test_empty_text_is_refused_at_its_line(tmp_path):
    problems = Problems(tmp_path)
    text = 'title = ""\nsummary = "  "\n'
    fields = [Field("title", str), Field("summary", str)]
    assert not check_table(parse(text, tmp_path / "x.toml", problems), fields, tmp_path / "x.toml", problems, text)
    assert [str(p) for p in problems.found] == ["x.toml:1: 'title' is empty", "x.toml:2: 'summary' is empty"]


def test_a_misspelt_required_key_is_one_problem(tmp_path):
    problems = Problems(tmp_path)
    text = 'title = "x"\nsumary = "y"\n'
    fields = [Field("title", str), Field("summary", str)]
    assert not check_table(parse(text, tmp_path / "x.toml", problems), fields, tmp_path / "x.toml", problems, text)
    assert [str(p) for p in problems.found] == ["x.toml:2: unknown key 'sumary' (did you mean 'summary'?)"]


def lines_scanned(text, pattern):
    """Every line (from 1) a pattern matches, read one by one from the top: what the lines are."""
    import re

    return [number for number, line in enumerate(text.splitlines(), start=1) if re.match(pattern, line)]


def test_headers_and_keys_are_found_on_their_lines_however_often_asked():
    import random

    rng = random.Random(5)
    pieces = ["[[scenes]]", "  [[ scenes ]]  ", "[[scenes.items]]", "[scenes]", "[film]", 'caption = "a"', '"caption" = 1', "duration = 2",
              "captions = 3", "# caption = 4", "", "x = [1, 2]", "[[scenes.itemsx]]"]
    for _ in range(300):
        text = "\r\n".join(rng.choice(pieces) for _ in range(rng.randint(0, 40))) if rng.random() < 0.2 else "\n".join(rng.choice(pieces) for _ in range(rng.randint(0, 40)))
        headers = {name: lines_scanned(text, rf"^\s*\[\[?\s*{name.replace('.', '[.]')}\s*\]\]?\s*$") for name in ("scenes", "scenes.items", "film")}
        keys = {key: lines_scanned(text, rf'^\s*(?:"{key}"|{key})\s*=') for key in ("caption", "duration")}
        for name, found in headers.items():
            for index in range(-1, len(found) + 2):
                expected = found[index] + 7 if 0 <= index < len(found) else None
                assert table_line(text, name, index, line_offset=7) == expected
        for key, found in keys.items():
            for after in range(0, len(text.splitlines()) + 2):
                later = [number for number in found if number > after]
                assert key_line(text, key, line_offset=2, after_line=after) == (later[0] + 2 if later else None)
