# label: benign
people = [("ann", 31), ("bob", 25), ("cy", 40)]
print(sorted(people, key=lambda p: p[1]))
print(list(map(lambda p: p[0].title(), people)))
print(list(filter(lambda p: p[1] > 30, people)))
adults = {name: age for name, age in people if age >= 18}
print(adults)
