# expect: Expected them sorted from "a" to "z"
def build_vocab(names):
    return sorted(set("".join(names)), reverse=True)
