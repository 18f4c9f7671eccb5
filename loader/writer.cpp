#include "loader/writer.hpp"

#include <string>
#include <tuple>
#include <vector>

#include <pqxx/stream_to>

namespace tpcc {
namespace {

template <typename T>
std::int64_t approx_field_bytes(const T& value) {
  if constexpr (std::is_same_v<T, std::string>) {
    return static_cast<std::int64_t>(value.size()) + 1;
  } else {
    (void)value;
    return 6;  // a typical number or timestamp fragment plus separator
  }
}

template <typename Tuple>
std::int64_t approx_row_bytes(const Tuple& fields) {
  return std::apply([](const auto&... f) { return (approx_field_bytes(f) + ...); }, fields);
}

template <typename Row>
std::vector<std::string> column_list() {
  return {Row::kColumns.begin(), Row::kColumns.end()};
}

// Implements every RowSink::write by forwarding to Derived::put<Row>, and
// flushes the shared counters every few thousand rows to keep atomics cold.
template <typename Derived>
class WriterBase : public RowWriter {
 public:
  explicit WriterBase(LoadCounters& counters) : counters_(counters) {}
  ~WriterBase() override { publish(); }

  void write(const ItemRow& r) override { put(r); }
  void write(const WarehouseRow& r) override { put(r); }
  void write(const DistrictRow& r) override { put(r); }
  void write(const StockRow& r) override { put(r); }
  void write(const CustomerRow& r) override { put(r); }
  void write(const HistoryRow& r) override { put(r); }
  void write(const OrderRow& r) override { put(r); }
  void write(const NewOrderRow& r) override { put(r); }
  void write(const OrderLineRow& r) override { put(r); }

 protected:
  void publish() {
    counters_.rows += pending_rows_;
    counters_.bytes += pending_bytes_;
    pending_rows_ = pending_bytes_ = 0;
  }

 private:
  template <typename Row>
  void put(const Row& row) {
    const auto fields = row.fields();
    static_cast<Derived*>(this)->put_fields(Row::kTable, column_list<Row>, fields);
    ++pending_rows_;
    pending_bytes_ += approx_row_bytes(fields);
    if (pending_rows_ >= 4096) publish();
  }

  LoadCounters& counters_;
  std::int64_t pending_rows_ = 0;
  std::int64_t pending_bytes_ = 0;
};

// One COPY per table; rows of a table arrive together (RowSink contract).
class CopyWriter final : public WriterBase<CopyWriter> {
 public:
  CopyWriter(pqxx::transaction_base& tx, LoadCounters& counters)
      : WriterBase(counters), tx_(tx) {}

  template <typename Fields>
  void put_fields(const char* table, std::vector<std::string> (*columns)(), const Fields& fields) {
    if (table != table_) {
      end_copy();
      stream_ = std::make_unique<pqxx::stream_to>(tx_, table, columns());
      table_ = table;
    }
    *stream_ << fields;
  }

  void finish() override {
    end_copy();
    publish();
  }

 private:
  void end_copy() {
    if (stream_) stream_->complete();
    stream_.reset();
    table_ = nullptr;
  }

  pqxx::transaction_base& tx_;
  std::unique_ptr<pqxx::stream_to> stream_;
  const char* table_ = nullptr;
};

// INSERT INTO t (cols) VALUES (...), (...): batch_rows rows per statement.
class InsertWriter final : public WriterBase<InsertWriter> {
 public:
  InsertWriter(pqxx::transaction_base& tx, int batch_rows, LoadCounters& counters)
      : WriterBase(counters), tx_(tx), batch_rows_(batch_rows) {}

  template <typename Fields>
  void put_fields(const char* table, std::vector<std::string> (*columns)(), const Fields& fields) {
    if (table != table_ || rows_in_batch_ >= batch_rows_) {
      flush();
      start_statement(table, columns());
    } else {
      sql_ += ',';
    }
    sql_ += '(';
    bool first = true;
    std::apply(
        [&](const auto&... f) {
          ((sql_ += first ? "" : ",", sql_ += tx_.quote(f), first = false), ...);
        },
        fields);
    sql_ += ')';
    ++rows_in_batch_;
  }

  void finish() override {
    flush();
    table_ = nullptr;
    publish();
  }

 private:
  void start_statement(const char* table, const std::vector<std::string>& columns) {
    table_ = table;
    sql_ = "insert into ";
    sql_ += table;
    sql_ += " (";
    for (std::size_t i = 0; i < columns.size(); ++i) {
      if (i) sql_ += ',';
      sql_ += columns[i];
    }
    sql_ += ") values ";
  }

  void flush() {
    if (rows_in_batch_ > 0) tx_.exec(sql_);
    rows_in_batch_ = 0;
    sql_.clear();
  }

  pqxx::transaction_base& tx_;
  const int batch_rows_;
  std::string sql_;
  const char* table_ = nullptr;
  int rows_in_batch_ = 0;
};

}  // namespace

std::unique_ptr<RowWriter> make_row_writer(LoadMethod method, pqxx::transaction_base& tx,
                                           int insert_batch_rows, LoadCounters& counters) {
  if (method == LoadMethod::Insert) {
    return std::make_unique<InsertWriter>(tx, insert_batch_rows, counters);
  }
  return std::make_unique<CopyWriter>(tx, counters);
}

}  // namespace tpcc
