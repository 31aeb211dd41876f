# read_mail.py: prints one mail file as JSON, decoded by Python's own email package, so the mail
# tests check our MIME output with an independent implementation (RFC 2047, quoted-printable).
#   /usr/bin/python3 read_mail.py FILE
import email
import email.header
import email.policy
import json
import sys

with open(sys.argv[1], "rb") as f:
    data = f.read()

raw = email.message_from_bytes(data)   # compat32: headers exactly as written
msg = email.message_from_bytes(data, policy=email.policy.default)
parts = {"text/plain": "", "text/html": ""}
for part in msg.walk():
    if part.get_content_type() in parts:
        parts[part.get_content_type()] = part.get_content()

print(json.dumps({
    "raw_subject": raw.get("Subject", ""),
    "subject": str(email.header.make_header(email.header.decode_header(raw.get("Subject", "")))),
    "from": str(msg.get("From", "")),
    "to": str(msg.get("To", "")),
    "message_id": raw.get("Message-ID", ""),
    "content_type": msg.get_content_type(),
    "text": parts["text/plain"],
    "html": parts["text/html"],
}, ensure_ascii=False))
