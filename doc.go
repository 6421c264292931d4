// Package chess implements the rules of chess: positions, legal moves, the codecs FEN (with
// X-FEN and Shredder-FEN for Chess960), UCI, SAN and PGN, and the rule queries check,
// checkmate, stalemate, draws and attacks.
//
// # Values
//
// A Position is an immutable, comparable value, like netip.Addr: Play returns a new
// Position and never changes the one it is called on, so positions can be shared between
// goroutines, compared with == and used as map keys. The board is a 0x88 array of 128
// squares (16 per rank, the other half unused), which makes "is this square on the board"
// one AND and lets small tables indexed by the difference of two squares tell which pieces
// can move along it. Square, Piece, Move and CastlingRights are small values as well.
//
// # Legal moves
//
// LegalMoves generates fully legal moves directly, without making and taking back moves:
// checkers and pinned pieces are found from the king first. Perft counts move-tree leaves, the
// standard test of a move generator; the package's tests check it against public perft
// suites of more than 8,000 positions, Chess960 included.
//
// # Ends of games
//
// Position answers the rules that depend on the position alone: IsCheckmate (FIDE Laws
// 5.1.1), IsStalemate (5.2.1), IsInsufficientMaterial and HasInsufficientMaterial (5.2.2 and
// the flag-fall rule 6.9) and IsDeadPosition (5.2.2). A Game adds the history: it counts
// repetitions by the identity of FIDE Laws 9.2.3 in O(1) per move, ends by itself on
// checkmate, stalemate, a dead position, the fivefold repetition (9.6.1) and the 75-move rule
// (9.6.2), answers claims of threefold repetition (9.2) and of the 50-move rule (9.3), and
// records resignation, agreement and flag fall. Its Rules field chooses FIDERules (the
// default) or OnlineRules, under which threefold repetition and the 50-move rule end the game
// by themselves, as chess servers do.
//
// # Sources
//
// The rules are those of the FIDE Laws of Chess (the edition in force since 1 January 2023;
// doc comments cite its articles, e.g. "FIDE Laws 3.8.2" for castling) with the Chess960
// rules of its Guidelines III; notation follows the PGN Standard of 1994 (cited by section,
// e.g. "PGN Standard §16.1" for FEN), the UCI protocol for engine moves, and the Polyglot
// book format for Position.Hash.
package chess
