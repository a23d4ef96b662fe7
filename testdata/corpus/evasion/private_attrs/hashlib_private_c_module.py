# label: evasion
# family: private_attrs
import hashlib

print(hashlib._hashlib.openssl_md_meth_names)  # want: SBX501
