"""The `course` command: thin wrappers that parse options and call one function each."""

import logging
import sys
from pathlib import Path

import click

DEFAULT_ROOT = Path(".")


@click.group()
@click.option("--root", type=click.Path(file_okay=False, path_type=Path), default=DEFAULT_ROOT, show_default=True, help="The course folder (holding course/, lessons/, labs/).")
@click.option("-v", "--verbose", is_flag=True, help="Say what each step does.")
@click.pass_context
def main(context, root, verbose):
    """Build, serve and check the Zero to microGPT course."""
    logging.basicConfig(level=logging.INFO if verbose else logging.WARNING, format="%(message)s")
    context.obj = root


@main.command()
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=Path("dist"), show_default=True)
@click.pass_obj
def build(root, out):
    """Check the whole course and build the site into OUT."""
    from site_builder.up_to_date import SiteRecord

    # Asked before importing the builder, whose imports take longer than this answer.
    record = SiteRecord(root, out)
    if record.is_current(record.inputs()):
        click.echo(f"The course in {out}/ is up to date")
        return
    from site_builder.build import build as build_site

    build_site(root, out)
    click.echo(f"Built the course into {out}/")


@main.command()
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=Path("dist"), show_default=True)
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=8000, show_default=True, type=int)
@click.option("--watch/--no-watch", default=True, help="Rebuild and reload the page when a source file changes.")
@click.pass_obj
def serve(root, out, host, port, watch):
    """Build, serve the site with COOP/COEP headers, rebuild on change."""
    from site_builder.serve import serve as serve_site

    serve_site(root, out, host, port, watch)


@main.command()
@click.argument("lab")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.pass_obj
def check(root, lab, file):
    """Grade FILE against LAB's checks, exactly as the browser does.

    LAB is the lab's folder (labs/08-attention/scaled-dot-product), its id
    (08-attention/scaled-dot-product) or, when no other lab shares it, its folder name.
    """
    from site_builder.grade import find_lab, format_verdict, grade_file
    from site_builder.loader import load_course

    course = load_course(root)
    result, printed = grade_file(course, find_lab(course, lab), file)
    click.echo(format_verdict(result, printed))
    sys.exit(0 if result["status"] == "passed" else 1)


@main.command()
@click.option("--names", "names_path", type=click.Path(dir_okay=False, path_type=Path), help="makemore's names.txt (default: $NAMES_TXT, else downloaded once to .cache/ and verified).")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=Path("course/checkpoint.json"), show_default=True)
@click.option("--steps", type=click.IntRange(1), default=1000, show_default=True)
def train(names_path, out, steps):
    """Train microgpt and write its checkpoint, and the quick run's losses beside it (a few minutes on one core)."""
    from site_builder.training import train_checkpoint

    train_checkpoint(names_path, out, steps)


@main.command()
@click.pass_obj
def record(root):
    """Record the slowest numbers the lessons show in course/records/, for a build to check and read (a few seconds)."""
    from site_builder.numbers import Providers
    from site_builder.training import record_numbers

    for path in record_numbers(Providers(root)):
        click.echo(f"wrote {path}")


@main.group()
def new():
    """Start a lesson or a lab from a skeleton that builds."""


@new.command("lesson")
@click.argument("module")
@click.argument("slug")
@click.pass_obj
def new_lesson(root, module, slug):
    """Write a lesson SLUG in MODULE (its number, slug or folder), with a film, a question and a recap."""
    from site_builder.scaffold import new_lesson as write_lesson

    for path in write_lesson(root, module, slug):
        click.echo(f"wrote {path}")


@new.command("lab")
@click.argument("module")
@click.argument("slug")
@click.option("--lesson", help="The lesson that holds the lab (default: the lesson named SLUG).")
@click.pass_obj
def new_lab(root, module, slug, lesson):
    """Write a lab SLUG in MODULE whose starter fails and whose solution passes, and add it to a lesson."""
    from site_builder.scaffold import new_lab as write_lab

    for path in write_lab(root, module, slug, lesson):
        click.echo(f"wrote {path}")


if __name__ == "__main__":
    main()
