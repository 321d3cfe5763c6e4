#!/usr/bin/env python3
"""Writes card_data/flip_duel/{red,blue}.toml from the distribution below.

The two decks are the same 53 designs in different colours, names of art
and ids: Red card k plays exactly like Blue card k. Tune the pools here,
rerun, then check `cargo run --release --example simulate`.
Usage: python3 scripts/gen_flip_duel_decks.py
"""
import random, pathlib

N = 53
S = 5
rng = random.Random(20240611)

NAMES = """Overlap, One-Two, Through Ball, Wing Play, Dribble, Cross Field Pass,
Back Heel, Nutmeg, Step Over, Chip, Lay Off, Give and Go, Dummy Run, Switch,
Early Ball, Cut Inside, Knock On, Flick On, Target Man, Hold Up, Third Man Run,
Diagonal, Long Throw, Quick Throw, Counter, Press, Interception, Recycle,
Pivot, False Nine, Box to Box, Playmaker, Sweeper, Libero, Wing Back,
Inverted Winger, Target Run, Near Post Run, Far Post Run, Late Run,
Shoulder Charge, Slide Tackle, Block, Clearance, Header, Volley, Half Volley,
Bicycle Kick, Scissor Kick, Curler, Toe Poke, Panenka, Screamer"""
NAMES = [n.strip() for n in NAMES.replace("\n", " ").split(",")]
assert len(NAMES) == N, len(NAMES)

def pool(counts):
    """counts: list (one per section) of dict token->count summing to N."""
    cols = []
    for c in counts:
        col = [t for t, k in c.items() for _ in range(k)]
        assert len(col) == N, (c, len(col))
        rng.shuffle(col)
        cols.append(col)
    return [[cols[s][i] for s in range(S)] for i in range(N)]

def balls(counts):
    col = [s + 1 for s, k in enumerate(counts) for _ in range(k)]
    assert len(col) == N
    rng.shuffle(col)
    return col

# Defend area: per section, how many of the 53 cards show each token.
defend = pool([
    dict(defender=16, offside=5, foul=2, long_ball=4, empty=26),
    dict(defender=24, offside=4, foul=2, long_ball=2, empty=21),
    dict(defender=28, offside=3, foul=3, long_ball=2, empty=17),
    dict(defender=24, offside=4, foul=2, long_ball=2, empty=21),
    dict(defender=16, offside=5, foul=2, long_ball=4, empty=26),
])
save = pool([
    dict(net=12, defender=11, keeper=7, wide=13, foul=2, rebound=2, corner=6),
    dict(net=14, defender=12, keeper=14, wide=3, foul=3, rebound=4, corner=3),
    dict(net=8, defender=13, keeper=26, wide=0, foul=2, rebound=3, corner=1),
    dict(net=14, defender=12, keeper=14, wide=3, foul=3, rebound=4, corner=3),
    dict(net=12, defender=11, keeper=7, wide=13, foul=2, rebound=2, corner=6),
])
penalty = pool([
    dict(net=35, block=5, post=5, wide=8),
    dict(net=42, block=8, post=2, wide=1),
    dict(net=30, block=23, post=0, wide=0),
    dict(net=42, block=8, post=2, wide=1),
    dict(net=35, block=5, post=5, wide=8),
])
free_kick = pool([
    dict(net=9, wall=15, post=6, wide=23),
    dict(net=9, wall=32, post=3, wide=9),
    dict(net=5, wall=41, post=2, wide=5),
    dict(net=9, wall=32, post=3, wide=9),
    dict(net=9, wall=15, post=6, wide=23),
])
b_attack = balls([11, 10, 11, 10, 11])
b_goal = balls([11, 11, 9, 11, 11])
b_pen = balls([10, 11, 11, 11, 10])
b_fk = balls([10, 11, 11, 11, 10])
referee = [n for n, k in [(1, 6), (2, 9), (3, 11), (4, 10), (5, 8), (6, 5), (7, 3), (8, 1)] for _ in range(k)]
rng.shuffle(referee)

HEADER = """# Flip Duel - the {name} team pack (53 double-sided cards).
#
# Red and Blue are the same 53 designs: card k of one pack plays exactly
# like card k of the other. They differ only in their ids, colours and art
# keys, so neither team is stronger (docs/flip-duel.md, section 9 shows the
# simulated balance). The rulebook's pictures are missing; the anatomy below
# is Touchline's reading of it (docs/flip-duel.md, section 1).
#
# [team]            the team printed on every card back and front.
#   id              string, lower-case letters, digits and '-'; unique
#                   across both packs.
#   name            the team name used in the log ("Red", "Blue").
#   colour          "#rrggbb": the team colour (card border, ball).
#   accent          "#rrggbb": the second colour (text on the colour).
#
# [[card]]          one table per card; a pack has exactly 53.
#   id              string, unique across both packs ("red-01").
#   name            string printed on the card (the move it shows).
#   art             key of the card's picture in the art set, optional
#                   (defaults to the id).
#
#   [card.attack]   the ATTACK side. Four colour-coded areas, each divided
#                   into five sections numbered 1-5 from left to right; the
#                   ball is printed in exactly one section of each area:
#     attack        1-5, green area: open play, compared with the
#                   defender's Defend area.
#     goal          1-5, red area: shots on goal, compared with the
#                   defender's Save area.
#     penalty       1-5, yellow area: penalties, compared with the
#                   defender's Penalty area.
#     free_kick     1-5, blue area: free kicks, compared with the
#                   defender's Free kick area.
#
#   [card.defence]  the DEFENCE side: the same four areas, five sections
#                   each, every section showing exactly one thing (a list
#                   of five words, section 1 first):
#     defend        green area, open play:
#                     "defender"   a defender (any part of one): tackle
#                     "offside"    the assistant's flag: offside
#                     "foul"       foul or hand ball: a free kick
#                     "long_ball"  a goal symbol: long ball, the next card
#                                  is a shot
#                     "empty"      open grass: the attack gets through
#     save          red area, shots:
#                     "net"        the goal net, nobody in front: GOAL
#                     "keeper"     the goalkeeper: saved
#                     "defender"   a defender: blocked
#                     "wide"       no net: missed
#                     "foul"       foul or hand ball: a penalty
#                     "rebound"    rebound: another shot
#                     "corner"     corner flag: another shot
#     penalty       yellow area, penalties:
#                     "net" GOAL, "block" the keeper's penalty-block
#                     symbol: saved, "post" post or crossbar, "wide" missed
#     free_kick     blue area, free kicks:
#                     "net" GOAL, "wall" the free-kick blocking symbol
#                     (the wall): blocked, "post" post or crossbar,
#                     "wide" missed
#     referee       1-8: the number the assistant referee holds up. The
#                   defending card laid last in normal time sets how many
#                   injury-time cards are played.
"""

TEAMS = [("red", "Red", "#c8102e", "#ffffff"), ("blue", "Blue", "#1d428a", "#ffffff")]
root = pathlib.Path(__file__).resolve().parent.parent / "card_data" / "flip_duel"
def words(ws):
    return "[" + ", ".join(f'"{w}"' for w in ws) + "]"
for tid, tname, colour, accent in TEAMS:
    out = [HEADER.format(name=tname), "[team]", f'id = "{tid}"', f'name = "{tname}"',
           f'colour = "{colour}"', f'accent = "{accent}"', ""]
    for i in range(N):
        cid = f"{tid}-{i+1:02}"
        out += ["[[card]]", f'id = "{cid}"', f'name = "{NAMES[i]}"', f'art = "{tid}/{i+1:02}"', "",
                "[card.attack]", f"attack = {b_attack[i]}", f"goal = {b_goal[i]}",
                f"penalty = {b_pen[i]}", f"free_kick = {b_fk[i]}", "",
                "[card.defence]", f"defend = {words(defend[i])}", f"save = {words(save[i])}",
                f"penalty = {words(penalty[i])}", f"free_kick = {words(free_kick[i])}",
                f"referee = {referee[i]}", ""]
    (root / f"{tid}.toml").write_text("\n".join(out))
print("wrote", root)
