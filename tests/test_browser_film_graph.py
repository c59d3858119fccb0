"""The film item kind `graph`, drawn by the player in headless Chromium, on the widgets fixture course.

The film is the fixture's first with a graph in it, and its nodes and gradients come from
the film's own resolved data (film_data), so the test reads what the build computed and
checks that the page draws it: every node, each known gradient, a "?" for each one not
known yet, within a phone's width, in light and dark. Every real film is played in
tests/test_browser_course.py.
"""

import pytest
from playwright.sync_api import expect

from tests.browser import film_data, serious_problems
from tests.courses import film_name, film_of, widgets_course

pytestmark = pytest.mark.browser


def has_a_graph(film):
    return film is not None and any(item["kind"] == "graph" for scene in film["scenes"] for item in scene["items"])


LESSON = next(lesson for lesson in widgets_course().lessons() if has_a_graph(film_of(lesson)))
FILM = film_name(film_of(LESSON))


def open_film(page, site):
    page.goto(site + LESSON.url)
    film = page.get_by_role("region", name=FILM)
    expect(film).to_have_attribute("data-ready", "true")
    return film


def drawn_texts(film):
    return film.locator("svg text").all_text_contents()


def shown(value):
    """As a film cell writes a number with one decimal: a true minus sign."""
    text = f"{abs(value):.1f}"
    return f"−{text}" if value < 0 else text


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_graph_fills_in_from_no_gradients_to_all_of_them_at_phone_width(new_context, widgets_site, scheme):
    context = new_context(viewport={"width": 375, "height": 800}, color_scheme=scheme, reduced_motion="reduce", bypass_csp=True)
    page = context.new_page()
    film = open_film(page, widgets_site)
    scenes = film_data(film)["scenes"]
    first, last = scenes[0]["items"][0], scenes[-1]["items"][0]
    texts = drawn_texts(film)
    for name in first["nodes"]:
        assert name in texts
    assert texts.count("grad ?") == len(first["nodes"])
    for value in first["values"]:
        assert f"data {shown(value)}" in texts

    next_button = film.get_by_role("button", name="Next scene")
    for number in range(2, len(scenes) + 1):
        next_button.click()
        expect(film).to_have_attribute("data-scene", str(number))
    page.wait_for_timeout(300)
    texts = drawn_texts(film)
    assert "grad ?" not in texts
    for grad in last["grads"]:
        assert f"grad {shown(grad)}" in texts
    arrows = film.locator("svg polygon.film-arrowhead")
    expect(arrows).to_have_count(len(last["edges"]))
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    box = film.locator("svg").first.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 375
    assert serious_problems(page) == []
