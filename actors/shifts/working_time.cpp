// working_time.cpp: the rows of jh_working_time_breaches and their German texts; see working_time.h
// and docs/fair-play.md "Working time across employers".
#include "actors/shifts/working_time.h"

#include <charconv>

namespace jh::working_time {

namespace {

// "2026-12-05" → "05.12.2026"
std::string german_date(std::string_view iso) {
    if (iso.size() != 10) return std::string(iso);
    return std::string(iso.substr(8, 2)) + "." + std::string(iso.substr(5, 2)) + "." + std::string(iso.substr(0, 4));
}

// 510 minutes → "8,5 Stunden"; 480 → "8 Stunden"
std::string hours(int minutes) {
    std::string h = std::to_string(minutes / 60);
    int rest = minutes % 60;
    if (rest != 0) {
        std::string frac = std::to_string(rest * 100 / 60);
        if (frac.size() == 1) frac = "0" + frac;
        if (frac.back() == '0') frac.pop_back();
        h += "," + frac;
    }
    return h + (minutes == 60 ? " Stunde" : " Stunden");
}

std::string value_hours(const breach& b) { return hours(b.value.value_or(0)); }

}  // namespace

std::vector<breach> read_breaches(const pg::result_set& r) {
    std::vector<breach> out;
    out.reserve(static_cast<std::size_t>(r.rows()));
    for (int i = 0; i < r.rows(); ++i) {
        breach b;
        b.rule = r.text(i, 0);
        b.minor = r.boolean(i, 1);
        b.shift_id = r.is_null(i, 2) ? 0 : r.int64(i, 2);
        b.day = r.text(i, 3);
        if (!r.is_null(i, 4)) b.value = static_cast<int>(r.int64(i, 4));
        b.limit = static_cast<int>(r.int64(i, 5));
        out.push_back(std::move(b));
    }
    return out;
}

std::string candidate_message(const breach& b) {
    const std::string day = german_date(b.day);
    if (b.minor) {
        const std::string head = "Du bist unter 18, deshalb gilt das Jugendarbeitsschutzgesetz: ";
        if (b.rule == "night")
            return head + "Du darfst nur zwischen 6 und " + std::to_string(b.limit / 60) + " Uhr arbeiten (§ 14 JArbSchG" +
                   (b.limit > 1200 ? ", ab 16 Jahren in der Gastronomie bis 22 Uhr" : "") + "). Der Einsatz am " + day +
                   " liegt außerhalb dieser Zeit.";
        if (b.rule == "weekend")
            return head + "Samstags und sonntags darfst du nicht arbeiten, außer zum Beispiel in der Gastronomie "
                          "(§§ 16, 17 JArbSchG). Der Einsatz am " + day + " fällt auf ein Wochenende.";
        if (b.rule == "day")
            return head + "Du darfst höchstens 8 Stunden am Tag arbeiten (§ 8 JArbSchG). Am " + day + " wären es " +
                   value_hours(b) + ".";
        if (b.rule == "week")
            return head + "Du darfst höchstens 40 Stunden in der Woche arbeiten (§ 8 JArbSchG). In der Woche vom " + day +
                   " wären es " + value_hours(b) + ".";
        if (b.rule == "five_days")
            return head + "Du darfst an höchstens fünf Tagen in der Woche arbeiten (§ 15 JArbSchG). In der Woche vom " + day +
                   " wären es " + std::to_string(b.value.value_or(0)) + " Tage.";
        if (b.rule == "rest")
            return head + "Nach der Arbeit brauchst du mindestens 12 Stunden frei (§ 13 JArbSchG). Beim Einsatz am " + day +
                   " wären es nur " + value_hours(b) + ".";
        return head + "Dieser Einsatz ist für dich nicht erlaubt.";
    }
    const std::string tail = " Das gilt für alle deine Jobs zusammen, auch bei verschiedenen Arbeitgebern (§ 2 Abs. 1 ArbZG).";
    if (b.rule == "rest")
        return "Zwischen zwei Arbeitstagen brauchst du mindestens 11 Stunden Ruhezeit (§ 5 ArbZG). Beim Einsatz am " + day +
               " wären es nur " + value_hours(b) + "." + tail;
    if (b.rule == "day")
        return "Du darfst höchstens 10 Stunden am Tag arbeiten (§ 3 ArbZG). Am " + day + " wären es " + value_hours(b) + "." + tail;
    if (b.rule == "week")
        return "Du darfst höchstens 48 Stunden in der Woche arbeiten (§ 3 ArbZG: sechs Werktage zu 8 Stunden). In der Woche vom " +
               day + " wären es " + value_hours(b) + "." + tail;
    return "Damit würdest du die gesetzliche Arbeitszeit überschreiten." + tail;
}

std::string provider_message(const breach& b) {
    const std::string head =
        "Diesen Einsatz können Sie nicht bestätigen: Die Person ist unter 18, und er verstieße gegen das Jugendarbeitsschutzgesetz (";
    if (b.rule == "night")
        return head + "§ 14 JArbSchG: Arbeit nur zwischen 6 und " + std::to_string(b.limit / 60) + " Uhr).";
    if (b.rule == "weekend") return head + "§§ 16, 17 JArbSchG: keine Arbeit an Samstagen und Sonntagen außerhalb der genannten Branchen).";
    if (b.rule == "day") return head + "§ 8 JArbSchG: höchstens 8 Stunden am Tag).";
    if (b.rule == "week") return head + "§ 8 JArbSchG: höchstens 40 Stunden in der Woche).";
    if (b.rule == "five_days") return head + "§ 15 JArbSchG: höchstens fünf Arbeitstage in der Woche).";
    if (b.rule == "rest") return head + "§ 13 JArbSchG: mindestens 12 Stunden Freizeit nach der Arbeit).";
    return head + "JArbSchG).";
}

bool plausible_birth_date(std::string_view s) noexcept {
    if (s.size() != 10 || s[4] != '-' || s[7] != '-') return false;
    int y = 0, m = 0, d = 0;
    auto num = [&](std::size_t at, std::size_t n, int& out) {
        for (std::size_t i = at; i < at + n; ++i)
            if (s[i] < '0' || s[i] > '9') return false;
        std::from_chars(s.data() + at, s.data() + at + n, out);
        return true;
    };
    if (!num(0, 4, y) || !num(5, 2, m) || !num(8, 2, d)) return false;
    if (y < 1900 || y > 2199 || m < 1 || m > 12 || d < 1) return false;
    static constexpr int days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    return d <= days[m - 1] + (m == 2 && leap ? 1 : 0);
}

}  // namespace jh::working_time
