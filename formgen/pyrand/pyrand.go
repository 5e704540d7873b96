// Package pyrand reproduces Python's random.Random: the MT19937 generator
// seeded from an integer with init_by_array, getrandbits, choice and the
// uuid.UUID(int=getrandbits(128), version=4) identifiers built from it, so
// that seeded runs give the same values as the reference's.
package pyrand

import (
	"fmt"
	"math/big"
	"math/bits"

	"murano.dev/playground/engine/hashes"
)

const (
	n         = 624
	m         = 397
	matrixA   = 0x9908b0df
	upperMask = 0x80000000
	lowerMask = 0x7fffffff
)

// Rand is one generator, as random.Random(seed).
type Rand struct {
	mt  [n]uint32
	mti int
}

// New returns a generator seeded as random.Random(seed) for an integer
// seed.
func New(seed int64) *Rand {
	return newFromInt(new(big.Int).SetInt64(seed))
}

// NewString returns a generator seeded as random.Random(seed) for a str
// seed: the integer of its UTF-8 bytes followed by their SHA-512 digest,
// read big-endian.
func NewString(seed string) *Rand {
	digest := hashes.SHA512([]byte(seed))
	return newFromInt(new(big.Int).SetBytes(append([]byte(seed), digest[:]...)))
}

// newFromInt seeds as random.seed does with an integer: its absolute
// value split into 32-bit words, least significant first, fed to
// init_by_array.
func newFromInt(seed *big.Int) *Rand {
	u := new(big.Int).Abs(seed)
	var key []uint32
	for _, w := range u.Bits() {
		for i := 0; i < bits.UintSize/32; i++ {
			key = append(key, uint32(uint64(w)>>(32*i)))
		}
	}
	for len(key) > 1 && key[len(key)-1] == 0 {
		key = key[:len(key)-1]
	}
	if len(key) == 0 {
		key = []uint32{0}
	}
	r := &Rand{}
	r.initByArray(key)
	return r
}

func (r *Rand) initGenrand(s uint32) {
	r.mt[0] = s
	for i := 1; i < n; i++ {
		r.mt[i] = 1812433253*(r.mt[i-1]^(r.mt[i-1]>>30)) + uint32(i)
	}
	r.mti = n
}

func (r *Rand) initByArray(key []uint32) {
	r.initGenrand(19650218)
	i, j := 1, 0
	k := max(n, len(key))
	for ; k > 0; k-- {
		r.mt[i] = (r.mt[i] ^ ((r.mt[i-1] ^ (r.mt[i-1] >> 30)) * 1664525)) + key[j] + uint32(j)
		i++
		j++
		if i >= n {
			r.mt[0] = r.mt[n-1]
			i = 1
		}
		if j >= len(key) {
			j = 0
		}
	}
	for k = n - 1; k > 0; k-- {
		r.mt[i] = (r.mt[i] ^ ((r.mt[i-1] ^ (r.mt[i-1] >> 30)) * 1566083941)) - uint32(i)
		i++
		if i >= n {
			r.mt[0] = r.mt[n-1]
			i = 1
		}
	}
	r.mt[0] = 0x80000000
}

// Uint32 returns the next 32 random bits (genrand_uint32).
func (r *Rand) Uint32() uint32 {
	if r.mti >= n {
		for kk := 0; kk < n; kk++ {
			y := (r.mt[kk] & upperMask) | (r.mt[(kk+1)%n] & lowerMask)
			v := r.mt[(kk+m)%n] ^ (y >> 1)
			if y&1 != 0 {
				v ^= matrixA
			}
			r.mt[kk] = v
		}
		r.mti = 0
	}
	y := r.mt[r.mti]
	r.mti++
	y ^= y >> 11
	y ^= (y << 7) & 0x9d2c5680
	y ^= (y << 15) & 0xefc60000
	y ^= y >> 18
	return y
}

// GetRandBits is random.getrandbits(k) for k ≥ 1: 32-bit words, least
// significant first, the last one shifted down to the bits left.
func (r *Rand) GetRandBits(k int) *big.Int {
	out := new(big.Int)
	for shift := 0; k > 0; shift, k = shift+32, k-32 {
		w := r.Uint32()
		if k < 32 {
			w >>= 32 - k
		}
		out.Or(out, new(big.Int).Lsh(big.NewInt(int64(w)), uint(shift)))
	}
	return out
}

// Below is random._randbelow(n) for 0 < n < 2³²: getrandbits of n's bit
// length until the result is under n.
func (r *Rand) Below(n int) int {
	k := 0
	for v := n; v > 0; v >>= 1 {
		k++
	}
	for {
		v := int(r.Uint32() >> (32 - k))
		if v < n {
			return v
		}
	}
}

// Choice is random.choice over a string's bytes.
func (r *Rand) Choice(s string) byte { return s[r.Below(len(s))] }

// UUID4 returns str(uuid.UUID(int=getrandbits(128), version=4)).
func (r *Rand) UUID4() string {
	b := r.GetRandBits(128).FillBytes(make([]byte, 16))
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}

// Float is random.random(): 53 random bits as a float in [0, 1).
func (r *Rand) Float() float64 {
	a, b := r.Uint32()>>5, r.Uint32()>>6
	return (float64(a)*67108864 + float64(b)) / 9007199254740992
}
