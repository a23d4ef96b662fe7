# label: benign
import hashlib
import hmac

payload = b"hello world"
print(hashlib.sha256(payload).hexdigest())
print(hashlib.md5(payload, usedforsecurity=False).hexdigest())

key = b"secret"
sig = hmac.new(key, payload, hashlib.sha256).hexdigest()
print(hmac.compare_digest(sig, hmac.new(key, payload, hashlib.sha256).hexdigest()))
