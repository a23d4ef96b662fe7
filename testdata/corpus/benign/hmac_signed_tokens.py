# label: benign
import base64
import hashlib
import hmac
import json
import secrets
import time

SECRET = secrets.token_bytes(32)


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def sign(payload: dict, ttl: int = 60) -> str:
    body = dict(payload, exp=int(time.time()) + ttl)
    raw = json.dumps(body, separators=(",", ":"), sort_keys=True).encode()
    mac = hmac.new(SECRET, raw, hashlib.sha256).digest()
    return f"{b64(raw)}.{b64(mac)}"


def verify(token: str) -> dict:
    raw_b64, mac_b64 = token.split(".")
    raw = unb64(raw_b64)
    expected = hmac.new(SECRET, raw, hashlib.sha256).digest()
    if not hmac.compare_digest(expected, unb64(mac_b64)):
        raise ValueError("bad signature")
    body = json.loads(raw)
    if body["exp"] < time.time():
        raise ValueError("expired")
    return body


token = sign({"user": "ana", "role": "admin"})
print(token[:24] + "...")
print(verify(token))
tampered = token[:-2] + ("A" if token[-2] != "A" else "B") + token[-1]
try:
    verify(tampered)
except ValueError as exc:
    print("rejected:", exc)
