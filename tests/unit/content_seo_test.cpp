// Unit tests of page heads, JSON-LD, sitemaps and image options (actors/content/seo.h, media/ipx.h).
#include <gtest/gtest.h>
#include <simdjson.h>

#include <vips/vips8>

#include <filesystem>
#include <fstream>

#include "media/ipx.h"
#include "actors/content/seo.h"
#include "reactor/page_head.h"

namespace jh::content {
namespace {

TEST(ContentSeo, HeadEscapesAndNamesTheProduct) {
    head_data h;
    h.title = "Promoter \"Sommer\" <Aktion> & mehr";
    h.description = "Beschreibung";
    h.canonical = "https://www.jobhafen.example/jobs/x";
    h.noindex = true;
    std::string html = render_head(h);
    EXPECT_NE(html.find("<title>Promoter &quot;Sommer&quot; &lt;Aktion&gt; &amp; mehr | Jobhafen</title>"), std::string::npos) << html;
    EXPECT_NE(html.find("<meta name=\"robots\" content=\"noindex\">"), std::string::npos);
    EXPECT_NE(html.find("<link rel=\"canonical\" href=\"https://www.jobhafen.example/jobs/x\">"), std::string::npos);
    EXPECT_NE(html.find("<meta property=\"og:locale\" content=\"de_DE\">"), std::string::npos);
    head_data empty;
    EXPECT_NE(render_head(empty).find("<title>Promotionjobs, Messejobs und Eventjobs | Jobhafen</title>"), std::string::npos);
}

TEST(ContentSeo, JsonLdCannotCloseTheScriptElement) {
    head_data h;
    h.json_ld.push_back(R"({"description":"</script><script>alert(1)</script>"})");
    std::string html = render_head(h);
    EXPECT_EQ(html.find("</script><script>"), std::string::npos);
    EXPECT_NE(html.find("\\u003c/script>"), std::string::npos);
}

TEST(ContentSeo, InitialDataIsOneScriptOfPairsThatCannotCloseIt) {
    head_data h;
    h.initial_data.emplace_back(R"(["content","page","home",{}])", R"({"title":"</script><b>"})");
    h.initial_data.emplace_back(R"(["jobs","detail","x"])", R"({"id":1})");
    std::string html = render_head(h);
    EXPECT_NE(html.find("<script type=\"application/json\" id=\"jh-initial-data\">"
                        "[[[\"content\",\"page\",\"home\",{}],{\"title\":\"\\u003c/script>\\u003cb>\"}],"
                        "[[\"jobs\",\"detail\",\"x\"],{\"id\":1}]]</script>"),
              std::string::npos)
        << html;
    EXPECT_EQ(render_head(head_data{}).find("jh-initial-data"), std::string::npos);
}

TEST(ContentSeo, HeroImageIsPreloadedInEveryBreakpoint) {
    head_data h;
    h.preload_image = "/content-images/home-hero.png";
    std::string html = render_head(h);
    EXPECT_NE(html.find("<link rel=\"preload\" as=\"image\" fetchpriority=\"high\" href=\"/_ipx/w_1024,f_webp/content-images/home-hero.png\""),
              std::string::npos)
        << html;
    for (int w : {320, 640, 768, 1024, 1280, 1536})
        EXPECT_NE(html.find("/_ipx/w_" + std::to_string(w) + ",f_webp/content-images/home-hero.png " + std::to_string(w) + "w"),
                  std::string::npos);
    h.preload_image = "https://elsewhere.example/x.png";
    EXPECT_EQ(render_head(h).find("rel=\"preload\""), std::string::npos);
}

TEST(ContentSeo, IndexHtmlGetsTheHead) {
    EXPECT_EQ(render_with_head("<html><head><title>Jobhafen</title><link rel=x></head></html>", "<title>Neu</title>"),
              "<html><head><title>Neu</title><link rel=x></head></html>");
    EXPECT_EQ(render_with_head("<html><head></head></html>", "<title>Neu</title>"), "<html><head><title>Neu</title></head></html>");
    // The app's own description and og: tags give way to the page's; other tags stay.
    EXPECT_EQ(render_with_head("<head><title>J</title>\n<meta\n name=\"description\"\n content=\"alt\" />\n"
                               "<meta property=\"og:title\" content=\"alt\"><meta name=\"theme-color\" content=\"#0D223F\" />"
                               "<link rel=\"icon\" href=\"/f.svg\"></head><body><meta name=\"description\"></body>",
                               "<title>Neu</title>"),
              "<head><title>Neu</title>\n\n<meta name=\"theme-color\" content=\"#0D223F\" /><link rel=\"icon\" href=\"/f.svg\"></head>"
              "<body><meta name=\"description\"></body>");
}

TEST(ContentSeo, ExcerptCutsAtAWordAndDropsMarkup) {
    EXPECT_EQ(plain_excerpt("## Titel\n\nEin **fetter** Text", 160), "Titel Ein fetter Text");
    std::string long_text(50, 'a');
    long_text += " bbbbbbbbbb cccccccccc";
    EXPECT_EQ(plain_excerpt(long_text, 65), std::string(50, 'a') + " bbbbbbbbbb…");
}

TEST(ContentSeo, JobPostingJsonLdHasEveryRequiredProperty) {
    jobs::job_detail d;
    d.card.id = 42;
    d.card.slug = "promoter-42";
    d.card.title = "Promoter (m/w/d)";
    d.card.organization_name = "Agentur GmbH";
    d.card.organization_slug = "agentur";
    d.card.base_salary = "15.50";
    d.card.salary_unit = "hour";
    d.card.salary_currency = "EUR";
    d.card.published_at = "2026-03-01T10:00:00+00:00";
    d.card.valid_through = "2026-04-01T10:00:00+00:00";
    d.card.locations_json = R"([{"street":"Markt 1","zipcode":"04109","city":"Leipzig","country":"de","lat":51.34,"lon":12.37}])";
    d.card.employment_types_json = R"([{"slug":"part_time_mini"},{"slug":"temporary"}])";
    d.description = "Verkostung.";
    std::string ld = job_posting_json_ld(d, "https://www.jobhafen.example");
    simdjson::dom::parser p;
    simdjson::dom::element doc;
    ASSERT_FALSE(p.parse(ld).get(doc)) << ld;
    for (const char* prop : {"title", "description", "datePosted", "validThrough", "hiringOrganization", "jobLocation", "baseSalary",
                             "employmentType", "identifier"})
        EXPECT_FALSE(doc[prop].error()) << prop;
    // One place: an object (a validator reading "jobLocation.address.addressCountry" finds it).
    EXPECT_EQ(std::string_view(doc.at_pointer("/jobLocation/address/addressCountry").get_string().value()), "DE");
    EXPECT_EQ(std::string_view(doc.at_pointer("/jobLocation/address/postalCode").get_string().value()), "04109");
    simdjson::dom::array types;
    ASSERT_FALSE(doc["employmentType"].get(types));
    EXPECT_EQ(types.size(), 2u);
    EXPECT_DOUBLE_EQ(doc.at_pointer("/baseSalary/value/value").get_double().value(), 15.5);
    EXPECT_TRUE(doc["directApply"].get_bool().value());
    EXPECT_EQ(std::string_view(doc.at_pointer("/identifier/value").get_string().value()), "42");
    EXPECT_EQ(std::string_view(doc.at_pointer("/hiringOrganization/sameAs").get_string().value()),
              "https://www.jobhafen.example/jobanbieter/agentur");
}

TEST(ContentSeo, JobPostingJsonLdListsSeveralPlacesAndGermanyWithoutOne) {
    jobs::job_detail d;
    d.card.id = 7;
    d.card.slug = "messe-7";
    d.card.title = "Messehostess (m/w/d)";
    d.card.organization_name = "Messe GmbH";
    d.card.organization_slug = "messe";
    d.card.published_at = "2026-03-01T10:00:00+00:00";
    d.card.locations_json = R"([{"city":"Köln","country":"de"},{"city":"Düsseldorf","country":"de"}])";
    simdjson::dom::parser p;
    simdjson::dom::element doc;
    std::string several = job_posting_json_ld(d, "https://x");
    ASSERT_FALSE(p.parse(several).get(doc)) << several;
    EXPECT_EQ(std::string_view(doc.at_pointer("/jobLocation/1/address/addressLocality").get_string().value()), "Düsseldorf");
    d.card.locations_json = "[]";
    std::string none = job_posting_json_ld(d, "https://x");
    ASSERT_FALSE(p.parse(none).get(doc)) << none;
    EXPECT_EQ(std::string_view(doc.at_pointer("/jobLocation/address/addressCountry").get_string().value()), "DE");
    EXPECT_TRUE(doc.at_pointer("/jobLocation/address/addressLocality").error());
}

TEST(ContentSeo, EmployerRatingOnlyWhenRated) {
    organizations::organization_view o;
    o.name = "Agentur GmbH";
    o.slug = "agentur";
    EXPECT_FALSE(employer_rating_json_ld(o, "https://x").has_value());
    o.ratings_count = 12;
    o.rating_average = 4.25;
    auto ld = employer_rating_json_ld(o, "https://x");
    ASSERT_TRUE(ld.has_value());
    simdjson::dom::parser p;
    simdjson::dom::element doc;
    ASSERT_FALSE(p.parse(*ld).get(doc));
    EXPECT_EQ(std::string_view(doc["@type"].get_string().value()), "EmployerAggregateRating");
    EXPECT_EQ(doc["ratingCount"].get_int64().value(), 12);
    EXPECT_DOUBLE_EQ(doc["ratingValue"].get_double().value(), 4.25);
}

TEST(ContentSeo, SitemapXml) {
    std::string xml = sitemap_urlset({{"https://x/jobs/a&b", "2026-01-01"}, {"https://x/", ""}});
    EXPECT_NE(xml.find("<url><loc>https://x/jobs/a&amp;b</loc><lastmod>2026-01-01</lastmod></url>"), std::string::npos);
    EXPECT_NE(xml.find("<url><loc>https://x/</loc></url>"), std::string::npos);
    EXPECT_NE(sitemap_index({{"https://x/sitemaps/jobs-1.xml", "2026-01-01"}}).find("<sitemapindex"), std::string::npos);
}

TEST(ContentIpx, ModifiersAreBoundedByTheImageBreakpoints) {
    auto r = media::parse_ipx("w_640,h_320,f_webp,q_70", "home-hero.png");
    ASSERT_TRUE(r.has_value());
    EXPECT_EQ(r->width, 640);
    EXPECT_EQ(r->height, 320);
    EXPECT_EQ(r->format, "webp");
    EXPECT_EQ(r->quality, 70);
    EXPECT_EQ(media::ipx_cache_name(*r), "home-hero.png.w640.h320.q70.webp");
    auto plain = media::parse_ipx("_", "foto.jpg");
    ASSERT_TRUE(plain.has_value());
    EXPECT_EQ(plain->format, "jpeg");
    EXPECT_TRUE(media::parse_ipx("s_1536x768", "a.png").has_value());
    EXPECT_FALSE(media::parse_ipx("w_2000", "a.png").has_value());
    EXPECT_FALSE(media::parse_ipx("w_641", "a.png").has_value());
    EXPECT_FALSE(media::parse_ipx("f_gif", "a.png").has_value());
    EXPECT_FALSE(media::parse_ipx("q_0", "a.png").has_value());
    EXPECT_FALSE(media::parse_ipx("blur_5", "a.png").has_value());
    EXPECT_FALSE(media::parse_ipx("_", "../a.png").has_value());
    EXPECT_FALSE(media::parse_ipx("_", "a.svg").has_value());
    EXPECT_FALSE(media::parse_ipx("_", "A.png").has_value());
    EXPECT_FALSE(media::parse_ipx("_", ".png").has_value());
}

}  // namespace
}  // namespace jh::content

namespace jh::content {
namespace {

TEST(ContentIpx, ShippedImagesAreDrawnInTheThemeColours) {
    std::string dir = ::testing::TempDir() + "content-images-test";
    std::filesystem::remove_all(dir);
    std::string error;
    ASSERT_EQ(media::draw_content_images(dir, error), 7) << error;
    EXPECT_EQ(media::draw_content_images(dir, error), 0);   // present ones are kept
    vips::VImage img = vips::VImage::new_from_file((dir + "/home-hero.png").c_str());
    EXPECT_EQ(img.width(), 1536);
    EXPECT_EQ(img.height(), 768);
    ASSERT_EQ(img.bands(), 3);
    // The top-left corner is primaryDark #0D223F, the bottom-right cardBlue #3D6190.
    auto tl = img.getpoint(0, 0), br = img.getpoint(1535, 767);
    EXPECT_NEAR(tl[0], 13, 2);
    EXPECT_NEAR(tl[1], 34, 2);
    EXPECT_NEAR(tl[2], 63, 2);
    EXPECT_NEAR(br[0], 61, 3);
    EXPECT_NEAR(br[2], 144, 3);
    // No caption: where the title was drawn (left half, middle height) there is only the gradient,
    // so the page's own heading is not doubled behind itself (issue 29, bug 8).
    for (int y = 300; y <= 468; y += 4)
        for (int x = 60; x <= 940; x += 4) {
            const double t = double(x + y) / (1536 + 768);
            auto px = img.getpoint(x, y);
            ASSERT_NEAR(px[0], 13 + t * (61 - 13), 2) << "text ink at " << x << "," << y;
            ASSERT_NEAR(px[2], 63 + t * (144 - 63), 2) << "text ink at " << x << "," << y;
        }
    std::filesystem::remove_all(dir);
}

TEST(ContentIpx, PicturesOfAnOlderDrawingAreDrawnAgainOnce) {
    std::string dir = ::testing::TempDir() + "content-images-redraw-test";
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    // A folder an older seed filled (pictures with captions, no stamp): every picture is new again.
    std::ofstream(dir + "/home-hero.png") << "an older drawing";
    std::string error;
    ASSERT_EQ(media::draw_content_images(dir, error), 7) << error;
    EXPECT_TRUE(std::filesystem::exists(dir + "/" + media::content_images_stamp));
    EXPECT_EQ(vips::VImage::new_from_file((dir + "/home-hero.png").c_str()).width(), 1536);
    EXPECT_EQ(media::draw_content_images(dir, error), 0);
    std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace jh::content
