# family: data_pickle
# reaches: network
# layer: static
# static: missed
# numpy.load reads from any file-like object: bytes the program holds, given as BytesIO, are
# unpickled with allow_pickle=True.
import io

import numpy as np
import pandas as pd

snapshot = io.BytesIO(b"\x80\x02c_socket\nsocket\nq\x00K\x02K\x02\x86q\x01Rq\x02.")
frame = pd.DataFrame({"restored": [np.load(snapshot, allow_pickle=True)]})
print(frame.dtypes)
