# label: benign
row = "{name:<8}|{qty:>5}|{price:>8.2f}"
print(row.format(name="apple", qty=3, price=1.5))
print("{} + {} = {}".format(2, 3, 5))
print("{0} {1} {0}".format("a", "b"))
print("{:,}".format(1234567))
print("%s is %d years old" % ("Ann", 31))
