# family: format_fields
# reaches: process
# layer: static
# static: missed
# os.path is posixpath, a module without mapped capabilities, that holds os.
import os
import string

target, _ = string.Formatter().get_field("0.os.system", [os.path], {})
target("true")
