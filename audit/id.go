package audit

import (
	"crypto/rand"
	"time"
)

// crockford is the Crockford base32 alphabet, as ULIDs use it.
const crockford = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

// newID returns a ULID: 48 bits of milliseconds then 80 random bits, as 26 characters. IDs sort by
// time and never look like a seq number, so `audit show` can take either.
func newID(t time.Time) string {
	var b [16]byte
	ms := uint64(t.UnixMilli())
	for i := range 6 {
		b[i] = byte(ms >> (40 - 8*i))
	}
	// crypto/rand.Read never returns an error (it crashes the program when it cannot read).
	rand.Read(b[6:])
	var out [26]byte
	// 128 bits as 26 base32 digits: the first digit carries the top 3 bits.
	hi := uint64(b[0])<<56 | uint64(b[1])<<48 | uint64(b[2])<<40 | uint64(b[3])<<32 | uint64(b[4])<<24 | uint64(b[5])<<16 | uint64(b[6])<<8 | uint64(b[7])
	lo := uint64(b[8])<<56 | uint64(b[9])<<48 | uint64(b[10])<<40 | uint64(b[11])<<32 | uint64(b[12])<<24 | uint64(b[13])<<16 | uint64(b[14])<<8 | uint64(b[15])
	for i := 25; i >= 0; i-- {
		out[i] = crockford[lo&31]
		lo = lo>>5 | hi<<59
		hi >>= 5
	}
	return string(out[:])
}
