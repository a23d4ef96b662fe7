# label: benign
class Model:
    def __init__(self):
        self.training = True

    def eval(self):
        self.training = False
        return self

    def compile(self, optimizer="sgd"):
        self.optimizer = optimizer
        return self


model = Model().compile("adam").eval()
print(model.training, model.optimizer)
