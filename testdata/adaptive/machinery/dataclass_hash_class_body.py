# family: machinery
# reaches: process
# layer: static
# static: missed
# The same with the annotations written in the class body and unsafe_hash: hash() runs it.
import dataclasses


@dataclasses.dataclass(init=False, repr=False, eq=False, unsafe_hash=True)
class Key:
    __annotations__ = {"k,__import__('subprocess').run(['true'])": str}


k = Key()
k.k = "a"
print(hash(k))
