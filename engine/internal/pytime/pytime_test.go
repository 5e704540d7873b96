package pytime

import (
	"math/big"
	"testing"
	"time"

	"murano.dev/playground/engine/value"
)

// The expected values are Python 3.11's datetime module and
// python3-dateutil 2.8 on the same input (naive results, which are UTC
// here).

// check compares a result with a wanted date, or an error with a
// wanted "Class: message".
func check(t *testing.T, what string, got time.Time, err error, want any) {
	t.Helper()
	switch w := want.(type) {
	case string:
		if err == nil || err.Error() != w {
			t.Errorf("%s = %v, %v; want error %s", what, got, err, w)
		}
	case time.Time:
		_, gotOff := got.Zone()
		_, wantOff := w.Zone()
		if err != nil || !got.Equal(w) || gotOff != wantOff {
			t.Errorf("%s = %v, %v; want %v", what, got, err, w)
		}
	}
}

func at(offset int, fields ...int) time.Time {
	f := append(fields, 0, 0, 0, 0, 0, 0)
	return time.Date(f[0], time.Month(f[1]), f[2], f[3], f[4], f[5], f[6]*1000, time.FixedZone("", offset))
}

func TestDate(t *testing.T) {
	d, err := Date(2001, 2, 29, 0, 0, 0, 0, UTC)
	check(t, "datetime(2001, 2, 29)", d, err, "ValueError: day is out of range for month")
	d, err = Date(2001, 12, 14, 24, 0, 0, 0, UTC)
	check(t, "datetime(2001, 12, 14, 24)", d, err, "ValueError: hour must be in 0..23")
	d, err = Add(time.Date(9999, 12, 31, 0, 0, 0, 0, UTC), 86400_000_000)
	check(t, "datetime(9999, 12, 31) + timedelta(days=1)", d, err, "OverflowError: date value out of range")
	if ts, err := Timestamp(time.Date(2001, 1, 1, 0, 0, 0, 0, UTC)); ts != 978307200 || err != nil {
		t.Errorf("timestamp = %v, %v", ts, err)
	}
	d, err = FromTimestamp(value.Float(0.5), UTC)
	check(t, "fromtimestamp(0.5)", d, err, at(0, 1970, 1, 1, 0, 0, 0, 500000))
	d, err = FromTimestamp(value.Float(1e20), UTC)
	check(t, "fromtimestamp(1e20)", d, err, "OverflowError: timestamp out of range for platform time_t")
	_, err = Timezone(25*3600_000_000, "")
	check(t, "timezone(timedelta(hours=25))", time.Time{}, err,
		"ValueError: offset must be a timedelta strictly between -timedelta(hours=24) and timedelta(hours=24), not datetime.timedelta(days=1, seconds=3600).")
	us, _ := new(big.Int).SetString("86400000000000000000", 10)
	if _, err := Span(us); err == nil || err.Error() != "OverflowError: days=1000000000; must have magnitude <= 999999999" {
		t.Errorf("timedelta of 10⁹ days: %v", err)
	}
}

func TestStrptime(t *testing.T) {
	for _, tc := range []struct {
		data, format string
		want         any
	}{
		{"2001-12-14 21:59", "%Y-%m-%d %H:%M", at(0, 2001, 12, 14, 21, 59)},
		{"2001-12-14T10:00+05:30", "%Y-%m-%dT%H:%M%z", at(5*3600+1800, 2001, 12, 14, 10)},
		{"٢٠٠١ dec", "%Y %b", at(0, 2001, 12, 1)},
		{"10 PM", "%I %p", at(0, 1900, 1, 1, 22)},
		{"2001", "%Y-%m", "ValueError: time data '2001' does not match format '%Y-%m'"},
		{"2001x", "%Y", "ValueError: unconverted data remains: x"},
		{"2001", "%Y%", "ValueError: stray % in format '%Y%'"},
		{"2001", "%q", "ValueError: 'q' is a bad directive in format '%q'"},
		{"1 1", "%d %d", "error: redefinition of group name 'd' as group 2; was group 1 at position 48"},
	} {
		d, err := Strptime(tc.data, tc.format)
		check(t, "strptime("+tc.data+", "+tc.format+")", d, err, tc.want)
	}
	if d, _ := Strptime("2001-12-14T10:00+05:30", "%Y-%m-%dT%H:%M%z"); d.Location().String() != "UTC+05:30" {
		t.Errorf("tzname = %s, want UTC+05:30", d.Location())
	}
}

func TestStrftime(t *testing.T) {
	d := time.Date(2001, 12, 14, 21, 59, 43, 100000000, time.FixedZone("", -5*3600))
	got, err := Strftime(d, "%Y-%m-%d %H:%M:%S.%f %z|%a %b %j|%-d|%^a|%10Y|%%", 1000)
	if want := "2001-12-14 21:59:43.100000 -0500|Fri Dec 348|14|FRI|0000002001|%"; got != want || err != nil {
		t.Errorf("strftime = %q, %v; want %q", got, err, want)
	}
	if _, err := Strftime(d, "%Y", 3); err != ErrTooLong {
		t.Errorf("strftime beyond the limit: %v", err)
	}
}

func TestParseDate(t *testing.T) {
	now := time.Date(2020, 6, 15, 12, 0, 0, 0, UTC)
	for _, tc := range []struct {
		s    string
		want any
	}{
		{"Dec 14 2001 10:00 +0200", at(7200, 2001, 12, 14, 10)},
		{"14/12/2001", at(0, 2001, 12, 14)},
		{"foo", "ParserError: Unknown string format: foo"},
	} {
		d, err := ParseDate(tc.s, now)
		check(t, "parse("+tc.s+")", d, err, tc.want)
	}
}
