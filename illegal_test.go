package chess

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// illegalCase is one row of TestIllegalReasonsFIDE3: a move given as SAN, as UCI text or as
// a Move value (built from UCI text by uciMove), the typed reason and the square it names.
type illegalCase struct {
	rule   string // the FIDE Laws article (2023 numbering)
	fen    string
	via    string // "san", "uci" or "move"
	input  string
	reason IllegalReason
	square Square
	text   string // the message, when the row pins it down
}

var illegalCases = []illegalCase{
	// No piece of the side to move on the origin (3.1).
	{"3.1", fenStart, "uci", "e3e4", IllegalNoPiece, E3, "no piece on e3"},
	{"3.1", fenStart, "move", "e3e4", IllegalNoPiece, E3, ""},
	{"3.1", fenStart, "uci", "e7e5", IllegalNoPiece, E7, "the piece on e7 is black's, and it is white to move"},
	{"3.1", fenStart, "move", "e7e5", IllegalNoPiece, E7, ""},
	{"3.1", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "san", "Qh5", IllegalNoPiece, NoSquare, "no queen can move to h5"},
	// A piece of one's own on the destination (3.1.1).
	{"3.1.1", fenStart, "san", "Nd2", IllegalOwnPiece, D2, "a white piece stands on d2"},
	{"3.1.1", fenStart, "uci", "b1d2", IllegalOwnPiece, D2, "a white piece stands on d2"},
	{"3.1.1", fenStart, "move", "b1d2", IllegalOwnPiece, D2, ""},
	// The piece cannot move that way (3.2 to 3.7).
	{"3.7", fenStart, "san", "e5", IllegalWrongWay, E5, "no pawn can move to e5"},
	{"3.7", fenStart, "uci", "e2e5", IllegalWrongWay, E5, "the pawn on e2 cannot move to e5"},
	{"3.7", fenStart, "move", "e2e5", IllegalWrongWay, E5, ""},
	{"3.6", fenStart, "san", "Nd4", IllegalWrongWay, D4, "no knight can move to d4"},
	{"3.6", fenStart, "uci", "g1g3", IllegalWrongWay, G3, "the knight on g1 cannot move to g3"},
	{"3.7.4", fenStart, "uci", "e2d3", IllegalWrongWay, D3, "the pawn on e2 cannot move to d3"},
	// The way is blocked (3.5, 3.7.1, 3.7.2).
	{"3.5", fenStart, "san", "Qh5", IllegalBlocked, E2, "no queen can move to h5"},
	{"3.5", fenStart, "uci", "d1h5", IllegalBlocked, E2, "the queen on d1 cannot move to h5: the way is blocked on e2"},
	{"3.5", fenStart, "move", "d1h5", IllegalBlocked, E2, ""},
	{"3.5", fenStart, "uci", "a1a5", IllegalBlocked, A2, ""},
	{"3.7.1", "4k3/8/8/8/4p3/4P3/8/4K3 w - - 0 1", "san", "e4", IllegalBlocked, E4, "no pawn can move to e4"},
	{"3.7.1", "4k3/8/8/8/4p3/4P3/8/4K3 w - - 0 1", "uci", "e3e4", IllegalBlocked, E4, "the pawn on e3 cannot move to e4: the way is blocked on e4"},
	{"3.7.2", "4k3/8/8/8/8/4n3/4P3/4K3 w - - 0 1", "uci", "e2e4", IllegalBlocked, E3, ""},
	{"3.7.2", "4k3/8/8/8/8/4n3/4P3/4K3 w - - 0 1", "san", "e4", IllegalBlocked, E3, ""},
	// The piece is pinned (3.9).
	{"3.9", "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", "san", "Nc3", IllegalPinned, E7, "the knight on e2 is pinned by the rook on e7"},
	{"3.9", "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", "uci", "e2c3", IllegalPinned, E7, "the knight on e2 is pinned by the rook on e7"},
	{"3.9", "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", "move", "e2c3", IllegalPinned, E7, ""},
	{"3.9", "4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1", "uci", "d2f3", IllegalPinned, B4, ""},
	// In check, and the move does not answer it (3.9).
	{"3.9", "4k3/8/8/8/8/8/1N6/r3K3 w - - 0 1", "san", "Nd3", IllegalInCheck, A1, "the king is in check from the rook on a1 and the knight on b2 does not stop it"},
	{"3.9", "4k3/8/8/8/8/8/1N6/r3K3 w - - 0 1", "uci", "b2d3", IllegalInCheck, A1, ""},
	{"3.9", "4k3/8/8/8/8/8/1N6/r3K3 w - - 0 1", "move", "b2d3", IllegalInCheck, A1, ""},
	// Double check and not a king move (3.9).
	{"3.9", "4k3/8/8/5B2/8/3n4/8/r3K3 w - - 0 1", "san", "Bxd3", IllegalDoubleCheck, A1, "double check: only the king can move"},
	{"3.9", "4k3/8/8/5B2/8/3n4/8/r3K3 w - - 0 1", "uci", "f5d3", IllegalDoubleCheck, A1, ""},
	{"3.9", "4k3/8/8/5B2/8/3n4/8/r3K3 w - - 0 1", "move", "f5d3", IllegalDoubleCheck, A1, ""},
	// The king would step into check (3.9).
	{"3.9", "4k3/3r4/8/8/8/8/8/4K3 w - - 0 1", "san", "Kd2", IllegalIntoCheck, D7, "the king would be in check on d2 from the rook on d7"},
	{"3.9", "4k3/3r4/8/8/8/8/8/4K3 w - - 0 1", "uci", "e1d2", IllegalIntoCheck, D7, ""},
	{"3.9", "4k3/3r4/8/8/8/8/8/4K3 w - - 0 1", "move", "e1d2", IllegalIntoCheck, D7, ""},
	{"3.9", "4k3/8/8/8/8/8/4p3/4K3 w - - 0 1", "uci", "e1e2", IllegalNone, NoSquare, ""}, // legal: a control row
	// Castling without the right (3.8.2.1).
	{"3.8.2.1", "4k3/8/8/8/8/8/8/R3K2R w Q - 0 1", "san", "O-O", IllegalCastlingRight, NoSquare, "white has no castling right on that side"},
	{"3.8.2.1", "4k3/8/8/8/8/8/8/R3K2R w Q - 0 1", "uci", "e1g1", IllegalCastlingRight, NoSquare, "white has no castling right on that side"},
	{"3.8.2.1", "4k3/8/8/8/8/8/8/R3K2R w Q - 0 1", "uci", "e1h1", IllegalCastlingRight, NoSquare, ""},
	{"3.8.2.1", "4k3/8/8/8/8/8/8/R3K2R w Q - 0 1", "move", "e1g1", IllegalCastlingRight, NoSquare, ""},
	// Castling out of check (3.8.2.2.1).
	{"3.8.2.2.1", "4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1", "san", "O-O", IllegalCastlingOutOfCheck, E8, "castling out of check"},
	{"3.8.2.2.1", "4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1", "uci", "e1c1", IllegalCastlingOutOfCheck, E8, ""},
	{"3.8.2.2.1", "4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1", "move", "e1g1", IllegalCastlingOutOfCheck, E8, ""},
	// Castling with squares occupied (3.8.2.2.2), in Chess960 the king's and the rook's
	// destinations included.
	{"3.8.2.2.2", fenStart, "san", "O-O", IllegalCastlingBlocked, F1, "castling is blocked: f1 is occupied"},
	{"3.8.2.2.2", fenStart, "san", "O-O-O", IllegalCastlingBlocked, D1, "castling is blocked: d1 is occupied"},
	{"3.8.2.2.2", fenStart, "uci", "e1g1", IllegalCastlingBlocked, F1, ""},
	{"3.8.2.2.2", fenStart, "move", "e1c1", IllegalCastlingBlocked, D1, ""},
	{"3.8.2.2.2", "1k4r1/8/8/8/8/8/8/RKN3R1 w GA - 0 1", "san", "O-O-O", IllegalCastlingBlocked, C1, "castling is blocked: c1 is occupied"}, // the king's destination
	{"3.8.2.2.2", "1k6/8/8/8/8/8/8/RK1N4 w A - 0 1", "san", "O-O-O", IllegalCastlingBlocked, D1, "castling is blocked: d1 is occupied"},     // the rook's destination
	{"3.8.2.2.2", "1k6/8/8/8/8/8/8/RK1N4 w A - 0 1", "uci", "b1a1", IllegalCastlingBlocked, D1, ""},
	{"3.8.2.2.2", "1k6/8/8/8/8/8/8/RK1N4 w A - 0 1", "move", "b1a1", IllegalCastlingBlocked, D1, ""},
	// Castling through or into check (3.8.2.2.1), and in Chess960 into a check the rook uncovers.
	{"3.8.2.2.1", "4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1", "san", "O-O", IllegalCastlingThroughCheck, F1, "castling through check: f1 is attacked by the rook on f8"},
	{"3.8.2.2.1", "4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1", "uci", "e1g1", IllegalCastlingThroughCheck, F1, ""},
	{"3.8.2.2.1", "4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1", "move", "e1h1", IllegalCastlingThroughCheck, F1, ""},
	{"3.8.2.2.1", "4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1", "san", "O-O", IllegalCastlingIntoCheck, G1, "castling into check: g1 is attacked by the rook on g8"},
	{"3.8.2.2.1", "4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1", "uci", "e1g1", IllegalCastlingIntoCheck, G1, ""},
	{"3.8.2.2.1", "4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1", "move", "e1g1", IllegalCastlingIntoCheck, G1, ""},
	{"3.8.2.2.1", "1k4r1/8/8/8/8/8/8/RK4R1 w GA - 0 1", "san", "O-O", IllegalCastlingIntoCheck, G1, "castling into check: g1 is attacked by the rook on g8"},
	// En passant without the right (3.7.3.2) or exposing the king (3.9).
	{"3.7.3.2", "4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1", "san", "exd6", IllegalEnPassantRight, D6, "no pawn from there can move to d6"},
	{"3.7.3.2", "4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1", "uci", "e5d6", IllegalEnPassantRight, D6, "no en-passant capture on d6: the last move was not a pawn's two-square move across it"},
	{"3.7.3.2", "4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1", "move", "e5d6", IllegalEnPassantRight, D6, ""},
	{"3.9", "8/8/8/K2pP2r/8/8/8/4k3 w - d6 0 1", "san", "exd6", IllegalEnPassantExposesKing, H5, "the en-passant capture would leave the king in check from the rook on h5"},
	{"3.9", "8/8/8/K2pP2r/8/8/8/4k3 w - d6 0 1", "uci", "e5d6", IllegalEnPassantExposesKing, H5, ""},
	{"3.9", "8/8/8/K2pP2r/8/8/8/4k3 w - d6 0 1", "move", "e5d6", IllegalEnPassantExposesKing, H5, ""},
	// Promotion missing, to a king or a pawn, on the wrong rank, of a piece (3.7.5.1).
	{"3.7.5.1", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "san", "b8", IllegalPromotionMissing, B8, "a pawn reaching the last rank must promote: add =Q, =R, =B or =N"},
	{"3.7.5.1", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "uci", "b7b8", IllegalPromotionMissing, B8, "a pawn reaching the last rank must promote: add q, r, b or n"},
	{"3.7.5.1", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "move", "b7b8", IllegalPromotionMissing, B8, ""},
	{"3.7.5.1", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "san", "b8=K", IllegalPromotionPiece, B8, "a pawn promotes to a queen, rook, bishop or knight"},
	{"3.7.5.1", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "uci", "b7b8k", IllegalPromotionPiece, B8, "a pawn promotes to a queen, rook, bishop or knight"},
	{"3.7.5.1", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "move", "b7b8k", IllegalPromotionPiece, B8, ""},
	{"3.7.5.1", fenStart, "san", "e4=Q", IllegalPromotionRank, E4, "a pawn promotes only on the last rank"},
	{"3.7.5.1", fenStart, "uci", "e2e4q", IllegalPromotionRank, E4, "a pawn promotes only on the last rank"},
	{"3.7.5.1", fenStart, "move", "e2e4q", IllegalPromotionRank, E4, ""},
	{"3.7.5.1", fenStart, "uci", "g1f3q", IllegalPromotionNotPawn, G1, "only a pawn promotes: the knight on g1 cannot"},
	{"3.7.5.1", fenStart, "move", "g1f3q", IllegalPromotionNotPawn, G1, ""},
	{"3.7.5.1", fenStart, "san", "e5=K", IllegalWrongWay, E5, "no pawn can move to e5"}, // the way first, as UCI e2e5k
	{"3.7.5.1", fenStart, "uci", "e2e5k", IllegalWrongWay, E5, ""},
	{"3.7.5.1", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "san", "bxa8=K", IllegalWrongWay, A8, ""}, // nothing to capture on a8
	{"3.7.5.1", fenStart, "san", "Nf3=Q", IllegalPromotionNotPawn, G1, "only a pawn promotes: the knight on g1 cannot"},
	{"3.7.5.1", fenStart, "san", "Nf3=K", IllegalPromotionNotPawn, G1, "only a pawn promotes: the knight on g1 cannot"},
	{"3.7.5.1", fenStart, "san", "Nd4=Q", IllegalWrongWay, D4, "no knight can move to d4"}, // the way first, as UCI g1d4q
	{"3.7.5.1", "k7/8/8/8/8/8/8/4K2N w - - 0 1", "san", "Ke2=Q", IllegalPromotionNotPawn, E1, "only a pawn promotes: the king on e1 cannot"},
	{"3.7.5.1", "k7/8/8/8/8/8/8/4K2N w - - 0 1", "san", "Nhf2=R", IllegalPromotionNotPawn, H1, "only a pawn promotes: the knight on h1 cannot"},
	{"3.7.5.1", "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", "san", "Nc3=Q", IllegalPromotionNotPawn, E2, ""}, // promotion before the pin, as UCI e2c3q
	{"3.7.5.1", "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", "uci", "e2c3q", IllegalPromotionNotPawn, E2, ""},
	// The null move ("--", "0000") in check: not a move of the Laws, refused in check.
	{"3.9", "4k3/8/8/8/8/8/8/r3K3 w - - 0 1", "san", "--", IllegalNullMoveInCheck, A1, "a null move cannot be played in check"},
	{"3.9", "4k3/8/8/8/8/8/8/r3K3 w - - 0 1", "uci", "0000", IllegalNullMoveInCheck, A1, "a null move cannot be played in check"},
	{"3.9", "4k3/8/8/8/8/8/8/r3K3 w - - 0 1", "move", "0000", IllegalNullMoveInCheck, A1, "a null move cannot be played in check"},
}

// uciMove builds a Move value from UCI text without a position, promotion letters k and p
// included.
func uciMove(t *testing.T, s string) Move {
	t.Helper()
	if s == "0000" {
		return NullMove
	}
	m, ok := parseUCIText(s[:4])
	if !ok {
		t.Fatalf("bad UCI %q in the table", s)
	}
	if len(s) == 5 {
		m |= Move(strings.IndexByte(" pnbrqk", s[4])) << 16
	}
	return m
}

// illegalErrors gives the move of c to every path of its kind and returns each path's error.
func illegalErrors(t *testing.T, c illegalCase) map[string]error {
	t.Helper()
	p := MustParseFEN(c.fen)
	errs := map[string]error{}
	switch c.via {
	case "san":
		_, errs["ParseSAN"] = p.ParseSAN(c.input)
		_, _, errs["ParseSANDeviation"] = p.ParseSANDeviation(c.input)
		_, errs["ParseSANStrict"] = p.ParseSANStrict(c.input)
		_, errs["Position.PlaySAN"] = p.PlaySAN(c.input)
		errs["Game.PlaySAN"] = NewGame(p).PlaySAN(c.input)
		number := "1. "
		if p.Turn() == Black {
			number = "1... "
		}
		pgn := "[FEN \"" + c.fen + "\"]\n[SetUp \"1\"]\n\n" + number + c.input + " *\n"
		_, err := NewPGNReader(strings.NewReader(pgn)).Read()
		errs["PGNReader"] = err
	case "uci":
		_, errs["ParseUCI"] = p.ParseUCI(c.input)
		_, errs["Position.PlayUCI"] = p.PlayUCI(c.input)
		errs["Game.PlayUCI"] = NewGame(p).PlayUCI(c.input)
		if !strings.ContainsAny(c.input[min(4, len(c.input)):], "kp") && c.input != "0000" { // SAN reads a UCI form only with a piece letter it knows
			_, errs["ParseSAN(UCI form)"] = p.ParseSAN(c.input)
		}
	case "move":
		m := uciMove(t, c.input)
		_, errs["Play"] = p.Play(m)
		errs["Game.Play"] = NewGame(p).Play(m)
	}
	return errs
}

// TestIllegalReasonsFIDE3 checks the typed reason of every class of illegal move (FIDE Laws
// 3.1 to 3.9, 3.7.5.1 promotion) on every path a move comes in by: SAN (ParseSAN and its
// variants, PlaySAN, the PGN reader), UCI (ParseUCI, PlayUCI) and Move values (Play).
func TestIllegalReasonsFIDE3(t *testing.T) {
	for _, c := range illegalCases {
		for path, err := range illegalErrors(t, c) {
			name := c.rule + " " + c.fen + " " + path + "(" + c.input + ")"
			if c.reason == IllegalNone {
				if err != nil {
					t.Errorf("%s: %v, want no error", name, err)
				}
				continue
			}
			if !errors.Is(err, ErrIllegalMove) {
				t.Errorf("%s: %v, want ErrIllegalMove", name, err)
				continue
			}
			var reason IllegalReason
			var sq Square
			var text string
			var se *SANError
			var me *MoveError
			switch {
			case errors.As(err, &se):
				reason, sq, text = se.Illegal, se.Square, se.Reason
			case errors.As(err, &me):
				reason, sq, text = me.Illegal, me.Square, me.Reason
			default:
				t.Errorf("%s: %T, want a *SANError or *MoveError", name, err)
				continue
			}
			if reason != c.reason || sq != c.square {
				t.Errorf("%s: reason %v on %v (%q), want %v on %v", name, reason, sq, text, c.reason, c.square)
			}
			if c.text != "" && text != c.text && path != "ParseSAN(UCI form)" && path != "PGNReader" {
				t.Errorf("%s: message %q, want %q", name, text, c.text)
			}
			if text == "" {
				t.Errorf("%s: empty message", name)
			}
		}
	}
}

// TestIllegalCastlingUncovered: in Chess960 the castling rook can stand between the king's
// destination and an attacker, so the king ends in check only once the rook has moved (FIDE
// Laws 3.8.2.2.1 and the Chess960 rules of Guidelines III).
func TestIllegalCastlingUncovered(t *testing.T) {
	// King b1 next to a black rook on a1: in check, so no castling with the c1 rook.
	p := MustParseFEN("6k1/8/8/8/8/8/8/rKR5 w C - 0 1")
	_, err := p.ParseUCI("b1c1")
	var me *MoveError
	if !errors.As(err, &me) || me.Illegal != IllegalCastlingOutOfCheck || me.Square != A1 {
		t.Errorf("b1c1: %v; want castling out of check from a1", err)
	}
	// King d1, rook c1, black queen a1 behind the rook: O-O-O takes the king to c1 and the
	// rook to d1; with the rook gone from c1, a1 attacks c1 through b1.
	r := MustParseFEN("6k1/8/8/8/8/8/8/q1RK4 w C - 0 1")
	_, err = r.ParseSAN("O-O-O")
	var se *SANError
	if !errors.As(err, &se) || se.Illegal != IllegalCastlingIntoCheck || se.Square != C1 {
		t.Errorf("O-O-O in %s: %v (%v on %v); want castling into check on c1", r.FEN(), err, se.Illegal, se.Square)
	}
	if se != nil && se.Reason != "castling into check: c1 is attacked by the queen on a1" {
		t.Errorf("O-O-O: message %q", se.Reason)
	}
}

// explainPositions returns positions for differential tests: the perft table and random
// games from it, more without -short.
func explainPositions(t *testing.T) []Position {
	var out []Position
	games, plies := 1, 30
	if !testing.Short() {
		games, plies = 4, 120
	}
	for _, tc := range perftTable {
		p := MustParseFEN(tc.fen)
		out = append(out, p)
		for seed := range games {
			g, err := randomGame(p, int64(seed), plies)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, g...)
		}
	}
	return out
}

// TestExplainAgreesWithLegality is a differential test of the one explanation against the
// legality of Play: for every move of a piece of the side to move to any square (promotions to
// a queen and a king too), the explanation is empty exactly when the move is legal, and an
// illegal move's message is never empty.
func TestExplainAgreesWithLegality(t *testing.T) {
	n := 0
	for k, p := range explainPositions(t) {
		// The moves Play accepts as plain moves: squares and promotion of LegalMoves, and
		// castling also as king takes rook (in standard chess, where To is the king's square).
		legalSet := map[Move]bool{}
		for _, lm := range p.LegalMoves() {
			legalSet[NewMove(lm.From(), lm.To(), lm.Promotion())] = true
			if lm.IsCastle() {
				legalSet[NewMove(lm.From(), lm.CastlingRook(), NoPieceType)] = true
			}
		}
		for s := p.ofColor(p.turn); s != 0; s &= s - 1 {
			from := sq88(bitIndex(s))
			for i := range 64 {
				to := SquareAt(i)
				for _, promo := range [...]PieceType{NoPieceType, Queen, King} {
					m := NewMove(from, to, promo)
					if from == to || promo != NoPieceType && p.board[from].Type() != Pawn && testing.Short() {
						continue
					}
					il := p.explain(m)
					legal := legalSet[m]
					if k%64 == 0 && legal != p.IsLegal(m) {
						t.Fatalf("%s: %v: IsLegal %v, LegalMoves %v", p.FEN(), m, p.IsLegal(m), legal)
					}
					n++
					if legal != (il.reason == IllegalNone) {
						t.Fatalf("%s: %v: IsLegal %v, explanation %v on %v", p.FEN(), m, legal, il.reason, il.square)
					}
					if !legal && p.explainText(m, il, false) == "" {
						t.Fatalf("%s: %v: %v without a message", p.FEN(), m, il.reason)
					}
				}
			}
		}
		for _, m := range p.LegalMoves() {
			if il := p.explain(m); il.reason != IllegalNone {
				t.Fatalf("%s: legal move %v explained as %v", p.FEN(), m, il.reason)
			}
		}
	}
	t.Logf("%d moves explained", n)
}

func bitIndex(s uint64) int {
	for i := range 64 {
		if s>>i&1 != 0 {
			return i
		}
	}
	return -1
}

// TestIllegalOffBoard: a Move value whose squares are off the board is explained as such on
// every path that takes a Move.
func TestIllegalOffBoard(t *testing.T) {
	p := StartingPosition()
	for _, m := range []Move{Move(0x7f) | Move(E4)<<8, Move(E2) | Move(0x78)<<8, Move(E1) | Move(0x0f)<<8 | moveCastle} {
		_, err := p.Play(m)
		var me *MoveError
		if !errors.As(err, &me) || me.Illegal != IllegalOffBoard || me.Square != NoSquare || me.Reason != "off-board square" {
			t.Errorf("Play(%#x): %v", uint32(m), err)
		}
		if err := NewGame(p).Play(m); !errors.As(err, &me) || me.Illegal != IllegalOffBoard {
			t.Errorf("Game.Play(%#x): %v", uint32(m), err)
		}
	}
}

func TestIllegalReasonString(t *testing.T) {
	for r, want := range map[IllegalReason]string{
		IllegalNone: "none", IllegalPinned: "pinned", IllegalCastlingThroughCheck: "castling through check",
		IllegalNullMoveInCheck: "null move in check", IllegalNullMoveInCheck + 1: "IllegalReason(22)", 255: "IllegalReason(255)",
	} {
		if got := r.String(); got != want {
			t.Errorf("IllegalReason(%d).String() = %q, want %q", r, got, want)
		}
	}
}

// perftSuitePositions returns the positions of the shared perft suites (without -short).
func perftSuitePositions(t *testing.T) []Position {
	if testing.Short() {
		return nil
	}
	dir := sharedTestdata(t, "perft/normalized")
	files, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no perft suites in %s: %v", dir, err)
	}
	var out []Position
	for _, f := range files {
		if _, err := os.Stat(f); err != nil {
			t.Fatal(err)
		}
		for _, e := range readPerftSuite(t, f) {
			p, err := ParseFEN(e.fen)
			if err != nil {
				continue // the suites hold a few positions ParseFEN refuses on purpose
			}
			out = append(out, p)
		}
	}
	return out
}
