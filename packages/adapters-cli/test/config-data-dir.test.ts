import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { currentHost, defaultDataDir, loadConfig, type HostFacts } from "../src/config.js";

const installedLinux: HostFacts = { platform: "linux", home: "/home/ana", inClone: false };

describe("default data folder", () => {
  it("is the per-user data folder for an installed CLI, not the current directory", () => {
    expect(defaultDataDir({}, installedLinux)).toBe("/home/ana/.local/share/scamverify");
    expect(defaultDataDir({ XDG_DATA_HOME: "/data/ana" }, installedLinux)).toBe("/data/ana/scamverify");
    // The XDG specification says a relative XDG_DATA_HOME is invalid and must be ignored.
    expect(defaultDataDir({ XDG_DATA_HOME: "rel/dir" }, installedLinux)).toBe("/home/ana/.local/share/scamverify");
    expect(loadConfig({}, {}, installedLinux).dataDir).toBe("/home/ana/.local/share/scamverify");
  });

  it("follows macOS and Windows conventions", () => {
    expect(defaultDataDir({}, { platform: "darwin", home: "/Users/ana", inClone: false })).toBe(
      "/Users/ana/Library/Application Support/scamverify",
    );
    const win = { platform: "win32", home: "C:\\Users\\ana", inClone: false } as const;
    expect(defaultDataDir({ LOCALAPPDATA: "D:\\Local" }, win)).toBe("D:\\Local\\scamverify");
    expect(defaultDataDir({}, win)).toBe("C:\\Users\\ana\\AppData\\Local\\scamverify");
  });

  it("stays ./.scamverify-data inside a clone, as the quick start says", () => {
    expect(loadConfig({}, {}, { ...installedLinux, inClone: true }).dataDir).toBe(resolve(".scamverify-data"));
    // These tests run from the repository's sources.
    expect(currentHost().inClone).toBe(true);
  });

  it("lets --data-dir, then SCAMVERIFY_DATA_DIR, win over every default", () => {
    const env = { SCAMVERIFY_DATA_DIR: "/srv/sv", XDG_DATA_HOME: "/data/ana" };
    expect(loadConfig({}, env, installedLinux).dataDir).toBe("/srv/sv");
    expect(loadConfig({ dataDir: "/tmp/flag" }, env, installedLinux).dataDir).toBe("/tmp/flag");
    expect(loadConfig({ dataDir: "/tmp/flag" }, {}, { ...installedLinux, inClone: true }).dataDir).toBe("/tmp/flag");
  });
});

describe("SCAMVERIFY_TRUSTED_PROXIES", () => {
  it("is unset unless given, and refuses an entry that is no address or network, naming it", () => {
    expect(loadConfig({}, {}, installedLinux).trustedProxies).toBeUndefined();
    const env = { SCAMVERIFY_TRUSTED_PROXIES: "10.0.0.0/8, ::1" };
    expect(loadConfig({}, env, installedLinux).trustedProxies).toBe("10.0.0.0/8, ::1");
    expect(() =>
      loadConfig({}, { SCAMVERIFY_TRUSTED_PROXIES: "10.0.0.0/8, haproxy.internal" }, installedLinux),
    ).toThrow(/haproxy\.internal/);
  });
});
