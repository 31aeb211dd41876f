// sedcard_fixture.h: what the sedcard integration tests share: a stack (database, Redis,
// `jobhafen serve` with its own JOBHAFEN_VAR_DIR, optionally the media and sedcard workers),
// candidates with tokens and profile ids, multipart bodies, and test images made with libvips.
#pragma once

#include <gtest/gtest.h>
#include <vips/vips8>

#include <filesystem>
#include <fstream>

#include "tests/integration/accounts_fixture.h"

namespace jh::test::sedcard_fixture {

using namespace accounts_fixture;

struct candidate {
    std::string account_id, token, profile_id;
};

struct sedcard_stack {
    stack s;
    std::string var_dir;
    std::unique_ptr<server_process> media_worker;
    std::unique_ptr<server_process> sedcard_worker;
    std::string request_endpoint;

    void start(const std::string& name) {
        var_dir = make_temp_dir("sedcard-var");
        request_endpoint = "tcp://127.0.0.1:" + std::to_string(free_port());
        s.start(name, false, {{"JOBHAFEN_VAR_DIR", var_dir}, {"JOBHAFEN_ZMQ_REQUEST_ENDPOINT", request_endpoint}});
    }
    std::map<std::string, std::string> worker_env() const {
        return {{"JOBHAFEN_DATABASE_URL", s.db->url()},      {"JOBHAFEN_ZMQ_PUBLISH_ENDPOINT", s.zmq_publish},
                {"JOBHAFEN_ZMQ_REQUEST_ENDPOINT", request_endpoint}, {"JOBHAFEN_VAR_DIR", var_dir},
                {"JOBHAFEN_QUEUE_POLL_INTERVAL_MS", "200"}};
    }
    void start_media_worker() { media_worker = std::make_unique<server_process>(worker_env(), std::vector<std::string>{"worker", "media"}); }
    void start_sedcard_worker() {
        sedcard_worker = std::make_unique<server_process>(worker_env(), std::vector<std::string>{"worker", "sedcard"});
    }
    ~sedcard_stack() {
        sedcard_worker.reset();
        media_worker.reset();
        s.stop();
        std::error_code ec;
        if (!var_dir.empty()) std::filesystem::remove_all(var_dir, ec);
    }
    int port() const { return s.port; }

    candidate make_candidate(const std::string& email) {
        auto [id, token] = register_candidate(s.port, email);
        auto me = call(s.port, "GET", "/api/candidate_accounts/me", {}, bearer(token));
        return {id, token, field(me.body, "/candidateProfile/id")};
    }
    std::vector<std::string> media_files() const {
        std::vector<std::string> out;
        std::error_code ec;
        for (auto& e : std::filesystem::directory_iterator(var_dir + "/media/profiles", ec)) out.push_back(e.path().filename().string());
        return out;
    }
};

// ---- multipart ----------------------------------------------------------------------------------

inline constexpr const char* boundary = "----jobhafen-test-boundary-7MA4YWxk";

struct part {
    std::string name, value, filename, content_type;
};

inline std::string multipart(const std::vector<part>& parts) {
    std::string b;
    for (const auto& p : parts) {
        b += std::string("--") + boundary + "\r\nContent-Disposition: form-data; name=\"" + p.name + "\"";
        if (!p.filename.empty()) b += "; filename=\"" + p.filename + "\"";
        b += "\r\n";
        if (!p.content_type.empty()) b += "Content-Type: " + p.content_type + "\r\n";
        b += "\r\n" + p.value + "\r\n";
    }
    b += std::string("--") + boundary + "--\r\n";
    return b;
}

inline http_reply upload(int port, const std::string& target, const std::string& token, const std::vector<part>& parts,
                         std::string_view method = "POST") {
    std::string headers = bearer(token) + "Content-Type: multipart/form-data; boundary=" + boundary + "\r\n";
    return http_request(port, method, target, multipart(parts), headers);
}

// ---- images -------------------------------------------------------------------------------------

inline void init_vips() {
    static bool done = [] { return VIPS_INIT("jobhafen-tests") == 0; }();
    ASSERT_TRUE(done);
}

// A colourful test picture (so a JPEG has real content), w × h.
inline vips::VImage picture(int w, int h) {
    vips::VImage x = vips::VImage::xyz(w, h);
    vips::VImage r = (x[0] * 255 / w), g = (x[1] * 255 / h);
    return r.bandjoin(g).bandjoin(vips::VImage::black(w, h) + 128).cast(VIPS_FORMAT_UCHAR).copy(
        vips::VImage::option()->set("interpretation", VIPS_INTERPRETATION_sRGB));
}

inline std::string save_buffer(const vips::VImage& img, const char* suffix) {
    void* buf = nullptr;
    size_t len = 0;
    img.write_to_buffer(suffix, &buf, &len);
    std::string out(static_cast<const char*>(buf), len);
    g_free(buf);
    return out;
}

// A JPEG with an EXIF segment holding a GPS position (GPSLatitudeRef N, GPSLatitude 52° 31′ 0″),
// written by hand as APP1 right after the start-of-image marker.
inline std::string jpeg_with_gps(int w, int h) {
    std::string jpeg = save_buffer(picture(w, h), ".jpg[strip]");
    auto u16 = [](std::string& s, unsigned v) { s += char(v >> 8), s += char(v & 0xFF); };
    auto u32 = [](std::string& s, unsigned v) { s += char(v >> 24), s += char((v >> 16) & 0xFF), s += char((v >> 8) & 0xFF), s += char(v & 0xFF); };
    std::string tiff = "MM";
    u16(tiff, 42);
    u32(tiff, 8);
    u16(tiff, 1);                                   // IFD0: one entry
    u16(tiff, 0x8825), u16(tiff, 4), u32(tiff, 1), u32(tiff, 26);   // GPSInfo → offset 26
    u32(tiff, 0);
    u16(tiff, 2);                                   // GPS IFD: two entries
    u16(tiff, 0x0001), u16(tiff, 2), u32(tiff, 2), tiff += std::string("N\0\0\0", 4);
    u16(tiff, 0x0002), u16(tiff, 5), u32(tiff, 3), u32(tiff, 56);
    u32(tiff, 0);
    for (unsigned v : {52u, 1u, 31u, 1u, 0u, 1u}) u32(tiff, v);
    std::string payload = std::string("Exif\0\0", 6) + tiff;
    std::string app1 = "\xFF\xE1";
    u16(app1, static_cast<unsigned>(payload.size() + 2));
    return jpeg.substr(0, 2) + app1 + payload + jpeg.substr(2);
}

}  // namespace jh::test::sedcard_fixture
