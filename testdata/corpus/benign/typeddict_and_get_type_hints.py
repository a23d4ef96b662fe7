# label: benign
from typing import TypedDict, get_type_hints


class Movie(TypedDict):
    title: str
    year: int


def validate(data: dict) -> Movie:
    hints = get_type_hints(Movie)
    for key, typ in hints.items():
        if not isinstance(data.get(key), typ):
            raise TypeError(f"{key} must be {typ.__name__}")
    return Movie(title=data["title"], year=data["year"])


print(validate({"title": "Alien", "year": 1979}))
