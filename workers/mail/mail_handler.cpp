// mail_handler.cpp: see mail_handler.h. Blocking (worker process).
#include "workers/mail/mail_handler.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <ctime>
#include <filesystem>

#include "messages/mail.h"
#include "reactor/config.h"
#include "reactor/source_dir.h"
#include "workers/mail/message.h"

namespace jh::workers {

namespace {

bool has_line_break(std::string_view s) { return s.find_first_of("\r\n") != std::string_view::npos; }

// The payload's shape is messages/mail.h's; what goes into headers is checked here: one plausible
// address, a display name on one line, an unsubscribe URL of plain printable ASCII.
std::expected<messages::mail_message, std::string> parse_payload(const std::string& payload) {
    auto m = messages::parse_mail_message(payload);
    if (!m) return m;
    if (!plausible_address(m->to)) return std::unexpected("payload: '" + m->to + "' is not an e-mail address");
    if (has_line_break(m->to_name)) return std::unexpected("payload: 'to_name' contains a line break");
    std::string_view url = m->list_unsubscribe;
    if (!url.empty()) {
        bool printable = std::all_of(url.begin(), url.end(), [](char c) { return c > ' ' && c < 0x7f && c != '<' && c != '>'; });
        if (!printable || !(url.starts_with("https://") || url.starts_with("http://")) || url.size() > 500)
            return std::unexpected("payload: 'list_unsubscribe' is not a plain URL");
    }
    return m;
}

// The configured folder, else the source tree's (tests and `ops/run` start from the repository,
// but a binary run from elsewhere still finds its templates).
std::string resolve_templates_dir(const std::string& configured) {
    namespace fs = std::filesystem;
    std::error_code ec;
    if (fs::is_directory(configured, ec) || fs::path(configured).is_absolute()) return configured;
    return (fs::path(source_path()) / configured).string();
}

}  // namespace

mail_handler::mail_handler(const config& cfg) : cfg_(cfg), templates_dir_(resolve_templates_dir(cfg.mail_templates_dir)) {
    if (!cfg.smtp_url.empty()) smtp_ = std::make_unique<smtp_client>(cfg);
    else spdlog::info("mail: smtp.url is not set; mails are written to {}/mail/*.eml", cfg.var_dir);
}

int mail_handler::longest_run_ms() const { return smtp_ ? cfg_.smtp_timeout_ms : 0; }

std::expected<const mail_template*, std::string> mail_handler::find_template(const std::string& name) {
    auto it = templates_.find(name);
    if (it != templates_.end()) return &it->second;
    auto t = load_template(templates_dir_, name);
    if (!t) return std::unexpected(t.error());
    return &templates_.emplace(name, std::move(*t)).first->second;
}

job_result mail_handler::run(const claimed_job& job) {
    auto req = parse_payload(job.payload);
    if (!req) return job_result::permanent(req.error());
    std::string template_name(messages::mail_template_name(req->tpl));
    auto tpl = find_template(template_name);
    if (!tpl) return job_result::permanent(tpl.error());
    template_values values(req->data.begin(), req->data.end());
    auto rendered = render_mail(**tpl, values);
    if (!rendered) return job_result::permanent("template " + template_name + ": " + rendered.error());

    outgoing_mail m;
    m.from = cfg_.smtp_from;
    m.to = req->to;
    m.to_name = req->to_name;
    m.list_unsubscribe = req->list_unsubscribe;
    m.subject = std::move(rendered->subject);
    m.text = std::move(rendered->text);
    m.html = std::move(rendered->html);
    m.message_id = message_id_for(job.idempotency_key, cfg_.mail_message_id_domain);
    m.date = std::time(nullptr);
    std::string message = build_message(m, job.idempotency_key);

    delivery_result d = smtp_ ? smtp_->send(address_of(cfg_.smtp_from), m.to, message)
                              : write_eml(cfg_.var_dir + "/mail", job.idempotency_key, message);
    switch (d.kind) {
        case delivery_result::status::sent:
            // No address: logs are not for personal data. rid= ties the line to the request that queued the mail.
            spdlog::info("mail: {} sent ({}) rid={}", template_name, m.message_id, rid_of(job));
            return job_result::ok();
        case delivery_result::status::temporary: return job_result::temporary(d.error);
        case delivery_result::status::permanent: return job_result::permanent(d.error);
        case delivery_result::status::no_room: return job_result::not_now(d.error);
    }
    return job_result::temporary("unknown delivery result");
}

}  // namespace jh::workers
