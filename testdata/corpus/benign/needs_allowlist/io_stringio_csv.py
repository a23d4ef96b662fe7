# label: benign
import csv
import io

buffer = io.StringIO()
writer = csv.writer(buffer)
writer.writerows([["x", "y"], [1, 2], [3, 4]])
print(buffer.getvalue())
