// This file resolves and constructs YAML scalars as PyYAML's SafeLoader
// does: YAML 1.1 implicit types (yes/no booleans, 0x and 0 octal and
// 1:30 sexagesimal integers, timestamps, ...) for plain scalars, and the
// constructors of the explicit tags.

package pyyaml

import (
	"math"
	"math/big"
	"regexp"
	"strconv"
	"strings"
	"time"

	"murano.dev/playground/engine/value"
)

// The standard tags, in the short form of yaml.v3.
const (
	tagNull      = "!!null"
	tagBool      = "!!bool"
	tagInt       = "!!int"
	tagFloat     = "!!float"
	tagStr       = "!!str"
	tagTimestamp = "!!timestamp"
	tagMerge     = "!!merge"
	tagValue     = "!!value"
	tagSeq       = "!!seq"
	tagMap       = "!!map"
)

// PyYAML's implicit resolvers, in the order it tries them (each is
// anchored with Python's $, which also matches before a final newline).
var implicitResolvers = []struct {
	tag string
	re  *regexp.Regexp
}{
	{tagBool, regexp.MustCompile(`^(?:yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$`)},
	{tagFloat, regexp.MustCompile(`^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$`)},
	{tagInt, regexp.MustCompile(`^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$`)},
	{tagMerge, regexp.MustCompile(`^(?:<<)$`)},
	{tagNull, regexp.MustCompile(`^(?:~|null|Null|NULL|)$`)},
	{tagTimestamp, regexp.MustCompile(`^(?:[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]|[0-9][0-9][0-9][0-9]-[0-9][0-9]?-[0-9][0-9]?(?:[Tt]|[ \t]+)[0-9][0-9]?:[0-9][0-9]:[0-9][0-9](?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9][0-9]?(?::[0-9][0-9])?))?)$`)},
	{tagValue, regexp.MustCompile(`^(?:=)$`)},
}

// pyMatch is Python's re.match of a pattern anchored with ^...$.
func pyMatch(re *regexp.Regexp, s string) bool {
	return re.MatchString(s) || (strings.HasSuffix(s, "\n") && re.MatchString(s[:len(s)-1]))
}

// implicitTag returns the standard tag PyYAML resolves a plain scalar to,
// or "" for a string (which may still be a YAQL expression).
func implicitTag(s string) string {
	for _, r := range implicitResolvers {
		if pyMatch(r.re, s) {
			return r.tag
		}
	}
	return ""
}

// constructScalar builds the value of a scalar with a standard tag, as
// SafeConstructor does.
func constructScalar(tag, s string) (Kind, value.Value, *Error) {
	switch tag {
	case tagNull:
		return Null, value.Null, nil
	case tagBool:
		switch strings.ToLower(s) {
		case "yes", "true", "on":
			return Bool, value.Bool(true), nil
		case "no", "false", "off":
			return Bool, value.Bool(false), nil
		}
		return 0, nil, &Error{"KeyError", value.QuoteString(strings.ToLower(s))}
	case tagInt:
		v, err := constructInt(s)
		return Int, v, err
	case tagFloat:
		v, err := constructFloat(s)
		return Float, v, err
	case tagTimestamp:
		return constructTimestamp(s)
	}
	return String, value.String(s), nil
}

func constructInt(s string) (value.Value, *Error) {
	s = strings.ReplaceAll(s, "_", "")
	sign := 1
	if s != "" && (s[0] == '-' || s[0] == '+') {
		if s[0] == '-' {
			sign = -1
		}
		s = s[1:]
	}
	var n *big.Int
	var err *Error
	switch {
	case s == "0":
		n = new(big.Int)
	case strings.HasPrefix(s, "0b"):
		n, err = pyInt(s[2:], 2)
	case strings.HasPrefix(s, "0x"):
		n, err = pyInt(s[2:], 16)
	case strings.HasPrefix(s, "0"):
		n, err = pyInt(s, 8)
	case strings.Contains(s, ":"):
		n = new(big.Int)
		base := big.NewInt(1)
		parts := strings.Split(s, ":")
		for i := len(parts) - 1; i >= 0; i-- {
			d, perr := pyInt(parts[i], 10)
			if perr != nil {
				return nil, perr
			}
			n.Add(n, d.Mul(d, base))
			base.Mul(base, big.NewInt(60))
		}
	case s == "":
		return nil, &Error{"IndexError", "string index out of range"}
	default:
		n, err = pyInt(s, 10)
	}
	if err != nil {
		return nil, err
	}
	if sign < 0 {
		n.Neg(n)
	}
	return value.NewInt(n), nil
}

// pyInt is Python's int(s, base) for the ASCII digits YAML allows.
func pyInt(s string, base int) (*big.Int, *Error) {
	if n, ok := new(big.Int).SetString(strings.TrimSpace(s), base); ok {
		return n, nil
	}
	return nil, &Error{"ValueError", "invalid literal for int() with base " + strconv.Itoa(base) + ": " + value.QuoteString(s)}
}

var pyFloatSyntax = regexp.MustCompile(`^[-+]?(?:(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:e[-+]?[0-9]+)?|inf|infinity|nan)$`)

func constructFloat(s string) (value.Value, *Error) {
	t := strings.ToLower(strings.ReplaceAll(s, "_", ""))
	sign := 1.0
	if t != "" && (t[0] == '-' || t[0] == '+') {
		if t[0] == '-' {
			sign = -1
		}
		t = t[1:]
	}
	switch {
	case t == ".inf":
		return value.Float(sign * math.Inf(1)), nil
	case t == ".nan":
		return value.Float(math.NaN()), nil
	case strings.Contains(t, ":"):
		f, base := 0.0, 1.0
		parts := strings.Split(t, ":")
		for i := len(parts) - 1; i >= 0; i-- {
			d, err := pyFloat(parts[i])
			if err != nil {
				return nil, err
			}
			f += d * base
			base *= 60
		}
		return value.Float(sign * f), nil
	}
	f, err := pyFloat(t)
	if err != nil {
		return nil, err
	}
	return value.Float(sign * f), nil
}

// pyFloat is Python's float(s) for decimal text.
func pyFloat(s string) (float64, *Error) {
	t := strings.TrimSpace(s)
	if pyFloatSyntax.MatchString(strings.ToLower(t)) {
		if f, err := strconv.ParseFloat(t, 64); err == nil || strings.Contains(err.Error(), "range") {
			return f, nil
		}
	}
	return 0, &Error{"ValueError", "could not convert string to float: " + value.QuoteString(s)}
}

var timestampParts = regexp.MustCompile(`^([0-9]{4})-([0-9][0-9]?)-([0-9][0-9]?)` +
	`(?:(?:[Tt]|[ \t]+)([0-9][0-9]?):([0-9][0-9]):([0-9][0-9])(?:\.([0-9]*))?` +
	`(?:[ \t]*(Z|([-+])([0-9][0-9]?)(?::([0-9][0-9]))?))?)?$`)

// constructTimestamp builds a date or a datetime, with Python's range
// checks.
func constructTimestamp(s string) (Kind, value.Value, *Error) {
	m := timestampParts.FindStringSubmatch(s)
	if m == nil {
		return 0, nil, &Error{"AttributeError", "'NoneType' object has no attribute 'groupdict'"}
	}
	num := func(i int) int { n, _ := strconv.Atoi(m[i]); return n }
	year, month, day := num(1), num(2), num(3)
	switch {
	case year < 1:
		return 0, nil, &Error{"ValueError", "year " + strconv.Itoa(year) + " is out of range"}
	case month < 1 || month > 12:
		return 0, nil, &Error{"ValueError", "month must be in 1..12"}
	case day < 1 || day > daysIn(year, month):
		return 0, nil, &Error{"ValueError", "day is out of range for month"}
	}
	if m[4] == "" {
		return Date, value.DateTime{T: time.Date(year, time.Month(month), day, 0, 0, 0, 0, time.UTC)}, nil
	}
	hour, minute, second := num(4), num(5), num(6)
	switch {
	case hour > 23:
		return 0, nil, &Error{"ValueError", "hour must be in 0..23"}
	case minute > 59:
		return 0, nil, &Error{"ValueError", "minute must be in 0..59"}
	case second > 59:
		return 0, nil, &Error{"ValueError", "second must be in 0..59"}
	}
	frac := m[7]
	if len(frac) > 6 {
		frac = frac[:6]
	}
	micros, _ := strconv.Atoi(frac + strings.Repeat("0", 6-len(frac)))
	loc := time.UTC
	if m[9] != "" {
		offset := (num(10)*60 + num(11)) * 60
		if offset >= 24*3600 {
			return 0, nil, &Error{"ValueError", "offset must be a timedelta strictly between -timedelta(hours=24) and timedelta(hours=24), not " + pyTimedelta(m[9], offset) + "."}
		}
		if m[9] == "-" {
			offset = -offset
		}
		loc = time.FixedZone("", offset)
	}
	return Timestamp, value.DateTime{T: time.Date(year, time.Month(month), day, hour, minute, second, micros*1000, loc)}, nil
}

func daysIn(year, month int) int {
	return time.Date(year, time.Month(month)+1, 0, 0, 0, 0, 0, time.UTC).Day()
}

// pyTimedelta is repr() of a timedelta of the given sign and seconds
// (under a day's worth of hours times 100).
func pyTimedelta(sign string, seconds int) string {
	if sign == "-" {
		days := -(seconds + 86399) / 86400
		rest := days*-86400 - seconds
		s := "datetime.timedelta(days=" + strconv.Itoa(days)
		if rest != 0 {
			s += ", seconds=" + strconv.Itoa(rest)
		}
		return s + ")"
	}
	days, rest := seconds/86400, seconds%86400
	s := "datetime.timedelta(days=" + strconv.Itoa(days)
	if rest != 0 {
		s += ", seconds=" + strconv.Itoa(rest)
	}
	return s + ")"
}
