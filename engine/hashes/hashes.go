// Package hashes computes the MD5 and SHA-512 digests that the reference
// derives its deterministic ids and seeds from (Python's hashlib.md5 of
// "engine:<seed>:<n>", random.seed of a string). They only name things:
// nothing here is for security, and the package imports none of Go's
// crypto, whose FIPS self-tests would otherwise start with every program
// that links the engine.
package hashes

import (
	"encoding/binary"
	"math"
	"math/bits"
)

// MD5 returns the MD5 digest of data (RFC 1321).
func MD5(data []byte) [16]byte {
	a0, b0, c0, d0 := uint32(0x67452301), uint32(0xefcdab89), uint32(0x98badcfe), uint32(0x10325476)
	for _, chunk := range pad(data, 64, false) {
		var m [16]uint32
		for i := range m {
			m[i] = binary.LittleEndian.Uint32(chunk[4*i:])
		}
		a, b, c, d := a0, b0, c0, d0
		for i := range 64 {
			var f uint32
			var g int
			switch {
			case i < 16:
				f, g = (b&c)|(^b&d), i
			case i < 32:
				f, g = (d&b)|(^d&c), (5*i+1)%16
			case i < 48:
				f, g = b^c^d, (3*i+5)%16
			default:
				f, g = c^(b|^d), (7*i)%16
			}
			f += a + md5K[i] + m[g]
			a, d, c = d, c, b
			b += bits.RotateLeft32(f, md5Shift[i/16][i%4])
		}
		a0, b0, c0, d0 = a0+a, b0+b, c0+c, d0+d
	}
	var out [16]byte
	for i, v := range []uint32{a0, b0, c0, d0} {
		binary.LittleEndian.PutUint32(out[4*i:], v)
	}
	return out
}

var md5Shift = [4][4]int{{7, 12, 17, 22}, {5, 9, 14, 20}, {4, 11, 16, 23}, {6, 10, 15, 21}}

var md5K = func() (k [64]uint32) {
	for i := range k {
		k[i] = uint32(math.Floor(math.Abs(math.Sin(float64(i+1))) * (1 << 32)))
	}
	return k
}()

// SHA512 returns the SHA-512 digest of data (FIPS 180-4).
func SHA512(data []byte) [64]byte {
	h := [8]uint64{0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1,
		0x510e527fade682d1, 0x9b05688c2b3e6c1f, 0x1f83d9abfb41bd6b, 0x5be0cd19137e2179}
	for _, chunk := range pad(data, 128, true) {
		var w [80]uint64
		for i := range 16 {
			w[i] = binary.BigEndian.Uint64(chunk[8*i:])
		}
		for i := 16; i < 80; i++ {
			s0 := bits.RotateLeft64(w[i-15], -1) ^ bits.RotateLeft64(w[i-15], -8) ^ (w[i-15] >> 7)
			s1 := bits.RotateLeft64(w[i-2], -19) ^ bits.RotateLeft64(w[i-2], -61) ^ (w[i-2] >> 6)
			w[i] = w[i-16] + s0 + w[i-7] + s1
		}
		a, b, c, d, e, f, g, hh := h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7]
		for i := range 80 {
			s1 := bits.RotateLeft64(e, -14) ^ bits.RotateLeft64(e, -18) ^ bits.RotateLeft64(e, -41)
			ch := (e & f) ^ (^e & g)
			t1 := hh + s1 + ch + sha512K[i] + w[i]
			s0 := bits.RotateLeft64(a, -28) ^ bits.RotateLeft64(a, -34) ^ bits.RotateLeft64(a, -39)
			maj := (a & b) ^ (a & c) ^ (b & c)
			t2 := s0 + maj
			hh, g, f, e, d, c, b, a = g, f, e, d+t1, c, b, a, t1+t2
		}
		for i, v := range [8]uint64{a, b, c, d, e, f, g, hh} {
			h[i] += v
		}
	}
	var out [64]byte
	for i, v := range h {
		binary.BigEndian.PutUint64(out[8*i:], v)
	}
	return out
}

// pad appends the Merkle–Damgård padding (0x80, zeros, the bit length,
// little- or big-endian) and splits the message into blocks.
func pad(data []byte, block int, bigEndian bool) [][]byte {
	lenSize := block / 8
	msg := append(append([]byte{}, data...), 0x80)
	for len(msg)%block != block-lenSize {
		msg = append(msg, 0)
	}
	length := make([]byte, lenSize)
	bitLen := uint64(len(data)) * 8
	if bigEndian {
		binary.BigEndian.PutUint64(length[lenSize-8:], bitLen)
	} else {
		binary.LittleEndian.PutUint64(length, bitLen)
	}
	msg = append(msg, length...)
	blocks := make([][]byte, 0, len(msg)/block)
	for i := 0; i < len(msg); i += block {
		blocks = append(blocks, msg[i:i+block])
	}
	return blocks
}

var sha512K = [80]uint64{
	0x428a2f98d728ae22, 0x7137449123ef65cd, 0xb5c0fbcfec4d3b2f, 0xe9b5dba58189dbbc, 0x3956c25bf348b538,
	0x59f111f1b605d019, 0x923f82a4af194f9b, 0xab1c5ed5da6d8118, 0xd807aa98a3030242, 0x12835b0145706fbe,
	0x243185be4ee4b28c, 0x550c7dc3d5ffb4e2, 0x72be5d74f27b896f, 0x80deb1fe3b1696b1, 0x9bdc06a725c71235,
	0xc19bf174cf692694, 0xe49b69c19ef14ad2, 0xefbe4786384f25e3, 0x0fc19dc68b8cd5b5, 0x240ca1cc77ac9c65,
	0x2de92c6f592b0275, 0x4a7484aa6ea6e483, 0x5cb0a9dcbd41fbd4, 0x76f988da831153b5, 0x983e5152ee66dfab,
	0xa831c66d2db43210, 0xb00327c898fb213f, 0xbf597fc7beef0ee4, 0xc6e00bf33da88fc2, 0xd5a79147930aa725,
	0x06ca6351e003826f, 0x142929670a0e6e70, 0x27b70a8546d22ffc, 0x2e1b21385c26c926, 0x4d2c6dfc5ac42aed,
	0x53380d139d95b3df, 0x650a73548baf63de, 0x766a0abb3c77b2a8, 0x81c2c92e47edaee6, 0x92722c851482353b,
	0xa2bfe8a14cf10364, 0xa81a664bbc423001, 0xc24b8b70d0f89791, 0xc76c51a30654be30, 0xd192e819d6ef5218,
	0xd69906245565a910, 0xf40e35855771202a, 0x106aa07032bbd1b8, 0x19a4c116b8d2d0c8, 0x1e376c085141ab53,
	0x2748774cdf8eeb99, 0x34b0bcb5e19b48a8, 0x391c0cb3c5c95a63, 0x4ed8aa4ae3418acb, 0x5b9cca4f7763e373,
	0x682e6ff3d6b2b8a3, 0x748f82ee5defb2fc, 0x78a5636f43172f60, 0x84c87814a1f0ab72, 0x8cc702081a6439ec,
	0x90befffa23631e28, 0xa4506cebde82bde9, 0xbef9a3f7b2c67915, 0xc67178f2e372532b, 0xca273eceea26619c,
	0xd186b8c721c0c207, 0xeada7dd6cde0eb1e, 0xf57d4f7fee6ed178, 0x06f067aa72176fba, 0x0a637dc5a2c898a6,
	0x113f9804bef90dae, 0x1b710b35131c471b, 0x28db77f523047d84, 0x32caab7b40c72493, 0x3c9ebe0a15c9bebc,
	0x431d67c49c100d4c, 0x4cc5d4becb3e42b6, 0x597f299cfc657e2a, 0x5fcb6fab3ad6faec, 0x6c44198c4a475817,
}
