// body_stream.cpp: see body_stream.h.
#include "reactor/body_stream.h"

#include <zlib.h>

#include <cstdio>

namespace jh {

namespace {

class gzip_body final : public body_stream {
public:
    explicit gzip_body(std::shared_ptr<body_stream> inner) : inner_(std::move(inner)) {
        ok_ = deflateInit2(&zs_, 4, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) == Z_OK;
    }
    ~gzip_body() override {
        if (ok_) deflateEnd(&zs_);
    }
    gzip_body(const gzip_body&) = delete;
    gzip_body& operator=(const gzip_body&) = delete;

    task<result<bool>> next(std::string& out) override {
        if (!ok_) co_return std::unexpected(app_error::make(error_kind::internal, "gzip could not start"));
        plain_.clear();
        auto more = co_await inner_->next(plain_);
        if (!more) co_return std::unexpected(more.error());
        if (!deflate_into(out, *more ? Z_NO_FLUSH : Z_FINISH))
            co_return std::unexpected(app_error::make(error_kind::internal, "gzip failed"));
        co_return *more;
    }

private:
    // Deflates plain_ into `out`; with Z_FINISH until the stream's end is written.
    bool deflate_into(std::string& out, int flush) {
        zs_.next_in = reinterpret_cast<Bytef*>(plain_.data());
        zs_.avail_in = static_cast<uInt>(plain_.size());
        char buf[16384];
        for (;;) {
            zs_.next_out = reinterpret_cast<Bytef*>(buf);
            zs_.avail_out = sizeof buf;
            int r = deflate(&zs_, flush);
            if (r == Z_STREAM_ERROR) return false;
            out.append(buf, sizeof buf - zs_.avail_out);
            if (flush == Z_FINISH ? r == Z_STREAM_END : (zs_.avail_in == 0 && zs_.avail_out != 0)) return true;
        }
    }

    std::shared_ptr<body_stream> inner_;
    z_stream zs_{};
    bool ok_ = false;
    std::string plain_;
};

}  // namespace

std::shared_ptr<body_stream> gzip_stream(std::shared_ptr<body_stream> inner) { return std::make_shared<gzip_body>(std::move(inner)); }

void append_chunk(std::string& out, std::string_view s) {
    char size[20];
    int n = std::snprintf(size, sizeof size, "%zx\r\n", s.size());
    out.append(size, static_cast<std::size_t>(n));
    out.append(s);
    out.append("\r\n");
}

}  // namespace jh
