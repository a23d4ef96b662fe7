# label: benign
os_version = "14.2"
system_name = "macOS"
exec_count = 3
eval_score = 0.93

print(f"{system_name} {os_version}: ran {exec_count} times, score {eval_score:.0%}")
