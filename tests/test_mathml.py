import pytest

from site_builder.markdown_render import render_markdown
from site_builder.mathml import MathError


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
