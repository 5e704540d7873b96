// This file defines MuranoPL runtime versions.

package decl

import (
	"cmp"
	"fmt"
	"strconv"
	"strings"
)

// Version is a MuranoPL runtime version: the Format of a package
// ("MuranoPL/1.3" has runtime 1.3). Runtimes 1.0 and 1.1 run legacy YAQL,
// 1.2 and later the modern one; the class loader parses expressions the
// same way in all of them.
type Version struct{ Major, Minor int }

// The runtime versions the reference supports.
var (
	V1_0 = Version{1, 0}
	V1_1 = Version{1, 1}
	V1_2 = Version{1, 2}
	V1_3 = Version{1, 3}
	V1_4 = Version{1, 4}
)

// ParseVersion parses "1", "1.4" or "1.4.0" (a patch level is ignored, as
// the reference compares major and minor only) and accepts the runtimes
// 1.0 to 1.4.
func ParseVersion(s string) (Version, error) {
	parts := strings.Split(strings.TrimSpace(s), ".")
	if len(parts) > 3 {
		return Version{}, fmt.Errorf("invalid runtime version %q", s)
	}
	nums := make([]int, 3)
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 {
			return Version{}, fmt.Errorf("invalid runtime version %q", s)
		}
		nums[i] = n
	}
	v := Version{nums[0], nums[1]}
	if v.Compare(V1_0) < 0 || v.Compare(V1_4) > 0 {
		return Version{}, fmt.Errorf("unsupported runtime version %q (want 1.0 to 1.4)", s)
	}
	return v, nil
}

// String returns "major.minor".
func (v Version) String() string { return fmt.Sprintf("%d.%d", v.Major, v.Minor) }

// Compare returns -1, 0 or +1 as v is lower than, equal to or higher than w.
func (v Version) Compare(w Version) int {
	return cmp.Or(cmp.Compare(v.Major, w.Major), cmp.Compare(v.Minor, w.Minor))
}

// LegacyYAQL reports whether the runtime evaluates expressions with
// legacy YAQL (runtimes up to 1.1).
func (v Version) LegacyYAQL() bool { return v.Compare(V1_1) <= 0 }
