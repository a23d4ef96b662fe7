# label: benign
"""Order workflow: handlers are looked up by event name, as on_<event> methods."""


class InvalidTransition(Exception):
    pass


class OrderWorkflow:
    TRANSITIONS = {
        "new": {"pay": "paid", "cancel": "cancelled"},
        "paid": {"ship": "shipped", "refund": "refunded"},
        "shipped": {"deliver": "delivered"},
    }

    def __init__(self, order_id):
        self.order_id = order_id
        self.state = "new"
        self.history = []

    def fire(self, event, **data):
        target = self.TRANSITIONS.get(self.state, {}).get(event)
        if target is None:
            raise InvalidTransition(f"{event!r} not allowed in state {self.state!r}")
        handler = getattr(self, f"on_{event}", self.on_default)
        handler(**data)
        self.history.append((self.state, event, target))
        self.state = target

    def on_pay(self, amount=0):
        print(f"order {self.order_id}: charged {amount:.2f}")

    def on_ship(self, carrier="post"):
        print(f"order {self.order_id}: shipped with {carrier}")

    def on_default(self, **data):
        print(f"order {self.order_id}: {data or 'no data'}")

    def __repr__(self):
        return f"{type(self).__name__}({self.order_id!r}, state={self.state!r})"


wf = OrderWorkflow(17)
for event, data in [("pay", {"amount": 42}), ("ship", {"carrier": "DHL"}), ("deliver", {})]:
    wf.fire(event, **data)
print(wf, wf.history)
try:
    wf.fire("refund")
except InvalidTransition as exc:
    print("error:", exc)
