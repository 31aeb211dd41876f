// Unit tests of the OpenAPI document written from a route table (reactor/openapi.h): each route's
// path parameters, its security as its policy declares (public, optional credentials, an account,
// an API key with its scope), its body and its operation id; routes outside /api/ and /feeds/ are
// left out. The whole server's document is validated by web/e2e/api-keys.test.mjs.
#include <gtest/gtest.h>
#include <simdjson.h>

#include "reactor/openapi.h"
#include "reactor/router.h"

namespace jh {
namespace {

task<http_response> openapi_test_handler(request_context&) { co_return http_response::json(200, "{}"); }

constexpr key_scope openapi_test_scope{.name = "things:read", .bit = 1};

std::string document_of_test_table() {
    router r;
    r.add(http_method::get, "/api/things/{id}", public_read, openapi_test_handler);
    r.add(http_method::get, "/api/orgs/{id}/things/{thing}",
          without_body(access::account, cache_kind::private_no_store).accepting_key(openapi_test_scope), openapi_test_handler);
    r.add(http_method::post, "/api/orgs/{id}/things", json_body(access::account, cache_kind::no_store, 1024), openapi_test_handler);
    r.add(http_method::get, "/api/maybe", without_body(access::anyone_or_account, cache_kind::no_store), openapi_test_handler);
    r.add(http_method::get, "/metrics", public_read, openapi_test_handler);
    return openapi_document(r, {.title = "Test", .version = "1", .description = "Prüfung"});
}

TEST(OpenApi, WritesEachRoutesParametersSecurityAndBody) {
    std::string text = document_of_test_table();
    simdjson::dom::parser parser;
    simdjson::dom::element doc;
    ASSERT_EQ(parser.parse(text).get(doc), simdjson::SUCCESS) << text;
    EXPECT_EQ(std::string_view(doc["openapi"]), "3.1.0");
    simdjson::dom::object paths = doc["paths"];
    EXPECT_EQ(paths.size(), 4u) << "only /api/ and /feeds/ routes";

    // Public: no credentials read.
    simdjson::dom::array open = doc.at_pointer("/paths/~1api~1things~1{id}/get/security");
    EXPECT_EQ(open.size(), 0u);
    EXPECT_EQ(std::string_view(doc.at_pointer("/paths/~1api~1things~1{id}/parameters/0/name")), "id");
    EXPECT_EQ(std::string_view(doc.at_pointer("/paths/~1api~1things~1{id}/parameters/0/in")), "path");

    // An account, or a key with the route's scope.
    auto keyed = doc.at_pointer("/paths/~1api~1orgs~1{id}~1things~1{thing}/get");
    EXPECT_EQ(simdjson::minify(keyed["security"]),
              R"([{"sessionCookie":[]},{"sessionToken":[]},{"providerApiKey":["things:read"]}])");
    EXPECT_EQ(std::string_view(keyed["x-jobhafen-key-scope"]), "things:read");
    EXPECT_EQ(std::string_view(keyed["operationId"]), "get_api_orgs_id_things_thing");
    EXPECT_EQ(simdjson::minify(doc.at_pointer("/paths/~1api~1orgs~1{id}~1things~1{thing}/parameters")),
              R"([{"name":"id","in":"path","required":true,"schema":{"type":"string"}},{"name":"thing","in":"path","required":true,"schema":{"type":"string"}}])");

    // No key scope: no key scheme; a JSON body is required.
    auto post = doc.at_pointer("/paths/~1api~1orgs~1{id}~1things/post");
    EXPECT_EQ(simdjson::minify(post["security"]), R"([{"sessionCookie":[]},{"sessionToken":[]}])");
    EXPECT_EQ(bool(post.at_pointer("/requestBody/required")), true);
    EXPECT_EQ(std::string_view(post.at_pointer("/requestBody/content/application~1json/schema/type")), "object");

    // Optional credentials: the empty requirement first.
    EXPECT_EQ(simdjson::minify(doc.at_pointer("/paths/~1api~1maybe/get/security")), R"([{},{"sessionCookie":[]},{"sessionToken":[]}])");
    EXPECT_EQ(std::string_view(doc.at_pointer("/components/securitySchemes/providerApiKey/scheme")), "bearer");
}

}  // namespace
}  // namespace jh
