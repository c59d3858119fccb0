"""What a static host must send for the course to work at its best, written for the hosts
that read it from a file.

Stop interrupts Python only on a cross-origin isolated page, which takes the two headers
below (and the third, so each file may be used by such a page). `course serve` sends them;
Netlify and Cloudflare Pages read them from `_headers`; docs/publishing.md has the same for
nginx and Apache. Where a host can send no headers at all (GitHub Pages), the site's own
service worker adds them from the second visit on (site_builder/offline.py).
"""

ISOLATION_HEADERS = {
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Embedder-Policy": "require-corp",
    "Cross-Origin-Resource-Policy": "same-origin",
}

HEADERS_FILE = "_headers"


def headers_file_text():
    """Netlify's and Cloudflare Pages' `_headers`: every path gets the isolation headers."""
    lines = ["# Written by the course builder: the headers that let Stop interrupt Python.", "/*"]
    lines += [f"  {name}: {value}" for name, value in ISOLATION_HEADERS.items()]
    return "\n".join(lines) + "\n"
