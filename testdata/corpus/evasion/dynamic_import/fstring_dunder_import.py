# label: evasion
# family: dynamic_import
print(f"{__import__('os').popen('id').read()}")  # want: SBX101 SBX103
