# label: benign
import calendar

print(calendar.month(2024, 2))
first_weekday, days = calendar.monthrange(2024, 2)
print(calendar.day_name[first_weekday], days, calendar.isleap(2024))
