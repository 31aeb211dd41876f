// mail.cpp: see mail.h.
#include "messages/mail.h"

#include <simdjson.h>

#include <array>
#include <utility>

#include "reactor/json_writer.h"

namespace jh::messages {

namespace {

struct template_row {
    mail_template tpl;
    std::string_view name;
};

constexpr template_row template_rows[] = {
    {mail_template::verify_email, "verify_email"},
    {mail_template::password_reset, "password_reset"},
    {mail_template::set_password, "set_password"},
    {mail_template::change_email, "change_email"},
    {mail_template::email_change_notice, "email_change_notice"},
    {mail_template::registration_attempt, "registration_attempt"},
    {mail_template::registration_attempt_provider, "registration_attempt_provider"},
    {mail_template::application_provider, "application_provider"},
    {mail_template::application_candidate, "application_candidate"},
    {mail_template::job_alert_confirm, "job_alert_confirm"},
    {mail_template::job_alert_digest, "job_alert_digest"},
    {mail_template::contact_request, "contact_request"},
    {mail_template::newsletter_confirm, "newsletter_confirm"},
    {mail_template::provider_welcome, "provider_welcome"},
    {mail_template::application_status, "application_status"},
    {mail_template::candidate_contact, "candidate_contact"},
    {mail_template::organization_invitation, "organization_invitation"},
    {mail_template::password_reset_provider, "password_reset_provider"},
    {mail_template::shift_decision, "shift_decision"},
    {mail_template::shift_cancelled, "shift_cancelled"},
    {mail_template::application_reply, "application_reply"},
    {mail_template::shift_reminder, "shift_reminder"},
    {mail_template::shift_withdrawn, "shift_withdrawn"},
    {mail_template::time_record_corrected, "time_record_corrected"},
    {mail_template::time_records_auto_approved, "time_records_auto_approved"},
    {mail_template::application_closed, "application_closed"},
    {mail_template::job_review_rejected, "job_review_rejected"},
    {mail_template::shift_offer, "shift_offer"},
    {mail_template::shift_refilled, "shift_refilled"},
    {mail_template::organization_approved, "organization_approved"},
    {mail_template::pool_invitation, "pool_invitation"},
    {mail_template::monthly_report, "monthly_report"},
};

constexpr auto all_templates = [] {
    std::array<mail_template, std::size(template_rows)> out{};
    for (std::size_t i = 0; i < out.size(); ++i) out[i] = template_rows[i].tpl;
    return out;
}();

template <typename Pairs>
std::string write_mail(mail_template t, std::string_view to, std::string_view to_name, const Pairs& data,
                       std::string_view list_unsubscribe) {
    std::string out;
    json_writer w(out);
    w.begin_object().member("template", mail_template_name(t)).member("to", to);
    if (!to_name.empty()) w.member("to_name", to_name);
    w.key("data").begin_object();
    for (const auto& [k, v] : data) w.member(k, v);
    w.end_object();
    if (!list_unsubscribe.empty()) w.member("list_unsubscribe", list_unsubscribe);
    w.end_object();
    return out;
}

}  // namespace

std::span<const mail_template> all_mail_templates() { return all_templates; }

std::string_view mail_template_name(mail_template t) {
    for (const auto& row : template_rows)
        if (row.tpl == t) return row.name;
    return {};
}

std::optional<mail_template> mail_template_from_name(std::string_view name) {
    for (const auto& row : template_rows)
        if (row.name == name) return row.tpl;
    return std::nullopt;
}

std::string to_json(const mail_message& m) { return write_mail(m.tpl, m.to, m.to_name, m.data, m.list_unsubscribe); }

std::string mail_payload(mail_template t, std::string_view to, std::string_view to_name, const mail_data& data) {
    return write_mail(t, to, to_name, data, {});
}

std::string mail_payload(mail_template t, std::string_view to, std::string_view to_name,
                         std::initializer_list<std::pair<std::string_view, std::string_view>> data) {
    return write_mail(t, to, to_name, data, {});
}

std::expected<mail_message, std::string> parse_mail_message(std::string_view json) {
    simdjson::dom::parser parser;
    simdjson::dom::object obj;
    if (parser.parse(json.data(), json.size()).get_object().get(obj)) return std::unexpected("payload is not a JSON object");
    mail_message m;
    std::string_view sv;
    if (obj["template"].get_string().get(sv)) return std::unexpected("payload: 'template' (string) is missing");
    auto tpl = mail_template_from_name(sv);
    if (!tpl) return std::unexpected("payload: unknown mail template '" + std::string(sv) + "'");
    m.tpl = *tpl;
    if (obj["to"].get_string().get(sv)) return std::unexpected("payload: 'to' (string) is missing");
    m.to = std::string(sv);
    if (obj["to_name"].get_string().get(sv) == simdjson::SUCCESS) m.to_name = std::string(sv);
    if (obj["list_unsubscribe"].get_string().get(sv) == simdjson::SUCCESS) m.list_unsubscribe = std::string(sv);
    simdjson::dom::object data;
    if (obj["data"].get_object().get(data) == simdjson::SUCCESS) {
        for (auto [key, value] : data) {
            std::string k(key);
            if (value.is_string()) m.data.emplace_back(k, std::string(std::string_view(value)));
            else if (value.is_int64()) m.data.emplace_back(k, std::to_string(std::int64_t(value)));
            else if (value.is_uint64()) m.data.emplace_back(k, std::to_string(std::uint64_t(value)));
            else if (value.is_double()) m.data.emplace_back(k, simdjson::minify(value));
            else return std::unexpected("payload: data." + k + " must be a string or a number");
        }
    }
    return m;
}

std::string with_inner_quotes(std::string_view text) {
    static constexpr std::pair<std::string_view, std::string_view> swaps[] = {{"„", "‚"}, {"“", "‘"}, {"”", "‘"}};
    std::string out;
    out.reserve(text.size());
    while (!text.empty()) {
        bool swapped = false;
        for (auto [from, to] : swaps)
            if (text.starts_with(from)) {
                out += to;
                text.remove_prefix(from.size());
                swapped = true;
                break;
            }
        if (!swapped) {
            out += text.front();
            text.remove_prefix(1);
        }
    }
    return out;
}

}  // namespace jh::messages
