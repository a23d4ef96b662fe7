# label: benign
# copy and deepcopy of objects with __copy__/__deepcopy__ and a __reduce__ for a value type.
import copy


class Matrix:
    def __init__(self, rows):
        self.rows = rows

    def __reduce__(self):
        return (Matrix, ([list(r) for r in self.rows],))

    def __repr__(self):
        return f"Matrix({self.rows})"


class Session:
    def __init__(self, user, cache):
        self.user, self.cache = user, cache

    def __copy__(self):
        return Session(self.user, self.cache)

    def __deepcopy__(self, memo):
        return Session(self.user, copy.deepcopy(self.cache, memo))


m = Matrix([[1, 2], [3, 4]])
m2 = copy.deepcopy(m)
m2.rows[0][0] = 99
print(m, m2)
s = Session("ada", {"k": [1]})
print(copy.copy(s).cache is s.cache, copy.deepcopy(s).cache is s.cache)
