// test_main.cpp: main() of the test programs: GoogleTest with a result printer that never calls a
// case "skipped". gtest prints "[  SKIPPED ]" for every case of a suite whose SetUpTestSuite failed,
// and CTest's SKIP_REGULAR_EXPRESSION (which gtest_discover_tests sets, and which a second value only
// adds to) would then count a broken suite as skipped and the run as green. We skip nothing on
// purpose, so such a case is printed as "NOT RUN" and the program's exit code (1) fails it.
#include <gtest/gtest.h>

#include <cstdio>
#include <memory>

namespace {

using namespace ::testing;

class never_skip_printer : public TestEventListener {
public:
    explicit never_skip_printer(TestEventListener* inner) : inner_(inner) {}

    void OnTestProgramStart(const UnitTest& u) override { inner_->OnTestProgramStart(u); }
    void OnTestIterationStart(const UnitTest& u, int i) override { inner_->OnTestIterationStart(u, i); }
    void OnEnvironmentsSetUpStart(const UnitTest& u) override { inner_->OnEnvironmentsSetUpStart(u); }
    void OnEnvironmentsSetUpEnd(const UnitTest& u) override { inner_->OnEnvironmentsSetUpEnd(u); }
    void OnTestSuiteStart(const TestSuite& s) override { inner_->OnTestSuiteStart(s); }
    void OnTestStart(const TestInfo& t) override { inner_->OnTestStart(t); }
    void OnTestDisabled(const TestInfo& t) override { inner_->OnTestDisabled(t); }
    void OnTestPartResult(const TestPartResult& r) override { inner_->OnTestPartResult(r); }
    void OnTestSuiteEnd(const TestSuite& s) override { inner_->OnTestSuiteEnd(s); }
    void OnEnvironmentsTearDownStart(const UnitTest& u) override { inner_->OnEnvironmentsTearDownStart(u); }
    void OnEnvironmentsTearDownEnd(const UnitTest& u) override { inner_->OnEnvironmentsTearDownEnd(u); }
    void OnTestProgramEnd(const UnitTest& u) override { inner_->OnTestProgramEnd(u); }
#ifndef GTEST_REMOVE_LEGACY_TEST_CASEAPI_
    void OnTestCaseStart(const TestCase& c) override { inner_->OnTestCaseStart(c); }
    void OnTestCaseEnd(const TestCase& c) override { inner_->OnTestCaseEnd(c); }
#endif

    void OnTestEnd(const TestInfo& t) override {
        if (!t.result()->Skipped()) {
            inner_->OnTestEnd(t);
            return;
        }
        std::printf("[ NOT RUN  ] %s.%s: its suite's set-up failed (see above)\n", t.test_suite_name(), t.name());
        std::fflush(stdout);
    }

    void OnTestIterationEnd(const UnitTest& u, int iteration) override {
        if (u.skipped_test_count() == 0) {
            inner_->OnTestIterationEnd(u, iteration);
            return;
        }
        std::printf("[==========] %d tests: %d passed, %d failed, %d not run; %d suites failed\n",
                    u.test_to_run_count(), u.successful_test_count(), u.failed_test_count(),
                    u.skipped_test_count(), u.failed_test_suite_count());
        std::fflush(stdout);
    }

private:
    std::unique_ptr<TestEventListener> inner_;
};

}  // namespace

int main(int argc, char** argv) {
    InitGoogleTest(&argc, argv);
    TestEventListeners& listeners = UnitTest::GetInstance()->listeners();
    TestEventListener* printer = listeners.Release(listeners.default_result_printer());
    if (printer != nullptr) listeners.Append(new never_skip_printer(printer));
    int failed = RUN_ALL_TESTS();
    // A case that did not run is a failure here (see the top of this file).
    return failed != 0 || UnitTest::GetInstance()->skipped_test_count() > 0 ? 1 : 0;
}
