"""Characters to token ids and back.

Each distinct character gets an id (in sorted order, so 'a' is 0 and 'z' is
25), and one extra token, BOS ("beginning of sequence"), gets the next id.
BOS is put at both ends of a name: at the start it means "a name begins",
and predicting it at the end means "the name is over".
"""


class Tokenizer:
    def __init__(self, chars):
        self.chars = list(chars)
        self.bos = len(self.chars)  # the id right after the last character
        self.vocab_size = len(self.chars) + 1
        self._ids = {ch: i for i, ch in enumerate(self.chars)}

    @classmethod
    def from_names(cls, names):
        """The vocabulary of a dataset: its distinct characters, sorted."""
        return cls(sorted(set("".join(names))))

    def encode(self, name):
        """'emma' -> [BOS, e, m, m, a, BOS] as ids."""
        try:
            ids = [self._ids[ch] for ch in name]
        except KeyError:  # looked for only then: the build encodes every name of the data many times
            unknown = sorted(set(name) - set(self._ids))
            raise ValueError(f"{name!r} has characters outside the vocabulary: {''.join(unknown)!r}") from None
        return [self.bos, *ids, self.bos]

    def decode(self, ids):
        """Ids back to text; BOS tokens are dropped."""
        return "".join(self.chars[i] for i in ids if i != self.bos)

    def token_text(self, token_id):
        """A printable label for one token, e.g. for axes of a chart."""
        return "<BOS>" if token_id == self.bos else self.chars[token_id]
