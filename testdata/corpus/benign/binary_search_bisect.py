# label: benign
import bisect

scores = [55, 61, 70, 78, 85, 91]
breakpoints = [60, 70, 80, 90]
grades = "FDCBA"


def grade(score: int) -> str:
    return grades[bisect.bisect(breakpoints, score)]


for s in (50, 65, 80, 95):
    print(s, grade(s))

def binary_search(values: list[int], target: int) -> int:
    lo, hi = 0, len(values) - 1
    while lo <= hi:
        mid = (lo + hi) // 2
        if values[mid] == target:
            return mid
        if values[mid] < target:
            lo = mid + 1
        else:
            hi = mid - 1
    return -1


print(binary_search(scores, 78))
