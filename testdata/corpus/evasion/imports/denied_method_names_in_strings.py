# label: evasion
# family: imports
# The methods modules.denied_methods denies, named by strings: a constant getattr name, a loop
# over constant names, methodcaller, attrgetter, a get_field path and a format field, on an event
# loop reached without importing asyncio; and the denied module attributes named by getters.
import operator
import sqlite3
import string
import unittest.async_case

aio = unittest.async_case.asyncio
conn = sqlite3.connect(":memory:")
getattr(conn, "enable_load_extension")  # want: SBX102
for name in ("subprocess_exec", "getaddrinfo"):
    getattr(aio.new_event_loop(), name, None)  # want: SBX102
operator.methodcaller("subprocess_exec", "/bin/true")  # want: SBX102
operator.attrgetter("enable_load_extension")  # want: SBX102
string.Formatter().get_field("0.subprocess_exec", [aio.new_event_loop()], {})  # want: SBX102
string.Formatter().format("{0.create_connection}", aio.new_event_loop())  # want: SBX102
loop = aio.new_event_loop()
loop.subprocess_shell  # want: SBX102
spawn = operator.methodcaller("create_subprocess_exec", "/bin/true")  # want: SBX102
spawn(aio)  # want: SBX102
list(map(operator.attrgetter("create_subprocess_shell"), [aio]))  # want: SBX102 SBX101
