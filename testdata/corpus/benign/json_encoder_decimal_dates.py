# label: benign
import json
from dataclasses import asdict, dataclass, is_dataclass
from datetime import date, datetime, timezone
from decimal import Decimal


class AppEncoder(json.JSONEncoder):
    def default(self, o):
        if isinstance(o, Decimal):
            return {"__decimal__": str(o)}
        if isinstance(o, (date, datetime)):
            return {"__date__": o.isoformat()}
        if is_dataclass(o):
            return asdict(o)
        return super().default(o)


def decode_hook(obj):
    if "__decimal__" in obj:
        return Decimal(obj["__decimal__"])
    if "__date__" in obj:
        value = obj["__date__"]
        return datetime.fromisoformat(value) if "T" in value else date.fromisoformat(value)
    return obj


@dataclass
class Invoice:
    number: str
    issued: date
    total: Decimal


doc = {
    "invoices": [Invoice("INV-1", date(2024, 2, 29), Decimal("120.50"))],
    "generated": datetime(2024, 3, 1, 9, 30, tzinfo=timezone.utc),
}
text = json.dumps(doc, cls=AppEncoder, indent=2)
print(text)
back = json.loads(text, object_hook=decode_hook)
print(back["generated"].tzinfo, back["invoices"][0]["total"] + Decimal("0.50"))
