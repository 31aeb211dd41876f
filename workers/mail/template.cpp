// template.cpp: see template.h.
#include "workers/mail/template.h"

#include <filesystem>
#include <optional>

#include "media/media_files.h"
#include "reactor/html.h"
#include "reactor/text.h"

namespace jh::workers {

namespace {

bool is_name_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.';
}


std::expected<std::string, std::string> read_template_file(const std::string& path) {
    auto text = media::read_file(path);
    if (!text) return std::unexpected("mail template " + path + " cannot be read");
    return std::move(*text);
}

std::string one_line(std::string s) {
    for (char& c : s)
        if (c == '\r' || c == '\n' || c == '\t') c = ' ';
    return s;
}

// A list value whose entries are a line of text followed by an indented line with its address
// ("• Promoter – Muster GmbH, Berlin\n  https://…/jobs/promoter"), as the alerts worker writes it:
// in HTML each text becomes the link to its address, so a job's title is what one taps (issue 41,
// German list). A line without an address after it stays text.
std::string linked_lines_html(std::string_view value) {
    std::string out;
    std::optional<std::string_view> text;   // the line waiting for its address
    auto flush = [&] {
        if (text) out += html_escape(*text) + "\n";
        text.reset();
    };
    while (!value.empty()) {
        std::size_t eol = value.find('\n');
        std::string_view line = value.substr(0, eol);
        value = eol == std::string_view::npos ? std::string_view{} : value.substr(eol + 1);
        std::string_view address = trim(line);
        bool is_address = line.starts_with("  ") && (address.starts_with("https://") || address.starts_with("http://")) &&
                          address.find_first_of(" \"<>") == std::string_view::npos;
        if (is_address && text) {
            std::string_view bullet = text->starts_with("• ") ? text->substr(0, std::string_view("• ").size()) : std::string_view{};
            out += html_escape(bullet) + "<a href=\"" + html_escape(address) + "\" style=\"color:#0D223F;\">" +
                   html_escape(text->substr(bullet.size())) + "</a>\n";
            text.reset();
            continue;
        }
        flush();
        if (!line.empty()) text = line;
    }
    flush();
    return out;
}

constexpr std::string_view as_links_suffix = ".as_links";

}  // namespace

std::expected<std::string, std::string> render_placeholders(std::string_view tpl, const template_values& values, escape_mode mode) {
    std::string out;
    out.reserve(tpl.size() + 64);
    std::size_t pos = 0;
    while (pos < tpl.size()) {
        std::size_t open = tpl.find("{{", pos);
        if (open == std::string_view::npos) break;
        std::size_t close = tpl.find("}}", open + 2);
        if (close == std::string_view::npos) break;
        std::string_view name = trim(tpl.substr(open + 2, close - open - 2));
        bool valid = !name.empty();
        for (char c : name) valid = valid && is_name_char(c);
        out.append(tpl.substr(pos, open - pos));
        if (!valid) {
            // Not a placeholder (e.g. "{{" in CSS): copied as it is.
            out.append(tpl.substr(open, close + 2 - open));
        } else {
            // {{jobs.as_links}}: the value of jobs, its entries linked in HTML (linked_lines_html).
            const bool as_links = name.ends_with(as_links_suffix);
            if (as_links) name.remove_suffix(as_links_suffix.size());
            auto it = values.find(name);
            if (it == values.end()) return std::unexpected("no value for placeholder {{" + std::string(name) + "}}");
            if (mode != escape_mode::html) out += it->second;
            else out += as_links ? linked_lines_html(it->second) : html_escape(it->second);
        }
        pos = close + 2;
    }
    out.append(tpl.substr(pos));
    return out;
}

std::expected<mail_template, std::string> parse_template(std::string_view txt, std::string_view html) {
    constexpr std::string_view prefix = "Subject:";
    if (!txt.starts_with(prefix)) return std::unexpected("the .txt template must start with a 'Subject:' line");
    std::size_t eol = txt.find('\n');
    if (eol == std::string_view::npos) return std::unexpected("the .txt template has no body");
    mail_template t;
    std::string_view subject = txt.substr(prefix.size(), eol - prefix.size());
    if (subject.ends_with('\r')) subject.remove_suffix(1);
    t.subject = std::string(trim(subject));
    std::string_view body = txt.substr(eol + 1);
    // The empty line between subject and body.
    if (body.starts_with("\r\n")) body.remove_prefix(2);
    else if (body.starts_with('\n')) body.remove_prefix(1);
    t.text = std::string(body);
    t.html = std::string(html);
    if (t.subject.empty()) return std::unexpected("the template's subject is empty");
    return t;
}

std::expected<std::string, std::string> compose_html(std::string_view layout, std::string_view fragment) {
    constexpr std::string_view title_mark = "<!--title-->";
    constexpr std::string_view body_mark = "<!--body-->\n";
    std::size_t eol = fragment.find('\n');
    std::string_view title = fragment.substr(0, eol);
    if (eol == std::string_view::npos || !title.starts_with("<title>") || !title.ends_with("</title>"))
        return std::unexpected("the first line must be the mail's <title>…</title>");
    std::size_t at_title = layout.find(title_mark);
    std::size_t at_body = layout.find(body_mark);
    if (at_title == std::string_view::npos || at_body == std::string_view::npos || at_body < at_title)
        return std::unexpected("layout.html must hold <!--title--> and then a line <!--body-->");
    std::string html;
    html.reserve(layout.size() + fragment.size());
    html.append(layout.substr(0, at_title)).append(title);
    html.append(layout.substr(at_title + title_mark.size(), at_body - at_title - title_mark.size()));
    html.append(fragment.substr(eol + 1)).append(layout.substr(at_body + body_mark.size()));
    return html;
}

std::expected<mail_template, std::string> load_template(const std::string& dir, std::string_view name) {
    bool valid = !name.empty() && name.size() <= 64;
    for (char c : name) valid = valid && ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_');
    if (!valid) return std::unexpected("'" + std::string(name) + "' is not a template name");
    std::filesystem::path base = std::filesystem::path(dir) / std::string(name);
    auto txt = read_template_file(base.string() + ".txt");
    if (!txt) return std::unexpected(txt.error());
    auto fragment = read_template_file(base.string() + ".html");
    if (!fragment) return std::unexpected(fragment.error());
    auto layout = read_template_file((std::filesystem::path(dir) / "layout.html").string());
    if (!layout) return std::unexpected(layout.error());
    auto html = compose_html(*layout, *fragment);
    if (!html) return std::unexpected(base.string() + ".html: " + html.error());
    auto t = parse_template(*txt, *html);
    if (!t) return std::unexpected(base.string() + ".txt: " + t.error());
    return t;
}

std::expected<rendered_mail, std::string> render_mail(const mail_template& t, const template_values& values) {
    rendered_mail m;
    auto subject = render_placeholders(t.subject, values, escape_mode::none);
    if (!subject) return std::unexpected("subject: " + subject.error());
    auto text = render_placeholders(t.text, values, escape_mode::none);
    if (!text) return std::unexpected("text part: " + text.error());
    auto html = render_placeholders(t.html, values, escape_mode::html);
    if (!html) return std::unexpected("HTML part: " + html.error());
    m.subject = one_line(std::move(*subject));
    m.text = std::move(*text);
    m.html = std::move(*html);
    return m;
}

}  // namespace jh::workers
