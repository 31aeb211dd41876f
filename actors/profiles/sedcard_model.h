// sedcard_model.h: the sedcard as the render worker draws it: German labels and values, sections
// that have content only (an empty section is left out), and nothing private (bank, tax and
// health insurance data never go on the card). Pure: unit-tested in tests/unit/sedcard_model_test.cpp.
#pragma once

#include <simdjson.h>

#include <map>
#include <string>
#include <string_view>

namespace jh::profiles {

// Names of reference codes: "l:de" → "Deutsch", "c:at" → "Österreich", "a:promotion" → "Promotion",
// "i:messebau" → "Messebau". A code without a name is shown as it is.
using reference_names = std::map<std::string, std::string, std::less<>>;

// The JSON model of workers/render/documents.h for `profile` (the sedcard document with names);
// `today` is YYYY-MM-DD (for the age).
std::string sedcard_model(simdjson::dom::object profile, const reference_names& names, std::string_view today);

// "Jana Müller" → "sedcard-jana-mueller.pdf".
std::string sedcard_file_name(std::string_view first, std::string_view last);

}  // namespace jh::profiles
