package chess

import (
	"errors"
	"fmt"
	"iter"
)

// Sentinel errors of Game, wrapped by *GameError; test with errors.Is.
var (
	// ErrGameOver: the game has ended (Game.Outcome is decided), so no move can be played and no
	// other result recorded.
	ErrGameOver = errors.New("game over")
	// ErrNoClaim: a draw was claimed (FIDE Laws 9.2, 9.3) but neither claim is correct.
	ErrNoClaim = errors.New("no draw to claim")
	// ErrInvalidOutcome: Game.SetOutcome was given an outcome that cannot be recorded from
	// outside the board, like a checkmate or a resignation without a winner.
	ErrInvalidOutcome = errors.New("invalid outcome")
)

// GameError is the error of the Game methods that refuse to act: which method, the game's
// outcome at the time, and the sentinel (ErrGameOver, ErrNoClaim or ErrInvalidOutcome). An
// illegal move is reported by Game.Play with a *MoveError instead, as Position.Play does.
type GameError struct {
	Op      string  // the method: "Play", "ClaimDraw", "Resign", "AgreeDraw", "FlagFall", "SetOutcome"
	Outcome Outcome // the game's outcome when the error was made (zero while the game goes on)
	Err     error   // ErrGameOver, ErrNoClaim or ErrInvalidOutcome
}

// Error returns "chess: Game.<Op>: <sentinel>", with the outcome when the game is over.
func (e *GameError) Error() string {
	if e.Outcome.IsOver() {
		return fmt.Sprintf("chess: Game.%s: %v (%v)", e.Op, e.Err, e.Outcome)
	}
	return fmt.Sprintf("chess: Game.%s: %v", e.Op, e.Err)
}

// Unwrap returns the sentinel, for errors.Is.
func (e *GameError) Unwrap() error { return e.Err }

// Termination is how a game ended. The zero value, NoTermination, means the game goes on.
// Each constant's comment gives the rule's article in the FIDE Laws of Chess (edition in force
// since 1 January 2023) and says whether the game ends by itself on the board (automatic), on a
// player's claim (claimed), or by a fact from outside the board that the game records.
type Termination uint8

// The terminations.
const (
	// NoTermination: the game goes on.
	NoTermination Termination = iota
	// Checkmate (FIDE Laws 5.1.1): the side to move is in check and has no legal move; the
	// other side wins. Automatic, and it takes precedence over the 75-move rule (9.6.2).
	Checkmate
	// Stalemate (FIDE Laws 5.2.1): the side to move has no legal move and is not in check.
	// Automatic draw.
	Stalemate
	// InsufficientMaterial (FIDE Laws 5.2.2): neither side has the material to checkmate
	// (Position.IsInsufficientMaterial), the commonest dead position. Automatic draw.
	InsufficientMaterial
	// DeadPosition (FIDE Laws 5.2.2): no series of legal moves can lead to checkmate, for a
	// reason other than material (Position.IsDeadPosition: a closed pawn wall). Automatic draw.
	DeadPosition
	// FivefoldRepetition (FIDE Laws 9.6.1): the same position (9.2.3) has appeared at least five
	// times. Automatic draw.
	FivefoldRepetition
	// SeventyFiveMoves (FIDE Laws 9.6.2): each player has made at least 75 moves without a pawn
	// move or a capture (halfmove clock at least 150). Automatic draw, unless the last move
	// checkmated.
	SeventyFiveMoves
	// ThreefoldRepetition (FIDE Laws 9.2): the same position (9.2.3) has appeared, or is about
	// to appear after the claimant's move, for at least the third time. Claimed draw (see
	// Game.ClaimDraw); automatic under OnlineRules.
	ThreefoldRepetition
	// FiftyMoves (FIDE Laws 9.3): each player has made, or with the claimant's move will have
	// made, 50 moves without a pawn move or a capture. Claimed draw (see Game.ClaimDraw);
	// automatic under OnlineRules.
	FiftyMoves
	// Resignation (FIDE Laws 5.1.2): a player resigned; the other wins. Recorded.
	Resignation
	// Agreement (FIDE Laws 5.2.3): the players agreed a draw. Recorded.
	Agreement
	// TimeForfeit (FIDE Laws 6.9): a player's flag fell. The opponent wins, or the game is
	// drawn when the opponent cannot checkmate by any series of legal moves
	// (Position.HasInsufficientMaterial). Recorded.
	TimeForfeit
	// Abandoned: a player abandoned the game (the "abandoned" of the PGN Standard's Termination
	// tag, §9.8.1); the winner, if any, is as recorded. Recorded.
	Abandoned
	// Unknown: the game is over with the recorded winner or draw, for a reason not known (a PGN
	// game whose result tag says only who won). Recorded.
	Unknown
)

var terminationNames = [...]string{
	NoTermination:        "",
	Checkmate:            "checkmate",
	Stalemate:            "stalemate",
	InsufficientMaterial: "insufficient material",
	DeadPosition:         "dead position",
	FivefoldRepetition:   "fivefold repetition",
	SeventyFiveMoves:     "seventy-five-move rule",
	ThreefoldRepetition:  "threefold repetition",
	FiftyMoves:           "fifty-move rule",
	Resignation:          "resignation",
	Agreement:            "agreement",
	TimeForfeit:          "time forfeit",
	Abandoned:            "abandoned",
	Unknown:              "unknown",
}

// String returns the termination in lower-case English ("checkmate", "fifty-move rule", …), or
// "" for NoTermination.
func (t Termination) String() string {
	if int(t) < len(terminationNames) {
		return terminationNames[t]
	}
	return fmt.Sprintf("Termination(%d)", uint8(t))
}

// Winner says who won a game: NoWinner (the zero value) for a draw or a game that goes on,
// WhiteWins or BlackWins.
type Winner uint8

// The winners.
const (
	NoWinner Winner = iota
	WhiteWins
	BlackWins
)

// WinnerOf returns the Winner that names colour c: WhiteWins or BlackWins, and NoWinner for a
// Color out of range.
func WinnerOf(c Color) Winner {
	if c > Black {
		return NoWinner
	}
	return WhiteWins + Winner(c)
}

// Color returns the winning colour, and false for NoWinner (and invalid values).
func (w Winner) Color() (Color, bool) {
	if w != WhiteWins && w != BlackWins {
		return White, false
	}
	return Color(w - WhiteWins), true
}

// String returns "white", "black" or "none".
func (w Winner) String() string {
	if c, ok := w.Color(); ok {
		return c.String()
	}
	if w == NoWinner {
		return "none"
	}
	return fmt.Sprintf("Winner(%d)", uint8(w))
}

// Outcome is the result of a game: how it ended and who won. The zero Outcome means the game
// goes on. Outcomes are comparable.
type Outcome struct {
	Winner      Winner      // who won; NoWinner for a draw and while the game goes on
	Termination Termination // how the game ended; NoTermination while it goes on
}

// IsOver reports whether the game has ended.
func (o Outcome) IsOver() bool { return o.Termination != NoTermination }

// consistent reports whether o's fields are in range and its winner agrees with its
// termination: checkmate (FIDE Laws 5.1.1) and resignation (5.1.2) have a winner, the draws
// (5.2, 9.2, 9.3, 9.6) have none, the other ends (6.9, abandonment, unknown) either. The zero
// Outcome, the game going on, is consistent.
func (o Outcome) consistent() bool {
	switch o.Termination {
	case NoTermination:
		return o.Winner == NoWinner
	case Checkmate, Resignation:
		return o.Winner == WhiteWins || o.Winner == BlackWins
	case TimeForfeit, Abandoned, Unknown:
		return o.Winner <= BlackWins
	}
	return o.Winner == NoWinner && int(o.Termination) < len(terminationNames)
}

// IsDraw reports whether the game has ended in a draw.
func (o Outcome) IsDraw() bool { return o.IsOver() && o.Winner == NoWinner }

// Result returns the result as the PGN Standard (§8.2.6) writes it: "1-0", "0-1", "1/2-1/2",
// or "*" while the game goes on.
func (o Outcome) Result() string {
	switch {
	case !o.IsOver():
		return "*"
	case o.Winner == WhiteWins:
		return "1-0"
	case o.Winner == BlackWins:
		return "0-1"
	}
	return "1/2-1/2"
}

// String returns the result and the termination, like "1-0 checkmate" or "1/2-1/2 stalemate",
// or "*" while the game goes on.
func (o Outcome) String() string {
	if !o.IsOver() {
		return "*"
	}
	return o.Result() + " " + o.Termination.String()
}

// Rules is a rule profile: which draws end a game by themselves.
type Rules uint8

// The rule profiles.
const (
	// FIDERules (the zero value) are the FIDE Laws of Chess for over-the-board games: checkmate,
	// stalemate, a dead position, the fivefold repetition and the 75-move rule end the game by
	// themselves; the threefold repetition (9.2) and the 50-move rule (9.3) draw only when a
	// player claims them (Game.ClaimDraw).
	FIDERules Rules = iota
	// OnlineRules are the rules of chess servers: as FIDERules, but a threefold repetition and
	// the 50-move rule also end the game by themselves, as soon as they hold, with
	// ThreefoldRepetition or FiftyMoves.
	OnlineRules
)

// Game is a line of play from a starting position: the moves played, the position after each,
// and how the game ends. It decides the automatic endings of the FIDE Laws after each move,
// counts repetitions among the positions since the last capture, pawn move or loss of a
// castling right (the only positions that can repeat, at most 150 of them), answers draw claims,
// and records results from outside the board (resignation, agreement, flag fall).
//
// Positions are the same for repetition when FIDE Laws 9.2.3 says so: the same side to move,
// pieces on the same squares, the same castling rights and the same possible moves. An
// en-passant right counts only when an en-passant capture is legal (unlike Position.Hash, which
// follows the Polyglot rule): after a double step that no pawn can legally take, because the
// pawn that could is pinned, the position is the same as without the right.
//
// Create a Game with NewGame; the zero Game is a game from the standard starting position.
// A Game is not safe for concurrent use while it changes (Play, PlaySAN, Undo, and the methods
// that record a result); a game made by NewGame that no goroutine changes may be read from
// many at once (Position, Moves, Positions, Outcome, RepetitionCount, the CanClaim methods).
// The Positions it hands out are values, safe everywhere.
type Game struct {
	// Rules is the rule profile, FIDERules by default. It is read whenever the outcome is
	// needed, so it may be changed at any time.
	Rules Rules

	moves     []Move
	positions []Position  // positions[0] is the start, positions[i] the position after moves[i-1]
	reps      repetitions // the positions since the last irreversible move
	board     Termination // how the current position ends the game by itself, if it does
	recorded  Outcome     // an outcome recorded from outside the board or by a claim
}

// NewGame returns a game starting from p, with no moves yet. p must be valid (from
// StartingPosition, ParseFEN or Play); when it is already over (a checkmate, stalemate, dead
// position, or a halfmove clock of 150 or more) the game's Outcome says so at once. A game
// from an invalid position (the zero Position) has no outcome and refuses every move: Play
// returns a *MoveError wrapping ErrInvalidPosition.
func NewGame(p Position) *Game {
	g := &Game{}
	g.reset(p)
	return g
}

func (g *Game) reset(p Position) {
	g.moves = g.moves[:0]
	g.positions = append(g.positions[:0], p)
	g.recorded = Outcome{}
	g.board = boardEnd(&p, g.reps.reset(&p))
}

// ensure makes the zero Game a game from the starting position.
func (g *Game) ensure() {
	if g.positions == nil {
		g.reset(StartingPosition())
	}
}

// Position returns the current position: the position after the last move, or the starting
// position when no move has been played.
func (g *Game) Position() Position {
	g.ensure()
	return g.positions[len(g.positions)-1]
}

// Moves returns the moves played so far, in order, in a new slice.
func (g *Game) Moves() []Move {
	return append([]Move(nil), g.moves...)
}

// Positions returns an iterator over the positions of the game: the starting position, then
// the position after each move, len(Moves())+1 in all, as they stand when Positions is called.
// The game must not be changed (Play, Undo) during the iteration.
func (g *Game) Positions() iter.Seq[Position] {
	g.ensure()
	positions := g.positions
	return func(yield func(Position) bool) {
		for _, p := range positions {
			if !yield(p) {
				return
			}
		}
	}
}

// Play plays the legal move m in the current position. m may come from LegalMoves, ParseUCI,
// NewMove or (at the current position) ParseSAN, as for Position.Play. NullMove plays a null
// move (Position.PlayNull, the "--" of PGN files), which is refused in check; it counts as a
// reversible move for repetition and the halfmove clock.
//
// When the game is over (Outcome is decided: on the board, by a claim or by a recorded
// result), Play returns a *GameError wrapping ErrGameOver; when m is not legal, a *MoveError
// wrapping ErrIllegalMove. In both cases the game is unchanged. Play does not replay the game:
// it plays one move on the current position and updates the repetition index.
func (g *Game) Play(m Move) error {
	g.ensure()
	if p := g.positions[len(g.positions)-1]; p.invalid() {
		return errInvalidPositionMove(p, m)
	}
	if o := g.Outcome(); o.IsOver() {
		return &GameError{Op: "Play", Outcome: o, Err: ErrGameOver}
	}
	p := g.positions[len(g.positions)-1]
	if m == NullMove {
		next, err := p.PlayNull()
		if err != nil {
			return err
		}
		g.push(NullMove, next)
		return nil
	}
	lm, ok := p.matchMove(m)
	if !ok {
		return p.moveError(m.String(), m)
	}
	p.play(lm)
	g.push(lm, p)
	return nil
}

// PlaySAN plays the move written in SAN (read leniently, as Position.ParseSAN reads it) in
// the current position. Its errors are those of ParseSAN (a *SANError) and of Play.
func (g *Game) PlaySAN(s string) error {
	m, err := g.Position().ParseSAN(s)
	if err != nil {
		return err
	}
	return g.Play(m)
}

// PlayUCI plays the move written in UCI ("e2e4", "e7e8q", "0000" for a null move), read as
// Position.ParseUCI reads it, in the current position. Its errors are those of ParseUCI (a
// *MoveError) and of Play.
func (g *Game) PlayUCI(s string) error {
	m, err := g.Position().ParseUCI(s)
	if err != nil {
		return err
	}
	return g.Play(m)
}

// push appends the legal move m and the position next it leads to, whether or not the game is
// over (readers of recorded games go on past an automatic end).
func (g *Game) push(m Move, next Position) {
	repeats := g.reps.push(&g.positions[len(g.positions)-1], &next)
	g.moves = append(g.moves, m)
	g.positions = append(g.positions, next)
	g.board = boardEnd(&next, repeats)
}

// irreversibleMove reports whether the move from prev to next was a capture, a pawn move or
// lost a castling right: no position before it can appear again.
func irreversibleMove(prev, next *Position) bool { return irreversible(prev.castling, next) }

// irreversible is irreversibleMove from the castling rights before the move.
func irreversible(castlingBefore CastlingRights, next *Position) bool {
	return next.halfmove == 0 || next.castling != castlingBefore
}

// Undo takes back the last move and returns it; it returns NullMove and false when no move has
// been played. A result recorded after that move (a resignation, agreement, flag fall or
// claimed draw, or one from SetOutcome) is cleared with it.
func (g *Game) Undo() (Move, bool) {
	g.ensure()
	n := len(g.moves)
	if n == 0 {
		return NullMove, false
	}
	m := g.moves[n-1]
	g.moves = g.moves[:n-1]
	g.positions = g.positions[:n]
	g.reps.pop(g.positions)
	g.recorded = Outcome{}
	g.board = boardEnd(&g.positions[n-1], g.RepetitionCount())
	return m, true
}

// RepetitionCount returns how many times the current position has appeared in the game, this
// time included, by the identity of FIDE Laws 9.2.3 (1 for a new position).
func (g *Game) RepetitionCount() int {
	g.ensure()
	return g.reps.count(g.reps.keys[len(g.reps.keys)-1])
}

// boardEnd returns the termination by which the position p ends the game by itself, in the
// FIDE Laws' order of precedence: 5.1.1 checkmate, 5.2.1 stalemate, then the endings of
// drawnOnBoard (5.2.2 insufficient material and dead position, 9.6.1 fivefold repetition, 9.6.2
// the 75-move rule); repeats is how many times p has appeared (repetitions.count). It is the
// one home of the rule: Game, the PGN reader (PGNGame.BoardEnd) and so chess check use it.
func boardEnd(p *Position, repeats int) Termination {
	if p.invalid() {
		return NoTermination // no game at all: Game.Play refuses every move
	}
	if !p.hasLegalMove() {
		if p.InCheck() {
			return Checkmate
		}
		return Stalemate
	}
	return drawnOnBoard(p, repeats)
}

// drawnOnBoard returns the automatic draw of boardEnd that p is in, ignoring checkmate and
// stalemate: the cheap part, which the PGN reader asks after every move (a move after a
// checkmate or stalemate is illegal, so those need asking only at the end of a line), calling
// boardEnd when it finds one so that mate or stalemate on the same move takes precedence.
func drawnOnBoard(p *Position, repeats int) Termination {
	// While a rook or queen stands on the board the material suffices (a rook or queen can
	// always mate with help) and no pawn wall is closed (isClosed wants none): the two
	// material tests are skipped on most plies of a game, which this test ends.
	if p.ofType(Rook)|p.ofType(Queen) == 0 || repeats >= 5 || p.halfmove >= 150 {
		return drawnOnBoardByMaterial(p, repeats)
	}
	return NoTermination
}

// drawnOnBoardByMaterial is drawnOnBoard past its inlined test.
func drawnOnBoardByMaterial(p *Position, repeats int) Termination {
	material := p.ofType(Rook)|p.ofType(Queen) == 0
	switch {
	case material && p.bothInsufficient():
		return InsufficientMaterial
	case material && p.isClosed():
		return DeadPosition
	case repeats >= 5:
		return FivefoldRepetition
	case p.halfmove >= 150:
		return SeventyFiveMoves
	}
	return NoTermination
}

// repetitions is the one list of repetition keys (FIDE Laws 9.2.3 identity, see Game) of a line
// of play, kept by Game and by the PGN reader: the keys of the positions since the line's last
// irreversible move, the line's first position included, so that a repetition of the starting
// position counts. The list stays short: past 150 reversible plies the game is over.
type repetitions struct {
	keys []uint64
	seen uint64 // a filter of keys: bit keyBit(k) is set for every k of keys (and maybe more)
}

// keyBit is the bit of the key k in repetitions.seen: most new positions find theirs clear
// and are first appearances without a look at the list.
func keyBit(k uint64) uint64 { return 1 << (k >> 58) }

// reset starts the list at the position p and returns its count, 1.
func (r *repetitions) reset(p *Position) int {
	k := p.repetitionKey()
	r.keys, r.seen = append(r.keys[:0], k), keyBit(k)
	return 1
}

// push records the position next, reached from prev, and returns how many times it has
// appeared, this time included. No position before a capture, a pawn move or a lost castling
// right can come back, so such a move starts the list anew.
func (r *repetitions) push(prev, next *Position) int { return r.pushAfter(prev.castling, next) }

// pushAfter is push with the castling rights of prev, all it needs of it.
func (r *repetitions) pushAfter(castlingBefore CastlingRights, next *Position) int {
	if irreversible(castlingBefore, next) {
		r.keys, r.seen = r.keys[:0], 0
	}
	k := next.repetitionKey()
	r.keys = append(r.keys, k)
	if bit := keyBit(k); r.seen&bit == 0 {
		r.seen |= bit
		return 1 // not in the list before
	}
	// The key holds the side to move, and the list alternates sides: only every second key
	// from the end can be k.
	n := 0
	for i := len(r.keys) - 1; i >= 0; i -= 2 {
		if r.keys[i] == k {
			n++
		}
	}
	return n
}

// pop takes back the last position; positions is the line without it. A list of one position
// (the move taken back was irreversible) is made again from the positions since the move
// before.
func (r *repetitions) pop(positions []Position) {
	if len(r.keys) > 1 {
		r.keys = r.keys[:len(r.keys)-1]
		return
	}
	w := len(positions) - 1
	for w > 0 && !irreversibleMove(&positions[w-1], &positions[w]) {
		w--
	}
	r.keys, r.seen = r.keys[:0], 0
	for i := w; i < len(positions); i++ {
		k := positions[i].repetitionKey()
		r.keys, r.seen = append(r.keys, k), r.seen|keyBit(k)
	}
}

// count returns how many positions of the list have the key k (the key holds the side to move).
func (r *repetitions) count(k uint64) int {
	n := 0
	for _, key := range r.keys {
		if key == k {
			n++
		}
	}
	return n
}

// Outcome returns how the game has ended, or the zero Outcome while it goes on. In order of
// precedence:
//   - a result recorded from outside the board or by a claim (Resign, AgreeDraw, FlagFall,
//     ClaimDraw, SetOutcome);
//   - the automatic endings on the board (FIDE Laws 5.1.1 Checkmate, won by the side that gave
//     mate; 5.2.1 Stalemate; 5.2.2 InsufficientMaterial and DeadPosition; 9.6.1
//     FivefoldRepetition; 9.6.2 SeventyFiveMoves, so a mate on the 75th move is a Checkmate);
//   - under OnlineRules only, ThreefoldRepetition (the current position's third appearance)
//     and then FiftyMoves (a halfmove clock of 100 or more).
//
// It costs O(1): the automatic endings are found when a move is played.
func (g *Game) Outcome() Outcome {
	g.ensure()
	if g.recorded.IsOver() {
		return g.recorded
	}
	switch g.board {
	case NoTermination:
	case Checkmate:
		return Outcome{Winner: WinnerOf(g.positions[len(g.positions)-1].turn.Other()), Termination: Checkmate}
	default:
		return Outcome{Termination: g.board}
	}
	if g.Rules == OnlineRules {
		switch {
		case g.RepetitionCount() >= 3:
			return Outcome{Termination: ThreefoldRepetition}
		case g.positions[len(g.positions)-1].halfmove >= 100:
			return Outcome{Termination: FiftyMoves}
		}
	}
	return Outcome{}
}

// CanClaimThreefold reports whether the player to move can claim a draw by threefold
// repetition (FIDE Laws 9.2): the current position has appeared at least three times
// (9.2.1.2), or the player has a legal move after which a position appears for at least the
// third time (9.2.1.1, the claim made by writing the move). Positions are the same as FIDE Laws
// 9.2.3 says (see Game). It does not look at whether the game is already over.
func (g *Game) CanClaimThreefold() bool {
	g.ensure()
	if g.RepetitionCount() >= 3 {
		return true
	}
	p := &g.positions[len(g.positions)-1]
	var ml moveList
	p.generate(&ml)
	for _, m := range ml.moves[:ml.n] {
		q := *p
		q.play(m)
		if irreversibleMove(p, &q) {
			continue // a new position: nothing before it can repeat
		}
		if g.reps.count(q.repetitionKey()) >= 2 {
			return true
		}
	}
	return false
}

// CanClaimFiftyMoves reports whether the player to move can claim a draw by the 50-move rule
// (FIDE Laws 9.3): each player has made the last 50 moves without a pawn move or a capture (a
// halfmove clock of 100 or more, 9.3.1), or the player has a legal move that completes them
// (9.3.2, the claim made by writing the move). The position reached must leave the side to
// move a legal move: a checkmate or stalemate ends the game before any claim. It does not look
// at whether the game is already over.
func (g *Game) CanClaimFiftyMoves() bool {
	g.ensure()
	p := &g.positions[len(g.positions)-1]
	switch {
	case p.halfmove >= 100:
		return p.hasLegalMove()
	case p.halfmove < 99:
		return false
	}
	var ml moveList
	p.generate(&ml)
	for _, m := range ml.moves[:ml.n] {
		q := *p
		q.play(m)
		if q.halfmove >= 100 && q.hasLegalMove() {
			return true
		}
	}
	return false
}

// ClaimDraw claims a draw for the player to move: by the 50-move rule (FIDE Laws 9.3) when
// CanClaimFiftyMoves is true, otherwise by threefold repetition (9.2) when CanClaimThreefold
// is true. A correct claim ends the game with FiftyMoves or ThreefoldRepetition; a claim made by
// writing a move draws without that move being played. It returns a *GameError wrapping
// ErrNoClaim when neither claim is correct, or ErrGameOver when the game is already over; the
// game is then unchanged.
func (g *Game) ClaimDraw() error {
	g.ensure()
	if o := g.Outcome(); o.IsOver() {
		return &GameError{Op: "ClaimDraw", Outcome: o, Err: ErrGameOver}
	}
	switch {
	case g.CanClaimFiftyMoves():
		g.recorded = Outcome{Termination: FiftyMoves}
	case g.CanClaimThreefold():
		g.recorded = Outcome{Termination: ThreefoldRepetition}
	default:
		return &GameError{Op: "ClaimDraw", Err: ErrNoClaim}
	}
	return nil
}

// Resign records that colour c resigns (FIDE Laws 5.1.2): the opponent wins by Resignation.
// It returns a *GameError wrapping ErrGameOver, and changes nothing, when the game is over.
func (g *Game) Resign(c Color) error {
	return g.record("Resign", Outcome{Winner: WinnerOf(c.Other()), Termination: Resignation})
}

// AgreeDraw records a draw by agreement (FIDE Laws 5.2.3). FIDE allows it once both players
// have made a move; AgreeDraw leaves that to the caller. It returns a *GameError wrapping
// ErrGameOver, and changes nothing, when the game is over.
func (g *Game) AgreeDraw() error {
	return g.record("AgreeDraw", Outcome{Termination: Agreement})
}

// FlagFall records that colour c has run out of time (FIDE Laws 6.9): the opponent wins by
// TimeForfeit, unless the opponent cannot checkmate by any series of legal moves
// (Position.HasInsufficientMaterial of the opponent), in which case the game is drawn, still
// with TimeForfeit. It returns a *GameError wrapping ErrGameOver, and changes nothing, when the
// game is already over (a flag fall after a checkmate or another ending does not count).
func (g *Game) FlagFall(c Color) error {
	g.ensure()
	o := Outcome{Winner: WinnerOf(c.Other()), Termination: TimeForfeit}
	if g.Position().HasInsufficientMaterial(c.Other()) {
		o.Winner = NoWinner
	}
	return g.record("FlagFall", o)
}

// SetOutcome records a result decided outside the board, as a reader of recorded games or a
// server needs to: a Resignation (with a winner), an Agreement (without), or a TimeForfeit,
// Abandoned or Unknown with any winner or none. The other terminations come from the board or
// from a claim (Play, ClaimDraw) and are refused with a *GameError wrapping ErrInvalidOutcome;
// a game already over is refused with ErrGameOver. A refused call changes nothing.
func (g *Game) SetOutcome(o Outcome) error {
	return g.record("SetOutcome", o)
}

func (g *Game) record(op string, o Outcome) error {
	g.ensure()
	if cur := g.Outcome(); cur.IsOver() {
		return &GameError{Op: op, Outcome: cur, Err: ErrGameOver}
	}
	valid := o.consistent()
	switch o.Termination {
	case Resignation, Agreement, TimeForfeit, Abandoned, Unknown:
	default:
		valid = false
	}
	if !valid {
		return &GameError{Op: op, Err: ErrInvalidOutcome}
	}
	g.recorded = o
	return nil
}
