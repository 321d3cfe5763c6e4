//! `touchline completions SHELL`: the shell's completion script, made from
//! the same clap definitions as `--help`, so it never falls behind.

use anyhow::Result;
use clap::Args;
use std::process::ExitCode;

/// Arguments of `touchline completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

/// The completion script for `shell`.
pub fn script(shell: clap_complete::Shell) -> Vec<u8> {
    let mut command = super::Cli::command_with_games();
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut command, "touchline", &mut out);
    out
}

/// Prints the completion script on standard output.
pub fn run(args: &CompletionsArgs) -> Result<ExitCode> {
    super::write_out(&script(args.shell));
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory as _;
    use clap_complete::Shell;

    /// Every command appears in every shell's script, so a command added
    /// to the command line is completed without another step.
    #[test]
    fn every_shell_completes_every_command() {
        let command = super::super::Cli::command();
        let names: Vec<&str> = command.get_subcommands().map(|c| c.get_name()).collect();
        assert!(
            names.contains(&"desktop") && names.contains(&"open"),
            "{names:?}"
        );
        for shell in [
            Shell::Bash,
            Shell::Zsh,
            Shell::Fish,
            Shell::Elvish,
            Shell::PowerShell,
        ] {
            let text = String::from_utf8(script(shell)).unwrap_or_default();
            for name in &names {
                assert!(text.contains(name), "{shell}: no `{name}` in\n{text}");
            }
        }
        let bash = String::from_utf8(script(Shell::Bash)).unwrap_or_default();
        assert!(bash.contains("complete -F _touchline"), "{bash}");
        // The nested commands are completed too.
        assert!(bash.contains("uninstall"), "{bash}");
    }
}
