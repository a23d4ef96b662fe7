# family: callbacks
# reaches: network
# layer: static
# static: missed
# The importer submitted to an executor; the result is the socket module.
import unittest
from concurrent.futures import ThreadPoolExecutor

with ThreadPoolExecutor() as pool:
    net = pool.submit(unittest.TestLoader()._get_module_from_name, "socket").result()
s = net.socket()
s.close()
