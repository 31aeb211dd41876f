// template.h: the mail templates in workers/mail/templates/ and their tiny {{placeholder}} renderer.
//
// A mail NAME is two files: NAME.txt (a "Subject: ..." line, an empty line, the plain-text body)
// and NAME.html (the HTML body). {{name}} (spaces inside the braces allowed) is replaced by a
// value; in the HTML part the value is HTML-escaped, so a candidate called "<b>Ärger & Co</b>"
// stays text. A placeholder without a value is an error (the job is dead), never a mail that
// shows "{{first_name}}" to a person.
#pragma once

#include <expected>
#include <functional>
#include <map>
#include <string>
#include <string_view>

namespace jh::workers {

struct mail_template {
    std::string subject;
    std::string text;
    std::string html;
};

struct rendered_mail {
    std::string subject;
    std::string text;
    std::string html;
};

using template_values = std::map<std::string, std::string, std::less<>>;

enum class escape_mode { none, html };


// Replaces every {{name}} in `tpl`; an unknown name is an error naming it. In HTML,
// {{name.as_links}} makes each "text\n  https://address" entry of the value a link.
std::expected<std::string, std::string> render_placeholders(std::string_view tpl, const template_values& values, escape_mode mode);

// Splits the .txt form into subject and body; `html` is the .html file.
std::expected<mail_template, std::string> parse_template(std::string_view txt, std::string_view html);

// The whole HTML document of a mail: the shared frame `layout` (templates/layout.html: the head,
// the page's colours and the white card) around `fragment` (a template's NAME.html), whose first
// line is the mail's <title> and whose other lines are the card's content. One frame for every
// mail, so a change of the look is made once.
std::expected<std::string, std::string> compose_html(std::string_view layout, std::string_view fragment);

// Reads NAME.txt and NAME.html from `dir` and puts the HTML into `dir`/layout.html. Names are [a-z0-9_]+ (no paths).
std::expected<mail_template, std::string> load_template(const std::string& dir, std::string_view name);

// Renders subject, text and HTML. Line breaks in values are flattened to spaces in the subject
// (a header must stay one line).
std::expected<rendered_mail, std::string> render_mail(const mail_template& t, const template_values& values);

}  // namespace jh::workers
