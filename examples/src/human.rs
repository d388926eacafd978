//! A person at a seat: their view, a numbered list of their legal actions,
//! and an answer read from a terminal or a script.

use std::fmt::Write as _;
use std::io::{self, BufRead};

use dice_core::{Game, Seat, Viewer};

use crate::output::Output;
use crate::playable::PlayableGame;

/// How wide the list of actions may run.
const LINE_WIDTH: usize = 96;

/// Asks the person at `seat` for one of `legal`, drawing `state` as their
/// view shows it, until they answer with an action's number or its text
/// ([`Game::action_from_text`]). Whatever else they type gets a one-line
/// reason (for an illegal action, the rule it breaks) and the question
/// again; `?` shows the table and the list again. `None` when the input
/// ends first.
///
/// # Errors
/// When the input cannot be read.
pub fn ask<G: PlayableGame>(
    state: &G,
    seat: Seat,
    legal: &[G::Action],
    input: &mut dyn BufRead,
    out: &mut Output<'_>,
) -> io::Result<Option<G::Action>> {
    let texts: Vec<String> = legal.iter().map(|a| state.action_text(a)).collect();
    let show = |out: &mut Output<'_>| {
        out.line(&format!("\nseat {seat}, your turn"));
        out.line(G::draw(&state.view(Viewer::Seat(seat))).trim_end());
        out.line("your actions:");
        out.line(&numbered(&texts));
    };
    show(out);
    let mut answer = String::new();
    loop {
        out.prompt(&format!("seat {seat}> "));
        answer.clear();
        if input.read_line(&mut answer)? == 0 {
            // Nothing typed ends the prompt's line: end it here.
            out.line("");
            return Ok(None);
        }
        let text = answer.trim();
        out.answer(text);
        match choose(state, legal, text) {
            Ok(action) => return Ok(Some(action)),
            Err(None) => show(out),
            Err(Some(reason)) => out.line(&reason),
        }
    }
}

/// The action `text` names: a number from the list or an action's text;
/// `Err(None)` asks for the list again, `Err(Some(reason))` says why the
/// answer is no action.
fn choose<G: Game>(
    state: &G,
    legal: &[G::Action],
    text: &str,
) -> Result<G::Action, Option<String>> {
    let count = legal.len();
    if text == "?" {
        return Err(None);
    }
    if text.is_empty() {
        return Err(Some(format!(
            "answer with a number from 1 to {count} or an action as listed (? lists them again)"
        )));
    }
    if let Ok(number) = text.parse::<usize>() {
        return number
            .checked_sub(1)
            .and_then(|index| legal.get(index))
            .copied()
            .ok_or_else(|| Some(format!("there is no action {number}: answer 1 to {count}")));
    }
    let action = state
        .action_from_text(text)
        .map_err(|e| Some(e.to_string()))?;
    if legal.contains(&action) {
        return Ok(action);
    }
    Err(Some(match state.check(&action) {
        Err(rule) => format!("illegal: {rule}"),
        Ok(()) => format!("\"{text}\" is not one of your actions (? lists them)"),
    }))
}

/// The items numbered from 1, in as many columns as fit, read down each
/// column.
fn numbered(items: &[String]) -> String {
    let digits = items.len().to_string().len();
    let labels: Vec<String> = items
        .iter()
        .zip(1..)
        .map(|(text, number)| format!("{number:>digits$}. {text}"))
        .collect();
    let width = labels.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    let columns = LINE_WIDTH
        .checked_div(width.saturating_add(4))
        .unwrap_or(1)
        .clamp(1, labels.len().max(1));
    let rows = labels.len().div_ceil(columns).max(1);
    let mut out = String::new();
    for row in 0..rows {
        let mut line =
            labels
                .iter()
                .skip(row)
                .step_by(rows)
                .fold(String::new(), |mut line, label| {
                    let _ = write!(line, "  {label:<width$}");
                    line
                });
        line.truncate(line.trim_end().len());
        out.push_str(&line);
        out.push('\n');
    }
    out.truncate(out.trim_end().len());
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use dice_core::pig::{Pig, PigAction, PigConfig};

    fn opening() -> (Pig, Vec<PigAction>) {
        let game = Pig::new(&PigConfig::default()).unwrap();
        let mut legal = Vec::new();
        game.legal_actions(&mut legal);
        (game, legal)
    }

    #[test]
    fn an_answer_is_a_number_or_an_action_as_text() {
        let (game, legal) = opening();
        assert_eq!(choose(&game, &legal, "1"), Ok(PigAction::Roll));
        assert_eq!(choose(&game, &legal, "roll"), Ok(PigAction::Roll));
        assert_eq!(choose(&game, &legal, "?"), Err(None));
    }

    #[test]
    fn a_bad_answer_gets_one_line_saying_why() {
        let (game, legal) = opening();
        let reason = |text| choose(&game, &legal, text).unwrap_err().unwrap();
        assert_eq!(reason("0"), "there is no action 0: answer 1 to 1");
        assert_eq!(reason("2"), "there is no action 2: answer 1 to 1");
        assert_eq!(
            reason("fold"),
            "\"fold\" is not an action: expected \"roll\" or \"hold\""
        );
        assert_eq!(
            reason("hold"),
            "illegal: hold: you must roll at least once this turn"
        );
        assert!(reason("").starts_with("answer with a number from 1 to 1"));
        assert!(!reason("hold").contains('\n'));
    }

    #[test]
    fn the_list_reads_down_columns_that_fit_the_line() {
        let items: Vec<String> = (0..12).map(|i| format!("action {i}")).collect();
        let text = numbered(&items);
        assert!(text.lines().all(|l| l.chars().count() <= LINE_WIDTH));
        let first = text.lines().next().unwrap();
        assert!(first.starts_with("   1. action 0"), "{text}");
        assert!(text.contains("12. action 11"));
        assert_eq!(numbered(&["roll".to_string()]), "  1. roll");
    }
}
