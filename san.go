package chess

import (
	"errors"
	"math/bits"
	"strings"
)

// ErrAmbiguousMove is the error of a SAN move that names more than one legal move (PGN
// Standard §8.2.3.4 requires disambiguation).
var ErrAmbiguousMove = errors.New("ambiguous move")

// SANError is the error of ParseSAN, ParseSANStrict and ParseSANDeviation: the input, the byte
// offset where it went wrong, why, and a sentinel: ErrSyntax (not a move in any accepted
// spelling, or for ParseSANStrict not the exact SAN), ErrIllegalMove (no legal move matches)
// or ErrAmbiguousMove (several do; Candidates lists them in exact SAN), or
// ErrInvalidPosition in an invalid position (the zero Position). For ErrIllegalMove,
// Illegal is the typed reason and Square the square it names (see IllegalReason).
type SANError struct {
	Input      string        // the text given
	Offset     int           // byte offset in Input of the problem
	Reason     string        // what is wrong, in words; may be empty
	Candidates []string      // for ErrAmbiguousMove: the legal moves that match, in exact SAN
	Err        error         // ErrSyntax, ErrIllegalMove or ErrAmbiguousMove
	Illegal    IllegalReason // why the move is illegal; IllegalNone for the other sentinels
	Square     Square        // the square Illegal names; NoSquare (or unset, for IllegalNone) when none
}

// Error names the kind, the input (cut to 40 bytes), the reason and any candidates.
func (e *SANError) Error() string {
	var sb strings.Builder
	sb.WriteString("chess: ")
	if e.Err == nil {
		sb.WriteString(ErrIllegalMove.Error()) // the zero SANError
	} else {
		sb.WriteString(e.Err.Error())
	}
	sb.WriteString(" ")
	sb.WriteString(`"` + cutText(e.Input, maxQuoted) + `"`)
	if e.Reason != "" {
		sb.WriteString(": ")
		sb.WriteString(e.Reason)
	}
	if len(e.Candidates) > 0 {
		sb.WriteString(" (")
		sb.WriteString(strings.Join(e.Candidates, ", "))
		sb.WriteString(")")
	}
	return sb.String()
}

// Unwrap returns the sentinel: ErrSyntax, ErrIllegalMove or ErrAmbiguousMove.
func (e *SANError) Unwrap() error { return e.Err }

// SANDeviation records which lenient spellings ParseSANDeviation accepted in a move: a set of
// flags, zero when the input was exact SAN as Position.SAN writes it. A PGN linter reports
// them as warnings without failing the game.
type SANDeviation uint16

// The lenient spellings of ParseSAN, one flag each.
const (
	SANMissingCheck       SANDeviation = 1 << iota // no "+" or "#" although the move checks or mates
	SANWrongCheck                                  // a "+" or "#" that does not fit the move, or more than one
	SANGlyph                                       // an annotation glyph attached: ! ? !! ?? !? ?!
	SANZeroCastling                                // castling with zeros: 0-0, 0-0-0
	SANPromotionForm                               // promotion as e8Q, e8(Q) or with a lower-case letter
	SANOverDisambiguation                          // origin file or rank given where not needed: Ngf3, N1f3, Ng1f3
	SANLongAlgebraic                               // long algebraic with "-": Ng1-f3, e2-e4
	SANMissingCapture                              // a capture without "x" (no sign, or the old ":")
	SANWrongCapture                                // an "x" or ":" on a move that captures nothing
	SANPawnLetter                                  // a pawn move written with "P": Pe4
	SANEnPassantSuffix                             // "e.p." after an en-passant capture
	SANUCI                                         // UCI coordinates: g1f3, e7e8q, e1g1
)

var sanDeviationNames = [...]string{
	"missing check suffix", "wrong check suffix", "annotation glyph", "castling with zeros",
	"promotion spelling", "over-disambiguation", "long algebraic", "capture without x",
	"x without capture", "pawn letter", "e.p. suffix", "UCI coordinates",
}

// String names the deviations, comma-separated ("castling with zeros, annotation glyph"), or
// "" for none.
func (d SANDeviation) String() string {
	var parts []string
	for i, name := range sanDeviationNames {
		if d&(1<<i) != 0 {
			parts = append(parts, name)
		}
	}
	return strings.Join(parts, ", ")
}

// SAN returns the move m in Standard Algebraic Notation (PGN Standard §8.2.3): the piece letter
// (none for pawns), the origin file or rank or both when another piece of the same kind could
// also legally move there (the file first, §8.2.3.4; pinned pieces do not count), "x" for a
// capture (a pawn capture starts with the pawn's file: exd5), the destination, "=Q" for a
// promotion, "O-O" and "O-O-O" for castling (in Chess960 too), and "+" for check or "#" for
// checkmate. NullMove is "--" (but "" in check, where no null move is played). A move that is
// not legal in p, and any move in an invalid position (the zero Position), gives "".
func (p Position) SAN(m Move) string {
	var buf [16]byte
	return string(p.AppendSAN(buf[:0], m))
}

// AppendSAN appends SAN(m) to dst and returns the extended slice; it does not allocate when
// dst has room for 8 more bytes. It appends nothing for an illegal move or an invalid position.
func (p Position) AppendSAN(dst []byte, m Move) []byte {
	return p.appendSAN(dst, m, false)
}

// LAN returns the move in long algebraic notation: the piece letter (none for pawns), the
// origin square, "-" or "x", the destination, promotion and check suffix: "Ng1-f3",
// "e7xd8=Q+", "e2-e4"; castling is "O-O" or "O-O-O". A move that is not legal in p, and any
// move in an invalid position, gives "".
func (p Position) LAN(m Move) string {
	var buf [16]byte
	return string(p.appendSAN(buf[:0], m, true))
}

func (p *Position) appendSAN(dst []byte, m Move, long bool) []byte {
	if p.invalid() {
		return dst
	}
	if m == NullMove {
		if p.InCheck() { // refused there, as ParseSAN refuses "--"
			return dst
		}
		return append(dst, "--"...)
	}
	if !p.isLegal(m) {
		lm, ok := p.matchMove(m)
		if !ok {
			return dst
		}
		m = lm
	}
	from, to := m.from(), m.rawTo()
	pt := PieceType(p.board[from] & 7)
	capture := p.board[to] != NoPiece || m&moveEnPassant != 0
	switch {
	case m&moveCastle != 0:
		if m.kingSide() {
			dst = append(dst, "O-O"...)
		} else {
			dst = append(dst, "O-O-O"...)
		}
	case long:
		if pt != Pawn {
			dst = append(dst, pt.Letter())
		}
		dst = append(dst, 'a'+byte(from&7), '1'+byte(from>>4))
		if capture {
			dst = append(dst, 'x')
		} else {
			dst = append(dst, '-')
		}
		dst = append(dst, 'a'+byte(to&7), '1'+byte(to>>4))
	default:
		if pt == Pawn {
			if capture {
				dst = append(dst, 'a'+byte(from&7))
			}
		} else {
			dst = append(dst, pt.Letter())
			if pt != King {
				dst = p.appendDisambiguation(dst, m, pt)
			}
		}
		if capture {
			dst = append(dst, 'x')
		}
		dst = append(dst, 'a'+byte(to&7), '1'+byte(to>>4))
	}
	if pr := m.Promotion(); pr != NoPieceType {
		dst = append(dst, '=', pr.Letter())
	}
	if c := p.checkSuffix(m); c != 0 {
		dst = append(dst, c)
	}
	return dst
}

// appendDisambiguation writes the origin file, rank or square of the legal move m when
// another legal move of a piece of the same type goes to the same square (PGN Standard
// §8.2.3.4). Only legal moves count: a pinned piece does not force disambiguation.
func (p *Position) appendDisambiguation(dst []byte, m Move, pt PieceType) []byte {
	from, to := m.from(), m.rawTo()
	others := p.reachers(pt, to) &^ (1 << from.bit())
	if others == 0 {
		return dst
	}
	checkers, pinned := p.checkersAndPins(p.turn)
	sameFile, sameRank, any := false, false, false
	for o := others; o != 0; o &= o - 1 {
		f := sq88(bits.TrailingZeros64(o))
		if p.legality(Move(f)|Move(to)<<8, checkers, pinned) != legalOK {
			continue
		}
		any = true
		sameFile = sameFile || f&7 == from&7
		sameRank = sameRank || f>>4 == from>>4
	}
	switch {
	case !any:
	case !sameFile:
		dst = append(dst, 'a'+byte(from&7))
	case !sameRank:
		dst = append(dst, '1'+byte(from>>4))
	default:
		dst = append(dst, 'a'+byte(from&7), '1'+byte(from>>4))
	}
	return dst
}

// hasLegalMove reports whether the side to move has a legal move: a king move most often, or
// else one counted as Perft counts them (no list of moves made).
func (p *Position) hasLegalMove() bool { return p.kingCanMove() || p.countLegal() != 0 }

// ParseSAN parses a move in Standard Algebraic Notation (PGN Standard §8.2.3) and returns the
// legal move it names. Besides exact SAN it accepts the spellings real files contain when they
// still name exactly one legal move (ParseSANDeviation reports which were used):
//
//   - check and mate suffixes present, missing, wrong or doubled (+, #, ++), annotation
//     glyphs attached (!, ?, !!, ??, !?, ?!), and "e.p." after an en-passant capture;
//   - castling as O-O, O-O-O, 0-0 or 0-0-0;
//   - promotion with or without "=" or in brackets, in either case: e8=Q, e8Q, e8(Q), e8=q;
//   - over-disambiguation (Ngf3, N1f3, Ng1f3) and long algebraic with "-" or "x" (Ng1-f3,
//     e2-e4, e4xd5);
//   - a capture without "x" (or with the old ":", e:d5) and an "x" on a move that captures
//     nothing;
//   - pawn moves written with a "P" (Pe4);
//   - UCI coordinates (g1f3, e7e8q, e1g1 and e1h1 for castling).
//
// A lower-case "b" at the start is a pawn on the b-file, never a bishop, and a pawn capture
// must name the pawn's file ("d5" and "xd5" are never exd5). The error is a
// *SANError wrapping ErrSyntax, ErrIllegalMove (with the typed reason in Illegal and the
// square it names in Square: a pinned piece and its pinner, a king that would be in check and
// an attacker, castling without the right or through check, no piece that can reach the
// square; see IllegalReason) or ErrAmbiguousMove (listing the candidates).
func (p Position) ParseSAN(s string) (Move, error) {
	checkers, u := unknownCheckers, undo{}
	if m, _, ok := p.playSANFast(s, &checkers, &u); ok { // p is a copy: playing on it changes nothing
		return m, nil
	}
	var sp sanParts
	m, _, err := p.parseSAN(s, &sp)
	return m, err
}

// ParseSANDeviation is ParseSAN that also reports which lenient spellings the input used;
// the SANDeviation is zero when s was exact SAN.
func (p Position) ParseSANDeviation(s string) (Move, SANDeviation, error) {
	checkers, u := unknownCheckers, undo{}
	if m, dev, ok := p.playSANFast(s, &checkers, &u); ok {
		return m, dev, nil
	}
	var sp sanParts
	return p.parseSAN(s, &sp)
}

// ParseSANStrict accepts only the exact SAN that Position.SAN writes, except that the "+" or
// "#" suffix may be left out; a wrong suffix, a wrong "x", or any lenient spelling of
// ParseSAN is an error wrapping ErrSyntax, whose Offset is where the input first leaves exact
// SAN. Errors are *SANError as for ParseSAN.
func (p Position) ParseSANStrict(s string) (Move, error) {
	q := p // played on by playSANFast; a wrong suffix takes p's general way, for its offset
	checkers, u := unknownCheckers, undo{}
	if m, dev, ok := q.playSANFast(s, &checkers, &u); ok && dev&^SANMissingCheck == 0 {
		return m, nil
	}
	var sp sanParts
	m, dev, err := p.parseSAN(s, &sp)
	if err != nil {
		return m, err
	}
	if bad := dev &^ SANMissingCheck; bad != 0 {
		off := len(s)
		for i := range sp.devOffset {
			if bad&(1<<i) != 0 {
				off = min(off, sp.devOffset[i])
			}
		}
		return NullMove, &SANError{Input: s, Offset: off, Err: ErrSyntax, Reason: "not exact SAN: " + bad.String()}
	}
	return m, nil
}

// sanParts is a SAN token taken apart, before it is matched against the position.
type sanParts struct {
	piece      PieceType
	fromFile   int // -1 when not given
	fromRank   int // -1 when not given
	to         Square
	promo      PieceType
	capture    bool // "x" or ":" written
	colon      bool // the capture sign was ":", not SAN's "x"
	castle     CastlingSide
	isCastle   bool
	suffix     byte // '+', '#' or 0
	dev        SANDeviation
	uci        bool
	uciMove    Move
	toOffset   int
	bodyLength int
	fromOffset int                         // where the origin file or rank would be
	signOffset int                         // of the "x", ":" or "-" before the destination
	suffixOff  int                         // of the first "+" or "#"
	devOffset  [len(sanDeviationNames)]int // for each deviation flag, where it starts in the input
}

// flag records the deviation d found at offset off of the input.
func (sp *sanParts) flag(d SANDeviation, off int) {
	for i := range sp.devOffset {
		if d&(1<<i) != 0 && (sp.dev&(1<<i) == 0 || off < sp.devOffset[i]) {
			sp.devOffset[i] = off
		}
	}
	sp.dev |= d
}

func sanSyntax(s string, off int, reason string) error {
	return &SANError{Input: s, Offset: off, Err: ErrSyntax, Reason: reason, Square: NoSquare}
}

// splitSAN takes s apart into *sp without looking at a position.
func splitSAN(s string, sp *sanParts) error {
	*sp = sanParts{fromFile: -1, fromRank: -1}
	body := s
	// Suffixes, in any order: annotation glyphs, check or mate signs, "e.p.".
	for len(body) > 0 {
		switch c := body[len(body)-1]; {
		case c == '!' || c == '?':
			sp.flag(SANGlyph, len(body)-1)
			body = body[:len(body)-1]
			continue
		case c == '+' || c == '#':
			if sp.suffix != 0 {
				sp.flag(SANWrongCheck, len(body)-1) // SAN has one sign: "+#", "++" are not it
			}
			if sp.suffix == 0 || sp.suffix == '+' && c == '#' {
				sp.suffix = c
			}
			sp.suffixOff = len(body) - 1
			body = body[:len(body)-1]
			continue
		case strings.HasSuffix(body, "e.p."):
			sp.flag(SANEnPassantSuffix, len(body)-4)
			body = strings.TrimRight(body[:len(body)-4], " ")
			continue
		}
		break
	}
	sp.bodyLength = len(body)
	if len(body) < 2 {
		return sanSyntax(s, 0, "too short for a move")
	}
	switch body {
	case "O-O", "0-0", "O-O-O", "0-0-0":
		sp.isCastle = true
		if body[0] == '0' {
			sp.flag(SANZeroCastling, 0)
		}
		if len(body) == 5 {
			sp.castle = QueenSide
		}
		return nil
	}
	if m, ok := parseUCIText(body); ok && isFile(body[0]) && isRank(body[1]) {
		sp.uci, sp.uciMove = true, m
		sp.flag(SANUCI, 0)
		return nil
	}

	i := 0
	switch c := body[0]; c {
	case 'N', 'B', 'R', 'Q', 'K':
		sp.piece = pieceTypeOfLetter(c)
		i++
	case 'P':
		sp.piece = Pawn
		sp.flag(SANPawnLetter, 0)
		i++
	default:
		sp.piece = Pawn
	}
	// Promotion at the end: =Q, (Q), Q or q after the destination rank.
	end := len(body)
	if end-i >= 3 {
		switch {
		case body[end-2] == '=' && (isPromoLetter(body[end-1]) || strings.IndexByte("KkPp", body[end-1]) >= 0):
			// A promotion to a king or pawn, and a piece's promotion, are illegal moves the
			// position explains (IllegalPromotionPiece, IllegalPromotionNotPawn) after the way,
			// as ParseUCI's e7e8k and g1f3q are.
			sp.promo = pieceTypeOfLetter(upper(body[end-1]))
			if body[end-1] >= 'a' {
				sp.flag(SANPromotionForm, end-1)
			}
			end -= 2
		case end-i >= 4 && body[end-3] == '(' && body[end-1] == ')' && isPromoLetter(body[end-2]):
			sp.promo = pieceTypeOfLetter(upper(body[end-2]))
			end -= 3
			sp.flag(SANPromotionForm, end)
		case isPromoLetter(body[end-1]) && isRank(body[end-2]):
			sp.promo = pieceTypeOfLetter(upper(body[end-1]))
			end--
			sp.flag(SANPromotionForm, end)
		}
	}
	if end-i < 2 || !isFile(body[end-2]) || !isRank(body[end-1]) {
		return sanSyntax(s, max(end-2, 0), "want a destination square like e4")
	}
	sp.to = Square((body[end-1]-'1')<<4 | (body[end-2] - 'a'))
	sp.toOffset = end - 2
	sp.fromOffset = i
	mid := body[i : end-2]
	if n := len(mid); n > 0 && (mid[n-1] == 'x' || mid[n-1] == ':') {
		sp.capture = true
		sp.colon = mid[n-1] == ':'
		sp.signOffset = i + n - 1
		mid = mid[:n-1]
	} else if n > 0 && mid[n-1] == '-' {
		sp.flag(SANLongAlgebraic, i+n-1)
		mid = mid[:n-1]
	}
	switch len(mid) {
	case 0:
	case 1:
		switch {
		case isFile(mid[0]):
			sp.fromFile = int(mid[0] - 'a')
		case isRank(mid[0]):
			sp.fromRank = int(mid[0] - '1')
		default:
			return sanSyntax(s, i, "want an origin file or rank")
		}
	case 2:
		if !isFile(mid[0]) || !isRank(mid[1]) {
			return sanSyntax(s, i, "want an origin square")
		}
		sp.fromFile, sp.fromRank = int(mid[0]-'a'), int(mid[1]-'1')
	default:
		return sanSyntax(s, i, "unexpected characters before the destination")
	}
	return nil
}

func isFile(c byte) bool { return c >= 'a' && c <= 'h' }
func isRank(c byte) bool { return c >= '1' && c <= '8' }
func isPromoLetter(c byte) bool {
	switch c {
	case 'N', 'B', 'R', 'Q', 'n', 'b', 'r', 'q':
		return true
	}
	return false
}
func upper(c byte) byte {
	if c >= 'a' && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}

// sanPieceTypes[c] is the piece type of the SAN letter c (N, B, R, Q, K), NoPieceType for any
// other byte.
var sanPieceTypes = [256]PieceType{'N': Knight, 'B': Bishop, 'R': Rook, 'Q': Queen, 'K': King}

func pieceTypeOfLetter(c byte) PieceType {
	switch c {
	case 'P':
		return Pawn
	case 'N':
		return Knight
	case 'B':
		return Bishop
	case 'R':
		return Rook
	case 'Q':
		return Queen
	case 'K':
		return King
	}
	return NoPieceType
}

func (p *Position) parseSAN(s string, sp *sanParts) (Move, SANDeviation, error) {
	m, err := p.resolveSAN(s, sp)
	if err != nil {
		return NullMove, 0, err
	}
	if m == NullMove {
		return NullMove, 0, nil
	}
	sp.suffixDeviation(p.checkSuffix(m))
	return m, sp.dev, nil
}

// playSAN is parseSAN followed by play, with one play: it plays the move s names on p in
// place and returns it with its deviations, or returns the error of parseSAN and leaves p
// unchanged. The "+" or "#" suffix is checked on the position reached: whether the side to
// move is in check, and whether it is mated only when the input has a suffix to compare.
// The commonest exact spellings take a short way (playSANFast).
func (p *Position) playSAN(s string) (Move, SANDeviation, error) {
	checkers := unknownCheckers
	return p.playSANCheckers(s, &checkers)
}

// unknownCheckers stands for a checkers set not found yet: no position has 64 checkers.
const unknownCheckers = ^uint64(0)

// playSANCheckers is playSAN handing the checkers set on from move to move, as the PGN
// reader replays its moves: *checkers is p.checkers() or unknownCheckers on the way in, and
// the checkers of the position reached on the way out, found by the check test of the suffix,
// so that the next move needs not find them again. On an error p and *checkers stay as they
// were (or *checkers becomes p.checkers()).
// The PGN validator does the same with the move's undo (playSANFast, then playSANParts), so
// that unplay can take the move back when it needs the position before.
func (p *Position) playSANCheckers(s string, checkers *uint64) (Move, SANDeviation, error) {
	var u undo
	if m, dev, ok := p.playSANFast(s, checkers, &u); ok {
		return m, dev, nil
	}
	return p.playSANParts(s, checkers, &u)
}

// playSANParts is playSAN the general way: the token taken apart by splitSAN and resolved
// as parseSAN resolves it; *u is set to the undo of the move played.
func (p *Position) playSANParts(s string, checkers *uint64, u *undo) (Move, SANDeviation, error) {
	var parts sanParts
	sp := &parts
	m, err := p.resolveSAN(s, sp)
	if err != nil {
		return NullMove, 0, err
	}
	if m == NullMove {
		*u = p.undoOf(NullMove)
		*p, _ = p.PlayNull() // resolveSAN has refused it in check
		*checkers = unknownCheckers
		return NullMove, 0, nil
	}
	sp.suffixDeviation(p.playWithSuffix(m, sp.suffix, checkers, u))
	return m, sp.dev, nil
}

// playWithSuffix plays the legal move m on p and returns its SAN suffix as far as given, the
// suffix the input has, needs it (PGN Standard §8.2.3.5), from the position reached: 0 when
// the side to move is not in check, '#' when it is mated, looked for only when given is not 0
// (without a suffix, check and mate are the same missing one), else '+'. It sets *checkers to
// the checkers of the position reached (after a legal move the enemy king gives no check, so
// checkers finds them all), and *u to the move's undo.
func (p *Position) playWithSuffix(m Move, given byte, checkers *uint64, u *undo) byte {
	*u = p.undoOf(m)
	p.play(m)
	c := p.checkers()
	*checkers = c
	switch {
	case c == 0:
		return 0
	case given != 0 && !p.kingCanMove() && p.countLegal() == 0:
		return '#'
	}
	return '+'
}

// playSANFast plays the exact SAN shapes most moves are written in, before at most one "+"
// or "#": castling (O-O, O-O-O), a pawn push (e4), a pawn capture (exd5, en passant
// included), a piece's move or capture (Nf3, Bxc4, Kf1) and one disambiguated by the minimal
// file or rank (Nbd7, R1xe2), when they name the one legal move and need no other deviation
// (the "x" written exactly when the move captures, no promotion). The candidates are the
// pieces of the type that reach the square (reachers), each tested against the check and the
// pins (safeMover), without the general legality path. For any other input, and whenever that
// move is not found, it returns ok = false with p unchanged, and the caller takes the general
// way, which gives the answer or the error.
// *checkers is as for playSANCheckers: found here when unknown, and on success those of the
// position reached; *u, on success, the undo of the move played.
func (p *Position) playSANFast(s string, checkers *uint64, u *undo) (m Move, dev SANDeviation, ok bool) {
	n := len(s)
	var suffix byte
	if n > 0 && (s[n-1] == '+' || s[n-1] == '#') {
		suffix = s[n-1]
		n--
	}
	if n < 2 || n > 5 || p.invalid() {
		return NullMove, 0, false
	}
	if *checkers == unknownCheckers {
		*checkers = p.checkers()
	}
	if s[0] == 'O' {
		m, ok = p.shortCastle(s[:n], *checkers)
	} else {
		m, ok = p.shortMove(s[:n], *checkers)
	}
	if !ok {
		return NullMove, 0, false
	}
	if want := p.playWithSuffix(m, suffix, checkers, u); want != suffix {
		dev = SANWrongCheck
		if suffix == 0 {
			dev = SANMissingCheck
		}
	}
	return m, dev, true
}

// shortCastle returns the castling move that body, "O-O" or "O-O-O", names when it is legal;
// checkers are those of p.
func (p *Position) shortCastle(body string, checkers uint64) (Move, bool) {
	side := KingSide
	switch body {
	case "O-O":
	case "O-O-O":
		side = QueenSide
	default:
		return NullMove, false
	}
	if checkers != 0 {
		return NullMove, false
	}
	return p.castlingMove(p.turn&1, side)
}

// shortMove returns the one legal move that body (2 to 5 bytes) names when it is one of
// playSANFast's shapes other than castling; checkers are those of p.
func (p *Position) shortMove(body string, checkers uint64) (Move, bool) {
	n := len(body)
	if n < 2 {
		return NullMove, false
	}
	file, rank := body[n-2]-'a', body[n-1]-'1'
	if file > 7 || rank > 7 {
		return NullMove, false
	}
	to := Square(rank<<4 | file)
	tb := int(rank<<3|file) & 63
	us := p.turn & 1
	target := p.board[to]
	if target != NoPiece && target.Color() == us {
		return NullMove, false
	}
	if c := body[0]; c >= 'a' { // a pawn
		if rank == 0 || rank == 7 {
			return NullMove, false // a promotion
		}
		if n == 2 {
			m, ok := p.pawnPushTo(to)
			if !ok || !p.safeMover(int(m.from().bit()), tb, checkers) {
				return NullMove, false
			}
			return m, true
		}
		if n != 4 || body[1] != 'x' || c > 'h' {
			return NullMove, false
		}
		ep := target == NoPiece && to == p.ep
		if target == NoPiece && !ep {
			return NullMove, false
		}
		cands := pawnAttacks[us^1][tb] & p.ofColor(us) & p.ofType(Pawn) & (fileMask << (c - 'a'))
		if cands == 0 {
			return NullMove, false
		}
		fb := bits.TrailingZeros64(cands) & 63
		m := Move(sq88(fb)) | Move(to)<<8
		if ep {
			return m | moveEnPassant, p.epLegal(sq88(fb), to)
		}
		return m, p.safeMover(fb, tb, checkers)
	}
	// A piece: Nf3 (3 bytes), Nxf3 or Nbd7 (4), Nbxd7 (5).
	var capture, disambiguated bool
	switch n {
	case 4:
		capture = body[1] == 'x'
		disambiguated = !capture
	case 5:
		if body[2] != 'x' {
			return NullMove, false
		}
		capture, disambiguated = true, true
	}
	if capture != (target != NoPiece) {
		return NullMove, false
	}
	pt := sanPieceTypes[body[0]]
	if pt == King {
		kb := int(p.kings[us].bit()) & 63
		if disambiguated || kingAttacks[tb]>>kb&1 == 0 ||
			p.attackedOnLines(tb, us^1, p.ofColor(us^1), p.occupied()&^(1<<kb)) {
			return NullMove, false
		}
		return Move(p.kings[us]) | Move(to)<<8, true
	}
	if pt < Knight {
		return NullMove, false
	}
	cands := p.reachers(pt, to)
	if cands == 0 {
		return NullMove, false
	}
	if cands&(cands-1) == 0 && !disambiguated { // the commonest case: one piece reaches to
		if fb := bits.TrailingZeros64(cands) & 63; p.safeMover(fb, tb, checkers) {
			return Move(sq88(fb)) | Move(to)<<8, true
		}
		return NullMove, false
	}
	var legal uint64 // the candidates that may legally move to to
	for c := cands; c != 0; c &= c - 1 {
		if fb := bits.TrailingZeros64(c) & 63; p.safeMover(fb, tb, checkers) {
			legal |= 1 << fb
		}
	}
	chosen := legal
	if disambiguated {
		switch c := body[1]; {
		case isFile(c):
			chosen &= fileMask << (c - 'a')
		case isRank(c):
			chosen &= rankMask << (8 * (c - '1'))
		default:
			return NullMove, false
		}
	}
	if chosen == 0 || chosen&(chosen-1) != 0 {
		return NullMove, false // no legal move, or more than one
	}
	fb := bits.TrailingZeros64(chosen) & 63
	if disambiguated {
		// SAN's minimal disambiguation (appendDisambiguation): the file when it tells the legal
		// candidates apart, else the rank; anything else is a deviation the general way flags.
		others := legal &^ chosen
		sameFile := others&(fileMask<<(fb&7)) != 0
		sameRank := others&(rankMask<<(fb&^7)) != 0
		if others == 0 || isFile(body[1]) == sameFile || isRank(body[1]) && sameRank {
			return NullMove, false
		}
	}
	return Move(sq88(fb)) | Move(to)<<8, true
}

// checkers returns the enemy pieces that give check to the side to move (knights and pawns
// by table, each bishop, rook or queen on a line through the king by one between lookup;
// the enemy king, which never gives check in a valid position, left out as checkersAndPins
// leaves it out).
func (p *Position) checkers() uint64 {
	us := p.turn & 1
	kb := int(p.kings[us].bit()) & 63
	their := p.ofColor(us ^ 1)
	checkers := (knightAttacks[kb]&p.ofType(Knight) | pawnAttacks[us][kb]&p.ofType(Pawn)) & their
	queens := p.ofType(Queen)
	for s := (bishopRays(kb)&(p.ofType(Bishop)|queens) | rookRays(kb)&(p.ofType(Rook)|queens)) & their; s != 0; s &= s - 1 {
		if f := bits.TrailingZeros64(s) & 63; between[kb][f]&p.occupied() == 0 {
			checkers |= 1 << f
		}
	}
	return checkers
}

// safeMover reports whether the piece of the side to move on bit fb, not the king, may go to
// bit tb (taking what stands there, not en passant) without leaving its king in check, given
// the checkers of the position: in double check it may not; in check it must take the
// checker or stand between; and it must not leave the line of a pin, which only a move off
// the line between the king and an enemy slider beyond fb can (legality's rules).
func (p *Position) safeMover(fb, tb int, checkers uint64) bool {
	us := p.turn & 1
	kb := int(p.kings[us].bit()) & 63
	fb, tb = fb&63, tb&63
	if checkers != 0 {
		if checkers&(checkers-1) != 0 || (checkers|between[kb][bits.TrailingZeros64(checkers)&63])>>tb&1 == 0 {
			return false
		}
	}
	line := lineThrough[kb][fb]
	if line == 0 || line>>tb&1 != 0 {
		return true // fb on no line through the king, or the piece stays on it
	}
	var sliders uint64
	if bishopRays(kb)>>fb&1 != 0 {
		sliders = p.ofType(Bishop) | p.ofType(Queen)
	} else {
		sliders = p.ofType(Rook) | p.ofType(Queen)
	}
	occ := p.occupied() &^ (1 << fb)
	for s := line & sliders & p.ofColor(us^1); s != 0; s &= s - 1 {
		if between[kb][bits.TrailingZeros64(s)&63]&occ == 0 {
			return false // pinned: the slider would see the king
		}
	}
	return true
}

// pawnPushTo returns the push or double step of a pawn of the side to move to the empty
// square to, as reachers finds it, or ok = false when none reaches it.
func (p *Position) pawnPushTo(to Square) (Move, bool) {
	if p.board[to] != NoPiece || to == p.ep {
		return NullMove, false
	}
	down, startRank := Square(256-16), Square(0x10)
	if p.turn == Black {
		down, startRank = 16, 0x60
	}
	pawn := NewPiece(p.turn, Pawn)
	one := to + down
	if one&0x88 != 0 {
		return NullMove, false
	}
	if p.board[one] == pawn {
		return Move(one) | Move(to)<<8, true
	}
	if two := one + down; p.board[one] == NoPiece && two&0x88 == 0 && two&0x70 == startRank && p.board[two] == pawn {
		return Move(two) | Move(to)<<8, true
	}
	return NullMove, false
}

// suffixDeviation flags the check suffix of sp against want, the suffix the move has:
// '+', '#' or 0 (PGN Standard §8.2.3.5).
func (sp *sanParts) suffixDeviation(want byte) {
	switch {
	case sp.suffix == want:
	case sp.suffix == 0:
		sp.flag(SANMissingCheck, sp.bodyLength)
	default:
		sp.flag(SANWrongCheck, sp.suffixOff)
	}
}

// resolveSAN is parseSAN without the check suffix: the legal move s names (NullMove for
// "--"), with the deviations of the move's body flagged in sp.
func (p *Position) resolveSAN(s string, sp *sanParts) (Move, error) {
	if p.invalid() {
		return NullMove, &SANError{Input: s, Err: ErrInvalidPosition, Reason: "the position is not valid"}
	}
	if s == "--" { // the null move, as SAN writes it
		if p.InCheck() {
			return NullMove, p.sanIllegal(s, 0, NullMove, false)
		}
		return NullMove, nil
	}
	err := splitSAN(s, sp)
	if err != nil {
		return NullMove, err
	}
	var m Move
	switch {
	case sp.isCastle:
		m, err = p.findCastle(s, sp.castle)
	case sp.uci:
		var ok bool
		m, ok = p.matchMove(sp.uciMove)
		if !ok {
			err = p.sanIllegal(s, 0, sp.uciMove, true)
		}
	default:
		m, err = p.findMove(s, sp)
	}
	if err != nil {
		return NullMove, err
	}
	if m&moveEnPassant == 0 {
		if sp.dev&SANEnPassantSuffix != 0 {
			return NullMove, sanSyntax(s, sp.bodyLength, "e.p. on a move that is not an en-passant capture")
		}
	}
	if !sp.isCastle && !sp.uci {
		capture := p.board[m.rawTo()] != NoPiece || m&moveEnPassant != 0
		switch {
		case capture && sp.colon:
			sp.flag(SANMissingCapture, sp.signOffset)
		case capture && !sp.capture:
			sp.flag(SANMissingCapture, sp.toOffset)
		case !capture && sp.capture:
			sp.flag(SANWrongCapture, sp.signOffset)
		}
	}
	return m, nil
}

// findCastle returns the legal castling move on side, or an error saying why there is none.
func (p *Position) findCastle(s string, side CastlingSide) (Move, error) {
	if !p.InCheck() {
		if m, ok := p.castlingMove(p.turn, side); ok {
			return m, nil
		}
	}
	ksq := p.kings[p.turn]
	rsq := p.castling.RookSquare(p.turn, side)
	m := Move(ksq) | Move(rsq&0x7f)<<8 | moveCastle
	il := p.explainCastling(ksq, rsq)
	return NullMove, &SANError{Input: s, Err: ErrIllegalMove, Reason: p.explainText(m, il, true), Illegal: il.reason, Square: il.square}
}

// findMove finds the legal move of a non-castling SAN. Candidates are only the pieces that
// reach the destination (one intersection of attack sets), tested against the pins and the
// check.
func (p *Position) findMove(s string, sp *sanParts) (Move, error) {
	us := p.turn
	to := sp.to
	toBit := uint64(1) << to.bit()
	own := p.ofColor(us)
	if own&toBit != 0 {
		return NullMove, &SANError{Input: s, Offset: sp.toOffset, Err: ErrIllegalMove, Reason: "a " + us.String() + " piece stands on " + to.String(), Illegal: IllegalOwnPiece, Square: to}
	}
	cands := p.reachers(sp.piece, to)
	if sp.fromFile >= 0 {
		cands &= fileMask << uint(sp.fromFile)
	} else if sp.piece == Pawn && cands&^(fileMask<<uint(to&7)) != 0 {
		// A pawn capture names the pawn's file (PGN Standard §8.2.3.3): without it, "d5" or
		// "xd5" is a move of the d-pawn, not exd5.
		f := sq88(bits.TrailingZeros64(cands &^ (fileMask << uint(to&7))))
		il := p.sanNoCandidate(Pawn, int(to&7), sp.fromRank, to, sp.promo)
		return NullMove, &SANError{Input: s, Offset: 0, Err: ErrIllegalMove,
			Reason: "a pawn capture names the pawn's file: " + string(rune('a'+f&7)) + "x" + to.String(), Illegal: il.reason, Square: il.square}
	}
	if sp.fromRank >= 0 {
		cands &= rankMask << (8 * uint(sp.fromRank))
	}
	if cands == 0 {
		reason := "no " + sp.piece.String() + " can move to " + to.String()
		if sp.fromFile >= 0 || sp.fromRank >= 0 {
			reason = "no " + sp.piece.String() + " from there can move to " + to.String()
		}
		file := sp.fromFile
		if sp.piece == Pawn && file < 0 {
			file = int(to & 7) // a pawn move names no file only when it stays on its file
		}
		il := p.sanNoCandidate(sp.piece, file, sp.fromRank, to, sp.promo)
		return NullMove, &SANError{Input: s, Offset: 0, Err: ErrIllegalMove, Reason: reason, Illegal: il.reason, Square: il.square}
	}
	checkers, pinned := p.checkersAndPins(us)
	var found Move
	n := 0
	lastIllegal := NullMove
	for c := cands; c != 0; c &= c - 1 {
		fb := bits.TrailingZeros64(c)
		from := sq88(fb)
		m := Move(from) | Move(to)<<8
		if sp.piece == Pawn && to == p.ep && p.board[to] == NoPiece && from&7 != to&7 {
			m |= moveEnPassant
		}
		if p.legality(m, checkers, pinned) != legalOK {
			lastIllegal = m
			continue
		}
		n++
		found = m
	}
	if n == 0 {
		return NullMove, p.sanIllegal(s, 0, lastIllegal|Move(sp.promo)<<16, false)
	}
	switch { // before ambiguity: no candidate may make this promotion
	case sp.piece != Pawn && sp.promo != NoPieceType:
		return NullMove, p.sanIllegal(s, sp.toOffset+2, found|Move(sp.promo)<<16, false)
	case sp.promo == King || sp.promo == Pawn:
		return NullMove, p.sanIllegal(s, sp.toOffset+3, found|Move(sp.promo)<<16, false)
	}
	if n > 1 {
		e := &SANError{Input: s, Err: ErrAmbiguousMove, Reason: "more than one " + sp.piece.String() + " can move to " + to.String()}
		for c := cands; c != 0; c &= c - 1 {
			m := Move(sq88(bits.TrailingZeros64(c))) | Move(to)<<8 | Move(sp.promo)<<16
			if p.legality(m, checkers, pinned) == legalOK {
				e.Candidates = append(e.Candidates, p.SAN(m))
			}
		}
		return NullMove, e
	}
	lastRank := to>>4 == 7 || to>>4 == 0
	switch {
	case sp.piece == Pawn && lastRank && sp.promo == NoPieceType:
		return NullMove, p.sanIllegal(s, sp.bodyLength, found, false)
	case sp.promo != NoPieceType && !lastRank:
		return NullMove, p.sanIllegal(s, sp.toOffset, found|Move(sp.promo)<<16, false)
	}
	found |= Move(sp.promo) << 16
	if sp.fromFile >= 0 || sp.fromRank >= 0 {
		sp.flag(p.disambiguationExcess(found, sp), sp.fromOffset)
	}
	return found, nil
}

const (
	fileMask = 0x0101010101010101
	rankMask = 0xff
)

// reachers returns the squares of the side to move's pieces of type pt that could move to to
// by the way they move, pins and checks not yet considered.
func (p *Position) reachers(pt PieceType, to Square) uint64 {
	us := p.turn
	b := to.bit()
	mine := p.ofColor(us) & p.ofType(pt)
	switch pt {
	case Knight:
		return knightAttacks[b] & mine
	case King:
		return kingAttacks[b] & mine
	case Bishop:
		return p.unblocked(b, bishopRays(int(b))&mine)
	case Rook:
		return p.unblocked(b, rookRays(int(b))&mine)
	case Queen:
		return p.unblocked(b, (bishopRays(int(b))|rookRays(int(b)))&mine)
	case Pawn:
		if p.board[to] != NoPiece || to == p.ep {
			return pawnAttacks[us^1][b] & mine // captures, en passant included
		}
		down := Square(256 - 16)
		startRank := Square(0x10)
		if us == Black {
			down, startRank = 16, 0x60
		}
		one := to + down
		if one&0x88 != 0 {
			return 0
		}
		if p.board[one] == NewPiece(us, Pawn) {
			return 1 << one.bit()
		}
		if two := one + down; p.board[one] == NoPiece && two&0x88 == 0 && two&0x70 == startRank && p.board[two] == NewPiece(us, Pawn) {
			return 1 << two.bit()
		}
	}
	return 0
}

// unblocked returns the sliders of onLines, each on a line through the square of bit b, that
// have nothing between them and it: few pieces, one lookup each.
func (p *Position) unblocked(b uint, onLines uint64) uint64 {
	for s := onLines; s != 0; s &= s - 1 {
		f := bits.TrailingZeros64(s) & 63
		if between[b&63][f]&p.occupied() != 0 {
			onLines &^= 1 << f
		}
	}
	return onLines
}

// Why a move that reaches its destination is still illegal (FIDE Laws 3.9).
const (
	legalOK = iota
	illegalKingAttacked
	illegalEnPassantExposes
	illegalPinned
	illegalDoubleCheck
	illegalInCheck
)

// legality tells whether the move m of a piece that can reach its destination is legal, given
// the position's checkers and pinned pieces, and if not why.
func (p *Position) legality(m Move, checkers, pinned uint64) int {
	from, to := m.from(), m.rawTo()
	kb := p.kings[p.turn].bit()
	switch {
	case from == p.kings[p.turn]:
		if p.attacked(to, p.turn^1, p.occupied()&^(1<<kb)) {
			return illegalKingAttacked
		}
	case m&moveEnPassant != 0:
		if !p.epLegal(from, to) {
			return illegalEnPassantExposes
		}
	case pinned>>from.bit()&1 != 0 && lineThrough[kb][from.bit()]>>to.bit()&1 == 0:
		return illegalPinned
	case checkers&(checkers-1) != 0:
		return illegalDoubleCheck
	case checkers != 0 && (checkers|between[kb][bits.TrailingZeros64(checkers)])>>to.bit()&1 == 0:
		return illegalInCheck
	}
	return legalOK
}

// isLegal reports whether m is exactly a move that generate would produce, without generating
// all moves: the piece reaches the square, the flags and promotion fit, pins and checks allow.
func (p *Position) isLegal(m Move) bool {
	if m&moveCastle != 0 {
		var ml moveList
		p.genCastlingOnly(&ml)
		for _, c := range ml.moves[:ml.n] {
			if c == m {
				return true
			}
		}
		return false
	}
	if m&^(0x7f|0x7f<<8|7<<16|moveEnPassant) != 0 || m == NullMove {
		return false
	}
	from, to := m.from(), m.rawTo()
	if !from.IsValid() || !to.IsValid() {
		return false
	}
	pc := p.board[from]
	if pc == NoPiece || pc.Color() != p.turn || p.board[to] != NoPiece && p.board[to].Color() == p.turn {
		return false
	}
	pt := pc.Type()
	promo := m.Promotion()
	if pt == Pawn {
		lastRank := to>>4 == 7 || to>>4 == 0
		if lastRank != (promo != NoPieceType) || promo == Pawn || promo == King {
			return false
		}
		ep := to == p.ep && p.board[to] == NoPiece && from&7 != to&7
		if ep != (m&moveEnPassant != 0) {
			return false
		}
	} else if promo != NoPieceType || m&moveEnPassant != 0 {
		return false
	}
	if p.reachers(pt, to)>>from.bit()&1 == 0 {
		return false
	}
	checkers, pinned := p.checkersAndPins(p.turn)
	return p.legality(m, checkers, pinned) == legalOK
}

// disambiguationExcess reports SANOverDisambiguation when the origin given in sp says more
// than SAN's minimal disambiguation would.
func (p *Position) disambiguationExcess(m Move, sp *sanParts) SANDeviation {
	if sp.piece == Pawn {
		// A pawn capture names its file; anything more is over-disambiguation.
		capture := p.board[m.rawTo()] != NoPiece || m&moveEnPassant != 0
		if capture && sp.fromRank < 0 {
			return 0
		}
		return SANOverDisambiguation
	}
	var buf [8]byte
	want := p.appendDisambiguation(buf[:0], m, sp.piece)
	gotFile, gotRank := sp.fromFile >= 0, sp.fromRank >= 0
	wantFile := len(want) == 2 || len(want) == 1 && isFile(want[0])
	wantRank := len(want) == 2 || len(want) == 1 && isRank(want[0])
	if gotFile == wantFile && gotRank == wantRank {
		return 0
	}
	return SANOverDisambiguation
}
