"""Every lesson, lab, film and page of the real course, in headless Chromium.

The lists come from the loaded course, so a new lesson is tested the moment it is listed
in course/course.toml. Each lesson costs one page load, which does everything: the film
stepped through and played to its end, every heatmap filled in, every lab passed with
its own solution, axe in light and dark, a phone's width, nothing loaded from elsewhere
and no error. How the players and widgets behave is tested on the widgets fixture course
(tests/fixtures/widgets), in the other test_browser_*.py files.
"""

import pytest
from playwright.sync_api import expect

from tests.browser import COLOUR_RULES, SCHEMES, button, film_data, fits_a_phone, put_code, ready_lab, serious_problems, tab_to_the_end, verdict
from tests.courses import NOT_FOUND, film_name, film_of, lab_name, pages_beside_lessons, real_course

pytestmark = pytest.mark.browser

COURSE = real_course()
# The slowest step: the verdict on a lab's solution, once Python has loaded.
CHECK_TIMEOUT = 20_000


# Every scene of a film in one round trip to the page: Next scene, then, once the scene has
# settled (its number, its caption, no animation running, or SCENE_PATIENCE_MS gone by), what
# it shows. Asked one expect() at a time, a film of eight scenes cost about a second more.
SCENE_PATIENCE_MS = 5_000
WALK_SCENES = """async (film, [next, captions, patience]) => {
  const text = (element) => element.textContent.replace(/\\s+/g, " ").trim();
  const shown = () => ({
    scene: film.dataset.scene,
    caption: text(film.querySelector("[data-caption]")),
    animating: film.dataset.animating,
    items: film.querySelectorAll(".film-item").length,
  });
  const seen = [];
  for (const [index, caption] of captions.entries()) {
    if (index > 0) next.click();
    const until = performance.now() + patience;
    let now = shown();
    while (!(now.scene === String(index + 1) && now.caption === caption && now.animating === "false") && performance.now() < until) {
      await new Promise((frame) => requestAnimationFrame(frame));
      now = shown();
    }
    seen.push(now);
  }
  return seen;
}"""


def play_through(page, lesson):
    """Step through every scene of the lesson's film, then play its last moments to the end."""
    film = page.get_by_role("region", name=film_name(film_of(lesson)))
    expect(film).to_have_attribute("data-ready", "true")
    scenes = film_data(film)["scenes"]
    next_scene = film.get_by_role("button", name="Next scene")
    captions = [" ".join(scene["caption"].split()) for scene in scenes]
    seen = film.evaluate(WALK_SCENES, [next_scene.element_handle(), captions, SCENE_PATIENCE_MS])
    for number, (caption, shown) in enumerate(zip(captions, seen, strict=True), start=1):
        assert shown == {"scene": str(number), "caption": caption, "animating": "false", "items": shown["items"]}, f"scene {number} of {lesson.id}'s film"
        assert shown["items"] > 0, f"scene {number} of {lesson.id}'s film draws nothing"
    total = sum(scene["duration"] for scene in scenes)
    film.get_by_role("combobox", name="Speed").select_option("2")
    # The slider's step is a tenth of a second: two of them, played at twice the speed.
    film.get_by_role("slider", name="Position in film").fill(f"{total - 0.2:.1f}")
    film.get_by_role("button", name="Play", exact=True).click()
    expect(film).to_have_attribute("data-playing", "false", timeout=5_000)
    assert float(film.get_by_role("slider", name="Position in film").input_value()) == pytest.approx(total)
    expect(film).to_have_attribute("data-scene", str(len(scenes)))
    return film


def pass_with_its_solution(page, lab):
    """The lab's own solution, put in its editor, passes its checks in the browser."""
    region = ready_lab(page, lab_name(lab))
    put_code(region, lab.solution)
    button(region, "Check").click()
    expect(verdict(region)).to_contain_text("All checks passed", timeout=CHECK_TIMEOUT)


def heatmaps_filled_in(page):
    for heatmap in page.locator("[data-heatmap]").all():
        expect(heatmap.locator(".heatmap-cell").first).to_be_visible()


def axe_in_both_schemes(page, watch):
    """Every rule in the light scheme; in the dark one, the rules a change of colours can break
    (a second whole run costs a second or more on a long lesson, 62 times a test run)."""
    light, dark = SCHEMES
    page.emulate_media(color_scheme=light)
    problems = [f"{light}: {problem}" for problem in serious_problems(page, watch.axe)]
    page.emulate_media(color_scheme=dark)
    return problems + [f"{dark}: {problem}" for problem in serious_problems(page, watch.axe, rules=COLOUR_RULES)]


@pytest.mark.parametrize("lesson", COURSE.lessons(), ids=lambda lesson: lesson.id)
def test_a_lesson_works_from_top_to_bottom(watched, site, lesson):
    # Reduced motion draws each scene at once: stepping through a film then costs no
    # animation time (how scenes animate is tested on the fixture course's film). Without the
    # service worker, each lesson's fresh profile does not download the whole site for its
    # offline copy (test_browser_offline.py tests that copy, every page included).
    watch = watched(site, reduced_motion="reduce", service_workers="block")
    page = watch.page
    page.goto(site + lesson.url)
    film = play_through(page, lesson) if film_of(lesson) else None
    heatmaps_filled_in(page)
    for lab in COURSE.labs.for_lesson(lesson):
        pass_with_its_solution(page, lab)
    assert axe_in_both_schemes(page, watch) == []
    assert fits_a_phone(page), f"{lesson.id} scrolls sideways at a phone's width"
    if film is not None:
        assert film.locator(".film-svg").bounding_box()["width"] <= page.viewport_size["width"]
    page.wait_for_load_state("networkidle")
    watch.check()


@pytest.mark.parametrize("path", pages_beside_lessons(COURSE), ids=lambda path: path or "overview")
def test_a_page_beside_the_lessons_works(watched, site, path):
    watch = watched(site)
    if path == NOT_FOUND:
        # The host answers 404 on purpose; Chromium logs that for the page itself, and that alone is fine.
        watch.allowed_errors.append(lambda message: message.location.get("url") == site + path and "404" in message.text)
    page = watch.page
    page.goto(site + path)
    heatmaps_filled_in(page)
    assert axe_in_both_schemes(page, watch) == []
    for scheme in SCHEMES:
        page.emulate_media(color_scheme=scheme)
        page.reload()
        assert len(tab_to_the_end(page)) > 3
    assert fits_a_phone(page), f"{path or 'the overview'} scrolls sideways at a phone's width"
    page.wait_for_load_state("networkidle")
    watch.check()

