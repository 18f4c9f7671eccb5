// --distribute, --shards and --citus-workers (config/settings/citus.cpp,
// config/finish/citus.cpp): what they set, and the combinations refused.
#include <fstream>

#include "tests/unit/config_test_support.hpp"
#include "tests/unit/temp_dir.hpp"

using tpcc::Distribution;
using tpcc::test::parse;
using tpcc::test::usage_error;

TEST_CASE("citus options: --distribute citus and --shards set the distribution") {
  const auto c = parse({"prepare", "--distribute", "citus", "--shards", "12"});
  CHECK(c.distribution == Distribution::Citus);
  CHECK(c.shards == 12);
  CHECK(parse({"prepare"}).distribution == Distribution::None);
  CHECK(parse({"prepare"}).shards == 0);
}

TEST_CASE("citus options: --shards without --distribute citus is refused") {
  CHECK(usage_error({"prepare", "--shards", "8"})
            .find("--shards: shards exist only with "
                  "--distribute citus") != std::string::npos);
  CHECK(usage_error({"prepare", "--distribute", "citus", "--shards", "0"}).find("--shards") !=
        std::string::npos);
  CHECK(usage_error({"prepare", "--distribute", "spread"}).find("--distribute") !=
        std::string::npos);
}

TEST_CASE("citus options: tablespaces are refused with --distribute citus, saying why") {
  const std::string message =
      usage_error({"prepare", "--distribute", "citus", "--tablespace", "ts1"});
  CHECK(message.find("--tablespace: not with --distribute citus") != std::string::npos);
  CHECK(message.find("without the table's tablespace") != std::string::npos);
  // Fillfactor and partitions reach the shards: accepted.
  const auto c =
      parse({"prepare", "--distribute", "citus", "--fillfactor", "80", "--partitions", "4"});
  CHECK(c.partitions == 4);
}

TEST_CASE("citus options: quickstart --citus-workers N means --distribute citus") {
  const auto c = parse({"quickstart", "--citus-workers", "2"});
  CHECK(c.citus_workers == 2);
  CHECK(c.distribution == Distribution::Citus);
  CHECK(usage_error({"quickstart", "--distribute", "citus"}).find("give --citus-workers N") !=
        std::string::npos);
  CHECK(usage_error({"quickstart", "--citus-workers", "2", "--distribute", "none"})
            .find("asks for a Citus cluster") != std::string::npos);
  CHECK(usage_error({"quickstart", "--citus-workers", "9"}).find("--citus-workers") !=
        std::string::npos);
  CHECK(usage_error({"prepare", "--citus-workers", "2"}).find("quickstart") != std::string::npos);
}

TEST_CASE("citus options: the props keys distribute and shards") {
  tpcc::test::TempDir dir;
  const std::string props = (dir.path() / "citus.props").string();
  {
    std::ofstream out(props);
    out << "distribute=citus\nshards=6\n";
  }
  const auto c = parse({"prepare", props});
  CHECK(c.distribution == Distribution::Citus);
  CHECK(c.shards == 6);
}

TEST_CASE("citus options: Citus loads text COPY, and --copy-format binary with it is refused") {
  CHECK(parse({"prepare"}).copy_format == tpcc::CopyFormat::Binary);
  CHECK(parse({"prepare", "--distribute", "citus"}).copy_format == tpcc::CopyFormat::Text);
  CHECK(parse({"prepare", "--distribute", "citus", "--copy-format", "text"}).copy_format ==
        tpcc::CopyFormat::Text);
  const std::string message =
      usage_error({"prepare", "--distribute", "citus", "--copy-format", "binary"});
  CHECK(message.find("--copy-format: binary, but --distribute citus") != std::string::npos);
}
