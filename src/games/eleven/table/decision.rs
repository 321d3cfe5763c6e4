//! The decision column of the season table: the draft, the Objective
//! offer, the Board Meeting, the Day's actions and the main buttons of
//! the moment, and a question the engine asks while an effect resolves.

use super::*;
use crate::games::eleven::season::EffectChoice;
use egui::Button;

impl SeasonBoard {
    pub(super) fn decision(
        &mut self,
        ui: &mut egui::Ui,
        session: &SeasonSession,
        view: &SeasonView,
    ) {
        let Some(seat) = self.asking(session) else {
            if view.phase == Phase::Over {
                ui.label(RichText::new("Final Scoring").strong().color(GOLD));
                ui.label(RichText::new("The scores are on the table.").color(DIM));
            } else {
                ui.label(RichText::new("Waiting…").color(DIM));
                if let Some(s) = session.actor() {
                    ui.label(
                        RichText::new(format!("{} decides.", session.name(s)))
                            .color(seat_colour(s)),
                    );
                }
            }
            return;
        };
        let Some(me) = view.clubs.get(seat.index()).cloned() else {
            return;
        };
        if let Some(q) = &view.question {
            self.asking = None;
            let from = match q.source.as_str() {
                "" => String::new(),
                "Maintenance" => "Maintenance".to_string(),
                id => name_of(session, id),
            };
            self.question(ui, session, seat, &from, &q.choice);
            return;
        }
        let generation = session.generation();
        if self
            .asking
            .as_ref()
            .is_some_and(|a| a.seat != seat || a.generation != generation)
        {
            self.asking = None;
        }
        if let Some(asking) = self.asking.as_mut() {
            match asking.show(ui) {
                Some(Answer::Confirm(action)) => {
                    self.asking = None;
                    self.act(seat, action);
                }
                Some(Answer::Cancel) => self.asking = None,
                None => {}
            }
            return;
        }
        match view.phase {
            Phase::Draft(_) => {
                heading(ui, "Director draft");
                ui.label(
                    RichText::new("Keep one; the rest pass on. Hover a card to enlarge it.")
                        .color(DIM),
                );
                let hand = me.director_hand.clone().unwrap_or_default();
                for (k, id) in hand.iter().enumerate() {
                    let title = name_of(session, id);
                    let text = self.director_text(id, session);
                    if self.offer(ui, session, id, (&title, &text), format!("Keep {title}"), k) {
                        self.act(seat, Action::Draft(k));
                    }
                }
            }
            Phase::Objective => {
                heading(ui, "Your Objective");
                ui.label(
                    RichText::new("Keep one, secret until it is met; the other goes back.")
                        .color(DIM),
                );
                let offer = me.objective_offer.clone().unwrap_or_default();
                for (k, id) in offer.iter().enumerate() {
                    let title = name_of(session, id);
                    let text = session
                        .game()
                        .config
                        .decks
                        .objectives
                        .iter()
                        .find(|o| &o.id == id)
                        .map(crate::games::eleven::layout::objective_text)
                        .unwrap_or_default();
                    let keep = format!("Keep the Objective {title}");
                    if self.offer(ui, session, id, (&title, &text), keep, k) {
                        self.act(seat, Action::KeepObjective(k));
                    }
                }
            }
            Phase::BoardMeeting => self.board_meeting(ui, session, &me),
            Phase::Day(_) => self.day_actions(ui, session, seat, view),
            Phase::Matchday => self.matchday(ui, session, seat, &me),
            Phase::Wipe => {
                heading(ui, "End of the Week (solo)");
                ui.label(
                    RichText::new("Once a Week you may discard a whole row of the Transfer Area and deal it again.")
                        .color(DIM),
                );
                for (label, row) in [
                    ("Keep the Transfer Area", None),
                    ("Wipe the Player row", Some(Row::Players)),
                    ("Wipe the Staff row", Some(Row::Staff)),
                    ("Wipe the Sponsor row", Some(Row::Sponsors)),
                ] {
                    let b = ui.button(label);
                    let go = if row.is_none() {
                        seating::keyed(b, MAIN_KEY, "On to the next Week")
                    } else {
                        b.clicked()
                    };
                    if go {
                        self.act(seat, Action::Wipe(row));
                    }
                }
            }
            Phase::Over => {}
        }
    }

    /// A card on offer (the draft, the Objective): its printed face, its
    /// name and what it does in words, and the button that keeps it (the
    /// `k`-th also answers to its number key). Whether it was kept.
    fn offer(
        &self,
        ui: &mut egui::Ui,
        session: &SeasonSession,
        id: &str,
        (title, text): (&str, &str),
        keep: String,
        k: usize,
    ) -> bool {
        let mut kept = false;
        ui.horizontal_top(|ui| {
            self.face(ui, session, id, 112.0, None, &Lit::Plain);
            ui.vertical(|ui| {
                ui.label(RichText::new(title).strong().color(CHALK));
                if !text.is_empty() {
                    ui.label(
                        RichText::new(text)
                            .size(12.0)
                            .color(CHALK.gamma_multiply(0.85)),
                    );
                }
                let b = ui.button(keep.as_str());
                kept |= match KEEP_KEYS.get(k) {
                    Some(key) => seating::keyed(b, *key, &keep),
                    None => b.clicked(),
                };
            });
        });
        ui.add_space(6.0);
        kept
    }

    fn director_text(&self, id: &str, session: &SeasonSession) -> String {
        session
            .game()
            .config
            .decks
            .directors
            .iter()
            .find(|d| d.id == id)
            .map(|d| {
                let votes = |v: &[u8]| {
                    if v.is_empty() {
                        return "no face".to_string();
                    }
                    v.iter()
                        .map(|n| n.to_string())
                        .collect::<Vec<_>>()
                        .join(",")
                };
                format!(
                    "Votes yellow on {}, blue on {}, red on {}. {}",
                    votes(&d.votes.yellow),
                    votes(&d.votes.blue),
                    votes(&d.votes.red),
                    effect_text(&d.abilities)
                )
            })
            .unwrap_or_default()
    }

    fn board_meeting(
        &mut self,
        ui: &mut egui::Ui,
        session: &SeasonSession,
        me: &crate::games::eleven::season::view::ClubView,
    ) {
        heading(ui, "Monday: the Board Meeting");
        let decks = session.game().config.decks.clone();
        let Some(b) = &me.board else {
            ui.label("No Board Meeting this Week.");
            return;
        };
        let Some(card) = decks.board_meetings.get(b.card) else {
            return;
        };
        let seat = view_seat(me, session);
        let produced = session.events().iter().rev().find_map(|e| match e {
            crate::games::eleven::season::Event::Produced { seat: s, gained }
                if Some(*s) == seat =>
            {
                Some(*gained)
            }
            _ => None,
        });
        if let Some(g) = produced {
            let gained: Vec<String> = g
                .iter()
                .zip(RESOURCES)
                .map(|(n, r)| format!("{n} {r}"))
                .collect();
            ui.label(
                RichText::new(format!("Production paid: {}.", gained.join(", ")))
                    .color(DIM)
                    .size(12.0),
            );
        }
        ui.horizontal_top(|ui| {
            self.face(ui, session, &card.id, 96.0, None, &Lit::Plain);
            ui.vertical(|ui| {
                ui.label(RichText::new(&card.name).strong().color(CHALK));
                ui.label(RichText::new(&card.description).size(12.0).color(DIM));
            });
        });
        ui.label(
            RichText::new(format!("The die shows {}", b.roll))
                .size(18.0)
                .strong()
                .color(GOLD),
        );
        ui.label(format!(
            "The Directors vote: {} yellow, {} blue, {} red.",
            b.votes[0], b.votes[1], b.votes[2]
        ));
        for (colour, blocks) in [
            (Colour::Yellow, &card.yellow),
            (Colour::Blue, &card.blue),
            (Colour::Red, &card.red),
        ] {
            let chosen = colour == b.decision;
            let text = format!(
                "{}{}: {}",
                if chosen { "> " } else { "" },
                capital(colour_word(colour)),
                contract_text(blocks)
            );
            ui.label(
                RichText::new(text)
                    .size(12.0)
                    .color(if chosen { GOLD } else { DIM }),
            );
        }
        ui.label(
            RichText::new("Accept or reroll with the buttons below.")
                .size(12.0)
                .color(DIM),
        );
    }

    /// The Day's actions, grouped, each with its cost; illegal ones
    /// greyed out with the engine's reason.
    fn day_actions(
        &mut self,
        ui: &mut egui::Ui,
        session: &SeasonSession,
        seat: Seat,
        view: &SeasonView,
    ) {
        let options = session.game().options(seat);
        let c = seat.index();
        let Some(me) = view.clubs.get(c) else { return };
        // A letter arms its group (again: disarms), Escape disarms.
        let ctx = ui.ctx().clone();
        if seating::key_seat(session, &ctx) == Some(seat) && self.asking.is_none() {
            for (key, group) in DAY_KEYS {
                if key.pressed(&ctx) {
                    self.armed = (self.armed != Some(group)).then_some(group);
                }
            }
            if self.armed.is_some() && CANCEL_KEY.pressed(&ctx) {
                self.armed = None;
            }
        }
        let armed = self.armed;
        let mut counts = [0usize; 4];
        let mut chosen = None;
        let mut button = |ui: &mut egui::Ui,
                          group: Option<DayGroup>,
                          label: String,
                          hover: String,
                          ok: &Result<(), crate::games::eleven::season::SeasonError>,
                          action: &Action| {
            // `full|short`: the short text on the button, the full one for
            // screen readers and tests.
            let (full, mut shown) = match label.split_once('|') {
                Some((f, s)) => (f.to_string(), s.to_string()),
                None => (label.clone(), label),
            };
            // In the armed group each button shows the number that picks it.
            let number = group.and_then(|g| {
                let count = &mut counts[g as usize];
                *count += 1;
                let key = NUMBER_KEYS.get(*count - 1).copied();
                key.filter(|_| armed == Some(g)).map(|k| (k, *count))
            });
            if let Some((_, n)) = number {
                shown = format!("{n} {shown}");
            }
            let b = ui.add_enabled(ok.is_ok(), egui::Button::new(shown.as_str()).small());
            let enabled = ok.is_ok();
            b.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, enabled, &full));
            if number.is_some() && enabled {
                ui.painter().rect_stroke(
                    b.rect.expand(1.0),
                    3.0,
                    Stroke::new(1.0, GOLD),
                    egui::StrokeKind::Outside,
                );
            }
            let keyed = number.is_some_and(|(k, _)| {
                enabled
                    && seating::keys_free(&b.ctx)
                    && b.ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, k))
            });
            if keyed {
                chosen = Some((action.clone(), full.clone()));
            }
            match ok {
                Ok(()) => {
                    // A shortened button names the card in full on hover.
                    let hover = match (hover.is_empty(), shown == full) {
                        (true, true) => None,
                        (true, false) => Some(full.clone()),
                        (false, true) => Some(hover),
                        (false, false) => Some(format!("{full}\n{hover}")),
                    };
                    let b = match hover {
                        Some(h) => b.on_hover_text(h),
                        None => b,
                    };
                    if b.clicked() {
                        chosen = Some((action.clone(), full.clone()));
                    }
                }
                Err(e) => {
                    b.on_disabled_hover_text(format!("{full}: {}", sentence_of(&e.to_string())));
                }
            }
        };
        // Compact rows so a Day's choices fit a 1024x640 window: a short
        // caption on the left, the buttons (short names) on the right.
        ui.spacing_mut().item_spacing.y = 3.0;
        let caption = |ui: &mut egui::Ui, text: &str| {
            ui.label(RichText::new(text).color(DIM).size(12.0));
        };
        let decks = session.game().config.decks.clone();
        heading(ui, "Basic action (one a Day)");
        ui.horizontal_wrapped(|ui| {
            caption(ui, "Hire");
            for (a, ok) in &options {
                match a {
                    Action::HirePlayer(slot) => {
                        let id = view.players_row.get(*slot).cloned().flatten();
                        let Some(id) = id else { continue };
                        let cost = hire_cost(&decks, &id).unwrap_or(0);
                        let name = name_of(session, &id);
                        let label = format!("Hire {name} ({cost})|{} {cost}", short_name(&name));
                        button(ui, Some(DayGroup::Hire), label, String::new(), ok, a);
                    }
                    Action::HireYoungster => {
                        button(
                            ui,
                            Some(DayGroup::Hire),
                            "Hire the top Youngster|Youngster".into(),
                            String::new(),
                            ok,
                            a,
                        );
                    }
                    _ => {}
                }
            }
        });
        ui.horizontal_wrapped(|ui| {
            caption(ui, "Staff");
            for (a, ok) in &options {
                if let Action::HireStaff(slot) = a {
                    let Some(id) = view.staff_row.get(*slot).cloned().flatten() else {
                        continue;
                    };
                    let cost = hire_cost(&decks, &id).unwrap_or(0);
                    let name = name_of(session, &id);
                    let label = format!("Hire {name} ({cost})|{} {cost}", short_name(&name));
                    button(ui, Some(DayGroup::Hire), label, String::new(), ok, a);
                }
            }
        });
        ui.horizontal_wrapped(|ui| {
            caption(ui, "Build 3");
            for (a, ok) in &options {
                match a {
                    Action::Build(kind) => {
                        let title = kind.title();
                        // The first word: "Directors", not "Office".
                        let first = title.split_whitespace().next().unwrap_or(title);
                        let label = format!("Build {title}|{first}");
                        button(ui, Some(DayGroup::Build), label, String::new(), ok, a)
                    }
                    Action::BuildOffice => {
                        let cost = OFFICE_COST.get(usize::from(me.office)).copied();
                        let label = match cost {
                            Some(c) => format!("Office up ({c} Cash)|Office {c}"),
                            None => "Office up|Office".into(),
                        };
                        button(ui, Some(DayGroup::Build), label, String::new(), ok, a)
                    }
                    _ => {}
                }
            }
        });
        ui.horizontal_wrapped(|ui| {
            caption(ui, "Sell");
            for (a, ok) in &options {
                if let Action::Sell(i) = a {
                    let Some(p) = me.players.get(*i) else {
                        continue;
                    };
                    let cash = session.game().sale_value(c, *i).map_or(0, |v| v.0);
                    let name = name_of(session, &p.id);
                    let label = format!("Sell {name} (+{cash})|{} +{cash}", short_name(&name));
                    button(ui, Some(DayGroup::Sell), label, String::new(), ok, a);
                }
            }
        });
        ui.label(
            RichText::new(format!(
                "Card actions: as the Basic action, or Paid for {} Operation.",
                me.paid_action_cost
            ))
            .color(DIM)
            .size(12.0),
        );
        let mut cards: Vec<(String, Vec<&(Action, ActionCheck)>)> = Vec::new();
        for o in &options {
            let (a, _) = o;
            if let Action::CardAction { card, .. } = a {
                let id = match card {
                    CardRef::Staff(i) => me.staff.get(*i).map(|s| s.id.clone()),
                    CardRef::Director(i) => me
                        .directors
                        .as_ref()
                        .and_then(|d| d.get(*i))
                        .map(|d| d.id.clone()),
                };
                let Some(id) = id else { continue };
                // Cards without an action are left out rather than greyed.
                if !self.has_action(&id, session) {
                    continue;
                }
                match cards.iter_mut().find(|(k, _)| *k == id) {
                    Some((_, list)) => list.push(o),
                    None => cards.push((id, vec![o])),
                }
            }
        }
        // One row a card: its buttons, then its name.
        for (id, list) in &cards {
            let name = name_of(session, id);
            let text = self.action_text(id, session);
            ui.horizontal(|ui| {
                for &(a, ok) in list {
                    let paid = matches!(a, Action::CardAction { paid: true, .. });
                    let label = if paid {
                        format!(
                            "Use {name} (Paid, {} Operation)|Paid {}",
                            me.paid_action_cost, me.paid_action_cost
                        )
                    } else {
                        format!("Use {name}|Use")
                    };
                    button(ui, Some(DayGroup::Use), label, text.clone(), ok, a);
                }
                ui.add(egui::Label::new(RichText::new(&name).size(12.0).color(CHALK)).truncate());
            });
        }
        heading(ui, "Contract a Sponsor (Basic action)");
        // A row a Sponsor: its name, then its contracts.
        for slot in crate::games::eleven::season::state::MARKET_FROM
            ..crate::games::eleven::season::state::ROW
        {
            let Some(id) = view.sponsors_row.get(slot).cloned().flatten() else {
                continue;
            };
            let Some(card) = decks.sponsors.iter().find(|s| s.id == id) else {
                continue;
            };
            ui.horizontal_wrapped(|ui| {
                ui.label(RichText::new(&card.front.name).size(12.0).color(CHALK));
                for (a, ok) in &options {
                    let Action::ContractSponsor {
                        slot: s,
                        contract,
                        bonus,
                    } = a
                    else {
                        continue;
                    };
                    if *s != slot {
                        continue;
                    }
                    let (word, blocks) = match (contract, bonus) {
                        (Contract::OneOff, _) => ("One-off", &card.front.one_off),
                        (Contract::Adboard, true) => ("Bonus", &card.front.bonus),
                        (Contract::Adboard, false) => ("Adboard", &card.front.adboard),
                        (Contract::Kit, _) => ("Kit", &card.front.kit),
                    };
                    let label = format!("{word}: {}|{word}", card.front.name);
                    button(ui, None, label, contract_text(blocks), ok, a);
                }
            });
        }
        // The keys, and what the armed group waits for.
        let line = match self.armed {
            Some(g) => RichText::new(format!(
                "Keys: press the number to {}; Escape cancels.",
                g.words()
            ))
            .color(GOLD),
            None => {
                let groups: Vec<String> = DAY_KEYS
                    .iter()
                    .map(|(k, g)| format!("{} {}", k.name(), g.words()))
                    .collect();
                RichText::new(format!(
                    "Keys: {}, then the number; {} ends the Day.",
                    groups.join(" · "),
                    END_DAY_KEY.name()
                ))
                .color(DIM)
            }
        };
        ui.label(line.size(11.0));
        if let Some((a, label)) = chosen {
            self.armed = None;
            let title = label.strip_prefix("Use ").unwrap_or(&label).to_string();
            self.ask_or_act(seat, session, title, a);
        }
    }

    /// Sends `action`, or first asks its effect's choices when it has any.
    pub(super) fn ask_or_act(
        &mut self,
        seat: Seat,
        session: &SeasonSession,
        title: String,
        action: Action,
    ) {
        let generation = session.generation();
        match Asking::new(session.game(), seat, generation, title, action.clone()) {
            Some(asking) => self.asking = Some(asking),
            None => self.act(seat, action),
        }
    }

    /// The abilities of the Staff or Director card `id`.
    fn abilities_of<'s>(
        &self,
        id: &str,
        session: &'s SeasonSession,
    ) -> Option<&'s Vec<crate::games::eleven::effect::EffectBlock>> {
        let decks = &session.game().config.decks;
        decks
            .staff
            .iter()
            .find(|s| s.id == id)
            .map(|s| &s.abilities)
            .or_else(|| {
                decks
                    .directors
                    .iter()
                    .find(|d| d.id == id)
                    .map(|d| &d.abilities)
            })
    }

    /// Whether a Staff or Director card has an action.
    fn has_action(&self, id: &str, session: &SeasonSession) -> bool {
        self.abilities_of(id, session).is_some_and(|b| {
            b.iter()
                .any(|b| b.timing == crate::games::eleven::vocab::Timing::Action)
        })
    }

    /// The action text of a Staff or Director card.
    fn action_text(&self, id: &str, session: &SeasonSession) -> String {
        self.abilities_of(id, session)
            .map(|b| effect_text(b))
            .unwrap_or_default()
    }

    /// A button that sends `action` when legal, greyed with the engine's
    /// reason when not.
    /// `key` presses it too, named in its tooltip, unless a choices panel
    /// is open (its Confirm takes the keys then).
    fn action_button(
        &mut self,
        ui: &mut egui::Ui,
        session: &SeasonSession,
        seat: Seat,
        (label, key): (&str, Shortcut),
        action: Action,
    ) {
        let why = session.game().check(seat, &action).err();
        let b = ui.add_enabled(
            why.is_none(),
            egui::Button::new(RichText::new(label).size(16.0).strong()),
        );
        let go = if let Some(why) = why {
            b.on_disabled_hover_text(sentence_of(&why.to_string()));
            false
        } else if self.asking.is_some() {
            b.on_hover_text(key.hint(label)).clicked()
        } else {
            seating::keyed(b, key, label)
        };
        if go {
            let title = label.strip_prefix("Accept ").unwrap_or(label).to_string();
            self.ask_or_act(seat, session, title, action);
        }
    }

    /// The main buttons of the moment, in the bottom strip.
    pub(super) fn main_buttons(
        &mut self,
        ui: &mut egui::Ui,
        session: &SeasonSession,
        seat: Seat,
        view: &SeasonView,
    ) {
        let Some(me) = view.clubs.get(seat.index()) else {
            return;
        };
        match view.phase {
            Phase::BoardMeeting => {
                if let Some(b) = &me.board {
                    let label = format!("Accept the {} decision", colour_word(b.decision));
                    let accept = Action::AcceptBoard { picks: Vec::new() };
                    self.action_button(ui, session, seat, (&label, MAIN_KEY), accept);
                }
                let label = format!("Reroll the die (1 Fan Base, {} held)", me.res[1]);
                self.action_button(ui, session, seat, (&label, REROLL_KEY), Action::RerollBoard);
            }
            Phase::Day(_) => {
                let end = ui.add(egui::Button::new(RichText::new("End the Day").size(16.0)));
                let what = "Your turn ends; the next manager plays";
                if seating::keyed(end, END_DAY_KEY, what) {
                    self.act(seat, Action::EndTurn);
                }
            }
            Phase::Matchday if me.pending.is_some() && self.replaying(session, seat) => {
                let b = ui.add(egui::Button::new(
                    RichText::new("Skip to full time").size(16.0).strong(),
                ));
                if seating::keyed(b, MAIN_KEY, "The Match's end and its consequence") {
                    self.skip_replay();
                }
            }
            Phase::Matchday if me.pending.is_some() => {
                let accept = ("Accept the consequence", MAIN_KEY);
                let action = self.resolve_action(me);
                self.action_button(ui, session, seat, accept, action);
                let label = format!("Reroll the consequence (1 Fan Base, {} held)", me.res[1]);
                self.action_button(
                    ui,
                    session,
                    seat,
                    (&label, REROLL_KEY),
                    Action::RerollConsequence,
                );
            }
            Phase::Matchday => {
                if let Some(plan) = self.plan.plan(session.game(), seat) {
                    let play = ("Play the Match", MAIN_KEY);
                    self.action_button(ui, session, seat, play, Action::PlayMatch(Box::new(plan)));
                }
            }
            _ => {}
        }
    }

    /// A question the engine asks while an effect resolves: its words and
    /// a button per answer, the engine's choice edged in gold.
    fn question(
        &mut self,
        ui: &mut egui::Ui,
        session: &SeasonSession,
        seat: Seat,
        from: &str,
        q: &EffectChoice,
    ) {
        heading(ui, "A question");
        if !from.is_empty() {
            ui.label(RichText::new(format!("From {from}")).color(GOLD));
        }
        ui.label(RichText::new(&q.question).color(CHALK));
        ui.label(
            RichText::new("The effect waits for your answer; the gold one is the engine's choice.")
                .size(12.0)
                .color(DIM),
        );
        ui.add_space(4.0);
        for (k, (value, words)) in q.options.iter().enumerate() {
            let suggested = *value == q.default;
            let mut b = Button::new(RichText::new(words).color(CHALK));
            if suggested {
                b = b.stroke(Stroke::new(1.5, GOLD));
            }
            // A card just drawn shows its face beside its answer.
            let r = ui
                .horizontal(|ui| {
                    if let Some(id) = q.cards.get(k) {
                        self.tile(ui, session, id, None);
                    }
                    ui.add(b)
                })
                .inner;
            let full = format!("{} {words}", q.question);
            r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &full));
            if r.clicked() {
                self.act(seat, Action::Answer(*value));
            }
        }
    }

    /// The dock's button for the engine's answer to a question (Enter).
    pub(super) fn answer_button(&mut self, ui: &mut egui::Ui, seat: Seat, q: &EffectChoice) {
        let Some((value, words)) = q.options.iter().find(|(v, _)| *v == q.default) else {
            return;
        };
        let b = ui.button(RichText::new(format!("Answer: {words}")).strong());
        if seating::keyed(b, MAIN_KEY, "The engine's choice") {
            self.act(seat, Action::Answer(*value));
        }
    }
}
