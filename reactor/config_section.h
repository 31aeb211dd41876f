// config_section.h: a settings section that a domain declares in its own folder and app/ registers,
// so the reactor's configuration knows no domain (docs/decisions.md, "Each domain owns its settings
// section").
//
// A domain writes a plain struct with its defaults (billing_settings) and one table of key rows,
// each with the key's full name ("billing.timeout_ms"), the struct's field and, for numbers, its
// bounds — the same kind of row as the reactor's own table in config.cpp. make_config_section turns
// that into a config_section; app/ hands every section to load_config, which checks each key of the
// merged configuration against the reactor's rows and the sections' rows, so an unknown key still
// stops the start. The loaded values live in config::sections, one per settings type, and are read
// with section<billing_settings>(cfg) (reactor/config.h).
#pragma once

#include <any>
#include <cstdint>
#include <expected>
#include <functional>
#include <string>
#include <typeindex>
#include <utility>
#include <variant>
#include <vector>

namespace jh {

// Where one key's value is written: a field of the reactor's config or of a section's struct.
using setting_target = std::variant<int*, std::int64_t*, bool*, std::string*, std::vector<std::string>*>;

// One key of a table whose fields live in S. Numbers are checked against [min, max].
template <class S>
struct setting_row {
    const char* key;
    std::variant<int S::*, std::int64_t S::*, bool S::*, std::string S::*, std::vector<std::string> S::*> field;
    std::int64_t min = 0;
    std::int64_t max = 0;

    setting_target target(S& values) const {
        return std::visit([&](auto member) -> setting_target { return &(values.*member); }, field);
    }
};

// A section as the loader sees it, with its struct's type erased (std::any), so reactor/ can load
// a struct it has never heard of.
struct config_section {
    struct key {
        std::string name;
        std::int64_t min = 0;
        std::int64_t max = 0;
        std::function<setting_target(std::any& values)> target;
    };
    std::type_index type = typeid(void);
    std::any defaults;   // the struct as its author initialised it
    std::vector<key> keys;
    // What the rows cannot say (a list whose items have bounds): checked once every layer is
    // applied; the error names the key. Empty: nothing to check.
    std::function<std::expected<void, std::string>(const std::any& values)> check;
};

// A domain's section from its rows (and a check of the whole loaded struct, if it needs one).
template <class S>
config_section make_config_section(std::vector<setting_row<S>> rows,
                                   std::function<std::expected<void, std::string>(const S&)> check = {}) {
    config_section section;
    section.type = typeid(S);
    section.defaults = S{};
    for (const auto& row : rows)
        section.keys.push_back({row.key, row.min, row.max,
                                [row](std::any& values) { return row.target(*std::any_cast<S>(&values)); }});
    if (check) section.check = [check](const std::any& values) { return check(*std::any_cast<S>(&values)); };
    return section;
}

// The loaded values of the registered sections, one per settings type. A handful of sections, so a
// short list searched by type is as quick as a map; actors that read a section on every request
// keep a reference from their constructor.
class section_values {
public:
    template <class S>
    const S* find() const {
        for (const auto& [type, values] : values_)
            if (type == typeid(S)) return std::any_cast<S>(&values);
        return nullptr;
    }

    // The section's values for changing them (tests set fields directly); S{} when none yet.
    template <class S>
    S& edit() {
        return *std::any_cast<S>(&slot(typeid(S), std::any(S{})));
    }

    // The loader's way in: the type-erased values of `type`, added from `defaults` when absent.
    // The reference holds until the next section is added.
    std::any& slot(std::type_index type, const std::any& defaults) {
        for (auto& [t, values] : values_)
            if (t == type) return values;
        values_.emplace_back(type, defaults);
        return values_.back().second;
    }

private:
    std::vector<std::pair<std::type_index, std::any>> values_;
};

}  // namespace jh
