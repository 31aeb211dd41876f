# smtp_sink_handler.py: a scripted aiosmtpd handler for the mail tests (run by tests/support/sinks.cpp
# with Debian's /usr/bin/python3, which has python3-aiosmtpd).
#
#   python3 -m aiosmtpd -n -l 127.0.0.1:PORT -c smtp_sink_handler.ScriptedMailbox \
#       MAILDIR EVENTS_FILE REFUSE_CODE REFUSE_TIMES DELAY_FIRST_MS
#
# Like aiosmtpd.handlers.Mailbox (every accepted mail goes into MAILDIR), plus:
#   * the first REFUSE_TIMES mails are refused at the end of DATA with REFUSE_CODE (e.g. 451, 550);
#   * the first DATA waits DELAY_FIRST_MS before answering (a slow relay: a worker holds its job).
#     If the client goes away meanwhile, aiosmtpd cancels the handler and nothing is stored;
# and every DATA is logged as one line in EVENTS_FILE, so a test can count delivery attempts.
import asyncio

from aiosmtpd.handlers import Mailbox


class ScriptedMailbox(Mailbox):
    def __init__(self, maildir, events_file, refuse_code, refuse_times, delay_first_ms):
        super().__init__(maildir)
        self.events_file = events_file
        self.refuse_code = refuse_code
        self.refuse_left = int(refuse_times)
        self.delay_first = int(delay_first_ms) / 1000.0
        self.data_seen = 0

    def log(self, line):
        with open(self.events_file, "a") as f:
            f.write(line + "\n")

    async def handle_DATA(self, server, session, envelope):
        self.data_seen += 1
        self.log("DATA %d" % self.data_seen)
        if self.data_seen == 1 and self.delay_first > 0:
            await asyncio.sleep(self.delay_first)
        if self.refuse_left > 0:
            self.refuse_left -= 1
            self.log("REFUSED %s" % self.refuse_code)
            if self.refuse_code.startswith("5"):
                return "%s 5.7.1 Rejected by the test sink" % self.refuse_code
            return "%s 4.3.0 Try again later (test sink)" % self.refuse_code
        answer = await super().handle_DATA(server, session, envelope)
        self.log("ACCEPTED")
        return answer

    @classmethod
    def from_cli(cls, parser, *args):
        if len(args) != 5:
            parser.error("usage: MAILDIR EVENTS_FILE REFUSE_CODE REFUSE_TIMES DELAY_FIRST_MS")
        return cls(*args)
