//! `smashup` through its binary, for the tests that type a whole session into it
//! (`tests/play_cli.rs`, `tests/table_cli.rs`, `tests/play_flags.rs`,
//! `tests/streams.rs`): the command run in a folder of the test's, with its own data
//! folder there too, so that nothing the user keeps (a remembered `--codes`, an
//! autosave) reaches a test or is changed by one.

use assert_cmd::Command;
use std::path::Path;

/// `smashup` run in `dir`, its data folder `dir/data`, colour left to the flags.
pub fn smashup(dir: &Path) -> Command {
    let mut cmd = Command::cargo_bin("smashup").unwrap();
    cmd.current_dir(dir)
        .env("XDG_DATA_HOME", dir.join("data"))
        .env_remove("NO_COLOR");
    cmd
}

/// `smashup COMMAND --autosave AUTOSAVE` run in `dir` (`play` or `table`); more
/// arguments may follow.
pub fn session(dir: &Path, command: &str, autosave: &str) -> Command {
    let mut cmd = smashup(dir);
    cmd.args([command, "--autosave", autosave]);
    cmd
}

/// Runs `cmd` with `input` typed: its standard output, after checking it exited well
/// (its standard error shown when not).
pub fn stdout_of(cmd: &mut Command, input: impl Into<Vec<u8>>) -> String {
    let out = cmd.write_stdin(input).output().unwrap();
    assert!(
        out.status.success(),
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}
