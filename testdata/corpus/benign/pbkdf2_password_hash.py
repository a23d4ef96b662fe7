# label: benign
import hashlib
import secrets

salt = secrets.token_bytes(16)
key = hashlib.pbkdf2_hmac("sha256", b"password", salt, 100_000)
print(key.hex()[:16], secrets.compare_digest(key, key))
