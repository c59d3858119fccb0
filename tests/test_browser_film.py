"""The film player in headless Chromium: playing, scrubbing, scenes, keys, captions, motion.

These run on the widgets fixture course, and what they expect (scenes, captions, times)
comes from its film's own file, so editing a real lesson's film never breaks them.
Every real film is played in tests/test_browser_course.py.
"""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser import serving
from tests.courses import film_clock, film_name, film_of, showcase, widgets_course

pytestmark = pytest.mark.browser

LESSON = showcase(widgets_course())
FILM = film_of(LESSON)
SCENES = FILM["scenes"]
TOTAL = sum(scene["duration"] for scene in SCENES)


def test_the_fixture_film_is_long_enough_to_test_with():
    # Scrubbing into the third scene and stepping back from the last need three scenes.
    assert len(SCENES) >= 3


@pytest.fixture
def calm_page(new_page):
    """A page for a learner who asked their system for reduced motion."""
    return new_page(reduced_motion="reduce")


def open_film(page, site, lesson=LESSON.url, name=film_name(FILM)):
    page.goto(site + lesson)
    film = page.get_by_role("region", name=name)
    expect(film).to_have_attribute("data-ready", "true")
    return film


def position(film):
    return float(film.get_by_role("slider", name="Position in film").input_value())


def caption(film):
    return film.locator("[data-caption]")


def test_starts_paused_on_scene_one_with_named_controls(page, widgets_site):
    film = open_film(page, widgets_site)
    expect(film).to_have_attribute("data-scene", "1")
    expect(film).to_have_attribute("data-playing", "false")
    expect(film.get_by_role("button", name="Play film")).to_be_visible()
    for name in ["Play", "Previous scene", "Next scene", "Replay", "Captions"]:
        expect(film.get_by_role("button", name=name, exact=True)).to_be_visible()
    expect(film.get_by_role("slider", name="Position in film")).to_have_attribute("max", f"{TOTAL:g}")
    expect(film.get_by_role("combobox", name="Speed")).to_have_value("1")
    expect(film.get_by_role("button", name="Previous scene")).to_be_disabled()
    expect(caption(film)).to_have_text(SCENES[0]["caption"])
    expect(film.get_by_role("img")).to_have_attribute("aria-label", f"Scene 1 of {len(SCENES)}: {SCENES[0]['caption']}")
    film.get_by_text("Transcript").click()
    expect(film.locator(".film-transcript li")).to_have_text([scene["caption"] for scene in SCENES])
    assert position(film) == 0


def test_play_then_pause(page, widgets_site):
    film = open_film(page, widgets_site)
    film.get_by_role("button", name="Play film").click()
    expect(film).to_have_attribute("data-playing", "true")
    expect(film.get_by_role("button", name="Play film")).to_be_hidden()
    expect(film.get_by_role("button", name="Pause", exact=True)).to_be_visible()
    page.wait_for_function("() => Number(document.querySelector('[data-scrubber]').value) >= 0.5")
    film.get_by_role("button", name="Pause", exact=True).click()
    expect(film).to_have_attribute("data-playing", "false")
    paused_at = position(film)
    page.wait_for_timeout(500)
    assert position(film) == paused_at
    film.get_by_role("button", name="Play", exact=True).click()
    page.wait_for_function(f"() => Number(document.querySelector('[data-scrubber]').value) > {paused_at + 0.2}")


def test_playing_runs_into_the_next_scene(page, widgets_site):
    film = open_film(page, widgets_site)
    film.get_by_role("slider", name="Position in film").fill(f"{SCENES[0]['duration'] - 0.5}")
    expect(film).to_have_attribute("data-scene", "1")
    film.get_by_role("button", name="Play", exact=True).click()
    expect(film).to_have_attribute("data-scene", "2", timeout=3_000)
    expect(caption(film)).to_have_text(SCENES[1]["caption"])


def test_next_and_previous_change_the_scene_and_caption(page, widgets_site):
    film = open_film(page, widgets_site)
    scenes = SCENES
    next_button = film.get_by_role("button", name="Next scene")
    for number in range(2, len(scenes) + 1):
        next_button.click()
        expect(film).to_have_attribute("data-scene", str(number))
        expect(caption(film)).to_have_text(scenes[number - 1]["caption"])
    expect(next_button).to_be_disabled()
    film.get_by_role("button", name="Previous scene").click()
    expect(film).to_have_attribute("data-scene", str(len(scenes) - 1))
    expect(caption(film)).to_have_text(scenes[-2]["caption"])
    expect(film).to_have_attribute("data-playing", "false")


def test_scrubbing_jumps_to_the_scene_at_that_time(page, widgets_site):
    film = open_film(page, widgets_site)
    scenes = SCENES
    third_starts = scenes[0]["duration"] + scenes[1]["duration"]
    scrubber = film.get_by_role("slider", name="Position in film")
    scrubber.fill(f"{third_starts + 1}")
    expect(film).to_have_attribute("data-scene", "3")
    expect(caption(film)).to_have_text(scenes[2]["caption"])
    expect(scrubber).to_have_attribute("aria-valuetext", f"{film_clock(third_starts + 1)} of {film_clock(TOTAL)}, scene 3 of {len(scenes)}")
    scrubber.fill("0")
    expect(film).to_have_attribute("data-scene", "1")


def test_speed_changes_how_fast_time_passes(page, widgets_site):
    film = open_film(page, widgets_site)
    film.get_by_role("combobox", name="Speed").select_option("2")
    film.get_by_role("button", name="Play", exact=True).click()
    # Film time against the page's own clock: the test's clock also counts its round trips
    # to the browser, which a busy machine stretches.
    slider = film.get_by_role("slider", name="Position in film")
    sample = "slider => [Number(slider.value), performance.now() / 1000]"
    page.wait_for_timeout(200)
    film_start, clock_start = slider.evaluate(sample)
    page.wait_for_timeout(1_000)
    film_end, clock_end = slider.evaluate(sample)
    speed = (film_end - film_start) / (clock_end - clock_start)
    assert 1.7 <= speed <= 2.3, f"{speed:.2f} seconds of film per second"


def test_replay_starts_again_from_the_beginning(page, widgets_site):
    film = open_film(page, widgets_site)
    film.get_by_role("button", name="Next scene").click()
    film.get_by_role("button", name="Next scene").click()
    film.get_by_role("button", name="Replay").click()
    expect(film).to_have_attribute("data-scene", "1")
    expect(film).to_have_attribute("data-playing", "true")
    assert position(film) < 1


def test_space_and_arrows_work_on_the_film_only(page, widgets_site):
    film = open_film(page, widgets_site)
    stage = film.locator("[data-film-stage]")
    stage.focus()
    page.keyboard.press("Space")
    expect(film).to_have_attribute("data-playing", "true")
    page.keyboard.press("Space")
    expect(film).to_have_attribute("data-playing", "false")
    page.keyboard.press("ArrowRight")
    expect(film).to_have_attribute("data-scene", "2")
    page.keyboard.press("ArrowRight")
    expect(film).to_have_attribute("data-scene", "3")
    page.keyboard.press("ArrowLeft")
    expect(film).to_have_attribute("data-scene", "2")
    # Arrows also work from the film's buttons, and Tab reaches every control.
    film.get_by_role("button", name="Next scene").focus()
    page.keyboard.press("ArrowRight")
    expect(film).to_have_attribute("data-scene", "3")
    # Outside the film the keys belong to the page.
    page.locator("h1").click()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Space")
    expect(film).to_have_attribute("data-scene", "3")
    expect(film).to_have_attribute("data-playing", "false")


def test_every_control_is_reachable_by_tab(page, widgets_site):
    film = open_film(page, widgets_site)
    film.locator("[data-film-stage]").focus()
    page.keyboard.press("ArrowRight")  # on scene 2 no button is disabled
    reached = []
    for _ in range(8):
        page.keyboard.press("Tab")
        reached.append(page.evaluate(
            """() => {
              const element = document.activeElement;
              return element.getAttribute('aria-label') || element.labels?.[0]?.textContent.trim() || element.textContent.trim();
            }"""
        ))
    assert reached == ["Play", "Previous scene", "Next scene", "Position in film", "Speed", "Replay", "Captions", "Transcript"]


def test_captions_can_be_hidden_and_shown(page, widgets_site):
    film = open_film(page, widgets_site)
    toggle = film.get_by_role("button", name="Captions")
    expect(toggle).to_have_attribute("aria-pressed", "true")
    expect(caption(film)).to_be_visible()
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "false")
    expect(caption(film)).to_be_hidden()
    toggle.click()
    expect(caption(film)).to_be_visible()


def watch_animation(page):
    """Record every value the film's data-animating flag takes from now on."""
    page.evaluate(
        """() => {
          const film = document.querySelector('[data-film]');
          window.animatingSeen = [];
          new MutationObserver(() => window.animatingSeen.push(film.dataset.animating))
            .observe(film, { attributes: true, attributeFilter: ['data-animating'] });
        }"""
    )


def test_scenes_animate_from_one_to_the_next(page, widgets_site):
    film = open_film(page, widgets_site)
    expect(film).to_have_attribute("data-motion", "full")
    watch_animation(page)
    film.get_by_role("button", name="Next scene").click()
    expect(film).to_have_attribute("data-animating", "false")
    assert page.evaluate("window.animatingSeen") == ["true", "false"]


def test_reduced_motion_changes_scenes_without_animation(calm_page, widgets_site):
    film = open_film(calm_page, widgets_site)
    expect(film).to_have_attribute("data-motion", "reduced")
    watch_animation(calm_page)
    scenes = SCENES
    for number in range(2, len(scenes) + 1):
        film.get_by_role("button", name="Next scene").click()
        expect(film).to_have_attribute("data-scene", str(number))
        assert calm_page.evaluate("document.getAnimations().length") == 0
    film.get_by_role("button", name="Replay").click()
    calm_page.wait_for_timeout(300)
    assert calm_page.evaluate("window.animatingSeen").count("true") == 0


EVERY_KIND = """\
title = "Every kind"

[numbers]
demo = "demo:sums"

[[scenes]]
caption = "A vector, bars, a matrix and an arrow."
duration = 15

[[scenes.items]]
kind = "vector"
id = "v"
values = "demo.halves"
labels = ["a", "b"]

[[scenes.items]]
kind = "arrow"
from = "v"
to = "m"
label = "into"

[[scenes.items]]
kind = "matrix"
id = "m"
values = "demo.grid"
row_labels = ["first", "second"]
col_labels = ["x", "y"]
mask_future = true
highlight = [[1, 0], [1, 1]]

[[scenes]]
caption = "A cache, a formula and a text."
duration = 15

[[scenes.items]]
kind = "cache"
id = "c"
values = "demo.halves"
labels = ["a", "b", "c"]

[[scenes.items]]
kind = "bars"
values = "demo.signed"
labels = ["up", "down"]

[[scenes.items]]
kind = "formula"
latex = "a + b = {{ demo.total | num(0) }}"

[[scenes.items]]
kind = "text"
text = "The total is {{ demo.total | num(0) }}."
"""


@pytest.fixture
def every_kind_site(mini_course, tmp_path):
    from site_builder.build import build

    provider = mini_course / "course/numbers/demo.py"
    provider.write_text(provider.read_text().replace(
        '"halves": [a / 2, b / 2]}', '"halves": [a / 2, b / 2], "grid": [[1, 2], [3, 4]], "signed": [a, -b]}'
    ))
    (mini_course / "lessons/01-basics/adding.film.toml").write_text(EVERY_KIND)
    build(mini_course, tmp_path / "dist")
    with serving(tmp_path / "dist") as url:
        yield url


def test_every_item_kind_is_drawn(page, every_kind_site):
    film = open_film(page, every_kind_site, "01-basics/adding/", "Film: Every kind")
    for kind in ["vector", "matrix"]:
        expect(film.locator(f".film-item-{kind}")).to_have_count(1)
    expect(film.locator(".film-arrow")).to_have_count(1)
    expect(film.locator(".film-item-matrix .film-future")).to_have_count(1)  # the cell after the diagonal
    expect(film.locator(".film-highlight")).to_have_count(1)  # one frame for a highlighted row
    film.get_by_role("button", name="Next scene").click()
    expect(film).to_have_attribute("data-animating", "false")
    for kind in ["cache", "bars", "formula", "text"]:
        expect(film.locator(f".film-item-{kind}")).to_have_count(1)
    expect(film.locator(".film-item-cache .film-card")).to_have_count(4)  # two slots filled, a key and a value each
    expect(film.locator(".film-item-formula math")).to_have_count(1)
    expect(film.locator(".film-item-text")).to_have_text("The total is 5.")
    expect(film.locator(".film-bar-negative")).to_have_count(1)


STRIP_FILM = """\
title = "A strip"

[numbers]
demo = "demo:sums"

[[scenes]]
caption = "Three tokens, the first two framed, an arrow from the first to the second."
duration = 15

[[scenes.items]]
kind = "strip"
id = "s"
values = "demo.tokens"
labels = ["BOS", "a", "BOS"]
highlight = [0, 1]
pair = [0, 1]

[[scenes]]
caption = "The frame and the arrow move one place on."
duration = 15

[[scenes.items]]
kind = "strip"
id = "s"
values = "demo.tokens"
labels = ["BOS", "a", "BOS"]
highlight = [1, 2]
pair = [1, 2]
"""


@pytest.fixture
def strip_site(mini_course, tmp_path):
    from site_builder.build import build

    provider = mini_course / "course/numbers/demo.py"
    provider.write_text(provider.read_text().replace('"halves": [a / 2, b / 2]}', '"halves": [a / 2, b / 2], "tokens": [26, 0, 26]}'))
    (mini_course / "lessons/01-basics/adding.film.toml").write_text(STRIP_FILM)
    build(mini_course, tmp_path / "dist")
    with serving(tmp_path / "dist") as url:
        yield url


def test_a_strip_draws_cards_numbers_a_frame_and_an_arrow(page, strip_site):
    film = open_film(page, strip_site, "01-basics/adding/", "Film: A strip")
    strip = film.locator(".film-item-strip")
    expect(strip.locator(".film-card")).to_have_count(3)
    expect(strip.locator(".film-card-text")).to_have_text(["BOS", "a", "BOS"])
    expect(strip.locator(".film-number")).to_have_text(["26", "0", "26"])
    expect(strip.locator(".film-highlight")).to_have_count(1)  # two neighbours, one frame
    expect(strip.locator("path.film-arrow")).to_have_count(1)
    first = strip.locator(".film-highlight").bounding_box()
    film.get_by_role("button", name="Next scene").click()
    expect(film).to_have_attribute("data-animating", "false")
    moved = strip.locator(".film-highlight").bounding_box()
    assert moved["x"] > first["x"] + 10 and abs(moved["width"] - first["width"]) < 1
