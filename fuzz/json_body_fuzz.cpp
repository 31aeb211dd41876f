// json_body_fuzz.cpp: the JSON body reader every route family starts with (reactor/json_body.h)
// and the writer every JSON answer goes through (reactor/json_writer.h).
//
// The input is a request body. parse_json_body / parse_json_object must refuse it with a
// bad_request error (a 422 with violations for a string that cannot be stored) or hand back a document; a document is then written out again with
// json_writer, which must produce JSON that parses again to the same strings, numbers and shape
// (so an answer that echoes what a user sent, e.g. a 422's property path, is always valid JSON).
// The field readers of the individual routes run behind the HTTP front (http_front_fuzz.cpp).
#include <cstdlib>
#include <string>

#include "fuzz/fuzz_support.h"
#include "reactor/json_body.h"
#include "reactor/json_writer.h"

namespace {

using simdjson::dom::element;
using simdjson::dom::element_type;

void check(bool ok) {
    if (!ok) std::abort();
}

void write(jh::json_writer& w, element e) {
    switch (e.type()) {
        case element_type::OBJECT: {
            w.begin_object();
            simdjson::dom::object o = e.get_object().value_unsafe();   // a named copy: range-for over a
            for (auto [k, v] : o) {                                    // temporary result would dangle
                w.key(k);
                write(w, v);
            }
            w.end_object();
            break;
        }
        case element_type::ARRAY: {
            w.begin_array();
            simdjson::dom::array a = e.get_array().value_unsafe();
            for (element v : a) write(w, v);
            w.end_array();
            break;
        }
        case element_type::STRING: w.value(std::string_view(e.get_string().value_unsafe())); break;
        case element_type::INT64: w.value(e.get_int64().value_unsafe()); break;
        case element_type::UINT64: w.value(static_cast<double>(e.get_uint64().value_unsafe())); break;
        case element_type::DOUBLE: w.value(e.get_double().value_unsafe()); break;
        case element_type::BOOL: w.value(e.get_bool().value_unsafe()); break;
        case element_type::NULL_VALUE: w.null(); break;
    }
}

// The same shape, strings, integers and booleans (doubles may change spelling: 1.0 → 1).
void same(element a, element b) {
    if (a.type() == element_type::OBJECT) {
        check(b.type() == element_type::OBJECT);
        auto oa = a.get_object().value_unsafe();
        auto ob = b.get_object().value_unsafe();
        check(oa.size() == ob.size());
        auto ib = ob.begin();
        for (auto [k, v] : oa) {
            check(ib != ob.end() && k == ib.key());
            same(v, ib.value());
            ++ib;
        }
    } else if (a.type() == element_type::ARRAY) {
        check(b.type() == element_type::ARRAY);
        auto aa = a.get_array().value_unsafe();
        auto ab = b.get_array().value_unsafe();
        check(aa.size() == ab.size());
        auto ib = ab.begin();
        for (element v : aa) {
            same(v, *ib);
            ++ib;
        }
    } else if (a.type() == element_type::STRING) {
        check(b.type() == element_type::STRING && a.get_string().value_unsafe() == b.get_string().value_unsafe());
    } else if (a.type() == element_type::INT64) {
        check(b.type() == element_type::INT64 && a.get_int64().value_unsafe() == b.get_int64().value_unsafe());
    } else if (a.type() == element_type::BOOL) {
        check(b.type() == element_type::BOOL && a.get_bool().value_unsafe() == b.get_bool().value_unsafe());
    } else if (a.type() == element_type::NULL_VALUE) {
        check(b.type() == element_type::NULL_VALUE);
    }
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    jh::fuzz::quiet_logging();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    jh::http_request req;
    req.method = jh::http_method::post;
    req.body.assign(jh::fuzz::as_text(data, size));

    simdjson::dom::parser parser;
    auto root = jh::parse_json_body(req, parser);
    if (!root) {
        // 400 for what is no JSON (or not what a body must be); 422 per field for a string the
        // server cannot store (over-long, or holding a NUL character), with the field's path.
        const jh::app_error& e = root.error();
        check((e.kind == jh::error_kind::bad_request && !e.message.empty()) ||
              (e.kind == jh::error_kind::validation && !e.violations.empty()));
        return 0;
    }
    std::string out;
    jh::json_writer w(out);
    write(w, *root);

    simdjson::dom::parser again;
    element back;
    check(again.parse(out).get(back) == simdjson::SUCCESS);
    same(*root, back);

    simdjson::dom::parser third;
    auto obj = jh::parse_json_object(req, third);
    check(obj.has_value() == (root->type() == element_type::OBJECT));
    return 0;
}
