// Unit tests of request helpers: percent decoding, query parameters, Accept-Encoding, gzip.
#include <gtest/gtest.h>
#include <zlib.h>

#include "reactor/compress.h"
#include "reactor/http_message.h"

namespace jh {
namespace {

TEST(PercentDecode, DecodesEscapesAndPlus) {
    std::string out;
    ASSERT_TRUE(percent_decode("M%C3%BCnchen+Mitte", out, true));
    EXPECT_EQ(out, "München Mitte");
    ASSERT_TRUE(percent_decode("a+b", out, false));
    EXPECT_EQ(out, "a+b");
}

TEST(PercentDecode, RefusesBadEscapesAndNul) {
    std::string out;
    EXPECT_FALSE(percent_decode("%", out, false));
    EXPECT_FALSE(percent_decode("%4", out, false));
    EXPECT_FALSE(percent_decode("%zz", out, false));
    EXPECT_FALSE(percent_decode("a%00b", out, false));
}

TEST(Query, FindsParametersAndRepeatedOnes) {
    http_request req;
    req.target = "/api/job_postings?isPublished=1&id%5B%5D=3&id[]=4&q=Promotion+Hamburg&empty=";
    req.query = std::string_view(req.target).substr(req.target.find('?') + 1);
    EXPECT_EQ(req.query_param("isPublished"), "1");
    EXPECT_EQ(req.query_param("q"), "Promotion Hamburg");
    EXPECT_EQ(req.query_param("empty"), "");
    EXPECT_FALSE(req.query_param("missing").has_value());
    auto ids = req.query_params("id[]");
    ASSERT_EQ(ids.size(), 2u);
    EXPECT_EQ(ids[0], "3");
    EXPECT_EQ(ids[1], "4");
}

TEST(AcceptEncoding, HonoursTokensAndZeroQuality) {
    EXPECT_TRUE(accepts_encoding("gzip, deflate, br", "gzip"));
    EXPECT_TRUE(accepts_encoding("gzip, deflate, br", "br"));
    EXPECT_FALSE(accepts_encoding("deflate", "gzip"));
    EXPECT_FALSE(accepts_encoding("gzip;q=0, br", "gzip"));
    EXPECT_TRUE(accepts_encoding("*", "gzip"));
    EXPECT_FALSE(accepts_encoding("", "gzip"));
}

TEST(Gzip, RoundTrips) {
    std::string text;
    for (int i = 0; i < 200; ++i) text += "Promotionjobs in München und Köln; ";
    auto gz = gzip_compress(text);
    ASSERT_TRUE(gz.has_value());
    EXPECT_LT(gz->size(), text.size() / 4);
    z_stream zs{};
    inflateInit2(&zs, 15 + 16);
    std::string back(text.size(), '\0');
    zs.next_in = reinterpret_cast<Bytef*>(gz->data());
    zs.avail_in = static_cast<uInt>(gz->size());
    zs.next_out = reinterpret_cast<Bytef*>(back.data());
    zs.avail_out = static_cast<uInt>(back.size());
    EXPECT_EQ(inflate(&zs, Z_FINISH), Z_STREAM_END);
    inflateEnd(&zs);
    EXPECT_EQ(back, text);
}

}  // namespace
}  // namespace jh
