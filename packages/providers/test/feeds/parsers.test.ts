import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readCsv } from "../../src/feeds/feed-csv.js";
import { parseOpenphish } from "../../src/feeds/parse-openphish.js";
import { parsePhishtankCsv } from "../../src/feeds/parse-phishtank.js";
import { parseThreatfoxCsv, parseThreatfoxJson } from "../../src/feeds/parse-threatfox.js";
import { parseUrlhausCsv } from "../../src/feeds/parse-urlhaus.js";

const fixture = (name: string): string => readFileSync(new URL(`../fixtures/feeds/${name}`, import.meta.url), "utf8");

function ok<T extends { ok: boolean }>(r: T): Extract<T, { ok: true }> {
  if (!r.ok) throw new Error(`expected success: ${JSON.stringify(r)}`);
  return r as Extract<T, { ok: true }>;
}

describe("readCsv", () => {
  it("handles quotes, escaped quotes, spaces after separators, CRLF and comments", () => {
    const doc = readCsv('# c1\r\n"a", "b,c" ,"d""e"\r\nx,y,z\n#c2\n');
    expect(doc.rows).toEqual([
      ["a", "b,c", 'd"e'],
      ["x", "y", "z"],
    ]);
    expect(doc.comments).toEqual(["c1", "c2"]);
    expect(doc.unterminated).toBe(false);
    expect(readCsv('"a","b').unterminated).toBe(true);
  });
});

describe("parseUrlhausCsv", () => {
  it("normalizes URLs and drops duplicates and bad lines", () => {
    const r = ok(parseUrlhausCsv(fixture("urlhaus-recent.csv")));
    expect(r.records).toEqual([
      { kind: "url", value: "http://203.0.113.45:47612/i", threat: "malware_download" },
      { kind: "url", value: "https://cdn-update.example-malware.com/files/setup.exe", threat: "malware_download" },
      { kind: "url", value: "http://xn--bcher-kva.example/payload.bin", threat: "malware_download" },
      { kind: "url", value: "http://xn--bcher-update-dlb.example/x.sh", threat: "malware_download" },
      {
        kind: "url",
        value: "http://evil-docs.example.net/invoice,%20%22final%22.doc",
        threat: "malware_download",
      },
    ]);
    expect(r.skipped).toBe(2);
  });

  it("rejects a file without the URLhaus header", () => {
    const r = parseUrlhausCsv('"1","2026-01-01","http://a.example/","online","","malware_download","","",""\n');
    expect(r).toEqual({ ok: false, error: expect.stringMatching(/header/) });
  });

  it("rejects a truncated file", () => {
    const text = fixture("urlhaus-recent.csv");
    expect(parseUrlhausCsv(text.slice(0, text.length - 40)).ok).toBe(false);
    const cutAtSeparator = text.slice(0, text.lastIndexOf('","online"'));
    expect(parseUrlhausCsv(`${cutAtSeparator}"\n`)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/truncated/),
    });
  });

  it("rejects a file with zero records", () => {
    const header = fixture("urlhaus-recent.csv").split("\n").slice(0, 9).join("\n");
    expect(parseUrlhausCsv(header)).toMatchObject({ ok: false, error: expect.stringMatching(/no valid record/) });
  });
});

describe("ThreatFox exports", () => {
  const expected = [
    { kind: "host", value: "mbond38982.workers.dev", threat: "botnet_cc" },
    { kind: "url", value: "http://c2-panel.example.org/gate.php", threat: "botnet_cc" },
    { kind: "host", value: "198.51.100.23", threat: "botnet_cc" },
  ];

  it("parses the CSV export with its commented header and spaced separators", () => {
    const r = ok(parseThreatfoxCsv(fixture("threatfox-recent.csv")));
    expect(r.records).toEqual([...expected, { kind: "host", value: "dazayse.hi-lo.bet", threat: "payload_delivery" }]);
    expect(r.skipped).toBe(1);
  });

  it("parses the JSON export keyed by IOC id", () => {
    const r = ok(parseThreatfoxJson(fixture("threatfox-recent.json")));
    // Integer-like keys come back in numeric order, so compare as sets.
    expect(r.records).toHaveLength(expected.length);
    expect(r.records).toEqual(expect.arrayContaining(expected));
    expect(r.skipped).toBe(1);
  });

  it("rejects broken exports", () => {
    const json = fixture("threatfox-recent.json");
    expect(parseThreatfoxJson(json.slice(0, 300)).ok).toBe(false);
    expect(parseThreatfoxJson("[]").ok).toBe(false);
    expect(parseThreatfoxCsv("ioc_value\nfoo\n").ok).toBe(false);
    const csv = fixture("threatfox-recent.csv");
    expect(parseThreatfoxCsv(`${csv}# Number of entries: 9\n`)).toMatchObject({ ok: false });
    expect(ok(parseThreatfoxCsv(`${csv}# Number of entries: 5\n`)).records).toHaveLength(4);
  });
});

describe("parseOpenphish", () => {
  it("reads one URL a line", () => {
    const r = ok(parseOpenphish(fixture("openphish-feed.txt")));
    expect(r.records.map((x) => x.value)).toEqual([
      "https://secure-login.paypa1-verify.example/signin/",
      "https://rbfcu-star.azurewebsites.net/(S(smbmjyed5nxjv3yypxcg4oum))/Main/Login",
      "http://account-update.example-bank.com/webscr?cmd=_login",
      "https://docs.google.com/forms/d/e/1FAIpQLSexample/viewform",
    ]);
    expect(r.records.every((x) => x.kind === "url" && x.threat === "phishing")).toBe(true);
    expect(r.skipped).toBe(1);
  });

  it("rejects HTML and empty downloads", () => {
    expect(parseOpenphish("<!DOCTYPE html><html>blocked</html>").ok).toBe(false);
    expect(parseOpenphish("\n\n").ok).toBe(false);
  });
});

describe("parsePhishtankCsv", () => {
  it("keeps verified rows", () => {
    const r = ok(parsePhishtankCsv(fixture("phishtank-online-valid.csv")));
    expect(r.records).toEqual([
      { kind: "url", value: "https://appleid.apple.com-verify-account.example/login", threat: "phishing" },
      { kind: "url", value: "http://wellsfargo-secure.example.net/online/index.php?a=1,2", threat: "phishing" },
      { kind: "url", value: "https://m.facebook-login.example/checkpoint", threat: "phishing" },
    ]);
    expect(r.skipped).toBe(1);
  });

  it("rejects a wrong header and a truncated file", () => {
    expect(parsePhishtankCsv("id,link\n1,http://a.example/\n").ok).toBe(false);
    const text = fixture("phishtank-online-valid.csv");
    expect(parsePhishtankCsv(text.slice(0, text.indexOf(",yes,Facebook"))).ok).toBe(false);
  });
});
