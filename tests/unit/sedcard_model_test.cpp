// sedcard_model_test.cpp: what goes on the sedcard (actors/profiles/sedcard_model.h): German
// labels, no empty sections, nothing private; and the multipart reader of uploads
// (reactor/multipart.h) on a spooled body.
#include <gtest/gtest.h>
#include <simdjson.h>

#include <filesystem>
#include <fstream>

#include "reactor/multipart.h"
#include "actors/profiles/sedcard_model.h"
#include "tests/support/harness.h"

using namespace jh;
using namespace jh::profiles;

namespace {

std::string model_of(std::string_view json, const reference_names& names = {}) {
    simdjson::dom::parser parser;
    simdjson::dom::object o;
    EXPECT_EQ(parser.parse(json).get(o), simdjson::SUCCESS);
    return sedcard_model(o, names, "2026-11-21");
}

}  // namespace

TEST(SedcardModel, GermanLabelsAndNoEmptySections) {
    reference_names names{{"l:de", "Deutsch"}, {"l:en", "Englisch"}, {"c:at", "Österreich"}, {"a:promotion", "Promotion"}};
    std::string m = model_of(R"({"firstName":"Jördis","lastName":"Weiß","birthDate":"1998-11-22","nationality":"at",
        "appearance":{"bodyHeight":172,"eyeColor":"green","sizeOfShoe":39.5,"sizeOfShirt":"xl"},
        "languages":[{"language":"de","level":"native"},{"language":"en","level":"expert"}],
        "activitySkills":[{"skill":"promotion","level":"expert"}],
        "bankData":{"iban":"DE89370400440532013000"},
        "workPreference":{"preferredSalary":16.5}})",
                             names);
    EXPECT_NE(m.find(R"("name":"Jördis Weiß")"), std::string::npos) << m;
    EXPECT_NE(m.find(R"(["Alter","27 Jahre"])"), std::string::npos) << m;   // 28 one day later
    EXPECT_NE(m.find(R"(["Staatsangehörigkeit","Österreich"])"), std::string::npos);
    EXPECT_NE(m.find(R"(["Körpergröße","172 cm"])"), std::string::npos);
    EXPECT_NE(m.find(R"(["Augenfarbe","Grün"])"), std::string::npos);
    EXPECT_NE(m.find(R"(["Schuhgröße","39,5"])"), std::string::npos);
    EXPECT_NE(m.find(R"(["Shirtgröße","XL"])"), std::string::npos);
    EXPECT_NE(m.find(R"({"heading":"Sprachen","rows":[["Deutsch","Muttersprache"],["Englisch","Verhandlungssicher"]]})"), std::string::npos);
    EXPECT_NE(m.find(R"(["Promotion","Experte"])"), std::string::npos);
    EXPECT_NE(m.find(R"(["Wunschgehalt","16,50 € pro Stunde"])"), std::string::npos);
    EXPECT_EQ(m.find("DE89"), std::string::npos);          // bank data never on the card
    EXPECT_EQ(m.find("Mobilität"), std::string::npos);     // no empty sections
    EXPECT_EQ(m.find("Schulbildung"), std::string::npos);
}

TEST(SedcardModel, EmptyProfileHasNoSections) {
    std::string m = model_of(R"({"firstName":"Jana","lastName":"Müller"})");
    EXPECT_NE(m.find(R"("sections":[])"), std::string::npos) << m;
    EXPECT_NE(m.find(R"("facts":[])"), std::string::npos) << m;
}

TEST(SedcardModel, FileNameFoldsUmlauts) {
    EXPECT_EQ(sedcard_file_name("Jördis", "Müller-Weiß"), "sedcard-joerdis-mueller-weiss.pdf");
    EXPECT_EQ(sedcard_file_name("Ä", "Ö Ü"), "sedcard-ae-oe-ue.pdf");
    EXPECT_EQ(sedcard_file_name("", ""), "sedcard.pdf");
}

TEST(Multipart, FieldsAndFilesFromASpooledBody) {
    std::string dir = jh::test::make_temp_dir("multipart");
    std::string big(300000, 'x');
    big[150000] = '\r';   // a CR inside the file that is not a delimiter
    std::string body = "--XyZ\r\nContent-Disposition: form-data; name=\"type\"\r\n\r\nportrait\r\n"
                       "--XyZ\r\nContent-Disposition: form-data; name=\"file\"; filename=\"../../etc/passwd\"\r\n"
                       "Content-Type: image/jpeg\r\n\r\n" + big + "\r\n--XyZ--\r\n";
    {
        std::ofstream out(dir + "/body", std::ios::binary);
        out << body;
    }
    auto boundary = multipart_boundary("multipart/form-data; boundary=XyZ");
    ASSERT_TRUE(boundary);
    multipart_form form;
    ASSERT_EQ(parse_multipart_file(dir + "/body", *boundary, dir, {}, form), multipart_error::none);
    EXPECT_EQ(form.field("type").value_or(""), "portrait");
    ASSERT_EQ(form.files.size(), 1u);
    EXPECT_EQ(form.files[0].client_name, "../../etc/passwd");   // kept as text only
    EXPECT_EQ(std::filesystem::path(form.files[0].path).parent_path(), std::filesystem::path(dir));
    EXPECT_EQ(form.files[0].size, big.size());
    EXPECT_EQ(std::filesystem::file_size(form.files[0].path), big.size());

    multipart_form limited;
    multipart_limits limits;
    limits.max_file_bytes = 1000;
    EXPECT_EQ(parse_multipart_file(dir + "/body", *boundary, dir, limits, limited), multipart_error::file_too_large);
    EXPECT_TRUE(limited.files.empty());

    {
        std::ofstream out(dir + "/cut", std::ios::binary);
        out << body.substr(0, body.size() - 20);   // no closing delimiter
    }
    multipart_form cut;
    EXPECT_EQ(parse_multipart_file(dir + "/cut", *boundary, dir, {}, cut), multipart_error::malformed);
    EXPECT_FALSE(multipart_boundary("application/json"));
    std::filesystem::remove_all(dir);
}
