//! The board: each opponent's pitch on one line, its header and squad
//! tags, the cards on it, and the piles.

use super::*;

impl BookedTable {
    /// The pitch cards a click acts on now, each with its action: the
    /// legal targets of the selected hand card (a Yellow, a Red, a
    /// referee aimed at a player, SUBSTITUTION's card going off, or the
    /// cards a tackle would send back), or the cards a tackled manager may
    /// pick up. `None` when no pitch card is a target: nothing is dimmed.
    pub(super) fn pitch_targets(
        &self,
        view: &BookedView,
        actions: &[Action],
    ) -> Option<Vec<(CardId, Action)>> {
        let mut out: Vec<(CardId, Action)> = Vec::new();
        let mut aiming = false;
        for a in actions {
            match *a {
                Action::PickUp { card } => {
                    aiming = true;
                    out.push((card, *a));
                }
                Action::Yellow { card, target } | Action::Red { card, target }
                    if self.selected == Some(card) =>
                {
                    aiming = true;
                    out.push((target, *a));
                }
                Action::PlayReferee {
                    card,
                    target: RefTarget::Player(t),
                } if self.selected == Some(card) => {
                    aiming = true;
                    out.push((t, *a));
                }
                Action::PlayReferee {
                    card,
                    target: RefTarget::Swap { out: off, .. },
                } if self.selected == Some(card) => {
                    aiming = true;
                    // One entry per card going off: the first card coming on
                    // the engine allows (the Substitute… menu offers the rest).
                    if !out.iter().any(|(c, _)| *c == off) {
                        out.push((off, *a));
                    }
                }
                Action::Tackle { card, victim } if self.selected == Some(card) => {
                    aiming = true;
                    let nation = match view.cards.card(card) {
                        Some(Card::Player { nation, .. }) => nation,
                        _ => continue,
                    };
                    for p in view.pitch(victim) {
                        if p.counts_as(&view.cards).is_some_and(|(n, _)| n == nation) {
                            out.push((p.card, *a));
                        }
                    }
                }
                _ => {}
            }
        }
        aiming.then_some(out)
    }

    /// One manager's pitch: a header (name, who plays it, hand size, what
    /// is special about them) and the cards grouped by nation on one line,
    /// each group with its progress towards a Starting 7; when they do not
    /// fit the width, the cards fan out, then shrink. `targets` (see
    /// [`Self::pitch_targets`]) are outlined and clickable, every other
    /// card dimmed. Returns the action of a clicked target.
    pub(super) fn pitch_row(
        &mut self,
        ui: &mut egui::Ui,
        session: &Session,
        view: &BookedView,
        s: Seat,
        card_h: f32,
        targets: Option<&[(CardId, Action)]>,
    ) -> Option<Action> {
        let is_current = view.current == s;
        let acting_now = session.actor() == Some(s) && view.step != Step::Over;
        let lit = is_current || acting_now;
        let frame = Frame::NONE
            .fill(FELT_DARK)
            .corner_radius(6.0)
            .inner_margin(6.0)
            .stroke(Stroke::new(
                if lit { 2.0 } else { 1.0 },
                if lit { GOLD } else { seat_colour(s) },
            ));
        let mut clicked = None;
        frame.show(ui, |ui| {
            ui.set_width(ui.available_width());
            let squads = view.squads(s);
            let acting = session.human_actor().is_some();
            let actions = session.human_actions();
            let tackle = self
                .selected
                .filter(|_| acting)
                .map(|card| Action::Tackle { card, victim: s });
            let tackle = tackle.filter(|t| actions.contains(t));
            // Fit the cards to the width: whole cards when they fit, else
            // fanned with a part of each in sight, else smaller. Each
            // nation's tag stands before its cards while every card is
            // whole so; a fuller pitch lists the tags in its header instead
            // and gives the cards the whole width.
            let cards: usize = squads.iter().map(|q| q.cards.len()).sum();
            let tags = squads.iter().filter(|q| q.nation.is_some()).count() as f32;
            let button = if tackle.is_some() { 110.0 } else { 0.0 };
            let aspect = self.painter.aspect();
            let beside_width = ui.available_width() - tags * TAG_WIDTH - button;
            let beside = cards as f32 * (card_h * aspect + 2.0) <= beside_width;
            let width = if beside {
                beside_width
            } else {
                ui.available_width() - 6.0 * squads.len() as f32 - button
            };
            let in_header: &[Squad] = if beside { &[] } else { &squads };
            self.pitch_header(ui, session, view, s, in_header);
            let mut h = card_h;
            let mut step = h * aspect + 2.0;
            if cards > 1 && cards as f32 * step > width {
                step = (width - h * aspect) / (cards - 1) as f32;
                if step < h * aspect * FAN_SHOWN {
                    let w = width / (1.0 + FAN_SHOWN * (cards - 1) as f32);
                    h = stepped(w / aspect).max(HEIGHT_STEP * 6.0);
                    step = (width - h * aspect) / (cards - 1) as f32;
                }
            }
            self.painter.set_height(h);
            ui.horizontal(|ui| {
                ui.set_min_height(card_h);
                if squads.is_empty() {
                    ui.label(
                        RichText::new("empty pitch")
                            .color(CHALK.gamma_multiply(0.5))
                            .italics(),
                    );
                }
                for squad in &squads {
                    ui.spacing_mut().item_spacing.x = 4.0;
                    if beside {
                        self.squad_tag(ui, view, squad);
                    }
                    ui.spacing_mut().item_spacing.x = (step - h * aspect).min(2.0);
                    for p in &squad.cards {
                        clicked = clicked.or(self.pitch_card(ui, session, view, p, targets));
                    }
                    ui.add_space(6.0);
                }
                ui.spacing_mut().item_spacing.x = 4.0;
                if let Some(t) = tackle
                    && ui
                        .button(RichText::new("Tackle here").color(ALERT).strong())
                        .on_hover_text(self.describe(session, &t))
                        .clicked()
                {
                    clicked = Some(t);
                }
            });
        });
        clicked
    }

    /// A pitch's header line: the name, whose turn, who plays it, the hand
    /// size and what is special about the manager now.
    pub(super) fn pitch_header(
        &self,
        ui: &mut egui::Ui,
        session: &Session,
        view: &BookedView,
        s: Seat,
        tags: &[Squad],
    ) {
        let is_current = view.current == s;
        let acting_now = session.actor() == Some(s) && view.step != Step::Over;
        ui.horizontal(|ui| {
            ui.label(
                RichText::new(session.name(s))
                    .strong()
                    .color(seat_colour(s))
                    .size(15.0),
            );
            // Whose turn it is and who must answer, in words as well as
            // the gold frame.
            if is_current && view.step != Step::Over {
                ui.label(RichText::new("▶ TURN").color(GOLD).strong().size(13.0))
                    .on_hover_text("Whose turn it is");
            }
            if acting_now && !is_current {
                ui.label(
                    RichText::new("⚡ TO ANSWER")
                        .color(GOLD)
                        .strong()
                        .size(13.0),
                )
                .on_hover_text("Deciding now");
            }
            let who = match session.manager(s).map(|m| m.controller) {
                Some(Controller::Bot(b)) => format!("bot ({})", b.key()),
                _ => "human".to_string(),
            };
            ui.label(
                RichText::new(who)
                    .color(CHALK.gamma_multiply(0.7))
                    .size(12.0),
            );
            ui.label(
                RichText::new(format!(
                    "hand {}",
                    view.hand_sizes.get(s.index()).copied().unwrap_or(0)
                ))
                .color(CHALK),
            );
            if view.walls.get(s.index()).copied().unwrap_or(false) {
                ui.label(RichText::new("THE WALL").color(GOLD).strong())
                    .on_hover_text(
                        "Cannot be tackled or shown Yellow or Red until their next turn",
                    );
            }
            if let Some(Some(n)) = view.claims.get(s.index()) {
                ui.label(
                    RichText::new(format!("claims {}", view.cards.nation_code(*n))).color(CHALK),
                );
            }
            if view.skips.get(s.index()).copied().unwrap_or(0) > 0 {
                ui.label(RichText::new("misses next turn").color(ALERT));
            }
            if let Some(Some(nation)) = view.legal_sevens.get(s.index()) {
                ui.label(
                    RichText::new(format!("legal 7 ({})", view.cards.nation_code(*nation)))
                        .color(GOLD)
                        .strong(),
                );
            }
            let off = view.sent_off.get(s.index()).copied().unwrap_or(0);
            if off > 0 {
                ui.label(
                    RichText::new(format!("{off} sent off"))
                        .color(ALERT)
                        .size(12.0),
                );
            }
            // The nations' tags, when the cards below need the room: as
            // many as fit, the rest named on hover.
            let tagged: Vec<&Squad> = tags.iter().filter(|q| q.nation.is_some()).collect();
            for (i, squad) in tagged.iter().enumerate() {
                let rest = tagged.len() - i;
                if ui.available_width() < TAG_WIDTH + if rest > 1 { 36.0 } else { 0.0 } {
                    let names = tagged[i..]
                        .iter()
                        .filter_map(|q| {
                            q.nation
                                .map(|n| format!("{} {}/7", view.cards.nation_code(n), q.filled))
                        })
                        .collect::<Vec<_>>()
                        .join(", ");
                    ui.label(RichText::new(format!("+{rest}")).color(CHALK).size(13.0))
                        .on_hover_text(names);
                    break;
                }
                self.squad_tag(ui, view, squad);
            }
        });
    }

    /// The tag before a nation's cards: its code and how many of the seven
    /// slots it fills ("GER 4/7"); the slots one by one on hover.
    pub(super) fn squad_tag(&self, ui: &mut egui::Ui, view: &BookedView, squad: &Squad) {
        let Some(nation) = squad.nation else {
            return;
        };
        let code = view.cards.nation_code(nation);
        let done = squad.filled == 7;
        let slots = Position::ALL
            .iter()
            .map(|p| {
                format!(
                    "{p} {}/{}",
                    squad.slots[p.index()].min(p.needed()),
                    p.needed()
                )
            })
            .collect::<Vec<_>>()
            .join(" · ");
        Frame::NONE
            .fill(if done { GOLD } else { FELT })
            .corner_radius(4.0)
            .inner_margin(egui::Margin::symmetric(4, 2))
            .show(ui, |ui| {
                ui.label(
                    RichText::new(format!("{code} {}/7", squad.filled))
                        .strong()
                        .size(13.0)
                        .color(if done { FELT_DARK } else { CHALK }),
                )
            })
            .inner
            .on_hover_text(format!(
                "{}: {} of the 7 slots of a Starting 7 ({slots})",
                view.cards.nation_name(nation),
                squad.filled
            ));
    }

    /// One card on a pitch, with its booking (or the Yellow or Red on its
    /// way to it), outlined when it is a target, dimmed when others are.
    /// Returns the target's action when it was clicked.
    pub(super) fn pitch_card(
        &self,
        ui: &mut egui::Ui,
        session: &Session,
        view: &BookedView,
        p: &OnPitch,
        targets: Option<&[(CardId, Action)]>,
    ) -> Option<Action> {
        let target = targets.and_then(|t| t.iter().find(|(c, _)| *c == p.card).map(|(_, a)| *a));
        let shown = view.stack.iter().rev().find_map(|item| match item.play {
            Play::Yellow { target } if target == p.card && !item.cancelled => Some(Shown::Yellow),
            Play::Red { target } if target == p.card && !item.cancelled => Some(Shown::Red),
            _ => None,
        });
        let look = CardLook {
            highlighted: target.is_some(),
            dimmed: targets.is_some() && target.is_none(),
            booked: p.yellow.is_some(),
            shown,
            stand_in: p.stand_in,
        };
        let resp = self.painter.card(ui, p.card, look);
        let resp = match &target {
            Some(Action::PickUp { .. }) => {
                self.painter
                    .hover(resp, p.card, "Click to pick this card up")
            }
            Some(a) => self.painter.hover(
                resp,
                p.card,
                format!("Click: {}", self.describe(session, a)),
            ),
            None => self
                .painter
                .hover(resp, p.card, self.painter.describe(p.card)),
        };
        target.filter(|_| resp.clicked())
    }

    /// The deck, the discard pile and the stack of cards awaiting answers;
    /// returns a draw when one was clicked.
    pub(super) fn piles(
        &mut self,
        ui: &mut egui::Ui,
        view: &BookedView,
        actions: &[Action],
        card_h: f32,
    ) -> Option<Action> {
        let mut clicked = None;
        self.painter.set_height(card_h);
        ui.vertical(|ui| {
            ui.label(RichText::new(format!("Deck {}", view.deck_count)).color(CHALK));
            let can = actions.contains(&Action::DrawDeck);
            let resp = self.painter.back(ui, can);
            if resp.clicked() && can {
                clicked = Some(Action::DrawDeck);
            }
            resp.on_hover_text(format!(
                "Draw from the deck ({})",
                key_of(&Action::DrawDeck)
            ));
        });
        ui.vertical(|ui| {
            ui.label(RichText::new(format!("Discard {}", view.discard_count)).color(CHALK));
            match view.discard_top {
                Some(top) => {
                    let can = actions.contains(&Action::DrawDiscard);
                    let look = CardLook {
                        highlighted: can,
                        ..CardLook::default()
                    };
                    let resp = self.painter.card(ui, top, look);
                    let resp = self.painter.hover(
                        resp,
                        top,
                        format!(
                            "{} — draw it ({})",
                            self.painter.describe(top),
                            key_of(&Action::DrawDiscard)
                        ),
                    );
                    if resp.clicked() && can {
                        clicked = Some(Action::DrawDiscard);
                    }
                }
                None => {
                    ui.label("empty");
                }
            }
        });
        if !view.stack.is_empty() {
            ui.vertical(|ui| {
                ui.label(RichText::new("On the stack").color(GOLD));
                ui.horizontal(|ui| {
                    for item in &view.stack {
                        let look = CardLook {
                            dimmed: item.cancelled,
                            ..CardLook::default()
                        };
                        let resp = self.painter.card(ui, item.card, look);
                        self.painter.hover(
                            resp,
                            item.card,
                            format!(
                                "{}{}",
                                self.painter.describe(item.card),
                                if item.cancelled { " (cancelled)" } else { "" }
                            ),
                        );
                    }
                });
            });
        }
        clicked
    }
}
