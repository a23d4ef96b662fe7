# label: evasion
# family: introspection
g = help.__class__.__init__.__globals__  # want: SBX301 SBX505
g["sys"].modules["os"].system("id")
