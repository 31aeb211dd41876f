// provider_webhook.h: what the server and the `provider_webhooks` worker agree on about a
// provider's webhook (issue 44 item 6; docs/reach.md, "Webhooks"): the queue job, which endpoint
// addresses are allowed, and the Standard Webhooks signature.
//
// The job: {"delivery": <organization_webhook_deliveries.id>}. The row holds the message id, the
// exact payload bytes and the endpoint; the worker reads them when it sends (migrations/0387).
//
// Addresses: https only, no credentials in the address, a host name with a dot or a public IP
// literal. The server refuses a literal private address at creation (422); the worker resolves the
// name itself and refuses any private, loopback, link-local, multicast, CGNAT, unique-local or
// reserved address it gets (v4, v6 and v4-mapped v6), then pins the address it checked. With
// `allow_loopback` (webhook.allow_loopback_targets, tests only) http://127.0.0.1 and loopback pass.
#pragma once

#include <cstdint>
#include <expected>
#include <string>
#include <string_view>

namespace jh::messages {

struct provider_webhook_job {
    std::int64_t delivery = 0;
};
std::string to_json(const provider_webhook_job& j);
std::expected<provider_webhook_job, std::string> parse_provider_webhook_job(std::string_view json);

// An endpoint address taken apart. `host` without brackets; `port` the explicit or the scheme's.
struct webhook_url {
    bool https = true;
    std::string host;
    int port = 443;
    bool literal_ip = false;
};

// Why an address is not taken: the German message the portal shows under the field.
enum class webhook_url_problem { missing, too_long, form, not_https, credentials, not_public };
std::string_view message_of(webhook_url_problem p);

inline constexpr std::size_t webhook_url_max_chars = 2000;

// The rules above, without any lookup (a name is checked by the worker after resolving it).
std::expected<webhook_url, webhook_url_problem> parse_webhook_url(std::string_view url, bool allow_loopback);

// Whether a numeric address (IPv4 dotted or IPv6 text) may be sent to: public unicast only.
// Loopback passes when `allow_loopback`. Text that is no address is not public.
bool public_address(std::string_view ip, bool allow_loopback);

// The Standard Webhooks signature header value for one attempt: "v1," + base64 of
// HMAC-SHA256(secret bytes, id + "." + timestamp + "." + body), where the secret bytes are the
// base64-decoded part after "whsec_". An error for a secret not of that form.
std::expected<std::string, std::string> standard_webhook_signature(std::string_view secret, std::string_view message_id,
                                                                   std::int64_t timestamp, std::string_view body);

}  // namespace jh::messages
