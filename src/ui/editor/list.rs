//! The Cards tab's card list: search, filter, sort and add.

use super::*;

impl EditorScreen {
    pub(super) fn cards_tab(&mut self, ui: &mut egui::Ui) {
        let deck = match &self.deck {
            Ok(d) => d,
            Err(e) => {
                let e = e.clone();
                egui::CentralPanel::default().show(ui, |ui| {
                    ui.label(
                        RichText::new("This deck cannot be opened")
                            .color(ALERT)
                            .size(18.0),
                    );
                    ui.label(RichText::new(e).color(ALERT));
                    ui.label("Fix the file in a text editor; nothing has been changed on disk.");
                });
                return;
            }
        };
        // The list is rebuilt only when the deck or the filters change.
        let key = (
            self.generation,
            self.search.clone(),
            self.kind,
            self.group.clone(),
            self.filter.clone(),
            self.sort,
        );
        if self.list_cache.0.as_ref() != Some(&key) {
            self.list_cache = (Some(key), self.visible_records(deck));
        }
        let records = self.list_cache.1.clone();
        let issues: Vec<crate::editor::Issue> = self
            .checked
            .as_ref()
            .map(|c| c.issues.clone())
            .unwrap_or_default();
        egui::Panel::left("card-list")
            .resizable(true)
            .default_size(330.0)
            .show(ui, |ui| self.list(ui, &records, &issues));
        egui::Panel::right("preview")
            .resizable(true)
            .default_size(360.0)
            .show(ui, |ui| self.preview(ui));
        egui::Panel::bottom("problems")
            .resizable(true)
            .default_size(120.0)
            .show(ui, |ui| self.problems(ui, &issues));
        egui::CentralPanel::default().show(ui, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| self.form(ui, &issues));
        });
    }

    pub(super) fn visible_records(&self, deck: &Deck) -> Vec<(RecordId, String)> {
        let needle = self.search.to_lowercase();
        let mut out: Vec<(RecordId, String)> = deck
            .records()
            .into_iter()
            .filter(|r| deck.collection(r).is_some_and(|c| c.listed))
            .filter(|r| self.kind.is_none_or(|k| r.collection == k))
            .filter(|r| {
                self.group.as_ref().is_none_or(|g| {
                    let p = deck.parent(r).unwrap_or_else(|| r.clone());
                    deck.schema().collections[p.collection]
                        .key
                        .is_some_and(|k| deck.text(&p, k) == *g)
                })
            })
            .filter(|r| {
                self.filter
                    .as_ref()
                    .is_none_or(|(k, v)| deck.text(r, k) == *v)
            })
            .map(|r| {
                let c = &deck.schema().collections[r.collection];
                let group = deck
                    .parent(&r)
                    .and_then(|p| {
                        let k = deck.schema().collections[p.collection].key?;
                        Some(format!("{} ", deck.text(&p, k)))
                    })
                    .unwrap_or_default();
                let label = format!("{} · {group}{}", c.label, deck.title(&r));
                (r, label)
            })
            .filter(|(r, label)| {
                needle.is_empty()
                    || label.to_lowercase().contains(&needle)
                    || deck
                        .fields(r)
                        .iter()
                        .any(|(_, v)| v.to_lowercase().contains(&needle))
            })
            .collect();
        match self.sort {
            Sort::Deck => {}
            Sort::Title => out.sort_by_key(|(r, _)| deck.title(r)),
            Sort::Kind => out.sort_by_key(|(r, _)| r.collection),
        }
        out
    }

    pub(super) fn list(
        &mut self,
        ui: &mut egui::Ui,
        records: &[(RecordId, String)],
        issues: &[crate::editor::Issue],
    ) {
        let Ok(deck) = &self.deck else { return };
        let schema = deck.schema();
        ui.add_space(4.0);
        let search = ui.label("Search");
        ui.add(
            egui::TextEdit::singleline(&mut self.search)
                .hint_text("name, number, text…")
                .desired_width(f32::INFINITY),
        )
        .labelled_by(search.id);
        ui.horizontal_wrapped(|ui| {
            egui::ComboBox::from_label("Kind")
                .selected_text(
                    self.kind
                        .map_or("all kinds", |k| schema.collections[k].label),
                )
                .show_ui(ui, |ui| {
                    ui.selectable_value(&mut self.kind, None, "all kinds");
                    for (i, c) in schema.collections.iter().enumerate() {
                        if c.listed {
                            ui.selectable_value(&mut self.kind, Some(i), c.label);
                        }
                    }
                });
            // Group by a parent collection's key (a nation, a club).
            if let Some((pi, pc)) = schema.collections.iter().enumerate().find(|(i, c)| {
                c.key.is_some()
                    && schema
                        .collections
                        .iter()
                        .enumerate()
                        .any(|(j, cj)| cj.listed && schema.parent_of(j) == Some(*i))
            }) {
                let key = pc.key.unwrap_or_default();
                let groups: Vec<String> = deck
                    .records_of(pi)
                    .iter()
                    .map(|r| deck.text(r, key))
                    .collect();
                egui::ComboBox::from_label(pc.label)
                    .selected_text(self.group.clone().unwrap_or_else(|| "all".into()))
                    .show_ui(ui, |ui| {
                        ui.selectable_value(&mut self.group, None, "all");
                        for g in groups {
                            ui.selectable_value(&mut self.group, Some(g.clone()), g);
                        }
                    });
            }
            for c in schema.collections {
                for key in c.filters {
                    let Some(FieldSpec {
                        kind: FieldKind::Choice(options),
                        label,
                        ..
                    }) = c.field(key)
                    else {
                        continue;
                    };
                    let current = self
                        .filter
                        .as_ref()
                        .filter(|(k, _)| k == key)
                        .map(|(_, v)| v.clone());
                    egui::ComboBox::new(("filter", *key), *label)
                        .selected_text(current.unwrap_or_else(|| "any".into()))
                        .show_ui(ui, |ui| {
                            if ui.selectable_label(false, "any").clicked() {
                                self.filter = None;
                            }
                            for o in *options {
                                if ui.selectable_label(false, *o).clicked() {
                                    self.filter = Some((key, (*o).to_string()));
                                }
                            }
                        });
                }
            }
            egui::ComboBox::from_label("Sort")
                .selected_text(match self.sort {
                    Sort::Deck => "deck order",
                    Sort::Title => "by name",
                    Sort::Kind => "by kind",
                })
                .show_ui(ui, |ui| {
                    ui.selectable_value(&mut self.sort, Sort::Deck, "deck order");
                    ui.selectable_value(&mut self.sort, Sort::Title, "by name");
                    ui.selectable_value(&mut self.sort, Sort::Kind, "by kind");
                });
        });
        let sel = self.selected.clone();
        let growable = sel
            .as_ref()
            .and_then(|s| deck.collection(s))
            .is_some_and(|c| c.growable());
        ui.horizontal(|ui| {
            if ui
                .add_enabled(sel.is_some(), egui::Button::new("Add"))
                .on_hover_text("A new card of the selected card's kind")
                .clicked()
                && let Some(s) = &sel
            {
                self.add_like(s);
            }
            if ui
                .add_enabled(growable, egui::Button::new("Duplicate"))
                .clicked()
                && let Some(s) = &sel
                && let Ok(d) = &mut self.deck
                && let Some(new) = d.duplicate(s)
            {
                self.selected = Some(new);
                self.changed();
            }
            if ui
                .add_enabled(growable, egui::Button::new("Delete"))
                .clicked()
                && let Some(s) = &sel
                && let Ok(d) = &mut self.deck
                && d.delete(s)
            {
                self.selected = None;
                self.changed();
            }
        });
        ui.label(
            RichText::new(format!("{} shown", records.len()))
                .color(DIM)
                .size(11.0),
        );
        ui.separator();
        let Ok(deck) = &self.deck else { return };
        // A problem in an ability or an op marks its card.
        let marked: HashSet<RecordId> = issues
            .iter()
            .filter_map(|i| i.record.as_ref().map(|r| deck.listed(r)))
            .collect();
        let mut clicked = None;
        egui::ScrollArea::vertical()
            .auto_shrink([false, false])
            .show_rows(ui, 20.0, records.len(), |ui, range| {
                for (id, label) in &records[range] {
                    let bad = marked.contains(id);
                    let qty = deck
                        .quantity(id)
                        .map_or_else(String::new, |q| format!("  ×{q}"));
                    let text =
                        RichText::new(format!("{}{label}{qty}", if bad { "⚠ " } else { "" }))
                            .color(if bad { ALERT } else { CHALK });
                    if ui
                        .selectable_label(self.selected.as_ref() == Some(id), text)
                        .clicked()
                    {
                        clicked = Some(id.clone());
                    }
                }
            });
        if let Some(c) = clicked {
            self.select(c);
        }
    }

    pub(super) fn add_like(&mut self, like: &RecordId) {
        let Ok(d) = &mut self.deck else { return };
        let schema = d.schema();
        let parent = d.parent(like);
        let new = match schema.collections[like.collection].location {
            crate::editor::Location::Table(_) => {
                // A nation's first player, or nothing to add.
                let child = (0..schema.collections.len())
                    .find(|j| schema.parent_of(*j) == Some(like.collection));
                child.and_then(|j| d.add(j, Some(like)))
            }
            _ => d.add(like.collection, parent.as_ref()),
        };
        match new {
            Some(n) => {
                self.selected = Some(n);
                self.changed();
            }
            None => {
                // A group (a nation) gets a new member.
                let child = (0..schema.collections.len())
                    .find(|j| schema.parent_of(*j) == Some(like.collection));
                if let Some(n) = child.and_then(|j| d.add(j, Some(like))) {
                    self.selected = Some(n);
                    self.changed();
                }
            }
        }
    }
}
