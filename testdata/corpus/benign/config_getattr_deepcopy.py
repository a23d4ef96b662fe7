# label: benign
import copy


class Config:
    def __init__(self, data):
        self.data = data

    def __deepcopy__(self, memo):
        return Config(copy.deepcopy(self.data, memo))

    def __getattr__(self, item):
        try:
            return self.data[item]
        except KeyError:
            raise AttributeError(item) from None


c = copy.deepcopy(Config({"x": 1}))
print(c.x, hasattr(c, "y"))
