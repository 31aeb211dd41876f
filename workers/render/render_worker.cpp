// render_worker.cpp: see render_worker.h.
#include "workers/render/render_worker.h"

#include <spdlog/spdlog.h>

#include <atomic>
#include <chrono>
#include <zmq.hpp>
#include <zmq_addon.hpp>

#include "reactor/config.h"
#include "workers/render/documents.h"

namespace jh::render {

int run_render_worker(const config& cfg, bool /*once: answers until stopped*/, const std::atomic<bool>& stop, int stop_fd) {
    try {
        zmq::context_t ctx(1);
        zmq::socket_t rep(ctx, zmq::socket_type::rep);
        rep.set(zmq::sockopt::linger, 0);
        rep.set(zmq::sockopt::tcp_keepalive, 1);
        rep.connect(cfg.zmq_request_endpoint);
        spdlog::info("worker sedcard: rendering PDFs for {}", cfg.zmq_request_endpoint);
        // The stop pipe wakes the poll at once on SIGTERM, so a stop never waits for the timeout.
        zmq::pollitem_t items[] = {{rep.handle(), 0, ZMQ_POLLIN, 0}, {nullptr, stop_fd, ZMQ_POLLIN, 0}};
        auto& item = items[0];
        while (!stop.load()) {
            try {
                zmq::poll(items, 2, std::chrono::milliseconds(500));
            } catch (const zmq::error_t& e) {
                if (e.num() == EINTR) continue;
                throw;
            }
            if (!(item.revents & ZMQ_POLLIN)) continue;
            std::vector<zmq::message_t> frames;
            if (!zmq::recv_multipart(rep, std::back_inserter(frames), zmq::recv_flags::dontwait)) continue;
            std::vector<std::string> reply;
            if (frames.size() < 3) {
                reply = {frames.empty() ? std::string() : frames[0].to_string(), "error", "malformed request"};
            } else {
                std::vector<std::string> attachments;
                for (std::size_t i = 3; i < frames.size(); ++i) attachments.push_back(frames[i].to_string());
                auto started = std::chrono::steady_clock::now();
                auto pdf = render_document(frames[1].to_string_view(), frames[2].to_string_view(), attachments);
                auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started).count();
                if (pdf) {
                    spdlog::debug("worker sedcard: {} rendered in {} ms ({} bytes)", frames[1].to_string_view(), ms, pdf->size());
                    reply = {frames[0].to_string(), "ok", std::move(*pdf)};
                } else {
                    spdlog::warn("worker sedcard: {}", pdf.error());
                    reply = {frames[0].to_string(), "error", pdf.error()};
                }
            }
            std::vector<zmq::const_buffer> out;
            for (const auto& r : reply) out.push_back(zmq::buffer(r));
            (void)zmq::send_multipart(rep, out);
        }
    } catch (const zmq::error_t& e) {
        spdlog::critical("worker sedcard: {}", e.what());
        return 1;
    }
    spdlog::info("worker sedcard: stopped");
    return 0;
}

}  // namespace jh::render
