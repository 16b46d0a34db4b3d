// Boost.Test entry for every test program. libsystemc supplies main() and calls sc_main,
// so the test runner is started from sc_main; a program may elaborate one simulation.
#define BOOST_TEST_MODULE ssdtwin
#define BOOST_TEST_NO_MAIN
#define BOOST_TEST_ALTERNATIVE_INIT_API
#include <boost/test/unit_test.hpp>
#include <cstdlib>
#include <systemc>

int sc_main(int argc, char* argv[]) {
  sc_core::sc_report_handler::set_actions("/IEEE_Std_1666/deprecated", sc_core::SC_DO_NOTHING);
  return boost::unit_test::unit_test_main(&init_unit_test, argc, argv);
}

int main(int argc, char* argv[]) {
  setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 1);
  return sc_core::sc_elab_and_sim(argc, argv);
}
