"""oidc_provider.py: a tiny OpenID Connect provider for the social sign-in tests.

Standard library only (run with /usr/bin/python3). Usage: oidc_provider.py PORT CLIENT_ID CLIENT_SECRET

  GET  /authorize   checks response_type=code, client_id, code_challenge_method=S256 and a
                    redirect_uri, "signs the user in" at once and redirects to
                    redirect_uri?code=...&state=... . Who signs in is chosen by the test with extra
                    query parameters: test_email, test_sub, test_given_name, test_family_name,
                    test_email_verified (1/0; default 1).
  POST /token       authorization_code grant: the code (single use), redirect_uri, client_id,
                    client_secret and the PKCE code_verifier (base64url(SHA-256) must equal the
                    challenge). Answers access_token and an id_token (HS256 with the client secret,
                    iss = http://127.0.0.1:PORT, aud = client id, nonce from the authorization).
  GET  /userinfo    the claims, for Authorization: Bearer <access_token>.
  GET  /_log        JSON list of the token requests received (form fields), for assertions.
"""
import base64
import hashlib
import hmac
import json
import secrets
import sys
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

PORT = int(sys.argv[1])
CLIENT_ID = sys.argv[2]
CLIENT_SECRET = sys.argv[3]
ISSUER = "http://127.0.0.1:%d" % PORT

lock = threading.Lock()
codes = {}        # code -> authorization
access = {}       # access token -> claims
token_log = []


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def sign_hs256(claims):
    header = b64url(json.dumps({"alg": "HS256", "typ": "JWT"}).encode())
    payload = b64url(json.dumps(claims).encode())
    mac = hmac.new(CLIENT_SECRET.encode(), (header + "." + payload).encode(), hashlib.sha256).digest()
    return header + "." + payload + "." + b64url(mac)


class Handler(BaseHTTPRequestHandler):
    def log_message(self, fmt, *args):
        sys.stderr.write("oidc: " + (fmt % args) + "\n")

    def answer(self, status, body=None, headers=None):
        data = json.dumps(body).encode() if body is not None else b""
        self.send_response(status)
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        if body is not None:
            self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        url = urllib.parse.urlsplit(self.path)
        q = dict(urllib.parse.parse_qsl(url.query))
        if url.path == "/authorize":
            if q.get("response_type") != "code" or q.get("client_id") != CLIENT_ID:
                return self.answer(400, {"error": "invalid_request"})
            if q.get("code_challenge_method") != "S256" or not q.get("code_challenge") or not q.get("state"):
                return self.answer(400, {"error": "invalid_request", "error_description": "PKCE and state required"})
            code = secrets.token_urlsafe(24)
            with lock:
                codes[code] = {
                    "redirect_uri": q["redirect_uri"],
                    "challenge": q["code_challenge"],
                    "nonce": q.get("nonce", ""),
                    "email": q.get("test_email", "social@example.de"),
                    "sub": q.get("test_sub", "sub-" + q.get("test_email", "social@example.de")),
                    "given_name": q.get("test_given_name", "Sina"),
                    "family_name": q.get("test_family_name", "Sozial"),
                    "email_verified": q.get("test_email_verified", "1") == "1",
                }
            sep = "&" if "?" in q["redirect_uri"] else "?"
            location = q["redirect_uri"] + sep + urllib.parse.urlencode({"code": code, "state": q["state"]})
            return self.answer(302, None, {"Location": location})
        if url.path == "/userinfo":
            token = self.headers.get("Authorization", "").removeprefix("Bearer ")
            with lock:
                claims = access.get(token)
            return self.answer(200, claims) if claims else self.answer(401, {"error": "invalid_token"})
        if url.path == "/_log":
            with lock:
                return self.answer(200, list(token_log))
        return self.answer(404, {"error": "not_found"})

    def do_POST(self):
        url = urllib.parse.urlsplit(self.path)
        length = int(self.headers.get("Content-Length", "0"))
        form = dict(urllib.parse.parse_qsl(self.rfile.read(length).decode()))
        if url.path != "/token":
            return self.answer(404, {"error": "not_found"})
        with lock:
            token_log.append(form)
            grant = codes.pop(form.get("code", ""), None)
        if form.get("grant_type") != "authorization_code" or grant is None:
            return self.answer(400, {"error": "invalid_grant"})
        if form.get("client_id") != CLIENT_ID or form.get("client_secret") != CLIENT_SECRET:
            return self.answer(401, {"error": "invalid_client"})
        if form.get("redirect_uri") != grant["redirect_uri"]:
            return self.answer(400, {"error": "invalid_grant", "error_description": "redirect_uri differs"})
        verifier = form.get("code_verifier", "")
        if b64url(hashlib.sha256(verifier.encode()).digest()) != grant["challenge"]:
            return self.answer(400, {"error": "invalid_grant", "error_description": "PKCE verification failed"})
        now = int(time.time())
        claims = {
            "iss": ISSUER, "aud": CLIENT_ID, "sub": grant["sub"], "email": grant["email"],
            "email_verified": grant["email_verified"], "given_name": grant["given_name"],
            "family_name": grant["family_name"], "nonce": grant["nonce"], "iat": now, "exp": now + 300,
        }
        token = secrets.token_urlsafe(24)
        with lock:
            access[token] = {k: claims[k] for k in ("sub", "email", "email_verified", "given_name", "family_name")}
        return self.answer(200, {"access_token": token, "token_type": "Bearer", "expires_in": 3600,
                                 "id_token": sign_hs256(claims)})


ThreadingHTTPServer(("127.0.0.1", PORT), Handler).serve_forever()
