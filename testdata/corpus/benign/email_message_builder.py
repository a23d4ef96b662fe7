# label: benign
"""Compose a multipart email with email.message and parse it back."""
from email import policy
from email.headerregistry import Address
from email.message import EmailMessage
from email.parser import BytesParser
from email.utils import formatdate, make_msgid

msg = EmailMessage()
msg["Subject"] = "Quarterly report"
msg["From"] = Address("Ann Example", "ann", "example.com")
msg["To"] = [Address("Bob", "bob", "example.org"), Address("Cy", "cy", "example.org")]
msg["Date"] = formatdate(localtime=False)
msg["Message-ID"] = make_msgid(domain="example.com")
msg.set_content("Hi all,\n\nThe report is attached.\n")
msg.add_alternative("<p>Hi all,</p><p>The report is <b>attached</b>.</p>", subtype="html")
msg.add_attachment(b"q,total\n1,100\n", maintype="text", subtype="csv", filename="report.csv")

raw = msg.as_bytes()
parsed = BytesParser(policy=policy.default).parsebytes(raw)
print(parsed["Subject"], parsed["To"].addresses[0].username)
for part in parsed.iter_attachments():
    print(part.get_filename(), part.get_content_type(), part.get_content().splitlines()[0])
body = parsed.get_body(preferencelist=("plain",))
print(body.get_content().strip().splitlines()[0], parsed.is_multipart())
