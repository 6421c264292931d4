package chess

import (
	"testing"
	"unsafe"
)

// The bitboards live in the 0x88 board's off-board half (Position.word): after every legal move
// of the query positions (the explanation cases and the perft suites: castling, en passant and
// promotion in standard chess and Chess960), each word is the set its doc comment names,
// computed here from the squares, and the squares off the board hold nothing else. Position
// stays 152 bytes.
func TestPositionWordsAreTheBitboards(t *testing.T) {
	if size := unsafe.Sizeof(Position{}); size != 152 {
		t.Errorf("Position is %d bytes, want 152", size)
	}
	check := func(p *Position, label string) {
		var want [8]uint64
		for sq := Square(0); sq < 128; sq++ {
			if !sq.IsValid() {
				continue
			}
			if pc := p.board[sq]; pc != NoPiece {
				want[pc.Color()] |= 1 << sq.bit()
				want[pc.Type()+1] |= 1 << sq.bit()
			}
		}
		for k := range want {
			if got := *p.word(uint(k)); got != want[k] {
				t.Fatalf("%s: word %d = %#x, want %#x", label, k, got, want[k])
			}
		}
	}
	positions := queryPositions(t)
	for _, p := range positions {
		check(&p, p.FEN())
		for _, m := range p.LegalMoves() {
			q, err := p.Play(m)
			if err != nil {
				t.Fatal(err)
			}
			check(&q, p.FEN()+" "+p.LAN(m))
		}
	}
	if !testing.Short() && len(positions) < 1000 { // the short mode has no perft suites
		t.Errorf("%d positions, want the perft suites' thousands", len(positions))
	}
}
