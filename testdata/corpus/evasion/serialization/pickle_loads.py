# label: evasion
# family: serialization
import pickle  # want: SBX100
import base64

blob = base64.b64decode("gASVHgAAAAAAAACMBXBvc2l4lIwGc3lzdGVtlJOUjAJpZJSFlFKULg==")
pickle.loads(blob)  # want: SBX203
