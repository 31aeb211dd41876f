// mail_handler.cpp: see mail_handler.h. Blocking (worker process).
#include "workers/mail/mail_handler.h"

#include <simdjson.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <ctime>
#include <filesystem>

#include "reactor/config.h"
#include "workers/mail/message.h"

namespace jh::workers {

namespace {

struct mail_request {
    std::string template_name;
    std::string to;
    std::string to_name;
    std::string list_unsubscribe;   // the one-click unsubscribe URL (RFC 8058), optional
    template_values values;
};

bool has_line_break(std::string_view s) { return s.find_first_of("\r\n") != std::string_view::npos; }

std::expected<mail_request, std::string> parse_payload(const std::string& payload) {
    simdjson::dom::parser parser;
    simdjson::dom::object obj;
    if (parser.parse(payload).get_object().get(obj)) return std::unexpected("payload is not a JSON object");
    mail_request r;
    std::string_view sv;
    if (obj["template"].get_string().get(sv)) return std::unexpected("payload: 'template' (string) is missing");
    r.template_name = std::string(sv);
    if (obj["to"].get_string().get(sv)) return std::unexpected("payload: 'to' (string) is missing");
    r.to = std::string(sv);
    if (!plausible_address(r.to)) return std::unexpected("payload: '" + r.to + "' is not an e-mail address");
    if (obj["to_name"].get_string().get(sv) == simdjson::SUCCESS) r.to_name = std::string(sv);
    if (has_line_break(r.to_name)) return std::unexpected("payload: 'to_name' contains a line break");
    if (obj["list_unsubscribe"].get_string().get(sv) == simdjson::SUCCESS) {
        // Goes into a header: one line of printable ASCII, an http(s) URL, nothing else.
        bool printable = std::all_of(sv.begin(), sv.end(), [](char c) { return c > ' ' && c < 0x7f && c != '<' && c != '>'; });
        if (!printable || !(sv.starts_with("https://") || sv.starts_with("http://")) || sv.size() > 500)
            return std::unexpected("payload: 'list_unsubscribe' is not a plain URL");
        r.list_unsubscribe = std::string(sv);
    }
    simdjson::dom::object data;
    if (obj["data"].get_object().get(data) == simdjson::SUCCESS) {
        for (auto [key, value] : data) {
            std::string k(key);
            if (value.is_string()) r.values[k] = std::string(std::string_view(value));
            else if (value.is_int64()) r.values[k] = std::to_string(std::int64_t(value));
            else if (value.is_uint64()) r.values[k] = std::to_string(std::uint64_t(value));
            else if (value.is_double()) r.values[k] = simdjson::minify(value);
            else return std::unexpected("payload: data." + k + " must be a string or a number");
        }
    }
    return r;
}

// The configured folder, else the source tree's (tests and `ops/run` start from the repository,
// but a binary run from elsewhere still finds its templates).
std::string resolve_templates_dir(const std::string& configured) {
    namespace fs = std::filesystem;
    std::error_code ec;
    if (fs::is_directory(configured, ec) || fs::path(configured).is_absolute()) return configured;
    return (fs::path(JOBHAFEN_SOURCE_DIR) / configured).string();
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
    auto tpl = find_template(req->template_name);
    if (!tpl) return job_result::permanent(tpl.error());
    auto rendered = render_mail(**tpl, req->values);
    if (!rendered) return job_result::permanent("template " + req->template_name + ": " + rendered.error());

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
            spdlog::info("mail: {} sent ({})", req->template_name, m.message_id);   // no address: logs are not for personal data
            return job_result::ok();
        case delivery_result::status::temporary: return job_result::temporary(d.error);
        case delivery_result::status::permanent: return job_result::permanent(d.error);
    }
    return job_result::temporary("unknown delivery result");
}

}  // namespace jh::workers
