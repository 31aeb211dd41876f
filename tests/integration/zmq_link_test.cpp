// zmq_link_test.cpp: the zmq_hub and a zmq_link as workers see them: external SUB sockets on the
// hub's real tcp endpoint, with the slow joiner that PUB/SUB implies.
#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>
#include <zmq.hpp>
#include <zmq_addon.hpp>

#include "reactor/zmq_link.h"
#include "tests/support/harness.h"

using namespace std::chrono_literals;
using namespace std::string_literals;
using clock_type = std::chrono::steady_clock;

namespace {

std::string tcp_endpoint() { return "tcp://127.0.0.1:" + std::to_string(jh::test::free_port()); }

// A worker's side: a SUB socket in its own context (as in another process).
struct subscriber {
    zmq::socket_t sock;
    subscriber(zmq::context_t& ctx, const std::string& endpoint, const std::string& topic) : sock(ctx, zmq::socket_type::sub) {
        sock.set(zmq::sockopt::linger, 0);
        sock.set(zmq::sockopt::subscribe, topic);
        sock.connect(endpoint);
    }
    // One [topic, payload] message, or nullopt when none arrives within `timeout`.
    std::optional<std::pair<std::string, std::string>> receive(std::chrono::milliseconds timeout) {
        sock.set(zmq::sockopt::rcvtimeo, static_cast<int>(timeout.count()));
        std::vector<zmq::message_t> parts;
        auto n = zmq::recv_multipart(sock, std::back_inserter(parts));
        if (!n || parts.size() != 2) return std::nullopt;
        return std::pair{parts[0].to_string(), parts[1].to_string()};
    }
};

// Publishes until `sub` gets a message of `topic` (the slow joiner: the subscription reaches the
// hub some time after connect) and returns its payload; nullopt after 5 s.
std::optional<std::string> publish_until_received(jh::zmq_link& link, subscriber& sub, const std::string& topic, const std::string& payload) {
    auto until = clock_type::now() + 5s;
    while (clock_type::now() < until) {
        EXPECT_TRUE(link.publish(topic, payload));
        if (auto m = sub.receive(50ms)) {
            if (m->first == topic) return m->second;
        }
    }
    return std::nullopt;
}

TEST(ZmqLink, PublishedMessageReachesASubscriberOfItsTopic) {
    const std::string endpoint = tcp_endpoint();
    jh::zmq_hub hub(endpoint);
    ASSERT_EQ(hub.start(), "");
    zmq::context_t worker_ctx(1);
    subscriber mail(worker_ctx, endpoint, "mail");
    {
        jh::zmq_link link(hub);
        const std::string payload = "{\"job\":42,\"betreff\":\"Bestätigung für Jürgen\"}\0binär"s;
        auto got = publish_until_received(link, mail, "mail", payload);
        ASSERT_TRUE(got) << "no message reached the subscriber within 5 s";
        EXPECT_EQ(*got, payload);
    }
    hub.stop();
}

TEST(ZmqLink, SubscriberOfAnotherTopicDoesNotReceiveIt) {
    const std::string endpoint = tcp_endpoint();
    jh::zmq_hub hub(endpoint);
    ASSERT_EQ(hub.start(), "");
    zmq::context_t worker_ctx(1);
    subscriber mail(worker_ctx, endpoint, "mail");
    subscriber alerts(worker_ctx, endpoint, "alerts");
    {
        jh::zmq_link link(hub);
        // Both subscriptions have arrived once each receives its own topic.
        ASSERT_TRUE(publish_until_received(link, mail, "mail", "probe"));
        ASSERT_TRUE(publish_until_received(link, alerts, "alerts", "probe"));
        while (mail.receive(20ms)) {
        }
        while (alerts.receive(20ms)) {
        }
        // Order is kept from one publisher to one subscriber: if "alerts" saw any of the mails
        // they would arrive before the marker.
        for (int i = 0; i < 20; ++i) ASSERT_TRUE(link.publish("mail", "mail " + std::to_string(i)));
        ASSERT_TRUE(link.publish("alerts", "marker"));
        auto first = alerts.receive(2s);
        ASSERT_TRUE(first);
        EXPECT_EQ(first->first, "alerts");
        EXPECT_EQ(first->second, "marker");
        EXPECT_FALSE(alerts.receive(200ms)) << "alerts got more than its own message";
        int mails = 0;
        while (auto m = mail.receive(200ms)) {
            EXPECT_EQ(m->first, "mail");
            ++mails;
        }
        EXPECT_EQ(mails, 20);
    }
    hub.stop();
}

TEST(ZmqHub, StopIsPromptWithConnectedPeers) {
    const std::string endpoint = tcp_endpoint();
    auto hub = std::make_unique<jh::zmq_hub>(endpoint);
    ASSERT_EQ(hub->start(), "");
    zmq::context_t worker_ctx(1);
    std::vector<std::unique_ptr<subscriber>> peers;
    for (const char* topic : {"mail", "alerts", "sedcard", "webhooks"})
        peers.push_back(std::make_unique<subscriber>(worker_ctx, endpoint, topic));
    auto link = std::make_unique<jh::zmq_link>(*hub);
    ASSERT_TRUE(publish_until_received(*link, *peers[0], "mail", "x"));
    // Fill the subscribers' queues, so stop() has unsent messages to ignore (linger 0).
    for (int i = 0; i < 5000; ++i) (void)link->publish("webhooks", std::string(512, 'w'));

    auto t0 = clock_type::now();
    hub->stop();
    auto stop_took = clock_type::now() - t0;
    EXPECT_LT(stop_took, 1s);
    // libzmq hands the context's stop to a socket on its next processing of commands, which it
    // throttles; so the first send may still pass. It must fail promptly, not queue forever.
    bool refused = false;
    for (int i = 0; i < 100 && !refused; ++i) {
        refused = !link->publish("mail", "after stop");
        if (!refused) std::this_thread::sleep_for(10ms);
    }
    EXPECT_TRUE(refused) << "publish after stop must fail within a second, not queue to no one";

    // The destructor waits for the links' sockets; with them gone it is prompt too.
    link.reset();
    t0 = clock_type::now();
    hub.reset();
    EXPECT_LT(clock_type::now() - t0, 1s);
}

TEST(ZmqHub, DestructorStopsTheForwarder) {
    const std::string endpoint = tcp_endpoint();
    auto t0 = clock_type::now();
    {
        jh::zmq_hub hub(endpoint);
        ASSERT_EQ(hub.start(), "");
        zmq::context_t worker_ctx(1);
        subscriber mail(worker_ctx, endpoint, "mail");
        jh::zmq_link link(hub);
        ASSERT_TRUE(publish_until_received(link, mail, "mail", "x"));
    }   // link, then hub (no stop() call): the forwarding thread must end
    EXPECT_LT(clock_type::now() - t0, 6s);
}

TEST(ZmqHub, StartReportsAnEndpointInUse) {
    const std::string endpoint = tcp_endpoint();
    jh::zmq_hub first(endpoint);
    ASSERT_EQ(first.start(), "");
    jh::zmq_hub second(endpoint);
    std::string err = second.start();
    EXPECT_NE(err, "");
    EXPECT_NE(err.find(endpoint), std::string::npos) << err;
    jh::zmq_hub bad("tcp://nicht-gültig");
    EXPECT_NE(bad.start(), "");
}

}  // namespace
