package chess

import (
	"fmt"
	"testing"
)

// TestPositionStringIsFEN: String is the one-line FEN, so %v in a log line is one line.
func TestPositionStringIsFEN(t *testing.T) {
	p := MustParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	if got := fmt.Sprintf("%v", p); got != p.FEN() {
		t.Errorf("%%v = %q, want the FEN %q", got, p.FEN())
	}
}

// TestDiagram: the board drawn with each option, exactly.
func TestDiagram(t *testing.T) {
	p := MustParseFEN("4k3/8/8/8/8/8/4P3/R3K2R w KQ - 0 1")
	tests := []struct {
		opts DiagramOptions
		want string
	}{
		{DiagramOptions{}, "" +
			". . . . k . . .\n" +
			". . . . . . . .\n" +
			". . . . . . . .\n" +
			". . . . . . . .\n" +
			". . . . . . . .\n" +
			". . . . . . . .\n" +
			". . . . P . . .\n" +
			"R . . . K . . R\n"},
		{DiagramOptions{Coordinates: true}, "" +
			"8 . . . . k . . .\n" +
			"7 . . . . . . . .\n" +
			"6 . . . . . . . .\n" +
			"5 . . . . . . . .\n" +
			"4 . . . . . . . .\n" +
			"3 . . . . . . . .\n" +
			"2 . . . . P . . .\n" +
			"1 R . . . K . . R\n" +
			"  a b c d e f g h\n"},
		{DiagramOptions{Unicode: true, FromBlack: true, Coordinates: true}, "" +
			"1 ♖ · · ♔ · · · ♖\n" +
			"2 · · · ♙ · · · ·\n" +
			"3 · · · · · · · ·\n" +
			"4 · · · · · · · ·\n" +
			"5 · · · · · · · ·\n" +
			"6 · · · · · · · ·\n" +
			"7 · · · · · · · ·\n" +
			"8 · · · ♚ · · · ·\n" +
			"  h g f e d c b a\n"},
	}
	for _, tt := range tests {
		if got := p.Diagram(tt.opts); got != tt.want {
			t.Errorf("Diagram(%+v) =\n%s\nwant\n%s", tt.opts, got, tt.want)
		}
	}
	black := MustParseFEN("rnbqkbnr/pppppppp/8/8/8/8/8/4K3 w kq - 0 1").Diagram(DiagramOptions{Unicode: true})
	if want := "♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜\n♟ ♟ ♟ ♟ ♟ ♟ ♟ ♟\n"; black[:len(want)] != want {
		t.Errorf("Unicode black pieces:\n%s", black)
	}
	if got := (Position{}).Diagram(DiagramOptions{}); got != ""+
		". . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n"+
		". . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . . . . . . .\n" {
		t.Errorf("zero Position diagram:\n%s", got)
	}
}
