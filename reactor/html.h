// html.h: escaping text for HTML, shared by everything that writes HTML by hand (page heads in
// actors/content, mails in workers/mail).
#pragma once

#include <string>
#include <string_view>

namespace jh {

// Text or an attribute value made safe for HTML: & < > " ' become entities, everything else
// (UTF-8 included) is copied as it is.
std::string html_escape(std::string_view s);

}  // namespace jh
