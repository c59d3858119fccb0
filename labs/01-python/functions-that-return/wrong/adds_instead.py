# expect: did you add something instead of multiplying?
def functions_that_return(x):
    return x + 2
