package chess_test

import (
	"errors"
	"fmt"
	"strings"

	"github.com/ox88/chess"
)

// SAN writes what PGN files write: piece letters, "x" for captures, the pawn's file on a
// pawn capture, "O-O" for castling, "+" and "#" for check and mate, and the origin file or
// rank only when another piece of the same kind could also legally go there.
func ExamplePosition_SAN() {
	p := chess.StartingPosition()
	var sans []string
	for _, uci := range strings.Fields("e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5c6 d7c6 e1g1 f7f6 d2d4 e5d4 f3d4 c6c5 d4e6 d8e7 b1c3 c8e6") {
		m, err := p.ParseUCI(uci)
		if err != nil {
			fmt.Println(err)
			return
		}
		sans = append(sans, p.SAN(m))
		p, _ = p.Play(m)
	}
	fmt.Println(strings.Join(sans, " "))

	// Two knights can go to d2: SAN names the one that moves by its file.
	p = chess.MustParseFEN("rnbqkbnr/ppp1pppp/8/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R w KQkq - 0 3")
	m, _ := p.ParseUCI("b1d2")
	fmt.Println(p.SAN(m), p.LAN(m))
	// Output:
	// e4 e5 Nf3 Nc6 Bb5 a6 Bxc6 dxc6 O-O f6 d4 exd4 Nxd4 c5 Ne6 Qe7 Nc3 Bxe6
	// Nbd2 Nb1-d2
}

// ParseSAN reads SAN and the spellings real files contain; an ambiguous move is an error
// that lists the candidates.
func ExamplePosition_ParseSAN() {
	p := chess.MustParseFEN("rnbqkbnr/ppp1pppp/8/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R w KQkq - 0 3")
	for _, s := range []string{"Nbd2", "Bf4", "0-0", "Nd2"} {
		m, err := p.ParseSAN(s)
		if err != nil {
			fmt.Println(err)
			var se *chess.SANError
			if errors.As(err, &se) && errors.Is(err, chess.ErrAmbiguousMove) {
				fmt.Println("candidates:", se.Candidates)
			}
			continue
		}
		fmt.Println(s, "is", m)
	}
	// Output:
	// Nbd2 is b1d2
	// Bf4 is c1f4
	// chess: illegal move "0-0": castling is blocked: f1 is occupied
	// chess: ambiguous move "Nd2": more than one knight can move to d2 (Nbd2, Nfd2)
	// candidates: [Nbd2 Nfd2]
}

// ParseSANDeviation tells what a lenient spelling corrected, as a PGN linter reports it.
func ExamplePosition_ParseSANDeviation() {
	p := chess.StartingPosition()
	for _, s := range strings.Fields("e4 e5 Ng1f3 Nc6 Bb5 a6 Bxc6 dc6 0-0 Bd6!? d4+") {
		m, dev, err := p.ParseSANDeviation(s)
		if err != nil {
			fmt.Println(err)
			return
		}
		if dev != 0 {
			fmt.Printf("%s: %s, SAN is %s\n", s, dev, p.SAN(m))
		}
		p, _ = p.Play(m)
	}
	// Output:
	// Ng1f3: over-disambiguation, SAN is Nf3
	// dc6: capture without x, SAN is dxc6
	// 0-0: castling with zeros, SAN is O-O
	// Bd6!?: annotation glyph, SAN is Bd6
	// d4+: wrong check suffix, SAN is d4
}
