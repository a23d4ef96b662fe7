# label: benign
from email.message import EmailMessage

msg = EmailMessage()
msg["From"] = "reports@example.com"
msg["To"] = "team@example.com"
msg["Subject"] = "Weekly report"
msg.set_content("All systems nominal.\n")
print(msg.as_string())
