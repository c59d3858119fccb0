# expect: That is the list of the products, one per pair
def dot(a, b):
    if len(a) != len(b):
        raise ValueError("different lengths")
    products = []
    for x, y in zip(a, b):
        products.append(x * y)
    return products
