# expect: That is exactly the characters sorted from "z" to "a"
def build_vocab(names):
    return sorted(set("".join(names)), reverse=True)
