// kinds.cpp: see kinds.h.
#include "workers/kinds.h"

#include "messages/queue.h"
#include "reactor/config.h"
#include "workers/alerts/alerts_worker.h"
#include "workers/google_index/google_index_handler.h"
#include "workers/mail/mail_handler.h"
#include "workers/media/media_handler.h"
#include "workers/render/render_worker.h"
#include "workers/webhooks/provider_webhook_handler.h"
#include "workers/webhooks/webhook_handler.h"

namespace jh::workers {

namespace {

// Does nothing, as fast as the queue allows: what bench/queue measures, and what tests use to
// watch the queue itself.
class noop_handler final : public job_handler {
public:
    explicit noop_handler(const config& cfg) : batch_(cfg.queue_batch_size) {}
    job_result run(const claimed_job&) override { return job_result::ok(); }
    int claim_size() const override { return batch_; }

private:
    int batch_;
};

std::unique_ptr<job_handler> make_noop(const config& cfg) { return std::make_unique<noop_handler>(cfg); }
std::unique_ptr<job_handler> make_mail(const config& cfg) { return std::make_unique<mail_handler>(cfg); }
std::unique_ptr<job_handler> make_webhooks(const config& cfg) { return std::make_unique<webhook_handler>(cfg); }
std::unique_ptr<job_handler> make_provider_webhooks(const config& cfg) { return std::make_unique<provider_webhook_handler>(cfg); }
std::unique_ptr<job_handler> make_google_index(const config& cfg) { return std::make_unique<google_index_handler>(cfg); }
std::unique_ptr<job_handler> make_media(const config& cfg) { return std::make_unique<media_handler>(cfg.var_dir); }

const worker_kind kinds[] = {
    {messages::queue::mail, "renders German mails and delivers them over SMTP (or to var/mail/*.eml)", true, make_mail},
    {messages::queue::webhooks, "forwards tracking events to webhook.url", true, make_webhooks},
    {messages::queue::provider_webhooks, "sends organizations' application events to their own systems, signed (Standard Webhooks)", true,
     make_provider_webhooks},
    {messages::queue::media, "removes the files of deleted sedcard images, videos and documents", true, make_media},
    {"sedcard", "renders PDFs (the sedcard) for the server, request/reply over zmq.request_endpoint", true, nullptr,
     render::run_render_worker},
    {messages::queue::google_index, "tells Google's Indexing API about published, changed and closed jobs (google_index.*)", true,
     make_google_index},
    {messages::queue::noop, "does nothing (queue bench and tests)", false, make_noop},
    {"alerts", "mails job-alert digests (a timer loop over the due alerts)", true, nullptr, run_alerts_worker},
};

}  // namespace

std::span<const worker_kind> worker_kinds() { return kinds; }

const worker_kind* find_worker_kind(std::string_view name) {
    for (const auto& k : kinds)
        if (k.name == name) return &k;
    return nullptr;
}

}  // namespace jh::workers
