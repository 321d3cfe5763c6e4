//! The typed form of one card, its nested lists and the deck's problems.

use super::*;

impl EditorScreen {
    pub(super) fn form(&mut self, ui: &mut egui::Ui, issues: &[crate::editor::Issue]) {
        let Some(id) = self.selected.clone() else {
            ui.label(RichText::new("Pick a card in the list").color(DIM));
            return;
        };
        let Ok(deck) = &self.deck else { return };
        if !deck.exists(&id) {
            self.selected = None;
            return;
        }
        let Some(c) = deck.collection(&id) else {
            return;
        };
        ui.label(
            RichText::new(format!("{} · {}", c.label, deck.title(&id)))
                .size(20.0)
                .color(GOLD),
        );
        if let Some(q) = deck.quantity(&id) {
            ui.label(RichText::new(format!("{q} in the deck")).color(DIM));
        }
        ui.add_space(6.0);
        self.record_body(ui, &id, issues, 0);
        if let Some(parent) = self.deck.as_ref().ok().and_then(|d| d.parent(&id)) {
            let Ok(deck) = &self.deck else { return };
            let members = deck
                .records_of(id.collection)
                .iter()
                .filter(|r| deck.parent(r).as_ref() == Some(&parent))
                .count();
            let pc = deck.collection(&parent).map_or("", |c| c.label);
            ui.add_space(10.0);
            ui.separator();
            ui.label(
                RichText::new(format!("{pc}: shared by its {members} cards"))
                    .color(GOLD)
                    .size(16.0),
            );
            self.fields(ui, &parent, pc, issues, None);
        }
        if !c.art.is_empty() {
            ui.add_space(10.0);
            ui.separator();
            let Ok(deck) = &self.deck else { return };
            let rel = deck.expand(&id, c.art);
            let exists = self
                .source
                .dir
                .as_ref()
                .is_some_and(|d| d.join(&rel).is_file());
            ui.horizontal(|ui| {
                ui.label("Picture");
                ui.label(
                    RichText::new(if exists {
                        rel.clone()
                    } else {
                        format!("{rel} (none yet: the card shows its placeholder)")
                    })
                    .color(DIM),
                );
            });
            if ui.button("Choose picture…").clicked() {
                self.ask(
                    Ask::Open("Pictures", &["png", "jpg", "jpeg"]),
                    Purpose::Art(id.clone()),
                );
            }
        }
    }

    /// A record's fields in groups (a side of a double-sided card, a
    /// cost, a condition), each followed by the records nested under it
    /// (its abilities, their ops); empty optional fields wait in a menu.
    pub(super) fn record_body(
        &mut self,
        ui: &mut egui::Ui,
        id: &RecordId,
        issues: &[crate::editor::Issue],
        depth: usize,
    ) {
        let Ok(deck) = &self.deck else { return };
        let visible = self.visible_fields(deck, id);
        let hidden: Vec<&'static FieldSpec> = deck
            .fields(id)
            .into_iter()
            .filter(|(f, _)| !visible.iter().any(|v| v.key == f.key))
            .map(|(f, _)| f)
            .collect();
        let mut groups: Vec<&'static str> = Vec::new();
        for f in &visible {
            let g = group_of(f.key);
            if !groups.contains(&g) {
                groups.push(g);
            }
        }
        let mut done: Vec<usize> = Vec::new();
        for g in groups {
            if !g.is_empty() {
                ui.add_space(4.0);
                let heading = RichText::new(title_case(g)).color(GOLD);
                ui.label(if depth == 0 {
                    heading.size(16.0)
                } else {
                    heading.size(12.0)
                });
            }
            self.fields(ui, id, "", issues, Some(g));
            // A side's abilities follow the side; a block's ops come last.
            if !g.is_empty() {
                self.nested(ui, id, issues, depth, Some(g), &mut done);
            }
        }
        if !hidden.is_empty() {
            let mut open = None;
            ui.menu_button(RichText::new("+ More fields").size(12.0), |ui| {
                for f in &hidden {
                    if ui.button(f.label).on_hover_text(f.help).clicked() {
                        open = Some(f.key);
                        ui.close();
                    }
                }
            });
            if let Some(k) = open {
                self.shown.insert((id.clone(), k));
            }
        }
        // What the loader says about the record but no field shows.
        let Ok(deck) = &self.deck else { return };
        let shown_keys: Vec<&str> = self
            .visible_fields(deck, id)
            .iter()
            .map(|f| f.key)
            .collect();
        for i in issues.iter().filter(|i| i.record.as_ref() == Some(id)) {
            let at_field = i
                .error
                .field
                .as_deref()
                .is_some_and(|f| shown_keys.iter().any(|k| names_field(f, k)));
            if !at_field {
                let what = i.error.field.as_deref().unwrap_or("card");
                ui.label(RichText::new(format!("{what}: {}", i.error.message)).color(ALERT));
            }
        }
        self.nested(ui, id, issues, depth, None, &mut done);
    }

    /// The fields of a record the form shows: all but the optional ones
    /// that are empty and not opened for typing.
    pub(super) fn visible_fields(&self, deck: &Deck, id: &RecordId) -> Vec<&'static FieldSpec> {
        deck.fields(id)
            .into_iter()
            .filter(|(f, v)| {
                !v.is_empty()
                    || !deck.optional(id, f)
                    || self.shown.contains(&(id.clone(), f.key))
                    || self.drafts.contains_key(&(id.clone(), f.key))
            })
            .map(|(f, _)| f)
            .collect()
    }

    /// The records nested in `id` (abilities, ops...), each in a frame with
    /// its own fields and a Remove button, and an Add button per kind.
    /// `group`: only the kinds whose array sits in that group (`trained`
    /// for `trained.abilities`); `None`: the rest. `done` lists the kinds
    /// already drawn.
    pub(super) fn nested(
        &mut self,
        ui: &mut egui::Ui,
        id: &RecordId,
        issues: &[crate::editor::Issue],
        depth: usize,
        group: Option<&str>,
        done: &mut Vec<usize>,
    ) {
        let Ok(deck) = &self.deck else { return };
        let schema = deck.schema();
        let Some(c) = deck.collection(id) else { return };
        let tag = c.variant.map(|v| deck.text(id, v.tag)).unwrap_or_default();
        for child in schema.children_of(id.collection) {
            let cc = &schema.collections[child];
            let Location::Nested { key, .. } = cc.location else {
                continue;
            };
            if cc.listed || done.contains(&child) || !c.uses(key, &tag) {
                continue;
            }
            if group.is_some_and(|g| group_of(key) != g) {
                continue;
            }
            done.push(child);
            let Ok(deck) = &self.deck else { return };
            let kids: Vec<RecordId> = deck
                .children(id)
                .into_iter()
                .filter(|r| r.collection == child)
                .collect();
            ui.add_space(4.0);
            let mut add = false;
            ui.horizontal(|ui| {
                ui.label(
                    RichText::new(format!("{} ({})", plural(cc.label), kids.len()))
                        .color(GOLD)
                        .size(if depth == 0 { 15.0 } else { 12.0 }),
                );
                add = ui
                    .small_button(format!("Add {}", cc.label.to_lowercase()))
                    .clicked();
            });
            let mut remove = None;
            for (n, kid) in kids.iter().enumerate() {
                egui::Frame::group(ui.style())
                    .inner_margin(6.0)
                    .show(ui, |ui| {
                        ui.horizontal(|ui| {
                            let title =
                                self.deck.as_ref().map(|d| d.title(kid)).unwrap_or_default();
                            // A record with nothing to title it (an option)
                            // is titled by its kind, said once.
                            let heading = if title == cc.label {
                                format!("{} {}", cc.label, n + 1)
                            } else {
                                format!("{} {} · {title}", cc.label, n + 1)
                            };
                            ui.label(RichText::new(heading).color(DIM).size(11.0));
                            if ui
                                .small_button("Remove")
                                .on_hover_text(format!("Remove this {}", cc.label.to_lowercase()))
                                .clicked()
                            {
                                remove = Some(kid.clone());
                            }
                        });
                        self.record_body(ui, kid, issues, depth + 1);
                    });
            }
            let Ok(d) = &mut self.deck else { return };
            let mut changed = false;
            if add && let Some(new) = d.add(child, Some(id)) {
                // A new block starts with one op to fill in.
                let first = d.schema().children_of(child).into_iter().find(|j| {
                    let cj = &d.schema().collections[*j];
                    let Location::Nested { key, .. } = cj.location else {
                        return false;
                    };
                    !cj.listed
                        && d.collection(&new).is_some_and(|nc| {
                            let t = nc.variant.map(|v| d.text(&new, v.tag)).unwrap_or_default();
                            nc.uses(key, &t)
                        })
                });
                if let Some(j) = first {
                    d.add(j, Some(&new));
                }
                changed = true;
            }
            if let Some(r) = remove
                && d.delete(&r)
            {
                self.drafts.clear();
                changed = true;
            }
            if changed {
                self.changed();
            }
        }
    }

    /// The inputs of one record's fields; `prefix` labels a parent's;
    /// `group` keeps the fields of one group (see [`group_of`]).
    pub(super) fn fields(
        &mut self,
        ui: &mut egui::Ui,
        id: &RecordId,
        prefix: &str,
        issues: &[crate::editor::Issue],
        group: Option<&str>,
    ) {
        let Ok(deck) = &self.deck else { return };
        let visible = self.visible_fields(deck, id);
        let fields: Vec<(&'static FieldSpec, String, bool)> = deck
            .fields(id)
            .into_iter()
            .filter(|(f, _)| visible.iter().any(|v| v.key == f.key))
            .filter(|(f, _)| group.is_none_or(|g| group_of(f.key) == g))
            .map(|(f, v)| {
                let optional = deck.optional(id, f);
                (f, v, optional)
            })
            .collect();
        if fields.is_empty() {
            return;
        }
        let mut edits: Vec<(&'static str, String)> = Vec::new();
        egui::Grid::new(("fields", id.collection, id.path.clone(), group))
            .num_columns(3)
            .spacing([10.0, 6.0])
            .show(ui, |ui| {
                for (spec, current, optional) in fields {
                    let label = if prefix.is_empty() {
                        spec.label.to_string()
                    } else {
                        format!("{prefix} {}", spec.label)
                    };
                    let l = ui.label(&label);
                    let draft_key = (id.clone(), spec.key);
                    let (mut text, typed_error) = match self.drafts.get(&draft_key) {
                        Some((t, e)) => (t.clone(), Some(e.clone())),
                        None => (current.clone(), None),
                    };
                    let before = text.clone();
                    let salt = (id.clone(), spec.key);
                    match spec.kind {
                        FieldKind::Text { multiline, .. } => {
                            // Sized outright: a grid cell would otherwise
                            // keep a text box as narrow as its first row.
                            if multiline {
                                ui.add_sized(
                                    [340.0, 70.0],
                                    egui::TextEdit::multiline(&mut text).desired_rows(3),
                                )
                            } else {
                                ui.add_sized([340.0, 20.0], egui::TextEdit::singleline(&mut text))
                            }
                            .labelled_by(l.id);
                        }
                        FieldKind::Int { min, max } => {
                            ui.add_sized([80.0, 20.0], egui::TextEdit::singleline(&mut text))
                                .labelled_by(l.id)
                                .on_hover_text(format!("{min}-{max}"));
                        }
                        FieldKind::NumberOr { min, max, words } => {
                            ui.add_sized([80.0, 20.0], egui::TextEdit::singleline(&mut text))
                                .labelled_by(l.id)
                                .on_hover_text(format!("{min}-{max} or {}", words.join(", ")));
                        }
                        FieldKind::Bool if !optional => {
                            let mut b = text == "true";
                            ui.checkbox(&mut b, "").labelled_by(l.id);
                            text = b.to_string();
                        }
                        FieldKind::Bool => {
                            choice_box(ui, salt, &mut text, &["true", "false"], true, l.id);
                        }
                        FieldKind::Choice(options) => {
                            choice_box(ui, salt, &mut text, options, optional, l.id);
                        }
                        FieldKind::Set(options) => {
                            let mut picked: Vec<String> = text
                                .split(',')
                                .map(|s| s.trim().to_string())
                                .filter(|s| !s.is_empty())
                                .collect();
                            let mut changed = false;
                            // Three to a row: the Zones lie as on the pitch.
                            ui.vertical(|ui| {
                                for row in options.chunks(3) {
                                    ui.horizontal(|ui| {
                                        for o in row {
                                            let mut on = picked.iter().any(|p| p == o);
                                            if ui
                                                .checkbox(&mut on, o.replace('_', " "))
                                                .on_hover_text(*o)
                                                .changed()
                                            {
                                                changed = true;
                                                if on {
                                                    picked.push((*o).to_string());
                                                } else {
                                                    picked.retain(|p| p != o);
                                                }
                                            }
                                        }
                                    });
                                }
                            })
                            .response
                            .labelled_by(l.id);
                            if changed {
                                // Written in the order of the choices.
                                let ordered: Vec<&str> = options
                                    .iter()
                                    .copied()
                                    .filter(|o| picked.iter().any(|p| p == o))
                                    .collect();
                                text = ordered.join(", ");
                            }
                        }
                        FieldKind::List(_) => {
                            ui.add_sized([340.0, 20.0], egui::TextEdit::singleline(&mut text))
                                .labelled_by(l.id)
                                .on_hover_text("Values separated by commas");
                        }
                        FieldKind::Toml => {
                            ui.add_sized(
                                [340.0, 60.0],
                                egui::TextEdit::multiline(&mut text)
                                    .code_editor()
                                    .desired_rows(3),
                            )
                            .labelled_by(l.id);
                        }
                        FieldKind::Color => {
                            ui.horizontal(|ui| {
                                let mut rgb = crate::cards::Rgb::parse(&text)
                                    .map(|c| [c.0, c.1, c.2])
                                    .unwrap_or([128, 128, 128]);
                                if ui.color_edit_button_srgb(&mut rgb).changed() {
                                    text = crate::cards::Rgb(rgb[0], rgb[1], rgb[2]).to_string();
                                }
                                ui.add_sized([90.0, 20.0], egui::TextEdit::singleline(&mut text))
                                    .labelled_by(l.id);
                            });
                        }
                        FieldKind::Art => {
                            ui.add_sized([340.0, 20.0], egui::TextEdit::singleline(&mut text))
                                .labelled_by(l.id);
                        }
                    }
                    // Beside the field: what is wrong with what was typed,
                    // else what the loader says about this field, else help.
                    let loader_error = issues.iter().find(|i| {
                        i.record.as_ref() == Some(id)
                            && i.error
                                .field
                                .as_deref()
                                .is_some_and(|f| names_field(f, spec.key))
                    });
                    // Problems wrap; help too long for the form is cut
                    // short and shown whole on hover.
                    match (typed_error, loader_error) {
                        (Some(e), _) => {
                            ui.add(egui::Label::new(RichText::new(e).color(ALERT)).wrap());
                        }
                        (None, Some(i)) => {
                            let text = RichText::new(&i.error.message).color(ALERT);
                            ui.add(egui::Label::new(text).wrap());
                        }
                        _ => {
                            let help = RichText::new(spec.help).color(DIM).size(11.0);
                            ui.add(egui::Label::new(help).truncate());
                        }
                    }
                    ui.end_row();
                    if text != before {
                        edits.push((spec.key, text));
                    }
                }
            });
        for (key, text) in edits {
            let Ok(deck) = &mut self.deck else { return };
            match deck.set(id, key, &text) {
                Ok(()) => {
                    self.drafts.remove(&(id.clone(), key));
                    self.changed();
                }
                Err(e) => {
                    self.drafts.insert((id.clone(), key), (text, e));
                }
            }
        }
    }

    pub(super) fn problems(&mut self, ui: &mut egui::Ui, issues: &[crate::editor::Issue]) {
        self.check_print();
        if issues.is_empty() {
            ui.label(
                RichText::new("✔ The deck is valid: it can be played and printed.").color(GOLD),
            );
        } else {
            ui.label(
                RichText::new(format!(
                    "{} problem(s): a game cannot start with this deck until they are fixed",
                    issues.len()
                ))
                .color(ALERT),
            );
        }
        let mut jump = None;
        let mut jump_card = None;
        egui::ScrollArea::vertical().show(ui, |ui| {
            for i in issues {
                let text = i.error.to_string();
                match &i.record {
                    Some(r) => {
                        if ui.link(text).on_hover_text("Show this card").clicked() {
                            jump = Some(r.clone());
                        }
                    }
                    None => {
                        ui.label(RichText::new(text).color(ALERT));
                    }
                }
            }
            jump_card = self.preview.problems.show(ui);
        });
        if let (Some(card), Ok(deck)) = (jump_card, &self.deck) {
            jump = jump.or_else(|| record_of_card(deck, &card));
        }
        if let Some(r) = jump {
            self.kind = None;
            self.group = None;
            self.filter = None;
            self.search.clear();
            self.select(r);
        }
    }
}

/// The record a printed card comes from: the one whose printed id is the
/// card's, else the closest whose id the card's starts with (a referee's
/// copies `var_review-1`, `var_review-2` are the record `var_review`).
pub(super) fn record_of_card(deck: &Deck, card: &str) -> Option<RecordId> {
    let mut best: Option<(usize, RecordId)> = None;
    for r in deck.records() {
        let Some(c) = deck.collection(&r).filter(|c| !c.print_id.is_empty()) else {
            continue;
        };
        let want = deck.expand(&r, c.print_id);
        let score = if want == card {
            usize::MAX
        } else if card
            .strip_prefix(want.as_str())
            .is_some_and(|rest| rest.starts_with('-'))
        {
            want.len()
        } else {
            continue;
        };
        if best.as_ref().is_none_or(|(s, _)| score > *s) {
            best = Some((score, r));
        }
    }
    best.map(|(_, r)| r)
}

/// A drop-down of `options` (with an empty entry when `optional`).
pub(super) fn choice_box(
    ui: &mut egui::Ui,
    salt: (RecordId, &'static str),
    text: &mut String,
    options: &[&str],
    optional: bool,
    label: egui::Id,
) {
    egui::ComboBox::from_id_salt(("choice", salt))
        .selected_text(if text.is_empty() {
            "—".to_string()
        } else {
            text.clone()
        })
        .show_ui(ui, |ui| {
            if optional {
                ui.selectable_value(text, String::new(), "—");
            }
            for o in options {
                ui.selectable_value(text, (*o).to_string(), *o);
            }
        })
        .response
        .labelled_by(label);
}

/// The group a field belongs to: the first part of a dotted key
/// (`trained` for `trained.strength`), `""` for a plain key.
pub(super) fn group_of(key: &str) -> &str {
    key.split_once('.').map_or("", |(g, _)| g)
}

/// Whether a loader error's field (`trained.abilities.timing`) names the
/// field `key` of a record (`timing`).
pub(super) fn names_field(error_field: &str, key: &str) -> bool {
    error_field == key
        || error_field
            .strip_suffix(key)
            .is_some_and(|rest| rest.ends_with('.'))
}

/// `one_off` as a heading: `One off`.
pub(super) fn title_case(key: &str) -> String {
    let words = key.replace('_', " ");
    let mut chars = words.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// A label as a heading over several (`Ops`, `Abilities`).
pub(super) fn plural(label: &str) -> String {
    if let Some(stem) = label.strip_suffix('y') {
        format!("{stem}ies")
    } else if label.ends_with('s') {
        label.to_string()
    } else {
        format!("{label}s")
    }
}
