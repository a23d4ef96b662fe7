# label: benign
def quicksort(xs: list[int]) -> list[int]:
    if len(xs) <= 1:
        return xs
    pivot, *rest = xs
    return quicksort([x for x in rest if x < pivot]) + [pivot] + quicksort([x for x in rest if x >= pivot])


def mergesort(xs: list[int]) -> list[int]:
    if len(xs) <= 1:
        return xs
    mid = len(xs) // 2
    left, right = mergesort(xs[:mid]), mergesort(xs[mid:])
    merged = []
    while left and right:
        merged.append(left.pop(0) if left[0] <= right[0] else right.pop(0))
    return merged + left + right


data = [5, 3, 9, 1, 4, 8, 2]
assert quicksort(data) == mergesort(data) == sorted(data)
print(quicksort(data))
