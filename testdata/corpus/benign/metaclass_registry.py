# label: benign
class Meta(type):
    def __new__(mcs, name, bases, ns):
        ns.setdefault("registry_name", name.lower())
        return super().__new__(mcs, name, bases, ns)

    def __call__(cls, *args, **kwargs):
        instance = super().__call__(*args, **kwargs)
        instance.created = True
        return instance


class Service(metaclass=Meta):
    pass


s = Service()
print(Service.registry_name, s.created, type(s).__name__)
