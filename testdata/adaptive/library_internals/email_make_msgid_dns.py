# family: library_internals
# reaches: network
# layer: static
# static: missed
# A reviewed API whose implementation reaches a capability: email.utils.make_msgid() without a
# domain calls socket.getfqdn(), a DNS lookup (no /etc/nsswitch.conf: dns first), which opens an
# AF_INET socket. Nothing in the program names socket.
from email.message import EmailMessage
from email.utils import formatdate, make_msgid

msg = EmailMessage()
msg["Subject"] = "Weekly report"
msg["From"] = "reports@example.com"
msg["To"] = "team@example.com"
msg["Date"] = formatdate(localtime=True)
msg["Message-ID"] = make_msgid()
msg.set_content("All jobs finished.")
print(msg.as_string())
