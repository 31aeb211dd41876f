#!/usr/bin/env python3
"""billing_sandbox.py: a small local stand-in for the billing provider ("Byll"), for ops/run and tests.

The API Jobhafen uses (docs/candidate-actions.md):
  POST /accounts              {"externalRef", "email", "firstName", "lastName"}
                              201 {"id"}; 409 when externalRef or email has an account;
                              422 when the provider refuses (addresses at *.refused.example)
  POST /accounts/{id}/login   200 {"url"} (a one-time login link); 404 unknown account
State is kept in memory. Usage: billing_sandbox.py --port N [--bind 127.0.0.1]
"""
import argparse
import json
import secrets
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

accounts = {}          # id -> {"externalRef", "email"}
lock = threading.Lock()


class Handler(BaseHTTPRequestHandler):
    server_version = "BillingSandbox/1"

    def answer(self, status, body):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        parts = [p for p in self.path.split("?")[0].split("/") if p]
        if parts == ["accounts"]:
            try:
                req = json.loads(raw or b"{}")
            except ValueError:
                return self.answer(400, {"error": "bad json"})
            ref, email = str(req.get("externalRef", "")), str(req.get("email", "")).lower()
            if not ref or "@" not in email:
                return self.answer(422, {"error": "externalRef and email are required"})
            if email.endswith(".refused.example"):
                return self.answer(422, {"error": "account refused"})
            with lock:
                if any(a["externalRef"] == ref or a["email"] == email for a in accounts.values()):
                    return self.answer(409, {"error": "exists"})
                new_id = "byll-" + secrets.token_hex(6)
                accounts[new_id] = {"externalRef": ref, "email": email}
            return self.answer(201, {"id": new_id})
        if len(parts) == 3 and parts[0] == "accounts" and parts[2] == "login":
            with lock:
                known = parts[1] in accounts
            if not known:
                return self.answer(404, {"error": "unknown account"})
            host, port = self.server.server_address[:2]
            return self.answer(200, {"url": f"http://{host}:{port}/login/{parts[1]}?t={secrets.token_urlsafe(16)}"})
        return self.answer(404, {"error": "not found"})

    def do_GET(self):
        if self.path.startswith("/login/"):
            return self.answer(200, {"message": "Byll sandbox: logged in"})
        return self.answer(404, {"error": "not found"})

    def log_message(self, fmt, *args):
        pass


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", type=int, required=True)
    ap.add_argument("--bind", default="127.0.0.1")
    a = ap.parse_args()
    ThreadingHTTPServer((a.bind, a.port), Handler).serve_forever()


if __name__ == "__main__":
    main()
