from site_builder.errors import Problems
from site_builder.tomlfile import Field, check_table, key_line, parse


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
