# label: evasion
# family: source_tricks
def is_admin(user: str) -> bool:
    return user == "admin‮ ⁦# hidden⁩ ⁦"  # want: SBX804


print(is_admin("guest"))
