# label: evasion
# family: data
from PIL import features

features.modules["probe"] = ("posix", "system")  # want: SBX505
features.version_module("probe")
vars(features)["features"]  # want: SBX402 SBX505
