// Package pyformat reproduces Python 3.11's str.format and its
// format-specification mini-language, for YAQL's format() function: a
// [Formatter] replaces the fields of a format string ({0}, {}, {name},
// {0.attr}, {0[key]}) with its arguments, after the conversions !r, !s
// and !a and the spec, whose own nested fields it replaces first. Specs
// of str, int, bool and float have every option: fill, align, sign, z,
// #, 0, width, grouping (, and _), precision and the types b c d e E f F
// g G n o s x X %. Errors are Python's classes and messages
// ([value.Exception]).
//
// The n type formats as in the C locale, the reference's. Known limits:
// of the attributes a field may name, only the data attributes of numbers
// and dates exist (no methods); values other than strings, numbers and
// dates accept no spec (object.__format__), and dates format through the
// caller's FormatOther.
package pyformat
