# label: benign
"""Issue and verify signed tokens with hmac, uuid and time."""
import base64
import hashlib
import hmac
import json
import time
import uuid

SECRET = b"not-a-real-secret"


def issue(user: str, ttl: int = 60) -> str:
    payload = {"sub": user, "jti": str(uuid.uuid4()), "exp": int(time.time()) + ttl}
    body = base64.urlsafe_b64encode(json.dumps(payload, separators=(",", ":")).encode()).rstrip(b"=")
    sig = hmac.new(SECRET, body, hashlib.sha256).digest()
    return body.decode() + "." + base64.urlsafe_b64encode(sig).rstrip(b"=").decode()


def verify(token: str) -> dict:
    body, _, sig = token.partition(".")
    expected = hmac.new(SECRET, body.encode(), hashlib.sha256).digest()
    given = base64.urlsafe_b64decode(sig + "=" * (-len(sig) % 4))
    if not hmac.compare_digest(expected, given):
        raise ValueError("bad signature")
    payload = json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
    if payload["exp"] < time.time():
        raise ValueError("expired")
    return payload


tok = issue("ann")
print(verify(tok)["sub"], len(tok.split(".")))
try:
    verify(tok[:-2] + "xx")
except ValueError as exc:
    print("rejected:", exc)
print(uuid.uuid5(uuid.NAMESPACE_URL, "https://example.com").version, uuid.UUID(int=0).hex[:4])
