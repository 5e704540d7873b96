// This file defines the rules of Python's datetime and timedelta: the
// checks of the constructors, arithmetic, timestamps and UTC offsets.

package pytime

import (
	"fmt"
	"math"
	"math/big"
	"time"

	"murano.dev/playground/engine/value"
)

const (
	usPerSecond = int64(time.Second / time.Microsecond)
	usPerDay    = 86400 * usPerSecond
	// MaxSpanDays is the largest span Python's timedelta holds, in days.
	MaxSpanDays = 999999999
)

// UTC is Python's datetime.timezone.utc.
var UTC = time.FixedZone("UTC", 0)

// raise returns the Python exception of the class.
func raise(class, format string, args ...any) error {
	return &value.Exception{Class: class, Message: fmt.Sprintf(format, args...)}
}

func errDateRange() error { return raise("OverflowError", "date value out of range") }

// Date is Python's datetime(year, month, day, hour, minute, second,
// microsecond, tzinfo): the fields are checked in Python's order, with
// its messages.
func Date(year, month, day, hour, minute, second, micro int64, loc *time.Location) (time.Time, error) {
	switch {
	case year < 1 || year > 9999:
		return time.Time{}, raise("ValueError", "year %d is out of range", year)
	case month < 1 || month > 12:
		return time.Time{}, raise("ValueError", "month must be in 1..12")
	case day < 1 || day > int64(DaysIn(int(year), int(month))):
		return time.Time{}, raise("ValueError", "day is out of range for month")
	case hour < 0 || hour > 23:
		return time.Time{}, raise("ValueError", "hour must be in 0..23")
	case minute < 0 || minute > 59:
		return time.Time{}, raise("ValueError", "minute must be in 0..59")
	case second < 0 || second > 59:
		return time.Time{}, raise("ValueError", "second must be in 0..59")
	case micro < 0 || micro > 999999:
		return time.Time{}, raise("ValueError", "microsecond must be in 0..999999")
	}
	return time.Date(int(year), time.Month(month), int(day), int(hour), int(minute), int(second), int(micro)*1000, loc), nil
}

// DaysIn returns the number of days of a month.
func DaysIn(year, month int) int {
	return time.Date(year, time.Month(month)+1, 0, 0, 0, 0, 0, time.UTC).Day()
}

func daysInYear(year int) int {
	if year%4 == 0 && (year%100 != 0 || year%400 == 0) {
		return 366
	}
	return 365
}

// weekdayOf is Python's date(year, month, day).weekday(): Monday is 0.
func weekdayOf(year, month, day int) (int, error) {
	if _, err := Date(int64(year), int64(month), int64(day), 0, 0, 0, 0, time.UTC); err != nil {
		return 0, err
	}
	return (int(time.Date(year, time.Month(month), day, 0, 0, 0, 0, time.UTC).Weekday()) + 6) % 7, nil
}

// inRange reports whether the wall clock of a date is within Python's
// years 1 to 9999.
func inRange(d time.Time) bool { return d.Year() >= 1 && d.Year() <= 9999 }

// Add is datetime + timedelta(microseconds=us): the date keeps its time
// zone; a result out of Python's range is an OverflowError.
func Add(d time.Time, us int64) (time.Time, error) {
	const maxSpan = 10000 * 366 * 86400 * 1000000
	if us > maxSpan || us < -maxSpan {
		return time.Time{}, errDateRange()
	}
	r := d.Add(time.Duration(us) * time.Microsecond)
	if !inRange(r) {
		return time.Time{}, errDateRange()
	}
	return r, nil
}

// Timestamp is Python's datetime.timestamp() of an aware date.
func Timestamp(d time.Time) (float64, error) {
	_, off := d.Zone()
	u, err := Add(d, -int64(off)*usPerSecond)
	if err != nil {
		return 0, err
	}
	f, _ := new(big.Rat).SetFrac(big.NewInt(u.UnixMicro()), big.NewInt(usPerSecond)).Float64()
	return f, nil
}

// FromTimestamp is Python's datetime.fromtimestamp(ts, tz) for a number:
// a fraction is rounded to microseconds, ties to even.
func FromTimestamp(ts value.Value, loc *time.Location) (time.Time, error) {
	var secs, us int64
	outOfRange := raise("OverflowError", "timestamp out of range for platform time_t")
	switch x := ts.(type) {
	case value.Float:
		f := float64(x)
		if math.IsNaN(f) {
			return time.Time{}, raise("ValueError", "Invalid value NaN (not a number)")
		}
		ip, fp := math.Modf(f)
		fp = math.RoundToEven(fp * 1e6)
		if fp >= 1e6 {
			fp -= 1e6
			ip++
		} else if fp < 0 {
			fp += 1e6
			ip--
		}
		if !(ip >= -9.223372036854775808e18 && ip < 9.223372036854775808e18) {
			return time.Time{}, outOfRange
		}
		secs, us = int64(ip), int64(fp)
	default:
		n, ok := value.ToInt64(x)
		if !ok {
			return time.Time{}, outOfRange
		}
		secs = n
	}
	days := secs / 86400
	if secs%86400 < 0 {
		days--
	}
	year := civilYear(days)
	if year-1900 > math.MaxInt32 || year-1900 < math.MinInt32 {
		return time.Time{}, raise("OSError", "[Errno 75] Value too large for defined data type")
	}
	if year < 1 || year > 9999 {
		return time.Time{}, raise("ValueError", "year %d is out of range", year)
	}
	t := time.Unix(secs, us*1000).In(loc)
	if !inRange(t) {
		return time.Time{}, errDateRange()
	}
	return t, nil
}

// civilYear returns the year of the day counted from 1970-01-01 in the
// proleptic Gregorian calendar.
func civilYear(days int64) int64 {
	z := days + 719468
	era := z / 146097
	if z%146097 < 0 {
		era--
	}
	doe := z - era*146097
	yoe := (doe - doe/1460 + doe/36524 - doe/146096) / 365
	y := yoe + era*400
	doy := doe - (365*yoe + yoe/4 - yoe/100)
	mp := (5*doy + 2) / 153
	if mp >= 10 {
		y++
	}
	return y
}

// Timezone is Python's datetime.timezone(timedelta(microseconds=us)),
// named name, or as Python names it when name is "" (UTC, UTC+05:30).
// Offsets with a fraction of a second, which Python allows, are not
// supported.
func Timezone(us int64, name string) (*time.Location, error) {
	if us <= -usPerDay || us >= usPerDay {
		return nil, raise("ValueError", "offset must be a timedelta strictly between -timedelta(hours=24) and timedelta(hours=24), not %s.", value.TimeSpan{Micros: us}.Repr())
	}
	if us%usPerSecond != 0 {
		return nil, raise("ValueError", "offsets with a fraction of a second are not supported")
	}
	off := int(us / usPerSecond)
	if name == "" {
		name = timezoneName(off)
	}
	return time.FixedZone(name, off), nil
}

// timezoneName is the name of Python's datetime.timezone for an offset
// in seconds: UTC, UTC+05:30, UTC-00:00:30.
func timezoneName(off int) string {
	if off == 0 {
		return "UTC"
	}
	return "UTC" + value.FormatOffset(off, ":")
}

// Span is Python's timedelta(microseconds=us), with its range checks.
func Span(us *big.Int) (value.TimeSpan, error) {
	days := new(big.Int).Div(us, big.NewInt(usPerDay)) // rounded down
	if !days.IsInt64() || days.Int64() > math.MaxInt32 || days.Int64() < math.MinInt32 {
		return value.TimeSpan{}, raise("OverflowError", "Python int too large to convert to C int")
	}
	if d := days.Int64(); d > MaxSpanDays || d < -MaxSpanDays {
		return value.TimeSpan{}, raise("OverflowError", "days=%d; must have magnitude <= %d", d, MaxSpanDays)
	}
	if !us.IsInt64() {
		return value.TimeSpan{}, raise("OverflowError", "days=%s; spans of more than %d days are not supported", days, math.MaxInt64/usPerDay)
	}
	return value.TimeSpan{Micros: us.Int64()}, nil
}

// SpanFromFloat is timedelta(microseconds=f): rounded half to even.
func SpanFromFloat(f float64) (value.TimeSpan, error) {
	switch {
	case math.IsNaN(f):
		return value.TimeSpan{}, raise("ValueError", "cannot convert float NaN to integer")
	case math.IsInf(f, 0):
		return value.TimeSpan{}, raise("OverflowError", "cannot convert float infinity to integer")
	}
	b, _ := new(big.Float).SetFloat64(math.RoundToEven(f)).Int(nil)
	return Span(b)
}
