// applicants_csv.cpp: the CSV file of a job's applicants (see applicants_csv.h for what it holds
// and why it is written this way).
#include "actors/applications/applicants_csv.h"

#include "actors/csv_text.h"

namespace jh::applications_csv {

std::string cell(std::string_view value) { return csv::cell(value); }

std::string file(const std::vector<applicant_row>& rows) {
    std::string out(csv::bom);
    csv::append_row(out, {"Vorname", "Nachname", "E-Mail", "Telefon", "Adresse", "Status", "Beworben am", "Einsatzorte",
                          "Gewählte Einsätze", "Bestätigte Einsätze", "Lohn", "Stellenanzeige"});
    for (const applicant_row& r : rows)
        csv::append_row(out, {r.first_name, r.last_name, r.email, r.phones, r.address, r.status, r.applied_at, r.locations, r.shifts,
                              r.confirmed_shifts, r.pay, r.job_title});
    return out;
}

std::string file_name(std::string_view job_slug) {
    std::string name = "bewerbungen-";
    for (char c : job_slug) {
        if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-') name += c;
        else if (c >= 'A' && c <= 'Z') name += static_cast<char>(c - 'A' + 'a');
    }
    if (name.size() > 80) name.resize(80);
    return name + ".csv";
}

}  // namespace jh::applications_csv
