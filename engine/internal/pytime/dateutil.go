// This file parses dates as dateutil's parser.parse does.

package pytime

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"murano.dev/playground/engine/value"
)

var (
	duJump     = wordSet(" ", ".", ",", ";", "-", "/", "'", "at", "on", "and", "ad", "m", "t", "of", "st", "nd", "rd", "th")
	duWeekdays = wordIndex([]string{"mon", "monday"}, []string{"tue", "tuesday"}, []string{"wed", "wednesday"},
		[]string{"thu", "thursday"}, []string{"fri", "friday"}, []string{"sat", "saturday"}, []string{"sun", "sunday"})
	duMonths = wordIndex([]string{"jan", "january"}, []string{"feb", "february"}, []string{"mar", "march"},
		[]string{"apr", "april"}, []string{"may"}, []string{"jun", "june"}, []string{"jul", "july"},
		[]string{"aug", "august"}, []string{"sep", "sept", "september"}, []string{"oct", "october"},
		[]string{"nov", "november"}, []string{"dec", "december"})
	duHMS     = wordIndex([]string{"h", "hour", "hours"}, []string{"m", "minute", "minutes"}, []string{"s", "second", "seconds"})
	duAMPM    = wordIndex([]string{"am", "a"}, []string{"pm", "p"})
	duUTCZone = wordSet("utc", "gmt", "z")
)

func wordSet(words ...string) map[string]bool {
	m := map[string]bool{}
	for _, w := range words {
		m[w] = true
	}
	return m
}

func wordIndex(groups ...[]string) map[string]int {
	m := map[string]int{}
	for i, g := range groups {
		for _, w := range g {
			m[w] = i
		}
	}
	return m
}

func lookup(m map[string]int, token string) (int, bool) {
	i, ok := m[strings.ToLower(token)]
	return i, ok
}

// duTokens splits a string as dateutil's _timelex does: runs of letters,
// runs of digits (with decimal points), single other characters, white
// space as " ". Digits are returned in ASCII.
func duTokens(s string) []string {
	rs := []rune(strings.ReplaceAll(s, "\x00", ""))
	isWord := func(r rune) bool { return unicode.IsLetter(r) }
	isNum := func(r rune) bool { _, ok := value.DecimalDigit(r); return ok }
	var tokens []string
	i := 0
	for i < len(rs) {
		var token []rune
		state := byte(0)
		seenLetters := false
		for i < len(rs) {
			c := rs[i]
			if state == 0 {
				token = []rune{c}
				i++
				switch {
				case isWord(c):
					state = 'a'
					continue
				case isNum(c):
					state = '0'
					continue
				case unicode.IsSpace(c):
					token = []rune{' '}
				}
				break
			}
			switch state {
			case 'a':
				seenLetters = true
				switch {
				case isWord(c):
					token = append(token, c)
				case c == '.':
					token = append(token, c)
					state = 'A'
				default:
					goto emit
				}
			case '0':
				switch {
				case isNum(c):
					token = append(token, c)
				case c == '.' || (c == ',' && len(token) >= 2):
					token = append(token, c)
					state = 'N'
				default:
					goto emit
				}
			case 'A': // letters and dots
				seenLetters = true
				switch {
				case c == '.' || isWord(c):
					token = append(token, c)
				case isNum(c) && token[len(token)-1] == '.':
					token = append(token, c)
					state = 'N'
				default:
					goto emit
				}
			case 'N': // digits and dots
				switch {
				case c == '.' || isNum(c):
					token = append(token, c)
				case isWord(c) && token[len(token)-1] == '.':
					token = append(token, c)
					state = 'A'
				default:
					goto emit
				}
			}
			i++
		}
	emit:
		t := string(token)
		if (state == 'A' || state == 'N') && (seenLetters || strings.Count(t, ".") > 1 || strings.ContainsAny(t[len(t)-1:], ".,")) {
			parts := splitKeepingDecimal(t)
			tokens = append(tokens, parts[0])
			for _, p := range parts[1:] {
				if p != "" {
					tokens = append(tokens, p)
				}
			}
		} else {
			if state == 'N' && !strings.Contains(t, ".") {
				t = strings.ReplaceAll(t, ",", ".")
			}
			tokens = append(tokens, t)
		}
	}
	for k, t := range tokens {
		tokens[k] = asciiDigits(t)
	}
	return tokens
}

// splitKeepingDecimal is re.split("([.,])", s).
func splitKeepingDecimal(s string) []string {
	var parts []string
	last := 0
	for i, r := range s {
		if r == '.' || r == ',' {
			parts = append(parts, s[last:i], string(r))
			last = i + 1
		}
	}
	return append(parts, s[last:])
}

func asciiDigits(s string) string {
	return strings.Map(func(r rune) rune {
		if d, ok := value.DecimalDigit(r); ok {
			return rune(d)
		}
		return r
	}, s)
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// duNumber is a decimal number token: digits with at most one point.
func duNumber(s string) (*big.Rat, bool) {
	if s == "" || strings.Count(s, ".") > 1 || s == "." {
		return nil, false
	}
	for i := 0; i < len(s); i++ {
		if (s[i] < '0' || s[i] > '9') && s[i] != '.' {
			return nil, false
		}
	}
	r, ok := new(big.Rat).SetString(s)
	return r, ok
}

// pyInt is Python's int() of a digit string taken from a token.
// Numbers beyond int64 saturate to math.MaxInt64.
func pyInt(s string) (int, error) {
	if !isDigits(s) {
		return 0, errDuFormat
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return math.MaxInt64, nil
	}
	return n, nil
}

func ratInt(r *big.Rat) int {
	q := new(big.Int).Quo(r.Num(), r.Denom())
	if !q.IsInt64() {
		return int(^uint(0) >> 1)
	}
	return int(q.Int64())
}

// ratFrac returns int(60 * (r % 1)) for r >= 0, or -1 when r is whole.
func ratFrac60(r *big.Rat) int {
	m := new(big.Int).Mod(r.Num(), r.Denom())
	if m.Sign() == 0 {
		return -1
	}
	f := new(big.Rat).SetFrac(m, r.Denom())
	return ratInt(f.Mul(f, big.NewRat(60, 1)))
}

var errDuFormat = fmt.Errorf("unknown date format")

// duYMD collects the year, month and day candidates of dateutil's _ymd.
type duYMD struct {
	vals             []int
	century          bool
	yIdx, mIdx, dIdx int
}

func (y *duYMD) appendStr(s string, label byte) error {
	if isDigits(s) && len(s) > 2 {
		y.century = true
		if label != 0 && label != 'Y' {
			return errDuFormat
		}
		label = 'Y'
	}
	n, err := pyInt(s)
	if err != nil {
		return err
	}
	return y.add(n, label)
}

func (y *duYMD) appendNum(r *big.Rat, label byte) error {
	if r.Cmp(big.NewRat(100, 1)) > 0 {
		y.century = true
		if label != 0 && label != 'Y' {
			return errDuFormat
		}
		label = 'Y'
	}
	return y.add(ratInt(r), label)
}

func (y *duYMD) add(n int, label byte) error {
	y.vals = append(y.vals, n)
	idx := len(y.vals) - 1
	switch label {
	case 'M':
		if y.mIdx >= 0 {
			return errDuFormat
		}
		y.mIdx = idx
	case 'D':
		if y.dIdx >= 0 {
			return errDuFormat
		}
		y.dIdx = idx
	case 'Y':
		if y.yIdx >= 0 {
			return errDuFormat
		}
		y.yIdx = idx
	}
	return nil
}

func (y *duYMD) couldBeDay(v *big.Rat) bool {
	if y.dIdx >= 0 {
		return false
	}
	max := 31
	if y.mIdx >= 0 {
		year := 2000
		if y.yIdx >= 0 {
			year = y.vals[y.yIdx]
		}
		max = daysInMonthAnyYear(year, y.vals[y.mIdx])
	}
	return v.Cmp(big.NewRat(1, 1)) >= 0 && v.Cmp(big.NewRat(int64(max), 1)) <= 0
}

func daysInMonthAnyYear(year, month int) int {
	if month < 1 || month > 12 {
		return 0
	}
	days := []int{31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}[month-1]
	if month == 2 && year%4 == 0 && (year%100 != 0 || year%400 == 0) {
		days = 29
	}
	return days
}

// resolve assigns year, month and day (-1 for unknown) as
// _ymd.resolve_ymd does without dayfirst and yearfirst.
func (y *duYMD) resolve() (year, month, day int, err error) {
	year, month, day = -1, -1, -1
	v := y.vals
	n := len(v)
	known := 0
	for _, i := range []int{y.yIdx, y.mIdx, y.dIdx} {
		if i >= 0 {
			known++
		}
	}
	if (n == known && n > 0) || (n == 3 && known == 2) {
		idx := map[byte]int{'y': y.yIdx, 'm': y.mIdx, 'd': y.dIdx}
		if n == 3 && known == 2 {
			used := map[int]bool{y.yIdx: true, y.mIdx: true, y.dIdx: true}
			for i := 0; i < 3; i++ {
				if !used[i] {
					for k, j := range idx {
						if j < 0 {
							idx[k] = i
						}
					}
				}
			}
		}
		get := func(k byte) int {
			if idx[k] < 0 {
				return -1
			}
			return v[idx[k]]
		}
		return get('y'), get('m'), get('d'), nil
	}
	switch {
	case n > 3:
		return 0, 0, 0, errDuFormat
	case n == 1 || (y.mIdx >= 0 && n == 2):
		var other int
		if y.mIdx >= 0 {
			month = v[y.mIdx]
			other = v[(y.mIdx-1+n)%n]
		} else {
			other = v[0]
		}
		if n > 1 || y.mIdx < 0 {
			if other > 31 {
				year = other
			} else {
				day = other
			}
		}
	case n == 2:
		switch {
		case v[0] > 31:
			year, month = v[0], v[1]
		case v[1] > 31:
			month, year = v[0], v[1]
		default:
			month, day = v[0], v[1]
		}
	case n == 3:
		switch y.mIdx {
		case 0:
			if v[1] > 31 {
				month, year, day = v[0], v[1], v[2]
			} else {
				month, day, year = v[0], v[1], v[2]
			}
		case 1:
			if v[0] > 31 {
				year, month, day = v[0], v[1], v[2]
			} else {
				day, month, year = v[0], v[1], v[2]
			}
		case 2:
			if v[1] > 31 {
				day, year, month = v[0], v[1], v[2]
			} else {
				year, day, month = v[0], v[1], v[2]
			}
		default:
			switch {
			case v[0] > 31 || y.yIdx == 0:
				year, month, day = v[0], v[1], v[2]
			case v[0] > 12:
				day, month, year = v[0], v[1], v[2]
			default:
				month, day, year = v[0], v[1], v[2]
			}
		}
	}
	return year, month, day, nil
}

// duResult holds what the parser found; -1 (or "") means not found.
type duResult struct {
	year, month, day, weekday         int
	hour, minute, second, microsecond int
	ampm                              int
	tzName                            string
	hasTzName                         bool
	tzOffset                          *int
	century                           bool
}

func (r *duResult) empty() bool {
	return r.year < 0 && r.month < 0 && r.day < 0 && r.weekday < 0 && r.hour < 0 && r.minute < 0 &&
		r.second < 0 && r.microsecond < 0 && !r.hasTzName && r.tzOffset == nil && r.ampm < 0
}

// ParseDate parses a date as dateutil's parser.parse(s) does, with now
// giving the missing parts (today at midnight) and the century of
// two-digit years; a date without a zone is taken as UTC.
func ParseDate(s string, now time.Time) (time.Time, error) {
	res, err := duParse(s, now.Year())
	if err != nil {
		return time.Time{}, raise("ParserError", "Unknown string format: %s", s)
	}
	if res.empty() {
		return time.Time{}, raise("ParserError", "String does not contain a date: %s", s)
	}
	def := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	f := [7]int{def.Year(), int(def.Month()), def.Day(), 0, 0, 0, 0}
	for i, v := range []int{res.year, res.month, res.day, res.hour, res.minute, res.second, res.microsecond} {
		if v >= 0 {
			f[i] = v
		}
	}
	if res.day < 0 {
		if res.month >= 0 && (res.month < 1 || res.month > 12) {
			return time.Time{}, raise("ParserError", "bad month number %d; must be 1-12: %s", res.month, s)
		}
		if last := daysInMonthAnyYear(f[0], f[1]); f[2] > last {
			f[2] = last
		}
	}
	for _, v := range f {
		switch {
		case v == math.MaxInt64:
			return time.Time{}, raise("OverflowError", "Python int too large to convert to C long")
		case v > math.MaxInt32:
			return time.Time{}, raise("OverflowError", "signed integer is greater than maximum")
		}
	}
	t, err := Date(int64(f[0]), int64(f[1]), int64(f[2]), int64(f[3]), int64(f[4]), int64(f[5]), int64(f[6]), time.UTC)
	if err != nil {
		return time.Time{}, raise("ParserError", "%s: %s", err.(*value.Exception).Message, s)
	}
	if res.weekday >= 0 && res.day <= 0 {
		jump := (7 - (int(t.Weekday())+6)%7 + res.weekday) % 7
		if t, err = Add(t, int64(jump)*usPerDay); err != nil {
			return time.Time{}, err
		}
	}
	loc, err := duZone(res)
	if err != nil {
		return time.Time{}, err
	}
	return time.Date(t.Year(), t.Month(), t.Day(), t.Hour(), t.Minute(), t.Second(), t.Nanosecond(), loc), nil
}

// duZone is the time zone dateutil gives the result, for a machine whose
// local zone is UTC (as the reference's and a browser's sandbox).
func duZone(res *duResult) (*time.Location, error) {
	switch {
	case res.hasTzName && res.tzName == "UTC":
		return UTC, nil
	case res.tzOffset != nil && *res.tzOffset == 0:
		return UTC, nil
	case res.tzOffset != nil:
		off := *res.tzOffset
		days := off / 86400
		if off%86400 < 0 {
			days--
		}
		switch {
		case days > math.MaxInt32 || days < math.MinInt32:
			return nil, raise("OverflowError", "Python int too large to convert to C int")
		case days > MaxSpanDays || days < -MaxSpanDays:
			return nil, raise("OverflowError", "days=%d; must have magnitude <= %d", days, MaxSpanDays)
		}
		if off <= -86400 || off >= 86400 {
			return nil, raise("ValueError", "offset must be a timedelta strictly between -timedelta(hours=24) and timedelta(hours=24).")
		}
		return time.FixedZone(res.tzName, off), nil
	}
	return UTC, nil
}

func couldBeTzName(res *duResult, token string) bool {
	if res.hour < 0 || res.hasTzName || res.tzOffset != nil || utf8.RuneCountInString(token) > 5 {
		return false
	}
	switch token {
	case "UTC", "GMT", "Z", "z":
		return true
	}
	for _, r := range token {
		if r < 'A' || r > 'Z' {
			return false
		}
	}
	return true
}

func adjustAMPM(hour, ampm int) int {
	if hour < 12 && ampm == 1 {
		return hour + 12
	}
	if hour == 12 && ampm == 0 {
		return 0
	}
	return hour
}

func parseMS(s string) (int, int, error) {
	if !strings.Contains(s, ".") {
		n, err := pyInt(s)
		return n, 0, err
	}
	parts := strings.Split(s, ".")
	if len(parts) != 2 {
		return 0, 0, errDuFormat
	}
	sec, err := pyInt(parts[0])
	if err != nil {
		return 0, 0, err
	}
	f := parts[1] + "000000"
	us, err := pyInt(f[:6])
	return sec, us, err
}

// duParse is dateutil's parser._parse without fuzzy matching.
func duParse(s string, thisYear int) (*duResult, error) {
	res := &duResult{year: -1, month: -1, day: -1, weekday: -1, hour: -1, minute: -1, second: -1, microsecond: -1, ampm: -1}
	l := duTokens(s)
	ymd := &duYMD{yIdx: -1, mIdx: -1, dIdx: -1}
	at := func(i int) (string, error) {
		if i < 0 || i >= len(l) {
			return "", errDuFormat
		}
		return l[i], nil
	}
	for i := 0; i < len(l); i++ {
		tok := l[i]
		lower := strings.ToLower(tok)
		if lower == "nan" || lower == "inf" || lower == "infinity" {
			return nil, errDuFormat
		}
		if _, ok := duNumber(tok); ok {
			next, err := duNumeric(l, i, ymd, res)
			if err != nil {
				return nil, err
			}
			i = next
			continue
		}
		if wd, ok := lookup(duWeekdays, tok); ok {
			res.weekday = wd
			continue
		}
		if mon, ok := lookup(duMonths, tok); ok {
			if err := ymd.add(mon+1, 'M'); err != nil {
				return nil, err
			}
			if i+1 < len(l) {
				if l[i+1] == "-" || l[i+1] == "/" {
					sep := l[i+1]
					t, err := at(i + 2)
					if err != nil {
						return nil, err
					}
					if err := ymd.appendStr(t, 0); err != nil {
						return nil, err
					}
					if i+3 < len(l) && l[i+3] == sep {
						t, err := at(i + 4)
						if err != nil {
							return nil, err
						}
						if err := ymd.appendStr(t, 0); err != nil {
							return nil, err
						}
						i += 2
					}
					i += 2
				} else if i+4 < len(l) && l[i+1] == " " && l[i+3] == " " && strings.ToLower(l[i+2]) == "of" {
					if isDigits(l[i+4]) {
						n, err := pyInt(l[i+4])
						if err != nil {
							return nil, err
						}
						if err := ymd.appendStr(strconv.Itoa(convertYear(n, false, thisYear)), 'Y'); err != nil {
							return nil, err
						}
					}
					i += 4
				}
			}
			continue
		}
		if ap, ok := lookup(duAMPM, tok); ok {
			if res.hour < 0 || res.hour > 12 {
				return nil, errDuFormat
			}
			res.hour = adjustAMPM(res.hour, ap)
			res.ampm = ap
			continue
		}
		if couldBeTzName(res, tok) {
			res.tzName, res.hasTzName = tok, true
			if tok == "z" {
				zero := 0
				res.tzOffset = &zero
			}
			if i+1 < len(l) && (l[i+1] == "+" || l[i+1] == "-") {
				if l[i+1] == "+" {
					l[i+1] = "-"
				} else {
					l[i+1] = "+"
				}
				res.tzOffset = nil
				if duUTCZone[strings.ToLower(tok)] {
					res.tzName, res.hasTzName = "", false
				}
			}
			continue
		}
		if res.hour >= 0 && (tok == "+" || tok == "-") {
			sign := 1
			if tok == "-" {
				sign = -1
			}
			next, err := at(i + 1)
			if err != nil {
				return nil, err
			}
			n := utf8.RuneCountInString(next)
			var h, m int
			switch {
			case n == 4:
				if h, err = pyInt(next[:2]); err == nil {
					m, err = pyInt(next[2:])
				}
			case i+2 < len(l) && l[i+2] == ":":
				var mt string
				if h, err = pyInt(next); err == nil {
					if mt, err = at(i + 3); err == nil {
						m, err = pyInt(mt)
					}
				}
				i += 2
			case n <= 2:
				h, err = pyInt(next)
			default:
				err = errDuFormat
			}
			if err != nil {
				return nil, err
			}
			off := saturatingOffset(sign, h, m)
			res.tzOffset = &off
			if i+5 < len(l) && duJump[strings.ToLower(l[i+2])] && l[i+3] == "(" && l[i+5] == ")" &&
				utf8.RuneCountInString(l[i+4]) >= 3 && couldBeTzName(&duResult{hour: res.hour}, l[i+4]) && !res.hasTzName {
				res.tzName, res.hasTzName = l[i+4], true
				i += 4
			}
			i++
			continue
		}
		if !duJump[lower] {
			return nil, errDuFormat
		}
	}
	year, month, day, err := ymd.resolve()
	if err != nil {
		return nil, err
	}
	res.century = ymd.century
	res.year, res.month, res.day = year, month, day
	if res.year >= 0 {
		res.year = convertYear(res.year, res.century, thisYear)
	}
	switch {
	case (res.tzOffset != nil && *res.tzOffset == 0 && !res.hasTzName) || res.tzName == "Z" || res.tzName == "z":
		res.tzName, res.hasTzName = "UTC", true
		zero := 0
		res.tzOffset = &zero
	case (res.tzOffset == nil || *res.tzOffset != 0) && res.hasTzName && duUTCZone[strings.ToLower(res.tzName)]:
		zero := 0
		res.tzOffset = &zero
	}
	return res, nil
}

// saturatingOffset is sign·(h·3600 + m·60) limited to ±2**62.
func saturatingOffset(sign, h, m int) int {
	const limit = 1 << 62
	total := new(big.Int).Mul(big.NewInt(int64(h)), big.NewInt(3600))
	total.Add(total, new(big.Int).Mul(big.NewInt(int64(m)), big.NewInt(60)))
	if total.Cmp(big.NewInt(limit)) > 0 {
		total.SetInt64(limit)
	}
	return sign * int(total.Int64())
}

// convertYear places a two-digit year within 50 years of this year.
func convertYear(year int, centurySpecified bool, thisYear int) int {
	if year < 100 && !centurySpecified {
		year += thisYear / 100 * 100
		if year >= thisYear+50 {
			year -= 100
		} else if year < thisYear-50 {
			year += 100
		}
	}
	return year
}

// duNumeric handles a number token as dateutil's _parse_numeric_token
// does and returns the index of the last token it used.
func duNumeric(l []string, idx int, ymd *duYMD, res *duResult) (int, error) {
	tok := l[idx]
	val, _ := duNumber(tok)
	n := utf8.RuneCountInString(tok)
	hmsAt := func(i int) (int, bool) {
		if i < 0 || i >= len(l) {
			return 0, false
		}
		return lookup(duHMS, l[i])
	}
	isJump := func(i int) bool { return i < len(l) && duJump[strings.ToLower(l[i])] }
	_, nextIsHMS := hmsAt(idx + 1)
	switch {
	case len(ymd.vals) == 3 && (n == 2 || n == 4) && res.hour < 0 && (idx+1 >= len(l) || (l[idx+1] != ":" && !nextIsHMS)):
		h, err := pyInt(tok[:2])
		if err != nil {
			return 0, err
		}
		res.hour = h
		if n == 4 {
			if res.minute, err = pyInt(tok[2:]); err != nil {
				return 0, err
			}
		}
	case n == 6 || (n > 6 && strings.Index(tok, ".") == 6):
		if len(ymd.vals) == 0 && !strings.Contains(tok, ".") {
			for _, part := range []string{tok[:2], tok[2:4], tok[4:]} {
				if err := ymd.appendStr(part, 0); err != nil {
					return 0, err
				}
			}
		} else {
			var err error
			if res.hour, err = pyInt(tok[:2]); err != nil {
				return 0, err
			}
			if res.minute, err = pyInt(tok[2:4]); err != nil {
				return 0, err
			}
			if res.second, res.microsecond, err = parseMS(tok[4:]); err != nil {
				return 0, err
			}
		}
	case n == 8 || n == 12 || n == 14:
		if err := ymd.appendStr(tok[:4], 'Y'); err != nil {
			return 0, err
		}
		for _, part := range []string{tok[4:6], tok[6:8]} {
			if err := ymd.appendStr(part, 0); err != nil {
				return 0, err
			}
		}
		var err error
		if n > 8 {
			if res.hour, err = pyInt(tok[8:10]); err != nil {
				return 0, err
			}
			if res.minute, err = pyInt(tok[10:12]); err != nil {
				return 0, err
			}
			if n > 12 {
				if res.second, err = pyInt(tok[12:]); err != nil {
					return 0, err
				}
			}
		}
	case duFindHMS(l, idx) >= 0:
		hmsIdx := duFindHMS(l, idx)
		var hms int
		if hmsIdx > idx {
			hms, _ = hmsAt(hmsIdx)
			idx = hmsIdx
		} else {
			hms, _ = hmsAt(hmsIdx)
			hms++
		}
		switch hms {
		case 0:
			res.hour = ratInt(val)
			if f := ratFrac60(val); f >= 0 {
				res.minute = f
			}
		case 1:
			res.minute = ratInt(val)
			res.second = ratFrac60(val)
		case 2:
			var err error
			if res.second, res.microsecond, err = parseMS(tok); err != nil {
				return 0, err
			}
		}
	case idx+2 < len(l) && l[idx+1] == ":":
		res.hour = ratInt(val)
		v2, ok := duNumber(l[idx+2])
		if !ok {
			return 0, errDuFormat
		}
		res.minute = ratInt(v2)
		res.second = ratFrac60(v2)
		if idx+4 < len(l) && l[idx+3] == ":" {
			var err error
			if res.second, res.microsecond, err = parseMS(l[idx+4]); err != nil {
				return 0, err
			}
			idx += 2
		}
		idx += 2
	case idx+1 < len(l) && (l[idx+1] == "-" || l[idx+1] == "/" || l[idx+1] == "."):
		sep := l[idx+1]
		if err := ymd.appendStr(tok, 0); err != nil {
			return 0, err
		}
		if idx+2 < len(l) && !isJump(idx+2) {
			if isDigits(l[idx+2]) {
				if err := ymd.appendStr(l[idx+2], 0); err != nil {
					return 0, err
				}
			} else if mon, ok := lookup(duMonths, l[idx+2]); ok {
				if err := ymd.add(mon+1, 'M'); err != nil {
					return 0, err
				}
			} else {
				return 0, errDuFormat
			}
			if idx+3 < len(l) && l[idx+3] == sep {
				if idx+4 >= len(l) {
					return 0, errDuFormat
				}
				if mon, ok := lookup(duMonths, l[idx+4]); ok {
					if err := ymd.add(mon+1, 'M'); err != nil {
						return 0, err
					}
				} else if err := ymd.appendStr(l[idx+4], 0); err != nil {
					return 0, err
				}
				idx += 2
			}
			idx++
		}
		idx++
	case idx+1 >= len(l) || isJump(idx+1):
		if ap, ok := lookupAt(duAMPM, l, idx+2); ok {
			res.hour = adjustAMPM(ratInt(val), ap)
			idx++
		} else if err := ymd.appendNum(val, 0); err != nil {
			return 0, err
		}
		idx++
	default:
		if ap, ok := lookupAt(duAMPM, l, idx+1); ok && val.Cmp(big.NewRat(24, 1)) < 0 {
			res.hour = adjustAMPM(ratInt(val), ap)
			idx++
		} else if ymd.couldBeDay(val) {
			if err := ymd.appendNum(val, 0); err != nil {
				return 0, err
			}
		} else {
			return 0, errDuFormat
		}
	}
	return idx, nil
}

func lookupAt(m map[string]int, l []string, i int) (int, bool) {
	if i < 0 || i >= len(l) {
		return 0, false
	}
	return lookup(m, l[i])
}

// duFindHMS is dateutil's _find_hms_idx: the index of the h/m/s label
// belonging to the number at idx, or -1.
func duFindHMS(l []string, idx int) int {
	isHMS := func(i int) bool {
		if i < 0 || i >= len(l) {
			return false
		}
		_, ok := lookup(duHMS, l[i])
		return ok
	}
	switch {
	case isHMS(idx + 1):
		return idx + 1
	case idx+2 < len(l) && l[idx+1] == " " && isHMS(idx+2):
		return idx + 2
	case idx > 0 && isHMS(idx-1):
		return idx - 1
	case 1 < idx && idx == len(l)-1 && l[idx-1] == " " && isHMS(idx-2):
		return idx - 2
	}
	return -1
}
