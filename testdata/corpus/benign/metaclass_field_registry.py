# label: benign
# A metaclass that records the fields declared on each model class.
class ModelMeta(type):
    def __new__(mcs, name, bases, ns):
        fields = [k for k, v in ns.items() if not k.startswith("_") and not callable(v)]
        ns["_fields"] = tuple(fields)
        return super().__new__(mcs, name, bases, ns)


class Model(metaclass=ModelMeta):
    def to_dict(self):
        values = dict(type(self).__dict__)
        values.update(self.__dict__)
        return {f: values[f] for f in self._fields}


class User(Model):
    name = "anonymous"
    active = True

    def greet(self):
        return f"hi {self.name}"


u = User()
u.name = "ada"
print(User._fields, u.to_dict(), u.greet())
