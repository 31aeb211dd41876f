"""google_indexing_fake.py: Google's OAuth token endpoint and the Indexing API's batch endpoint, on
127.0.0.1, for tests/integration/google_index_test.cpp (issue 44 item 2).

Run with Debian's /usr/bin/python3 (standard library and python3-cryptography).
Usage: google_indexing_fake.py PORT DIR

At start it makes two RSA keys (2048 bits, never stored in the repository) and writes
  DIR/service_account.json   a service account key file as Google's console gives it, whose
                             token_uri is this fake; the fake verifies signatures with its public key
  DIR/stranger_account.json  the same account with another key, which the fake does not know
and then DIR/ready.

  POST /token   as Google's "OAuth 2.0 for Server to Server Applications": form fields
                grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer and assertion, a JWT with
                header alg RS256 whose signature must verify with the known public key, and claims
                iss = client_email, scope = https://www.googleapis.com/auth/indexing, aud = the
                token URL, iat/exp numbers with 0 < exp - iat <= 3600 and exp in the future.
                200 {"access_token", "expires_in": 3599, "token_type": "Bearer"}; otherwise
                400 {"error": "invalid_grant", "error_description": ...} as Google answers.
  POST /batch   Authorization: Bearer <a token it issued> (else 401); a multipart/mixed body of at
                most 100 parts, each Content-Type application/http holding
                "POST /v3/urlNotifications:publish" with a JSON {"url", "type"} body (else 400).
                Answers multipart/mixed, one part per call (Content-ID response-<id>), 200 with
                {"urlNotificationMetadata": ...}; a URL containing "verweigert" gets 403 in its part.
                POST /_script {"batch_statuses": [503]} makes the next batches answer those statuses
                as a whole (nothing recorded as accepted).
  GET  /_log    {"tokens": [{"ok", "why"}], "batches": [{"status", "parts": [{"url", "type", "status"}]}]}
  POST /_reset  forgets the log and the script.
"""
import base64
import json
import os
import secrets
import sys
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding, rsa

PORT = int(sys.argv[1])
DIR = sys.argv[2]
BASE = "http://127.0.0.1:%d" % PORT
TOKEN_URL = BASE + "/token"
SCOPE = "https://www.googleapis.com/auth/indexing"
EMAIL = "jobhafen-indexing@jobhafen-test.iam.gserviceaccount.com"

lock = threading.Lock()
log = {"tokens": [], "batches": []}
script = []
issued = set()


def b64url_decode(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def write_account(path, key):
    pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                            serialization.NoEncryption()).decode()
    account = {"type": "service_account", "project_id": "jobhafen-test", "private_key_id": secrets.token_hex(20),
               "private_key": pem, "client_email": EMAIL, "client_id": "1234567890",
               "auth_uri": BASE + "/auth", "token_uri": TOKEN_URL}
    with open(path, "w") as f:
        json.dump(account, f)


known_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
stranger_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
PUBLIC = known_key.public_key()


def check_assertion(form):
    """None when the grant is right, else why not."""
    if form.get("grant_type") != "urn:ietf:params:oauth:grant-type:jwt-bearer":
        return "grant_type"
    parts = form.get("assertion", "").split(".")
    if len(parts) != 3:
        return "not a JWT"
    try:
        header = json.loads(b64url_decode(parts[0]))
        claims = json.loads(b64url_decode(parts[1]))
        signature = b64url_decode(parts[2])
    except ValueError:
        return "not base64url JSON"
    if header.get("alg") != "RS256":
        return "alg"
    try:
        PUBLIC.verify(signature, (parts[0] + "." + parts[1]).encode(), padding.PKCS1v15(), hashes.SHA256())
    except InvalidSignature:
        return "Invalid JWT Signature."
    now = time.time()
    if claims.get("iss") != EMAIL or claims.get("scope") != SCOPE or claims.get("aud") != TOKEN_URL:
        return "claims"
    iat, exp = claims.get("iat"), claims.get("exp")
    if not isinstance(iat, int) or not isinstance(exp, int) or not (0 < exp - iat <= 3600) or exp <= now or iat > now + 60:
        return "iat/exp"
    return None


def read_calls(content_type, body):
    """The calls of a batch body, or raises ValueError."""
    if not content_type.startswith("multipart/mixed") or "boundary=" not in content_type:
        raise ValueError("not multipart/mixed")
    boundary = content_type.split("boundary=", 1)[1].split(";")[0].strip().strip('"')
    chunks = body.split(b"--" + boundary.encode())
    if len(chunks) < 3 or not chunks[-1].startswith(b"--"):
        raise ValueError("no closing boundary")
    calls = []
    for chunk in chunks[1:-1]:
        head, _, inner = chunk.strip(b"\r\n").partition(b"\r\n\r\n")
        headers = {k.strip().lower(): v.strip() for k, _, v in
                   (line.decode().partition(":") for line in head.split(b"\r\n"))}
        if headers.get("content-type") != "application/http":
            raise ValueError("part is not application/http")
        request, _, payload = inner.partition(b"\r\n\r\n")
        lines = request.decode().split("\r\n")
        if not lines[0].startswith("POST /v3/urlNotifications:publish"):
            raise ValueError("part is not urlNotifications:publish: " + lines[0])
        if not any(l.lower().startswith("content-type: application/json") for l in lines[1:]):
            raise ValueError("part has no JSON content type")
        note = json.loads(payload.decode().strip())
        if set(note) != {"url", "type"} or note["type"] not in ("URL_UPDATED", "URL_DELETED"):
            raise ValueError("part body")
        calls.append((headers.get("content-id", "").strip("<>"), note))
    if not 1 <= len(calls) <= 100:
        raise ValueError("%d parts" % len(calls))
    return calls


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, fmt, *args):
        sys.stderr.write("google fake: " + (fmt % args) + "\n")

    def answer(self, status, body=b"", content_type="application/json"):
        if isinstance(body, (dict, list)):
            body = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def body(self):
        return self.rfile.read(int(self.headers.get("Content-Length", "0")))

    def do_GET(self):
        if self.path == "/_log":
            with lock:
                return self.answer(200, log)
        self.answer(404, {})

    def do_POST(self):
        body = self.body()
        if self.path == "/_reset":
            with lock:
                log["tokens"].clear()
                log["batches"].clear()
                script.clear()
            return self.answer(200, {})
        if self.path == "/_script":
            with lock:
                script.extend(json.loads(body).get("batch_statuses", []))
            return self.answer(200, {})
        if self.path == "/token":
            form = dict(urllib.parse.parse_qsl(body.decode()))
            why = check_assertion(form)
            with lock:
                log["tokens"].append({"ok": why is None, "why": why or ""})
                if why:
                    return self.answer(400, {"error": "invalid_grant", "error_description": why})
                token = "ya29." + secrets.token_urlsafe(24)
                issued.add(token)
            return self.answer(200, {"access_token": token, "expires_in": 3599, "token_type": "Bearer"})
        if self.path == "/batch":
            return self.batch(body)
        self.answer(404, {})

    def batch(self, body):
        auth = self.headers.get("Authorization", "")
        with lock:
            known = auth.startswith("Bearer ") and auth[7:] in issued
        if not known:
            with lock:
                log["batches"].append({"status": 401, "parts": []})
            return self.answer(401, {"error": {"code": 401, "status": "UNAUTHENTICATED"}})
        try:
            calls = read_calls(self.headers.get("Content-Type", ""), body)
        except ValueError as e:
            with lock:
                log["batches"].append({"status": 400, "parts": [], "why": str(e)})
            return self.answer(400, {"error": {"code": 400, "message": str(e)}})
        with lock:
            scripted = script.pop(0) if script else None
        if scripted:
            with lock:
                log["batches"].append({"status": scripted, "parts": [n for _, n in calls]})
            return self.answer(scripted, {"error": {"code": scripted, "status": "UNAVAILABLE"}})
        boundary = "batch_" + secrets.token_hex(8)
        out, parts = [], []
        for cid, note in calls:
            status = 403 if "verweigert" in note["url"] else 200
            parts.append(dict(note, status=status))
            inner = ({"urlNotificationMetadata": {"url": note["url"], "latestUpdate": dict(note, notifyTime="2026-11-30T06:00:00Z")}}
                     if status == 200 else
                     {"error": {"code": 403, "message": "Permission denied. Failed to verify the URL ownership.",
                                "status": "PERMISSION_DENIED"}})
            text = json.dumps(inner)
            out.append("--%s\r\nContent-Type: application/http\r\nContent-ID: <response-%s>\r\n\r\n"
                       "HTTP/1.1 %d %s\r\nContent-Type: application/json; charset=UTF-8\r\n\r\n%s\r\n"
                       % (boundary, cid, status, "OK" if status == 200 else "Forbidden", text))
        out.append("--%s--\r\n" % boundary)
        with lock:
            log["batches"].append({"status": 200, "parts": parts})
        self.answer(200, "".join(out).encode(), "multipart/mixed; boundary=" + boundary)


server = ThreadingHTTPServer(("127.0.0.1", PORT), Handler)
write_account(os.path.join(DIR, "service_account.json"), known_key)
write_account(os.path.join(DIR, "stranger_account.json"), stranger_key)
open(os.path.join(DIR, "ready"), "w").close()
server.serve_forever()
