"""A Python-Markdown extension that gives the same HTML sooner: text no inline pattern can match
is left as it is without trying each pattern in turn.

Python-Markdown reads every run of text (a paragraph, a list item, a table cell) by applying its
inline patterns one after another, each with the bookkeeping of a match it may find. Most runs
of a lesson hold none: measured over the course's 48 lessons, 83 % of them. Asking each
pattern's own regular expression first, where nothing can match, skips that bookkeeping and
changes nothing else: Python-Markdown gives a text back as it was when none of its patterns
finds a match in it. Where one may, the text goes the usual way, and so does every text while
an old-style pattern (which Markdown matches another way) is registered.

It overrides InlineProcessor's one private method that reads a run of text, so it depends on
Markdown's version; tests/test_quick_inline.py fails if that method is ever renamed or moved.
"""

from markdown import util
from markdown.extensions import Extension
from markdown.inlinepatterns import InlineProcessor as InlinePattern
from markdown.treeprocessors import InlineProcessor


class QuickInlineProcessor(InlineProcessor):
    """Markdown's InlineProcessor, with its patterns' expressions asked first (see above)."""

    searches = None  # each pattern's search, from patternIndex 0 on; None: every text goes Markdown's way

    def run(self, tree, ancestors=None):
        # Looked up for each document: an extension may register a pattern after this one was made.
        patterns = list(self.inlinePatterns)
        # Only new-style patterns: Markdown finds their matches with their expression's finditer.
        plain = all(isinstance(pattern, InlinePattern) for pattern in patterns)
        self.searches = [pattern.getCompiledRegExp().search for pattern in patterns] if plain else None
        return super().run(tree, ancestors)

    def _InlineProcessor__handleInline(self, data, patternIndex=0):
        searches = self.searches
        if searches is not None and not isinstance(data, util.AtomicString):
            for search in searches[patternIndex:]:
                if search(data):
                    break
            else:
                return data  # as Markdown would give it back: no pattern from patternIndex on matches
        return super()._InlineProcessor__handleInline(data, patternIndex)


class QuickInlineExtension(Extension):
    """Put last among the extensions: it stands in for every inline reader registered before it,
    Markdown's own ("inline") and any an extension adds with patterns of its own (pymdownx's
    smart symbols), with the same patterns and the same priority."""

    def extendMarkdown(self, md):
        for item in list(md.treeprocessors._priority):  # the registry keeps no public list of priorities
            reader = md.treeprocessors[item.name]
            if type(reader) is InlineProcessor:  # a subclass may read text its own way
                quick = QuickInlineProcessor(md)
                quick.inlinePatterns = reader.inlinePatterns
                md.treeprocessors.register(quick, item.name, item.priority)
