"""Screenshots of every page of the course to look at, as a learner would see them.

    .venv/bin/python scripts/screenshots.py OUT_FOLDER [--only 08-attention] [--width 1280 --width 375]

Builds the course, serves it, and for every page (overview, modules, lessons, pages) saves a
full-page screenshot at each width, light and dark, plus the first and last scene of every
film. Nothing is asserted: the pictures are for people to open (tests check the rest).
"""

import argparse
import sys
import tempfile
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(PROJECT))

from playwright.sync_api import expect  # noqa: E402

from site_builder.build import build  # noqa: E402
from tests.browser import chromium, serving  # noqa: E402
from tests.courses import every_page, film_of, real_course  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--only", default="", help="only pages whose address contains this")
    parser.add_argument("--width", type=int, action="append", help="viewport widths (default 1280 and 375)")
    args = parser.parse_args()
    widths = args.width or [1280, 375]
    args.out.mkdir(parents=True, exist_ok=True)
    course = real_course()
    with tempfile.TemporaryDirectory() as folder:
        site = Path(folder) / "dist"
        build(PROJECT, site)
        with serving(site) as url, chromium() as browser:
            for width in widths:
                for scheme in ("light", "dark"):
                    context = browser.new_context(viewport={"width": width, "height": 900}, color_scheme=scheme, reduced_motion="reduce")
                    page = context.new_page()
                    for address in every_page(course):
                        if args.only not in address:
                            continue
                        name = (address.strip("/").replace("/", "-") or "overview") + f"-{width}-{scheme}"
                        page.goto(url + address)
                        page.wait_for_timeout(400)
                        page.screenshot(path=str(args.out / f"{name}.png"), full_page=True)
                    for lesson in course.lessons():
                        if film_of(lesson) is None or args.only not in lesson.url:
                            continue
                        page.goto(url + lesson.url)
                        film = page.locator("[data-film]")
                        expect(film).to_have_attribute("data-ready", "true")
                        stem = lesson.id.replace("/", "-") + f"-film-{width}-{scheme}"
                        film.screenshot(path=str(args.out / f"{stem}-first.png"))
                        film.locator("[data-film-stage]").focus()
                        page.keyboard.press("End")
                        film.screenshot(path=str(args.out / f"{stem}-last.png"))
                    context.close()
    print(f"Screenshots in {args.out}/")


if __name__ == "__main__":
    main()
