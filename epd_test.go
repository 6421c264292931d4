package chess

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// TestEPDOperations (PGN Standard §16.2): each operation of lines written for the test, with
// its operands and resolved moves, exactly.
func TestEPDOperations(t *testing.T) {
	e, err := ParseEPD(`r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - bm Qxf7#; am Qxe5+ Qh3; id "scholar's mate; in 1"; c0 "a \"quoted\" comment"; c9 plain; hmvc 4; fmvn 4; dm 1; pv Bxf7+ Ke7; acd 12; pm Qxf7;`)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := e.Position.FEN(), "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4"; got != want {
		t.Errorf("Position = %s, want %s (hmvc and fmvn set the clocks)", got, want)
	}
	p := e.Position
	move := func(from, to Square) Move { return NewMove(from, to, NoPieceType) }
	bxf7, _ := p.Play(move(C4, F7))
	ke7, _ := bxf7.ParseSAN("Ke7")
	want := []EPDOperation{
		{"bm", []string{"Qxf7#"}, []Move{move(H5, F7)}},
		{"am", []string{"Qxe5+", "Qh3"}, []Move{move(H5, E5), move(H5, H3)}},
		{"id", []string{"scholar's mate; in 1"}, nil},
		{"c0", []string{`a "quoted" comment`}, nil},
		{"c9", []string{"plain"}, nil},
		{"hmvc", []string{"4"}, nil},
		{"fmvn", []string{"4"}, nil},
		{"dm", []string{"1"}, nil},
		{"pv", []string{"Bxf7+", "Ke7"}, []Move{move(C4, F7), ke7}},
		{"acd", []string{"12"}, nil},
		{"pm", []string{"Qxf7"}, []Move{move(H5, F7)}},
	}
	if !reflect.DeepEqual(e.Operations, want) {
		t.Errorf("Operations =\n%v\nwant\n%v", e.Operations, want)
	}
	if op, ok := e.Operation("id"); !ok || op.Operands[0] != "scholar's mate; in 1" {
		t.Errorf("Operation(id) = %v, %v", op, ok)
	}
	if _, ok := e.Operation("ce"); ok {
		t.Error("Operation(ce) found")
	}
	const line = `r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - bm Qxf7#; am Qxe5+ Qh3; id "scholar's mate; in 1"; c0 "a \"quoted\" comment"; c9 "plain"; hmvc 4; fmvn 4; dm 1; pv Bxf7+ Ke7; acd 12; pm Qxf7#;`
	if got := e.String(); got != line {
		t.Errorf("String() =\n%s\nwant\n%s", got, line)
	}
	if got := MustParseEPD("8/8/8/8/8/8/8/K6k w - -").String(); got != "8/8/8/8/8/8/8/K6k w - -" {
		t.Errorf("a record without operations: %q", got)
	}
	if got := StartingPosition().EPD(); got != "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -" {
		t.Errorf("StartingPosition().EPD() = %q", got)
	}
	if got := (Position{}).EPD(); got != "" {
		t.Errorf("Position{}.EPD() = %q", got)
	}
	// lenient SAN in operands, Chess960 castling letters in the data fields
	e = MustParseEPD("bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - bm Nh1g3 0-0;")
	if !e.Position.Chess960() || len(e.Operations[0].Moves) != 2 || !e.Operations[0].Moves[1].IsCastle() {
		t.Errorf("Chess960 record: %v", e)
	}
}

// TestEPDMalformed: each malformed line gives an *EPDError naming the operation and the byte
// offset, wrapping ErrInvalidEPD and the cause.
func TestEPDMalformed(t *testing.T) {
	const start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"
	tests := []struct {
		line   string
		opcode string
		offset int
		err    error
	}{
		{"rnbqkbnr/pppppppp/8/8 w KQkq", "", 28, ErrSyntax},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq -", "", 44, ErrSyntax},
		{"  8/8/8/8/8/8/8/8 w - -", "", 2, ErrKings},
		{start + " bm e5;", "bm", 56, ErrIllegalMove},
		{start + " bm;", "bm", 53, ErrSyntax},
		{start + " bm e4", "bm", 58, ErrSyntax},
		{start + " bm e4; bm d4;", "bm", 60, ErrSyntax},
		{start + " id \"open", "id", 56, ErrSyntax},
		{start + " id a b;", "id", 53, ErrSyntax},
		{start + " c0;", "c0", 53, ErrSyntax},
		{start + " hmvc -1;", "hmvc", 58, ErrSyntax},
		{start + " hmvc 1 2;", "hmvc", 53, ErrSyntax},
		{start + " fmvn 0;", "fmvn", 58, ErrSyntax},
		{start + " dm 0;", "dm", 56, ErrSyntax},
		{start + " dm x;", "dm", 56, ErrSyntax},
		{start + " pv e4 e4;", "pv", 59, ErrIllegalMove},
		{start + " 1bm e4;", "", 53, ErrSyntax},
		{start + " b-m e4;", "b", 54, ErrSyntax},
		{start + " abcdefghijklmnop 1;", "abcdefghijklmnop", 53, ErrSyntax},
		{"8/8/8/8/8/8/8/KN1N3k w - - bm Nc3;", "bm", 30, ErrAmbiguousMove},
	}
	for _, tt := range tests {
		_, err := ParseEPD(tt.line)
		var ee *EPDError
		if !errors.As(err, &ee) || !errors.Is(err, ErrInvalidEPD) || !errors.Is(err, tt.err) {
			t.Errorf("ParseEPD(%q) = %v, want an *EPDError wrapping ErrInvalidEPD and %v", tt.line, err, tt.err)
			continue
		}
		if ee.Opcode != tt.opcode || ee.Offset != tt.offset {
			t.Errorf("ParseEPD(%q): opcode %q offset %d, want %q %d (%v)", tt.line, ee.Opcode, ee.Offset, tt.opcode, tt.offset, err)
		}
	}
	if got, want := (&EPDError{Line: "x", Opcode: "bm", Offset: 3, Reason: "no move"}).Error(), `chess: invalid EPD "x": operation bm, offset 3: no move`; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
}

// TestEPDErrorSaysWhere16_2: a line that goes wrong after the four data fields (PGN Standard
// §16.2.3) where an opcode should start says so, not "the data fields", which the message keeps
// for errors in those fields.
func TestEPDErrorSaysWhere16_2(t *testing.T) {
	const start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"
	for _, tt := range []struct{ line, want string }{
		{start + " ;", `: an operation, offset 53: an opcode must start with a letter, not ';'`},
		{start + " bm e4;;", `: an operation, offset 59: an opcode must start with a letter, not ';'`},
		{start + " 0 1", `: an operation, offset 53: an opcode must start with a letter, not '0'`},
		{"rnbqkbnr/pppppppp/8/8 w KQkq", `: the data fields, offset 28: 3 data fields, want 4`},
	} {
		_, err := ParseEPD(tt.line)
		var ee *EPDError
		if !errors.As(err, &ee) || ee.Opcode != "" || !strings.HasSuffix(err.Error(), tt.want) {
			t.Errorf("ParseEPD(%q) = %v, want an *EPDError ending %q", tt.line, err, tt.want)
		}
	}
}

// TestEPDMoveOperandsAreMoves16_2: the move operands of bm, am, pm, sm, pv and sv are SAN moves
// of the position (PGN Standard §16.2.5, §8.2.3), which has no null move: "--" is refused with
// the operand's offset, as "0000" is.
func TestEPDMoveOperandsAreMoves16_2(t *testing.T) {
	const start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"
	for _, tt := range []struct {
		line   string
		opcode string
		offset int
	}{
		{start + " bm --;", "bm", 56},
		{start + " am e4 --;", "am", 59},
		{start + " pv e4 -- Nf3;", "pv", 59},
		{start + " sv --;", "sv", 56},
	} {
		_, err := ParseEPD(tt.line)
		var ee *EPDError
		if !errors.As(err, &ee) || !errors.Is(err, ErrSyntax) || ee.Opcode != tt.opcode || ee.Offset != tt.offset {
			t.Errorf("ParseEPD(%q) = %v, want an *EPDError of %s at offset %d wrapping ErrSyntax", tt.line, err, tt.opcode, tt.offset)
		}
	}
}
