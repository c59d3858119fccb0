from site_builder.errors import Problems
from site_builder.lesson_text import fill_numbers, grouped, percent, vector
from site_builder.loader import load_course
from site_builder.numbers import Providers, lesson_numbers


def render(root):
    problems = Problems(root)
    course = load_course(root)
    texts = {l.slug: fill_numbers(l, lesson_numbers(l, Providers(root), problems), problems) for l in course.lessons()}
    return texts, [str(p) for p in problems.found]


def test_numbers_come_from_the_provider(mini_course):
    texts, found = render(mini_course)
    assert found == []
    assert "2 plus 3 is 5; halves: [1.0, 1.5]." in texts["adding"]


def test_provider_change_changes_the_page(mini_course):
    path = mini_course / "course/numbers/demo.py"
    path.write_text(path.read_text().replace("a, b = 2, 3", "a, b = 20, 30"))
    texts, _ = render(mini_course)
    assert "20 plus 30 is 50" in texts["adding"]


def test_name_the_provider_does_not_return(mini_course):
    path = mini_course / "lessons/01-basics/adding.md"
    path.write_text(path.read_text().replace("{{ demo.total }}", "{{ demo.sum }}"))
    _, found = render(mini_course)
    assert found == [
        "lessons/01-basics/adding.md:12: a computed number failed: 'dict object' has no attribute 'sum' "
        "(is it in the lesson's [numbers], and does the provider return it?)"
    ]


def test_provider_that_does_not_exist(mini_course):
    path = mini_course / "lessons/01-basics/adding.md"
    path.write_text(path.read_text().replace('"demo:sums"', '"demo:products"'))
    _, found = render(mini_course)
    assert "lessons/01-basics/adding.md:7: numbers.demo: course/numbers/demo.py has no function products()" in found


def test_provider_module_may_not_escape_the_numbers_folder(mini_course):
    path = mini_course / "lessons/01-basics/adding.md"
    path.write_text(path.read_text().replace('"demo:sums"', '"../../secret:sums"'))
    _, found = render(mini_course)
    assert found[0].startswith("lessons/01-basics/adding.md:7: numbers.demo: ../../secret.py points outside numbers/")


def test_template_syntax_error_line(mini_course):
    path = mini_course / "lessons/01-basics/adding.md"
    path.write_text(path.read_text().replace("{{ demo.total }}", "{{ demo.total "))
    _, found = render(mini_course)
    assert len(found) == 1 and found[0].startswith("lessons/01-basics/adding.md:12: in a {{ ... }} expression")


def test_filters():
    assert vector([7.17973, 2.82027], 2) == "[7.18, 2.82]"
    assert grouped(4192) == "4,192"
    assert percent(0.575975, 1) == "57.6%"


def test_provider_keys_named_like_dict_methods(mini_course):
    (mini_course / "course/numbers/demo.py").write_text('def sums():\n    return {"keys": [1, 2], "values": [3], "a": 2, "b": 3, "total": 5, "halves": [1.0, 1.5]}\n')
    path = mini_course / "lessons/01-basics/adding.md"
    path.write_text(path.read_text() + "\nKeys {{ demo.keys | vec(0) }}, values {{ demo.values[0] }}.\n")
    texts, found = render(mini_course)
    assert found == []
    assert "Keys [1, 2], values 3." in texts["adding"]
