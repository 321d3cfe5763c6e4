//! The checks the types cannot express: counts, ranges, jersey numbers,
//! Formations and each effect op's parameters, located at card and field.

use super::*;

pub(super) fn count_is(
    loc: &Located,
    what: &str,
    found: usize,
    want: usize,
    errors: &mut Vec<DataError>,
) {
    if found != want {
        errors.push(loc.file(format!("the deck needs {want} {what}, found {found}")));
    }
}

pub(super) fn range(
    loc: &Located,
    card: &str,
    field: &str,
    v: i64,
    lo: i64,
    hi: i64,
    errors: &mut Vec<DataError>,
) {
    if v < lo || v > hi {
        errors.push(loc.err(card, field, format!("must be {lo}-{hi}, found {v}")));
    }
}

pub(super) fn prefix(loc: &Located, id: &str, want: &[&str], errors: &mut Vec<DataError>) {
    let ok = want.iter().any(|p| {
        id.strip_prefix(p)
            .and_then(|r| r.strip_prefix('-'))
            .is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
    });
    if !ok {
        let forms: Vec<String> = want.iter().map(|p| format!("`{p}-NN`")).collect();
        errors.push(loc.err(
            id,
            "id",
            format!("`{id}` must look like {}", forms.join(" or ")),
        ));
    }
}

pub(super) fn not_empty(
    loc: &Located,
    card: &str,
    field: &str,
    v: &str,
    errors: &mut Vec<DataError>,
) {
    if v.trim().is_empty() {
        errors.push(loc.err(card, field, "must not be empty"));
    }
}

/// The field of block `i` of the `len` blocks at `field`: indexed
/// (`abilities[1]`) when there is more than one.
pub(super) fn nth(field: &str, i: usize, len: usize) -> String {
    if len > 1 {
        format!("{field}[{i}]")
    } else {
        field.to_string()
    }
}

/// Checks one effect block: allowed timings, cost, condition, every op's
/// parameters, and a printed `text` against the generated sentence.
pub(super) fn check_block(
    loc: &Located,
    card: &str,
    field: &str,
    b: &EffectBlock,
    timings: &[Timing],
    errors: &mut Vec<DataError>,
) {
    if !timings.contains(&b.timing) {
        let allowed: Vec<&str> = timings.iter().map(|t| timing_key(*t)).collect();
        errors.push(loc.err(
            card,
            &format!("{field}.timing"),
            format!(
                "`{}` is not allowed here; use {}",
                timing_key(b.timing),
                allowed.join(", ")
            ),
        ));
    }
    for (r, n) in &b.cost {
        if !(1..=4).contains(n) {
            errors.push(loc.err(
                card,
                &format!("{field}.cost"),
                format!("{} must be 1-4, found {n}", r.key()),
            ));
        }
    }
    if let Some(c) = &b.condition {
        check_condition(loc, card, &format!("{field}.condition"), c, true, errors);
    }
    if b.effects.is_empty() {
        errors.push(loc.err(card, &format!("{field}.effects"), "needs at least one op"));
    }
    for e in b.all_effects() {
        check_op(loc, card, &format!("{field}.effects"), e, b.timing, errors);
    }
    if let Some(text) = &b.text {
        let generated = b.generated();
        let header = format!("{}:", b.timing.header());
        if !text.starts_with(&header) {
            errors.push(loc.err(
                card,
                &format!("{field}.text"),
                format!("the printed text must start with `{header}` (generated: \"{generated}\")"),
            ));
        }
        for n in numbers(&generated) {
            if !numbers(text).contains(&n) {
                errors.push(loc.err(
                    card,
                    &format!("{field}.text"),
                    format!(
                        "the printed text lacks the number {n} of the effect (generated: \"{generated}\")"
                    ),
                ));
            }
        }
    }
}

/// Signed numbers written in a sentence ("+1", "-1", "2").
pub(super) fn numbers(s: &str) -> Vec<i64> {
    let mut out = Vec::new();
    let mut cur = String::new();
    for ch in s.chars().chain(std::iter::once(' ')) {
        if ch.is_ascii_digit() || ((ch == '-' || ch == '+') && cur.is_empty()) {
            cur.push(ch);
        } else {
            if let Ok(n) = cur.parse::<i64>() {
                out.push(n);
            }
            cur.clear();
        }
    }
    out
}

pub(super) fn timing_key(t: Timing) -> &'static str {
    match t {
        Timing::BeforeMatch => "before_match",
        Timing::DuringMatch => "during_match",
        Timing::AfterMatch => "after_match",
        Timing::Action => "action",
        Timing::Bonus => "bonus",
        Timing::Feature => "feature",
        Timing::Production => "production",
    }
}

pub(super) fn check_condition(
    loc: &Located,
    card: &str,
    field: &str,
    c: &Condition,
    comparator: bool,
    errors: &mut Vec<DataError>,
) {
    use crate::games::eleven::effect::{Equals, Quantity};
    let n = c.comparators();
    if comparator && n != 1 {
        errors.push(loc.err(
            card,
            field,
            format!("a condition needs exactly one of at_least, at_most, equals; found {n}"),
        ));
    }
    if !comparator && n != 0 {
        errors.push(loc.err(card, field, "a multiplier takes no comparator"));
    }
    if (c.quantity == Quantity::Stat) != c.stat.is_some() {
        errors.push(loc.err(
            card,
            field,
            "`stat` is needed with quantity \"stat\" and only there",
        ));
    }
    let result_compare = matches!(c.equals, Some(Equals::Result(_)));
    if result_compare != (c.quantity == Quantity::MatchResult && c.equals.is_some()) {
        errors.push(loc.err(
            card,
            field,
            "match_result compares with equals = \"win\" | \"draw\" | \"loss\"; other quantities with numbers",
        ));
    }
}

pub(super) fn check_op(
    loc: &Located,
    card: &str,
    field: &str,
    e: &Effect,
    timing: Timing,
    errors: &mut Vec<DataError>,
) {
    let mut bad = |msg: String| {
        errors.push(loc.err(card, field, format!("op `{}`: {msg}", e.op())));
    };
    match e {
        Effect::Gain {
            amount, per, max, ..
        } => {
            if !(1..=10).contains(amount) {
                bad(format!("amount must be 1-10, found {amount}"));
            }
            if max.is_some() && per.is_none() {
                bad("max needs per".into());
            }
            if let Some(p) = per
                && p.comparators() != 0
            {
                bad("per is a quantity without a comparator".into());
            }
        }
        Effect::Lose { amount, .. } => {
            if !(1..=10).contains(amount) {
                bad(format!("amount must be 1-10, found {amount}"));
            }
        }
        Effect::MoveStat { by, .. } => {
            if !(-2..=2).contains(by) || *by == 0 {
                bad(format!("by must be -2..2 and not 0, found {by}"));
            }
        }
        Effect::Draw { count, keep, .. } => {
            if !(1..=3).contains(count) {
                bad(format!("count must be 1-3, found {count}"));
            }
            if let Some(k) = keep
                && (*k < 1 || k > count)
            {
                bad(format!("keep must be 1-{count}, found {k}"));
            }
        }
        Effect::PlaceToken { amount, .. } | Effect::RemoveToken { amount, .. } => {
            if !(1..=3).contains(amount) {
                bad(format!("amount must be 1-3, found {amount}"));
            }
        }
        Effect::Train { count, .. } => {
            if let Some(c) = count
                && !(1..=3).contains(c)
            {
                bad(format!("count must be 1-3, found {c}"));
            }
        }
        Effect::ScoreGoal { count, .. } | Effect::CancelGoal { count, .. } => {
            if !(1..=3).contains(count) {
                bad(format!("count must be 1-3, found {count}"));
            }
            if !timing.is_match() {
                bad("goals change only in a Match timing".into());
            }
        }
        Effect::AdjustOpponent { by, .. } => {
            if *by == 0 || !(-3..=3).contains(by) {
                bad(format!("by must be -3..3 and not 0, found {by}"));
            }
            if !timing.is_match() {
                bad("the Opponent card exists only in a Match timing".into());
            }
        }
        Effect::RollDie {
            sides,
            at_least,
            at_most,
            even,
            odd,
            ..
        } => {
            if *sides != 6 && *sides != 12 {
                bad(format!("sides must be 6 or 12, found {sides}"));
            }
            let tests = usize::from(at_least.is_some() || at_most.is_some())
                + usize::from(*even)
                + usize::from(*odd);
            if tests != 1 {
                bad("needs exactly one test: at_least / at_most, even or odd".into());
            }
            for v in [at_least, at_most].into_iter().flatten() {
                if *v < 1 || v > sides {
                    bad(format!("{v} is not a face of a {sides}-sided die"));
                }
            }
        }
        Effect::If { condition, .. } => {
            check_condition(loc, card, field, condition, true, errors);
        }
        Effect::Choose { options } => {
            if options.len() < 2 || options.iter().any(|o| o.effects.is_empty()) {
                bad("needs 2 or more non-empty options".into());
            }
        }
        Effect::May { then, cost } => {
            if then.is_empty() {
                bad("needs ops in then".into());
            }
            if cost.values().any(|n| !(1..=4).contains(n)) {
                bad("cost values must be 1-4".into());
            }
        }
        Effect::Modify { by, .. } => {
            if *by == 0 || !(-3..=3).contains(by) {
                bad(format!("by must be -3..3 and not 0, found {by}"));
            }
        }
        Effect::FlipJersey { count } | Effect::MoveJersey { count } => {
            if !(1..=3).contains(count) {
                bad(format!("count must be 1-3, found {count}"));
            }
        }
        Effect::DiscardCard { count, .. } | Effect::Unexhaust { count, .. } => {
            if !(1..=3).contains(count) {
                bad(format!("count must be 1-3, found {count}"));
            }
        }
        Effect::MoveLeague { by, .. } => {
            if *by == 0 || !(-3..=3).contains(by) {
                bad(format!("by must be -3..3 and not 0, found {by}"));
            }
        }
        Effect::BasicAction { .. } => {}
    }
}

pub(super) const MATCH_TIMINGS: [Timing; 3] =
    [Timing::BeforeMatch, Timing::DuringMatch, Timing::AfterMatch];
pub(super) const CLUB_TIMINGS: [Timing; 4] = [
    Timing::Bonus,
    Timing::Action,
    Timing::Feature,
    Timing::Production,
];

pub(super) fn check_side(
    loc: &Located,
    card: &PlayerCard,
    side: Side,
    errors: &mut Vec<DataError>,
) {
    let s = card.side(side);
    let id = card.id.as_str();
    let f = |name: &str| {
        let side = match side {
            Side::Untrained => "untrained",
            Side::Trained => "trained",
        };
        format!("{side}.{name}")
    };
    range(loc, id, &f("hire_cost"), s.hire_cost.into(), 1, 4, errors);
    range(loc, id, &f("strength"), s.strength.into(), 0, 4, errors);
    not_empty(loc, id, &f("name"), &s.name, errors);
    let keeper = s.task == Task::Goalkeeper;
    match (keeper, s.saves) {
        (true, Some(n)) => range(loc, id, &f("saves"), n.into(), 1, 3, errors),
        (true, None) => errors.push(loc.err(id, &f("saves"), "a Goalkeeper needs saves (1-3)")),
        (false, Some(_)) => errors.push(loc.err(id, &f("saves"), "only Goalkeepers have saves")),
        (false, None) => {}
    }
    if keeper {
        if s.zones != [Zone::Goal] {
            errors.push(loc.err(id, &f("zones"), "a Goalkeeper's zones must be [\"goal\"]"));
        }
        if s.jersey != Some(1) {
            errors.push(loc.err(id, &f("jersey"), "a Goalkeeper wears Jersey number 1"));
        }
    } else {
        if s.zones.is_empty() {
            errors.push(loc.err(id, &f("zones"), "needs at least one Zone"));
        }
        if s.zones.contains(&Zone::Goal) {
            errors.push(loc.err(id, &f("zones"), "only Goalkeepers stand in the goal"));
        }
        let distinct: HashSet<&Zone> = s.zones.iter().collect();
        if distinct.len() != s.zones.len() {
            errors.push(loc.err(id, &f("zones"), "lists a Zone twice"));
        }
        let youngster_face = card.kind == PlayerKind::Youngster && side == Side::Untrained;
        match (youngster_face, s.jersey) {
            (true, Some(_)) => errors.push(loc.err(
                id,
                &f("jersey"),
                "an Untrained Youngster has no Jersey number (unnumbered marker)",
            )),
            (false, None) => errors.push(loc.err(id, &f("jersey"), "needs a Jersey number (2-99)")),
            (_, Some(n)) => range(loc, id, &f("jersey"), n.into(), 2, 99, errors),
            (true, None) => {}
        }
    }
    if s.abilities.len() > 1 {
        errors.push(loc.err(id, &f("abilities"), "a Player side has at most one effect"));
    }
    for (i, b) in s.abilities.iter().enumerate() {
        let field = nth(&f("abilities"), i, s.abilities.len());
        check_block(loc, id, &field, b, &MATCH_TIMINGS, errors);
    }
    let trained_youngster = card.kind == PlayerKind::Youngster && side == Side::Trained;
    if !s.experience.is_empty() && !trained_youngster {
        errors.push(loc.err(
            id,
            &f("experience"),
            "only the Trained side of a Youngster has Experience spaces",
        ));
    }
    if s.experience.len() > 4 {
        errors.push(loc.err(id, &f("experience"), "at most 4 Experience spaces"));
    }
}

pub(super) fn check_players(loc: &Located, cards: &[PlayerCard], errors: &mut Vec<DataError>) {
    let kind = |k: PlayerKind| cards.iter().filter(|p| p.kind == k).count();
    count_is(
        loc,
        "regular Players",
        kind(PlayerKind::Regular),
        36,
        errors,
    );
    count_is(loc, "Youngsters", kind(PlayerKind::Youngster), 18, errors);
    count_is(loc, "Veterans", kind(PlayerKind::Veteran), 8, errors);
    for c in cards {
        prefix(
            loc,
            &c.id,
            &[c.kind.key().replace("regular", "player").as_str()],
            errors,
        );
        check_side(loc, c, Side::Untrained, errors);
        check_side(loc, c, Side::Trained, errors);
        if c.kind != PlayerKind::Youngster {
            // The Jersey marker belongs to the card: flipping it cannot
            // change the number or the Task icon.
            if c.untrained.jersey != c.trained.jersey {
                errors.push(loc.err(
                    &c.id,
                    "trained.jersey",
                    format!(
                        "both sides carry the same Jersey number: untrained has {:?}",
                        c.untrained.jersey
                    ),
                ));
            }
            if c.untrained.task != c.trained.task {
                errors.push(loc.err(
                    &c.id,
                    "trained.task",
                    "both sides of a regular Player or Veteran have the same Task",
                ));
            }
        } else {
            let u = &c.untrained;
            if u.task != Task::Defence
                || u.strength != 1
                || u.hire_cost != 1
                || !u.abilities.is_empty()
                || u.zones.len() != 9
            {
                errors.push(loc.err(
                    &c.id,
                    "untrained",
                    "every Untrained Youngster is cost 1, defence, all 9 Zones, Strength 1, no effect",
                ));
            }
            if c.trained.task == Task::Goalkeeper {
                errors.push(loc.err(&c.id, "trained.task", "no Youngster becomes a Goalkeeper"));
            }
        }
    }
}

pub(super) fn check_staff(loc: &Located, cards: &[StaffCard], errors: &mut Vec<DataError>) {
    count_is(loc, "Staff cards", cards.len(), 36, errors);
    count_is(
        loc,
        "First Trainers",
        cards.iter().filter(|c| c.first_trainer).count(),
        4,
        errors,
    );
    let mut set_vp: HashMap<StaffSet, &Vec<u32>> = HashMap::new();
    for c in cards {
        let id = c.id.as_str();
        prefix(loc, id, &["staff"], errors);
        not_empty(loc, id, "name", &c.name, errors);
        not_empty(loc, id, "profession", &c.profession, errors);
        if c.first_trainer {
            range(loc, id, "hire_cost", c.hire_cost.into(), 0, 0, errors);
        } else {
            range(loc, id, "hire_cost", c.hire_cost.into(), 1, 4, errors);
        }
        range(loc, id, "min_players", c.min_players.into(), 1, 4, errors);
        if c.colour != c.set.colour() {
            errors.push(loc.err(
                id,
                "colour",
                format!("the {:?} set is {:?}", c.set, c.set.colour()).to_lowercase(),
            ));
        }
        if c.set_vp.is_empty() || c.set_vp.windows(2).any(|w| w[0] > w[1]) {
            errors.push(loc.err(id, "set_vp", "needs one or more values, never decreasing"));
        }
        match set_vp.get(&c.set) {
            Some(v) if **v != c.set_vp => errors.push(loc.err(
                id,
                "set_vp",
                format!("every card of the set prints the same values: {v:?}"),
            )),
            Some(_) => {}
            None => {
                set_vp.insert(c.set, &c.set_vp);
            }
        }
        for (i, b) in c.abilities.iter().enumerate() {
            let field = nth("abilities", i, c.abilities.len());
            check_block(loc, id, &field, b, &CLUB_TIMINGS, errors);
        }
    }
}

pub(super) fn check_sponsors(loc: &Located, cards: &[SponsorCard], errors: &mut Vec<DataError>) {
    count_is(loc, "Sponsor cards", cards.len(), 36, errors);
    for c in cards {
        let id = c.id.as_str();
        prefix(loc, id, &["sponsor"], errors);
        not_empty(loc, id, "front.name", &c.front.name, errors);
        not_empty(loc, id, "back.name", &c.back.name, errors);
        for (field, blocks) in [
            ("front.one_off", &c.front.one_off),
            ("front.adboard", &c.front.adboard),
            ("front.kit", &c.front.kit),
            ("front.bonus", &c.front.bonus),
        ] {
            if blocks.is_empty() {
                errors.push(loc.err(id, field, "needs an effect block"));
            }
            for (i, b) in blocks.iter().enumerate() {
                check_block(
                    loc,
                    id,
                    &nth(field, i, blocks.len()),
                    b,
                    &[Timing::Bonus],
                    errors,
                );
            }
        }
    }
}

pub(super) fn check_tactics(loc: &Located, cards: &[TacticCard], errors: &mut Vec<DataError>) {
    count_is(loc, "Tactic cards", cards.len(), 12, errors);
    count_is(
        loc,
        "basic Tactics",
        cards.iter().filter(|c| c.basic).count(),
        4,
        errors,
    );
    for c in cards {
        let id = c.id.as_str();
        prefix(loc, id, &["tactic"], errors);
        not_empty(loc, id, "name", &c.name, errors);
        let want = if c.basic { 2 } else { 1 };
        if c.formations.len() != want {
            errors.push(loc.err(
                id,
                "formations",
                format!(
                    "a {} Tactic has {want} Formation(s), found {}",
                    if c.basic { "basic" } else { "advanced" },
                    c.formations.len()
                ),
            ));
        }
        for f in &c.formations {
            check_formation(loc, id, f, errors);
        }
        match (c.basic, c.abilities.len()) {
            (true, 0) | (false, 1) => {}
            (true, _) => errors.push(loc.err(id, "abilities", "a basic Tactic has no effect")),
            (false, _) => {
                errors.push(loc.err(id, "abilities", "an advanced Tactic has one effect"))
            }
        }
        for (i, b) in c.abilities.iter().enumerate() {
            let field = nth("abilities", i, c.abilities.len());
            check_block(loc, id, &field, b, &[Timing::DuringMatch], errors);
        }
    }
}

pub(super) fn check_formation(loc: &Located, id: &str, f: &Formation, errors: &mut Vec<DataError>) {
    for (name, v) in [
        ("defence", f.defence),
        ("midfield", f.midfield),
        ("forward", f.forward),
    ] {
        range(
            loc,
            id,
            &format!("formations.{name}"),
            v.into(),
            1,
            5,
            errors,
        );
    }
    let sum = u16::from(f.defence) + u16::from(f.midfield) + u16::from(f.forward);
    if sum != 10 {
        errors.push(loc.err(
            id,
            "formations",
            format!("{}: the three lines hold 10 markers, found {sum}", f.name),
        ));
    }
    let name = format!("{}-{}-{}", f.defence, f.midfield, f.forward);
    if f.name != name {
        errors.push(loc.err(
            id,
            "formations.name",
            format!("`{}` does not match its lines ({name})", f.name),
        ));
    }
}

pub(super) fn check_objectives(
    loc: &Located,
    cards: &[ObjectiveCard],
    errors: &mut Vec<DataError>,
) {
    count_is(loc, "Objective cards", cards.len(), 12, errors);
    for c in cards {
        let id = c.id.as_str();
        prefix(loc, id, &["objective"], errors);
        not_empty(loc, id, "name", &c.name, errors);
        check_condition(loc, id, "goal", &c.goal, true, errors);
        check_condition(loc, id, "perfect", &c.perfect, true, errors);
        range(loc, id, "vp", c.vp.into(), 1, 5, errors);
        range(loc, id, "perfect_vp", c.perfect_vp.into(), 0, 5, errors);
    }
}

pub(super) fn check_directors(loc: &Located, cards: &[DirectorCard], errors: &mut Vec<DataError>) {
    count_is(loc, "Director cards", cards.len(), 16, errors);
    for c in cards {
        let id = c.id.as_str();
        prefix(loc, id, &["director"], errors);
        not_empty(loc, id, "name", &c.name, errors);
        let mut faces: Vec<u8> = c
            .votes
            .yellow
            .iter()
            .chain(&c.votes.blue)
            .chain(&c.votes.red)
            .copied()
            .collect();
        faces.sort_unstable();
        if faces != [1, 2, 3, 4, 5, 6] {
            errors.push(loc.err(
                id,
                "votes",
                format!("the three lists must share out the faces 1-6 once each, found {faces:?}"),
            ));
        }
        for (s, v) in &c.stats {
            if !(-2..=2).contains(v) || *s == Stat::Any {
                errors.push(loc.err(
                    id,
                    "stats",
                    format!("{} must be a track moved by -2..2, found {v}", s.title()),
                ));
            }
        }
        if c.abilities.is_empty() || c.abilities.len() > 2 {
            errors.push(loc.err(id, "abilities", "a Director has 1-2 ability blocks"));
        }
        for (i, b) in c.abilities.iter().enumerate() {
            let field = nth("abilities", i, c.abilities.len());
            check_block(loc, id, &field, b, &CLUB_TIMINGS, errors);
        }
    }
}

pub(super) fn check_boards(loc: &Located, cards: &[BoardMeetingCard], errors: &mut Vec<DataError>) {
    count_is(loc, "Board Meeting cards", cards.len(), 36, errors);
    let timings = [
        Timing::Bonus,
        Timing::BeforeMatch,
        Timing::DuringMatch,
        Timing::AfterMatch,
    ];
    for c in cards {
        let id = c.id.as_str();
        prefix(loc, id, &["board"], errors);
        not_empty(loc, id, "name", &c.name, errors);
        for (field, blocks) in [("yellow", &c.yellow), ("blue", &c.blue), ("red", &c.red)] {
            if blocks.is_empty() {
                errors.push(loc.err(id, field, "every decision needs an effect block"));
            }
            for (i, b) in blocks.iter().enumerate() {
                check_block(loc, id, &nth(field, i, blocks.len()), b, &timings, errors);
            }
        }
    }
}

pub(super) fn check_line(
    loc: &Located,
    id: &str,
    name: &str,
    line: &OpponentLine,
    errors: &mut Vec<DataError>,
) {
    if line.centre.is_empty() || line.centre.len() > 3 {
        errors.push(loc.err(
            id,
            &format!("{name}.centre"),
            format!(
                "a central Zone holds 1-3 players, found {}",
                line.centre.len()
            ),
        ));
    }
    for (flank, list) in [("left", &line.left), ("right", &line.right)] {
        if list.len() > 1 {
            errors.push(loc.err(
                id,
                &format!("{name}.{flank}"),
                format!("a wing Zone holds at most 1 player, found {}", list.len()),
            ));
        }
    }
    for (flank, list) in [
        ("left", &line.left),
        ("centre", &line.centre),
        ("right", &line.right),
    ] {
        for p in list {
            if p.task == Task::Goalkeeper {
                errors.push(loc.err(
                    id,
                    &format!("{name}.{flank}"),
                    "an outfield player is attack or defence",
                ));
            }
            range(
                loc,
                id,
                &format!("{name}.{flank}"),
                p.strength.into(),
                0,
                4,
                errors,
            );
        }
    }
}

pub(super) fn check_opponents(loc: &Located, file: &OpponentsFile, errors: &mut Vec<DataError>) {
    count_is(loc, "Opponent dice", file.die.len(), 3, errors);
    count_is(loc, "Opponent clubs", file.club.len(), 16, errors);
    count_is(loc, "Opponent cards", file.card.len(), 64, errors);
    let mut colours = HashSet::new();
    for d in &file.die {
        if !colours.insert(d.colour) {
            errors.push(loc.file(format!("two dice are {:?}", d.colour).to_lowercase()));
        }
        if d.faces.len() != 6 || d.faces.iter().any(|f| ![0, 1, 3].contains(f)) {
            errors.push(loc.file(format!(
                "the {:?} die needs 6 faces of 0, 1 or 3, found {:?}",
                d.colour, d.faces
            )));
        }
    }
    let mut clubs: HashMap<&str, &OpponentClub> = HashMap::new();
    for c in &file.club {
        not_empty(loc, &c.id, "name", &c.name, errors);
        if clubs.insert(c.id.as_str(), c).is_some() {
            errors.push(loc.err(&c.id, "id", "two clubs share this id"));
        }
        if !colours.contains(&c.die) {
            errors.push(loc.err(&c.id, "die", "no [[die]] of this colour"));
        }
    }
    for div in Division::ALL {
        let n = file.club.iter().filter(|c| c.division == div).count();
        if n != 4 {
            errors.push(loc.file(format!(
                "Opponent deck {} needs 4 clubs, found {n}",
                div.label()
            )));
        }
    }
    let mut per_club: BTreeMap<&str, usize> = BTreeMap::new();
    for c in &file.card {
        let id = c.id.as_str();
        prefix(loc, id, &["opponent"], errors);
        if !clubs.contains_key(c.club.as_str()) {
            errors.push(loc.err(id, "club", format!("no [[club]] with id `{}`", c.club)));
        }
        *per_club.entry(c.club.as_str()).or_insert(0) += 1;
        range(
            loc,
            id,
            "goalkeeper",
            c.goalkeeper.strength.into(),
            0,
            4,
            errors,
        );
        range(
            loc,
            id,
            "goalkeeper",
            c.goalkeeper.saves.into(),
            1,
            3,
            errors,
        );
        for line in Line::ALL {
            check_line(loc, id, line.key(), c.line(line), errors);
        }
        let counts = (c.defence.len(), c.midfield.len(), c.forward.len());
        match Formation::parse(&c.formation) {
            Some(f)
                if (
                    usize::from(f.defence),
                    usize::from(f.midfield),
                    usize::from(f.forward),
                ) == counts => {}
            _ => errors.push(loc.err(
                id,
                "formation",
                format!(
                    "`{}` must be \"D-M-F\" equal to the lines ({}-{}-{})",
                    c.formation, counts.0, counts.1, counts.2
                ),
            )),
        }
    }
    for (club, n) in per_club {
        if n != 4 {
            errors.push(loc.file(format!("club `{club}` needs 4 cards, found {n}")));
        }
    }
}
