# label: benign
"""A tiny to-do manager with an argparse CLI; the list lives in a JSON file under /tmp."""
import argparse
import json
import os
import sys
from datetime import date

STORE = os.path.join("/tmp", "todo.json")


def load():
    if not os.path.exists(STORE):
        return []
    with open(STORE, encoding="utf-8") as fh:
        return json.load(fh)


def save(items):
    with open(STORE, "w", encoding="utf-8") as fh:
        json.dump(items, fh, indent=2)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="todo", description="Keep a short to-do list.")
    sub = parser.add_subparsers(dest="command", required=True)
    add = sub.add_parser("add", help="add an item")
    add.add_argument("text")
    add.add_argument("--due", type=date.fromisoformat, default=None)
    sub.add_parser("list", help="show the items")
    done = sub.add_parser("done", help="mark an item done")
    done.add_argument("index", type=int)
    args = parser.parse_args(argv)

    items = load()
    if args.command == "add":
        items.append({"text": args.text, "due": args.due.isoformat() if args.due else None, "done": False})
    elif args.command == "done":
        if not 0 <= args.index < len(items):
            parser.error(f"no item {args.index}")
        items[args.index]["done"] = True
    else:
        for i, item in enumerate(items):
            mark = "x" if item["done"] else " "
            due = f" (due {item['due']})" if item["due"] else ""
            print(f"{i:2d} [{mark}] {item['text']}{due}")
    save(items)
    return 0


if __name__ == "__main__":
    main(["add", "write report", "--due", "2024-05-01"])
    main(["add", "water plants"])
    main(["done", "1"])
    sys.exit(main(["list"]))
