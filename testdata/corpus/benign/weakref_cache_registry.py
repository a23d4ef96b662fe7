# label: benign
"""An object cache that does not keep objects alive, with weak references and finalizers."""
import gc
import weakref


class Image:
    def __init__(self, name, size):
        self.name = name
        self.size = size

    def __repr__(self):
        return f"Image({self.name!r})"


class Cache:
    def __init__(self):
        self._items = weakref.WeakValueDictionary()
        self.evicted = []

    def put(self, img):
        self._items[img.name] = img
        weakref.finalize(img, self.evicted.append, img.name)

    def get(self, name):
        return self._items.get(name)

    def __len__(self):
        return len(self._items)


cache = Cache()
a = Image("a.png", 100)
b = Image("b.png", 200)
cache.put(a)
cache.put(b)
print(len(cache), cache.get("a.png"))
del a
gc.collect()
print(len(cache), cache.evicted)
ref = weakref.ref(b)
print(ref() is b, weakref.getweakrefcount(b) >= 1)
seen = weakref.WeakSet([b])
print(b in seen)
