// mail_handler.h: the `mail` worker kind: payload → template → MIME message → SMTP or .eml.
//
// The payload of a mail job is messages::mail_message (messages/mail.h), its JSON read there.
// A payload that cannot become a mail (bad JSON, unknown template, missing placeholder, bad
// address) is dead at once: retrying cannot fix it.
#pragma once

#include <map>
#include <memory>
#include <string>

#include "workers/job.h"
#include "workers/mail/delivery.h"
#include "workers/mail/template.h"

namespace jh {
struct config;
}

namespace jh::workers {

class mail_handler final : public job_handler {
public:
    explicit mail_handler(const config& cfg);
    job_result run(const claimed_job& job) override;
    // One mail per claim and each outcome recorded at once: a crash can repeat at most the mail
    // in hand (and then with the same Message-ID).
    int claim_size() const override { return 1; }
    bool record_each() const override { return true; }
    bool durable_outcomes() const override { return true; }
    // A sent mail's links (verification, reset, confirmation tokens) leave the queue table with
    // it; template, recipient and idempotency key stay for the record (docs/queue.md).
    bool remove_data_when_done() const override { return true; }
    int longest_run_ms() const override;

private:
    std::expected<const mail_template*, std::string> find_template(const std::string& name);
    const config& cfg_;
    std::string templates_dir_;
    std::map<std::string, mail_template> templates_;   // loaded on first use
    std::unique_ptr<smtp_client> smtp_;                 // null: write .eml files
};

}  // namespace jh::workers
