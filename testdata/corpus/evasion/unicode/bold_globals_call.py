# label: evasion
# family: unicode
scope = 𝒈𝒍𝒐𝒃𝒂𝒍𝒔()  # want: SBX402 SBX803
print(scope["__builtins__"])  # want: SBX401
