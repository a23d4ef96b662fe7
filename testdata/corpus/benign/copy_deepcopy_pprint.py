# label: benign
import copy
from pprint import pprint

template = {"name": "", "settings": {"theme": "dark", "langs": ["en"]}}
user = copy.deepcopy(template)
user["name"] = "ann"
user["settings"]["langs"].append("fr")
pprint(template)
pprint(user, width=40)
