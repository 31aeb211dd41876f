// The domains' settings sections (reactor/config_section.h, app/config_sections.h): a key of a
// registered section loads from the files and the environment under its old name, an unknown key in
// a section stops the start naming it, a bad value names its key, and a test sets a section's fields
// directly in a config it built by hand.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "actors/accounts/oauth_settings.h"
#include "actors/billing/billing_settings.h"
#include "actors/content/content_settings.h"
#include "actors/pay_settings.h"
#include "actors/shifts/work_limits_settings.h"
#include "app/config_sections.h"
#include "app/search_settings.h"
#include "reactor/config.h"
#include "workers/alerts/alerts_settings.h"

extern char** environ;

namespace jh {
namespace {

// Each case starts without any JOBHAFEN_* variable but the harness's JOBHAFEN_TEST_*, and gets them
// back afterwards; its JOBHAFEN_CONFIG file is a scratch file the case writes.
class ConfigSections : public ::testing::Test {
protected:
    void SetUp() override {
        for (char** e = environ; e && *e; ++e) {
            std::string entry(*e);
            if (!entry.starts_with("JOBHAFEN_") || entry.starts_with("JOBHAFEN_TEST_")) continue;
            auto eq = entry.find('=');
            saved_.emplace_back(entry.substr(0, eq), eq == std::string::npos ? "" : entry.substr(eq + 1));
        }
        for (const auto& [name, value] : saved_) ::unsetenv(name.c_str());
        file_ = std::filesystem::temp_directory_path() / ("config_sections_test_" + std::to_string(::getpid()) + ".json");
        write_config("{}");
        set("JOBHAFEN_CONFIG", file_.string());
    }

    void TearDown() override {
        for (const auto& name : set_) ::unsetenv(name.c_str());
        for (const auto& [name, value] : saved_) ::setenv(name.c_str(), value.c_str(), 1);
        std::filesystem::remove(file_);
    }

    void write_config(const std::string& json) { std::ofstream(file_) << json; }

    void set(const std::string& name, const std::string& value) {
        ::setenv(name.c_str(), value.c_str(), 1);
        set_.push_back(name);
    }

    // The error of a load that must fail.
    static std::string error_of(const std::expected<config, std::string>& loaded) {
        EXPECT_FALSE(loaded.has_value());
        return loaded ? std::string() : loaded.error();
    }

private:
    std::vector<std::pair<std::string, std::string>> saved_;
    std::vector<std::string> set_;
    std::filesystem::path file_;
};

TEST_F(ConfigSections, DefaultFileLoadsWithEverySectionAtItsDefaults) {
    auto cfg = load_config(all_config_sections());
    ASSERT_TRUE(cfg) << cfg.error();
    EXPECT_EQ(section<billing_settings>(*cfg).timeout_ms, 10000);
    EXPECT_TRUE(section<search_settings>(*cfg).index);
    EXPECT_EQ(section<search_settings>(*cfg).index_cards, 10000000);
    EXPECT_EQ(section<alerts_settings>(*cfg).tick_ms, 60000);
    EXPECT_EQ(section<work_limits_settings>(*cfg).minijob_month_eur,
              (std::vector<std::string>{"2025=556", "2026=603", "2027=633"}));
}

TEST_F(ConfigSections, KeyOfRegisteredSectionLoadsFromTheConfigFile) {
    write_config(R"({"billing": {"url": "https://billing.example", "timeout_ms": 2500},
                    "content": {"special_offer_job_id": 42}, "search": {"index": false}})");
    auto cfg = load_config(all_config_sections());
    ASSERT_TRUE(cfg) << cfg.error();
    EXPECT_EQ(section<billing_settings>(*cfg).url, "https://billing.example");
    EXPECT_EQ(section<billing_settings>(*cfg).timeout_ms, 2500);
    EXPECT_EQ(section<content_settings>(*cfg).special_offer_job_id, 42);
    EXPECT_FALSE(section<search_settings>(*cfg).index);
}

TEST_F(ConfigSections, KeyOfRegisteredSectionLoadsFromTheEnvironmentUnderItsOldName) {
    set("JOBHAFEN_BILLING_TIMEOUT_MS", "3000");
    set("JOBHAFEN_ALERTS_BATCH", "7");
    set("JOBHAFEN_SEARCH_INDEX_CARDS", "300");
    set("JOBHAFEN_WORK_LIMITS_SHORT_TERM_DAYS", "2026=50,2027=60");
    auto cfg = load_config(all_config_sections());
    ASSERT_TRUE(cfg) << cfg.error();
    EXPECT_EQ(section<billing_settings>(*cfg).timeout_ms, 3000);
    EXPECT_EQ(section<alerts_settings>(*cfg).batch, 7);
    EXPECT_EQ(section<search_settings>(*cfg).index_cards, 300);
    EXPECT_EQ(section<work_limits_settings>(*cfg).short_term_days, (std::vector<std::string>{"2026=50", "2027=60"}));
}

TEST_F(ConfigSections, UnknownKeyInASectionStopsTheStartNamingIt) {
    write_config(R"({"billing": {"urll": "https://billing.example"}})");
    EXPECT_NE(error_of(load_config(all_config_sections())).find("unknown config key 'billing.urll'"), std::string::npos);
}

TEST_F(ConfigSections, UnknownVariableOfASectionStopsTheStartNamingIt) {
    set("JOBHAFEN_ALERTS_TICK", "100");
    EXPECT_NE(error_of(load_config(all_config_sections())).find("JOBHAFEN_ALERTS_TICK"), std::string::npos);
}

TEST_F(ConfigSections, KeysOfASectionNotRegisteredAreUnknown) {
    // config/default.json holds search.* and work_limits.*: without their sections the start stops.
    EXPECT_NE(error_of(load_config({})).find("unknown config key"), std::string::npos);
}

TEST_F(ConfigSections, BadValueNamesItsKey) {
    write_config(R"({"billing": {"timeout_ms": 5}})");
    EXPECT_NE(error_of(load_config(all_config_sections())).find("billing.timeout_ms: 5 is outside 100..120000"),
              std::string::npos);
    write_config(R"({"alerts": {"batch": "many"}})");
    EXPECT_NE(error_of(load_config(all_config_sections())).find("alerts.batch: must be a whole number"), std::string::npos);
    write_config("{}");
    set("JOBHAFEN_SEARCH_INDEX", "maybe");
    EXPECT_NE(error_of(load_config(all_config_sections())).find("search.index: 'maybe' is not true or false"),
              std::string::npos);
}

TEST_F(ConfigSections, SectionCheckNamesItsKey) {
    write_config(R"({"work_limits": {"short_term_days": ["2026=999"]}})");
    EXPECT_NE(error_of(load_config(all_config_sections())).find("work_limits.short_term_days: "), std::string::npos);
}

// The minimum wage per year (issue 42, docs/fair-play.md): read from config/default.json, and a
// figure outside 1..100 € an hour stops the start naming the key.
TEST_F(ConfigSections, MinimumWagePerYearIsReadAndBounded) {
    auto cfg = load_config(all_config_sections());
    ASSERT_TRUE(cfg) << cfg.error();
    EXPECT_EQ(minimum_wage_figures(section<pay_settings>(*cfg)).for_year(2026).value, 1390);
    EXPECT_EQ(minimum_wage_figures(section<pay_settings>(*cfg)).for_year(2027).value, 1460);
    write_config(R"({"pay": {"minimum_wage_cents": ["2026=13.90"]}})");
    EXPECT_NE(error_of(load_config(all_config_sections())).find("pay.minimum_wage_cents: "), std::string::npos);
}

TEST_F(ConfigSections, KeyDeclaredTwiceStopsTheStart) {
    std::vector<const config_section*> twice = all_config_sections();
    twice.push_back(&billing_config_section());
    EXPECT_NE(error_of(load_config(twice)).find("config key 'billing."), std::string::npos);
}

// The OAuth section's keys are derived from one provider list and one field list
// (actors/accounts/oauth_settings.cpp): each lands in its own provider, the rest keep the defaults.
TEST_F(ConfigSections, OauthKeyOfEachProviderLandsInThatProvider) {
    write_config(R"({"oauth_google": {"client_id": "g-id", "token_url": "https://token.example"},
                    "oauth_apple": {"issuer": "https://issuer.example"}, "oauth": {"timeout_ms": 2000}})");
    set("JOBHAFEN_OAUTH_MICROSOFT_CLIENT_SECRET", "m-secret");
    set("JOBHAFEN_OAUTH_FACEBOOK_USERINFO_URL", "https://me.example");
    auto cfg = load_config(all_config_sections());
    ASSERT_TRUE(cfg) << cfg.error();
    const auto& oauth = section<oauth_settings>(*cfg);
    EXPECT_EQ(oauth.google.client_id, "g-id");
    EXPECT_EQ(oauth.google.token_url, "https://token.example");
    EXPECT_EQ(oauth.google.authorize_url, "https://accounts.google.com/o/oauth2/v2/auth");
    EXPECT_EQ(oauth.apple.issuer, "https://issuer.example");
    EXPECT_TRUE(oauth.apple.client_id.empty());
    EXPECT_EQ(oauth.microsoft.client_secret, "m-secret");
    EXPECT_TRUE(oauth.microsoft.issuer.empty());
    EXPECT_EQ(oauth.facebook.userinfo_url, "https://me.example");
    EXPECT_EQ(oauth.timeout_ms, 2000);
}

TEST_F(ConfigSections, UnknownKeyOfAnOauthProviderStopsTheStartNamingIt) {
    write_config(R"({"oauth_google": {"client_key": "x"}})");
    EXPECT_NE(error_of(load_config(all_config_sections())).find("oauth_google.client_key"), std::string::npos);
}

TEST(ConfigSectionValues, TestsSetFieldsDirectlyAndOthersKeepTheirDefaults) {
    config c;
    EXPECT_TRUE(section<billing_settings>(c).url.empty());
    edit_section<billing_settings>(c).url = "https://billing.example";
    edit_section<alerts_settings>(c).batch = 3;
    EXPECT_EQ(section<billing_settings>(c).url, "https://billing.example");
    EXPECT_EQ(section<alerts_settings>(c).batch, 3);
    EXPECT_EQ(section<content_settings>(c).special_offer_job_id, 0);
    config copy = c;   // a config is a value: each loop may hold its own copy
    EXPECT_EQ(section<billing_settings>(copy).url, "https://billing.example");
}

}  // namespace
}  // namespace jh
