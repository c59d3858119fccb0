import pytest

from site_builder.markdown_render import render_markdown
from site_builder.mathml import KNOWN_COMMANDS, MathError, to_mathml


def test_inline_maths_becomes_mathml():
    html = render_markdown(r"Divide by $\sqrt{d}$ now.")
    assert '<math xmlns="http://www.w3.org/1998/Math/MathML" display="inline">' in html
    assert "<msqrt>" in html and "$" not in html


def test_display_maths_is_a_block():
    assert 'display="block"' in render_markdown(r"$$\sum_i w_i = 1$$")


def test_escaped_dollar_stays_a_dollar():
    assert render_markdown(r"It costs \$5 and \$6.") == "<p>It costs $5 and $6.</p>"


def test_maths_inside_code_is_left_alone():
    assert "<math" not in render_markdown("`$x$`\n\n```python\nprint('$a$')\n```")


def test_python_code_is_highlighted():
    assert '<span class="k">def</span>' in render_markdown("```python\ndef f():\n    pass\n```")


def test_bad_latex_is_an_error():
    with pytest.raises(MathError, match="cannot turn"):
        render_markdown(r"$x^$")


@pytest.mark.parametrize(
    "latex, reason",
    [
        (r"\frac{e^{x}{y}}", r"\frac needs two arguments, like \frac{a}{b}"),
        (r"\fracc{a}{b}", r"unknown command \fracc"),
        (r"x^{", "unbalanced braces: a '{' is never closed"),
        (r"x}", "unbalanced braces: a '}' has no '{' before it"),
        (r"\begin{matrix} a", r"\begin{matrix} has no \end{matrix}"),
        (r"\begin{matrix} a \end{pmatrix}", r"\begin{matrix} is closed by \end{pmatrix}"),
        (r"\left( x", r"\left and \right do not pair up"),
        (r"x_a_b", "two subscripts in a row: write x_{ab}, not x_a_b"),
    ],
)
def test_maths_that_would_not_show_what_was_written_is_refused_with_a_reason(latex, reason):
    with pytest.raises(MathError) as error:
        to_mathml(latex, display=True)
    assert str(error.value) == f"cannot turn ${latex}$ into MathML: {reason}"


def test_every_refusal_has_a_reason():
    for latex in [r"x^", r"\hat", r"\sqrt", r"\frac{a}", "x^{}^{}", r"\begin{matrix}", "{", r"\left."]:
        try:
            to_mathml(latex)
        except MathError as error:
            assert not str(error).endswith(": "), latex


def test_known_commands_come_from_latex2mathml_itself():
    assert {r"\frac", r"\sqrt", r"\sum", r"\mathrm", r"\cdot", r"\alpha", r"\left", r"\text", r"\max"} <= KNOWN_COMMANDS
    assert r"\fracc" not in KNOWN_COMMANDS


@pytest.mark.parametrize(
    "latex",
    [r"a \over b", r"\frac12", r"\sqrt[3]{x}", r"\operatorname{softmax}(x)", r"\text{weights}", r"\mathrm{score}_i", r"\{a\}", r"x^{\prime}", r"\begin{pmatrix} 1 & 2 \\ 3 & 4 \end{pmatrix}", r"\binom{n}{k}"],
)
def test_good_maths_still_converts(latex):
    assert to_mathml(latex).startswith("<math")



def test_a_formula_converted_once_gives_the_same_answer_every_time():
    assert to_mathml(r"\frac{a}{b}") == to_mathml(r"\frac{a}{b}")
    assert to_mathml("x", display=True) != to_mathml("x")  # each mode its own conversion
    for _ in range(2):  # a refused formula is refused again, not answered from the first time
        with pytest.raises(MathError, match="unbalanced braces"):
            to_mathml(r"\frac{a}{b}}")
