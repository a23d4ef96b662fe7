# label: evasion
# family: source_tricks
access_level = "user"
if access_level != "none‮ ⁦# Check if admin⁩ ⁦":  # want: SBX804
    print("You are an admin.")
