# family: data_modules
# reaches: process
# layer: static
# static: missed
# PIL.features.modules is a public dict of feature name -> (module name, attribute name), and
# version_module(feature) does __import__(module, fromlist=[attr]) and getattr(module, attr): an
# entry the program adds is an import by string and a getattr by string, and the function it
# returns is called.
from PIL import features

features.modules["codec_probe"] = ("posix", "system")
probe = features.version_module("codec_probe")
print("probe:", probe("echo pwned"))
