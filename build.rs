//! Compiles every file of `cards/` into the binary, so that `smashup` runs from any
//! directory: writes `$OUT_DIR/embedded_cards.rs`, a sorted list of (file name, contents).

use std::{env, fs, path::Path};

fn main() {
    // Read at run time: `env!` would bake in the folder the build script was compiled in.
    let manifest = env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let dir = Path::new(&manifest).join("cards");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut files: Vec<_> = fs::read_dir(&dir)
        .expect("cards/ folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    files.sort();
    let mut out = String::from("/// Every card file, as (file name, contents), sorted by name.\n");
    out.push_str("pub const FILES: &[(&str, &str)] = &[\n");
    for path in &files {
        println!("cargo:rerun-if-changed={}", path.display());
        let name = path.file_name().unwrap().to_string_lossy();
        out.push_str(&format!(
            "    ({:?}, include_str!({:?})),\n",
            format!("cards/{name}"),
            path.display().to_string()
        ));
    }
    out.push_str("];\n");
    let dest = Path::new(&env::var("OUT_DIR").unwrap()).join("embedded_cards.rs");
    fs::write(dest, out).expect("write embedded_cards.rs");
}
