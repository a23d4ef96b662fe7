# label: benign
Matrix = list[list[float]]


def matmul(a: Matrix, b: Matrix) -> Matrix:
    if len(a[0]) != len(b):
        raise ValueError("shape mismatch")
    return [[sum(x * y for x, y in zip(row, col)) for col in zip(*b)] for row in a]


A = [[1, 2], [3, 4]]
B = [[5, 6], [7, 8]]
for row in matmul(A, B):
    print(row)
