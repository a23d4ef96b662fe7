# label: evasion
# family: data
import numpy as np
from pandas.api.interchange import from_dataframe  # want: SBX505


class Exchange:
    def __dataframe__(self, nan_as_null=False, allow_copy=True):  # want: SBX306
        return self

    def __dlpack__(self, stream=None):  # want: SBX306
        return None

    def __dlpack_device__(self):  # want: SBX306
        return (1, 0)


Cuda = type("Cuda", (), {"__cuda_array_interface__": {}})  # want: SBX306
from_dataframe(Exchange())
np.from_dlpack(Exchange())
