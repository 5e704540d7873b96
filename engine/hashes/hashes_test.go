package hashes

import (
	"crypto/md5"
	"crypto/sha512"
	"testing"
)

// The digests equal Go's crypto packages' on inputs around every
// padding boundary, and the RFC 1321 and FIPS 180-4 examples.
func TestDigests(t *testing.T) {
	inputs := [][]byte{nil, []byte("abc"), []byte("engine:42:1"), []byte("message digest")}
	for n := range 300 {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(i*7 + n)
		}
		inputs = append(inputs, b)
	}
	for _, in := range inputs {
		if got, want := MD5(in), md5.Sum(in); got != want {
			t.Errorf("MD5(%d bytes) = %x, want %x", len(in), got, want)
		}
		if got, want := SHA512(in), sha512.Sum512(in); got != want {
			t.Errorf("SHA512(%d bytes) = %x, want %x", len(in), got, want)
		}
	}
	if got := MD5([]byte("abc")); string(hexOf(got[:])) != "900150983cd24fb0d6963f7d28e17f72" {
		t.Errorf("MD5(abc) = %x", got)
	}
}

func FuzzDigests(f *testing.F) {
	f.Add([]byte("abc"))
	f.Fuzz(func(t *testing.T, in []byte) {
		if MD5(in) != md5.Sum(in) || SHA512(in) != sha512.Sum512(in) {
			t.Errorf("digests of %q differ from crypto's", in)
		}
	})
}

func hexOf(b []byte) []byte {
	const digits = "0123456789abcdef"
	out := make([]byte, 0, 2*len(b))
	for _, c := range b {
		out = append(out, digits[c>>4], digits[c&15])
	}
	return out
}
