package chess

import "testing"

// middlegames are positions with many pieces and moves of every kind, for the SAN benchmarks.
var middlegames = []string{
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
	"r1bq1rk1/pp2nppp/2n1p3/3pP3/1b1P4/2NB1N2/PP3PPP/R1BQK2R w KQ - 3 9",
	"2r2rk1/pp1bqppp/2n1pn2/3p4/2PP4/P1NBPN2/1P3PPP/R2QR1K1 b - - 2 13",
	"r2q1rk1/1b1nbppp/p2ppn2/1p6/3NP3/1BN1BP2/PPPQ2PP/2KR3R w - - 2 12",
}

type sanCase struct {
	pos  Position
	move Move
	san  string
}

func sanCases() []sanCase {
	var cases []sanCase
	for _, fen := range middlegames {
		p := MustParseFEN(fen)
		for _, m := range p.LegalMoves() {
			cases = append(cases, sanCase{p, m, p.SAN(m)})
		}
	}
	return cases
}

func BenchmarkSAN(b *testing.B) {
	cases := sanCases()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c := &cases[i%len(cases)]
		_ = c.pos.SAN(c.move)
	}
}

func BenchmarkAppendSAN(b *testing.B) {
	cases := sanCases()
	buf := make([]byte, 0, 16)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c := &cases[i%len(cases)]
		buf = c.pos.AppendSAN(buf[:0], c.move)
	}
}

func BenchmarkParseSAN(b *testing.B) {
	cases := sanCases()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c := &cases[i%len(cases)]
		if m, err := c.pos.ParseSAN(c.san); err != nil || m != c.move {
			b.Fatal(c.san, err)
		}
	}
}
