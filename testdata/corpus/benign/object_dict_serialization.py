# label: benign
import json


class User:
    def __init__(self, name: str, email: str) -> None:
        self.name = name
        self.email = email

    def to_json(self) -> str:
        return json.dumps(self.__dict__, sort_keys=True)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.name!r})"


u = User("ann", "ann@example.com")
print(u.to_json(), u)
