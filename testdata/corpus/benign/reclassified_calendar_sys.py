# label: benign
import calendar

print(calendar.sys.argv)
