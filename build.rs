//! Puts the commit Touchline is built from into `touchline --version`
//! (as `TOUCHLINE_VERSION`). A build without git or outside a checkout, as
//! from crates.io or a tarball, still builds: it says where it can (see
//! build/version.rs) and "commit unknown" otherwise.

#[path = "build/version.rs"]
mod version;

fn main() {
    let dir = std::path::PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default());
    let overridden = std::env::var("TOUCHLINE_COMMIT").ok();
    let commit = version::commit(&dir, overridden.as_deref());
    let crate_version = std::env::var("CARGO_PKG_VERSION").unwrap_or_default();
    println!(
        "cargo:rustc-env=TOUCHLINE_VERSION={}",
        version::describe(&crate_version, commit.as_ref())
    );
    println!("cargo:rerun-if-env-changed=TOUCHLINE_COMMIT");
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=build/version.rs");
    for path in version::watched(&dir) {
        println!("cargo:rerun-if-changed={}", path.display());
    }
}
