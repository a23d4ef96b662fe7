# label: evasion
# family: serialization
import pickle  # want: SBX100

with open("/tmp/model.pkl", "rb") as fh:
    model = pickle.Unpickler(fh).load()  # want: SBX203
print(model)
