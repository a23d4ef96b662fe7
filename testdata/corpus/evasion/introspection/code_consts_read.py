# label: evasion
# family: introspection
def check(password):
    return password == "s3cr3t-admin"


print(check.__code__.co_consts)  # want: SBX301
