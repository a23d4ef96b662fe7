# label: evasion
# family: private_attrs
import calendar

print(calendar.sys.argv)  # want: SBX502
