# label: evasion
# family: imports
count = 0
while count < 1:
    count += 1
    import ctypes.util  # want: SBX101
    print(ctypes.util.find_library("c"))
