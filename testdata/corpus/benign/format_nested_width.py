# label: benign
rows = [("apple", 1.5), ("banana", 0.25), ("cherry", 12.0)]
width = max(len(name) for name, _ in rows)
for name, price in rows:
    print("{:<{w}} | {:>8.2f}".format(name, price, w=width))
print("{name!r:>12}".format(name="total"))
