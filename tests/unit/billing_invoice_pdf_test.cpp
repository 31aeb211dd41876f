// Unit tests of the invoice layout (workers/billing/invoice_pdf.h): German money format, and a
// rendered invoice read back with pdftotext (poppler-utils) shows what a person would read.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>

#include "workers/billing/invoice_pdf.h"

// fontconfig's process-lifetime caches are suppressed for the sanitizer run in tests/lsan.supp.

namespace jh::billing {
namespace {

TEST(BillingInvoicePdf, MoneyIsWrittenTheGermanWay) {
    EXPECT_EQ(format_money(0, "EUR"), "0,00 €");
    EXPECT_EQ(format_money(5, "EUR"), "0,05 €");
    EXPECT_EQ(format_money(123450, "EUR"), "1.234,50 €");
    EXPECT_EQ(format_money(123456789, "EUR"), "1.234.567,89 €");
    EXPECT_EQ(format_money(-1999, "CHF"), "-19,99 CHF");
}

TEST(BillingInvoicePdf, RenderedInvoiceReadsBack) {
    invoice_document doc;
    doc.number = "RE-2026-0042";
    doc.date = "21.11.2026";
    doc.recipient = "Testfirma GmbH\nMusterweg 5\n10115 Berlin";
    doc.issuer = "Jana Müller";
    doc.lines = {{"Promotion-Einsatz Köln, 3 Tage", 3, 15000}, {"Fahrtkosten", 1, 4250}};
    // Through the JSON model, as the server sends it to the render worker.
    auto model = messages::parse_invoice_model(invoice_model_json(doc));
    ASSERT_TRUE(model) << model.error();
    EXPECT_EQ(model->lines.size(), 2u);
    auto pdf = render_invoice_pdf(*model);
    ASSERT_TRUE(pdf) << pdf.error();
    ASSERT_TRUE(pdf->starts_with("%PDF-"));
    std::string path = ::testing::TempDir() + "invoice-test.pdf";
    {
        std::ofstream f(path, std::ios::binary);
        f << *pdf;
    }
    std::string text;
    FILE* p = ::popen(("pdftotext -layout '" + path + "' - 2>&1").c_str(), "r");
    ASSERT_NE(p, nullptr);
    char buf[4096];
    while (std::fgets(buf, sizeof buf, p)) text += buf;
    ASSERT_EQ(::pclose(p), 0) << text;
    EXPECT_NE(text.find("Rechnung RE-2026-0042"), std::string::npos) << text;
    EXPECT_NE(text.find("Rechnungsdatum: 21.11.2026"), std::string::npos) << text;
    EXPECT_NE(text.find("Testfirma GmbH"), std::string::npos) << text;
    EXPECT_NE(text.find("Jana Müller"), std::string::npos) << text;
    EXPECT_NE(text.find("Promotion-Einsatz Köln, 3 Tage"), std::string::npos) << text;
    EXPECT_NE(text.find("450,00 €"), std::string::npos) << text;
    EXPECT_NE(text.find("Gesamtbetrag: 492,50 €"), std::string::npos) << text;
    std::remove(path.c_str());
}

}  // namespace
}  // namespace jh::billing
