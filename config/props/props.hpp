// Java properties files as BenchmarkSQL writes them (props.pg):
//   key=value   key: value   key value
// Comment lines start with '#', '!' or '//'; a line ending in an odd number
// of backslashes continues on the next line; Java escapes (\t \n \uXXXX,
// \= \: \\ ...) are decoded. Whitespace around keys and values is trimmed.
// A key given twice keeps its last value, as in java.util.Properties.
// A leading UTF-8 byte-order mark (what some Windows editors write) is
// dropped: left in place it would be part of the first key, which then no
// longer names what it says (an invisible "\uFEFFconn" is not conn).
#pragma once

#include <string>
#include <vector>

namespace tpcc {

struct PropEntry {
  std::string key;
  std::string value;
  std::string file;  // as given by the user, for messages
  int line = 0;      // 1-based line where the entry starts

  // "props.pg:12", the prefix of every message about this entry.
  std::string where() const;
};

class Props {
 public:
  Props() = default;
  Props(std::string file, std::vector<PropEntry> entries);

  const std::string& file() const { return file_; }

  // All entries in file order, duplicates included.
  const std::vector<PropEntry>& entries() const { return entries_; }

  // The effective (last) entry for key, or nullptr.
  const PropEntry* find(const std::string& key) const;

  // Whether the text began with a UTF-8 byte-order mark, which was dropped.
  bool had_byte_order_mark() const { return byte_order_mark_; }
  void set_had_byte_order_mark(bool had) { byte_order_mark_ = had; }

 private:
  std::string file_;
  std::vector<PropEntry> entries_;
  bool byte_order_mark_ = false;
};

// The UTF-8 byte-order mark, U+FEFF.
inline constexpr const char* kUtf8ByteOrderMark = "\xEF\xBB\xBF";

// Parses text that came from file_name (used only in messages); a leading
// byte-order mark is dropped and recorded (had_byte_order_mark).
Props parse_props(const std::string& text, const std::string& file_name);

// Throws UsageError naming file_name, the line and what was found, unless
// text looks like a text props file: UTF-8 without NUL bytes or control
// characters (tab, form feed, CR and LF are fine). A binary file given as
// PROPS would otherwise read as a few unknown keys and a run with defaults.
void check_props_text(const std::string& text, const std::string& file_name);

// Reads, checks (check_props_text) and parses a file; UsageError naming the
// file if it cannot be read or is not text.
Props read_props_file(const std::string& path);

}  // namespace tpcc
