// This file parses dates as Python's datetime.strptime does (its
// _strptime module in the C locale).

package pytime

import (
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"murano.dev/playground/engine/internal/pyre"
	"murano.dev/playground/engine/value"
)

// strptimeDirectives are the regular expressions of Python's _strptime
// for each directive in the C locale, in Python's syntax.
var strptimeDirectives = map[byte]string{
	'd': `(?P<d>3[0-1]|[1-2]\d|0[1-9]|[1-9]| [1-9])`,
	'f': `(?P<f>[0-9]{1,6})`,
	'H': `(?P<H>2[0-3]|[0-1]\d|\d)`,
	'I': `(?P<I>1[0-2]|0[1-9]|[1-9])`,
	'G': `(?P<G>\d\d\d\d)`,
	'j': `(?P<j>36[0-6]|3[0-5]\d|[1-2]\d\d|0[1-9]\d|00[1-9]|[1-9]\d|0[1-9]|[1-9])`,
	'm': `(?P<m>1[0-2]|0[1-9]|[1-9])`,
	'M': `(?P<M>[0-5]\d|\d)`,
	'S': `(?P<S>6[0-1]|[0-5]\d|\d)`,
	'U': `(?P<U>5[0-3]|[0-4]\d|\d)`,
	'W': `(?P<W>5[0-3]|[0-4]\d|\d)`,
	'w': `(?P<w>[0-6])`,
	'u': `(?P<u>[1-7])`,
	'V': `(?P<V>5[0-3]|0[1-9]|[1-4]\d|\d)`,
	'y': `(?P<y>\d\d)`,
	'Y': `(?P<Y>\d\d\d\d)`,
	'z': `(?P<z>[+-]\d\d:?[0-5]\d(:?[0-5]\d(\.\d{1,6})?)?|(?-i:Z))`,
	'A': `(?P<A>wednesday|saturday|thursday|tuesday|sunday|monday|friday)`,
	'a': `(?P<a>mon|tue|wed|thu|fri|sat|sun)`,
	'B': `(?P<B>september|february|november|december|january|october|august|march|april|july|june|may)`,
	'b': `(?P<b>jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)`,
	'p': `(?P<p>am|pm)`,
	'Z': `(?P<Z>utc|gmt)`,
	'%': `%`,
}

// The C locale's date and time formats, for %c, %x and %X.
var strptimeLocaleFormats = map[byte]string{'c': "%a %b %d %H:%M:%S %Y", 'x': "%m/%d/%y", 'X': "%H:%M:%S"}

// strptimePattern builds the regular expression of a format as Python's
// TimeRE.pattern does.
func strptimePattern(format string) (string, error) {
	format = escapeFormat(format)
	var b strings.Builder
	for {
		i := strings.IndexByte(format, '%')
		if i < 0 {
			break
		}
		if i+1 >= len(format) {
			return "", errStrayPercent
		}
		b.WriteString(format[:i])
		c := format[i+1]
		if sub, ok := strptimeLocaleFormats[c]; ok {
			p, err := strptimePattern(sub)
			if err != nil {
				return "", err
			}
			b.WriteString(p)
		} else if p, ok := strptimeDirectives[c]; ok {
			b.WriteString(p)
		} else {
			r, _ := utf8.DecodeRuneInString(format[i+1:])
			return "", badDirective(string(r))
		}
		format = format[i+2:]
	}
	b.WriteString(format)
	return b.String(), nil
}

// escapeFormat escapes the characters special in patterns and replaces
// each run of white space with \s+, as TimeRE.pattern does first.
func escapeFormat(format string) string {
	var b strings.Builder
	space := false
	for _, r := range format {
		if value.IsSpace(r) {
			if !space {
				b.WriteString(`\s+`)
			}
			space = true
			continue
		}
		space = false
		if strings.ContainsRune(`\.^$*+?(){}[]|`, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

type strptimeError struct {
	stray     bool
	directive string
}

func (e *strptimeError) Error() string { return "bad format" }

var errStrayPercent = &strptimeError{stray: true}

func badDirective(d string) error {
	if d == `\` {
		d = "%"
	}
	return &strptimeError{directive: d}
}

var strptimeCache = struct {
	sync.Mutex
	m map[string]*pyre.Regex
}{m: map[string]*pyre.Regex{}}

// strptimeRegex compiles the pattern of a format as TimeRE.compile does,
// once.
func strptimeRegex(format string) (*pyre.Regex, error) {
	strptimeCache.Lock()
	re, ok := strptimeCache.m[format]
	strptimeCache.Unlock()
	if ok {
		return re, nil
	}
	pattern, err := strptimePattern(format)
	if err != nil {
		if e, ok := err.(*strptimeError); ok {
			if e.stray {
				return nil, raise("ValueError", "stray %% in format '%s'", format)
			}
			return nil, raise("ValueError", "'%s' is a bad directive in format '%s'", e.directive, format)
		}
		return nil, err
	}
	re, err = pyre.Compile(pattern, pyre.IgnoreCase)
	if err != nil {
		return nil, err
	}
	strptimeCache.Lock()
	if len(strptimeCache.m) > 64 {
		clear(strptimeCache.m)
	}
	strptimeCache.m[format] = re
	strptimeCache.Unlock()
	return re, nil
}

// Strptime is Python's datetime.strptime(data, format); a result without
// a UTC offset is taken as UTC.
func Strptime(data, format string) (time.Time, error) {
	re, err := strptimeRegex(format)
	if err != nil {
		return time.Time{}, err
	}
	sub, m, err := re.Match(data)
	if err != nil {
		return time.Time{}, err
	}
	if m == nil {
		return time.Time{}, raise("ValueError", "time data %s does not match format %s", value.QuoteString(data), value.QuoteString(format))
	}
	if m[1] != len(data) {
		return time.Time{}, raise("ValueError", "unconverted data remains: %s", data[m[1]:])
	}
	year, isoYear, weekday, week, isoWeek := -1, -1, -1, -1, -1
	julian, hasJulian := 0, false
	month, day := 1, 1
	var hour, minute, second, fraction int
	weekStartsMonday := false
	var gmtoff, gmtoffFraction *int
	tzName := ""
	atoi := func(s string) int {
		var n int
		for _, r := range s {
			d, _ := value.DecimalDigit(r)
			n = n*10 + int(d-'0')
		}
		return n
	}
	for _, name := range re.Names() {
		g, _ := re.GroupIndex(name)
		text, ok := sub.Group(m, g)
		if !ok {
			continue
		}
		lower := strings.ToLower(text)
		switch name {
		case "y":
			year = atoi(text)
			if year <= 68 {
				year += 2000
			} else {
				year += 1900
			}
		case "Y":
			year = atoi(text)
		case "G":
			isoYear = atoi(text)
		case "m":
			month = atoi(text)
		case "B", "b":
			for i, mn := range cMonths {
				if lower == strings.ToLower(mn) || lower == strings.ToLower(mn[:3]) {
					month = i + 1
				}
			}
		case "d":
			day = atoi(strings.TrimSpace(text))
		case "H":
			hour = atoi(text)
		case "I":
			hour = atoi(text)
			ampm := ""
			if i, ok := re.GroupIndex("p"); ok {
				p, _ := sub.Group(m, i)
				ampm = strings.ToLower(p)
			}
			switch ampm {
			case "", "am":
				if hour == 12 {
					hour = 0
				}
			case "pm":
				if hour != 12 {
					hour += 12
				}
			}
		case "M":
			minute = atoi(text)
		case "S":
			second = atoi(text)
		case "f":
			fraction = atoi(text + strings.Repeat("0", 6-len(text)))
		case "A", "a":
			for i, wd := range cWeekdays {
				if lower == strings.ToLower(wd) || lower == strings.ToLower(wd[:3]) {
					weekday = (i + 6) % 7
				}
			}
		case "w":
			weekday = (atoi(text) + 6) % 7
		case "u":
			weekday = atoi(text) - 1
		case "j":
			julian, hasJulian = atoi(text), true
		case "U", "W":
			week = atoi(text)
			weekStartsMonday = name == "W"
		case "V":
			isoWeek = atoi(text)
		case "z":
			off, frac := 0, 0
			if text != "Z" {
				z := text
				if z[3] == ':' {
					z = z[:3] + z[4:]
					if len(z) > 5 {
						if z[5] != ':' {
							return time.Time{}, raise("ValueError", "Inconsistent use of : in %s", text)
						}
						z = z[:5] + z[6:]
					}
				}
				var parts [4]int
				for k, piece := range []string{z[1:3], z[3:5], z[5:min(7, len(z))], z[min(8, len(z)):]} {
					if k == 2 && piece == "" {
						continue
					}
					if k == 3 {
						piece += strings.Repeat("0", 6-len(piece))
					}
					n, err := value.ParseInt(piece, 10)
					if err != nil {
						return time.Time{}, err
					}
					parts[k] = int(n.(value.Int))
				}
				off, frac = parts[0]*3600+parts[1]*60+parts[2], parts[3]
				if z[0] == '-' {
					off, frac = -off, -frac
				}
			}
			gmtoff, gmtoffFraction = &off, &frac
		case "Z":
			tzName = text
		}
	}
	switch {
	case year < 0 && isoYear >= 0:
		if isoWeek < 0 || weekday < 0 {
			return time.Time{}, raise("ValueError", "ISO year directive '%%G' must be used with the ISO week directive '%%V' and a weekday directive ('%%A', '%%a', '%%w', or '%%u').")
		}
		if hasJulian {
			return time.Time{}, raise("ValueError", "Day of the year directive '%%j' is not compatible with ISO year directive '%%G'. Use '%%Y' instead.")
		}
	case week < 0 && isoWeek >= 0:
		if weekday < 0 {
			return time.Time{}, raise("ValueError", "ISO week directive '%%V' must be used with the ISO year directive '%%G' and a weekday directive ('%%A', '%%a', '%%w', or '%%u').")
		}
		return time.Time{}, raise("ValueError", "ISO week directive '%%V' is incompatible with the year directive '%%Y'. Use the ISO year '%%G' instead.")
	}
	leapYearFix := false
	if year < 0 && month == 2 && day == 29 {
		year, leapYearFix = 1904, true
	} else if year < 0 {
		year = 1900
	}
	if !hasJulian && weekday >= 0 {
		if week >= 0 {
			first, err := weekdayOf(year, 1, 1)
			if err != nil {
				return time.Time{}, err
			}
			dow := weekday
			if !weekStartsMonday {
				first = (first + 1) % 7
				dow = (dow + 1) % 7
			}
			if week == 0 {
				julian = 1 + dow - first
			} else {
				julian = 1 + (7-first)%7 + 7*(week-1) + dow
			}
			hasJulian = true
		} else if isoYear >= 0 && isoWeek >= 0 {
			jan4, err := weekdayOf(isoYear, 1, 4)
			if err != nil {
				return time.Time{}, err
			}
			ordinal := isoWeek*7 + weekday + 1 - (jan4 + 1 + 3)
			year = isoYear
			if ordinal < 1 {
				ordinal += daysInYear(year - 1)
				year--
			}
			julian, hasJulian = ordinal, true
		}
		if hasJulian && julian <= 0 {
			year--
			julian += daysInYear(year)
		}
	}
	if !hasJulian {
		if _, err := Date(int64(year), int64(month), int64(day), 0, 0, 0, 0, time.UTC); err != nil {
			return time.Time{}, err
		}
	} else {
		if year < 1 || year > 9999 {
			return time.Time{}, raise("ValueError", "year %d is out of range", year)
		}
		d := time.Date(year, 1, julian, 0, 0, 0, 0, time.UTC)
		if d.Year() < 1 || d.Year() > 9999 {
			return time.Time{}, raise("ValueError", "year %d is out of range", d.Year())
		}
		year, month, day = d.Year(), int(d.Month()), d.Day()
	}
	if leapYearFix {
		year = 1900
	}
	loc := UTC
	if gmtoff != nil {
		var err error
		if loc, err = Timezone(int64(*gmtoff)*usPerSecond+int64(*gmtoffFraction), tzName); err != nil {
			return time.Time{}, err
		}
	}
	return Date(int64(year), int64(month), int64(day), int64(hour), int64(minute), int64(second), int64(fraction), loc)
}
