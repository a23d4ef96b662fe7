# label: benign
import secrets
import uuid

print(uuid.uuid4())
print(uuid.uuid5(uuid.NAMESPACE_DNS, "example.com"))
print(secrets.token_hex(16))
print(secrets.choice(["red", "green", "blue"]))
