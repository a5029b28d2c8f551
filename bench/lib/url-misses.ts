// The URL engine benchmarks' misses: eight sites, phishing-like and ordinary, each URL new by its query.

const HOSTS = [
  "paypa1-secure-login.com/signin",
  "www.google.com/search?q=x",
  "usps-redelivery.top/track",
  "en.wikipedia.org/wiki/Phishing",
  "amaz0n-account-verify.xyz/login.php",
  "github.com/nodejs/node",
  "bankofamerica.com.secure-session.info/",
  "example.org/",
];

/** `n` URLs on the eight sites in turn, each new by the number in its query. */
export function missUrls(n: number): string[] {
  return Array.from({ length: n }, (_, i) => `https://${HOSTS[i % HOSTS.length]}${i % 2 ? "&" : "?"}n=${i}`);
}
