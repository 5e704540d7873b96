// This file formats dates as Python's datetime.strftime does: it
// substitutes %z, %Z and %f itself and hands the rest to the C library's
// strftime (GNU libc in the C locale, as on the reference's Debian
// system, whose quirks with flags and widths are reproduced).

package pytime

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"murano.dev/playground/engine/value"
)

// ErrTooLong is Strftime's error for a result longer than its limit.
var ErrTooLong = errors.New("the formatted date is longer than the limit")

// Strftime formats a date as Python's datetime.strftime does. Python
// gives up, returning "", when the result does not fit a buffer 256 times
// the length of the format (rounded up to a power of two, at least 1024);
// results longer than maxLen characters fail with [ErrTooLong].
func Strftime(d time.Time, format string, maxLen int) (string, error) {
	if strings.IndexByte(format, 0) >= 0 {
		return "", raise("ValueError", "embedded null character")
	}
	var b strings.Builder
	for i := 0; i < len(format); i++ {
		c := format[i]
		if c != '%' || i+1 == len(format) {
			b.WriteByte(c)
			continue
		}
		i++
		switch format[i] {
		case 'z':
			_, off := d.Zone()
			b.WriteString(value.FormatOffset(off, ""))
		case 'Z':
			name, _ := d.Zone()
			b.WriteString(strings.ReplaceAll(name, "%", "%%"))
		case 'f':
			fmt.Fprintf(&b, "%06d", d.Nanosecond()/1000)
		default:
			b.WriteByte('%')
			b.WriteByte(format[i])
		}
	}
	n := utf8.RuneCountInString(b.String())
	limit := 1024
	for limit < 256*n {
		limit *= 2
	}
	max := limit - 1
	overBudget := maxLen < max
	if overBudget {
		max = maxLen
	}
	out, ok := cStrftime(d, b.String(), max)
	switch {
	case ok:
		return out, nil
	case overBudget:
		return "", ErrTooLong
	}
	return "", nil
}

// cStrftime is GNU libc's wcsftime (Python formats wide strings) in the
// C locale for a struct tm with the wall clock of d, tm_isdst 0,
// tm_gmtoff 0 and the zone name UTC, what Python passes for the time
// zones YAQL dates carry. ok is false when the result would be longer
// than max characters (max < 0 for no limit).
func cStrftime(d time.Time, format string, max int) (result string, ok bool) {
	var out strings.Builder
	rs := []rune(format)
	runes, counted := 0, 0
	fits := func() bool {
		runes += utf8.RuneCountInString(out.String()[counted:])
		counted = out.Len()
		return max < 0 || runes <= max
	}
	for i := 0; i < len(rs); i++ {
		if rs[i] != '%' {
			out.WriteRune(rs[i])
			if !fits() {
				return "", false
			}
			continue
		}
		start := i
		var pad rune
		upcase, changeCase := false, false
		i++
	flags:
		for ; i < len(rs); i++ {
			switch rs[i] {
			case '_', '-', '0':
				pad = rs[i]
			case '^':
				upcase = true
			case '#':
				changeCase = true
			default:
				break flags
			}
		}
		width := 0
		for ; i < len(rs) && rs[i] >= '0' && rs[i] <= '9'; i++ {
			if width < 1<<30 {
				width = width*10 + int(rs[i]-'0')
			}
		}
		if max >= 0 && width > max {
			return "", false
		}
		var modifier rune
		if i < len(rs) && (rs[i] == 'E' || rs[i] == 'O') {
			modifier = rs[i]
			i++
		}
		f := &cFormatter{out: &out, pad: pad, width: width, upcase: upcase}
		if i >= len(rs) {
			f.str(string(rs[start:]))
			break
		}
		if !f.convert(d, rs[i], modifier, changeCase) {
			f.str(string(rs[start : i+1]))
		}
		if !fits() {
			return "", false
		}
	}
	return out.String(), fits()
}

// cFormatter writes one conversion with its flags and width.
type cFormatter struct {
	out             *strings.Builder
	pad             rune
	width           int
	upcase, lowcase bool
}

// The conversions GNU libc accepts with the E and O modifiers.
const (
	cWithE = "cnprstuxyzCPRTXYZ%"
	cWithO = "bdeghjklmnprstuwyzBCGHIMPRSTUVWZ%"
)

var (
	cWeekdays = []string{"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"}
	cMonths   = []string{"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"}
)

// convert writes the conversion c; false means libc rejects it and the
// directive is copied as it is.
func (f *cFormatter) convert(d time.Time, c, modifier rune, changeCase bool) bool {
	year, yday, wday := d.Year(), d.YearDay()-1, int(d.Weekday())
	hour12 := d.Hour() % 12
	if hour12 == 0 {
		hour12 = 12
	}
	if (c == 'b' || c == 'B' || c == 'h') && changeCase {
		f.upcase, f.lowcase = true, false
	}
	if modifier == 'E' && !strings.ContainsRune(cWithE, c) || modifier == 'O' && !strings.ContainsRune(cWithO, c) {
		return false
	}
	switch c {
	case 'a', 'A':
		if changeCase {
			f.upcase, f.lowcase = true, false
		}
		name := cWeekdays[wday]
		if c == 'a' {
			name = name[:3]
		}
		f.str(name)
	case 'b', 'h', 'B':
		name := cMonths[d.Month()-1]
		if c != 'B' {
			name = name[:3]
		}
		f.str(name)
	case 'p', 'P':
		if c == 'P' {
			f.lowcase = true
		}
		if changeCase {
			f.upcase, f.lowcase = false, true
		}
		if d.Hour() < 12 {
			f.str("AM")
		} else {
			f.str("PM")
		}
	case 'c':
		return f.sub(d, "%a %b %e %H:%M:%S %Y")
	case 'x':
		return f.sub(d, "%m/%d/%y")
	case 'X':
		return f.sub(d, "%H:%M:%S")
	case 'D':
		return f.sub(d, "%m/%d/%y")
	case 'F':
		return f.sub(d, "%Y-%m-%d")
	case 'r':
		return f.sub(d, "%I:%M:%S %p")
	case 'R':
		return f.sub(d, "%H:%M")
	case 'T':
		return f.sub(d, "%H:%M:%S")
	case 'C':
		return f.number(1, int64(year/100), '0')
	case 'y':
		return f.number(2, int64(year%100), '0')
	case 'Y':
		return f.number(1, int64(year), '0')
	case 'G', 'g', 'V':
		isoYear, week := d.ISOWeek()
		switch c {
		case 'G':
			return f.number(1, int64(isoYear), '0')
		case 'g':
			return f.number(2, int64((isoYear%100+100)%100), '0')
		}
		return f.number(2, int64(week), '0')
	case 'd':
		return f.number(2, int64(d.Day()), '0')
	case 'e':
		return f.number(2, int64(d.Day()), '_')
	case 'H':
		return f.number(2, int64(d.Hour()), '0')
	case 'I':
		return f.number(2, int64(hour12), '0')
	case 'k':
		return f.number(2, int64(d.Hour()), '_')
	case 'l':
		return f.number(2, int64(hour12), '_')
	case 'j':
		return f.number(3, int64(yday+1), '0')
	case 'm':
		return f.number(2, int64(d.Month()), '0')
	case 'M':
		return f.number(2, int64(d.Minute()), '0')
	case 'S':
		return f.number(2, int64(d.Second()), '0')
	case 'u':
		return f.number(1, int64((wday+6)%7+1), '0')
	case 'w':
		return f.number(1, int64(wday), '0')
	case 'U':
		return f.number(2, int64((yday-wday+7)/7), '0')
	case 'W':
		return f.number(2, int64((yday-(wday+6)%7+7)/7), '0')
	case 's':
		wall := time.Date(year, d.Month(), d.Day(), d.Hour(), d.Minute(), d.Second(), 0, time.UTC)
		f.str(strconv.FormatInt(wall.Unix(), 10))
	case 'z':
		f.str("+")
		f.number(4, 0, '0')
	case 'Z':
		if changeCase {
			f.upcase, f.lowcase = false, true
		}
		f.str("UTC")
	case 'n':
		f.str("\n")
	case 't':
		f.str("\t")
	case '%':
		f.str("%")
	default:
		return false
	}
	return true
}

// str writes a string padded on the left to the width, with spaces or,
// with the 0 flag, zeros.
func (f *cFormatter) str(s string) {
	switch {
	case f.lowcase:
		s = strings.ToLower(s)
	case f.upcase:
		s = strings.ToUpper(s)
	}
	if n := f.width - utf8.RuneCountInString(s); n > 0 {
		fill := " "
		if f.pad == '0' {
			fill = "0"
		}
		f.out.WriteString(strings.Repeat(fill, n))
	}
	f.out.WriteString(s)
}

// sub writes the expansion of another format as one string; the ^ flag
// upper-cases it.
func (f *cFormatter) sub(d time.Time, format string) bool {
	s, _ := cStrftime(d, format, -1)
	f.lowcase = false
	f.str(s)
	return true
}

// number writes a number with at least digits digits (or the width),
// padded as the flags say; defPad is the conversion's own padding.
func (f *cFormatter) number(digits int, n int64, defPad rune) bool {
	f.numberText(strconv.FormatInt(n, 10), digits, defPad)
	return true
}

func (f *cFormatter) numberText(text string, digits int, defPad rune) {
	if f.width > digits {
		digits = f.width
	}
	pad := f.pad
	if pad == 0 {
		pad = defPad
	}
	if pad != '-' {
		if n := digits - len(text); n > 0 {
			if pad == '_' {
				text = strings.Repeat(" ", n) + text
				f.width -= n
			} else {
				neg := strings.HasPrefix(text, "-")
				text = strings.Repeat("0", n) + strings.TrimPrefix(text, "-")
				if neg {
					text = "-" + text
				}
				f.width = 0
			}
		}
	}
	f.str(text)
}
