# expect: walking down the columns of w instead of along its rows
def linear(x, w):
    out = []
    for j in range(len(w[0])):
        total = 0
        for i in range(len(x)):
            total += w[i][j] * x[i]
        out.append(total)
    return out
