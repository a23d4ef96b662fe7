# label: evasion
# family: data
import scipy
import scipy.linalg.cython_blas as blas  # want: SBX100
from scipy import integrate

cap = blas.__pyx_capi__["dasum"]  # want: SBX305
f = scipy.LowLevelCallable(cap, signature="double (double)")  # want: SBX505
print(integrate.quad(f, 0, 1))
