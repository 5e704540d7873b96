// This file estimates sizes the way the memory quota of the reference
// counts them: Python's sys.getsizeof, which is shallow.

package yaql

import "murano.dev/playground/engine/value"

// sizeOf approximates CPython 3's sys.getsizeof(v) on 64-bit builds.
func sizeOf(v value.Value) int {
	switch x := v.(type) {
	case value.String:
		return strSize(string(x))
	case *value.List:
		if x.Mutable {
			return 56 + 8*len(x.Items)
		}
		return 40 + 8*len(x.Items)
	case *value.Set:
		n := 216
		for slots := 8; x.Len()*5 >= slots*3; slots *= 4 {
			n = 200 + 16*slots*4
		}
		return n
	case value.BigInt:
		return 24 + 4*((x.V.BitLen()+29)/30)
	case value.Int, value.Bool:
		return 28
	case value.Float:
		return 24
	}
	return 48
}

func strSize(s string) int {
	max := rune(0)
	n := 0
	for _, r := range s {
		n++
		if r > max {
			max = r
		}
	}
	switch {
	case max < 0x80:
		return 49 + len(s)
	case max < 0x100:
		return 73 + n
	case max < 0x10000:
		return 74 + 2*n
	}
	return 76 + 4*n
}
