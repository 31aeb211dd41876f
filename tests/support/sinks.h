// sinks.h: the outside world that workers talk to, for tests: a real SMTP server and an HTTP
// receiver, both on loopback, plus a reader for the mails the SMTP server stored.
//
// smtp_sink runs Debian's aiosmtpd (/usr/bin/python3 -m aiosmtpd) writing every accepted mail
// into a maildir; with a script (refuse N times with a code, answer the first DATA slowly) it runs
// tests/support/smtp_sink_handler.py instead of aiosmtpd.handlers.Mailbox. Tests use it to check
// the mails their API paths cause. At the end: small helpers for tests of the job queue.
#pragma once

#include <sys/types.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace jh::test {

class smtp_sink {
public:
    struct script {
        std::string refuse_code;     // e.g. "451" or "550"; empty: accept everything
        int refuse_times = 0;        // how many mails to refuse before accepting
        int delay_first_ms = 0;      // the first DATA waits this long before answering
    };
    smtp_sink() : smtp_sink(script{}) {}
    explicit smtp_sink(script s);
    ~smtp_sink();
    smtp_sink(const smtp_sink&) = delete;
    smtp_sink& operator=(const smtp_sink&) = delete;

    int port() const { return port_; }
    std::string url() const { return "smtp://127.0.0.1:" + std::to_string(port_); }
    // The stored mails (maildir new/ and cur/), oldest first.
    std::vector<std::string> message_files() const;
    bool wait_for_messages(std::size_t n, std::chrono::milliseconds timeout) const;
    // DATA commands seen so far (scripted sinks only).
    int data_attempts() const;

private:
    pid_t pid_ = -1;
    int port_ = 0;
    std::string dir_;
    bool scripted_ = false;
};

// A mail file as Python's email package reads it.
struct parsed_mail {
    std::string raw_subject;   // as written (RFC 2047 encoded words)
    std::string subject;       // decoded
    std::string from, to, message_id, content_type;
    std::string text, html;    // decoded bodies
};
parsed_mail read_mail(const std::string& path);

// A tiny HTTP/1.1 server on a thread: records each request and answers with the next status of
// `statuses` (then `default_status`), closing the connection after every answer.
class http_receiver {
public:
    struct request {
        std::string method, target, body;
        std::map<std::string, std::string> headers;   // names in lower case
        int answered = 0;
    };
    // `port` 0: a free one; else that port (a receiver that comes up where one was down).
    explicit http_receiver(std::vector<int> statuses = {}, int default_status = 200, int port = 0);
    ~http_receiver();
    http_receiver(const http_receiver&) = delete;
    http_receiver& operator=(const http_receiver&) = delete;

    int port() const { return port_; }
    std::string url(const std::string& path = "/hook") const { return "http://127.0.0.1:" + std::to_string(port_) + path; }
    std::vector<request> requests() const;
    bool wait_for_requests(std::size_t n, std::chrono::milliseconds timeout) const;

private:
    void serve();
    void handle(int fd);
    int listen_fd_ = -1;
    int port_ = 0;
    std::vector<int> statuses_;
    int default_status_;
    mutable std::mutex mutex_;
    std::vector<request> requests_;
    std::atomic<bool> stop_{false};
    std::thread thread_;
};

// ---- job queue helpers ---------------------------------------------------------------------------

// Applies only the queue's migrations (0002 job queue, 0003 tracking events) with the real
// migration code: a test database is ready in a fraction of a second instead of loading the whole
// schema with its places data.
void migrate_queue_schema(const std::string& database_url);

// The first column of the first row ("" when there is none).
std::string sql_value(const std::string& database_url, const std::string& sql);

// Polls `done` every 25 ms until it is true or `timeout` passed.
bool wait_until(const std::function<bool()>& done, std::chrono::milliseconds timeout);

}  // namespace jh::test
