// Package pytime reproduces the date and time handling of the reference's
// Python: datetime and timedelta's constructors, ranges, arithmetic,
// timestamps and time zones ([Date], [Add], [Timestamp], [FromTimestamp],
// [Timezone], [Span]); datetime.strptime ([Strptime], whose patterns run
// on engine/internal/pyre as Python's _strptime runs them on re);
// datetime.strftime with GNU libc's strftime in the C locale
// ([Strftime], flags and widths included); and dateutil's parser.parse
// ([ParseDate]). YAQL's date_time library and the YAML timestamps of
// engine/internal/pyyaml use it.
//
// Dates are [time.Time] values with a fixed UTC offset; errors are
// [value.Exception]s with Python's class and message.
//
// Known limits: there are no naive datetimes (a date without a zone is
// UTC); offsets with a fraction of a second are refused; the C locale is
// the only locale; dateutil's parser sees the local zone as UTC (as on
// the reference's servers and in a browser sandbox).
package pytime
