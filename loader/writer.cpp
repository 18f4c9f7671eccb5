#include "loader/writer.hpp"

#include <string>

#include "loader/copy_binary.hpp"
#include "loader/copy_format.hpp"

namespace tpcc {
namespace {

// Text is sent in chunks of about this size: large enough that the per-call
// cost vanishes, small enough that no table is ever buffered whole.
constexpr std::size_t kChunkBytes = 256 * 1024;

template <typename Row>
std::string column_list() {
  std::string list;
  for (const char* column : Row::kColumns) {
    if (!list.empty()) list += ',';
    list += column;
  }
  return list;
}

// Implements every RowSink::write by forwarding to Derived::put<Row>, and
// publishes to the shared counters once per chunk to keep atomics cold.
template <typename Derived>
class WriterBase : public RowWriter {
 public:
  explicit WriterBase(LoadCounters& counters) : counters_(counters) {}

  void write(const ItemRow& r) override { self().put(r); }
  void write(const WarehouseRow& r) override { self().put(r); }
  void write(const DistrictRow& r) override { self().put(r); }
  void write(const StockRow& r) override { self().put(r); }
  void write(const CustomerRow& r) override { self().put(r); }
  void write(const HistoryRow& r) override { self().put(r); }
  void write(const OrderRow& r) override { self().put(r); }
  void write(const NewOrderRow& r) override { self().put(r); }
  void write(const OrderLineRow& r) override { self().put(r); }

 protected:
  void count_sent(std::int64_t rows, std::size_t bytes) {
    counters_.rows += rows;
    counters_.bytes += static_cast<std::int64_t>(bytes);
  }

 private:
  Derived& self() { return static_cast<Derived&>(*this); }
  LoadCounters& counters_;
};

// COPY text: tab-separated fields, one line per row, nothing around them.
struct TextEncoder {
  static constexpr const char* kFormatOption = nullptr;
  void begin(std::string&) {}
  template <typename Fields>
  void append_row(std::string& out, const Fields& fields) {
    copy_format::append_copy_row(out, fields);
  }
  void end(std::string&) {}
};

// COPY binary: a header, rows of length-prefixed fields, a trailer.
struct BinaryEncoder {
  static constexpr const char* kFormatOption = "format binary";
  void begin(std::string& out) { out.append(copy_binary::kHeader, sizeof copy_binary::kHeader); }
  template <typename Fields>
  void append_row(std::string& out, const Fields& fields) {
    rows.append_row(out, fields);
  }
  void end(std::string& out) { out.append(copy_binary::kTrailer, sizeof copy_binary::kTrailer); }
  copy_binary::BinaryRowEncoder rows;
};

// "copy t (a,b) from stdin with (format binary, freeze)": FREEZE writes the
// rows frozen (no VACUUM needs to visit them), which PostgreSQL allows only
// into a table created or truncated by the same transaction.
template <typename Row>
std::string copy_statement(const char* format_option, bool freeze) {
  std::string options = format_option ? format_option : "";
  if (freeze) options += options.empty() ? "freeze" : ", freeze";
  return std::string("copy ") + Row::kTable + " (" + column_list<Row>() + ") from stdin" +
         (options.empty() ? "" : " with (" + options + ")");
}

// One COPY per table; rows of a table arrive together (RowSink contract).
template <typename Encoder>
class CopyWriter final : public WriterBase<CopyWriter<Encoder>> {
 public:
  CopyWriter(PgConnection& conn, LoadCounters& counters, bool freeze)
      : WriterBase<CopyWriter<Encoder>>(counters), conn_(conn), freeze_(freeze) {
    buffer_.reserve(kChunkBytes + 4096);
  }

  template <typename Row>
  void put(const Row& row) {
    if (Row::kTable != table_) {
      end_copy();
      conn_.begin_copy(copy_statement<Row>(Encoder::kFormatOption, freeze_));
      table_ = Row::kTable;
      encoder_.begin(buffer_);
    }
    encoder_.append_row(buffer_, row.fields());
    ++rows_;
    if (buffer_.size() >= kChunkBytes) send();
  }

  void finish() override { end_copy(); }

 private:
  void send() {
    conn_.put_copy_data(buffer_);
    this->count_sent(rows_, buffer_.size());
    buffer_.clear();
    rows_ = 0;
  }

  void end_copy() {
    if (!table_) return;
    encoder_.end(buffer_);
    send();
    conn_.end_copy();
    table_ = nullptr;
  }

  PgConnection& conn_;
  const bool freeze_;
  Encoder encoder_;
  std::string buffer_;
  std::int64_t rows_ = 0;
  const char* table_ = nullptr;
};

// INSERT INTO t (cols) VALUES (...), (...): batch_rows rows per statement.
class InsertWriter final : public WriterBase<InsertWriter> {
 public:
  InsertWriter(PgConnection& conn, int batch_rows, LoadCounters& counters)
      : WriterBase(counters), conn_(conn), batch_rows_(batch_rows) {}

  template <typename Row>
  void put(const Row& row) {
    if (Row::kTable != table_ || rows_ >= batch_rows_) {
      flush();
      sql_ = std::string("insert into ") + Row::kTable + " (" + column_list<Row>() + ") values ";
      table_ = Row::kTable;
    } else {
      sql_ += ',';
    }
    copy_format::append_sql_row(sql_, row.fields());
    ++rows_;
  }

  void finish() override {
    flush();
    table_ = nullptr;
  }

 private:
  void flush() {
    if (rows_ > 0) {
      conn_.exec(sql_);
      count_sent(rows_, sql_.size());
    }
    rows_ = 0;
    sql_.clear();
  }

  PgConnection& conn_;
  const int batch_rows_;
  std::string sql_;
  const char* table_ = nullptr;
  int rows_ = 0;
};

}  // namespace

std::unique_ptr<RowWriter> make_row_writer(const Config& config, PgConnection& conn,
                                           LoadCounters& counters, bool freeze) {
  if (config.load_method == LoadMethod::Insert) {
    return std::make_unique<InsertWriter>(conn, config.insert_batch_rows, counters);
  }
  if (config.copy_format == CopyFormat::Text) {
    return std::make_unique<CopyWriter<TextEncoder>>(conn, counters, freeze);
  }
  return std::make_unique<CopyWriter<BinaryEncoder>>(conn, counters, freeze);
}

}  // namespace tpcc
