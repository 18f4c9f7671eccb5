#include "config/props/props.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <utility>

#include "config/errors.hpp"
#include "config/utf8.hpp"

namespace tpcc {
namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\f'; }

// A logical line: physical lines joined at continuations, with the line
// number where it started.
struct LogicalLine {
  std::string text;
  int line;
};

bool ends_in_odd_backslashes(const std::string& s) {
  std::size_t n = 0;
  for (auto it = s.rbegin(); it != s.rend() && *it == '\\'; ++it) ++n;
  return n % 2 == 1;
}

bool is_comment(const std::string& s, std::size_t first) {
  if (first >= s.size()) return false;
  if (s[first] == '#' || s[first] == '!') return true;
  return s.compare(first, 2, "//") == 0;
}

std::vector<LogicalLine> logical_lines(const std::string& text) {
  std::vector<LogicalLine> out;
  std::istringstream in(text);
  std::string physical;
  int number = 0;
  bool continuing = false;
  while (std::getline(in, physical)) {
    ++number;
    if (!physical.empty() && physical.back() == '\r') physical.pop_back();
    std::size_t first = 0;
    while (first < physical.size() && is_space(physical[first])) ++first;
    if (!continuing) {
      // As in Java, comment lines never continue, and blank lines are skipped.
      if (first == physical.size() || is_comment(physical, first)) continue;
      out.push_back({std::string(), number});
    }
    // Java drops the leading whitespace of continuation lines too.
    std::string part = physical.substr(first);
    continuing = ends_in_odd_backslashes(part);
    if (continuing) part.pop_back();
    out.back().text += part;
  }
  return out;
}

void append_utf8(std::string& out, unsigned code) {
  if (code < 0x80) {
    out += static_cast<char>(code);
  } else if (code < 0x800) {
    out += static_cast<char>(0xC0 | (code >> 6));
    out += static_cast<char>(0x80 | (code & 0x3F));
  } else if (code < 0x10000) {
    out += static_cast<char>(0xE0 | (code >> 12));
    out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (code & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (code >> 18));
    out += static_cast<char>(0x80 | ((code >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (code & 0x3F));
  }
}

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// The four hex digits of a \uXXXX escape at s[i] (after the 'u'), or -1.
long hex4(const std::string& s, std::size_t i) {
  if (i + 4 > s.size()) return -1;
  long code = 0;
  for (std::size_t j = i; j < i + 4; ++j) {
    const int d = hex_digit(s[j]);
    if (d < 0) return -1;
    code = code * 16 + d;
  }
  return code;
}

// Decodes one escape starting after the backslash at s[i]; returns the index
// after it. Unknown escapes stand for the character itself, as in Java.
std::size_t decode_escape(const std::string& s, std::size_t i, std::string& out) {
  if (i >= s.size()) return i;
  const char c = s[i];
  switch (c) {
    case 't': out += '\t'; return i + 1;
    case 'n': out += '\n'; return i + 1;
    case 'r': out += '\r'; return i + 1;
    case 'f': out += '\f'; return i + 1;
    case 'u': {
      const long code = hex4(s, i + 1);
      if (code < 0) {
        out += 'u';  // not a \uXXXX escape: keep the text
        return i + 1;
      }
      // Java writes a character beyond U+FFFF as a surrogate pair
      // (\ud83d\ude00); a lone surrogate stays as it is and is no UTF-8.
      const long low = s.compare(i + 5, 2, "\\u") == 0 ? hex4(s, i + 7) : -1;
      if (code >= 0xD800 && code <= 0xDBFF && low >= 0xDC00 && low <= 0xDFFF) {
        append_utf8(out, static_cast<unsigned>(0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)));
        return i + 11;
      }
      append_utf8(out, static_cast<unsigned>(code));
      return i + 5;
    }
    default: out += c; return i + 1;
  }
}

bool is_key_end(char c) { return c == '=' || c == ':' || is_space(c); }

PropEntry parse_line(const LogicalLine& l, const std::string& file) {
  const std::string& s = l.text;
  PropEntry e;
  e.file = file;
  e.line = l.line;
  std::size_t i = 0;
  while (i < s.size() && !is_key_end(s[i])) {
    if (s[i] == '\\') {
      i = decode_escape(s, i + 1, e.key);
    } else {
      e.key += s[i++];
    }
  }
  while (i < s.size() && is_space(s[i])) ++i;
  if (i < s.size() && (s[i] == '=' || s[i] == ':')) ++i;
  while (i < s.size() && is_space(s[i])) ++i;
  // Trailing whitespace is trimmed unless it was escaped.
  std::size_t keep = 0;
  while (i < s.size()) {
    if (s[i] == '\\') {
      i = decode_escape(s, i + 1, e.value);
      keep = e.value.size();
    } else {
      e.value += s[i];
      if (!is_space(s[i])) keep = e.value.size();
      ++i;
    }
  }
  e.value.resize(keep);
  return e;
}

}  // namespace

void check_props_text(const std::string& text, const std::string& file_name) {
  int line = 1;
  for (std::size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    std::string found;
    if (c == 0) {
      found = "a NUL byte";
    } else if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f') || c == 0x7F) {
      found = "the control character " + byte_text(c);
    } else if (utf8_length(text, i) == 0) {
      found = "the byte " + byte_text(c) + ", which is not UTF-8 text";
    }
    if (!found.empty()) {
      throw UsageError("props file '" + file_name + "': line " + std::to_string(line) + " holds " +
                       found +
                       ": this is not a text props file (key=value lines); "
                       "nothing was done");
    }
    if (c == '\n') ++line;
    i += utf8_length(text, i);
  }
}

std::string PropEntry::where() const { return file + ":" + std::to_string(line); }

Props::Props(std::string file, std::vector<PropEntry> entries)
    : file_(std::move(file)), entries_(std::move(entries)) {}

const PropEntry* Props::find(const std::string& key) const {
  for (auto it = entries_.rbegin(); it != entries_.rend(); ++it) {
    if (it->key == key) return &*it;
  }
  return nullptr;
}

Props parse_props(const std::string& text, const std::string& file_name) {
  const std::string mark = kUtf8ByteOrderMark;
  const bool had_mark = text.compare(0, mark.size(), mark) == 0;
  std::vector<PropEntry> entries;
  for (const auto& l : logical_lines(had_mark ? text.substr(mark.size()) : text)) {
    entries.push_back(parse_line(l, file_name));
  }
  Props props(file_name, std::move(entries));
  props.set_had_byte_order_mark(had_mark);
  return props;
}

Props read_props_file(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    throw UsageError("props file '" + path + "': is a directory");
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    throw UsageError("props file '" + path + "': cannot open: " + std::strerror(errno));
  }
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) {
    throw UsageError("props file '" + path + "': cannot read: " + std::strerror(errno));
  }
  check_props_text(text.str(), path);
  return parse_props(text.str(), path);
}

}  // namespace tpcc
