// Command randomgame plays a game of random legal moves, seeded, until it ends by the rules
// (checkmate, stalemate, a dead position, fivefold repetition or the 75-move rule), and
// prints it as PGN:
//
//	go run ./examples/randomgame -seed 7
package main

import (
	"flag"
	"math/rand"
	"os"

	"github.com/ox88/chess"
)

func main() {
	seed := flag.Int64("seed", 1, "the seed of the random moves")
	flag.Parse()
	r := rand.New(rand.NewSource(*seed))

	game := chess.NewGame(chess.StartingPosition())
	for !game.Outcome().IsOver() {
		moves := game.Position().LegalMoves()
		if err := game.Play(moves[r.Intn(len(moves))]); err != nil {
			panic(err) // cannot happen: the move is legal and the game goes on
		}
	}
	pgn := chess.NewPGNGame(game)
	pgn.Tags[0].Value = "Random game"                     // Event
	pgn.Tags[4].Value, pgn.Tags[5].Value = "rand", "rand" // White, Black
	pgn.WriteTo(os.Stdout)
}
