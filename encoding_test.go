package chess

import (
	"encoding"
	"encoding/json"
	"errors"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

// textCodec is what every value type of the package implements.
type textCodec interface {
	encoding.TextMarshaler
	encoding.TextAppender
}

var (
	_ textCodec = Square(0)
	_ textCodec = Color(0)
	_ textCodec = PieceType(0)
	_ textCodec = Piece(0)
	_ textCodec = Move(0)
	_ textCodec = Position{}
	_ textCodec = CastlingRights(0)
	_ textCodec = Termination(0)
	_ textCodec = Winner(0)
	_ textCodec = Outcome{}
	_ textCodec = NAG(0)

	_ encoding.TextUnmarshaler = (*Square)(nil)
	_ encoding.TextUnmarshaler = (*Color)(nil)
	_ encoding.TextUnmarshaler = (*PieceType)(nil)
	_ encoding.TextUnmarshaler = (*Piece)(nil)
	_ encoding.TextUnmarshaler = (*Move)(nil)
	_ encoding.TextUnmarshaler = (*Position)(nil)
	_ encoding.TextUnmarshaler = (*CastlingRights)(nil)
	_ encoding.TextUnmarshaler = (*Termination)(nil)
	_ encoding.TextUnmarshaler = (*Winner)(nil)
	_ encoding.TextUnmarshaler = (*Outcome)(nil)
	_ encoding.TextUnmarshaler = (*NAG)(nil)
)

// TestJSONOfValues: the JSON of issue 11, exactly, and back.
func TestJSONOfValues(t *testing.T) {
	type record struct {
		Sq  Square
		M   Move
		Pos Position
	}
	in := record{E4, NewMove(E2, E4, NoPieceType), StartingPosition()}
	b, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	const want = `{"Sq":"e4","M":"e2e4","Pos":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"}`
	if string(b) != want {
		t.Errorf("json.Marshal = %s\nwant %s", b, want)
	}
	var out record
	if err := json.Unmarshal(b, &out); err != nil || out != in {
		t.Errorf("json.Unmarshal = %+v, %v; want %+v", out, err, in)
	}

	type all struct {
		C   Color
		T   PieceType
		P   Piece
		E   Piece
		Cr  CastlingRights
		Tm  Termination
		W   Winner
		O   Outcome
		N   NAG
		Z   Position
		Nul Move
		Ep  Square
	}
	a := all{Black, Knight, WhiteQueen, NoPiece, StartingPosition().CastlingRights(), FiftyMoves, BlackWins,
		Outcome{WhiteWins, Checkmate}, 14, Position{}, NullMove, NoSquare}
	b, err = json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	const wantAll = `{"C":"black","T":"knight","P":"Q","E":".","Cr":"KQkq","Tm":"fifty-move rule","W":"black","O":"1-0 checkmate","N":"$14","Z":"","Nul":"0000","Ep":"-"}`
	if string(b) != wantAll {
		t.Errorf("json.Marshal = %s\nwant %s", b, wantAll)
	}
	var back all
	if err := json.Unmarshal(b, &back); err != nil || back != a {
		t.Errorf("json.Unmarshal = %+v, %v; want %+v", back, err, a)
	}
}

// TestTextEncodingExact: the text of each type for chosen values, and the errors for values
// out of range and malformed text.
func TestTextEncodingExact(t *testing.T) {
	chess960 := MustParseFEN("bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1")
	tests := []struct {
		v    encoding.TextMarshaler
		want string
	}{
		{H8, "h8"}, {NoSquare, "-"}, {White, "white"}, {NoPieceType, ""}, {King, "king"},
		{BlackPawn, "p"}, {NewMove(E7, E8, Queen), "e7e8q"}, {NullMove, "0000"},
		{Move(E1) | Move(H1)<<8 | moveCastle, "e1g1"}, {Move(E1) | Move(H1)<<8 | moveCastle | moveChess960, "e1h1"},
		{chess960, "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1"},
		{StartingPosition().WithChess960(true), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"},
		{chess960.CastlingRights(), "KgQekgqe"}, {CastlingRights(0), "-"},
		{NoTermination, ""}, {SeventyFiveMoves, "seventy-five-move rule"}, {NoWinner, "none"},
		{Outcome{}, "*"}, {Outcome{NoWinner, Stalemate}, "1/2-1/2 stalemate"}, {NAG(0), "$0"}, {NAG(255), "$255"},
	}
	for _, tt := range tests {
		b, err := tt.v.MarshalText()
		if err != nil || string(b) != tt.want {
			t.Errorf("%#v.MarshalText() = %q, %v; want %q", tt.v, b, err, tt.want)
		}
		if ap, ok := tt.v.(encoding.TextAppender); ok {
			b, err := ap.AppendText([]byte("x"))
			if err != nil || string(b) != "x"+tt.want {
				t.Errorf("%#v.AppendText(x) = %q, %v; want %q", tt.v, b, err, "x"+tt.want)
			}
		}
	}
	for _, v := range []encoding.TextMarshaler{Square(0x08), Square(0xff), Color(2), PieceType(7), Piece(7),
		Piece(16), Move(7 << 16), NewMove(E2, E2, NoPieceType), NewMove(E7, E8, King), Move(0x88),
		Termination(200), Winner(3), Outcome{WhiteWins, NoTermination}, Outcome{9, Checkmate}} {
		if b, err := v.MarshalText(); !errors.Is(err, ErrInvalidValue) {
			t.Errorf("%#v.MarshalText() = %q, %v; want an error wrapping ErrInvalidValue", v, b, err)
		}
	}
	for _, tt := range []struct {
		v  encoding.TextUnmarshaler
		in string
	}{
		{new(Square), "E4"}, {new(Square), "i1"}, {new(Color), "w"}, {new(PieceType), "Pawn"},
		{new(Piece), "x"}, {new(Piece), ""}, {new(Move), "e2e2"}, {new(Move), "e7e8k"}, {new(Move), ""},
		{new(CastlingRights), ""}, {new(CastlingRights), "KK"}, {new(CastlingRights), "Kcc"}, {new(CastlingRights), "f"},
		{new(Termination), "mate"}, {new(Winner), "draw"}, {new(Outcome), "1-0"}, {new(Outcome), "1-0 "},
		{new(Outcome), "2-0 checkmate"}, {new(NAG), "$256"}, {new(NAG), "$"}, {new(NAG), "$+1"}, {new(NAG), "14"},
	} {
		if err := tt.v.UnmarshalText([]byte(tt.in)); !errors.Is(err, ErrSyntax) {
			t.Errorf("%T.UnmarshalText(%q) = %v, want an error wrapping ErrSyntax", tt.v, tt.in, err)
		}
	}
	var p Position
	if err := p.UnmarshalText([]byte("8/8/8/8/8/8/8/8 w - - 0 1")); !errors.Is(err, ErrKings) {
		t.Errorf("Position.UnmarshalText of a board without kings = %v, want ErrKings", err)
	}
	var n NAG
	if err := n.UnmarshalText([]byte("!?")); err != nil || n != 5 {
		t.Errorf("NAG.UnmarshalText(!?) = %v, %v; want 5 (PGN Standard §8.2.3.8)", n, err)
	}
	if got := MustParseSquare("c6"); got != C6 {
		t.Errorf("MustParseSquare(c6) = %v", got)
	}
}

// roundTrip marshals v and unmarshals the text into out.
func roundTrip(v encoding.TextMarshaler, out encoding.TextUnmarshaler) string {
	b, err := v.MarshalText()
	if err != nil {
		return err.Error()
	}
	if err := out.UnmarshalText(b); err != nil {
		return err.Error()
	}
	return ""
}

// byteRoundTrips checks every value of a one-byte type that has a text form: the text reads
// back as the value.
func byteRoundTrips[T interface {
	~uint8
	encoding.TextMarshaler
}, P interface {
	*T
	encoding.TextUnmarshaler
}](t *testing.T) {
	for i := 0; i < 256; i++ {
		v := T(i)
		if _, err := v.MarshalText(); err != nil {
			continue
		}
		var back T
		if msg := roundTrip(v, P(&back)); msg != "" || back != v {
			t.Errorf("%T %d: %s -> %d", v, i, msg, back)
		}
	}
}

// TestTextRoundTrips: for every value of every type that has a text form, unmarshalling the
// text gives the value back; for every Move of every position of random games, the decoded
// move plays the same move; every Position of random games (standard and Chess960) comes back
// equal.
func TestTextRoundTrips(t *testing.T) {
	byteRoundTrips[Square](t)
	byteRoundTrips[Color](t)
	byteRoundTrips[PieceType](t)
	byteRoundTrips[Piece](t)
	byteRoundTrips[Termination](t)
	byteRoundTrips[Winner](t)
	byteRoundTrips[NAG](t)
	for i := 0; i < 256; i++ {
		for j := 0; j < 16; j++ {
			o := Outcome{Winner(j % 4), Termination(i)}
			if _, err := o.MarshalText(); err == nil {
				var back Outcome
				if msg := roundTrip(o, &back); msg != "" || back != o {
					t.Errorf("Outcome %+v: %s -> %+v", o, msg, back)
				}
			}
		}
	}

	params := gopter.DefaultTestParametersWithSeed(propertySeed(t))
	params.MinSuccessfulTests = propertyRuns()
	props := gopter.NewProperties(params)
	props.Property("CastlingRights: every bit pattern decodes to itself", prop.ForAll(
		func(v uint16) string {
			cr := CastlingRights(v)
			// only the rights held are part of the value: a slot without its flag is no right
			for s := uint(0); s < 16; s += 4 {
				if cr>>s&8 == 0 {
					cr &^= 15 << s
				}
			}
			var back CastlingRights
			if msg := roundTrip(cr, &back); msg != "" || back != cr {
				return "CastlingRights " + cr.String() + ": " + msg + " -> " + back.String()
			}
			return ""
		}, gen.UInt16()))
	props.Property("Move: any bit pattern with a text form decodes to a move that plays the same", prop.ForAll(
		func(v uint32) string {
			m := Move(v)
			if _, err := m.MarshalText(); err != nil {
				return ""
			}
			var back Move
			if msg := roundTrip(m, &back); msg != "" {
				return msg
			}
			if back.From() != m.From() || back.To() != m.To() || back.Promotion() != m.Promotion() {
				return "Move " + m.String() + " -> " + back.String()
			}
			return ""
		}, gen.UInt32()))
	check := func(start Position) func(seed int64, plies int) string {
		return func(seed int64, plies int) string {
			game, err := randomGame(start, seed, plies)
			if err != nil {
				return err.Error()
			}
			for _, p := range game {
				var back Position
				if msg := roundTrip(p, &back); msg != "" {
					return msg
				}
				if p.CastlingRights() == 0 {
					p = p.WithChess960(false) // no FEN form marks Chess960 without castling rights
				}
				if back != p {
					return "Position " + p.FEN() + " -> " + back.FEN()
				}
				for _, m := range p.LegalMoves() {
					var dm Move
					if msg := roundTrip(m, &dm); msg != "" {
						return msg
					}
					want, _ := p.Play(m)
					got, err := p.Play(dm)
					if err != nil || got != want {
						return "in " + p.FEN() + ": " + m.String() + " decodes to a move that plays differently"
					}
				}
			}
			return ""
		}
	}
	props.Property("Position and Move (standard)", prop.ForAll(check(StartingPosition()), gen.Int64(), gen.IntRange(0, maxPlies)))
	props.Property("Position and Move (Chess960)", prop.ForAll(
		func(n int, seed int64, plies int) string { return check(Chess960Start(n))(seed, plies) },
		gen.IntRange(0, 959), gen.Int64(), gen.IntRange(0, maxPlies)))
	props.TestingRun(t)

	var zero Position
	if msg := roundTrip(Position{}, &zero); msg != "" || zero != (Position{}) {
		t.Errorf("zero Position: %s", msg)
	}
}

// TestOutcomeTextResultAgreesWithTermination: the result of an Outcome's text agrees with its
// termination: checkmate (FIDE Laws 5.1.1) and resignation (5.1.2) have a winner; stalemate
// (5.2.1), a dead position (5.2.2), repetition (9.2, 9.6.1), the 50- and 75-move rules (9.3,
// 9.6.2) and agreement (5.2.3) are draws; flag fall, abandonment and an unknown end may be
// either. A contradiction ("0-1 stalemate") is refused both ways, as Game.SetOutcome refuses it.
func TestOutcomeTextResultAgreesWithTermination(t *testing.T) {
	decisive := map[Termination]bool{Checkmate: true, Resignation: true}
	either := map[Termination]bool{TimeForfeit: true, Abandoned: true, Unknown: true}
	for term := Checkmate; term <= Unknown; term++ {
		for w := NoWinner; w <= BlackWins; w++ {
			o := Outcome{Winner: w, Termination: term}
			want := either[term] || decisive[term] == (w != NoWinner)
			text := o.String()
			_, err := o.MarshalText()
			var back Outcome
			uerr := back.UnmarshalText([]byte(text))
			if want && (err != nil || uerr != nil || back != o) {
				t.Errorf("%q: MarshalText %v, UnmarshalText %v (%+v); want a round trip", text, err, uerr, back)
			}
			if !want && (!errors.Is(err, ErrInvalidValue) || !errors.Is(uerr, ErrSyntax)) {
				t.Errorf("%q: MarshalText %v, UnmarshalText %v; want ErrInvalidValue and ErrSyntax", text, err, uerr)
			}
		}
	}
}
