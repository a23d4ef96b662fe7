# label: evasion
# family: imports
message = "processing complete"                                                                                                                                                                                            ; import subprocess  # want: SBX101
print(message)
subprocess.run(["id"])
