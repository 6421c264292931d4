package chess

import (
	"errors"
	"slices"
	"testing"
)

// Positions of the SAN tables, named by what they show.
const (
	fenStart     = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	fenKiwipete  = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	fenExd5      = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"   // 1.e4 d5: exd5 captures
	fenQh5Check  = "rnbqkbnr/ppppp1pp/5p2/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"   // 1.e4 f6: Qh5+
	fenFoolsMate = "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2"  // 1.f3 e5 2.g4: Qh4#
	fenCastling  = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"             // both sides free
	fenCastleChk = "5k2/8/8/8/8/8/8/4K2R w K - 0 1"                                 // O-O+
	fenPromote   = "8/4P3/7k/8/8/8/8/4K3 w - - 0 1"                                 // e8=Q, no check
	fenEnPassant = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"  // exf6 e.p.
	fenNbd2      = "rnbqkbnr/ppp1pppp/8/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R w KQkq - 0 3" // Nbd2 or Nfd2
	fenBPawn     = "4k3/8/8/8/8/2n5/1P1B4/4K3 w - - 0 1"                            // bxc3 (pawn) and Bxc3
	fenBPawnPush = "4k3/8/8/8/8/8/1P1B4/4K3 w - - 0 1"                              // b4 (pawn) and Bb4
	fenBxa8      = "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1"                               // bxa8=B, b8=Q+
	fenPinnedN   = "4k3/8/8/3b4/8/5N2/8/1N5K w - - 0 1"                             // Nf3 pinned: Nd2 is Nb1-d2
	fenThreeQ    = "1k6/8/8/8/4Q2Q/8/8/K6Q w - - 0 1"                               // Qh4e1, Qee1, Q1e1
	fenRooks     = "4k3/8/8/R7/8/8/8/R4RK1 w - - 0 1"                               // Rad1/Rfd1, R1a3/R5a3
	fenPinFile   = "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1"                              // Ne2 pinned on the e-file
	fenRookCheck = "4k3/3r4/8/8/8/8/8/4K3 w - - 0 1"                                // d-file attacked
	fenInCheck   = "4k3/8/8/8/8/8/1N6/r3K3 w - - 0 1"                               // Ra1+; Nb2 cannot help
	fenPinDiag   = "4k3/8/8/8/1b6/8/3N4/r3K3 w - - 0 1"                             // Ra1+; Nd2 pinned by Bb4
	fenDouble    = "4k3/8/8/5B2/8/3n4/8/r3K3 w - - 0 1"                             // Ra1+ and Nd3+
	fenCastleThr = "4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1"                              // f1 attacked: no O-O
	fenCastleOut = "4k3/8/8/8/8/8/8/R3K2r w Q - 0 1"                                // in check: no O-O-O
	fenNoRightKS = "4k3/8/8/8/8/8/8/R3K2R w Q - 0 1"                                // only O-O-O allowed
	fenEPSingle  = "7k/8/8/2PpP3/4K3/8/8/8 w - d6 0 2"                              // d5 checks; cxd6 and exd6 e.p.
	fenTwoPromo  = "3r3k/2P1P3/8/8/8/8/8/K7 w - - 0 1"                              // cxd8 and exd8
	fen960       = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"
)

// sanReadCase is one row of the reading tables: in the position fen, the input in names the
// move uci (as Move.String writes it) and uses exactly the lenient spellings dev.
type sanReadCase struct {
	fen string
	in  string
	uci string
	dev SANDeviation
}

// TestParseSANSpellings has one row per spelling the issue lists for ParseSAN: exact SAN
// (zero deviation) and every lenient form, with the flags it must report.
func TestParseSANSpellings(t *testing.T) {
	tests := []sanReadCase{
		// Exact SAN.
		{fenStart, "e4", "e2e4", 0},
		{fenStart, "Nf3", "g1f3", 0},
		{fenExd5, "exd5", "e4d5", 0},
		{fenQh5Check, "Qh5+", "d1h5", 0},
		{fenFoolsMate, "Qh4#", "d8h4", 0},
		{fenNbd2, "Nbd2", "b1d2", 0},
		{fenNbd2, "Nfd2", "f3d2", 0},
		{fenThreeQ, "Qh4e1", "h4e1", 0},
		{fenThreeQ, "Qee1", "e4e1", 0},
		{fenThreeQ, "Q1e1", "h1e1", 0},
		{fenEnPassant, "exf6", "e5f6", 0},
		{fenPromote, "e8=Q", "e7e8q", 0},
		{fenPromote, "e8=N", "e7e8n", 0},
		{fenPinnedN, "Nd2", "b1d2", 0},

		// Check and mate suffixes: missing or wrong.
		{fenQh5Check, "Qh5", "d1h5", SANMissingCheck},
		{fenQh5Check, "Qh5#", "d1h5", SANWrongCheck},
		{fenFoolsMate, "Qh4", "d8h4", SANMissingCheck},
		{fenFoolsMate, "Qh4+", "d8h4", SANWrongCheck},
		{fenStart, "Nf3+", "g1f3", SANWrongCheck},
		{fenStart, "e4#", "e2e4", SANWrongCheck},
		{fenQh5Check, "Qh5++", "d1h5", SANWrongCheck}, // one sign only
		{fenFoolsMate, "Qh4#+", "d8h4", SANWrongCheck},
		{fenFoolsMate, "Qh4+#", "d8h4", SANWrongCheck},
		{fenFoolsMate, "Qh4##", "d8h4", SANWrongCheck},

		// Annotation glyphs, with and without a suffix.
		{fenStart, "e4!", "e2e4", SANGlyph},
		{fenStart, "e4?", "e2e4", SANGlyph},
		{fenStart, "e4!!", "e2e4", SANGlyph},
		{fenStart, "e4??", "e2e4", SANGlyph},
		{fenStart, "e4!?", "e2e4", SANGlyph},
		{fenStart, "e4?!", "e2e4", SANGlyph},
		{fenQh5Check, "Qh5+!", "d1h5", SANGlyph},
		{fenQh5Check, "Qh5!", "d1h5", SANGlyph | SANMissingCheck},
		{fenFoolsMate, "Qh4#!!", "d8h4", SANGlyph},

		// Castling with letters and zeros, with and without suffix.
		{fenCastling, "O-O", "e1g1", 0},
		{fenCastling, "O-O-O", "e1c1", 0},
		{fenCastling, "0-0", "e1g1", SANZeroCastling},
		{fenCastling, "0-0-0", "e1c1", SANZeroCastling},
		{fenCastling, "0-0-0!", "e1c1", SANZeroCastling | SANGlyph},
		{fenCastleChk, "O-O+", "e1g1", 0},
		{fenCastleChk, "O-O", "e1g1", SANMissingCheck},
		{fenCastleChk, "0-0+", "e1g1", SANZeroCastling},
		{fenCastleChk, "0-0", "e1g1", SANZeroCastling | SANMissingCheck},
		{fenCastling, "O-O+", "e1g1", SANWrongCheck},

		// Promotion with or without "=", in brackets, either case.
		{fenPromote, "e8Q", "e7e8q", SANPromotionForm},
		{fenPromote, "e8(Q)", "e7e8q", SANPromotionForm},
		{fenPromote, "e8=q", "e7e8q", SANPromotionForm},
		{fenPromote, "e8q", "e7e8q", SANPromotionForm},
		{fenPromote, "e8(n)", "e7e8n", SANPromotionForm},
		{fenPromote, "e8R", "e7e8r", SANPromotionForm},
		{fenBxa8, "bxa8=B", "b7a8b", 0},
		{fenBxa8, "bxa8b", "b7a8b", SANPromotionForm},
		{fenBxa8, "bxa8=Q+", "b7a8q", 0},
		{fenBxa8, "b8=Q+", "b7b8q", 0},
		{fenBxa8, "b8Q", "b7b8q", SANPromotionForm | SANMissingCheck},

		// Over-disambiguation and long algebraic.
		{fenStart, "Ngf3", "g1f3", SANOverDisambiguation},
		{fenStart, "N1f3", "g1f3", SANOverDisambiguation},
		{fenStart, "Ng1f3", "g1f3", SANOverDisambiguation},
		{fenStart, "Ng1-f3", "g1f3", SANOverDisambiguation | SANLongAlgebraic},
		{fenStart, "e2-e4", "e2e4", SANOverDisambiguation | SANLongAlgebraic},
		{fenExd5, "e4xd5", "e4d5", SANOverDisambiguation},
		{fenExd5, "e4-d5", "e4d5", SANOverDisambiguation | SANLongAlgebraic | SANMissingCapture},
		{fenNbd2, "Nb1d2", "b1d2", SANOverDisambiguation},
		{fenNbd2, "N1d2", "b1d2", SANOverDisambiguation}, // rank where SAN writes the file
		{fenThreeQ, "Qe4e1", "e4e1", SANOverDisambiguation},
		{fenThreeQ, "Qh1e1", "h1e1", SANOverDisambiguation},
		{fenPinnedN, "Nbd2", "b1d2", SANOverDisambiguation},
		{fenCastling, "Kf1", "e1f1", 0},
		{fenCastling, "Ke1-f1", "e1f1", SANOverDisambiguation | SANLongAlgebraic},
		{fenCastling, "Kef1", "e1f1", SANOverDisambiguation},

		// A missing "x" on a capture, an "x" on a non-capture.
		{fenExd5, "ed5", "e4d5", SANMissingCapture},
		{fenKiwipete, "Nf7", "e5f7", SANMissingCapture},
		{fenKiwipete, "Nxf7", "e5f7", 0},
		{fenStart, "Nxf3", "g1f3", SANWrongCapture},
		{fenStart, "Ng1xf3", "g1f3", SANOverDisambiguation | SANWrongCapture},
		{fenStart, "exe4", "e2e4", SANOverDisambiguation | SANWrongCapture},
		{fenExd5, "e:d5", "e4d5", SANMissingCapture}, // the old ":" is not SAN's "x"
		{fenKiwipete, "N:f7", "e5f7", SANMissingCapture},
		{fenStart, "N:f3", "g1f3", SANWrongCapture},

		// Pawn moves with "P".
		{fenStart, "Pe4", "e2e4", SANPawnLetter},
		{fenExd5, "Pexd5", "e4d5", SANPawnLetter},
		{fenPromote, "Pe8=Q", "e7e8q", SANPawnLetter},

		// "e.p." after an en-passant capture.
		{fenEnPassant, "exf6 e.p.", "e5f6", SANEnPassantSuffix},
		{fenEnPassant, "exf6e.p.", "e5f6", SANEnPassantSuffix},
		{fenEnPassant, "exf6 e.p.!", "e5f6", SANEnPassantSuffix | SANGlyph},

		// UCI coordinates.
		{fenStart, "g1f3", "g1f3", SANUCI},
		{fenStart, "e2e4", "e2e4", SANUCI},
		{fenPromote, "e7e8q", "e7e8q", SANUCI},
		{fenPromote, "e7e8Q", "e7e8q", SANUCI},
		{fenPromote, "e7e8n", "e7e8n", SANUCI},
		{fenCastling, "e1g1", "e1g1", SANUCI},
		{fenCastling, "e1h1", "e1g1", SANUCI},
		{fenCastling, "e1c1", "e1c1", SANUCI},
		{fenEnPassant, "e5f6", "e5f6", SANUCI},
		{fenQh5Check, "d1h5", "d1h5", SANUCI | SANMissingCheck},
		{fenQh5Check, "d1h5+", "d1h5", SANUCI},

		// Lower-case b is the b-pawn, never a bishop.
		{fenBPawn, "bxc3", "b2c3", 0},
		{fenBPawn, "Bxc3", "d2c3", 0},
		{fenBPawn, "bc3", "b2c3", SANMissingCapture},
		{fenBPawnPush, "b4", "b2b4", 0},
		{fenBPawnPush, "b3", "b2b3", 0},
		{fenBPawnPush, "Bb4", "d2b4", 0},
		{fenBPawnPush, "Pb4", "b2b4", SANPawnLetter},
		{fenEPSingle, "cxd6", "c5d6", 0},
		{fenEPSingle, "exd6", "e5d6", 0},
		{fenEPSingle, "ed6", "e5d6", SANMissingCapture},
		{fenTwoPromo, "cxd8=Q+", "c7d8q", 0},
		{fenTwoPromo, "exd8=N", "e7d8n", 0},
		{fenStart, "xe4", "e2e4", SANWrongCapture}, // no file needed: nothing is captured
	}
	for _, tt := range tests {
		p := MustParseFEN(tt.fen)
		want, err := p.ParseUCI(tt.uci)
		if err != nil {
			t.Fatalf("bad row %q: %v", tt.in, err)
		}
		got, dev, err := p.ParseSANDeviation(tt.in)
		if err != nil || got != want || dev != tt.dev {
			t.Errorf("%s\nParseSANDeviation(%q) = %v, [%v], %v; want %v, [%v]", tt.fen, tt.in, got, dev, err, want, tt.dev)
			continue
		}
		if got, err := p.ParseSAN(tt.in); err != nil || got != want {
			t.Errorf("%s\nParseSAN(%q) = %v, %v; want %v", tt.fen, tt.in, got, err, want)
		}
		got, err = p.ParseSANStrict(tt.in)
		if tt.dev&^SANMissingCheck == 0 {
			if err != nil || got != want {
				t.Errorf("%s\nParseSANStrict(%q) = %v, %v; want %v", tt.fen, tt.in, got, err, want)
			}
		} else if !errors.Is(err, ErrSyntax) || got != NullMove {
			t.Errorf("%s\nParseSANStrict(%q) = %v, %v; want an ErrSyntax for [%v]", tt.fen, tt.in, got, err, tt.dev&^SANMissingCheck)
		}
	}
}

// sanErrCase is one row of the error tables: the input in fails in fen with a *SANError
// wrapping err, at offset off, with the exact reason and candidates.
type sanErrCase struct {
	fen    string
	in     string
	err    error
	off    int
	reason string
	cands  []string
}

// TestParseSANErrors has one row per error kind: syntax errors, each reason ErrIllegalMove
// gives, and ambiguous moves with their candidates in exact SAN.
func TestParseSANErrors(t *testing.T) {
	tests := []sanErrCase{
		// ErrSyntax.
		{fenStart, "", ErrSyntax, 0, "too short for a move", nil},
		{fenStart, "e", ErrSyntax, 0, "too short for a move", nil},
		{fenStart, "+", ErrSyntax, 0, "too short for a move", nil},
		{fenStart, "!?", ErrSyntax, 0, "too short for a move", nil},
		{fenStart, "Z4", ErrSyntax, 0, "want a destination square like e4", nil},
		{fenStart, "Nf9", ErrSyntax, 1, "want a destination square like e4", nil},
		{fenStart, "Ni3", ErrSyntax, 1, "want a destination square like e4", nil},
		{fenStart, "e4 ", ErrSyntax, 1, "want a destination square like e4", nil},
		{fenStart, "O-O-O-O", ErrSyntax, 5, "want a destination square like e4", nil},
		{fenStart, "o-o", ErrSyntax, 1, "want a destination square like e4", nil},
		{fenPromote, "e8=K", ErrIllegalMove, 3, "a pawn promotes to a queen, rook, bishop or knight", nil},
		{fenPromote, "e8=P", ErrIllegalMove, 3, "a pawn promotes to a queen, rook, bishop or knight", nil},
		{fenStart, "nf3", ErrSyntax, 0, "want an origin file or rank", nil},
		{fenStart, "Nzf3", ErrSyntax, 1, "want an origin file or rank", nil},
		{fenStart, "Nz1f3", ErrSyntax, 1, "want an origin square", nil},
		{fenStart, "Ng1g1f3", ErrSyntax, 1, "unexpected characters before the destination", nil},
		{fenStart, "e4 e.p.", ErrSyntax, 2, "e.p. on a move that is not an en-passant capture", nil},
		{fenExd5, "exd5 e.p.", ErrSyntax, 4, "e.p. on a move that is not an en-passant capture", nil},

		// ErrIllegalMove, with the reason.
		{fenStart, "Nf3=Q", ErrIllegalMove, 3, "only a pawn promotes: the knight on g1 cannot", nil}, // FIDE Laws 3.7.5.1, IllegalPromotionNotPawn
		{fenPinFile, "Nc3", ErrIllegalMove, 0, "the knight on e2 is pinned by the rook on e7", nil},
		{fenPinnedN, "Nfd2", ErrIllegalMove, 0, "the knight on f3 is pinned by the bishop on d5", nil},
		{fenRookCheck, "Kd2", ErrIllegalMove, 0, "the king would be in check on d2 from the rook on d7", nil},
		{fenRookCheck, "Kd1", ErrIllegalMove, 0, "the king would be in check on d1 from the rook on d7", nil},
		{fenInCheck, "Nd3", ErrIllegalMove, 0, "the king is in check from the rook on a1 and the knight on b2 does not stop it", nil},
		{fenPinDiag, "Nb1", ErrIllegalMove, 0, "the knight on d2 is pinned by the bishop on b4", nil},
		{fenDouble, "Bxd3", ErrIllegalMove, 0, "double check: only the king can move", nil},
		{fenDouble, "Kf2", ErrIllegalMove, 0, "the king would be in check on f2 from the knight on d3", nil},
		{fenCastleThr, "O-O", ErrIllegalMove, 0, "castling through check: f1 is attacked by the rook on f8", nil},
		{fenCastleThr, "0-0", ErrIllegalMove, 0, "castling through check: f1 is attacked by the rook on f8", nil},
		{fenCastleThr, "e1g1", ErrIllegalMove, 0, "castling through check: f1 is attacked by the rook on f8", nil},
		{fenCastleOut, "O-O-O", ErrIllegalMove, 0, "castling out of check", nil},
		{fenNoRightKS, "O-O", ErrIllegalMove, 0, "white has no castling right on that side", nil},
		{fenStart, "O-O", ErrIllegalMove, 0, "castling is blocked: f1 is occupied", nil},
		{fenStart, "O-O-O", ErrIllegalMove, 0, "castling is blocked: d1 is occupied", nil},
		{fenStart, "Nd4", ErrIllegalMove, 0, "no knight can move to d4", nil},
		{fenStart, "Qh5", ErrIllegalMove, 0, "no queen can move to h5", nil},
		{fenStart, "Nbf3", ErrIllegalMove, 0, "no knight from there can move to f3", nil},
		{fenStart, "e5", ErrIllegalMove, 0, "no pawn can move to e5", nil},
		{fenStart, "exd3", ErrIllegalMove, 0, "no pawn from there can move to d3", nil},
		{fenStart, "Nd2", ErrIllegalMove, 1, "a white piece stands on d2", nil},
		{"4kr2/8/8/8/8/8/8/4KR2 w Ff - 0 1", "O-O", ErrIllegalMove, 0, "castling through check: f1 is attacked by the rook on f8", nil},
		{"4kr2/8/8/8/8/8/8/4KR2 w Ff - 0 1", "e1f1", ErrIllegalMove, 0, "castling through check: f1 is attacked by the rook on f8", nil},
		{"1k4r1/8/8/8/8/8/8/RK4R1 w GA - 0 1", "O-O", ErrIllegalMove, 0, "castling into check: g1 is attacked by the rook on g8", nil},
		{"1k4r1/8/8/8/8/8/8/RKN3R1 w GA - 0 1", "O-O-O", ErrIllegalMove, 0, "castling is blocked: c1 is occupied", nil},
		{"1k4r1/8/8/8/8/8/8/RK4R1 w A - 0 1", "O-O", ErrIllegalMove, 0, "white has no castling right on that side", nil},
		{fenStart, "Bxc3", ErrIllegalMove, 0, "no bishop can move to c3", nil},
		{fenBPawnPush, "bxc3", ErrIllegalMove, 0, "no pawn from there can move to c3", nil},
		{fenPromote, "e8", ErrIllegalMove, 2, "a pawn reaching the last rank must promote: add =Q, =R, =B or =N", nil},
		{fenPromote, "e8+", ErrIllegalMove, 2, "a pawn reaching the last rank must promote: add =Q, =R, =B or =N", nil},
		{fenStart, "e4=Q", ErrIllegalMove, 0, "a pawn promotes only on the last rank", nil},
		// A pawn capture names the pawn's file: "xd5" and "d5" are not exd5, and two pawns
		// that can take en passant (or promote by capturing) are not an ambiguous "xd6".
		{fenExd5, "xd5", ErrIllegalMove, 0, "a pawn capture names the pawn's file: exd5", nil},
		{fenExd5, "d5", ErrIllegalMove, 0, "a pawn capture names the pawn's file: exd5", nil},
		{fenExd5, "Pxd5", ErrIllegalMove, 0, "a pawn capture names the pawn's file: exd5", nil},
		{fenKiwipete, "xh3", ErrIllegalMove, 0, "a pawn capture names the pawn's file: gxh3", nil}, // found by FuzzParseSAN
		{fenEPSingle, "xd6", ErrIllegalMove, 0, "a pawn capture names the pawn's file: cxd6", nil},
		{fenEPSingle, "d6", ErrIllegalMove, 0, "a pawn capture names the pawn's file: cxd6", nil},
		{fenTwoPromo, "xd8", ErrIllegalMove, 0, "a pawn capture names the pawn's file: cxd8", nil},
		{fenTwoPromo, "xd8=Q", ErrIllegalMove, 0, "a pawn capture names the pawn's file: cxd8", nil},
		{fenStart, "e2e5", ErrIllegalMove, 0, "the pawn on e2 cannot move to e5", nil},
		{fenStart, "e7e5", ErrIllegalMove, 0, "the piece on e7 is black's, and it is white to move", nil},
		{fenStart, "e3e4", ErrIllegalMove, 0, "no piece on e3", nil},
		{fenPromote, "e7e8", ErrIllegalMove, 0, "a pawn reaching the last rank must promote: add q, r, b or n", nil},

		// ErrAmbiguousMove, with the candidates in exact SAN.
		{fenNbd2, "Nd2", ErrAmbiguousMove, 0, "more than one knight can move to d2", []string{"Nbd2", "Nfd2"}},
		{fenThreeQ, "Qe1", ErrAmbiguousMove, 0, "more than one queen can move to e1", []string{"Q1e1", "Qee1", "Qh4e1"}},
		{fenThreeQ, "Qhe1", ErrAmbiguousMove, 0, "more than one queen can move to e1", []string{"Q1e1", "Qh4e1"}},
		{fenThreeQ, "Q4e1", ErrAmbiguousMove, 0, "more than one queen can move to e1", []string{"Qee1", "Qh4e1"}},
		{fenRooks, "Rd1", ErrAmbiguousMove, 0, "more than one rook can move to d1", []string{"Rad1", "Rfd1"}},
		{fenRooks, "Ra3", ErrAmbiguousMove, 0, "more than one rook can move to a3", []string{"R1a3", "R5a3"}},
		{fenRooks, "Raa3", ErrAmbiguousMove, 0, "more than one rook can move to a3", []string{"R1a3", "R5a3"}},
	}
	for _, tt := range tests {
		p := MustParseFEN(tt.fen)
		for _, parse := range []struct {
			name string
			f    func(string) (Move, error)
		}{{"ParseSAN", p.ParseSAN}, {"ParseSANStrict", p.ParseSANStrict}} {
			m, err := parse.f(tt.in)
			var se *SANError
			switch {
			case m != NullMove || !errors.Is(err, tt.err) || !errors.As(err, &se):
				t.Errorf("%s\n%s(%q) = %v, %v; want a *SANError wrapping %v", tt.fen, parse.name, tt.in, m, err, tt.err)
			case se.Input != tt.in || se.Offset != tt.off || se.Reason != tt.reason || !slices.Equal(se.Candidates, tt.cands):
				t.Errorf("%s\n%s(%q): Input %q, Offset %d, Reason %q, Candidates %q;\nwant Offset %d, Reason %q, Candidates %q",
					tt.fen, parse.name, tt.in, se.Input, se.Offset, se.Reason, se.Candidates, tt.off, tt.reason, tt.cands)
			}
		}
		if _, dev, err := p.ParseSANDeviation(tt.in); err == nil || dev != 0 {
			t.Errorf("ParseSANDeviation(%q) = _, %v, %v; want no deviation and an error", tt.in, dev, err)
		}
	}
}

// TestSANWriter has one row per rule of the writer, with the exact SAN and LAN; every row
// also reads back through ParseSANStrict, ParseSAN (SAN, LAN and UCI).
func TestSANWriter(t *testing.T) {
	tests := []struct {
		fen, uci, san, lan string
	}{
		{fenStart, "e2e4", "e4", "e2-e4"},
		{fenStart, "g1f3", "Nf3", "Ng1-f3"},
		{fenExd5, "e4d5", "exd5", "e4xd5"},
		{fenKiwipete, "e5f7", "Nxf7", "Ne5xf7"},
		{fenKiwipete, "e2a6", "Bxa6", "Be2xa6"},
		{fenKiwipete, "d5e6", "dxe6", "d5xe6"},
		{fenKiwipete, "e1g1", "O-O", "O-O"},
		{fenKiwipete, "e1c1", "O-O-O", "O-O-O"},
		{fenKiwipete, "e1d1", "Kd1", "Ke1-d1"},
		{fenQh5Check, "d1h5", "Qh5+", "Qd1-h5+"},
		{fenFoolsMate, "d8h4", "Qh4#", "Qd8-h4#"},

		// Disambiguation: the file if it tells the pieces apart, else the rank, else both.
		{fenThreeQ, "h4e1", "Qh4e1", "Qh4-e1"},
		{fenThreeQ, "e4e1", "Qee1", "Qe4-e1"},
		{fenThreeQ, "h1e1", "Q1e1", "Qh1-e1"},
		{fenThreeQ, "h4h8", "Qh8+", "Qh4-h8+"}, // only the h4 queen reaches h8
		{fenThreeQ, "e4b7", "Qb7#", "Qe4-b7#"},
		{fenNbd2, "b1d2", "Nbd2", "Nb1-d2"},
		{fenNbd2, "f3d2", "Nfd2", "Nf3-d2"},
		{fenRooks, "a1d1", "Rad1", "Ra1-d1"},
		{fenRooks, "f1d1", "Rfd1", "Rf1-d1"},
		{fenRooks, "a1a3", "R1a3", "Ra1-a3"},
		{fenRooks, "a5a3", "R5a3", "Ra5-a3"},
		{fenRooks, "a5e5", "Re5+", "Ra5-e5+"},
		// A pinned knight does not count: Nd2, not Nbd2.
		{fenPinnedN, "b1d2", "Nd2", "Nb1-d2"},

		// Promotion: with capture and check, underpromotion with mate.
		{"3r3k/4P3/8/8/8/8/8/K7 w - - 0 1", "e7d8q", "exd8=Q+", "e7xd8=Q+"},
		{"3r3k/4P3/8/8/8/8/8/K7 w - - 0 1", "e7d8r", "exd8=R+", "e7xd8=R+"},
		{"3r3k/4P3/8/8/8/8/8/K7 w - - 0 1", "e7d8n", "exd8=N", "e7xd8=N"},
		{"3r3k/4P3/8/8/8/8/8/K7 w - - 0 1", "e7e8q", "e8=Q+", "e7-e8=Q+"},
		{"6r1/5Ppp/6pk/6pp/8/8/8/K7 w - - 0 1", "f7g8n", "fxg8=N#", "f7xg8=N#"},
		{"6r1/5Ppp/6pk/6pp/8/8/8/K7 w - - 0 1", "f7g8q", "fxg8=Q", "f7xg8=Q"},
		{"7k/P5pp/8/8/8/8/8/K7 w - - 0 1", "a7a8r", "a8=R#", "a7-a8=R#"},
		{"7k/P5pp/8/8/8/8/8/K7 w - - 0 1", "a7a8b", "a8=B", "a7-a8=B"},
		{"4k3/8/8/8/8/8/p7/4K3 b - - 0 1", "a2a1q", "a1=Q+", "a2-a1=Q+"},
		{fenBxa8, "b7a8b", "bxa8=B", "b7xa8=B"},

		// En passant, plain and giving check.
		{fenEnPassant, "e5f6", "exf6", "e5xf6"},
		{"8/4k3/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6", "exd6+", "e5xd6+"},
		{"8/8/8/1k1pP1R1/8/8/8/4K3 w - d6 0 2", "e5d6", "exd6+", "e5xd6+"}, // discovered by the rook
		{fenEPSingle, "c5d6", "cxd6", "c5xd6"},

		// Castling with check and with mate.
		{fenCastleChk, "e1g1", "O-O+", "O-O+"},
		{"4rkr1/4p1p1/8/8/8/8/8/4K2R w K - 0 1", "e1g1", "O-O#", "O-O#"},
		{"2rkr3/2p1p3/8/8/8/8/8/R3K3 w Q - 0 1", "e1c1", "O-O-O#", "O-O-O#"},
		{"r3k3/8/8/8/8/8/8/4K3 b q - 0 1", "e8c8", "O-O-O", "O-O-O"},

		// Chess960 castling: king and rook on any squares, written O-O and O-O-O.
		{"1k6/8/8/8/8/8/8/RK4R1 w GA - 0 1", "b1a1", "O-O-O", "O-O-O"},   // king b1 to c1, rook a1 to d1
		{"1k6/8/8/8/8/8/8/RK4R1 w GA - 0 1", "b1g1", "O-O", "O-O"},       // king b1 to g1, rook g1 to f1
		{"r5kr/8/8/8/8/8/8/R5KR w HAha - 0 1", "g1h1", "O-O", "O-O"},     // the king stays on g1
		{"r5kr/8/8/8/8/8/8/R5KR w HAha - 0 1", "g1a1", "O-O-O", "O-O-O"}, // king g1 to c1
		{"r5kr/8/8/8/8/8/8/R5KR w HAha - 0 1", "g1f1", "Kf1", "Kg1-f1"},  // a king move, not castling
		{"4k3/8/8/8/8/8/8/4KR2 w F - 0 1", "e1f1", "O-O", "O-O"},         // the rook stays on f1
		{"4k3/8/8/8/8/8/8/3RK3 w D - 0 1", "e1d1", "O-O-O", "O-O-O"},     // the rook stays on d1
		{"r1k5/8/8/8/8/8/8/R1K5 w Aa - 0 1", "c1a1", "O-O-O", "O-O-O"},   // the king stays on c1
		{"r1k4r/8/8/8/8/8/8/R1K4R b KQkq - 0 1", "c8a8", "O-O-O", "O-O-O"},
		{"2k5/8/8/8/8/8/8/1K3R2 w F - 0 1", "b1f1", "O-O", "O-O"},
		{"1k6/8/8/8/8/8/8/5KR1 w G - 0 1", "f1g1", "O-O", "O-O"},       // king and rook swap squares
		{"1k6/8/8/8/8/8/8/2RK4 w C - 0 1", "d1c1", "O-O-O", "O-O-O"},   // king and rook swap squares
		{"5k2/8/8/8/8/8/8/1K4R1 w G - 0 1", "b1g1", "O-O+", "O-O+"},    // the rook checks from f1
		{"3k4/8/8/8/8/8/8/R5K1 w A - 0 1", "g1a1", "O-O-O+", "O-O-O+"}, // king g1 to c1, rook to d1
		{"r5k1/8/8/8/8/8/8/3K4 b a - 0 1", "g8a8", "O-O-O+", "O-O-O+"}, // Black, Shredder letter of the rook
		{"1k6/8/8/8/8/8/8/1K1R4 w D - 0 1", "b1d1", "O-O", "O-O"},      // the rook on d1 is on the king's h-side
	}
	for _, tt := range tests {
		p := MustParseFEN(tt.fen)
		m, err := p.ParseUCI(tt.uci)
		if err != nil {
			t.Fatalf("bad row %s %s: %v", tt.fen, tt.uci, err)
		}
		if got := p.SAN(m); got != tt.san {
			t.Errorf("%s\nSAN(%s) = %q, want %q", tt.fen, tt.uci, got, tt.san)
		}
		if got := string(p.AppendSAN([]byte("1. "), m)); got != "1. "+tt.san {
			t.Errorf("%s\nAppendSAN(\"1. \", %s) = %q, want %q", tt.fen, tt.uci, got, "1. "+tt.san)
		}
		if got := p.LAN(m); got != tt.lan {
			t.Errorf("%s\nLAN(%s) = %q, want %q", tt.fen, tt.uci, got, tt.lan)
		}
		if got, err := p.ParseSANStrict(tt.san); err != nil || got != m {
			t.Errorf("%s\nParseSANStrict(%q) = %v, %v; want %v", tt.fen, tt.san, got, err, m)
		}
		for _, s := range []string{tt.lan, tt.uci, m.String()} {
			if got, err := p.ParseSAN(s); err != nil || got != m {
				t.Errorf("%s\nParseSAN(%q) = %v, %v; want %v", tt.fen, s, got, err, m)
			}
		}
	}
}

// TestParseSANStrict: only the exact SAN is accepted, except that the "+" or "#" may be left
// out; a wrong suffix, a wrong or missing "x" and every other lenient spelling is ErrSyntax
// at the offset where the input leaves exact SAN.
func TestParseSANStrict(t *testing.T) {
	tests := []struct {
		fen, in string
		uci     string // the move, or "" for an error
		off     int    // for an error: the offset
	}{
		{fenQh5Check, "Qh5+", "d1h5", 0},
		{fenQh5Check, "Qh5", "d1h5", 0}, // a missing suffix is fine
		{fenFoolsMate, "Qh4#", "d8h4", 0},
		{fenFoolsMate, "Qh4", "d8h4", 0},
		{fenCastleChk, "O-O", "e1g1", 0},
		{"2rkr3/2p1p3/8/8/8/8/8/R3K3 w Q - 0 1", "O-O-O", "e1c1", 0},
		{fenPinnedN, "Nd2", "b1d2", 0},
		{fenThreeQ, "Qh4e1", "h4e1", 0},

		{fenQh5Check, "Qh5#", "", 3},  // "#" on a mere check
		{fenFoolsMate, "Qh4+", "", 3}, // "+" on a mate
		{fenStart, "Nf3+", "", 3},     // "+" without check
		{fenStart, "Nf3#", "", 3},
		{fenExd5, "exd5+", "", 4},
		{fenCastleChk, "O-O#", "", 3},
		{fenCastling, "O-O+", "", 3},
		{fenQh5Check, "Qh5++", "", 3},
		{fenFoolsMate, "Qh4#+", "", 3},
		{fenFoolsMate, "Qh4##", "", 3},
		{fenQh5Check, "Qh5+!", "", 4},
		{fenExd5, "e:d5", "", 1},
		{fenStart, "Nxf3", "", 1}, // "x" on a non-capture
		{fenExd5, "ed5", "", 1},   // capture without "x"
		{fenKiwipete, "Nf7", "", 1},
		{fenPinnedN, "Nbd2", "", 1}, // over-disambiguated: the f3 knight is pinned
		{fenStart, "Ngf3", "", 1},
		{fenStart, "N1f3", "", 1},
		{fenStart, "Ng1-f3", "", 1},
		{fenStart, "e2-e4", "", 0},
		{fenThreeQ, "Qh1e1", "", 1},
		{fenCastling, "0-0", "", 0},
		{fenPromote, "e8Q+", "", 2},
		{fenPromote, "e8(Q)+", "", 2},
		{fenPromote, "e8=q+", "", 3},
		{fenStart, "Pe4", "", 0},
		{fenStart, "e4!", "", 2},
		{fenStart, "Nf3!?", "", 3},
		{fenEnPassant, "exf6 e.p.", "", 5},
		{fenStart, "g1f3", "", 0},
	}
	for _, tt := range tests {
		p := MustParseFEN(tt.fen)
		got, err := p.ParseSANStrict(tt.in)
		if tt.uci != "" {
			want, _ := p.ParseUCI(tt.uci)
			if err != nil || got != want {
				t.Errorf("%s\nParseSANStrict(%q) = %v, %v; want %v", tt.fen, tt.in, got, err, want)
			}
			continue
		}
		var se *SANError
		if got != NullMove || !errors.Is(err, ErrSyntax) || !errors.As(err, &se) {
			t.Errorf("%s\nParseSANStrict(%q) = %v, %v; want a *SANError wrapping ErrSyntax", tt.fen, tt.in, got, err)
			continue
		}
		if se.Input != tt.in || se.Offset != tt.off {
			t.Errorf("%s\nParseSANStrict(%q): Input %q, Offset %d; want Offset %d", tt.fen, tt.in, se.Input, se.Offset, tt.off)
		}
		// The lenient reader takes every one of them.
		if _, err := p.ParseSAN(tt.in); err != nil {
			t.Errorf("%s\nParseSAN(%q): %v", tt.fen, tt.in, err)
		}
	}
}

// TestSANDeviationString names the flags in order, comma-separated, and "" for none.
func TestSANDeviationString(t *testing.T) {
	tests := []struct {
		d    SANDeviation
		want string
	}{
		{0, ""},
		{SANMissingCheck, "missing check suffix"},
		{SANZeroCastling | SANGlyph, "annotation glyph, castling with zeros"},
		{SANOverDisambiguation | SANLongAlgebraic, "over-disambiguation, long algebraic"},
		{SANUCI, "UCI coordinates"},
		{SANMissingCheck | SANWrongCheck | SANGlyph | SANZeroCastling | SANPromotionForm | SANOverDisambiguation |
			SANLongAlgebraic | SANMissingCapture | SANWrongCapture | SANPawnLetter | SANEnPassantSuffix | SANUCI,
			"missing check suffix, wrong check suffix, annotation glyph, castling with zeros, promotion spelling, " +
				"over-disambiguation, long algebraic, capture without x, x without capture, pawn letter, e.p. suffix, UCI coordinates"},
	}
	for _, tt := range tests {
		if got := tt.d.String(); got != tt.want {
			t.Errorf("SANDeviation(%#x).String() = %q, want %q", uint16(tt.d), got, tt.want)
		}
	}
}

// TestSANErrorMessage: the message names the sentinel, quotes the input, gives the reason
// and lists the candidates.
func TestSANErrorMessage(t *testing.T) {
	tests := []struct{ fen, in, want string }{
		{fenNbd2, "Nd2", `chess: ambiguous move "Nd2": more than one knight can move to d2 (Nbd2, Nfd2)`},
		{fenPinFile, "Nc3", `chess: illegal move "Nc3": the knight on e2 is pinned by the rook on e7`},
		{fenStart, "Nf9", `chess: syntax error "Nf9": want a destination square like e4`},
		{fenStart, "Nf3+", `chess: syntax error "Nf3+": not exact SAN: wrong check suffix`},
	}
	for _, tt := range tests {
		_, err := MustParseFEN(tt.fen).ParseSANStrict(tt.in)
		if err == nil || err.Error() != tt.want {
			t.Errorf("ParseSANStrict(%q) error %q, want %q", tt.in, err, tt.want)
		}
	}
}

// TestSANNotLegal: SAN and LAN write NullMove as "--", a plain move that names a legal one
// (castling as the king's two-square move or as king takes rook) as that move, and anything
// else (an illegal move) as "", the documented result; the readers return NullMove without
// an error only for "--".
func TestSANNotLegal(t *testing.T) {
	tests := []struct {
		fen      string
		m        Move
		san, lan string
	}{
		{fenStart, NullMove, "--", "--"},
		{fenStart, NewMove(E2, E5, NoPieceType), "", ""},
		{fenStart, NewMove(E7, E5, NoPieceType), "", ""},
		{fenPromote, NewMove(E7, E8, NoPieceType), "", ""},
		{fenStart, NewMove(E2, E4, Queen), "", ""},
		{fenCastling, NewMove(E1, G1, NoPieceType), "O-O", "O-O"},
		{fenCastling, NewMove(E1, H1, NoPieceType), "O-O", "O-O"},
		{fenCastling, NewMove(E1, C1, NoPieceType), "O-O-O", "O-O-O"},
		{fenEnPassant, NewMove(E5, F6, NoPieceType), "exf6", "e5xf6"},
		{fenPromote, NewMove(E7, E8, Knight), "e8=N", "e7-e8=N"},
	}
	for _, tt := range tests {
		p := MustParseFEN(tt.fen)
		if got := p.SAN(tt.m); got != tt.san {
			t.Errorf("%s\nSAN(%v) = %q, want %q", tt.fen, tt.m, got, tt.san)
		}
		if got := p.LAN(tt.m); got != tt.lan {
			t.Errorf("%s\nLAN(%v) = %q, want %q", tt.fen, tt.m, got, tt.lan)
		}
	}
	// "--" is SAN's null move (what SAN(NullMove) writes); PGN's other spellings are the
	// reader's business.
	if m, dev, err := StartingPosition().ParseSANDeviation("--"); err != nil || m != NullMove || dev != 0 {
		t.Errorf("ParseSAN(\"--\") = %v, %v, %v; want the null move", m, dev, err)
	}
	if _, err := MustParseFEN("4k3/8/8/8/8/8/8/r3K3 w - - 0 1").ParseSAN("--"); !errors.Is(err, ErrIllegalMove) {
		t.Errorf("ParseSAN(\"--\") in check: %v, want ErrIllegalMove", err)
	}
	for _, s := range []string{"0000", "Z0"} {
		if m, err := StartingPosition().ParseSAN(s); err == nil || m != NullMove {
			t.Errorf("ParseSAN(%q) = %v, %v; want an error", s, m, err)
		}
	}
}

// TestSANAllocs: AppendSAN and the readers allocate nothing on the happy path.
func TestSANAllocs(t *testing.T) {
	if testing.Short() {
		t.Skip("allocation counts are not kept under -race")
	}
	cases := sanCases()
	buf := make([]byte, 0, 16)
	for name, f := range map[string]func(c *sanCase){
		"AppendSAN":         func(c *sanCase) { buf = c.pos.AppendSAN(buf[:0], c.move) },
		"ParseSAN":          func(c *sanCase) { _, _ = c.pos.ParseSAN(c.san) },
		"ParseSANStrict":    func(c *sanCase) { _, _ = c.pos.ParseSANStrict(c.san) },
		"ParseSANDeviation": func(c *sanCase) { _, _, _ = c.pos.ParseSANDeviation(c.san) },
	} {
		allocs := testing.AllocsPerRun(10, func() {
			for i := range cases {
				f(&cases[i])
			}
		})
		if allocs > 0 {
			t.Errorf("%s: %v allocations per %d moves, want 0", name, allocs, len(cases))
		}
	}
}
