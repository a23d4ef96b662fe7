package token

import (
	"os"
	"testing"
)

// BenchmarkTokenizeStdlib tokenizes every stdlib file per iteration into []Token.
func BenchmarkTokenizeStdlib(b *testing.B) {
	benchmarkStdlib(b, func(src []byte) { Tokenize(src) })
}

// BenchmarkTokenizeStreamStdlib is BenchmarkTokenizeStdlib for the compact form the parser uses.
func BenchmarkTokenizeStreamStdlib(b *testing.B) {
	benchmarkStdlib(b, func(src []byte) { TokenizeStream(src) })
}

func benchmarkStdlib(b *testing.B, tokenize func([]byte)) {
	_, files := stdlibFiles(b)
	var srcs [][]byte
	var total int64
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		srcs = append(srcs, src)
		total += int64(len(src))
	}
	b.SetBytes(total)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, src := range srcs {
			tokenize(src)
		}
	}
}
