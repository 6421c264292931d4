package chess

import (
	"errors"
	"io"
	"strings"
	"testing"
)

// TestZeroPositionDocumented: the zero Position is invalid and every method gives its
// documented result: no legal moves, ErrInvalidPosition from Play, PlayNull, ParseSAN,
// ParseSANStrict, ParseSANDeviation and ParseUCI, "" from SAN, LAN and FEN, nothing appended
// by AppendSAN and AppendFEN, Perft 0, no Divide lines, not stalemate.
func TestZeroPositionDocumented(t *testing.T) {
	var p Position
	if p.IsValid() {
		t.Error("Position{}.IsValid() = true")
	}
	if got := p.LegalMoves(); got == nil || len(got) != 0 {
		t.Errorf("LegalMoves() = %#v, want an empty slice", got)
	}
	if got := p.AppendLegalMoves(make([]Move, 1, 8)); len(got) != 1 {
		t.Errorf("AppendLegalMoves appended %d moves", len(got)-1)
	}
	moves := []Move{NullMove, NewMove(A1, B1, NoPieceType), NewMove(E2, E4, NoPieceType), Move(0xffffffff)}
	for _, m := range moves {
		q, err := p.Play(m)
		if !errors.Is(err, ErrInvalidPosition) || q != p {
			t.Errorf("Play(%v) = %v, %v; want p, ErrInvalidPosition", m, q, err)
		}
		var me *MoveError
		if !errors.As(err, &me) || me.Error() != "chess: invalid position "+quoteCut(m.String(), maxQuoted)+" in invalid position: the position is not valid" {
			t.Errorf("Play(%v) error %q", m, err)
		}
		if s := p.SAN(m); s != "" {
			t.Errorf("SAN(%v) = %q, want \"\"", m, s)
		}
		if s := p.LAN(m); s != "" {
			t.Errorf("LAN(%v) = %q, want \"\"", m, s)
		}
		if b := p.AppendSAN([]byte("x"), m); string(b) != "x" {
			t.Errorf("AppendSAN(x, %v) = %q, want \"x\"", m, b)
		}
		if p.IsLegal(m) {
			t.Errorf("IsLegal(%v) = true", m)
		}
		if got := p.UCI(m); got != m.String() {
			t.Errorf("UCI(%v) = %q, want %q", m, got, m.String())
		}
	}
	if _, err := p.PlayNull(); !errors.Is(err, ErrInvalidPosition) {
		t.Errorf("PlayNull() error %v, want ErrInvalidPosition", err)
	}
	for _, s := range []string{"Ka2", "--", "e4", "O-O"} {
		if _, err := p.ParseSAN(s); !errors.Is(err, ErrInvalidPosition) {
			t.Errorf("ParseSAN(%q) error %v, want ErrInvalidPosition", s, err)
		}
		if _, err := p.ParseSANStrict(s); !errors.Is(err, ErrInvalidPosition) {
			t.Errorf("ParseSANStrict(%q) error %v, want ErrInvalidPosition", s, err)
		}
		if _, _, err := p.ParseSANDeviation(s); !errors.Is(err, ErrInvalidPosition) {
			t.Errorf("ParseSANDeviation(%q) error %v, want ErrInvalidPosition", s, err)
		}
	}
	for _, s := range []string{"a1b1", "0000", "zz"} {
		if _, err := p.ParseUCI(s); !errors.Is(err, ErrInvalidPosition) {
			t.Errorf("ParseUCI(%q) error %v, want ErrInvalidPosition", s, err)
		}
	}
	if got := p.FEN(); got != "" {
		t.Errorf("FEN() = %q, want \"\"", got)
	}
	if got := p.AppendFEN([]byte("x")); string(got) != "x" {
		t.Errorf("AppendFEN(x) = %q", got)
	}
	if got := p.String(); got != "invalid position" {
		t.Errorf("String() = %q, want \"invalid position\"", got)
	}
	if got := p.ShredderFEN(); got != "" {
		t.Errorf("ShredderFEN() = %q", got)
	}
	for depth := -1; depth <= 3; depth++ {
		if n := Perft(p, depth); n != 0 {
			t.Errorf("Perft(Position{}, %d) = %d, want 0", depth, n)
		}
		if d := Divide(p, depth); d != nil {
			t.Errorf("Divide(Position{}, %d) = %v, want nil", depth, d)
		}
	}
	if p.IsStalemate() || p.IsCheckmate() || p.InCheck() {
		t.Error("the zero Position is stalemate, checkmate or check")
	}
}

// TestZeroGameAndPGNValues: NewGame(Position{}) refuses moves with ErrInvalidPosition and has
// no outcome; NewPGNGame writes no FEN tag for it; the zero Game, PGNGame, PGNNode and
// PGNReader answer without panicking; the zero error types print.
func TestZeroGameAndPGNValues(t *testing.T) {
	g := NewGame(Position{})
	if err := g.Play(NewMove(A1, B1, NoPieceType)); !errors.Is(err, ErrInvalidPosition) {
		t.Errorf("NewGame(Position{}).Play error %v, want ErrInvalidPosition", err)
	}
	if err := g.PlaySAN("Kb1"); !errors.Is(err, ErrInvalidPosition) {
		t.Errorf("NewGame(Position{}).PlaySAN error %v, want ErrInvalidPosition", err)
	}
	if o := g.Outcome(); o != (Outcome{}) {
		t.Errorf("NewGame(Position{}).Outcome() = %v, want the game going on", o)
	}
	pg := NewPGNGame(g)
	if pg.Tag("FEN") != "" || pg.Tag("SetUp") != "" {
		t.Errorf("NewPGNGame(NewGame(Position{})) has tags FEN %q, SetUp %q", pg.Tag("FEN"), pg.Tag("SetUp"))
	}
	var zg Game
	if zg.Position() != StartingPosition() {
		t.Errorf("Game{}.Position() = %v, want the starting position", zg.Position())
	}
	var r PGNReader
	if game, err := r.Read(); game != nil || err != io.EOF {
		t.Errorf("PGNReader{}.Read() = %v, %v; want nil, io.EOF", game, err)
	}
	rw := PGNReader{Workers: 4}
	if game, err := rw.Read(); game != nil || err != io.EOF {
		t.Errorf("PGNReader{Workers: 4}.Read() = %v, %v; want nil, io.EOF", game, err)
	}
	var node PGNNode
	if node.SAN() != "" || node.Ply() != 0 {
		t.Errorf("PGNNode{}: SAN %q, Ply %d", node.SAN(), node.Ply())
	}
	var pgg PGNGame
	if pgg.Moves() != nil || pgg.Tag("Event") != "" {
		t.Error("PGNGame{} has moves or tags")
	}
	for _, tt := range []struct {
		err  error
		want string
	}{
		{&SANError{}, `chess: illegal move ""`},
		{&MoveError{}, `chess: illegal move "" in invalid position`},
		{ErrorList{nil}, "<nil>"},
	} {
		if got := tt.err.Error(); got != tt.want {
			t.Errorf("%T{}.Error() = %q, want %q", tt.err, got, tt.want)
		}
	}
}

// TestMoveGarbage: String answers for every bit pattern, "Move(0x…)" for those UCI cannot
// write (a promotion field of 7 panicked before), and Play, SAN, LAN, UCI, AppendSAN and
// IsLegal refuse them.
func TestMoveGarbage(t *testing.T) {
	p := StartingPosition()
	tests := []struct {
		m    Move
		text string
	}{
		{Move(7 << 16), "Move(0x00070000)"},
		{NewMove(E7, E8, PieceType(7)), "Move(0x00077464)"},
		{NewMove(E2, E4, King), "Move(0x00063414)"},
		{Move(0x08) | Move(E4)<<8, "Move(0x00003408)"},
		{NewMove(E2, E2, NoPieceType), "Move(0x00001414)"},
		{NewMove(E2, E4, NoPieceType) | 1<<31, "e2e4"},
		{NewMove(G7, G8, Knight), "g7g8n"},
	}
	for _, tt := range tests {
		if got := tt.m.String(); got != tt.text {
			t.Errorf("Move(%#x).String() = %q, want %q", uint32(tt.m), got, tt.text)
		}
	}
	for _, m := range []Move{Move(7 << 16), NewMove(E2, E4, PieceType(7)), NewMove(E2, E4, King), Move(0xffffffff)} {
		if _, err := p.Play(m); !errors.Is(err, ErrIllegalMove) {
			t.Errorf("Play(%v) error %v, want ErrIllegalMove", m, err)
		}
		if p.SAN(m) != "" || p.LAN(m) != "" || p.IsLegal(m) || p.UCI(m) != m.String() {
			t.Errorf("%v: SAN %q, LAN %q, IsLegal %v, UCI %q", m, p.SAN(m), p.LAN(m), p.IsLegal(m), p.UCI(m))
		}
	}
	// every String method answers for every value, like time.Month(13)
	for i := 0; i < 256; i++ {
		for _, s := range []string{Color(i).String(), PieceType(i).String(), Piece(i).String(), Square(i).String(),
			Termination(i).String(), Winner(i).String(), NAG(i).String()} {
			if strings.ContainsRune(s, '\x00') {
				t.Errorf("%d: String() = %q", i, s)
			}
		}
	}
	if got := PieceType(9).String(); got != "PieceType(9)" {
		t.Errorf("PieceType(9).String() = %q", got)
	}
}

// TestConstructorsOutOfRange: NewPiece of a colour or piece type out of range is NoPiece (as
// NewSquare of a file or rank out of range is NoSquare), not a valid-looking piece of masked
// bits; WinnerOf of a colour out of range is NoWinner.
func TestConstructorsOutOfRange(t *testing.T) {
	for _, tt := range []struct {
		c    Color
		pt   PieceType
		want Piece
	}{
		{White, Pawn, WhitePawn}, {Black, King, BlackKing}, {Black, NoPieceType, NoPiece}, {White, NoPieceType, NoPiece},
		{Color(2), Pawn, NoPiece}, {Color(7), PieceType(9), NoPiece}, {Black, PieceType(7), NoPiece}, {White, PieceType(9), NoPiece},
	} {
		if got := NewPiece(tt.c, tt.pt); got != tt.want {
			t.Errorf("NewPiece(%v, %v) = %v, want %v", tt.c, tt.pt, got, tt.want)
		}
	}
	for c, want := range map[Color]Winner{White: WhiteWins, Black: BlackWins, 2: NoWinner, 5: NoWinner, 255: NoWinner} {
		if got := WinnerOf(c); got != want {
			t.Errorf("WinnerOf(%d) = %v, want %v", c, got, want)
		}
	}
}

// TestSANNullMoveInCheck: a null move is refused in check (Play, PlayNull, ParseSAN "--",
// ParseUCI "0000"), so SAN, LAN and AppendSAN write nothing for it there, as for every move
// that is not legal, and SAN's text always reads back; out of check it is "--".
func TestSANNullMoveInCheck(t *testing.T) {
	p := MustParseFEN("4k3/8/8/8/8/8/8/r3K3 w - - 0 1")
	if s, l, b := p.SAN(NullMove), p.LAN(NullMove), p.AppendSAN([]byte("x"), NullMove); s != "" || l != "" || string(b) != "x" {
		t.Errorf("in check: SAN %q, LAN %q, AppendSAN(x) %q; want \"\", \"\", \"x\"", s, l, b)
	}
	q := StartingPosition()
	if s, l := q.SAN(NullMove), q.LAN(NullMove); s != "--" || l != "--" {
		t.Errorf("out of check: SAN %q, LAN %q; want \"--\"", s, l)
	}
	if m, err := q.ParseSAN(q.SAN(NullMove)); m != NullMove || err != nil {
		t.Errorf("ParseSAN(SAN(NullMove)) = %v, %v", m, err)
	}
}
