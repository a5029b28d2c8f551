// Structural URL heuristics that need no network: IP hosts, risky TLDs, free hosting, shorteners, deep
// subdomain chains, credential words, "@" in the authority, odd ports, random-looking or very long names.

import type { Factor } from "../../schemas/common.js";
import type { Evidence } from "../../ports/signal-source.js";
import type { NormalizedUrl } from "./normalized-url.js";
import {
  CREDENTIALS,
  FREE_TLD_SET,
  LURES,
  STRONG_LURES,
  TRADES,
  hasRiskyEnding,
  hasStrongLure,
  hostingOf,
  shortenerOf,
  isGovernmentRegistry,
  isLureComposite,
  registrableLabel,
} from "./brand-index.js";
import { caseCredentialWords, caseNames, hasCaseBoundary } from "./case-words.js";
import { hasMixedScripts } from "./skeleton.js";
import { streetChargeOfShortName, streetChargeOfSiteName, streetPaymentFactor } from "./street-payment.js";
import { isWidelyVisited } from "./widely-visited.js";

export const HEURISTICS_SOURCE = "url_heuristics";

const MAX_SCANNED = 512;
const ANONYMOUS_HOSTING_POINTS = 40;
const HIDDEN_PAGE_POINTS = 40;
/** The prior of a page on a widely visited site: a hint of legitimacy until the fit weighs it. */
const WIDELY_VISITED_POINTS = -15;
const VOWELS = new Set(["a", "e", "i", "o", "u", "y"]);

function factor(id: string, label: string, points: number): Factor {
  return { id, source: HEURISTICS_SOURCE, label, points };
}

// Where a phishing kit lands on a hijacked site. A kit copies itself into a fresh 32-hex (MD5) folder per victim
// and serves its page from there; or its page sits inside a folder that never serves pages of its own: a CMS's
// library folders (WordPress; Joomla's components, modules and templates) or the server's /.well-known/ folder.
const KIT_FOLDER_PAGE = /\/[0-9a-f]{32}\/(?:[^/?#]*\/)*[^/?#]+\.(?:php\d?|html?|aspx?)(?:$|[/?#])/i;
const KIT_FOLDER_LAST = /\/[0-9a-f]{32}\/?$/i;
const WELL_KNOWN_PAGE = /\/\.well-known\/(?:[^/?#]*\/)*[^/?#]+\.(?:php\d?|html?|aspx?)(?:$|[/?#])/i;
const CMS_LIBRARY_PAGE =
  /\/(?:wp-includes|wp-content|components\/com_[a-z0-9_]+|modules\/mod_[a-z0-9_]+|templates\/[a-z0-9_-]+)\/(?:[^/?#]*\/)*[^/?#]+\.(?:php\d?|html?|aspx?)(?:$|[/?#])/i;
// A script inside a folder that only ever holds static files (images, styles, scripts, fonts, caches), or a page
// inside a style, script or font folder: a site runs nothing from there unless someone dropped it in. (An HTML page
// under images/ is how photo galleries are laid out, so only scripts count there.)
const ASSET_FOLDER_PAGE =
  /\/(?:(?:images?|img|css|js|fonts?|cache|tmp|temp)\/(?:[^/?#]*\/)*[^/?#]+\.(?:php\d?|aspx?|jsp|cgi)|(?:css|js|fonts?)\/(?:[^/?#]*\/)*[^/?#]+\.html?)(?:$|[/?#])/i;
// WordPress's uploads folder, and a script in it.
const UPLOADS_PAGE = /\/wp-content\/uploads\//i;
const UPLOADS_SCRIPT = /\/wp-content\/uploads\/(?:[^/?#]*\/)*[^/?#]+\.(?:php\d?|phtml|aspx?|jsp|cgi)(?:$|[/?#])/i;
// A link into the CMS's own code or admin folders that is not a file those folders hand out (a picture, a style, a
// document): WordPress's wp-admin, theme and plugin folders, wp-includes; Joomla's component and module folders
// (its pages are served through index.php?option=com_...). Visitors are never sent there.
const CMS_FOLDER =
  /\/(?:wp-admin|wp-includes|wp-content\/(?:themes|plugins)|components\/com_[a-z0-9_]+|modules\/mod_[a-z0-9_]+)\//i;
const ASSET_FILE = /\.(?:css|js|mjs|png|jpe?g|gif|svg|webp|ico|woff2?|ttf|eot|otf|pdf|txt|xml|json|map|mp4|mp3|zip)$/i;

function cmsFolderLink(path: string): boolean {
  if (!CMS_FOLDER.test(path)) return false;
  const last = path.slice(path.lastIndexOf("/") + 1);
  return !ASSET_FILE.test(last);
}

/** The phishing-kit placement factor of a path, if any. Independent of any brand: most kits are found this way. */
function kitPlacement(path: string): Factor | null {
  const text = path.length > MAX_SCANNED ? path.slice(0, MAX_SCANNED) : path;
  if (KIT_FOLDER_PAGE.test(text)) {
    return factor("kit_folder", "The page sits in a random 32-character folder, the way phishing kits unpack", 40);
  }
  if (WELL_KNOWN_PAGE.test(text)) {
    return factor("hidden_page", "A web page hides in the server's /.well-known/ metadata folder", 40);
  }
  if (KIT_FOLDER_LAST.test(text)) {
    return factor("kit_folder", "The link opens a random 32-character folder, the way phishing kits unpack", 30);
  }
  if (CMS_LIBRARY_PAGE.test(text) || cmsFolderLink(text)) {
    // The uploads folder holds what editors upload, now and then a page; the code folders never serve one. Nor
    // does the uploads folder run a script: WordPress writes no code there, and hardened hosts refuse to run it.
    return factor(
      "hidden_page",
      "A web page hides inside a site's software folders (typical of hacked sites)",
      UPLOADS_PAGE.test(text) && !UPLOADS_SCRIPT.test(text) ? 30 : HIDDEN_PAGE_POINTS,
    );
  }
  if (ASSET_FOLDER_PAGE.test(text)) {
    return factor(
      "hidden_page",
      "A web page hides in a folder meant for pictures, styles or scripts",
      HIDDEN_PAGE_POINTS,
    );
  }
  return null;
}

/**
 * A whole email address as a query value ("?email=jane@corp.example", "&u=jane%40corp.example"): personalised
 * lures carry the recipient's address so the page can greet them and pre-fill a sign-in form with it.
 */
const QUERY_EMAIL =
  /(?:^|[=&?/:])[a-z0-9._%+-]{1,64}(?:@|%40)[a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63})*\.[a-z]{2,24}(?:$|[&#;/])/i;

function credentialWords(url: NormalizedUrl): string[] {
  const raw = (url.path + " " + url.query).slice(0, MAX_SCANNED);
  const found: string[] = [];
  for (const word of raw.toLowerCase().split(/[^a-z0-9-]+/)) {
    if (CREDENTIALS.has(word) && !found.includes(word)) found.push(word);
    else if (word.includes("-")) {
      for (const part of word.split("-")) if (CREDENTIALS.has(part) && !found.includes(part)) found.push(part);
    }
  }
  // CamelCase page and parameter names ("SignIn.aspx", "VerifyAccount.php") ask the same.
  if (hasCaseBoundary(raw)) caseCredentialWords(raw, found);
  return found;
}

const PAGE_FILE = /\/(([^/?#]{1,64})\.(?:php\d?|html?|aspx?|jsp|cgi))$/i;

/** The page file when its name is a credential word ("login.php", "SignIn.aspx", "verify_account.html"), else null. */
function credentialPage(path: string): string | null {
  const m = PAGE_FILE.exec(path.length > MAX_SCANNED ? path.slice(0, MAX_SCANNED) : path);
  const file = m?.[1];
  const name = m?.[2];
  if (file === undefined || name === undefined) return null;
  if (CREDENTIALS.has(name.toLowerCase().split(/[^a-z0-9]+/)[0] ?? "")) return file;
  const found: string[] = [];
  if (hasCaseBoundary(name)) caseCredentialWords(name, found);
  return found.length > 0 ? file : null;
}

/** The name a user chose on a hosting platform: the label just left of the platform's name, or null. */
function siteName(host: string, platform: string): string | null {
  if (!host.endsWith(`.${platform}`)) return null;
  const rest = host.slice(0, host.length - platform.length - 1);
  const name = rest.slice(rest.lastIndexOf(".") + 1);
  return name === "www" || name === "" ? null : name;
}

/**
 * The lure words of a name when it holds two or more that carry a scam on their own, written apart or glued
 * ("secure-update", "pembatalanpemblokiran": cancellation + blocking), else undefined. One such word is how shops
 * name themselves too ("fastdelivery", "pizza-delivery").
 */
function twoLures(name: string): string | undefined {
  const found: string[] = [];
  for (const token of name.split(/[^a-z]+/)) {
    if (token.length < 2) continue;
    if (STRONG_LURES.has(token)) {
      if (!found.includes(token)) found.push(token);
      continue;
    }
    if (token.length < 8 || !isLureComposite(token)) continue;
    for (let i = 0; i < token.length; i++) {
      for (let j = Math.min(token.length, i + 16); j >= i + 3; j--) {
        const word = token.slice(i, j);
        if (STRONG_LURES.has(word)) {
          if (!found.includes(word)) found.push(word);
          i = j - 1;
          break;
        }
      }
    }
  }
  return found.length >= 2 ? found.join(" + ") : undefined;
}

/**
 * A label dressed as "www" without being it ("wvwv.", "vvww-", "wwv."): "vv" reads as "w" at a glance, so the host
 * passes for a site's www name. Made of w and v only, with both in it ("wwww." is a slip of the finger).
 */
function fakeWww(label: string): boolean {
  return label.length >= 3 && label.length <= 6 && /^[wv]+$/.test(label) && label.includes("w") && label.includes("v");
}

/** Lure words that are also ordinary host names ("log." for logs, "id." for identity providers, "www."). */
const PLAIN_SUBDOMAINS = new Set(["www", "id", "log", "check", "status", "connect", "access"]);

/**
 * A subdomain label that is a credential or account word ("login.", "secure-", "verify.", "myaccount."): on a name
 * no list knows, it dresses the host as a sign-in service. Weak alone (banks use "secure." too), it adds to a
 * sign-in page or a lookalike.
 */
function strongLureSubdomain(subdomain: string): string | null {
  if (subdomain === "") return null;
  for (const label of subdomain.split(".")) {
    for (const token of label.split("-")) {
      if (CREDENTIALS.has(token) || (STRONG_LURES.has(token) && !PLAIN_SUBDOMAINS.has(token))) return token;
      if (token.startsWith("my") && CREDENTIALS.has(token.slice(2))) return token;
      // Lure words glued together ("securedocuments", "loginverify"), one of them strong.
      if (token.length >= 8 && hasStrongLure(token)) return token;
    }
  }
  return null;
}

// Domain endings people read as the end of a name: the generic ones and a country's second level ("co.jp").
const GENERIC_ENDINGS = new Set(["com", "net", "org", "gov", "edu"]);
const SECOND_LEVEL = new Set(["co", "com", "org", "net", "gov", "ac", "ne", "or", "go", "gob", "gouv"]);

/**
 * A domain ending spelled inside the subdomain ("secure.co.jp.evil.xyz", "login.com.evil.net"): the host reads as
 * the name before it. The ending as the first label ("com.example.org") is a naming habit, not this trick.
 */
function endingInSubdomain(subdomain: string): string | null {
  if (subdomain === "") return null;
  const labels = subdomain.split(".");
  for (let i = 1; i < labels.length; i++) {
    const label = labels[i] ?? "";
    const next = labels[i + 1];
    if (SECOND_LEVEL.has(label) && next !== undefined && /^[a-z]{2}$/.test(next)) return `.${label}.${next}`;
    if (GENERIC_ENDINGS.has(label)) return `.${label}`;
  }
  return null;
}

/**
 * true when a label looks machine-generated: long consonant runs, few vowels, or letters and digits
 * interleaved ("x8g4k2q", "qdliqr", "bv5qx71lmr9je").
 */
export function looksRandom(label: string): boolean {
  const core = label.replaceAll("-", "");
  if (core.length < 6) return false;
  let vowels = 0;
  let digits = 0;
  let run = 0;
  let maxRun = 0;
  let switches = 0;
  let prevDigit: boolean | null = null;
  for (const ch of core) {
    const isDigit = ch >= "0" && ch <= "9";
    if (prevDigit !== null && prevDigit !== isDigit) switches++;
    prevDigit = isDigit;
    if (isDigit) {
      digits++;
      run = 0;
    } else if (VOWELS.has(ch)) {
      vowels++;
      run = 0;
    } else {
      run++;
      if (run > maxRun) maxRun = run;
    }
  }
  const letters = core.length - digits;
  if (maxRun >= 6) return true;
  if (letters >= 8 && vowels / letters < 0.2) return true;
  if (digits >= 2 && letters >= 3 && switches >= 3) return true;
  return false;
}

/** Page words of a payment, sign-in or claim page, beyond the lure words: "/checkout", "/pay-now". */
const PAGE_LURES = new Set(["checkout", "paynow", "pay-now"]);

/**
 * The first word of a URL path that asks for a payment, a sign-in or a claim ("/pay", "/verify", "/checkout"), or
 * null. Words of the path only, not of the query (tracking values say nothing).
 */
export function pathAsksFor(rawPath: string): string | null {
  if (rawPath.length < 3) return null;
  const path = rawPath.length > MAX_SCANNED ? rawPath.slice(0, MAX_SCANNED) : rawPath;
  for (const word of path.toLowerCase().split(/[^a-z0-9-]+/)) {
    if (word === "") continue;
    if (STRONG_LURES.has(word) || CREDENTIALS.has(word) || PAGE_LURES.has(word)) return word;
    if (word.includes("-")) {
      for (const part of word.split("-")) if (STRONG_LURES.has(part) || CREDENTIALS.has(part)) return part;
    }
  }
  // Folder and page names in CamelCase ("CathayRefund", "AccountUpdate.php") ask in their words; a word of five
  // letters or more, so that "PayPalCheckout" counts and "IdCard" or "MyAppPayDay" do not read as a request.
  if (hasCaseBoundary(path)) {
    for (const { words } of caseNames(path)) {
      const word = words.find((w) => w.length >= 5 && (STRONG_LURES.has(w) || CREDENTIALS.has(w)));
      if (word !== undefined) return word;
    }
  }
  return null;
}

/** The shortener finding's words: it hides where the link leads, or, once followed, names where it led. */
export function shortenerLabel(shortener: string, ledTo: string | null = null): string {
  return `${shortener} is a link shortener that ${ledTo === null ? "hides the real destination" : `led to ${ledTo}`}`;
}

/** Structural heuristics evidence for one URL. Pure; never throws. */
export function analyzeUrlHeuristics(url: NormalizedUrl): Evidence {
  const factors: Factor[] = [];
  const tld = url.isIp ? null : url.host.slice(url.host.lastIndexOf(".") + 1);
  const riskyTld = hasRiskyEnding(url);
  const shortener = shortenerOf(url.host);
  const hosted = shortener === null ? hostingOf(url) : null;
  // The platform's own site (narod.ru, www.duckdns.org) is not a page someone published on it.
  const hosting =
    hosted?.anonymous === true && (url.host === hosted.platform || url.host === `www.${hosted.platform}`)
      ? { ...hosted, anonymous: false }
      : hosted;
  const idn = url.host.includes("xn--");
  // A hosting platform's own ending (square.site, runcloud.link) says nothing about the site published on it.
  const platformTld = hosting !== null && !hosting.userContent && tld !== null && hosting.platform.endsWith(`.${tld}`);

  if (url.isIp) factors.push(factor("ip_host", "The link points at a bare IP address instead of a domain name", 45));
  if (url.hasCredentials) {
    factors.push(
      factor("credentials_in_authority", 'The address hides its real host behind an "@" (user-info trick)', 50),
    );
  }
  if (riskyTld && !platformTld) {
    factors.push(
      tld !== null && FREE_TLD_SET.has(tld)
        ? factor(
            "risky_tld",
            `The ".${tld}" domain ending was given away free and is overwhelmingly used for scams`,
            30,
          )
        : factor("risky_tld", `The ".${tld}" domain ending is heavily used for scams`, 20),
    );
  }
  if (hosting !== null) {
    factors.push(
      hosting.userContent
        ? factor(
            "user_content",
            `Published as user content on ${hosting.platform}, where anyone can post in minutes`,
            25,
          )
        : hosting.anonymous
          ? factor(
              "anonymous_hosting",
              `Served from ${hosting.platform}, a dynamic DNS, tunnel, code sandbox or anonymous free host where businesses do not publish`,
              ANONYMOUS_HOSTING_POINTS,
            )
          : factor("free_hosting", `Hosted on ${hosting.platform}, where anyone can publish a site in minutes`, 25),
    );
  }
  if (shortener !== null) {
    factors.push(factor("shortener", shortenerLabel(shortener), 30));
    const charge = streetChargeOfShortName(url.path);
    if (charge !== undefined) {
      factors.push(
        factor(
          "street_payment_short_link",
          `The short link was named for paying a "${charge}" charge, which operators and councils collect on their own sites`,
          15,
        ),
      );
    }
  }
  if (url.port !== null) factors.push(factor("non_standard_port", `The link uses an unusual port (${url.port})`, 20));
  // A page below the home of a site very many people visit, not one published on a platform under its name (those
  // are `hosting`): a hint of legitimacy the fit weighs against hijacked pages of such sites. A bare home page is not
  // counted: the list itself names home pages, and one adds nothing to what the list already says of the site.
  if (
    !url.isIp &&
    hosting === null &&
    shortener === null &&
    url.registrableDomain !== null &&
    (url.path.length > 1 || url.query !== "") &&
    isWidelyVisited(url.registrableDomain)
  ) {
    factors.push(
      factor(
        "widely_visited",
        `${url.registrableDomain} is one of the 100,000 most visited sites (Tranco list, August 2026)`,
        WIDELY_VISITED_POINTS,
      ),
    );
  }
  if (idn) {
    const mixed = url.hostUnicode.split(".").some(hasMixedScripts);
    factors.push(
      mixed
        ? factor("mixed_script", "The domain mixes letters from different alphabets, a lookalike trick", 60)
        : factor("idn_host", "The domain uses non-Latin or accented characters (punycode)", 15),
    );
  }
  const subLabels = url.subdomain === "" ? 0 : url.subdomain.split(".").length;
  const ending = url.isIp || hosting !== null ? null : endingInSubdomain(url.subdomain);
  if (ending !== null) {
    factors.push(
      factor(
        "ending_in_subdomain",
        `"${ending}" in the middle of the host makes it read as another domain; the real one is ${url.registrableDomain ?? url.host}`,
        35,
      ),
    );
  }
  // In the subdomain ("wvwv.example.com"), or glued before the name ("wvw-example.com").
  const named = registrableLabel(url) ?? "";
  const dressed = url.isIp
    ? undefined
    : [
        ...(url.subdomain === "" ? [] : url.subdomain.split(".")),
        ...(named.includes("-") ? [named.slice(0, named.indexOf("-"))] : []),
      ].find(fakeWww);
  if (dressed !== undefined) {
    factors.push(factor("fake_www", `The host begins with "${dressed}", dressed to read as "www" at a glance`, 40));
  }
  if (subLabels >= 4) factors.push(factor("deep_subdomains", `The host has ${subLabels} levels of subdomains`, 20));
  if (url.host.length > 50)
    factors.push(factor("long_host", `The host name is unusually long (${url.host.length} characters)`, 15));

  const label = registrableLabel(url);
  if (label !== null) {
    if (!idn && looksRandom(label)) factors.push(factor("random_label", `"${label}" looks machine-generated`, 20));
    const tokens = label.split("-");
    // A name built around lure words that opens a page asking for the same (a payment, a sign-in, a claim):
    // "parking-pay-now.com/checkout", "council-tax-refund.com/claim". A business's payment page sits on its own
    // name; a name made for the lure and a page made for it corroborate each other.
    // A firm's own name ("customs-tax-advisers", "payroll-services-group") with a payment page is the firm's.
    const trade = tokens.find((t) => TRADES.has(t));
    // What the page asks for, read once for the lure and street-charge rules below.
    const pathAsks = shortener === null ? pathAsksFor(url.path) : null;
    const asks = hosting === null && trade === undefined ? pathAsks : null;
    const asking = asks === null ? "" : ` and its page asks for "${asks}"`;
    if (tokens.length >= 2 && tokens.every((t) => LURES.has(t) || isLureComposite(t))) {
      // Two ordinary words can be a product's name ("fast-check"); two or more of the words that carry a scam on
      // their own ("unauthorised-login-security", "validation-newpayee") are not how products are named.
      // Strong words glued into one token count one by one ("cancelpayee": cancel + payee).
      const strong = twoLures(label) !== undefined ? 2 : tokens.filter((t) => hasStrongLure(t)).length;
      factors.push(
        factor(
          "lure_words_domain",
          `"${label}" is made only of words scams use (login, secure, payment ...)${asking}`,
          strong >= 2 || (strong >= 1 && asks !== null) ? 40 : 30,
        ),
      );
    } else if (tokens.length >= 2) {
      // A strong lure word as one of the name's words, alone ("pay") or glued to other lure words ("securitycheck").
      const lure = tokens.find((t) => STRONG_LURES.has(t)) ?? tokens.find((t) => t.length >= 6 && hasStrongLure(t));
      if (lure !== undefined) {
        // Two words that carry a scam on their own ("colis-suivi": parcel + tracking) name the lure, not a firm.
        const pair = trade === undefined ? twoLures(label) : undefined;
        factors.push(
          factor(
            "lure_word_domain",
            pair !== undefined
              ? `The domain name "${label}" is built around the words ${pair}${asking}`
              : `The domain name "${label}" is built around the word "${lure}"${asking}`,
            asks !== null || pair !== undefined ? 40 : 25,
          ),
        );
      }
    }
    const street = shortener === null ? streetPaymentFactor(url, pathAsks, riskyTld) : null;
    if (street !== null) factors.push(street);
    const hyphens = tokens.length - 1;
    if (hyphens >= 3) factors.push(factor("many_hyphens", `"${label}" strings many words together with hyphens`, 15));
  }
  const site = hosting === null || hosting.userContent ? null : siteName(url.host, hosting.platform);
  const siteWord =
    site === null
      ? undefined
      : // Letters alone ("identifier58") and with digits ("2fa").
        ([...site.split(/[^a-z]+/), ...site.split(/[^a-z0-9]+/)].find((t) => CREDENTIALS.has(t)) ??
        twoLures(site) ??
        streetChargeOfSiteName(site));
  if (site !== null && siteWord !== undefined) {
    factors.push(
      factor(
        "lure_site_name",
        `The site's name "${site}" on ${hosting?.platform ?? ""} carries the lure "${siteWord}"`,
        20,
      ),
    );
  }
  // A government body names its own subdomains (pay.cityofmadison.gov): none is a lure.
  const lureSub =
    hosting === null && !url.isIp && !isGovernmentRegistry(url) ? strongLureSubdomain(url.subdomain) : null;
  if (lureSub !== null) {
    factors.push(factor("lure_subdomain", `The host starts with "${lureSub}.", a sign-in or account word`, 20));
  }
  const kit = url.path.length < 10 ? null : kitPlacement(url.path);
  if (kit !== null) factors.push(kit);
  if (url.fragmentEmail === true || (url.query.length > 4 && QUERY_EMAIL.test(url.query.slice(0, MAX_SCANNED)))) {
    factors.push(factor("recipient_email", "The link carries an email address, the way personalised lures do", 20));
  }
  const words = credentialWords(url);
  if (words.length > 0) {
    // A sign-in script as the page itself ("login.php", "Verify.html") is the form, not a page that mentions it.
    const page = credentialPage(url.path);
    // On a host where anyone publishes (free hosting, user content), a sign-in path is the page a visitor is asked
    // to trust with an account the host has nothing to do with: it counts like a sign-in page.
    const hostedAsk =
      hosting !== null && page === null && (hosting.userContent || siteName(url.host, hosting.platform) !== null);
    factors.push(
      page !== null
        ? factor(
            "credential_words",
            `The link opens a sign-in or verification page (${page})`,
            words.length >= 2 ? 35 : 25,
          )
        : factor(
            "credential_words",
            hostedAsk
              ? `The path asks about ${words.slice(0, 3).join(", ")} on a site anyone can publish`
              : `The path asks about ${words.slice(0, 3).join(", ")}`,
            words.length >= 2 ? 25 : hostedAsk ? 25 : 15,
          ),
    );
  }

  return {
    source: HEURISTICS_SOURCE,
    status: "ok",
    signals: {
      is_ip_host: url.isIp,
      risky_tld: riskyTld,
      shortener: shortener !== null,
      free_hosting: hosting !== null,
      idn_host: idn,
      credentials_in_authority: url.hasCredentials,
    },
    factors,
  };
}
