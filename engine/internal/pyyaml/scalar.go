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

	"murano.dev/playground/engine/internal/pytime"
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
	neg := false
	if s != "" && (s[0] == '-' || s[0] == '+') {
		neg = s[0] == '-'
		s = s[1:]
	}
	var n value.Value
	var err error
	switch {
	case s == "0":
		return value.Int(0), nil
	case strings.HasPrefix(s, "0b"):
		n, err = value.ParseInt(s[2:], 2)
	case strings.HasPrefix(s, "0x"):
		n, err = value.ParseInt(s[2:], 16)
	case strings.HasPrefix(s, "0"):
		n, err = value.ParseInt(s, 8)
	case strings.Contains(s, ":"):
		sum := new(big.Int)
		for _, part := range strings.Split(s, ":") {
			d, err := value.ParseInt(part, 10)
			if err != nil {
				return nil, pyError(err)
			}
			b, _ := value.ToBig(d)
			sum.Mul(sum, big.NewInt(60)).Add(sum, b)
		}
		n = value.NewInt(sum)
	case s == "":
		return nil, &Error{"IndexError", "string index out of range"}
	default:
		n, err = value.ParseInt(s, 10)
	}
	if err != nil {
		return nil, pyError(err)
	}
	if neg {
		b, _ := value.ToBig(n)
		n = value.NewInt(new(big.Int).Neg(b))
	}
	return n, nil
}

func constructFloat(s string) (value.Value, *Error) {
	t := strings.ToLower(strings.ReplaceAll(s, "_", ""))
	if t == "" {
		return nil, &Error{"IndexError", "string index out of range"}
	}
	sign := 1.0
	if t[0] == '-' || t[0] == '+' {
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
		f := 0.0
		for _, part := range strings.Split(t, ":") {
			d, err := value.ParseFloat(part)
			if err != nil {
				return nil, pyError(err)
			}
			f = f*60 + float64(d)
		}
		return value.Float(sign * f), nil
	}
	f, err := value.ParseFloat(t)
	if err != nil {
		return nil, pyError(err)
	}
	return value.Float(sign * float64(f)), nil
}

// pyError is the error of a Python conversion.
func pyError(err error) *Error {
	ex := err.(*value.Exception)
	return &Error{ex.Class, ex.Message}
}

var timestampParts = regexp.MustCompile(`^([0-9]{4})-([0-9][0-9]?)-([0-9][0-9]?)` +
	`(?:(?:[Tt]|[ \t]+)([0-9][0-9]?):([0-9][0-9]):([0-9][0-9])(?:\.([0-9]*))?` +
	`(?:[ \t]*(Z|([-+])([0-9][0-9]?)(?::([0-9][0-9]))?))?)?$`)

// constructTimestamp builds a date or a datetime as SafeConstructor does:
// the time zone first, then Python's checks of the fields.
func constructTimestamp(s string) (Kind, value.Value, *Error) {
	m := timestampParts.FindStringSubmatch(s)
	if m == nil {
		return 0, nil, &Error{"AttributeError", "'NoneType' object has no attribute 'groupdict'"}
	}
	num := func(i int) int64 { n, _ := strconv.ParseInt(m[i], 10, 64); return n }
	if m[4] == "" {
		d, err := pytime.Date(num(1), num(2), num(3), 0, 0, 0, 0, time.UTC)
		if err != nil {
			return 0, nil, pyError(err)
		}
		return Date, value.DateTime{T: d}, nil
	}
	frac := m[7]
	if len(frac) > 6 {
		frac = frac[:6]
	}
	micros, _ := strconv.ParseInt(frac+strings.Repeat("0", 6-len(frac)), 10, 64)
	loc := time.UTC
	if m[9] != "" {
		offset := (num(10)*60 + num(11)) * 60_000_000
		if m[9] == "-" {
			offset = -offset
		}
		var err error
		if loc, err = pytime.Timezone(offset, ""); err != nil {
			return 0, nil, pyError(err)
		}
	}
	d, err := pytime.Date(num(1), num(2), num(3), num(4), num(5), num(6), micros, loc)
	if err != nil {
		return 0, nil, pyError(err)
	}
	return Timestamp, value.DateTime{T: d}, nil
}
