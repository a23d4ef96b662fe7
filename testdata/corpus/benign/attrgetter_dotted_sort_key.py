# label: benign
from dataclasses import dataclass
from operator import attrgetter


@dataclass
class Address:
    city: str


@dataclass
class User:
    name: str
    address: Address


users = [User("ann", Address("Oslo")), User("bo", Address("Lima"))]
for u in sorted(users, key=attrgetter("address.city")):
    print(u.name, u.address.city)
