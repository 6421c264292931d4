package chess

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// fuzzSANPositions are the positions FuzzParseSAN reads moves in: the start, Kiwipete
// (castling, pins, en passant after b4, many captures), a Chess960 position with the king on
// b1 that can castle both ways, positions rich in promotions and one with an en-passant
// capture that answers a check.
var fuzzSANPositions = []string{
	fenStart,
	fenKiwipete,
	"rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w EAea - 0 1",
	"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
	"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 0 1",
	fenEPSingle,
	fenThreeQ,
}

// FuzzParseSAN: ParseSAN, ParseSANDeviation and ParseSANStrict never panic; whatever they
// read is a legal move; their errors are *SANError with an offset inside the input; a zero
// deviation means the input was exact SAN; strict success implies lenient success with the
// same move and an input that is SAN, perhaps without its suffix.
func FuzzParseSAN(f *testing.F) {
	positions := make([]Position, len(fuzzSANPositions))
	for i, fen := range fuzzSANPositions {
		positions[i] = MustParseFEN(fen)
		for _, m := range positions[i].LegalMoves() {
			f.Add(uint8(i), positions[i].SAN(m))
			f.Add(uint8(i), positions[i].LAN(m))
			f.Add(uint8(i), m.String())
		}
	}
	for _, s := range []string{"", "--", "0000", "O-O-O#", "0-0+", "e8(Q)", "e8=q", "exf6 e.p.", "Ng1-f3!?",
		"Pe4", "bxc3", "b4", "xd5", "xh3", "xe6", "xd6", "d6", "e:d5", "d5:e6", "Qh4#+", "Nf3++", "Qh4##", "e4 ", " e4", "Qh4e1", "cxb8=N#", "a1=Q"} {
		for i := range positions {
			f.Add(uint8(i), s)
		}
	}
	f.Fuzz(func(t *testing.T, pi uint8, s string) {
		p := positions[int(pi)%len(positions)]
		m, dev, err := p.ParseSANDeviation(s)
		if lm, lerr := p.ParseSAN(s); lm != m || (lerr == nil) != (err == nil) {
			t.Fatalf("%s: ParseSAN(%q) = %v, %v; ParseSANDeviation = %v, %v", p.FEN(), s, lm, lerr, m, err)
		}
		if err != nil {
			var se *SANError
			if m != NullMove || dev != 0 || !errors.As(err, &se) || se.Input != s || se.Offset < 0 || se.Offset > len(s) ||
				!errors.Is(err, ErrSyntax) && !errors.Is(err, ErrIllegalMove) && !errors.Is(err, ErrAmbiguousMove) {
				t.Fatalf("%s: ParseSANDeviation(%q) = %v, %v, %#v", p.FEN(), s, m, dev, err)
			}
			_ = err.Error()
		} else {
			if !slices.Contains(p.LegalMoves(), m) && !(s == "--" && m == NullMove) {
				t.Fatalf("%s: ParseSAN(%q) = %v, not a legal move", p.FEN(), s, m)
			}
			if dev == 0 && p.SAN(m) != s {
				t.Fatalf("%s: ParseSANDeviation(%q) = %v with no deviation, but its SAN is %q", p.FEN(), s, m, p.SAN(m))
			}
		}
		sm, serr := p.ParseSANStrict(s)
		if serr == nil {
			san := p.SAN(sm)
			if err != nil || sm != m || dev&^SANMissingCheck != 0 || s != san && s != strings.TrimRight(san, "+#") {
				t.Fatalf("%s: ParseSANStrict(%q) = %v; ParseSANDeviation = %v, [%v], %v; SAN %q", p.FEN(), s, sm, m, dev, err, san)
			}
		} else if se := (*SANError)(nil); sm != NullMove || !errors.As(serr, &se) || se.Offset < 0 || se.Offset > len(s) ||
			!errors.Is(serr, ErrSyntax) && !errors.Is(serr, ErrIllegalMove) && !errors.Is(serr, ErrAmbiguousMove) {
			t.Fatalf("%s: ParseSANStrict(%q) = %v, %v", p.FEN(), s, sm, serr)
		}
	})
}
